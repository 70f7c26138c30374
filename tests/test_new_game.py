"""A new game needs rules and a catalogue alone: the shell's defaults make it playable.

"Race to five" (tests/minigame) exists only here. It is registered for the test and played
from gpiozero MockFactory pins through the real controls, with the real screen drawing
(SDL dummy driver) and the ring's frames recorded by its fake.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from companion import games
from companion.app import App, build_app
from companion.config import load
from companion.controls import menu_items
from companion.display.screen import ScreenOutput
from companion.hardware.factory import open_adapters
from companion.hardware.fakes import FakeLedRing
from companion.hardware.mock import mock_pins
from companion.leds import LedStyle, scale, seat_colour
from companion.narration import narrate
from companion.snapshot import UiState
from tests.minigame import SPEC

CONFIG = """\
buttons:
  debounce_ms: 5
leds:
  driver: none
buzzer:
  enabled: false
disc:
  source: none
game:
  name: tally
  setup: {players: [Ann, Bob]}
"""
SEAT_PINS = {
    1: {"red": 5, "blue": 6, "cyan": 12, "yellow": 16},
    2: {"red": 17, "blue": 22, "cyan": 27, "yellow": 4},
}


@pytest.fixture
def tally(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(games.GAMES, "tally", SPEC)


@pytest.fixture
def pins() -> Iterator[Any]:
    with mock_pins() as factory:
        yield factory


class Box:
    """The app, driven from mock pins on this thread (the test is the loop)."""

    def __init__(self, pins: Any, tmp_path: Path) -> None:
        (tmp_path / "table.yaml").write_text(CONFIG, encoding="utf-8")
        config = load(tmp_path / "table.yaml")
        adapters = open_adapters(config, fakes=False, strict=True)
        self.ring = FakeLedRing(adapters.ring.count if adapters.ring else 24)
        adapters.ring = self.ring
        self.app: App = build_app(config, journal_path=tmp_path / "j.sqlite", adapters=adapters)
        pygame.display.init()
        self.screen = ScreenOutput(self.app, pygame.display.set_mode((480, 320)))
        self.app.subscribe(self.screen)
        self.pins = pins
        self.app.start()

    def press(self, seat: int, colour: str) -> None:
        pin = self.pins.pin(SEAT_PINS[seat][colour])
        for drive in (pin.drive_low, pin.drive_high):
            drive()
            time.sleep(0.012)  # past the 5 ms debounce
            self.drain()

    def drain(self) -> None:
        while not self.app.events.empty():
            self.app.handle(self.app.events.get_nowait(), time.monotonic())

    def screen_text(self, role: str) -> list[str]:
        return [record.text for record in self.screen.renderer.painter.texts_with(role)]

    def close(self) -> None:
        self.app.close()
        pygame.display.quit()


def test_a_game_with_rules_and_a_catalogue_alone_plays_from_the_buttons(
    tally: None, pins: Any, tmp_path: Path
) -> None:
    box = Box(pins, tmp_path)
    try:
        assert box.app.table.game == "tally"
        # The generic screen says the prompt and the choice under the cursor.
        # The banner names the player, so the prompt does not say it again.
        assert box.screen_text("banner.seat") == ["Ann"]
        assert box.screen_text("prompt") == ["Add to your score"]
        assert box.screen_text("prompt.choice") == ["Add 1"]
        # The generic ring lights the seat that must act, in that seat's colour.
        style = LedStyle()
        assert set(box.ring.last) == {scale(seat_colour(style, 1), 0.35)}

        box.press(1, "cyan")  # Ann adds 1
        assert box.screen_text("banner.seat") == ["Bob"]
        assert box.screen_text("prompt") == ["Add to your score"]
        assert set(box.ring.last) == {scale(seat_colour(style, 2), 0.35)}
        box.press(1, "cyan")  # not Ann's turn: refused, nothing changes
        assert box.app.snapshot.history == ({"do": "add", "amount": 1, "seat": 1},)
        assert box.app.ui.refused
        box.press(2, "blue")  # Bob moves to "Add 2" ...
        assert box.screen_text("prompt.choice") == ["Add 2"]
        box.press(2, "cyan")  # ... and takes it
        for seat in (1, 2, 1):
            box.press(seat, "blue")
            box.press(seat, "cyan")

        view = box.app.view
        assert [s["score"] for s in view["seats"]] == [5, 4]
        assert view["winner"] == {"seat": 1}
        assert box.screen.renderer.drawn == ["victory"]
        assert "Ann" in " ".join(box.screen_text("victory.title"))
        # The ring chases in the winner's colour.
        assert seat_colour(style, 1) in box.ring.last
        # The narration says each event by the game's catalogue, in both languages.
        events = [{"event": "added", "seat": 1, "amount": 2, "score": 5}]
        assert narrate(SPEC, events, view, "en") == ["Ann adds 2: 5."]
        assert narrate(SPEC, events, view, "ru") == ["Ann прибавляет 2: 5."]
    finally:
        box.close()


def test_the_menu_offers_every_registered_game(tally: None) -> None:
    lines = [item.label(UiState()) for item in menu_items()]
    assert "New game: Race to five" in lines
    assert "Новая игра: Гонка до пяти" in [
        item.label(UiState(language="ru")) for item in menu_items()
    ]
