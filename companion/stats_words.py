"""The statistics' own words (``companion stats``, the report, the box's standings), in
English and Russian: keys ``stats.<key>`` in the table's catalogues, said with
``WORDS(key, language)`` like a game's. Each game's own words are in its ``stats.py``.

And their one way of rounding and showing a number (:func:`half_up`, :func:`rounded`,
:func:`shown_number`): half away from zero at the precision shown, as people round (1.25
to 1.3), never Python's half to even; the JSON, the plain tables and the HTML report all
round so. A measured amount said with its word (:class:`Amount`: ``{n:action|actions}`` of a
fraction): a fraction takes CLDR's "other" form (2.33 periods; 2,33 периода, the genitive
singular, which a Russian catalogue line's three forms give as the "few" one).
"""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal

from companion.i18n import Words, plural

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
    "unit.rounds_forms": "round|rounds",
    "averages": "On average: {parts}",
    "avg.actions": "{n} {n:action|actions}",
    "avg.minutes": "{n} {n:minute|minutes}",
    "finished_line": "{finished} finished {finished:game|games}, {unfinished} unfinished",
    "no_games": "No finished games yet.",
    "history": "Game length over time",
    "wins_per_player": "Wins per player",
    "standings": "Standings",
    "standing": "{name} {wins} of {games}",
    # companion stats refusing, and what it leaves out
    "no_journal": "{path}: no journal there (the table makes it at its first game)",
    "folder": "{path}: a folder, not a journal: name the journal file in it",
    "empty_file": "{path}: an empty file, not a journal (the table makes its journal at its "
    "first game); it was left untouched",
    "not_journal": "{path}: not a companion journal ({why}); it was left untouched",
    "why_not_file": "not a file",
    "why_not_sqlite": "not an SQLite file",
    "why_no_tables": "no tables",
    "damaged_file": "{path}: the file is damaged (SQLite integrity check failed{where}); it "
    "was left untouched",
    "at_page": " at page {page}",
    "unknown_player": "unknown player '{name}'; known: {known}",
    "no_name": "--player needs a name, not '{name}'; known: {known}",
    "more_players": "{known} and {more} more",
    "nobody_yet": "nobody yet",
    "no_report": "the HTML report (--html) is not built into this version",
    "cannot_write": "{path}: cannot write the report: {error}",
    "left_out": "{problem}; left out of the statistics",
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
    "unit.rounds_forms": "раунд|раунда|раундов",
    "averages": "В среднем: {parts}",
    "avg.actions": "{n} {n:действие|действия|действий}",
    "avg.minutes": "{n} {n:минута|минуты|минут}",
    "finished_line": "{finished} {finished:партия закончена|партии закончены|партий закончено}, "
    "не закончено: {unfinished}",
    "no_games": "Законченных партий пока нет.",
    "history": "Длина партий со временем",
    "wins_per_player": "Победы по игрокам",
    "standings": "Положение",
    "standing": "{name} {wins} из {games}",
    "no_journal": "{path}: журнала нет (стол заводит его при первой игре)",
    "folder": "{path}: это папка, а не журнал: назовите файл журнала в ней",
    "empty_file": "{path}: пустой файл, а не журнал (стол заводит журнал при первой игре); "
    "файл не тронут",
    "not_journal": "{path}: это не журнал компаньона ({why}); файл не тронут",
    "why_not_file": "не файл",
    "why_not_sqlite": "не файл SQLite",
    "why_no_tables": "в нём нет таблиц",
    "damaged_file": "{path}: файл повреждён (проверка целостности SQLite не прошла{where}); "
    "файл не тронут",
    "at_page": " на странице {page}",
    "unknown_player": "нет игрока «{name}»; есть: {known}",
    "no_name": "--player: нужно имя, а не «{name}»; есть: {known}",
    "more_players": "{known} и ещё {more}",
    "nobody_yet": "пока никого",
    "no_report": "HTML-отчёта (--html) в этой версии нет",
    "cannot_write": "{path}: отчёт не записывается: {error}",
    "left_out": "{problem}; в статистику не вошла",
}

WORDS = Words("stats", EN, RU)

# The journal's messages that ``companion stats`` passes on (a damaged row, a game it does
# not know, why a game does not replay), English template -> Russian; one none fits is
# shown as it is.
PASSED_ON_RU: dict[str, str] = {
    "{path}: game {game}: the row is damaged (it does not match its checksum: a changed "
    "bit); the journal was left untouched": "{path}: игра {game}: строка повреждена (не "
    "сходится с контрольной суммой: изменённый бит); журнал не тронут",
    "{path}: game {game}, action {seq}: the row is damaged (it does not match its checksum: "
    "a changed bit); the journal was left untouched": "{path}: игра {game}, действие {seq}: "
    "строка повреждена (не сходится с контрольной суммой: изменённый бит); журнал не тронут",
    "{path}: game {game}, action {seq}: missing (the next stored is {next}); the journal was "
    "left untouched": "{path}: игра {game}, действие {seq}: его нет (следующее записанное: "
    "{next}); журнал не тронут",
    "{path}: game {game}: '{name}' is not a game this companion knows": "{path}: игра "
    "{game}: «{name}» — такой игры этот компаньон не знает",
    "{path}: game {game}, action {seq} ({do}): {error}": "{path}: игра {game}, действие "
    "{seq} ({do}): {error}",
    "{path}: game {game}: setup: {error}": "{path}: игра {game}: начальная расстановка: {error}",
    "{path}: game {game}: {error}": "{path}: игра {game}: {error}",
    "{path}: written by a newer companion (journal schema {version}; this one reads up to "
    "{known}); update the companion. The file was left untouched": "{path}: журнал записан "
    "более новым компаньоном (схема {version}; этот читает до {known}); обновите компаньон. "
    "Файл не тронут",
    "{path}: the journal is missing its tables; left untouched": "{path}: в журнале нет его "
    "таблиц; файл не тронут",
    "{path}: cannot open the journal: {error}": "{path}: журнал не открывается: {error}",
    "{path}: not a companion journal ({why}); it was left untouched": "{path}: это не журнал "
    "компаньона ({why}); файл не тронут",
    "unknown game '{name}'{maybe}; known: {known}": "нет игры «{name}»{maybe}; есть: {known}",
}


def passed_on(message: str, language: str) -> str:
    """A message from the journal or the rules as ``companion stats`` says it in
    ``language`` (a game's refusal in Russian as the table says it)."""
    if language != "ru":
        return message
    from companion.catalogue.refusals import (  # noqa: PLC0415 (Russian only)
        MAYBE_WORD,
        compiled,
        refusal,
    )

    for template in compiled(PASSED_ON_RU):
        found = template.pattern.match(message)
        if found is not None:
            values = found.groupdict()
            if "error" in values:
                values["error"] = refusal(values["error"], language)
            if values.get("maybe"):  # the names as typed, only the words around them said
                values["maybe"] = MAYBE_WORD.sub(r" (может быть, «\1»?)", values["maybe"])
            return template.russian.format(**values)
    return refusal(message, language)


# --- numbers ------------------------------------------------------------------------------


def half_up(value: float, places: int = 0) -> Decimal:
    """``value`` rounded half away from zero, as people round (1.25 to 1.3, -0.5 to -1), not
    as Python's round() and format() do (half to even: 1.25 to 1.2). From the number's
    shortest text, so 2.675 is 2.68, not the 2.67 its binary double would give. The one
    rounding of the statistics: the JSON's (:func:`rounded`), the tables' and the report's
    (:func:`shown_number`)."""
    exact = Decimal(repr(float(value))) if isinstance(value, float) else Decimal(value)
    return exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


def rounded(value: float, places: int) -> float:
    """``value`` as the JSON holds it: :func:`half_up` at ``places`` decimals."""
    return float(half_up(value, places))


def shown_number(value: object, language: str = "en", places: int = 2) -> str:
    """A number as the statistics show it: a whole number as it is, any other rounded half
    away from zero at ``places`` decimals without trailing zeros (65.67, 5, 21.5), with a
    decimal comma in Russian; "–" for none. The plain tables show two decimals, the HTML
    report one (``places=1``: it should call this, not a format of its own)."""
    if value is None or isinstance(value, bool) or not isinstance(value, int | float):
        return "–" if value is None else str(value)
    if not math.isfinite(value):
        return "–"
    said = format(half_up(value, places), "f")
    if "." in said:
        said = said.rstrip("0").rstrip(".")
    said = "0" if said == "-0" else said
    return said.replace(".", ",") if language == "ru" else said


def percent_shown(part: float, whole: float) -> str:
    """``part`` of ``whole`` in whole per cent, half away from zero (1 of 8: 13%); "–" of
    nothing (the plain table's and the report's win rate)."""
    return f"{half_up(100 * part / whole)}%" if whole else "–"


class Amount(float):
    """A measured amount a catalogue line says: ``{n}`` as :func:`shown_number` shows it,
    ``{n:form|forms}`` as the word it takes: a whole number by its plural category, a
    fraction by CLDR's "other" (in English the last form; in Russian, whose lines list
    one|few|many, the "few" form: 2,33 периода, 65,67 действия)."""

    language: str

    def __new__(cls, value: float, language: str) -> Amount:
        made = super().__new__(cls, value)
        made.language = language
        return made

    def __format__(self, spec: str) -> str:
        shown = shown_number(float(self), self.language)
        if "|" not in spec:
            return shown
        forms = spec.split("|")
        if "," not in shown and "." not in shown:
            return plural(int(shown), forms, self.language)
        if self.language == "ru":
            return forms[3] if len(forms) > 3 else forms[min(1, len(forms) - 1)]
        return forms[-1]
