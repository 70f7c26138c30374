"""The spectator page's replay in a real browser: Debian's Chromium driven by Playwright,
against a real companion app (fake hardware) whose journal holds a finished duel and, on
the table, a Hand of Manus at its secret vote.

The page opens the replay, picks the finished duel, and steps through it with the scrubber,
the arrow keys, Home and End, play and pause: each step shows what the replay of the
journal says (the event line's lines, the step's number, the chart so far, the winner at
the end); inside the vote no page shows the vote cast. Back to live, the page is the live
table again. The screenshots go to the gallery (docs/img/phone_replay_en.png, _ru) at a
phone's 390x844.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from companion import journal as journal_module
from companion import script
from companion.journal import Journal
from companion.replay import Replay
from tests.browser import NEEDS_CHROMIUM
from tests.conftest import EXAMPLES
from tests.test_web_browser import (
    PHONE,
    SETUP,
    TO_THE_VOTE,
    WAIT,
    RunningTable,
    go,
    open_page,
    running_table,
    shot,
    unsecret_text,
)

pytestmark = NEEDS_CHROMIUM

DUEL = script.load(EXAMPLES / "duel_siege.yaml")
VOTE: dict[str, Any] = {"do": "vote", "hand": 1, "condition": "cold"}  # Anna's, unrevealed


@contextmanager
def two_games(tmp_path: Path, language: str) -> Iterator[tuple[RunningTable, Path]]:
    """The duel played to its end, then Manus at its vote with Anna's card down, on the
    table; the app on its own loop thread (the table belongs to it), served on a free port."""
    duel = (DUEL.game, DUEL.setup, [item.action for item in DUEL.actions])
    with running_table(
        tmp_path, language, "manus", SETUP, [*TO_THE_VOTE, VOTE], earlier=[duel]
    ) as running:
        yield running, tmp_path / "j.sqlite"


def at_step(page: Page, step: int, of: int) -> None:
    """The page shows step ``step`` (its answer drawn, the bar saying so)."""
    expect(page.locator("body")).to_have_attribute("data-step", str(step), timeout=WAIT)
    expect(page.locator("#replay-where")).to_contain_text(f" {step} / {of}")


def scrub_to(page: Page, step: int) -> None:
    """The scrubber dragged to ``step`` (its value set, as a drag sets it, and its input
    event sent), the focus on it."""
    scrub = page.locator("#replay-scrub")
    scrub.focus()
    scrub.evaluate(
        "(node, step) => { node.value = String(step);"
        " node.dispatchEvent(new Event('input', { bubbles: true })); }",
        step,
    )


def said_at(page: Page, replay: Replay, step: int, language: str) -> None:
    """The event line shows that step's lines, as the journal keeps them."""
    lines = list(replay.step(step, language).said)
    if lines:
        expect(page.locator("#said .said-line")).to_have_text(lines, timeout=WAIT)
    else:
        expect(page.locator("#said-box")).to_be_hidden()


def pick_the_duel(page: Page, duel: int, of: int, games: int) -> None:
    page.get_by_role("button", name=re.compile("^(Replay|Повтор)$")).click()
    expect(page.locator("#replay")).to_be_visible()
    expect(page.locator("#status")).to_have_class(re.compile("status-replaying"))
    listed = page.locator("#replay-game option")
    expect(listed).to_have_count(games, timeout=WAIT)
    page.locator("#replay-game").select_option(str(duel))
    at_step(page, 0, of)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_replay_steps_through_a_finished_game(
    browser: Browser, tmp_path: Path, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every action played at one evening's hour: the step's time in the gallery's picture
    # stays the same from run to run.
    monkeypatch.setattr(journal_module, "utc_now", lambda: "2026-11-26T19:30:00Z")
    with two_games(tmp_path, language) as (table, path):
        journal = Journal(path)
        listed = journal.game_ids()  # the app's first game, the duel, the game on the table
        duel_id, manus_id = listed[-2:]
        replay = Replay(journal, duel_id)
        page = open_page(browser, table, table.server.url, PHONE)
        go(page, table.server.url + "/")
        expect(page.locator("#replay")).to_be_hidden()
        the_game_on_the_table(page, manus_id, len(listed))
        pick_the_duel(page, duel_id, replay.of, len(listed))
        scrubbed_and_stepped(page, replay, language)
        played_and_paused(page, replay.of)
        # A step where the chart has a line: the gallery's picture.
        of = replay.of
        shown = next(
            n for n in range(of // 2, of) if _damage(replay, n) and replay.step(n, language).said
        )
        scrub_to(page, shown)
        at_step(page, shown, of)
        expect(page.locator("#replay-chart-box svg.chart")).to_be_visible()
        expect(page.locator("#log li").last).to_have_text(replay.step(shown, language).said[-1])
        shot(page, f"replay_{language}")
        # Back to live: the game on the table again.
        page.locator("#replay-toggle").click()
        expect(page.locator("#replay")).to_be_hidden()
        expect(page.locator("#status")).to_have_class(re.compile("status-live"), timeout=WAIT)
        expect(page.locator("body")).to_have_attribute("data-head", str(len(TO_THE_VOTE) + 1))
        journal.close()
        assert table.errors == []


def the_game_on_the_table(page: Page, manus_id: int, games: int) -> None:
    """The list opens on the game on the table, where it stands: inside the vote, the
    event line says who put a card down, and nothing on the page says which."""
    page.locator("#replay-toggle").click()
    expect(page.locator("#replay-game option")).to_have_count(games, timeout=WAIT)
    expect(page.locator("#replay-game")).to_have_value(str(manus_id))
    at_step(page, len(TO_THE_VOTE) + 1, len(TO_THE_VOTE) + 1)
    expect(page.locator("#said")).to_contain_text("Anna")
    assert "cold" not in unsecret_text(page) and "холод" not in unsecret_text(page)
    page.locator("#replay-toggle").click()  # back to live
    expect(page.locator("#status")).to_have_class(re.compile("status-live"), timeout=WAIT)


def scrubbed_and_stepped(page: Page, replay: Replay, language: str) -> None:
    """The scrubber (a click on it, then a drag to the middle), the arrow keys, Home and
    End: each step its own lines; the end the winner and the game's chart."""
    of = replay.of
    said_at(page, replay, 0, language)
    expect(page.locator("#over")).to_be_hidden()
    box = page.locator("#replay-scrub").bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] * 0.6, box["y"] + box["height"] / 2)
    expect(page.locator("body")).not_to_have_attribute("data-step", "0", timeout=WAIT)
    assert 0 < int(page.locator("body").get_attribute("data-step") or "0") < of
    middle = of // 2
    scrub_to(page, middle)
    at_step(page, middle, of)
    said_at(page, replay, middle, language)
    # The arrow keys (the scrubber has the focus: one step a press, not two).
    page.keyboard.press("ArrowRight")
    at_step(page, middle + 1, of)
    said_at(page, replay, middle + 1, language)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    at_step(page, middle - 1, of)
    said_at(page, replay, middle - 1, language)
    page.keyboard.press("Home")
    at_step(page, 0, of)
    page.keyboard.press("End")
    at_step(page, of, of)
    said_at(page, replay, of, language)
    winner = replay.step(of).view["winner"]
    assert isinstance(winner, dict)
    expect(page.locator("#winner")).to_contain_text(str(winner["name"]))
    expect(page.locator("#chart svg.chart")).to_be_visible()
    expect(page.locator("#replay-chart-box")).to_be_hidden()  # the end's own chart


def played_and_paused(page: Page, of: int) -> None:
    """Play from the start: the steps go on by themselves; paused, they stop."""
    page.keyboard.press("Home")
    at_step(page, 0, of)
    page.locator("#replay-play").click()
    at_step(page, 2, of)
    page.locator("#replay-play").click()
    stopped = page.locator("body").get_attribute("data-step")
    page.wait_for_timeout(2000)
    assert page.locator("body").get_attribute("data-step") == stopped


def _damage(replay: Replay, step: int) -> bool:
    """Has a castle taken damage by this step (the chart has more than its start)?"""
    log = replay.step(step).view.get("damage_log")
    return isinstance(log, list) and len(log) > 1
