"""The statistics' own words (``companion stats``, the report, the box's standings), in
English and Russian: keys ``stats.<key>`` in the table's catalogues, said with
``WORDS(key, language)`` like a game's. Each game's own words are in its ``stats.py``.
"""

from __future__ import annotations

from companion.i18n import Words

EN: dict[str, str] = {
    "title": "The table's statistics",
    "unit.rounds": "rounds",
    "players": "Players",
    "player": "Player",
    "games": "Games",
    "wins": "Wins",
    "win_rate": "Win rate",
    "game": "Game",
    "played": "Played",
    "unfinished": "Unfinished",
    "avg_actions": "Actions",
    "avg_units": "Length",
    "avg_minutes": "Minutes",
    "averages": "On average: {actions} actions, {units} {unit}, {minutes} minutes",
    "finished_line": "{finished} finished {finished:game|games}, {unfinished} unfinished",
    "no_games": "No finished games yet.",
    "history": "Game length over time",
    "wins_per_player": "Wins per player",
    "standings": "Standings",
    "standing": "{name} {wins} of {games}",
}

RU: dict[str, str] = {
    "title": "Статистика стола",
    "unit.rounds": "раунды",
    "players": "Игроки",
    "player": "Игрок",
    "games": "Партии",
    "wins": "Победы",
    "win_rate": "Доля побед",
    "game": "Игра",
    "played": "Сыграно",
    "unfinished": "Не закончено",
    "avg_actions": "Действия",
    "avg_units": "Длина",
    "avg_minutes": "Минуты",
    "averages": "В среднем: {actions} действий, {units} ({unit}), {minutes} мин.",
    "finished_line": "{finished} {finished:партия закончена|партии закончены|партий закончено}, "
    "не закончено: {unfinished}",
    "no_games": "Законченных партий пока нет.",
    "history": "Длина партий со временем",
    "wins_per_player": "Победы по игрокам",
    "standings": "Положение",
    "standing": "{name} {wins} из {games}",
}

WORDS = Words("stats", EN, RU)
