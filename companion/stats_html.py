"""The table's statistics as pictures: one self-contained HTML report (``companion stats
--html FILE``, ``companion club --html FILE``) and the same sections for the table's phone
page (companion.web.stats_routes).

The statistics (companion.stats' ``table_stats``: players, games, each game's history and
its own charts and tables) are laid out once, by :func:`sections`: a list of sections, each
a title and items (a line of text, a table, a chart as SVG text from
:mod:`companion.svg_chart`). The report writes them as HTML here; table.js draws the same
list on the phone. So both show the same numbers in the same order, in English or Russian.

The report has no script, no font and no link: its style is inline and its charts are
inline SVG, so it opens from a USB stick on a laptop with no network. Every text is escaped
(player names and a club's table names are what someone typed).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TypedDict

from companion.stats_words import percent_shown
from companion.svg_chart import FONT, WIDTH, Series, bars, esc, number, timeline

RECENT = 10  # the last games listed under a game's chart


class Table(TypedDict):
    title: str
    columns: list[str]
    rows: list[list[str]]


class Chart(TypedDict):
    title: str
    svg: str


class Item(TypedDict, total=False):
    """One of ``text``, ``table`` or ``chart``."""

    text: str
    table: Table
    chart: Chart


class Section(TypedDict):
    id: str  # an anchor: "players", "games", "game-<name>"
    title: str
    items: list[Item]


WORDS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Sigillum · table statistics",
        "club_title": "Sigillum · the club's statistics",
        "tournament": "The tournament",
        "table": "Table {name}",
        "players": "Players",
        "player": "Player",
        "games": "Games",
        "wins": "Wins",
        "win_rate": "Win rate",
        "wins_chart": "Wins per player",
        "by_game": "Wins by game (won / played)",
        "game": "Game",
        "played": "Finished",
        "unfinished": "Unfinished",
        "avg_actions": "Avg. actions",
        "avg_units": "Avg. length",
        "avg_minutes": "Avg. minutes",
        "standings": "Standings",
        "counted": "Finished games: {finished}. Unfinished (not counted): {unfinished}.",
        "none": "No finished game yet.",
        "finished": "Finished games: {finished}.",
        "length": "{title}: length of each game",
        "actions": "Actions",
        "minutes": "Minutes",
        "recent": "The last games",
        "date": "Finished",
        "number": "Game",
        "winners": "Won",
        "won_by": "won by {names}",
        "contents": "Contents",
    },
    "ru": {
        "title": "Sigillum · статистика стола",
        "club_title": "Sigillum · статистика клуба",
        "tournament": "Турнир",
        "table": "Стол {name}",
        "players": "Игроки",
        "player": "Игрок",
        "games": "Игры",
        "wins": "Победы",
        "win_rate": "Доля побед",
        "wins_chart": "Победы игроков",
        "by_game": "Победы по играм (побед / сыграно)",
        "game": "Игра",
        "played": "Завершено",
        "unfinished": "Не закончено",
        "avg_actions": "Действий (ср.)",
        "avg_units": "Длина (ср.)",
        "avg_minutes": "Минут (ср.)",
        "standings": "Турнирная таблица",
        "counted": "Завершённых игр: {finished}. Незаконченных (не в счёте): {unfinished}.",
        "none": "Завершённых игр пока нет.",
        "finished": "Завершённых игр: {finished}.",
        "length": "{title}: длина каждой игры",
        "actions": "Действия",
        "minutes": "Минуты",
        "recent": "Последние игры",
        "date": "Завершена",
        "number": "Игра",
        "winners": "Победа",
        "won_by": "победа: {names}",
        "contents": "Содержание",
    },
}


def say(key: str, language: str, **values: object) -> str:
    words = WORDS.get(language, WORDS["en"])
    return words[key].format(**values)


# --- reading the statistics (a dict from companion.stats, or built by the club) -------------


def _map(value: object) -> Mapping[str, object]:
    return value if isinstance(value, Mapping) else {}


def _list(value: object) -> list[object]:
    return list(value) if isinstance(value, list | tuple) else []


def _count(value: object) -> int:
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0


def _amount(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


def _names(value: object) -> str:
    return ", ".join(str(name) for name in _list(value))


def _when(value: object) -> str:
    """A journal timestamp ("2026-11-20T19:02:11Z") as "2026-11-20 19:02"."""
    text = str(value or "")
    return f"{text[:10]} {text[11:16]}".strip() if len(text) >= 16 else text


def _rate(wins: int, games: int) -> str:
    """A win rate in whole percent, half away from zero (1 of 8: 13%), as companion stats
    says it."""
    return percent_shown(wins, games)


def _players(stats: Mapping[str, object]) -> list[Mapping[str, object]]:
    """The players in the statistics' order (most wins first, then the higher win rate,
    then the name: docs/stats.md), so the report ranks them as ``companion stats`` does."""
    return [_map(p) for p in _list(stats.get("players"))]


def _title(name: str, game: Mapping[str, object]) -> str:
    return str(game.get("title") or name)


# --- the sections ---------------------------------------------------------------------------


def sections(
    stats: Mapping[str, object], language: str, *, first: str | None = None
) -> list[Section]:
    """The report's sections for one table's statistics: the players (a standings table,
    wins per player, wins by game), the games (a table of counts and lengths), then one
    section per game (its lengths over time, its own charts and tables, its last games);
    ``first``: the game whose section comes first (the phone's: the game on the table)."""
    games = _map(stats.get("games"))
    names = sorted(games, key=lambda name: name != first)  # else in the statistics' order
    out = [_players_section(stats, [(n, _map(games[n])) for n in names], language)]
    if games:
        out.append(_games_section([(n, _map(games[n])) for n in names], language))
    for name in names:
        game = _map(games[name])
        if _count(game.get("played")):
            out.append(_game_section(name, game, language))
    return out


def _players_section(
    stats: Mapping[str, object],
    games: Sequence[tuple[str, Mapping[str, object]]],
    language: str,
) -> Section:
    finished, unfinished = _count(stats.get("finished")), stats.get("unfinished")
    if isinstance(unfinished, int):
        counted = say("counted", language, finished=finished, unfinished=unfinished)
    else:  # not known (the club's public journals tell only the finished games)
        counted = say("finished", language, finished=finished)
    items: list[Item] = [{"text": counted}]
    players = _players(stats)
    if not players:
        items.append({"text": say("none", language)})
        return {"id": "players", "title": say("players", language), "items": items}
    rows = []
    for player in players:
        played, won = _count(player.get("games")), _count(player.get("wins"))
        rows.append([str(player.get("name", "")), str(played), str(won), _rate(won, played)])
    columns = [say(key, language) for key in ("player", "games", "wins", "win_rate")]
    items.append({"table": {"title": say("standings", language), "columns": columns, "rows": rows}})
    title = say("wins_chart", language)
    labels = [str(p.get("name", "")) for p in players]
    wins = Series(say("wins", language), [_count(p.get("wins")) for p in players])
    items.append({"chart": {"title": title, "svg": bars(title, labels, [wins], language)}})
    played_games = [(name, game) for name, game in games if _count(game.get("played"))]
    if len(played_games) > 1:
        columns = [say("player", language)] + [_title(n, g) for n, g in played_games]
        rows = []
        for player in players:
            by_game = _map(player.get("by_game"))
            row = [str(player.get("name", ""))]
            for name, _ in played_games:
                one = _map(by_game.get(name))
                row.append(
                    f"{_count(one.get('wins'))} / {_count(one.get('games'))}" if one else "–"
                )
            rows.append(row)
        title = say("by_game", language)
        items.append({"table": {"title": title, "columns": columns, "rows": rows}})
    return {"id": "players", "title": say("players", language), "items": items}


def _games_section(games: Sequence[tuple[str, Mapping[str, object]]], language: str) -> Section:
    columns = [
        say(key, language)
        for key in ("game", "played", "unfinished", "avg_actions", "avg_units", "avg_minutes")
    ]
    rows = []
    for name, game in games:
        units = _amount(game.get("avg_units"))
        unit = str(game.get("unit") or "")
        length = f"{number(units, language)} {unit}".strip() if units is not None else "–"
        rows.append(
            [
                _title(name, game),
                str(_count(game.get("played"))),
                number(_amount(game.get("unfinished")), language),
                number(_amount(game.get("avg_actions")), language),
                length,
                number(_amount(game.get("avg_minutes")), language),
            ]
        )
    table = _dense({"title": say("games", language), "columns": columns, "rows": rows})
    return {"id": "games", "title": say("games", language), "items": [{"table": table}]}


def _game_section(name: str, game: Mapping[str, object], language: str) -> Section:
    title = _title(name, game)
    history = sorted(
        (_map(h) for h in _list(game.get("history"))), key=lambda h: str(h.get("finished_at"))
    )
    items: list[Item] = []
    if history:
        items.append({"chart": _length_chart(title, game, history, language)})
    own = _map(game.get("own"))
    for chart in (_map(c) for c in _list(own.get("charts"))):
        chart_title = str(chart.get("title", ""))
        labels = [str(label) for label in _list(chart.get("labels"))]
        series = [
            Series(str(_map(s).get("name", "")), [_amount(v) for v in _list(_map(s).get("values"))])
            for s in _list(chart.get("series"))
        ]
        svg = bars(chart_title, labels, series, language)
        items.append({"chart": {"title": chart_title, "svg": svg}})
    for table in (_map(t) for t in _list(own.get("tables"))):
        items.append(
            {
                "table": {
                    "title": str(table.get("title", "")),
                    "columns": [str(c) for c in _list(table.get("columns"))],
                    "rows": [
                        [_cell(c, language) for c in _list(r)] for r in _list(table.get("rows"))
                    ],
                }
            }
        )
    if history:
        dated = any(h.get("finished_at") for h in history)
        keys = ("date" if dated else "number", "players", "winners", "actions", "minutes")
        columns = [say(k, language) for k in keys]
        rows = [
            [
                _when(h.get("finished_at")) or str(h.get("label") or ""),
                _names(h.get("players")),
                _names(h.get("winners")),
                number(_amount(h.get("actions")), language),
                number(_amount(h.get("minutes")), language),
            ]
            for h in reversed(history[-RECENT:])
        ]
        recent = _dense({"title": say("recent", language), "columns": columns, "rows": rows})
        items.append({"table": recent})
    return {"id": f"game-{name}", "title": title, "items": items}


def _dense(table: Table) -> Table:
    """The table without the columns nothing filled (every cell "–": no minutes in a club's
    public journals)."""
    keep = [
        i
        for i in range(len(table["columns"]))
        if i == 0 or any(i < len(row) and row[i] != "–" for row in table["rows"])
    ]
    return {
        "title": table["title"],
        "columns": [table["columns"][i] for i in keep],
        "rows": [[row[i] for i in keep if i < len(row)] for row in table["rows"]],
    }


def _cell(value: object, language: str) -> str:
    if isinstance(value, float):
        return number(value, language)
    return str(value)


def _length_chart(
    title: str, game: Mapping[str, object], history: list[Mapping[str, object]], language: str
) -> Chart:
    """The game's lengths, oldest game first: actions, its own units (when it has them) and
    minutes (when the journal's timestamps gave them), each in its own panel."""
    panels = [Series(say("actions", language), [_amount(h.get("actions")) for h in history])]
    unit = str(game.get("unit") or "")
    units = [_amount(h.get("units")) for h in history]
    if unit and any(u is not None for u in units):
        panels.append(Series(unit[:1].upper() + unit[1:], units))
    minutes = [_amount(h.get("minutes")) for h in history]
    if any(m is not None for m in minutes):
        panels.append(Series(say("minutes", language), minutes))
    notes = []
    for h in history:
        note = [_when(h.get("finished_at")) or str(h.get("label") or ""), _names(h.get("players"))]
        if _list(h.get("winners")):
            note.append(say("won_by", language, names=_names(h.get("winners"))))
        notes.append(" · ".join(part for part in note if part))
    ticks = [str(h.get("label") or str(h.get("finished_at") or "")[:10]) for h in history]
    if len(set(ticks)) == 1 and not history[0].get("label"):  # one evening's: by their time
        ticks = [_when(h.get("finished_at"))[11:] or t for h, t in zip(history, ticks, strict=True)]
    chart_title = say("length", language, title=title)
    return {"title": chart_title, "svg": timeline(chart_title, ticks, panels, notes, language)}


# --- the HTML -------------------------------------------------------------------------------

# A table wider than its box scrolls, and says so: a glow at the edge where more is hidden
# (each edge's glow is covered by the panel's colour when that end is in view: the covers
# scroll with the table, the glows stay). Shared by the report and style.css.
SCROLL = """
.scroll { overflow-x: auto; margin: 4px 0 10px;
  background:
    linear-gradient(to right, {panel} 40%, transparent) left / 36px 200% no-repeat local,
    linear-gradient(to left, {panel} 40%, transparent) right / 36px 200% no-repeat local,
    linear-gradient(to right, rgb(244 164 48 / 0.5), transparent) left / 14px 100% no-repeat scroll,
    linear-gradient(to left, rgb(244 164 48 / 0.5), transparent) right / 14px 100% no-repeat scroll;
}
"""

# A table of more than this many columns is laid out as a list on a phone (each row a block:
# its first cell, then each other cell after its column's name): five numbers side by side
# do not fit 390 px. table.js keeps the same rule for the phone page.
WIDE = 4
LIST = """
@media (max-width: 600px) {
  table.wide, table.wide tbody { display: block; }
  table.wide thead { display: none; }
  table.wide tr { display: flex; flex-wrap: wrap; gap: 0 14px; padding: 5px 0;
    border-bottom: 1px solid {line}; }
  table.wide td { border: 0; padding: 0; text-align: left; white-space: normal; }
  table.wide td:first-child { flex-basis: 100%; font-weight: 600; }
  table.wide td + td::before { content: attr(data-label) ": "; color: {quiet}; }
  table.wide td.none { display: none; }
}
"""

STYLE = (
    """
:root { color-scheme: dark; }
* { box-sizing: border-box; }
body { margin: 0; background: #15171c; color: #eceef2; line-height: 1.35;
  font: 17px/1.35 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; }
main { max-width: 1080px; margin: 0 auto; padding: 10px 8px; }
h1 { font-size: 1.45rem; margin: 4px 0 10px; }
h2 { font-size: 1.05rem; color: #9aa1ad; text-transform: uppercase; letter-spacing: 0.04em;
  margin: 0 0 0.5em; }
h2.group { font-size: 1.25rem; color: #f4a430; text-transform: none; margin: 22px 0 10px; }
h3 { font-size: 1rem; margin: 0.8em 0 0.3em; }
p { margin: 0.3em 0; }
a { color: #f4a430; }
section { background: #20232b; border: 1px solid #343844; border-radius: 10px;
  padding: 10px; margin-bottom: 12px; }
nav ul { margin: 0; padding-left: 1.2em; }
"""
    + SCROLL.replace("{panel}", "#20232b")
    + """
table { border-collapse: collapse; margin: 0; font-size: 0.95rem; }
th, td { padding: 4px 10px 4px 0; text-align: left; border-bottom: 1px solid #343844;
  vertical-align: bottom; }
td { vertical-align: top; }
th { color: #9aa1ad; font-weight: 600; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
td.n, td.w { white-space: nowrap; }
figure { margin: 8px 0 12px; }
"""
    # At most WIDTH / FONT rem wide: the chart's text never larger than the page's.
    + f"svg.stats-chart {{ display: block; width: 100%; max-width: {WIDTH / FONT}rem; "
    + "height: auto; }"
    + LIST.replace("{quiet}", "#9aa1ad").replace("{line}", "#343844")
)


def _is_number(text: str) -> bool:
    return text.rstrip("%").replace(",", "").replace(".", "").replace(" / ", "").isdigit()


def _look(text: str, numeric: bool) -> str:
    """A cell's class: numbers right-aligned, no line broken inside a number or a date, and
    an empty one ("–") marked."""
    kind = "n" if numeric else "" if any(letter.isalpha() for letter in text) else "w"
    if text == "–":
        return f' class="{kind} none"'
    return f" class={kind}" if kind else ""


def table_html(table: Table) -> str:
    """A table with its title; numeric columns (every cell a number) aligned right. Each
    cell carries its column's name (``data-label``) for the phone's list of a wide table;
    an empty one ("–") is left out of that list."""
    columns = table["columns"]
    numeric = [
        i > 0 and all(_is_number(row[i]) or row[i] == "–" for row in table["rows"] if i < len(row))
        for i in range(len(table["columns"]))
    ]
    head = "".join(
        f"<th{' class=n' if numeric[i] else ''}>{esc(c)}</th>"
        for i, c in enumerate(table["columns"])
    )
    labels = [""] + [f' data-label="{esc(name)}"' for name in columns[1:]]
    rows = "".join(
        "<tr>"
        + "".join(
            f"<td{_look(c, i < len(numeric) and numeric[i])}"
            f"{labels[i] if i < len(labels) else ''}>{esc(c)}</td>"
            for i, c in enumerate(row)
        )
        + "</tr>"
        for row in table["rows"]
    )
    wide = " class=wide" if len(columns) > WIDE else ""
    return (
        f"<h3>{esc(table['title'])}</h3>\n<div class=scroll><table{wide}><thead><tr>{head}</tr>"
        f"</thead><tbody>{rows}</tbody></table></div>"
    )


def section_html(section: Section, prefix: str = "") -> str:
    parts = [f'<section id="{esc(prefix + section["id"])}">', f"<h2>{esc(section['title'])}</h2>"]
    for item in section["items"]:
        if "text" in item:
            parts.append(f"<p>{esc(item['text'])}</p>")
        elif "table" in item:
            parts.append(table_html(item["table"]))
        elif "chart" in item:
            parts.append(f"<figure>{item['chart']['svg']}</figure>")  # escaped in svg_chart
    parts.append("</section>")
    return "\n".join(parts)


Group = tuple[str | None, str, list[Section]]  # (heading or None, anchor prefix, sections)


def page(title: str, groups: Sequence[Group], language: str) -> str:
    """The whole HTML document: a contents list when there is more than one group (the
    club's tables), then every group's sections."""
    body = [f"<h1>{esc(title)}</h1>"]
    headed = [(heading, prefix) for heading, prefix, _ in groups if heading]
    if len(headed) > 1:
        links = "".join(
            f'<li><a href="#{esc(prefix)}top">{esc(heading)}</a></li>' for heading, prefix in headed
        )
        body.append(f"<nav><h2>{esc(say('contents', language))}</h2><ul>{links}</ul></nav>")
    for heading, prefix, group in groups:
        if heading:
            body.append(f'<h2 class="group" id="{esc(prefix)}top">{esc(heading)}</h2>')
        body.extend(section_html(section, prefix) for section in group)
    lang = language if language in WORDS else "en"
    return (
        f'<!doctype html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{esc(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n"
        + "\n".join(body)
        + "\n</main>\n</body>\n</html>\n"
    )


def report(stats: Mapping[str, object], language: str) -> str:
    """One table's statistics as a whole HTML document."""
    return page(say("title", language), [(None, "", sections(stats, language))], language)


SHARED = 0o644  # the report's mode: a club hands it round (the CLI's umask makes files 0600)


def write_report(stats: Mapping[str, object], path: Path, language: str) -> None:
    """``companion stats --html FILE``: the report, written whole (:func:`write_whole`)."""
    write_whole(Path(path), report(stats, language))


def write_whole(path: Path, page: str) -> None:
    """A report written whole (UTF-8): into a file of its own in the same folder, then
    renamed over ``path``, so a browser reloading it never reads half of one (a failed
    write leaves nothing behind); readable by all (:data:`SHARED`), whatever the umask."""
    handle, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    temporary = Path(name)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(page)
        temporary.chmod(SHARED)
        temporary.replace(path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def club_report(
    tournament: Mapping[str, object], tables: Mapping[str, Mapping[str, object]], language: str
) -> str:
    """``companion club --html FILE``: the tournament's players across every table, then
    each table's own statistics."""
    groups: list[Group] = [
        (say("tournament", language), "tournament-", sections(tournament, language)[:1])
    ]
    for index, name in enumerate(sorted(tables)):
        heading = say("table", language, name=name)
        groups.append((heading, f"t{index}-", sections(tables[name], language)))
    return page(say("club_title", language), groups, language)
