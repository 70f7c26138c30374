"""Why Four-path's rules refused, in Russian (said by :mod:`companion.catalogue.refusals`):
each message its modules raise as an English template, its fields named in braces, and the
Russian one, grouped by the module that raises it; and the words its messages' fields hold
that no catalogue of the table has.

Four-path plays by the Bestiary's rules object, so the Bestiary's refusals are said
for it too; these are the ones its own modules raise."""

from __future__ import annotations

from companion.catalogue.refusals import Refusals

TEMPLATES: dict[str, str] = {
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
    "«Фидея не может применить умение на себя» (L265)": (
        "«Фидея не может применить умение на себя» (L265)"
    ),
    "{target} is not an ally («союзного персонажа», L265)": (
        "{target} — не союзник («союзного персонажа», L265)"
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
    "{target} is named twice: an area holds each of its targets once": (
        "существо {target} названо дважды: каждое существо стоит в одной области"
    ),
}

# What its messages' fields hold (a stage, what a missing field is for...), in Russian.
WORDS: dict[str, str] = {
    "draft": "призыв",
    "respawn choice": "выбор замка возрождения",
    "ban": "запрет",
    "summon": "призыв",
    "the ban circle": "круг запретов",
    "the summon circles": "круги призыва",
    "two players: mode duel": "два игрока: режим duel",
    "four players: mode teams": "четыре игрока: режим teams",
    "the creature to ban": "запрещаемое существо",
    "the castle it comes back in": "замок, в котором оно возродится",
    "who acts": "кто действует",
    "who picks": "кто выбирает",
    "the hex's column letter": "буква столбца гекса",
    "allied creatures on mountain hexes, it included": (
        "союзные существа на горных гексах, включая его самого"
    ),
}

REFUSALS = Refusals(TEMPLATES, WORDS)
