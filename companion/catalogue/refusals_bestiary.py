"""Refusals of Bestiary and Four-path in Russian (see :mod:`companion.catalogue.refusals`):
English template -> Russian template, grouped by the module that raises the message."""

from __future__ import annotations

RU: dict[str, str] = {
    # companion/games/__init__.py
    "unknown game '{name}'{maybe}; known: {known}": "нет игры «{name}»{maybe}; есть: {known}",
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
    "the game is over: {winner} won": "игра окончена: победа — {winner}",
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
    # companion/games/four_path/abilities.py
    "{ability}'s preparation is {prep} here, not {given}": (
        "подготовка умения {ability} здесь — {prep}, а не {given}"
    ),
    "{target} is under Resistance: no enemy support ability may target it, move it or cleanse "
    "it (L351-353)": (
        "{target} под Сопротивлением: умения поддержки врага не могут выбрать его целью, "
        "переместить или очистить (L351-353)"
    ),
    "a Barrier goes on a hex (L317): give hex: its label": (
        "Барьер ставится на гекс (L317): укажите hex: его обозначение"
    ),
    "{effect} on {target} is named twice": "эффект {effect} на {target} назван дважды",
    "{effect} is a positive effect: it goes only on allies, and {target} is an enemy": (
        "{effect} — положительный эффект: только на союзников, а {target} — враг"
    ),
    "{effect} is a negative effect: it goes only on enemies, and {target} is an ally": (
        "{effect} — отрицательный эффект: только на врагов, а {target} — союзник"
    ),
    "{ability} puts nothing on a hex": "{ability} ничего не ставит на гекс",
    "'hex.column': one letter, not {column}": "'hex.column': одна буква, а не {column}",
    # companion/games/four_path/acting.py
    "not {player}'s {what}: it is {names}'s": "{what} — не за игроком {player}: это за {names}",
    "first say in which castle {names} comes back (L83)": (
        "сначала скажите, в каком замке возродится {names} (L83)"
    ),
    "not now: the phase is {phase}, not {wanted}": ("не сейчас: сейчас {phase}, а не {wanted}"),
    # companion/games/four_path/arithmetic.py
    "unknown effect '{kind}': known are {known}": "неизвестный эффект «{kind}»: есть {known}",
    "towers held: 0 to {towers} (L24), not {held}": (
        "занятых башен: от 0 до {towers} (L24), а не {held}"
    ),
    "Reconstruction (L255): allies on mountain hexes, the Architect included, is 0 or more, "
    "not {allies}": (
        "Реконструкция (L255): союзников на горных гексах, включая Архитектора, 0 или больше, "
        "а не {allies}"
    ),
    "Resurrection: {reason}": "Воскрешение: {reason}",
    "Threads of life: {reason}": "Нити жизни: {reason}",
    "Burning armour: «Применяется только на цель, которая находится под действием хотя бы "
    "одного эффекта «Усиление защиты»» (L247); {target} has none": (
        "Горящая броня: «Применяется только на цель, которая находится под действием хотя бы "
        "одного эффекта «Усиление защиты»» (L247); у {target} его нет"
    ),
    "Bloodthirst: «Неприменимо, если цель не имеет ранений» (L227); {target} has none": (
        "Жажда крови: «Неприменимо, если цель не имеет ранений» (L227); у {target} их нет"
    ),
    # companion/games/four_path/attacks.py
    "{creature} is under more Slow than Haste: it may only attack, not {what} (L369)": (
        "на {creature} Замедления больше, чем Ускорения: можно только атаковать, а не {what} (L369)"
    ),
    "{creature} has already maneuvered this turn": "{creature}: манёвр в этот ход уже был",
    "{creature} has attacked this turn: an attack or a maneuver (L135), both only under Haste "
    "(L365)": (
        "{creature}: атака в этот ход уже была; атака или манёвр (L135), оба — только под "
        "Ускорением (L365)"
    ),
    "Poison (L235): no enemy is poisoned, so nothing is attacked": (
        "Яд (L235): ни один враг не отравлен, атаковать некого"
    ),
    "{target} is an ally: allies cannot be attacked": (
        "{target} — союзник: союзников атаковать нельзя"
    ),
    "Retribution hits only enemies under a negative effect (L239): {target} has none": (
        "Возмездие бьёт только врагов под отрицательным эффектом (L239): на {target} его нет"
    ),
    "give either 'strength' (effects apply) or 'wounds', not both": (
        "укажите либо 'strength' (с учётом эффектов), либо 'wounds', но не оба"
    ),
    "give either 'volley: true' (the towers held say the strength, L215) or 'strength', not both": (
        "укажите либо 'volley: true' (силу дают занятые башни, L215), либо 'strength', но не оба"
    ),
    "Poison (L235) attacks only poisoned enemies: {target} has no Poison": (
        "Яд (L235) атакует только отравленных врагов: на {target} нет Яда"
    ),
    # companion/games/four_path/draft.py
    "the summoning stage takes 'ban' or 'summon', not {do}": (
        "на этапе призыва — 'ban' или 'summon', а не {do}"
    ),
    "no player named '{seat}'": "нет игрока по имени «{seat}»",
    "a creature respawns in its owner's castle ({own})": (
        "существо возрождается в замке своего хозяина ({own})"
    ),
    "{castle} holds {count}: a creature respawns only in a castle holding fewer than two (L83)": (
        "в замке {castle} существ: {count}; возродиться можно только в замке, где их меньше "
        "двух (L83)"
    ),
    "{player} summons into his own castle ({own}), not {castle} (L73)": (
        "{player} призывает в свой замок ({own}), а не в {castle} (L73)"
    ),
    "{castle} already holds {most} summoned creatures: no more than two into each castle (L83)": (
        "в замке {castle} уже призванных существ: {most}; не больше двух в каждый замок (L83)"
    ),
    "the summoning stage is over: 4 banned, 8 summoned": (
        "этап призыва окончен: 4 запрещены, 8 призваны"
    ),
    "no seat {seat}: seats are 1 to {count}": "нет места {seat}: места от 1 до {count}",
    "not a {kind} now: this is {stage} (L73)": "сейчас не {kind}: сейчас {stage} (L73)",
    "not {player}'s {kind}: it is {other}'s, clockwise from the time keeper (L73)": (
        "{kind} — не за игроком {player}: очередь игрока {other}, по часовой стрелке от "
        "хранителя времени (L73)"
    ),
    "which creature?": "какое существо?",
    "{said} is not among the creatures of this game": "{said} нет среди существ этой игры",
    "{said} is banned: no one may summon it this game (L73)": (
        "существо {said} запрещено: в этой игре его никто не призовёт (L73)"
    ),
    "{said} is already summoned": "существо {said} уже призвано",
    "into which castle does {player} summon {creature}: {own}?": (
        "в какой замок {player} призывает {creature}: {own}?"
    ),
    # companion/games/four_path/engine.py
    "in the duel the player opens at once: he is his own team, with no ally to alternate "
    "with (L81)": (
        "в дуэли игрок открывает сразу: он сам себе команда, чередоваться не с кем (L81)"
    ),
    "{attacker} has already attacked this turn": "{attacker}: атака в этот ход уже была",
    "{attacker} has maneuvered this turn: an attack or a maneuver (L135), both only under "
    "Haste (L365)": (
        "{attacker}: манёвр в этот ход уже был; атака или манёвр (L135), оба — только под "
        "Ускорением (L365)"
    ),
    "no destroyed creature waits for its castle": "ни одно уничтоженное существо не ждёт замка",
    "first {creature}'s castle": "сначала замок для {creature}",
    "only the time keeper, {keeper}, turns the disc (L61, L95)": (
        "диск поворачивает только хранитель времени, {keeper} (L61, L95)"
    ),
    "'to': {own} (its owner's castles) or field": "'to': {own} (замки хозяина) или field",
    "Vampirism goes on itself or an ally (L279), not {target}": (
        "Вампиризм — на себя или на союзника (L279), а не на {target}"
    ),
    "'{name}' is not a value {ability} takes": "«{name}» — не значение для {ability}",
    # companion/games/four_path/rules.py
    "who opens is {player}'s team's to say, not {other}'s": (
        "кто открывает, решает команда игрока {player}, а не {other}"
    ),
    # companion/games/four_path/setup.py
    "setup: a mapping of mode, players, keeper, first_team, castles": (
        "setup: словарь с mode, players, keeper, first_team, castles"
    ),
    "setup.mode: 'teams' (two against two) or 'duel' (two players), not {mode}": (
        "setup.mode: 'teams' (двое на двое) или 'duel' (два игрока), а не {mode}"
    ),
    "setup.scale_length: a whole number from {low} to {high}, not {scale}": (
        "setup.scale_length: целое число от {low} до {high}, а не {scale}"
    ),
    "{where}.{key}: a seat, 1 to {count}, or a player's name, not {value}": (
        "{where}.{key}: место от 1 до {count} или имя игрока, а не {value}"
    ),
    "setup.first_team: 1 (seat 1's team) or 2, not {value}": (
        "setup.first_team: 1 (команда места 1) или 2, а не {value}"
    ),
    "setup.keeper: {keeper} is not of the first team (team {value}); the time keeper is "
    "chosen in the first team (L61)": (
        "setup.keeper: {keeper} не из первой команды (команда {value}); хранителя времени "
        "выбирают в первой команде (L61)"
    ),
    "setup.castles: a mapping of castle to owner, e.g. {{castle_1: Anna}}": (
        "setup.castles: словарь «замок: хозяин», например {{castle_1: Anna}}"
    ),
    "{reason} (mode {mode}; {hint})": "{reason} (режим {mode}; {hint})",
    "setup.first: {first} plays first, but the keeper is {keeper}; the keeper turns the disc "
    "and his team plays first (L61)": (
        "setup.first: первым ходит {first}, но хранитель — {keeper}; хранитель поворачивает "
        "диск, и его команда ходит первой (L61)"
    ),
    "setup.castles.{castle}: missing (every castle has an owner)": (
        "setup.castles.{castle}: не указан (у каждого замка есть хозяин)"
    ),
    "setup.castles: {player} owns {held} castles, not {per_seat} (in the {mode} mode each "
    "player owns {per_seat})": (
        "setup.castles: у игрока {player} замков: {held}, а не {per_seat} (в режиме {mode} "
        "у каждого игрока их {per_seat})"
    ),
    # companion/games/four_path/towers.py
    "'areas': a mapping of tower to the creatures in its area, or of creature to its tower": (
        "'areas': словарь «башня: существа в её области» или «существо: его башня»"
    ),
    "'{key}.{ref}': in or out, not {where}": "'{key}.{ref}': in или out, а не {where}",
    # companion/games/four_path/turns.py
    "no player or seat {seat}": "нет игрока или места {seat}",
    "not an action of a period: {do}": "это не действие периода: {do}",
    "{player} already opened this phase; allies alternate now": (
        "{player}: эта фаза уже открыта; теперь союзники ходят по очереди"
    ),
    "an action is an ability, an attack or a maneuver, not {kind}": (
        "действие — это умение, атака или манёвр, а не {kind}"
    ),
    "{player} is not of the team playing its attack-and-support phase ({allies})": (
        "{player} не из команды, которая играет фазу нападения и поддержки ({allies})"
    ),
    "first the team says who opens this period (L123): {suggested} is suggested": (
        "сначала команда говорит, кто открывает период (L123): предложен {suggested}"
    ),
    "{name} has passed: a pass is final for this turn (L142)": (
        "{name}: пас окончателен до конца хода (L142)"
    ),
    "not {name}'s {kind}: allies alternate one action at a time and it is {other}'s turn "
    "(L141); {other} may pass, then {name} goes on alone (L142)": (
        "{kind} — не за игроком {name}: союзники чередуют действия по одному, и сейчас "
        "очередь игрока {other} (L141); {other} может спасовать, тогда {name} продолжит один "
        "(L142)"
    ),
    "the attack-and-support phase ends when both allies have passed (L142)": (
        "фаза нападения и поддержки кончается, когда спасовали оба союзника (L142)"
    ),
    "not now: the phase is {phase}, not attack and support": (
        "не сейчас: сейчас {phase}, а не нападение и поддержка"
    ),
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
    "«Фидея не может применить умение на себя» (L265)": (
        "«Фидея не может применить умение на себя» (L265)"
    ),
    "{target} is not an ally («союзного персонажа», L265)": (
        "{target} — не союзник («союзного персонажа», L265)"
    ),
    "{target} has {left} vitality left: «Применимо только на цель, текущий показатель "
    "жизненных сил которой равен единице» (L263)": (
        "у {target} осталось жизненных сил: {left}; «Применимо только на цель, текущий "
        "показатель жизненных сил которой равен единице» (L263)"
    ),
    "the wound goes to «другого союзного персонажа» (L273), not back to its source": (
        "рана переходит «другого союзного персонажа» (L273), а не обратно к источнику"
    ),
    "{target} is not an ally («союзного персонажа», L273)": (
        "{target} — не союзник («союзного персонажа», L273)"
    ),
    "{source} has no wound to give («Возьмите один маркер повреждения», L273)": (
        "у {source} нет раны, которую можно передать («Возьмите один маркер повреждения», L273)"
    ),
    "{target} would reach its vitality and be destroyed; the rulebook is silent on it "
    "(L273), and the companion refuses it unless allowed (FP-A9)": (
        "цель {target} достигла бы своих жизненных сил и была бы уничтожена; правила об этом "
        "молчат (L273), и компаньон не разрешает это без настройки (FP-A9)"
    ),
    "{target} is named twice: an attack hits each of its targets once": (
        "цель {target} названа дважды: атака бьёт каждую цель один раз"
    ),
    "{target} is named twice: an area holds each of its targets once": (
        "существо {target} названо дважды: каждое существо стоит в одной области"
    ),
    "{target} is named twice: {ability} affects each of its targets once": (
        "цель {target} названа дважды: {ability} действует на каждую цель один раз"
    ),
    # companion/games/bestiary/cards.py and companion/library.py: a card library's problems
    # (after the card's place: "cards.yaml:12: cards[0].vitality: ...")
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
    "key given twice": "ключ указан дважды",
    "the game {game} keeps no cards": "игра {game} не хранит карт",
    "a library is a mapping with cards: a list of cards": (
        "библиотека — словарь с cards: списком карт"
    ),
    "cannot read: {error}": "не читается: {error}",
    "cannot write: {error}": "не записывается: {error}",
}
