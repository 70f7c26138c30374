"""The spectator page's game log in Chromium, on a long game: it shows the last lines the
first update carried, appends each update's new lines, and when it sees a gap (an update
it missed) it asks /api/log for the lines before and shows the same lines as a replay of
the game says; after an undo it keeps the lines before the cut."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from companion.table import Table, Undo
from companion.web.hub import Hub
from companion.web.server import serve_in_thread
from tests.browser import NEEDS_CHROMIUM
from tests.test_game_log import long_duel, oracle, snapshot_of
from tests.test_web_browser import SCREEN

pytestmark = NEEDS_CHROMIUM
SHOWN = 60  # spectator.js LOG_SHOWN
WAIT = 10_000


def shows(page: Page, table: Table) -> None:
    """The page's log is the last lines of the game as a replay says them."""
    expected = list(oracle(table, "en")[-SHOWN:])
    expect(page.locator("#log li")).to_have_text(expected, timeout=WAIT)


def test_the_spectator_log_fills_a_gap_from_api_log_and_keeps_the_lines_before_an_undo(
    tmp_path: Path, browser: Browser
) -> None:
    table, stream = long_duel(tmp_path / "j.sqlite", 300)
    hub = Hub(lambda event: None, table.journal)
    hub(snapshot_of(table))
    server = serve_in_thread(hub)
    context = browser.new_context(viewport=SCREEN)
    asked: list[str] = []
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("request", lambda request: asked.append(request.url))
        page.goto(f"{server.url}/")
        shows(page, table)  # the first update's last lines
        assert not [url for url in asked if "/api/log" in url]

        table.apply(next(stream))
        hub(snapshot_of(table))
        shows(page, table)  # the update's new lines appended

        for action in [next(stream) for _ in range(12)]:
            table.apply(action)
        # The page missed an update: this one starts two lines before the end.
        length = table.log().count("en")
        hub._log_sent = (table.record.id, table.log().epoch, "en", length - 2)
        hub(snapshot_of(table))
        shows(page, table)
        fetched = [url for url in asked if "/api/log" in url]
        assert fetched and fetched[0].endswith(f"/api/log?from={length - SHOWN}")

        table.execute(Undo())
        table.execute(Undo())
        hub(snapshot_of(table))
        kept = list(oracle(table, "en"))
        items = page.locator("#log li")
        expect(items.last).to_have_text(kept[-1], timeout=WAIT)
        shown = items.all_inner_texts()
        assert shown == kept[-len(shown) :] and len(shown) >= SHOWN // 2
        assert not errors
    finally:
        context.close()
        server.stop()
        table.journal.close()
