"""The statistics' report (companion.stats_html) and its charts (companion.svg_chart), from
a sample in the shape ``companion.stats.table_stats`` gives: every section and chart there,
the numbers in the charts' text and titles, both languages, and every name escaped; and
the table page's route for them (companion.web.stats_routes) over a real journal."""

from __future__ import annotations

import asyncio
import os
import re
import stat
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from aiohttp.test_utils import TestClient, TestServer

from companion import journal as journal_module
from companion import script, stats_html, svg_chart
from companion import stats as stats_module
from companion.journal import Journal
from companion.table import Table
from companion.web import stats_routes
from companion.web.hub import Hub
from companion.web.server import make_app
from tests.conftest import EXAMPLES
from tests.test_game_log import snapshot_of

SVG = "{http://www.w3.org/2000/svg}"
HOSTILE = '<script>alert("x")</script>&amp;'  # a player who types markup


def sample(language: str = "en") -> dict[str, Any]:
    """Three players at two games, Manus (three finished) and Bestiary (one finished, one
    unfinished), with each game's own chart and table as its stats kit tells them; one
    player named with markup."""
    ru = language == "ru"
    return {
        "players": [
            {
                "name": "Anna",
                "games": 4,
                "wins": 3,
                "win_rate": 0.75,
                "by_game": {"manus": {"games": 3, "wins": 2}, "bestiary": {"games": 1, "wins": 1}},
            },
            {
                "name": HOSTILE,
                "games": 3,
                "wins": 1,
                "win_rate": 0.3333,
                "by_game": {"manus": {"games": 2, "wins": 1}, "bestiary": {"games": 1, "wins": 0}},
            },
            {
                "name": "Вера",
                "games": 3,
                "wins": 0,
                "win_rate": 0.0,
                "by_game": {"manus": {"games": 2, "wins": 0}, "bestiary": {"games": 1, "wins": 0}},
            },
        ],
        "games": {
            "manus": {
                "title": "Длань Мануса" if ru else "Hand of Manus",
                "played": 3,
                "unfinished": 0,
                "avg_actions": 51.33,
                "unit": "раунды" if ru else "rounds",
                "avg_units": 4.67,
                "avg_minutes": 31.5,
                "history": [
                    {
                        "id": 1,
                        "finished_at": "2026-11-20T19:02:11Z",
                        "actions": 48,
                        "units": 4,
                        "minutes": 27.0,
                        "players": ["Anna", HOSTILE, "Вера"],
                        "winners": ["Anna"],
                    },
                    {
                        "id": 3,
                        "finished_at": "2026-11-21T20:15:00Z",
                        "actions": 62,
                        "units": 6,
                        "minutes": 36.0,
                        "players": ["Anna", HOSTILE, "Вера"],
                        "winners": [HOSTILE],
                    },
                    {
                        "id": 4,
                        "finished_at": "2026-11-22T18:40:00Z",
                        "actions": 44,
                        "units": 4,
                        "minutes": None,
                        "players": ["Anna", "Вера"],
                        "winners": ["Anna"],
                    },
                ],
                "own": {
                    "charts": [
                        {
                            "title": "Цели по размеру" if ru else "Targets by size",
                            "labels": ["1", "2", "3"],
                            "series": [
                                {"name": "tried", "values": [5, 3, 2]},
                                {"name": "hit", "values": [4, 1, 0]},
                            ],
                        }
                    ],
                    "tables": [
                        {
                            "title": "Hand strength",
                            "columns": ["Player", "Average"],
                            "rows": [["Anna", 2.5], [HOSTILE, 1.75]],
                        }
                    ],
                },
            },
            "bestiary": {
                "title": "Бестиарий" if ru else "Bestiary: Two Castles",
                "played": 1,
                "unfinished": 1,
                "avg_actions": 120.0,
                "unit": "периоды" if ru else "periods",
                "avg_units": 3.0,
                "avg_minutes": 55.0,
                "history": [
                    {
                        "id": 2,
                        "finished_at": "2026-11-20T21:30:00Z",
                        "actions": 120,
                        "units": 3,
                        "minutes": 55.0,
                        "players": ["Anna", HOSTILE, "Вера"],
                        "winners": ["Anna"],
                    }
                ],
                "own": {
                    "charts": [
                        {
                            "title": "Creatures summoned",
                            "labels": ["Vinctum", "Umbra"],
                            "series": [{"name": "summoned", "values": [7, 3]}],
                        }
                    ],
                    "tables": [],
                },
            },
        },
        "unfinished": 1,
        "finished": 4,
    }


def chart_texts(svg: str) -> tuple[list[str], list[str]]:
    """A chart's written texts and its elements' titles (what a hover says), as parsed XML:
    the SVG is well-formed, and what it says is read unescaped."""
    root = ElementTree.fromstring(svg)
    titles = [t.text or "" for t in root.iter(f"{SVG}title")]
    written = [
        (t.text or "") + "".join(child.tail or "" for child in t) for t in root.iter(f"{SVG}text")
    ]  # a text's own words, not its title's
    return written, titles


def charts(document: str) -> dict[str, str]:
    """Every chart of a report, by its title."""
    found = re.findall(r"<svg .*?</svg>", document, flags=re.S)
    return {ElementTree.fromstring(svg).attrib["aria-label"]: svg for svg in found}


class Scripts(HTMLParser):
    """Every tag of a document, to find what must not be there."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.links += [v or "" for k, v in attrs if k in ("src", "href") and v]


def test_the_report_has_every_section_and_chart_with_its_numbers(tmp_path: Path) -> None:
    path = tmp_path / "report.html"
    stats_html.write_report(sample(), path, "en")
    document = path.read_text(encoding="utf-8")
    assert document.startswith("<!doctype html>")
    assert '<html lang="en">' in document
    found = charts(document)
    assert list(found) == [
        "Wins per player",
        "Hand of Manus: length of each game",
        "Targets by size",
        "Bestiary: Two Castles: length of each game",
        "Creatures summoned",
    ]
    written, titles = chart_texts(found["Wins per player"])
    assert [t for t in titles if ":" in t] == ["Anna: 3", f"{HOSTILE}: 1", "Вера: 0"]
    assert written[1:] == ["Anna", "3", written[3], "1", "Вера", "0"]  # name, value
    assert written[3].startswith("<script>alert(") and written[3].endswith("…")  # cut
    # The lengths, oldest game first: a panel per measure (the game's own unit too).
    written, titles = chart_texts(found["Hand of Manus: length of each game"])
    assert "Actions" in written and "Rounds" in written and "Minutes" in written
    dots = [t for t in titles if t.startswith(("Actions", "Minutes"))]
    assert dots == [
        f"Actions: 48 · 2026-11-20 19:02 · Anna, {HOSTILE}, Вера · won by Anna",
        f"Actions: 62 · 2026-11-21 20:15 · Anna, {HOSTILE}, Вера · won by {HOSTILE}",
        "Actions: 44 · 2026-11-22 18:40 · Anna, Вера · won by Anna",
        f"Minutes: 27 · 2026-11-20 19:02 · Anna, {HOSTILE}, Вера · won by Anna",
        f"Minutes: 36 · 2026-11-21 20:15 · Anna, {HOSTILE}, Вера · won by {HOSTILE}",
    ]  # the third game has no minutes: no dot
    assert "2026-11-20" in written and "2026-11-22" in written  # the axis' first and last
    written, titles = chart_texts(found["Targets by size"])
    assert [t for t in titles if "·" in t] == [
        "1 · tried: 5",
        "1 · hit: 4",
        "2 · tried: 3",
        "2 · hit: 1",
        "3 · tried: 2",
        "3 · hit: 0",
    ]
    assert {"tried", "hit"} <= set(written)  # the legend
    # The tables: the standings (most wins first, the rate from wins and games), the games,
    # wins by game, the game's own and its last games, newest first.
    # Each cell but the first carries its column's name (the phone's list of a wide table).
    assert (
        '<td>Anna</td><td class=n data-label="Games">4</td><td class=n data-label="Wins">3</td>'
        '<td class=n data-label="Win rate">75%</td>'
    ) in document
    assert "Finished games: 4. Unfinished (not counted): 1." in document
    assert (
        '<td>Hand of Manus</td><td class=n data-label="Finished">3</td>'
        '<td class=n data-label="Unfinished">0</td><td class=n data-label="Avg. actions">51.3</td>'
    ) in document
    assert '<td data-label="Avg. length">4.7 rounds</td>' in document
    assert "<h3>Wins by game (won / played)</h3>" in document
    assert (
        '<td class=n data-label="Hand of Manus">2 / 3</td>'
        '<td class=n data-label="Bestiary: Two Castles">1 / 1</td>'
    ) in document
    assert "<h3>Hand strength</h3>" in document and ">2.5</td>" in document
    # The games' table has six columns: a list on a phone; the standings' four stay a table.
    assert document.count("<table class=wide>") == 3  # the games, each game's last games
    recent = document.index("<h3>The last games</h3>")
    assert document.index("2026-11-22 18:40", recent) < document.index("2026-11-20 19:02", recent)


def test_every_name_is_escaped_and_nothing_is_fetched() -> None:
    document = stats_html.report(sample(), "en")
    assert "<script" not in document
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;amp;" in document
    parser = Scripts()
    parser.feed(document)
    assert "script" not in parser.tags and "link" not in parser.tags and "img" not in parser.tags
    assert parser.links == []  # no link out: the charts are inline, the style too
    for svg in charts(document).values():
        ElementTree.fromstring(svg)  # well-formed whatever the names


def test_the_report_in_russian() -> None:
    document = stats_html.report(sample("ru"), "ru")
    assert '<html lang="ru">' in document
    assert "<title>Sigillum · статистика стола</title>" in document
    assert list(charts(document)) == [
        "Победы игроков",
        "Длань Мануса: длина каждой игры",
        "Цели по размеру",
        "Бестиарий: длина каждой игры",
        "Creatures summoned",
    ]
    assert "Завершённых игр: 4. Незаконченных (не в счёте): 1." in document
    assert "<th>Игрок</th>" in document and (
        '<td data-label="Длина (ср.)">4,7 раунды</td>' in document
    )
    written, titles = chart_texts(charts(document)["Длань Мануса: длина каждой игры"])
    assert {"Действия", "Раунды", "Минуты"} <= set(written)
    assert titles[1] == f"Действия: 48 · 2026-11-20 19:02 · Anna, {HOSTILE}, Вера · победа: Anna"


def test_no_games_yet() -> None:
    document = stats_html.report({"players": [], "games": {}, "unfinished": 2, "finished": 0}, "en")
    assert "No finished game yet." in document
    assert "Unfinished (not counted): 2." in document
    assert charts(document) == {}


def test_the_table_s_game_first_and_sections_as_json() -> None:
    found = stats_html.sections(sample(), "en", first="bestiary")
    assert [s["id"] for s in found] == ["players", "games", "game-bestiary", "game-manus"]


@pytest.mark.parametrize("count", [1, 2, 600])
def test_a_timeline_of_any_length_is_well_formed(count: int) -> None:
    values: list[float | None] = [float(i % 37) for i in range(count)]
    svg = svg_chart.timeline(
        "Lengths",
        [f"2026-01-{i % 28 + 1:02}" for i in range(count)],
        [svg_chart.Series("Actions", values)],
    )
    root = ElementTree.fromstring(svg)
    assert len(list(root.iter(f"{SVG}circle"))) == count
    written, _ = chart_texts(svg)
    assert "2026-01-01" in written


def test_a_long_name_is_cut_on_the_chart_and_whole_in_its_title() -> None:
    name = "Maximilian-Alexander von Hohenzollern-Sigmaringen"
    svg = svg_chart.bars("Wins", [name], [svg_chart.Series("Wins", [2])])
    written, titles = chart_texts(svg)
    assert written[1].endswith("…") and len(written[1]) < len(name)
    assert name in titles and f"{name}: 2" in titles


def test_numbers() -> None:
    assert svg_chart.number(3.0) == "3"
    assert svg_chart.number(4.67, "ru") == "4,7"  # one decimal
    assert svg_chart.number(None) == "–"
    # Half away from zero, as people round (not Python's half to even: 1.25 to 1.2).
    assert [svg_chart.number(v, "ru") for v in (1.25, 0.75, 2.25, 0.05, 2.675)] == [
        "1,3",
        "0,8",
        "2,3",
        "0,1",
        "2,7",
    ]
    assert svg_chart.number(-1.25) == "-1.3"
    assert stats_html._rate(1, 8) == "13%" and stats_html._rate(5, 8) == "63%"
    assert stats_html._rate(0, 0) == "–"


def test_the_report_is_written_whole_and_readable_by_all(tmp_path: Path) -> None:
    """The CLI's umask makes files 0600; the report is for a club to share: 0644, written
    to a file of its own and renamed over the old report (nothing left beside it)."""
    path = tmp_path / "report.html"
    path.write_text("the old report", encoding="utf-8")
    old = os.umask(0o077)
    try:
        stats_html.write_report(sample(), path, "en")
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    assert path.read_text(encoding="utf-8").startswith("<!doctype html>")
    assert [p.name for p in tmp_path.iterdir()] == ["report.html"]
    with pytest.raises(OSError):  # a folder that is not there: nothing written anywhere
        stats_html.write_report(sample(), tmp_path / "none" / "report.html", "en")
    assert [p.name for p in tmp_path.iterdir()] == ["report.html"]


def test_a_chart_s_text_is_the_page_s_size_at_its_widest() -> None:
    """The chart's viewBox is WIDTH wide with FONT-unit text; the pages cap its width at
    WIDTH / FONT rem, so its text is never larger than 1rem (the browser test measures it)."""
    assert f"max-width: {svg_chart.WIDTH / svg_chart.FONT}rem" in stats_html.STYLE
    css = (Path(stats_html.__file__).parent / "web" / "static" / "style.css").read_text()
    assert f"max-width: {svg_chart.WIDTH / svg_chart.FONT}rem" in css


# --- a real journal: an evening of example games, and the phone's route over it -----------

EVENING = [  # (example script, its players renamed to: wins spread round the table)
    ("duel_siege", ["Anna", "Boris"]),
    ("manus_three_players", ["Anna", "Boris", "Vera"]),
    ("four_path_duel", ["Vera", "Anna"]),
    ("duel_siege", ["Boris", "Vera"]),
    ("manus_three_players", ["Boris", "Vera", "Anna"]),
    ("tetranomicon_two_players", ["Vera", "Boris"]),
    ("manus_three_players", ["Vera", "Anna", "Boris"]),
]


def _renamed(value: Any, names: dict[str, str]) -> Any:
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [_renamed(item, names) for item in value]
    if isinstance(value, dict):
        return {names.get(key, key): _renamed(item, names) for key, item in value.items()}
    return value


def evening(path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Journal, Table]:
    """A journal of three club evenings (the examples above, each finished, 40 seconds an
    action, by a clock the journal reads), and one Manus game still on the table."""
    clock = {"at": datetime(2026, 11, 20, 19, 0, tzinfo=UTC)}

    def now() -> str:
        clock["at"] += timedelta(seconds=40)
        return clock["at"].strftime("%Y-%m-%dT%H:%M:%SZ")

    monkeypatch.setattr(journal_module, "utc_now", now)
    journal = Journal(path)
    for number, (name, players) in enumerate(EVENING):
        loaded = script.load(EXAMPLES / f"{name}.yaml")
        names = dict(zip(loaded.setup["players"], players, strict=True))
        table = Table.new_game(journal, loaded.game, _renamed(dict(loaded.setup), names))
        for item in loaded.actions:
            table.apply(_renamed(dict(item.action), names))
        assert table.view().get("winner") is not None, name
        clock["at"] += timedelta(days=1) if number % 3 == 2 else timedelta(minutes=15)
    table = Table.new_game(journal, "manus", {"players": ["Anna", "Boris", "Vera"]})
    return journal, table


def ask(hub: Hub, *paths: str) -> list[tuple[int, Any]]:
    """Each path's status and answer (JSON, or the text) from the phones' server."""

    async def go() -> list[tuple[int, Any]]:
        async with TestClient(TestServer(make_app(hub))) as client:
            answers: list[tuple[int, Any]] = []
            for path in paths:
                response = await client.get(path)
                is_json = response.content_type == "application/json"
                answers.append(
                    (response.status, await (response.json() if is_json else response.text()))
                )
            return answers

    return asyncio.run(go())


@pytest.fixture
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Hub, Table]]:
    journal, table = evening(tmp_path / "j.sqlite", monkeypatch)
    hub = Hub(lambda _: None, journal)
    hub(snapshot_of(table))
    yield hub, table
    journal.close()


def test_the_phone_s_statistics_are_the_report_s_sections(
    served: tuple[Hub, Table], monkeypatch: pytest.MonkeyPatch
) -> None:
    hub, table = served
    reads: list[str] = []
    read = stats_routes.read_stats
    monkeypatch.setattr(
        stats_routes, "read_stats", lambda *args: reads.append("read") or read(*args)
    )
    token = hub.tokens()["table"]
    [(status, answer), (again, same)] = ask(
        hub, f"/api/table/{token}/stats", f"/api/table/{token}/stats"
    )
    assert status == 200 and again == 200 and same == answer
    assert reads == ["read"]  # the second answer was kept: the journal had not changed
    assert answer["language"] == "en" and answer["game"] == "manus"
    ids = [section["id"] for section in answer["sections"]]
    assert ids == [
        "players",
        "games",
        "game-manus",
        "game-bestiary",
        "game-four_path",
        "game-tetranomicon",
    ]  # the table's game first
    stats = stats_module.table_stats(Journal(table.journal.path))
    assert answer["sections"] == stats_html.sections(stats, "en", first="manus")
    standings = answer["sections"][0]["items"][1]["table"]
    wins = {row[0]: int(row[2]) for row in standings["rows"]}
    assert sum(wins.values()) == len(EVENING) and set(wins) == {"Anna", "Boris", "Vera"}
    chart = answer["sections"][0]["items"][2]["chart"]
    _, titles = chart_texts(chart["svg"])
    assert [f"{name}: {count}" for name, count in wins.items()] == [t for t in titles if ": " in t]


def test_the_phone_s_statistics_need_the_table_s_code(served: tuple[Hub, Table]) -> None:
    hub, _ = served
    token = hub.tokens()["table"]
    seat = hub.tokens()["seats"]["1"]
    answers = ask(
        hub, "/api/table/nope/stats", f"/api/table/{seat}/stats", f"/api/table/{token}/stats?x=1"
    )
    assert [status for status, _ in answers] == [403, 403, 400]
    assert answers[0][1] == "forbidden"


def test_the_phone_s_statistics_in_the_table_s_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    journal, table = evening(tmp_path / "j.sqlite", monkeypatch)
    hub = Hub(lambda _: None, journal)
    hub(snapshot_of(table, "ru"))
    [(status, answer)] = ask(hub, f"/api/table/{hub.tokens()['table']}/stats")
    assert status == 200 and answer["language"] == "ru"
    assert answer["title"] == "Sigillum · статистика стола"
    assert answer["sections"][0]["title"] == "Игроки"
    assert answer["sections"][2]["title"] == "Длань Мануса"
    journal.close()


def test_the_table_page_asks_what_it_shows_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/page: the table's language and game and whether it keeps cards (Manus: none, so the
    page never asks /cards for a 404)."""
    journal = Journal(tmp_path / "j.sqlite")
    setup = {"players": ["Anna", "Boris"], "first": 1, "scale_length": 6}
    for game, language, cards in (("manus", "ru", False), ("bestiary", "en", True)):
        hub = Hub(lambda _: None, journal)
        table = Table.new_game(journal, game, setup if cards else {"players": ["Anna", "Boris"]})
        hub(snapshot_of(table, language))
        token = hub.tokens()["table"]
        [(status, answer), (refused, _)] = ask(hub, f"/api/table/{token}/page", "/api/table/x/page")
        assert status == 200 and answer == {"language": language, "game": game, "cards": cards}
        assert refused == 403
    journal.close()


def test_a_table_without_a_journal_file_has_empty_statistics() -> None:
    journal = Journal(":memory:")
    table = Table.new_game(journal, "manus", {"players": ["Anna", "Boris"]})
    hub = Hub(lambda _: None, journal)
    hub(snapshot_of(table))
    [(status, answer)] = ask(hub, f"/api/table/{hub.tokens()['table']}/stats")
    assert status == 200
    assert answer["sections"][0]["items"][1] == {"text": "No finished game yet."}
