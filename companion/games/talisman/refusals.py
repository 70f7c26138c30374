"""Why Talisman's rules refused, in Russian (said by :mod:`companion.catalogue.refusals`):
each message its modules raise as an English template, its fields named in braces, and the
Russian one, grouped by the module that raises it; and the words its messages' fields hold
that no catalogue of the table has."""

from __future__ import annotations

from companion.catalogue.refusals import Refusals

TEMPLATES: dict[str, str] = {
    # companion/games/talisman/battle.py
    "{hero} carries no object: only an object he carries, his armour, saves a life (L158)": (
        "у героя {hero} нет предметов: жизнь спасает только его предмет, его доспех (L158)"
    ),
    "'enemies': the Strength (or Craft) of each enemy, e.g. [3, 4]": (
        "'enemies': Сила (или Умение) каждого врага, например [3, 4]"
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
        "{hero}: заклинаний в этот ход: {casts}, это предел: сколько их было в начале хода (L199)"
    ),
    "{hero} has cast {casts} this turn, the most: one in another hero's turn (L199)": (
        "{hero}: заклинаний в этот ход: {casts}, это предел: одно в ход другого героя (L199)"
    ),
    "{hero} changed alignment this turn already (L241)": (
        "{hero}: мировоззрение в этот ход уже сменено (L241)"
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
    # the more specific forms of a message whose words come in as values
    "first {hero} drops: he carries {count} objects, {most} at most (L148)": (
        "сначала {hero}: сбросить предмет (предметов {count}, а можно не больше {most}; L148)"
    ),
    "first {hero} discards: he holds {count} spells, {most} at Craft {craft} (L183)": (
        "сначала {hero}: сбросить заклинание (заклинаний {count}, а при Магии {craft} можно "
        "{most}; L183)"
    ),
    "not now: the battle's rolls wait to be accepted first": (
        "не сейчас: сначала примите броски битвы"
    ),
    "not now: the lost battle's life first": "не сейчас: сначала жизнь за проигранную битву",
    "not now: the winner's reward first": "не сейчас: сначала награда победителя",
}

# What its messages' fields hold (a stage, what a missing field is for...), in Russian.
WORDS: dict[str, str] = {
    "the hero's die": "кубик героя",
    "the enemies' die": "кубик врагов",
    "the defender's die": "кубик защищающегося",
    "the die": "кубик",
    "which object": "какой предмет",
    "the spell": "заклинание",
    "the follower": "спутник",
    "the hero attacked": "атакуемый герой",
    "the object's name": "название предмета",
}

REFUSALS = Refusals(TEMPLATES, WORDS)
