"""From mock pin edges to a journaled action to LED bytes written.

Real gpiozero Button and RotaryEncoder objects on gpiozero's MockFactory, the app's loop
on its own thread (as on the Pi: gpiozero calls back on another thread than the loop),
a real SQLite journal, and the ring's bytes taken at the pixelbuf seam.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.app import App, build_app
from companion.config import Config, load
from companion.hardware import pixels
from companion.hardware.factory import open_adapters
from companion.hardware.fakes import FakeLedRing
from companion.hardware.gpio import GpioBuzzer
from companion.hardware.mock import mock_pins
from companion.hardware.pixels import PixelRing, RecordingStrip
from companion.i18n import text
from companion.journal import Journal
from tests.test_controls import DUEL_SETUP
from tests.test_leds_manus import TO_VOTE

CONFIG = """\
buttons:
  debounce_ms: 5
  pins:
    seat3: {{red: 2, blue: 3, cyan: 7, yellow: 8}}
leds:
  driver: none
  brightness: 0.3
game:
  name: {game}
  setup: {setup}
"""
PINS = {"seat1": (5, 6, 12, 16), "seat2": (17, 22, 27, 4), "seat3": (2, 3, 7, 8)}
RED, BLUE, CYAN, YELLOW = range(4)
NEXT, DISC_A, DISC_B = 26, 23, 24


def config_for(tmp_path: Path, game: str, setup: str) -> Config:
    text = CONFIG.format(game=game, setup=setup)
    path = tmp_path / "table.yaml"
    path.write_text(text, encoding="utf-8")
    return load(path)


class Table:
    """The app on its loop thread, the mock pins, and the strip's wire.

    The loop thread builds the app as well as running it: the journal's SQLite connection
    belongs to the thread that opened it, and one thread owns all state.
    """

    def __init__(self, pins: Any, config: Config, journal: Path) -> None:
        self.pins = pins
        self.config = config
        self.journal = journal
        self.strip = RecordingStrip(24, byteorder="GRB", brightness=config.brightness)
        self.ready = threading.Event()
        self.app: App

    def _loop(self, setup: list[dict[str, Any]]) -> None:
        adapters = open_adapters(self.config, fakes=False, strict=True)
        adapters.ring = PixelRing(self.strip)
        self.app = build_app(self.config, journal_path=self.journal, adapters=adapters)
        for action in setup:
            self.app.apply(action)
        self.ready.set()
        self.app.run()
        self.app.close()

    def start(self, setup: list[dict[str, Any]]) -> None:
        self.thread = threading.Thread(target=self._loop, args=(setup,), name="loop")
        self.thread.start()
        assert self.ready.wait(5)
        self.wait_for(lambda: self.app.running and bool(self.strip.writes))  # buttons wired

    def stop(self) -> None:
        self.app.stop()
        self.thread.join(timeout=5)

    def press(self, pin: int) -> None:
        self.pins.pin(pin).drive_low()
        time.sleep(0.008)
        self.pins.pin(pin).drive_high()
        time.sleep(0.008)

    def turn_disc(self, back: bool = False) -> None:
        """One sector: the two hall sensors' quadrature cycle, either way round."""
        first, second = (DISC_B, DISC_A) if back else (DISC_A, DISC_B)
        for pin, level in ((first, 0), (second, 0), (first, 1), (second, 1)):
            (self.pins.pin(pin).drive_low if level == 0 else self.pins.pin(pin).drive_high)()

    def settle(self) -> None:
        """Wait until the loop has taken every event off its queue and drawn."""
        self.wait_for(lambda: self.app.events.unfinished_tasks == 0)  # taken and handled
        time.sleep(0.03)

    def stored(self) -> list[dict[str, Any]]:
        journal = Journal(self.journal)
        try:
            return [r.action for r in journal.actions(self.app.table.record.id)]
        finally:
            journal.close()

    @staticmethod
    def wait_for(condition: Callable[[], bool], timeout: float = 5.0) -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            assert time.monotonic() < deadline, "timed out"
            time.sleep(0.005)


@pytest.fixture
def pins() -> Iterator[Any]:
    with mock_pins() as factory:
        yield factory


def led(wire: bytes | RecordingStrip, index: int) -> tuple[int, int, int]:
    """The (red, green, blue) bytes of one LED in a GRB strip's write (or its last one)."""
    data = wire.last_bytes if isinstance(wire, RecordingStrip) else wire
    g, r, b = data[index * 3 : index * 3 + 3]
    return (r, g, b)


def test_a_support_ability_from_a_button_to_the_journal_and_the_ring(
    pins: Any, tmp_path: Path
) -> None:
    config = config_for(tmp_path, "bestiary", "{players: [Anna, Boris]}")
    table = Table(pins, config, tmp_path / "j.sqlite")
    table.start(DUEL_SETUP)
    try:
        table.turn_disc()  # the hall sensors: period 1 starts
        table.wait_for(lambda: table.app.view["period"] == 1)
        table.settle()
        assert led(table.strip, 0) == (76, 57, 33)  # the sun sector, at brightness 0.3
        table.press(PINS["seat1"][CYAN])  # siege: no towers (the first choice)
        table.press(NEXT)  # attack: end the phase
        table.wait_for(lambda: table.app.view["phase"] == "support")
        table.press(PINS["seat1"][CYAN])  # Stone skin on Saxum: prep 2, back in period 3
        table.wait_for(lambda: len(table.stored()) == len(DUEL_SETUP) + 4)
        table.settle()
        wire = table.strip.last_bytes
    finally:
        table.stop()
    assert table.stored()[-1] == {
        "do": "support",
        "creature": "saxum",
        "ability": "stone_skin",
        "target": "saxum",
        "seat": 1,  # the seat whose button took it, as the rules were told
    }
    # Sector 3, seat 1's end, in seat 1's colour: the screen's yellow (255, 255, 64) at 0.3.
    assert led(wire, 8) == (76, 76, 19)
    assert led(wire, 11) == (0, 0, 0)
    assert table.strip.last_bytes == bytes(72)  # closing the app turns the ring off


def test_a_disc_wobbling_on_a_sector_boundary_turns_one_period(pins: Any, tmp_path: Path) -> None:
    config = config_for(tmp_path, "bestiary", "{players: [Anna, Boris]}")
    table = Table(pins, config, tmp_path / "j.sqlite")
    table.start(DUEL_SETUP)
    try:
        table.turn_disc()
        table.turn_disc(back=True)  # the magnet rocks back over the boundary ...
        table.turn_disc()  # ... and forward again
        table.settle()
        period = table.app.view["period"]
        confirming = table.app.ui.confirming
    finally:
        table.stop()
    assert period == 1 and not confirming
    assert [a["do"] for a in table.stored()].count("turn_disc") == 1


def manus_vote(
    pins: Any, tmp_path: Path, first_vote: int, listen: bool = True
) -> tuple[Table, list[bytes]]:
    config = config_for(tmp_path, "manus", "{players: [Anna, Boris, Clara]}")
    table = Table(pins, config, tmp_path / f"manus{first_vote}.sqlite")
    table.start(TO_VOTE)
    seen: list[bytes] = []
    buzzer = table.app.adapters.buzzer
    assert isinstance(buzzer, GpioBuzzer)
    assert not listen or buzzer.wait_idle()
    buzzer.played.clear()  # the cues of the setup actions
    try:
        for seat, colour in (("seat1", first_vote), ("seat2", RED), ("seat2", BLUE)):
            table.press(PINS[seat][colour])
            table.settle()
            seen.append(table.strip.last_bytes)
        table.press(PINS["seat3"][YELLOW])  # the last hand: the cards turn over
        table.wait_for(lambda: table.app.view["phase"] == "tests")
        table.settle()
        assert not listen or buzzer.wait_idle()
    finally:
        table.stop()
    return table, seen


def test_a_full_hidden_vote_from_buttons(pins: Any, tmp_path: Path) -> None:
    table, seen = manus_vote(pins, tmp_path, first_vote=BLUE)
    votes = [a for a in table.stored() if a["do"] == "vote"]
    assert votes == [  # each cast by the seat whose buttons were pressed: its own hand
        {"do": "vote", "hand": 1, "condition": "cold", "seat": 1},
        {"do": "vote", "hand": 2, "condition": "warm", "seat": 2},
        {"do": "vote", "hand": 2, "condition": "cold", "seat": 2},  # seat 2 changed its card
        {"do": "vote", "hand": 3, "condition": "dry", "seat": 3},
    ]
    assert table.app.view["test_site"] == {"temperature": "cold", "humidity": "dry"}
    assert seen[1] == seen[2]  # the change shows nothing a neighbour could read
    buzzer = table.app.adapters.buzzer
    assert isinstance(buzzer, GpioBuzzer)
    assert buzzer.played == ["vote_complete"]


def test_the_ring_shows_the_same_whatever_the_first_hand_voted(pins: Any, tmp_path: Path) -> None:
    streams = []
    for colour in (RED, BLUE, CYAN, YELLOW):
        _, seen = manus_vote(pins, tmp_path, first_vote=colour, listen=False)
        streams.append(seen)
        pins.reset()
    assert streams[0] == streams[1] == streams[2] == streams[3]


def test_a_failing_adapter_is_replaced_by_its_fake_with_a_warning(
    pins: Any, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "pwm.yaml"
    path.write_text("leds:\n  driver: pwm\n", encoding="utf-8")
    config = load(path)
    app = build_app(config, journal_path=tmp_path / "j.sqlite")
    try:
        assert app.adapters.replaced == ["leds"]
        assert "leds: cannot start, using the on-screen fake instead" in caplog.text
        assert app.snapshot.notices() == (text("hardware.replaced.leds", "en"),)
        assert app.adapters.sensor_present
    finally:
        app.close()


def test_a_ring_that_fails_its_first_write_is_replaced(
    pins: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PWM without root fails on the first write, not on opening: the start-up check writes."""

    class NoRoot(RecordingStrip):
        def _transmit(self, buffer: bytearray) -> None:
            raise PermissionError("ws2811_init failed: run as root")

    monkeypatch.setattr(pixels, "open_strip", lambda *args: NoRoot(24))
    path = tmp_path / "pwm.yaml"
    path.write_text("leds:\n  driver: pwm\n", encoding="utf-8")
    adapters = open_adapters(load(path), fakes=False, strict=False)
    try:
        assert adapters.replaced == ["leds"]
        assert isinstance(adapters.ring, FakeLedRing)
    finally:
        for port in (adapters.buttons, adapters.disc, adapters.buzzer):
            assert port is not None
            port.close()
