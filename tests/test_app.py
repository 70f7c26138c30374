"""The app's loop: idle costs nothing, events wake it, a screen hears of changes; the
composition root and `companion run`."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from companion import cli
from companion.app import App, ButtonEdge, build_app, run_main
from companion.config import GameSettings, load
from companion.games.manus import SPEC as MANUS
from companion.games.manus.ring import REVEAL_SECONDS, ROOM_START
from companion.hardware.factory import AdapterError, open_adapters
from companion.hardware.fakes import FakeLedRing
from companion.hardware.mock import mock_pins
from companion.leds import FPS, OFF, LedStyle, Overlay, frame, limit_current
from companion.ring_geometry import RingGeometry
from tests.test_controls import DUEL_SETUP, TO_SUPPORT
from tests.test_leds_manus import TO_VOTE

ROOT = Path(__file__).resolve().parent.parent
CHAINS = {"do": "support", "creature": "vinctum", "ability": "chains", "target": "saxum"}


class Loop:
    """An app built and run on its own thread (the thread that opens the journal owns it)."""

    def __init__(self, tmp_path: Path, setup: list[dict[str, Any]]) -> None:
        self.ready = threading.Event()
        self.cpu = 0.0
        self.app: App
        self.thread = threading.Thread(target=self._run, args=(tmp_path, setup))
        self.thread.start()
        assert self.ready.wait(5)

    def _run(self, tmp_path: Path, setup: list[dict[str, Any]]) -> None:
        self.app = build_app(load(None), fakes=True, journal_path=tmp_path / "j.sqlite")
        for action in setup:
            self.app.apply(action)
        self.ready.set()
        start = time.thread_time()
        self.app.run()
        self.cpu = time.thread_time() - start
        self.app.close()

    @property
    def ring(self) -> FakeLedRing:
        ring = self.app.adapters.ring
        assert isinstance(ring, FakeLedRing)
        return ring

    def stop(self) -> None:
        self.app.stop()
        self.thread.join(5)


@pytest.fixture
def pins() -> Iterator[Any]:
    with mock_pins() as factory:
        yield factory


def test_an_idle_table_sleeps_and_a_press_wakes_it(tmp_path: Path) -> None:
    loop = Loop(tmp_path, DUEL_SETUP + TO_SUPPORT[:1])  # Anna's siege: nothing moves
    changes: list[int] = []
    loop.app.subscribe(lambda snap: changes.append(snap.ui.cursor))
    try:
        assert loop.app.next_wake(time.monotonic()) is None  # nothing to animate, no timer
        time.sleep(0.05)
        started = len(loop.ring.frames)
        time.sleep(0.5)
        frames_while_idle = len(loop.ring.frames) - started
        loop.app.post(ButtonEdge("seat1.blue", True, time.monotonic()))
        deadline = time.monotonic() + 2
        while not changes and time.monotonic() < deadline:
            time.sleep(0.01)
    finally:
        loop.stop()
    assert frames_while_idle == 0  # nothing redrawn while idle
    assert changes == [0, 1]  # the screen's first picture, then the cursor moving
    assert loop.cpu < 0.05  # half a second idle cost (almost) no CPU


def test_an_output_joining_from_another_thread_is_only_ever_called_on_the_loop(
    tmp_path: Path,
) -> None:
    """A phone page or a feed subscribes from its own thread while the table runs."""
    loop = Loop(tmp_path, DUEL_SETUP + TO_SUPPORT[:1])
    callers: list[threading.Thread] = []
    seen = threading.Event()

    def output(snap: Any) -> None:
        callers.append(threading.current_thread())
        if snap.ui.cursor == 1:
            seen.set()

    try:
        loop.app.subscribe(output)  # from the test's thread, not the loop's
        loop.app.post(ButtonEdge("seat1.blue", True, time.monotonic()))
        assert seen.wait(2)
    finally:
        loop.stop()
    assert len(callers) == 2 and set(callers) == {loop.thread}  # its first picture, the press


def test_a_pulsing_token_animates_the_ring_at_the_frame_rate(tmp_path: Path) -> None:
    setup = [*DUEL_SETUP, *TO_SUPPORT, {"do": "end_phase"}, {"do": "siege", "towers": []}]
    loop = Loop(tmp_path, [*setup, {"do": "end_phase"}, CHAINS])  # back next period
    try:
        assert loop.app.next_wake(time.monotonic()) == pytest.approx(1 / FPS)
        time.sleep(0.1)
        before, start = len(loop.ring.frames), time.monotonic()
        time.sleep(0.5)
        drawn, seconds = len(loop.ring.frames) - before, time.monotonic() - start
    finally:
        loop.stop()
    assert 0.5 * seconds * FPS <= drawn <= seconds * FPS + 2
    assert len(set(loop.ring.frames[-drawn:])) > 3


def test_strict_turns_a_failing_adapter_into_an_error(pins: Any) -> None:
    config = load(None)
    config = replace(config, leds=replace(config.leds, driver="none"))
    blocker = open_adapters(config, fakes=False, strict=True)  # holds every pin
    try:
        with pytest.raises(AdapterError, match=r"^buttons: cannot start: .*in use"):
            open_adapters(config, fakes=False, strict=True)
        fallback = open_adapters(config, fakes=False, strict=False)
        assert fallback.replaced == ["buttons", "disc", "buzzer"]
        assert not fallback.sensor_present  # so NEXT turns the period
    finally:
        for port in (blocker.buttons, blocker.disc, blocker.buzzer):
            assert port is not None
            port.close()


def test_fakes_on_request_and_no_adapter_at_import() -> None:
    adapters = open_adapters(load(None), fakes=True, strict=True)
    assert adapters.replaced == [] and not adapters.sensor_present
    code = (
        "import companion.app, companion.controls, companion.leds, sys; print(sorted(sys.modules))"
    )
    modules = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert "gpiozero" not in modules and "board" not in modules and "neopixel" not in modules


def test_run_with_a_bad_config_names_the_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "table.yaml"
    path.write_text("leds:\n  count: 20\n", encoding="utf-8")
    assert run_main(["--config", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:2: leds.count: 20 LEDs" in err and "Traceback" not in err
    assert cli.main(["run", "--config", str(path)]) == 2  # the same through `companion run`
    assert f"{path}:2: leds.count: 20 LEDs" in capsys.readouterr().err


def test_companion_run_starts_and_stops_cleanly_on_sigterm(tmp_path: Path) -> None:
    journal = tmp_path / "table.sqlite"
    code = "import sys; from companion.app import run_main; sys.exit(run_main(sys.argv[1:]))"
    process = subprocess.Popen(
        [sys.executable, "-c", code, "--fakes", "--journal", str(journal)],
        cwd=ROOT,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONWARNINGS": "error"},
    )
    assert process.stderr is not None
    try:
        lines = []
        while not lines or "running" not in lines[-1]:
            lines.append(process.stderr.readline())
            assert lines[-1], f"companion run ended early: {lines}"
        process.send_signal(signal.SIGTERM)
        assert process.wait(20) == 0  # generous: CI runs this beside a busy suite
    finally:
        process.kill()
        process.wait()
        process.stderr.close()
    assert "bestiary, game 1: running" in lines[-1]
    assert journal.exists()


def test_the_ring_settles_on_the_steady_frame_when_the_reveal_ends(tmp_path: Path) -> None:
    """A change made without a button (a screen, a script) shows at once; the reveal
    animation ends on the steady frame, whatever phase its blinking was in."""
    clock = [100.0]
    config = load(None)
    config = replace(config, game=GameSettings("manus", {"players": ["Anna", "Boris", "Clara"]}))
    app = build_app(config, fakes=True, journal_path=tmp_path / "j.sqlite", clock=lambda: clock[0])
    app.start()
    for action in TO_VOTE:
        app.apply(action)
    ring = app.adapters.ring
    assert isinstance(ring, FakeLedRing)
    app.apply({"do": "vote", "hand": 1, "condition": "cold"})
    dot = RingGeometry(len(ring.last)).arc_leds(0, 4, ROOM_START)[-1]
    assert ring.last[dot] != OFF  # hand 1's dot, shown without any tick
    for hand in (2, 3):
        revealed = app.apply({"do": "vote", "hand": hand, "condition": "dry"})
    shown = len(ring.frames)
    while clock[0] < 100.0 + REVEAL_SECONDS + 0.2:
        clock[0] = round(clock[0] + 1 / FPS, 3)
        app.tick(clock[0])
    just = Overlay(changed_at=100.0, fresh_events=revealed.change.events)
    settled = frame(MANUS, app.view, clock[0], LedStyle(), just)
    assert len(ring.frames) - shown > 10  # the reveal was animated
    assert list(ring.last) == limit_current(settled, config.brightness, 900)
    before = len(ring.frames)
    app.tick(clock[0] + 1.0)
    assert len(ring.frames) == before  # and then nothing more is written
    app.close()
