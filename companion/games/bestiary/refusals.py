"""Why Bestiary's rules refused, in Russian (said by :mod:`companion.catalogue.refusals`):
each message its modules raise as an English template, its fields named in braces, and the
Russian one, grouped by the module that raises it; and the words its messages' fields hold
that no catalogue of the table has, and what a creature may not do."""

from __future__ import annotations

from companion.catalogue.refusals import Refusals

TEMPLATES: dict[str, str] = {
    # companion/games/bestiary/checks.py
    "no creature '{ref}' in this game{maybe}": "в этой игре нет существа «{ref}»{maybe}",
    "{effect} is a positive effect: it goes only on one's own creatures, and {target} is "
    "{owner}'s": (
        "{effect} — положительный эффект: он накладывается только на своих существ, "
        "а {target} принадлежит игроку {owner}"
    ),
    "missing field '{key}'": "не указано поле «{key}»",
    "{creature} is not {player}'s creature": "{creature} — не существо игрока {player}",
    "{creature} is under Inaction and cannot {what}": (
        "{creature} под Бездействием и не может: {what}"
    ),
    "{creature} has no ability '{ref}' (its abilities: {names})": (
        "у существа {creature} нет умения «{ref}» (его умения: {names})"
    ),
    "{ability} is preparing: its token returns in period {period}": (
        "{ability} готовится: жетон вернётся в период {period}"
    ),
    "{ability}'s preparation time is X: add prep: N": (
        "время подготовки умения {ability} — X: укажите prep: N"
    ),
    "{target} stands in its own castle ({why}): a creature in its castle cannot be the target "
    "of the enemy's attacks or support abilities": (
        "{target} стоит в своём замке ({why}): существо в своём замке не может быть целью "
        "атак и умений поддержки противника"
    ),
    "{ability} applies only to {user} itself (its card's target is self), not to {target}": (
        "{ability} применяется только к самому существу {user} (цель на карте — на себя), "
        "не к {target}"
    ),
    "{ability} targets only {owner}'s own creatures (its card's target is ally): {target} is "
    "{other}'s": (
        "{ability} применяется только к существам игрока {owner} (цель на карте — союзник): "
        "{target} принадлежит игроку {other}"
    ),
    "{ability} targets only enemy creatures (its card's target is enemy): {target} is "
    "{owner}'s own": (
        "{ability} применяется только к существам противника (цель на карте — враг): "
        "{target} — существо самого игрока {owner}"
    ),
    "{effect} is a negative effect: it goes only on enemies, and {target} is {player}'s own "
    "creature": (
        "{effect} — отрицательный эффект: он накладывается только на врагов, а {target} — "
        "существо самого игрока {player}"
    ),
    "{target} is named twice: {what} each of its targets once": (
        "цель {target} названа дважды: каждую цель — только один раз ({what})"
    ),
    "{ability} has a fixed preparation time of {fixed}": (
        "у умения {ability} постоянное время подготовки: {fixed}"
    ),
    # companion/games/bestiary/engine.py
    "it is {player}'s turn (seat {expected}), not {other}'s": (
        "сейчас ходит {player} (место {expected}), а не {other}"
    ),
    "not now: the stage is {stage}": "не сейчас: сейчас {stage}",
    "the castles are already chosen": "замки уже выбраны",
    "summoning is over": "призыв окончен",
    "choose castles first": "сначала выберите замки",
    "no tempo to choose: the game's tempo is set ({tempo}; setup.tempo 'choose' asks the "
    "players after the summoning)": (
        "выбирать темп не нужно: темп игры задан ({tempo}; setup.tempo 'choose' спрашивает "
        "игроков после призыва)"
    ),
    "'towers': name the towers held, e.g. [plain] or [] for none": (
        "'towers': назовите занятые башни, например [plain], или [], если их нет"
    ),
    "'towers': a tower is named twice": "'towers': башня названа дважды",
    "{attacker} has already attacked or maneuvered this turn": (
        "{attacker}: атака или манёвр в этот ход уже были"
    ),
    "missing field 'target': the creature attacked": (
        "не указано поле 'target': атакуемое существо"
    ),
    "give either 'strength' (effects apply) or 'wounds' (as is), not both": (
        "укажите либо 'strength' (с учётом эффектов), либо 'wounds' (как есть), но не оба"
    ),
    "{attacker}'s attack strength varies: add strength: N": (
        "сила атаки существа {attacker} меняется: укажите strength: N"
    ),
    "the rulebooks give no lasting effect for {ability}: name it with effects: "
    "[{{effect: ..., target: ...}}]": (
        "правила не называют длительного эффекта умения {ability}: укажите его в effects: "
        "[{{effect: ..., target: ...}}]"
    ),
    "{target} is your own creature: allies cannot be attacked": (
        "{target} — ваше существо: союзников атаковать нельзя"
    ),
    "effects[{index}]: a mapping with effect and target": (
        "effects[{index}]: словарь с effect и target"
    ),
    "{effect} on {target} is named twice: {ability} puts it there once": (
        "эффект {effect} на {target} назван дважды: {ability} накладывает его один раз"
    ),
    # companion/games/bestiary/state.py
    "setup: a mapping of players, first, scale_length, tempo": (
        "setup: словарь с players, first, scale_length, tempo"
    ),
    "setup.edition: {old} or {new}, not {edition}": (
        "setup.edition: {old} или {new}, а не {edition}"
    ),
    "setup.scale_length: a whole number from {low} to {high}, not {scale} (the scale must be "
    "longer than the largest class penalty, {penalty}, or a game could end at setup)": (
        "setup.scale_length: целое число от {low} до {high}, а не {scale} (шкала должна быть "
        "длиннее наибольшего штрафа класса, {penalty}, иначе игра может кончиться при "
        "подготовке)"
    ),
    "setup.tempo: 'slow', 'fast' or 'choose' (the Four-path tempo stage), not {tempo}": (
        "setup.tempo: 'slow', 'fast' или 'choose' (этап выбора темпа Четырёх путей), а не {tempo}"
    ),
    # companion/games/bestiary/summoning.py
    "{creature} is already summoned": "существо {creature} уже призвано",
    "the rulebooks do not give {ref}'s class: add class: strength, agility or intellect": (
        "правила не называют класс существа {ref}: укажите class: strength, agility или intellect"
    ),
    "the rulebooks do not give {ref}'s vitality: add vitality: N": (
        "правила не называют жизненные силы существа {ref}: укажите vitality: N"
    ),
    "'abilities': a creature has exactly two support abilities": (
        "'abilities': у существа ровно два умения поддержки"
    ),
    "'abilities': {first} and {second} give the same id '{id}': a creature's two abilities "
    "need different names": (
        "'abilities': у {first} и {second} один и тот же id «{id}»: двум умениям существа "
        "нужны разные названия"
    ),
    "abilities[{index}]: a name, or a mapping with name and prep": (
        "abilities[{index}]: название или словарь с name и prep"
    ),
    "{name}: {reason}": "{name}: {reason}",
    # pieces passed into a message whole (a ``{reason}``) and the more specific forms of
    # a message whose words come in as values
    "{effect} is a negative effect and goes only on enemies, but the card's target is {target}": (
        "{effect} — отрицательный эффект и накладывается только на врагов, а цель на "
        "карте — {target}"
    ),
    "{effect} is a positive effect and goes only on one's own creatures, but the card's "
    "target is enemy": (
        "{effect} — положительный эффект и накладывается только на своих существ, а цель "
        "на карте — враг"
    ),
    "{target} has {left} vitality left: «Применимо только на цель, текущий показатель "
    "жизненных сил которой равен единице» (L263)": (
        "у {target} осталось жизненных сил: {left}; «Применимо только на цель, текущий "
        "показатель жизненных сил которой равен единице» (L263)"
    ),
    "{target} is named twice: an attack hits each of its targets once": (
        "цель {target} названа дважды: атака бьёт каждую цель один раз"
    ),
    "{target} is named twice: {ability} affects each of its targets once": (
        "цель {target} названа дважды: {ability} действует на каждую цель один раз"
    ),
    # companion/games/bestiary/cards.py: a card's problems (after its place in the
    # library: "cards.yaml:12: cards[0].vitality: ...")
    "a list of cards": "список карт",
    "a card is a mapping of id, name, class, vitality, ...": (
        "карта — словарь с id, name, class, vitality, ..."
    ),
    "unknown key{maybe}": "неизвестный ключ{maybe}",
    "a name, or {{en: ..., ru: ...}}": "имя или {{en: ..., ru: ...}}",
    "the same creature as card {number}": "то же существо, что и карта {number}",
    "strength, agility or intellect, not {value}{maybe}": (
        "strength, agility или intellect, а не {value}{maybe}"
    ),
    "a whole number from 1 to 20, not {value}": "целое число от 1 до 20, а не {value}",
    "0 to 20 or varies, not {value}": "от 0 до 20 или varies, а не {value}",
    "exactly two support abilities": "ровно два умения поддержки",
    "an ability is a mapping of name, prep, effects, target": (
        "умение — словарь с name, prep, effects, target"
    ),
    "1 to 6 or X, not {value}": "от 1 до 6 или X, а не {value}",
    "a list of effects": "список эффектов",
    "no effect {kind}{maybe}": "нет эффекта {kind}{maybe}",
    "self, ally, enemy or any, not {value}": "self, ally, enemy или any, а не {value}",
}

# What its messages' fields hold (a stage, what a missing field is for...), in Russian.
WORDS: dict[str, str] = {
    "castle choice": "выбор замка",
    "summoning": "призыв",
    "tempo choice": "выбор темпа",
    "play": "игра",
    "over": "конец игры",
    "it respawned there this turn": "оно возродилось там в этот ход",
    "no creature has left its castle in the first player's first period": (
        "в первый период первого игрока ни одно существо не покидало замка"
    ),
    "creature": "существо",
    "the creature attacked": "атакуемое существо",
    "the creature to summon": "призываемое существо",
    "which of the two support abilities": "какое из двух умений поддержки",
}

# What a creature may not do (``{what}``: "cannot attack"), said as a verb.
DOING: dict[str, str] = {
    "attack": "атаковать",
    "maneuver": "маневрировать",
    "use abilities": "применять умения",
}

REFUSALS = Refusals(TEMPLATES, WORDS, DOING)
