"""The statistics' pictures in a real browser (Debian's Chromium, as tests/test_web_browser.py
drives it): the HTML report opened from its file, in English and Russian, and the table
page's "Statistics" view on a running table, both over an evening of example games
(tests/test_stats_html.py). What they show is checked against ``table_stats`` itself: each
player's wins on the chart, every game's length chart, the game on the table first; nothing
fetched from anywhere, no script error, nothing refused by the pages' CSP.

Both are measured at a phone's width and a desktop's, in both languages: no table cell is cut
at the page's edge (a wide table is a list on a phone; one that must still scroll is in a
scroller that shows it does), and a chart's text is about the page's own size at either width.

The screenshots go to the gallery: docs/img/stats_report_en.png, stats_report_ru.png (the
report's top on a phone) and phone_table_stats.png (the phone's view as it opens).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from companion import stats, stats_html
from companion.journal import Journal
from tests.browser import NEEDS_CHROMIUM
from tests.test_stats_html import evening
from tests.test_web_browser import (
    GALLERY,
    PHONE,
    SCREEN,
    WAIT,
    open_page,
    running_table,
    same_picture,
)

pytestmark = NEEDS_CHROMIUM
REPORT_HEIGHT = 1900  # the report's top in the gallery: the standings to the first game's chart
SIZES: list[ViewportSize] = [PHONE, SCREEN]

# The table cells whose box reaches past the page's edge, or past the scroller they are in,
# when that scroller does not show that it scrolls (a gradient at its edge: .scroll).
CUT = """() => {
    const width = document.documentElement.clientWidth;
    const cut = [];
    for (const cell of document.querySelectorAll("td, th")) {
        const box = cell.getBoundingClientRect();
        if (!box.width) continue;
        const scroller = cell.closest(".scroll");
        const room = scroller ? scroller.getBoundingClientRect() : {left: 0, right: width};
        const inside = box.left >= Math.max(0, room.left) - 0.5
            && box.right <= Math.min(width, room.right) + 0.5;
        if (inside) continue;
        const style = scroller && getComputedStyle(scroller);
        const shown = scroller && /auto|scroll/.test(style.overflowX)
            && scroller.scrollWidth > scroller.clientWidth
            && style.backgroundImage.includes("gradient")
            && room.left >= -0.5 && room.right <= width + 0.5;
        const edges = `${Math.round(box.left)}–${Math.round(box.right)}`;
        if (!shown) cut.push(`${cell.textContent}: ${edges}`);
    }
    return cut;
}"""

# Each chart's text as drawn (its font size times the chart's scale on the screen), over the
# size of the page's table text.
CHART_TEXT = """() => {
    const cell = document.querySelector("td");
    const page = parseFloat(getComputedStyle(cell || document.body).fontSize);
    return [...document.querySelectorAll("svg text")].map((text) => {
        const size = parseFloat(getComputedStyle(text).fontSize);
        return size * text.ownerSVGElement.getScreenCTM().a / page;
    });
}"""


def measured(page: Page) -> None:
    """At a phone's and a desktop's width: nothing cut, no page wider than the screen, and
    every chart's text within a fifth of the page's table text (captions a little bigger)."""
    for size in SIZES:
        page.set_viewport_size(size)
        page.wait_for_timeout(50)  # laid out again
        assert page.evaluate(CUT) == [], size
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"], size
        scales = page.evaluate(CHART_TEXT)
        assert scales, size
        assert min(scales) >= 0.85 and max(scales) <= 1.3, (size, min(scales), max(scales))


def wins_of(found: dict[str, Any]) -> list[str]:
    """Each player's bar as the wins chart titles it, in the statistics' order."""
    return [f"{row['name']}: {row['wins']}" for row in found["players"]]


def chart_titles(page: Page, label: str) -> list[str]:
    """The titles of a chart's bars or dots (what a finger on one shows)."""
    titles: list[str] = page.locator(
        f'svg[aria-label="{label}"] :is(rect, circle) > title'
    ).all_text_contents()
    return titles


def save(page: Page, name: str) -> None:
    """The page's top into the gallery, unless only the rasteriser's rounding differs."""
    path = GALLERY / name
    fresh: bytes = page.screenshot(
        clip={"x": 0, "y": 0, "width": PHONE["width"], "height": REPORT_HEIGHT},
        full_page=True,
        animations="disabled",
    )
    if path.exists() and same_picture(path.read_bytes(), fresh):
        return
    path.write_bytes(fresh)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_report_opens_from_its_file_and_shows_every_chart(
    browser: Browser, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    journal, _ = evening(tmp_path / "j.sqlite", monkeypatch)
    found = stats.table_stats(journal, language=language)
    journal.close()
    path = tmp_path / "report.html"
    stats_html.write_report(found, path, language)
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    page = context.new_page()
    errors: list[str] = []
    asked: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("request", lambda request: asked.append(request.url))
    try:
        page.goto(path.as_uri())
        expect(page.locator("h1")).to_have_text(stats_html.say("title", language))
        expect(page.locator("html")).to_have_attribute("lang", language)
        labels = page.locator("svg.stats-chart").evaluate_all(
            "charts => charts.map((c) => c.getAttribute('aria-label'))"
        )
        lengths = [
            stats_html.say("length", language, title=game["title"])
            for game in found["games"].values()
        ]
        assert labels[0] == stats_html.say("wins_chart", language)
        assert [label for label in labels if label in lengths] == lengths  # one per game
        assert chart_titles(page, labels[0]) == wins_of(found)
        for chart in page.locator("svg.stats-chart").all():  # drawn, at the page's width
            box = chart.bounding_box()
            assert box is not None and 300 < box["width"] <= PHONE["width"]
        # The first game's dots: one per finished game, each titled with its actions.
        first = next(iter(found["games"].values()))
        dots = chart_titles(page, lengths[0])
        actions = [f"{game['actions']}" for game in first["history"]]
        assert [re.sub(r"^[^:]+: (\d+) ·.*", r"\1", t) for t in dots[: len(actions)]] == actions
        assert asked == [path.as_uri()]  # nothing fetched: no font, no script, no picture
        assert errors == []
        save(page, f"stats_report_{language}.png")
        measured(page)
    finally:
        context.close()


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_table_page_shows_the_statistics(
    browser: Browser, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    """The table page's "Statistics": the same sections as the report, the game on the
    table (a new Bestiary game) first, its charts drawn as SVG in the page (not as
    pictures), in the table's language; back to the cards and new game."""
    path = tmp_path / "j.sqlite"
    journal, _ = evening(path, monkeypatch)
    journal.close()
    setup = {"players": ["Anna", "Boris"], "first": 1, "scale_length": 6}
    with running_table(tmp_path, language, "bestiary", setup, []) as table:
        found = stats.table_stats(Journal(path), language=language)
        url = f"{table.server.url}/table/{table.tokens['table']}"
        page = open_page(browser, table, url, PHONE)
        page.goto(url)
        words = {"en": ("Statistics", "Players"), "ru": ("Статистика", "Игроки")}[language]
        tab = page.locator("#view-stats")
        expect(tab).to_have_text(words[0], timeout=WAIT)
        tab.click()
        expect(tab).to_have_attribute("aria-pressed", "true")
        expect(page.locator("#table-view")).to_be_hidden()
        sections = page.locator("#stats > section")
        expect(sections.first.locator("h2")).to_have_text(words[1], timeout=WAIT)
        ids = sections.evaluate_all("nodes => nodes.map((n) => n.dataset.section)")
        assert ids[:3] == ["players", "games", "game-bestiary"]
        assert sorted(ids[2:]) == sorted(f"game-{name}" for name in found["games"])
        label = stats_html.say("wins_chart", language)
        assert chart_titles(page, label) == wins_of(found)
        chart = page.locator(f'#stats svg[aria-label="{label}"]')
        box = chart.bounding_box()
        assert box is not None and box["width"] > 300 and box["height"] > 60
        bestiary = found["games"]["bestiary"]
        length = stats_html.say("length", language, title=bestiary["title"])
        expect(page.locator(f'#stats svg[aria-label="{length}"] circle')).to_have_count(
            len(bestiary["history"]) * 3  # actions, periods and minutes: a dot each per game
        )
        standings = page.locator("[data-section=players] table").first
        expect(standings.locator("tbody tr")).to_have_count(len(found["players"]))
        subtitle = {"en": "The table's page:", "ru": "Страница стола:"}[language]
        expect(page.locator("#subtitle")).to_contain_text(subtitle)
        measured(page)
        page.set_viewport_size(PHONE)
        if language == "en":
            page.evaluate("window.scrollTo(0, 0)")
            fresh = page.screenshot(animations="disabled", caret="hide")
            target = GALLERY / "phone_table_stats.png"
            if not (target.exists() and same_picture(target.read_bytes(), fresh)):
                target.write_bytes(fresh)
        page.locator("#view-table").click()
        expect(page.locator("#stats-view")).to_be_hidden()
        expect(page.locator("#table-view")).to_be_visible()
        assert table.errors == []


def test_a_table_too_wide_for_the_phone_scrolls_and_shows_it(
    browser: Browser, tmp_path: Path
) -> None:
    """Four columns of long numbers (not a list: four fit as a rule) are wider than a phone:
    the table scrolls in its box, which glows at the edge where more is hidden."""
    rows = [[f"Player {n}", *(str(10**15 + n) for _ in range(3))] for n in range(3)]
    table: stats_html.Table = {"title": "T", "columns": ["P", "A", "B", "C"], "rows": rows}
    section: stats_html.Section = {"id": "x", "title": "X", "items": [{"table": table}]}
    path = tmp_path / "wide.html"
    path.write_text(stats_html.page("T", [(None, "", [section])], "en"), encoding="utf-8")
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    try:
        page = context.new_page()
        page.goto(path.as_uri())
        scroller = page.locator(".scroll")
        assert scroller.evaluate("s => s.scrollWidth > s.clientWidth")
        assert page.evaluate(CUT) == []  # cut, but in a scroller that shows it
        assert "gradient" in scroller.evaluate("s => getComputedStyle(s).backgroundImage")
        assert page.evaluate("document.documentElement.scrollWidth") == PHONE["width"]
    finally:
        context.close()


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_game_without_cards_says_so_and_asks_for_none(
    browser: Browser, tmp_path: Path, language: str
) -> None:
    """A Manus table's page: no /cards asked (a 404 the browser would log as an error), a
    sentence instead, and the subtitle and the tabs in the table's language."""
    with running_table(tmp_path, language, "manus", {"players": ["Anna", "Boris"]}, []) as table:
        url = f"{table.server.url}/table/{table.tokens['table']}"
        page = open_page(browser, table, url, PHONE)
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        page.goto(url)
        words = {
            "en": ("This game keeps no cards.", "The table's page:", "Statistics"),
            "ru": ("В этой игре карт нет.", "Страница стола:", "Статистика"),
        }[language]
        expect(page.locator("#game")).to_have_text(words[0], timeout=WAIT)
        expect(page.locator("#subtitle")).to_contain_text(words[1])
        expect(page.locator("#view-stats")).to_have_text(words[2])
        expect(page.locator("select[name=game] option")).not_to_have_count(0)
        assert not [a for a in asked if a.endswith("/cards")]
        assert page.locator("#cards button").count() == 0
        assert table.errors == []


HOSTILE_CHART = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 360 60" onload="window.pwned=1">'
    "<script>window.pwned = 2</script>"
    '<a href="javascript:window.pwned=3"><text x="1" y="20">link</text></a>'
    '<foreignObject><img xmlns="http://www.w3.org/1999/xhtml" src="x" onerror="window.pwned=4"/>'
    "</foreignObject>"
    '<text x="10" y="40" style="fill: red" onclick="window.pwned=5">kept</text></svg>'
)


def test_the_phone_keeps_only_a_chart_of_what_it_is_sent(browser: Browser, tmp_path: Path) -> None:
    """Whatever answers /stats (the box's own route escapes every name; this is the page's
    second line): a chart keeps only a chart's elements and attributes, and every table
    cell and title is text."""
    setup = {"players": ["Anna", "Boris"], "first": 1, "scale_length": 6}
    with running_table(tmp_path, "en", "bestiary", setup, []) as table:
        url = f"{table.server.url}/table/{table.tokens['table']}"
        page = open_page(browser, table, url, PHONE)
        answer = {
            "language": "en",
            "game": "bestiary",
            "title": "<b>t</b>",
            "sections": [
                {
                    "id": "players",
                    "title": "<img src=x onerror=window.pwned=6>",
                    "items": [
                        {"text": "<script>window.pwned = 7</script>"},
                        {"chart": {"title": "x", "svg": HOSTILE_CHART}},
                        {"chart": {"title": "y", "svg": "<html><body>not svg</body></html>"}},
                        {
                            "table": {
                                "title": "T",
                                "columns": ["<i>Player</i>"],
                                "rows": [["<img src=x onerror=window.pwned=8>"]],
                            }
                        },
                    ],
                }
            ],
        }
        page.route("**/stats", lambda route: route.fulfill(json=answer))
        page.goto(url + "#stats")
        section = page.locator("#stats > section")
        expect(section.locator("h2")).to_have_text("<img src=x onerror=window.pwned=6>")
        expect(section.locator("td")).to_have_text("<img src=x onerror=window.pwned=8>")
        charts = section.locator("svg")
        expect(charts).to_have_count(1)  # the page that is not SVG is no chart
        kept = charts.first.evaluate(
            "svg => [...svg.querySelectorAll('*')].map((n) => [n.localName, "
            "n.getAttributeNames().sort().join(' ')])"
        )
        assert kept == [["text", "x y"]]  # no script, link, foreign object, handler or style
        assert charts.first.evaluate("svg => svg.getAttributeNames().sort()") == [
            "viewBox",
            "xmlns",
        ]
        page.locator("svg text").dispatch_event("click")
        assert page.evaluate("window.pwned") is None
        # The CSP refuses the handlers and the style as the SVG is parsed (a third line: a
        # parsed document runs nothing anyway); nothing else went wrong.
        refused = "violates the following Content Security Policy directive"
        assert [e for e in table.errors if refused not in e] == []
