"""Press scripts: ``companion play`` with ``presses:`` drives the box's own controls.

Each press goes to a gpiozero ``MockFactory`` pin of the default panel (the config's pin
map), through the real ``GpioButtonPanel`` and ``GpioDiscSensor`` adapters, the app's queue,
input timing, controls, table and journal, exactly as on the box. The only difference is
the clock: the script's own, advanced press by press, so a hold takes no
real time and a run is repeatable. The transcript is the same narration ``companion play``
prints for actions, plus a ``no: ...`` line wherever the box refused a press.
"""

from __future__ import annotations

import queue
from collections.abc import Callable
from dataclasses import dataclass, replace

from companion.app import App
from companion.config import SEAT_KEYS, Config, GameSettings, load
from companion.hardware.factory import Adapters
from companion.hardware.fakes import FakeBuzzer, FakeLedRing
from companion.hardware.gpio import GpioButtonPanel, GpioDiscSensor
from companion.hardware.mock import MockPins, mock_pins
from companion.journal import Journal
from companion.narration import narrate
from companion.rules.base import Setup
from companion.script import Script, ScriptError, ScriptPress
from companion.snapshot import Snapshot
from companion.table import Table

PRESS_SECONDS = 0.12  # how long a finger stays on a button


@dataclass
class ScriptClock:
    now: float = 1000.0

    def __call__(self) -> float:
        return self.now


# Pins a seat beyond the panel's gets in a press script (they are mock pins: no wiring).
SPARE_PINS = (2, 3, 14, 15, 19, 25, 7, 8, 9, 11, 0, 1)
COLOURS = ("red", "blue", "cyan", "yellow")


def with_seat_pads(config: Config, setup: Setup) -> Config:
    """``config`` with a pad on spare mock pins for every seat of ``setup`` the panel lacks
    (the third and fourth player; four seats at most, a setup with more is refused when
    the game starts)."""
    pins = dict(config.button_pins)
    players = setup.get("players")
    seats = min(len(players), len(SEAT_KEYS)) if isinstance(players, list) else 2
    spare = iter(p for p in SPARE_PINS if p not in pins.values())
    for seat in range(1, seats + 1):
        for colour in COLOURS:
            name = f"seat{seat}.{colour}"
            if name not in pins:
                pins[name] = next(spare)
    return replace(config, buttons=replace(config.buttons, pins=pins))


def config_for(script: Script, language: str) -> Config:
    """The shipped defaults, the script's game, no LED or buzzer hardware, a pad for every
    seat (:func:`with_seat_pads`)."""
    config = with_seat_pads(load(None), script.setup)
    return replace(
        config,
        language=language,
        game=GameSettings(script.game, dict(script.setup)),
        leds=replace(config.leds, driver="none"),
        buzzer=replace(config.buzzer, enabled=False),
    )


class PressRunner:
    """The app on mock pins with the script's clock; ``step`` plays one press."""

    def __init__(self, script: Script, db: str, language: str, say: Callable[[str], None]):
        self.script = script
        self.say = say
        self.clock = ScriptClock()
        self.config = config_for(script, language)
        self._pins = mock_pins()
        self.pins: MockPins = self._pins.__enter__()
        buttons = GpioButtonPanel(self.config.button_pins, pull_up=True, clock=self.clock)
        disc_cfg = self.config.disc
        disc = GpioDiscSensor(disc_cfg.pin_a, disc_cfg.pin_b, disc_cfg.reverse, clock=self.clock)
        adapters = Adapters(
            buttons,
            disc,
            FakeLedRing(self.config.leds.count),
            FakeBuzzer(),
            sensor_present=True,
            sensor_expected=True,
        )
        table = Table.new_game(Journal(db), script.game, script.setup)
        self.app = App(table, adapters, self.config, clock=self.clock)
        self.app.start()
        self._drain()

    def close(self) -> None:
        self.app.close()
        self._pins.__exit__(None, None, None)

    # --- one step ---------------------------------------------------------------------

    def step(self, press: ScriptPress) -> None:
        before = self.app.snapshot
        if press.kind == "wait":
            self._advance(press.seconds)
        elif press.kind == "disc":
            for _ in range(abs(press.steps)):
                self._turn(back=press.steps < 0)
        else:
            pin = self.config.button_pins.get(press.button)
            if pin is None:
                known = ", ".join(sorted(self.config.button_pins))
                raise ScriptError(
                    f"{self.script.path}:{press.line}: press {press.index}: no button "
                    f"'{press.button}' on the panel ({known})"
                )
            self._edge(pin, pressed=True)
            self._advance(press.seconds if press.kind == "hold" else PRESS_SECONDS)
            self._edge(pin, pressed=False)
        self._advance(0.05)  # a hand's pause before the next press
        self._tell(before, self.app.snapshot)

    def _edge(self, pin: int, *, pressed: bool) -> None:
        device = self.pins.pin(pin)
        (device.drive_low if pressed else device.drive_high)()
        self._drain()

    def _turn(self, back: bool) -> None:
        disc = self.config.disc
        first, second = (disc.pin_b, disc.pin_a) if back else (disc.pin_a, disc.pin_b)
        for pin, low in ((first, True), (second, True), (first, False), (second, False)):
            device = self.pins.pin(pin)
            (device.drive_low if low else device.drive_high)()
        self._advance(0.05)
        self._drain()

    def _advance(self, seconds: float) -> None:
        end = self.clock.now + seconds
        while True:
            wake = self.app.next_wake(self.clock.now)
            if wake is None or self.clock.now + wake > end:
                break
            self.clock.now += max(wake, 0.001)
            self.app.tick(self.clock.now)
        self.clock.now = end
        self.app.tick(self.clock.now)

    def _drain(self) -> None:
        while True:
            try:
                event = self.app.events.get_nowait()
            except queue.Empty:
                return
            self.app.handle(event, self.clock.now)

    # --- the transcript ------------------------------------------------------------------

    def _tell(self, before: Snapshot, after: Snapshot) -> None:
        language = after.language
        if after.change is not before.change and after.change.fresh:
            for line in narrate(after.spec, after.change.events, after.view, language):
                self.say(line)
        elif after.change is not before.change and after.change.kind in ("undo", "redo"):
            self.say(f"({after.change.kind})")
        notice = after.ui.notice
        if after.ui.refused and notice is not None and notice != before.ui.notice:
            self.say(f"no: {notice.say(language)}")


def run(script: Script, db: str, language: str, say: Callable[[str], None]) -> PressRunner:
    """Play every press of ``script``; the runner after the last (its caller closes it)."""
    runner = PressRunner(script, db, language, say)
    try:
        for press in script.presses:
            runner.step(press)
    except BaseException:
        runner.close()
        raise
    return runner
