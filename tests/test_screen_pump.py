"""`companion run` with a desktop window: the loop answers the window system while idle
(a window that never reads its events goes "not responding"), and closing the window
stops the table the way Ctrl-C does."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from companion.app import App, build_app
from companion.config import load
from companion.display.screen import ScreenOutput


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    pygame.display.init()
    built = build_app(load(None), fakes=True, journal_path=tmp_path / "j.sqlite")
    try:
        yield built
    finally:
        built.close()
        pygame.display.quit()


def test_an_idle_table_with_a_window_still_wakes_to_read_its_events(app: App) -> None:
    assert app.next_wake(app.clock()) is None  # no window, nothing due: it sleeps
    app.subscribe(ScreenOutput(app, pygame.display.set_mode((480, 320))))
    wake = app.next_wake(app.clock())
    assert wake is not None and wake <= 0.25


def test_closing_the_window_stops_the_loop_like_ctrl_c(app: App) -> None:
    app.subscribe(ScreenOutput(app, pygame.display.set_mode((480, 320))))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    with pytest.raises(KeyboardInterrupt):
        app.run()  # no button is pressed: only the idle wake can read the window's events
    assert pygame.event.peek(pygame.QUIT) is False  # the loop read it
