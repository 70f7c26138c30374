"""Why Hand of Manus's rules refused, in Russian (said by :mod:`companion.catalogue.refusals`):
each message its modules raise as an English template, its fields named in braces, and the
Russian one, grouped by the module that raises it; and the words its messages' fields hold
that no catalogue of the table has."""

from __future__ import annotations

from companion.catalogue.refusals import Refusals

TEMPLATES: dict[str, str] = {
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
    "setup: a mapping of players, first and the options in docs/manus.md": (
        "setup: словарь с players, first и настройками из docs/manus.md"
    ),
    "setup.hands_per_player: {hint}, not {hands}": ("setup.hands_per_player: {hint}, а не {hands}"),
    "setup.seating: only with two hands each (2 players, hands_per_player: 2)": (
        "setup.seating: только по две руки у каждого (2 игрока, hands_per_player: 2)"
    ),
}

# What its messages' fields hold (a stage, what a missing field is for...), in Russian.
WORDS: dict[str, str] = {
    "1 or 2": "1 или 2",
    "1 (two hands each is the 2-player variant)": "1 (по две руки — вариант для 2 игроков)",
    "the tile": "плитка",
}

REFUSALS = Refusals(TEMPLATES, WORDS)
