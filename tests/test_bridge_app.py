"""The whole app with its disc and ring on the virtual Pico: config -> factory -> bridge."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from companion import script as scripts
from companion.app import App, ButtonEdge, DiscStep, build_app
from companion.config import load
from companion.hardware.bridge import Bridge
from companion.hardware.factory import open_adapters
from companion.hardware.virtual_pico import VirtualPico
from tests.test_bridge_link import resend_in_flight_across_a_reset

ROOT = Path(__file__).resolve().parent.parent
DARK = [(0, 0, 0)] * 24
CONFIG = """\
buttons: {{enabled: false}}
buzzer: {{enabled: false}}
disc: {{source: bridge}}
leds: {{driver: bridge, brightness: 0.5}}
bridge: {{port: "{port}"}}
game:
  name: bestiary
  setup: {{players: [Anna, Boris], first: 1, scale_length: 6}}
"""


def wait_until(check: Callable[[], bool], timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)
    return True


class RunningApp:
    """The app on its own loop thread (it builds, owns and runs the app, as on the Pi)."""

    def __init__(self, pico: VirtualPico, tmp_path: Path, config: str = CONFIG) -> None:
        config_path = tmp_path / "table.yaml"
        config_path.write_text(config.format(port=pico.by_id), encoding="utf-8")
        self.config = load(config_path)
        self.journal = tmp_path / "journal.sqlite"
        self.pico = pico
        self.ready = threading.Event()
        self.apps: list[App] = []
        self.thread = threading.Thread(target=self._loop, name="loop")

    def _loop(self) -> None:
        adapters = open_adapters(self.config, fakes=False, strict=True)
        app = build_app(self.config, journal_path=self.journal, adapters=adapters)
        script = scripts.load(ROOT / "docs" / "examples" / "duel_siege.yaml")
        for item in script.actions[:7]:  # to the first turn of the disc
            app.apply(item.action)
        self.apps.append(app)
        self.ready.set()
        app.run()
        app.close()

    @property
    def app(self) -> App:
        return self.apps[0]

    @property
    def bridge(self) -> Bridge:
        link = self.app.adapters.link
        assert isinstance(link, Bridge)
        return link

    def ring_follows(self) -> bool:
        """The Pico's ring shows the frame the app last drew."""
        frame = self.bridge.frame
        return frame is not None and self.pico.ring.pixels == list(frame)


@pytest.fixture
def pico(tmp_path: Path) -> Iterator[VirtualPico]:
    # The config names the port as on a Pi, by a link that follows the Pico across replugs.
    board = VirtualPico(by_id=tmp_path / "usb-Raspberry_Pi_Pico-if02")
    board.start()
    try:
        yield board
    finally:
        board.stop()
        assert board.crashed is None


@contextmanager
def started(runner: RunningApp) -> Iterator[RunningApp]:
    runner.thread.start()
    try:
        assert runner.ready.wait(5.0)
        assert runner.bridge.wait_linked(5.0)
        assert wait_until(runner.ring_follows)
        yield runner
    finally:
        if runner.apps:
            runner.app.stop()
        runner.thread.join(timeout=5.0)


@pytest.fixture
def running(pico: VirtualPico, tmp_path: Path) -> Iterator[RunningApp]:
    with started(RunningApp(pico, tmp_path)) as runner:
        yield runner


def test_buttons_wired_to_the_pico_reach_the_app(tmp_path: Path) -> None:
    board = VirtualPico(by_id=tmp_path / "usb-Raspberry_Pi_Pico-if02", buttons={"next": "GP6"})
    board.start()
    config = CONFIG.replace("buttons: {{enabled: false}}", "buttons: {{source: bridge}}")
    try:
        with started(RunningApp(board, tmp_path, config)) as runner:
            app = runner.app
            assert wait_until(lambda: app.snapshot.hardware.sensor_present)
            board.press("next")  # the disc sensor is there: NEXT says to turn the disc
            assert wait_until(lambda: app.ui.notice is not None)
            notice = app.ui.notice
            assert notice is not None and notice.key == "hardware.turn_the_disc"
            board.release("next")
            assert app.view["period"] == 0
    finally:
        board.stop()


def test_the_app_turns_the_period_from_the_pico_disc_and_lights_the_pico_ring(
    running: RunningApp, pico: VirtualPico
) -> None:
    app = running.app
    assert app.snapshot.prompt.kind == "turn_disc"
    before = pico.ring.pixels

    pico.turn(1)

    assert wait_until(lambda: app.view["period"] == 1)
    assert wait_until(lambda: list(running.bridge.frame or ()) != before)
    assert wait_until(running.ring_follows)
    assert pico.ring.pixels != DARK
    assert app.snapshot.history[-1] == {"do": "turn_disc"}
    app.stop()
    running.thread.join(timeout=5.0)
    assert pico.ring.pixels == DARK  # closing the app darkens the ring


def test_while_the_pico_is_unplugged_next_turns_the_period(
    running: RunningApp, pico: VirtualPico
) -> None:
    app = running.app
    assert wait_until(lambda: app.snapshot.hardware.sensor_present)
    pico.unplug()
    assert wait_until(lambda: not app.snapshot.hardware.sensor_present)

    now = time.monotonic()
    app.post(ButtonEdge("next", True, now))
    app.post(ButtonEdge("next", False, now + 0.1))

    assert wait_until(lambda: app.view["period"] == 1)
    pico.replug()
    assert wait_until(lambda: app.snapshot.hardware.sensor_present)
    assert wait_until(running.ring_follows)  # the frame drawn meanwhile, sent on reconnect
    assert pico.ring.pixels != DARK


def test_a_config_can_ask_for_a_virtual_pico(tmp_path: Path) -> None:
    config_path = tmp_path / "table.yaml"
    config_path.write_text(CONFIG.format(port="virtual"), encoding="utf-8")
    adapters = open_adapters(load(config_path), fakes=False, strict=True)
    bridge = adapters.link
    assert isinstance(bridge, Bridge)
    steps: list[int] = []
    adapters.disc.start(lambda delta, at: steps.append(delta))
    try:
        assert bridge.wait_linked(5.0)
        bridge.virtual_pico.turn(1)
        assert wait_until(lambda: steps == [1])
    finally:
        adapters.disc.close()
        adapters.ring.close()
    assert bridge.virtual_pico.port is None  # closing the ports stopped the Pico too


def test_after_a_pico_reset_with_a_resend_in_flight_the_disc_still_turns_the_period(
    tmp_path: Path,
) -> None:
    board = VirtualPico(by_id=tmp_path / "usb-Raspberry_Pi_Pico-if02", buttons={"next": "GP6"})
    board.start()
    config = CONFIG.replace("buttons: {{enabled: false}}", "buttons: {{source: bridge}}")
    try:
        with started(RunningApp(board, tmp_path, config)) as runner:
            app, bridge = runner.app, runner.bridge
            assert wait_until(lambda: app.snapshot.hardware.sensor_present)
            for count in range(1, 5):  # events 1..4 of this boot (NEXT: "turn the disc")
                (board.press if count % 2 else board.release)("next")
                assert wait_until(lambda count=count: bridge.stats.events == count)
            assert app.view["period"] == 0

            resend_in_flight_across_a_reset(board, bridge, turns=1)

            assert wait_until(lambda: app.view["period"] == 1)  # the new boot's first step
            assert app.snapshot.hardware.sensor_present
            assert wait_until(runner.ring_follows)
            assert bridge.stats.lost == 0
    finally:
        board.stop()


def test_a_pico_that_stops_reading_leaves_the_loop_responsive(
    running: RunningApp, pico: VirtualPico
) -> None:
    app, bridge = running.app, running.bridge
    handled: list[float] = []
    handle = app.handle

    def timed(event: object, now: float) -> None:
        start = time.perf_counter()
        handle(event, now)  # type: ignore[arg-type]
        handled.append(time.perf_counter() - start)

    app.handle = timed  # type: ignore[method-assign]
    app.post(DiscStep(1, time.monotonic()))  # the period turns: period 1
    assert wait_until(lambda: app.view["period"] == 1)
    posted = bridge.stats.frames_posted
    pico.hang()  # the firmware stops: nobody reads the port; its buffer fills, writes stall
    # The disc wobbles back and forth (asking, then not asking, to undo the period), each
    # step drawing a new frame, for a second and until a write to the Pico has timed out
    # (a full buffer: the writer waited its 0.5 s), before the Pi gives up the link.
    start, direction = time.monotonic(), -1
    while time.monotonic() - start < 1.0 or not bridge.stats.write_failures:
        assert time.monotonic() - start < 3.0, "no write to the hung Pico timed out"
        app.post(DiscStep(direction, time.monotonic()))
        direction = -direction
        time.sleep(0.002)
    app.events.join()  # every step handled
    drawn = bridge.stats.frames_posted - posted
    worst = max(handled)
    print(
        f"hung Pico: {len(handled)} events, worst handle() {worst * 1000:.1f} ms, "
        f"{drawn} frames drawn, {bridge.stats.frames_dropped} dropped, "
        f"{bridge.stats.write_failures} writes failed"
    )
    assert worst < 0.1, f"handle() waited {worst:.3f} s for a Pico that does not read"
    assert drawn > 100
    assert bridge.stats.write_failures > 0 and bridge.stats.frames_dropped > 0
    assert bridge.status.deaf
    assert running.thread.is_alive() and app.snapshot.hardware.failed == ()
    # The screen says the Pico does not read (or, once the Pi gave the link up, unplugged).
    assert wait_until(lambda: app.snapshot.hardware.deaf_frames > 0 or not bridge.linked)

    pico.reset()  # the firmware runs again: the link comes back with the newest frame
    assert wait_until(lambda: bridge.linked and not bridge.status.deaf)
    assert wait_until(running.ring_follows)
    assert wait_until(lambda: app.snapshot.hardware.deaf_frames == 0)  # the note is gone
