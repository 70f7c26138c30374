"""Why Tetranomicon's rules refused, in Russian (said by :mod:`companion.catalogue.refusals`):
each message its modules raise as an English template, its fields named in braces, and the
Russian one, grouped by the module that raises it; and the words its messages' fields hold
that no catalogue of the table has."""

from __future__ import annotations

from companion.catalogue.refusals import Refusals

TEMPLATES: dict[str, str] = {
    # companion/games/tetranomicon/engine.py
    "it is {player}'s turn, not {other}'s": "сейчас ходит {player}, а не {other}",
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
        "у игрока {player} проложено путей: {laid}; {used} из них не могут быть на маршруте "
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
}

# What its messages' fields hold (a stage, what a missing field is for...), in Russian.
WORDS: dict[str, str] = {
    "this summon": "этот призыв",
    "this expedition": "эта экспедиция",
    "peace": "мир",
    "war": "война",
    "the rival": "соперник",
}

REFUSALS = Refusals(TEMPLATES, WORDS)
