"""Why the rules refused, in the table's language: a Russian template per English message.

The rules raise :class:`~companion.rules.base.IllegalAction` and
:class:`~companion.rules.base.SetupError` with an English sentence (some 250 raise
sites, most of them f-strings), and the shell shows it after "Not allowed:". Rather than
give every raise site a key, this catalogue holds each message's English template, its
fields named in braces, and the Russian one: :func:`refusal` matches the message against
the templates (most specific first), carries the fields over and says the Russian. A field
whose value is itself a message (``{reason}``, ``{reason2}``...) is said the same way, and
the template only fits when that inner message does; a field holding a word the table has
in its catalogues (a phase, an effect, a stage) is said as the catalogue says it; names
stay as they were entered. A message no template fits is shown in English, as before:
``tests/test_refusals_ru.py`` reads every raise site of ``companion/`` and fails when one
has no template here, so a new message cannot ship untranslated.

``{maybe}`` is the " (did you mean 'x'?)" suffix of :func:`~companion.rules.base.did_you_mean`,
matched on its own shape (it may be empty).
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

# English template -> Russian template. Grouped by the module that raises the message.
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
        "{target} названо дважды: каждую цель — только один раз ({what})"
    ),
    "{ability} has a fixed preparation time of {fixed}": (
        "у умения {ability} постоянное время подготовки: {fixed}"
    ),
    # companion/games/bestiary/engine.py
    "the game is over: {winner} won": "игра окончена: победа — {winner}",
    "it is {player}'s turn (seat {expected}), not {other}'s": (
        "сейчас ход игрока {player} (место {expected}), а не {other}"
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
        "{attacker} уже атаковал или маневрировал в этот ход"
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
        "{effect} на {target} назван дважды: {ability} накладывает его один раз"
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
    "{creature} is already summoned": "{creature} уже призвано",
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
    "{effect} on {target} is named twice": "{effect} на {target} назван дважды",
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
        "на {creature} Замедления больше, чем Ускорения: оно может только атаковать, "
        "а не {what} (L369)"
    ),
    "{creature} has already maneuvered this turn": "{creature} уже маневрировал в этот ход",
    "{creature} has attacked this turn: an attack or a maneuver (L135), both only under Haste "
    "(L365)": (
        "{creature} уже атаковал в этот ход: атака или манёвр (L135), оба — только под "
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
        "{said} запрещено: в этой игре его никто не призовёт (L73)"
    ),
    "{said} is already summoned": "{said} уже призвано",
    "into which castle does {player} summon {creature}: {own}?": (
        "в какой замок {player} призывает {creature}: {own}?"
    ),
    # companion/games/four_path/engine.py
    "in the duel the player opens at once: he is his own team, with no ally to alternate "
    "with (L81)": (
        "в дуэли игрок открывает сразу: он сам себе команда, чередоваться не с кем (L81)"
    ),
    "{attacker} has already attacked this turn": "{attacker} уже атаковал в этот ход",
    "{attacker} has maneuvered this turn: an attack or a maneuver (L135), both only under "
    "Haste (L365)": (
        "{attacker} уже маневрировал в этот ход: атака или манёвр (L135), оба — только под "
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
        "{player} уже открыл эту фазу; теперь союзники ходят по очереди"
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
        "{name} спасовал: пас окончателен до конца хода (L142)"
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
    # companion/games/manus/engine.py
    "not yet: the first player places the test-site token first": (
        "ещё нет: сначала первый игрок ставит жетон полигона"
    ),
    "only the first player acts now: {first} (seat {seat}), not {player}": (
        "сейчас действует только первый игрок: {first} (место {seat}), а не {player}"
    ),
    "no hand {number}: hands are 1 to {count}": "нет руки {number}: руки от 1 до {count}",
    "hand {hand} is {owner}'s (seat {seat}), not {player}'s": (
        "рука {hand} — игрока {owner} (место {seat}), а не {player}"
    ),
    "it is {who}'s turn (hand {expected}), not hand {hand}": (
        "сейчас ход: {who} (рука {expected}), а не рука {hand}"
    ),
    "the test-site token is already placed; only the vote moves it": (
        "жетон полигона уже поставлен; сдвинуть его может только голосование"
    ),
    "{where}: '{word}' is neither an element type nor a condition{maybe}": (
        "{where}: «{word}» — не тип элемента и не условие{maybe}"
    ),
    "{where}: one element type ({types})": "{where}: один тип элемента ({types})",
    "{where}: an element has one condition on each axis (L256): warm or cold, and wet or dry": (
        "{where}: у элемента одно условие на каждой оси (L256): тёплый или холодный, "
        "влажный или сухой"
    ),
    "nothing to record: give a part an element card, or skip construction": (
        "записывать нечего: дайте части карту элемента или пропустите строительство"
    ),
    "'elements': a mapping of parts, e.g. {{shoulder: water cold wet}}": (
        "'elements': словарь частей, например {{shoulder: water cold wet}}"
    ),
    "a hand may replace one element card per round (L220), not {count} ({replaced})": (
        "рука может заменить одну карту элемента за раунд (L220), а не {count} ({replaced})"
    ),
    "no target is not a choice in this game: every hand moves its marker to a target (L232): "
    "{tiles} (the setup option no_target: true allows leaving it on the cross)": (
        "без цели в этой игре нельзя: каждая рука ставит маркер на цель (L232): {tiles} "
        "(настройка no_target: true разрешает оставить его на кресте)"
    ),
    "hand {number} does not play this tie round": "рука {number} не играет в этом раунде ничьей",
    "the cards turn over by themselves when the last hand votes": (
        "карты откроются сами, когда проголосует последняя рука"
    ),
    "not every hand has voted: waiting for hand {listed}": (
        "проголосовали не все руки: ждём руку {listed}"
    ),
    "hand {number}'s strength comes from its recorded elements ({computed})": (
        "сила руки {number} считается по записанным элементам ({computed})"
    ),
    "hand {number} has no target this round, so no test": (
        "у руки {number} в этом раунде нет цели, значит, нет и испытания"
    ),
    "{where}: a type and two conditions, e.g. 'steam warm dry'": (
        "{where}: тип и два условия, например 'steam warm dry'"
    ),
    "{where}: {type} elements are always {own} and {own2} (L51), not {given} and {given2}: "
    "record '{kind}' alone, or the type the card shows": (
        "{where}: элементы «{type}» всегда {own} и {own2} (L51), а не {given} и {given2}: "
        "запишите только '{kind}' или тип, который показывает карта"
    ),
    "missing field 'hand': which hand acts": "не указано поле 'hand': какая рука действует",
    "name the hand: {player} runs hands {listed}": (
        "назовите руку: у игрока {player} руки {listed}"
    ),
    # companion/games/manus/rules.py
    "hand {hand} is {owner}'s (seat {seat}), not {player}'s: a seat plays and votes for its "
    "own hands only": (
        "рука {hand} — игрока {owner} (место {seat}), а не {player}: место играет и голосует "
        "только за свои руки"
    ),
    # companion/games/manus/state.py
    "setup.{key}: {listed}, not {value}": "setup.{key}: {listed}, а не {value}",
    "setup.{key}: true or false, not {value}": "setup.{key}: true или false, а не {value}",
    "setup.edition: {listed}, not {value}": "setup.edition: {listed}, а не {value}",
    "setup: a mapping of players, first and the options in docs/manus.md": (
        "setup: словарь с players, first и настройками из docs/manus.md"
    ),
    "setup.hands_per_player: {hint}, not {hands}": ("setup.hands_per_player: {hint}, а не {hands}"),
    "setup.seating: only with two hands each (2 players, hands_per_player: 2)": (
        "setup.seating: только по две руки у каждого (2 игрока, hands_per_player: 2)"
    ),
    # companion/games/spec.py
    "seat {seat} cannot act for seat {named}": "место {seat} не может действовать за место {named}",
    "it is seat {seat}'s to decide now, not seat {other}'s": (
        "сейчас решает место {seat}, а не место {other}"
    ),
    # companion/games/talisman/battle.py
    "{hero} carries no object: only an object he carries, his armour, saves a life (L158)": (
        "у героя {hero} нет предметов: жизнь спасает только его предмет, его доспех (L158)"
    ),
    "'enemies': the Strength (or Craft) of each enemy, e.g. [3, 4]": (
        "'enemies': Сила (или Магия) каждого врага, например [3, 4]"
    ),
    "a hero attacks another hero": "герой нападает на другого героя",
    "one fate, one reroll a battle (L64)": "одна судьба — один переброс за битву (L64)",
    "{hero} has no fate to spend": "у героя {hero} не осталось судьбы",
    "in psychic combat «ни один Предмет не способен предотвратить потерю жизни» (L120)": (
        "в психической битве «ни один Предмет не способен предотвратить потерю жизни» (L120)"
    ),
    "{hero} has no gold (L140)": "у героя {hero} нет золота (L140)",
    "{hero} carries no {name}": "у героя {hero} нет: {name}",
    # companion/games/talisman/engine.py
    "{player} may not own {name}: «не может» beats «может» (L255, L305)": (
        "{player} не может владеть: {name}; «не может» сильнее «может» (L255, L305)"
    ),
    "{hero} cannot have followers: «не может» beats «может» (L255, L307)": (
        "у героя {hero} не может быть спутников: «не может» сильнее «может» (L255, L307)"
    ),
    "a toad gains no spells (L285)": "жаба не получает заклинаний (L285)",
    "{hero} holds no {name}": "у героя {hero} нет заклинания {name}",
    "a spell is not discarded while under the limit (L191)": (
        "заклинание не сбрасывают, пока их меньше предела (L191)"
    ),
    "a toad casts no spells (L285)": "жаба не творит заклинаний (L285)",
    "{hero} has cast {casts} this turn, the most: the spells held when the turn began (L199)": (
        "{hero} уже сотворил в этот ход заклинаний: {casts}, это предел: сколько их было в "
        "начале хода (L199)"
    ),
    "{hero} has cast {casts} this turn, the most: one in another hero's turn (L199)": (
        "{hero} уже сотворил в этот ход заклинаний: {casts}, это предел: одно в ход другого "
        "героя (L199)"
    ),
    "{hero} changed alignment this turn already (L241)": (
        "{hero} уже сменил мировоззрение в этот ход (L241)"
    ),
    "{name} does not follow {hero}": "{name} — не спутник героя {hero}",
    "first {hero} {fixing}s: he {limit}": "сначала {hero}: {fixing}; {limit}",
    # companion/games/talisman/rules.py
    "{hero} is {owner}'s hero, not {player}'s: a hero's sheet is changed by its own player": (
        "{hero} — герой игрока {owner}, а не {player}: лист героя меняет его игрок"
    ),
    # companion/games/talisman/state.py
    "setup: a mapping of players, heroes, first, seed": (
        "setup: словарь с players, heroes, first, seed"
    ),
    "setup.heroes: a list of up to {count} heroes, in seat order": (
        "setup.heroes: список до {count} героев, по порядку мест"
    ),
    "setup.first: a seat, 1 to {count}, or a player's name": (
        "setup.first: место от 1 до {count} или имя игрока"
    ),
    "setup.seed: a whole number (the dice the companion rolls follow it)": (
        "setup.seed: целое число (по нему компаньон бросает кубики)"
    ),
    "setup.toad_from_next: true or false": "setup.toad_from_next: true или false",
    "setup.dice: table (the players' dice, entered) or box (rolled)": (
        "setup.dice: table (кубики игроков, вводятся) или box (бросает компаньон)"
    ),
    "{where}: a mapping of {keys}": "{where}: словарь с {keys}",
    "{where}.alignment: good, neutral or evil": "{where}.alignment: good, neutral или evil",
    "{where}.{key}: a whole number from 0 to 99, not {value}": (
        "{where}.{key}: целое число от 0 до 99, а не {value}"
    ),
    # companion/games/talisman/turn.py
    "'{key}': true or false, not {value}": "'{key}': true или false, а не {value}",
    "it is {player}'s to do, not {other}'s": "это делает {player}, а не {other}",
    "not now: {what} first": "не сейчас: сначала {what}",
    "not now: no battle is under way": "не сейчас: битвы нет",
    "the table's dice: enter {missing} as rolled, 1 to 6 (setup dice: table; with dice: box "
    "the companion rolls them)": (
        "кубики стола: введите {missing}, как выпало, от 1 до 6 (настройка dice: table; "
        "с dice: box их бросает компаньон)"
    ),
    "a toad does not trade trophies: what it gains vanishes when it turns back (L281)": (
        "жаба не обменивает трофеи: всё полученное пропадёт, когда она превратится обратно (L281)"
    ),
    "{points} {kind} on trophies: 7 make one point (L207)": (
        "{kind} трофеев: {points}; одно очко — за 7 (L207)"
    ),
    # companion/games/tetranomicon/engine.py
    "it is {player}'s turn, not {other}'s": "сейчас ход игрока {player}, а не {other}",
    "a relation is with another faction": "отношения бывают только с другой фракцией",
    "the {kind} epoch has been played: the deck holds one card per type (TN-A7; "
    "setup.epoch_repeats: true for a deck that repeats)": (
        "эпоха «{kind}» уже сыграна: в колоде по одной карте каждого типа (TN-A7; "
        "setup.epoch_repeats: true — колода с повторами)"
    ),
    "'routes': the other factions' routes used, e.g. {{Boris: 1}}": (
        "'routes': пути других фракций, которыми пользовались, например {{Boris: 1}}"
    ),
    "{what} costs {cost} and {player} has {coins}: an action one cannot afford is not taken "
    "(L326)": (
        "{what} стоит {cost}, а у игрока {player} — {coins}: действие не по карману не "
        "выполняется (L326)"
    ),
    "all {count} building tokens are on the board (L113)": (
        "все {count} жетонов построек уже на поле (L113)"
    ),
    "castle {castle} holds {held} of {player}'s buildings: the limit in epoch {epoch} of "
    "{peace_war} is {limit} (L232)": (
        "в замке {castle} построек игрока {player}: {held}; предел в эпоху {epoch} "
        "({peace_war}) — {limit} (L232)"
    ),
    "a {kind} needs an own building of every lower level: no {missing} yet (L233)": (
        "для постройки «{kind}» нужна своя постройка каждого уровня ниже: ещё нет: {missing} (L233)"
    ),
    "a farm reaches no lower level, so it uses no route: it costs 3 (L233, L235)": (
        "ферме нет уровня ниже, путь ей не нужен: она стоит 3 (L233, L235)"
    ),
    "'castles': the two castles the route joins, e.g. [1, 4]": (
        "'castles': два замка, которые соединяет путь, например [1, 4]"
    ),
    "a route joins two different castles": "путь соединяет два разных замка",
    "{player} has no route token left for a {kind} (4, +1 road with Mechanicus, +1 road or "
    "canal with Fidea; L113, L248)": (
        "у игрока {player} не осталось жетонов пути ({kind}) (4, +1 тропа у Механикуса, "
        "+1 тропа или река у Фидеи; L113, L248)"
    ),
    "an expedition sets out from a castle with an own building (L300): {player} has none in "
    "castle {source}": (
        "экспедиция выходит из замка со своей постройкой (L300): у игрока {player} в замке "
        "{source} её нет"
    ),
    "the random events module is off: no expedition card (L123)": (
        "модуль случайных событий выключен: карт экспедиций нет (L123)"
    ),
    "the game is over: the fourth epoch is scored": "игра окончена: четвёртая эпоха подсчитана",
    "'routes' counts the other factions' routes, not one's own": (
        "'routes' считает пути других фракций, а не свои"
    ),
    "{player} has laid {laid} routes: {used} of them cannot be on the path (L237, L309)": (
        "игрок {player} проложил путей: {laid}; {used} из них не могут быть на маршруте "
        "(L237, L309)"
    ),
    "the {kind} between castles {a} and {b} holds {player}'s token: one token per route (L243)": (
        "на пути ({kind}) между замками {a} и {b} уже жетон игрока {player}: один жетон на "
        "путь (L243)"
    ),
    "{ability} is in {player}'s army already": "{ability} уже в армии игрока {player}",
    # companion/games/tetranomicon/state.py
    "setup: a mapping of players, factions, youngest, wealth, resources": (
        "setup: словарь с players, factions, youngest, wealth, resources"
    ),
    "setup.first: the first player is the youngest (L119): {youngest}, not {first}": (
        "setup.first: первым ходит самый младший (L119): {youngest}, а не {first}"
    ),
    "setup.diplomacy: the diplomacy module is for 3 or 4 players (L389)": (
        "setup.diplomacy: модуль дипломатии — для 3 или 4 игроков (L389)"
    ),
    "setup.{key}: a seat, 1 to {count}, or a player's name": (
        "setup.{key}: место от 1 до {count} или имя игрока"
    ),
    "setup.{key}: scarce, moderate or abundant, not {value}": (
        "setup.{key}: scarce, moderate или abundant, а не {value}"
    ),
    "setup.factions: one of {factions} per player, {count} in all, in the players' order": (
        "setup.factions: по одной из {factions} на игрока, всего {count}, по порядку игроков"
    ),
    "setup.factions: each faction plays once": "setup.factions: каждая фракция играет один раз",
    "setup.factions: {faction} is none of {factions}": (
        "setup.factions: {faction} — не из {factions}"
    ),
    # companion/rules/base.py
    "'{key}' must be a list, not {value}": "«{key}» — это список, а не {value}",
    "'{key}' must be one of {options}, not {value}{maybe}": (
        "«{key}» — одно из {options}, а не {value}{maybe}"
    ),
    "an action is a mapping with a 'do' key": "действие — это словарь с ключом 'do'",
    "unknown action '{kind}'{maybe}": "неизвестное действие «{kind}»{maybe}",
    "missing field '{key}'{what}": "не указано поле «{key}»{what}",
    "'{key}' must be a name or a number{hint}, not {value}": (
        "«{key}» — имя или число{hint}, а не {value}"
    ),
    "'{key}' must be a whole number, not {value}": "«{key}» — целое число, а не {value}",
    "'{key}' must be at least {low}, not {value}": "«{key}» — не меньше {low}, а не {value}",
    "'{key}' must be at most {high}, not {value}": "«{key}» — не больше {high}, а не {value}",
    "setup.players: a list of player names, e.g. [Anna, Boris]": (
        "setup.players: список имён игроков, например [Anna, Boris]"
    ),
    "setup.players: this game takes {span} players, not {count}": (
        "setup.players: в эту игру играют {span} игроков, а не {count}"
    ),
    "setup.players: two players have the same name": "setup.players: у двух игроков одно имя",
    "setup.first: the seat that plays first, 1 to {count} or a player's name, not {first}": (
        "setup.first: место, которое ходит первым, от 1 до {count}, или имя игрока, а не {first}"
    ),
    "{player} (seat {seat}) cannot act for {other} (seat {named})": (
        "{player} (место {seat}) не может действовать за игрока {other} (место {named})"
    ),
    "it is {player}'s to decide now (seat {seat}), not {other}'s": (
        "сейчас решает {player} (место {seat}), а не {other}"
    ),
    "no player named '{seat}'{maybe}": "нет игрока по имени «{seat}»{maybe}",
    # companion/table.py
    "this game was ended: start a new one from the menu": (
        "эта игра окончена: начните новую из меню"
    ),
    "nothing to undo": "отменять нечего",
    "nothing to redo": "возвращать нечего",
    "game {game} is over: it cannot be resumed": "игра {game} окончена: продолжить её нельзя",
    "this is the game on the table": "эта игра уже на столе",
    "this game is already over": "эта игра уже окончена",
    "no game {game} in this journal": "в этом журнале нет игры {game}",
    # companion/loop.py: a phone's action the table no longer takes
    "the table has moved on": "стол уже ушёл дальше",
    "it is not this seat's to decide now": "сейчас решает не это место",
}

# Pieces a message is built from elsewhere and passed into it whole (a ``{reason}``), and
# the more specific forms of a message whose words come in as values.
RU.update(
    {
        "{effect} is a negative effect and goes only on enemies, but the card's target is "
        "{target}": (
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
            "{target} достигло бы своих жизненных сил и было бы уничтожено; правила об этом "
            "молчат (L273), и компаньон не разрешает это без настройки (FP-A9)"
        ),
        "{target} is named twice: an attack hits each of its targets once": (
            "{target} названо дважды: атака бьёт каждую цель один раз"
        ),
        "{target} is named twice: an area holds each of its targets once": (
            "{target} названо дважды: каждое существо стоит в одной области"
        ),
        "{target} is named twice: {ability} affects each of its targets once": (
            "{target} названо дважды: {ability} действует на каждую цель один раз"
        ),
        "first {hero} drops: he carries {count} objects, {most} at most (L148)": (
            "сначала {hero} сбрасывает предмет: у него предметов {count}, а можно не больше "
            "{most} (L148)"
        ),
        "first {hero} discards: he holds {count} spells, {most} at Craft {craft} (L183)": (
            "сначала {hero} сбрасывает заклинание: у него заклинаний {count}, а при Магии "
            "{craft} можно {most} (L183)"
        ),
        "not now: the battle's rolls wait to be accepted first": (
            "не сейчас: сначала примите броски битвы"
        ),
        "not now: the lost battle's life first": "не сейчас: сначала жизнь за проигранную битву",
        "not now: the winner's reward first": "не сейчас: сначала награда победителя",
    }
)

# The fields said in Russian: words of the table (a phase, an effect, what a creature may
# not do), never names, numbers or the keys and values a table types, which stay as given.
SAID = frozenset(
    {"what", "phase", "wanted", "stage", "effect", "kind", "hint", "peace_war", "why"}
)

# The fields that hold a list of names or words: only its joins are said ("Anna или Boris").
LISTS = frozenset({"names", "own", "allies", "listed", "missing", "tiles", "replaced", "known"})

# Words a field holds that no catalogue of the table has (or has in another sense): what a
# creature may not do (``{what}``, a verb), a stage, a pick, a route. A value the table's
# catalogues hold (a phase, an effect's label) is said as they say it.
DOING: dict[str, str] = {
    "attack": "атаковать",
    "maneuver": "маневрировать",
    "use abilities": "применять умения",
}
WORDS: dict[str, str] = {
    "castle choice": "выбор замка",
    "summoning": "призыв",
    "tempo choice": "выбор темпа",
    "play": "игра",
    "over": "конец игры",
    "draft": "призыв",
    "respawn choice": "выбор замка возрождения",
    "ban": "запрет",
    "summon": "призыв",
    "the ban circle": "круг запретов",
    "the summon circles": "круги призыва",
    "this summon": "этот призыв",
    "this expedition": "эта экспедиция",
    "it respawned there this turn": "оно возродилось там в этот ход",
    "no creature has left its castle in the first player's first period": (
        "в первый период первого игрока ни одно существо не покидало замка"
    ),
    "peace": "мир",
    "war": "война",
    "two players: mode duel": "два игрока: режим duel",
    "four players: mode teams": "четыре игрока: режим teams",
    "1 or 2": "1 или 2",
    "the hero's die": "кубик героя",
    "the enemies' die": "кубик врагов",
    "the defender's die": "кубик защищающегося",
    "the die": "кубик",
    "1 (two hands each is the 2-player variant)": "1 (по две руки — вариант для 2 игроков)",
    # what a missing field is for (require's hint)
    "creature": "существо",
    "the creature attacked": "атакуемое существо",
    "the creature to summon": "призываемое существо",
    "the creature to ban": "запрещаемое существо",
    "which of the two support abilities": "какое из двух умений поддержки",
    "the castle it comes back in": "замок, в котором оно возродится",
    "who acts": "кто действует",
    "who picks": "кто выбирает",
    "the hex's column letter": "буква столбца гекса",
    "which object": "какой предмет",
    "the spell": "заклинание",
    "the follower": "спутник",
    "the hero attacked": "атакуемый герой",
    "the rival": "соперник",
    "the tile": "плитка",
    "the object's name": "название предмета",
    "allied creatures on mountain hexes, it included": (
        "союзные существа на горных гексах, включая его самого"
    ),
}

# The joins of a list in a field ("Anna and Boris", "castle_1 or castle_2").
JOINS = {", ": ", ", " or ": " или ", " and ": " и "}

# did_you_mean's suffix, its own shape (empty when nothing was close).
MAYBE = r"(?: \(did you mean '[^']*'\?\))?"
MAYBE_WORD = re.compile(r" \(did you mean '([^']*)'\?\)")


@dataclass(frozen=True)
class Template:
    """One English message's pattern and the Russian it becomes."""

    english: str
    russian: str
    pattern: re.Pattern[str]
    fixed: int  # how many characters it fixes: the more, the sooner it is tried


def fields(template: str) -> list[str]:
    """The field names of a template, in order (repeats included)."""
    return [name for _, name, _, _ in string.Formatter().parse(template) if name is not None]


def skeleton(template: str) -> str:
    """The template with every field as ``{}``: how a raise site's f-string and a
    catalogue key are compared (the tests), whatever the fields are called."""
    return "".join(
        literal.replace("{", "{{").replace("}", "}}") + ("{}" if name is not None else "")
        for literal, name, _, _ in string.Formatter().parse(template)
    )


def compile_template(english: str, russian: str) -> Template:
    parts: list[str] = []
    seen: set[str] = set()
    fixed = 0
    for literal, name, _, _ in string.Formatter().parse(english):
        parts.append(re.escape(literal))
        fixed += len(literal)
        if name is None:
            continue
        if name in seen:  # the same value said twice
            parts.append(f"(?P={name})")
        else:
            seen.add(name)
            parts.append(f"(?P<{name}>{MAYBE if name == 'maybe' else '.*?'})")
    pattern = re.compile("".join(parts) + r"\Z", re.DOTALL)
    return Template(english, russian, pattern, fixed)


@cache
def templates() -> tuple[Template, ...]:
    """The catalogue compiled, the most specific first (a bare ``{name}: {reason}`` is
    tried only when nothing that fixes more words fits)."""
    made = [compile_template(en, ru) for en, ru in RU.items()]
    return tuple(sorted(made, key=lambda t: -t.fixed))


def refusal(error: BaseException | str, language: str) -> str:
    """Why the rules refused, in ``language``: the message's Russian template with its
    fields carried over, or the English message when no template fits it."""
    message = str(error)
    if language != "ru":
        return message
    said = translated(message)
    return message if said is None else said


def translated(message: str) -> str | None:
    """The Russian of a whole message, or None when no template fits it."""
    found = _best(message, 0)
    return None if found is None else found[1]


def _best(message: str, depth: int) -> tuple[int, str] | None:
    """Of the templates that fit ``message``, the one that fixes the most of it (its
    inner messages' templates counted: ``{reason} (mode {mode}; {hint})`` around a known
    message beats a template whose last field would swallow the parenthesis), said in
    Russian with its fixed-character count; None when none fits."""
    if depth > 3 or not message:
        return None
    best: tuple[int, str] | None = None
    for template in templates():
        if best is not None and template.fixed + len(message) <= best[0]:
            break  # sorted: no later template, even with inner messages, can fix more
        found = template.pattern.match(message)
        if found is None:
            continue
        score, values = template.fixed, {}
        for name, value in found.groupdict().items():
            if name.startswith("reason"):  # a message inside: it must be said too
                inner = _best(value, depth + 1)
                if inner is None:
                    break
                score += inner[0]
                values[name] = inner[1]
            elif name == "maybe":
                values[name] = MAYBE_WORD.sub(r" (может быть, «\1»?)", value)
            elif name in SAID or name in LISTS:
                values[name] = word(value, DOING if name == "what" else {}, name)
            else:
                values[name] = value
        else:
            if best is None or score > best[0]:
                best = (score, template.russian.format(**values))
    return best


def word(value: str, own: Mapping[str, str] | None = None, field: str = "") -> str:
    """A field's value in Russian where the table has words for it (``own``'s first, then
    the game's name of a phase or a stage, a word of the catalogues, a message, each piece
    of a list); else as it is."""
    core = value.strip(" :()")
    if not core:
        return value
    start = value.index(core)
    before, after = value[:start], value[start + len(core) :]
    said = (own or {}).get(core) or _named(field, core) or _one(core) or translated(core)
    article = re.match(r"(?:a|an|the) ", core)
    if said is None and article is not None:  # "a farm": the word alone
        said = _one(core[article.end() :])
    if said is None:
        pieces = re.split(r"(, | or | and )", core)
        if len(pieces) > 1:
            said = "".join(JOINS.get(p) or _one(p) or p for p in pieces)
    return before + (said if said is not None else core) + after


def _named(field: str, value: str) -> str | None:
    """A phase or a stage (``{phase}``, ``{wanted}``, ``{stage}``, its key with spaces) as
    a game's catalogue names it (``bestiary.phase.siege``, ``bestiary.ui.stage.summoning``),
    in lower case as it stands in a sentence."""
    kind = {"phase": "phase", "wanted": "phase", "stage": "stage"}.get(field)
    if kind is None:
        return None
    from companion.i18n import EN, RU  # noqa: PLC0415 (i18n's games load after this module)

    ending = f"{kind}.{value.replace(' ', '_')}"
    for key in EN:
        if (key == ending or key.endswith(f".{ending}")) and RU.get(key):
            said = RU[key]
            return said[0].lower() + said[1:] if said[1:2].islower() else said
    return None


def _one(value: str) -> str | None:
    if value in WORDS:
        return WORDS[value]
    return _catalogued().get(value) or _catalogued().get(value.casefold())


_CATALOGUED: dict[int, dict[str, str]] = {}


def _catalogued() -> dict[str, str]:
    """The table's own words, English to Russian: every catalogue entry without fields
    (a phase, an effect, a castle...), as the catalogues stand now (a game's words join
    them when it is loaded, so the map is rebuilt when their size changes)."""
    from companion.i18n import EN, RU  # noqa: PLC0415 (i18n's games load after this module)

    kept = _CATALOGUED.get(len(EN) + len(RU))
    if kept is not None:
        return kept
    made: dict[str, str] = {}
    for key, english in EN.items():
        russian = RU.get(key)
        if not russian or "{" in english or english in made:
            continue
        made[english] = russian
        made.setdefault(english.casefold(), russian)
    _CATALOGUED.clear()
    _CATALOGUED[len(EN) + len(RU)] = made
    return made


__all__ = ["RU", "WORDS", "Template", "fields", "refusal", "skeleton", "translated", "word"]
