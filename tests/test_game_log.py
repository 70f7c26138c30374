"""The game log behind the menu: every sentence the event line said this game, in order,
in the table's language, scrolled with the seat buttons, and the notices the notice
lines could not hold."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from companion import game_log
from companion.controls import menu_items
from companion.display.layout import SIZES
from companion.display.renderer import Renderer
from companion.display.scene import Scene
from companion.narration import narrate
from companion.snapshot import HardwareStatus
from companion.table import Undo
from tests.test_controls import DUEL_SETUP, TO_SUPPORT, Driver, make_app

LOG = next(i for i, item in enumerate(menu_items()) if item.key == "ui.menu.log")


def played(tmp_path: Path) -> tuple[Driver, list[str]]:
    """A duel to its support phase; what the event line said after each action."""
    driver = make_app(tmp_path)
    said: list[str] = []
    for action in DUEL_SETUP + TO_SUPPORT:
        snap = driver.app.apply(action)
        said.extend(narrate(snap.spec, snap.change.events, snap.view, "en"))
    return driver, said


def open_log(driver: Driver) -> None:
    driver.hold("menu", 3.0)
    for _ in range(LOG):
        driver.tap("seat1.blue")
    driver.tap("seat1.cyan")


def test_the_log_holds_every_sentence_of_the_game_in_order(tmp_path: Path) -> None:
    driver, said = played(tmp_path)
    assert len(said) > 10
    open_log(driver)
    snap = driver.app.snapshot
    assert snap.ui.mode == "log"
    scene = Scene.of(snap)
    assert scene.listing is not None
    assert scene.listing.lines[: len(said)] == tuple(said)
    # The newest sentence is under the cursor; red goes back in time, never past the start.
    assert scene.listing.cursor == len(said) - 1
    driver.tap("seat2.red")
    assert driver.app.snapshot.ui.log_line == len(said) - 2
    for _ in range(len(said) + 3):
        driver.tap("seat2.red")
    assert driver.app.snapshot.ui.log_line == 0
    # Yellow closes it: back to the game, which did not move.
    head = driver.app.table.head
    driver.tap("seat1.yellow")
    assert driver.app.snapshot.ui.mode is None
    assert driver.app.table.head == head


def test_the_log_is_said_in_the_tables_language_and_forgets_what_undo_took_back(
    tmp_path: Path,
) -> None:
    driver, said = played(tmp_path)
    snap = driver.app.snapshot
    russian = game_log.narrate_game(snap.spec, snap.setup, snap.history, "ru")
    assert len(russian) == len(said) and russian != tuple(said)
    undone = driver.app.execute(Undo())
    assert len(game_log.lines(undone)) < len(said)


def test_notices_the_screen_could_not_hold_are_in_the_log(tmp_path: Path) -> None:
    driver, _ = played(tmp_path)
    hardware = HardwareStatus(replaced=("buttons", "disc", "leds", "buzzer"), sensor_present=False)
    snap = replace(driver.app.snapshot, hardware=hardware)
    lines = game_log.lines(snap)
    for note in snap.notices():
        assert game_log.WARNING + note in lines


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_log_reads_at_5_mm_and_shows_the_line_under_the_cursor(
    display: None, tmp_path: Path, size: tuple[int, int]
) -> None:
    driver, said = played(tmp_path)
    open_log(driver)
    driver.tap("seat1.red")
    renderer = Renderer(pygame.display.set_mode(size))
    assert renderer.render(Scene.of(driver.app.snapshot), 0.0)
    assert renderer.drawn[-1] == "menu"
    records = [r for r in renderer.painter.texts if r.text.strip()]
    assert min(r.px for r in records) >= renderer.layout.min_text
    shown = " ".join(" ".join(r.text for r in records).split())
    assert " ".join(said[-2].split()[:2]) in shown  # the line under the cursor is on screen
