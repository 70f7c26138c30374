"""The app: one loop thread owns the table, the controls and the adapters.

Hardware callbacks (gpiozero's threads, the bridge's reader, the simulator's keys) only
:meth:`App.post` events on one ``queue.Queue``. :meth:`App.run` blocks on that queue and
wakes early only for a timer (hold, double-press, debounce) or an animation frame, so an
idle table costs ~0 CPU. For a screen: :attr:`App.ui` is the UI state to draw,
:meth:`App.on_change` registers a redraw callback (called on the loop thread), and
:meth:`App.handle` / :meth:`App.tick` may be called directly by a loop that owns them
(the simulator's pygame loop: key down/up become :class:`ButtonEdge` events, and it calls
``tick`` when :meth:`App.next_wake` says). Build the app on the thread that runs it: the
journal's SQLite connection belongs to the thread that opened it.
"""

from __future__ import annotations

import argparse
import logging
import queue
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.config import Config, ConfigError
from companion.config import load as load_config
from companion.controls import MENU_ITEMS, Controls, UiState
from companion.hardware.factory import AdapterError, Adapters, open_adapters
from companion.i18n import text
from companion.input_timing import InputTiming
from companion.journal import Journal, JournalError
from companion.leds import FPS, LedStyle, Overlay, frame, is_animated, limit_current, to_physical
from companion.rules.base import Prompt, RulesError
from companion.table import Table

log = logging.getLogger("companion.app")


@dataclass(frozen=True)
class ButtonEdge:
    name: str
    pressed: bool
    at: float


@dataclass(frozen=True)
class DiscStep:
    direction: int
    at: float


@dataclass(frozen=True)
class SensorLink:
    """The disc sensor came (or went): without one, NEXT turns the period."""

    present: bool


@dataclass(frozen=True)
class Stop:
    pass


Event = ButtonEdge | DiscStep | SensorLink | Stop
ChangeListener = Callable[["App"], None]


def cue_for(table: Table, before: tuple[int | None, str]) -> str | None:
    """The buzzer cue a table change deserves (one at most, the most important)."""
    change = table.last_change
    if change.kind not in ("action", "redo"):
        return None
    names = {e.get("event") for e in change.events}
    if names & {"game_won", "winner_declared"}:
        return "victory"
    prompt = table.prompt()
    if "votes_revealed" in names or (prompt.kind == "reveal" and before[1] != "reveal"):
        return "vote_complete"
    if any(e.get("event") == "preparation" and e.get("tokens_returned") for e in change.events):
        return "tokens_return"
    voting = prompt.kind == "vote" or before[1] == "vote"
    if prompt.seat is not None and prompt.seat != before[0] and not voting:
        return "your_turn"
    return None


class App:
    def __init__(
        self, table: Table, adapters: Adapters, config: Config, *, clock: Callable[[], float]
    ) -> None:
        self.config = config
        self.adapters = adapters
        self.clock = clock
        self.events: queue.Queue[Event] = queue.Queue()
        buttons = config["buttons"]
        self.timing = InputTiming(
            debounce=buttons["debounce_ms"] / 1000,
            hold=buttons["hold_ms"] / 1000,
            double=buttons["double_press_ms"] / 1000,
            hold_buttons=frozenset({"undo", "menu"}),
            hold_times={"menu": buttons["menu_hold_ms"] / 1000},
        )
        leds = config["leds"]
        colours = tuple((int(r), int(g), int(b)) for r, g, b in leds["seat_colours"])
        self.style = LedStyle(count=leds["count"], seat_colours=colours)
        self.controls = Controls(
            table, sensor_present=adapters.sensor_present, language=config["language"]
        )
        self._listeners: list[ChangeListener] = []
        self._last_frame: list[tuple[int, int, int]] | None = None
        self._was_animated = False
        self._handling = False
        self._view: dict[str, Any] = {}
        self._changed_at = clock()
        self._prompt_key: tuple[int | None, str] = (None, "")
        self._prompt = Prompt(None, "", "")
        self._watch(table)

    # --- what a screen reads --------------------------------------------------------------

    @property
    def table(self) -> Table:
        return self.controls.table

    @property
    def ui(self) -> UiState:
        return self.controls.ui

    @property
    def view(self) -> dict[str, Any]:
        return self._view

    @property
    def menu(self) -> list[str]:
        """The game menu's entries in the UI language (``ui.menu_cursor`` points into it)."""
        return [text(f"hardware.menu.{item}", self.ui.language) for item in MENU_ITEMS]

    def notice(self) -> str | None:
        """The controls' last message (a "no", a question) in the UI language, or None."""
        if self.ui.notice is None:
            return None
        key, fields = self.ui.notice
        return text(key, self.ui.language, **fields)

    def hardware_notes(self) -> list[str]:
        """One line per part that failed its start-up check and runs as a fake."""
        return [
            text("hardware.adapter_replaced", self.ui.language, port=port)
            for port in self.adapters.replaced
        ]

    def on_change(self, callback: ChangeListener) -> None:
        """``callback(app)`` on the loop thread after anything a screen shows has changed."""
        self._listeners.append(callback)

    # --- feeding events ------------------------------------------------------------------

    def post(self, event: Event) -> None:
        """Thread-safe: the only thing a hardware callback does."""
        self.events.put(event)

    def start(self) -> None:
        self.adapters.buttons.start(lambda n, p, t: self.post(ButtonEdge(n, p, t)))
        link = self.adapters.link
        if link is not None:  # listen before the link can come up, then ask how it is
            link.add_link_listener(lambda up: self.post(SensorLink(bool(up))))
        if self.adapters.disc is not None:
            self.adapters.disc.start(lambda d, t: self.post(DiscStep(d, t)))
        if link is not None:
            self.post(SensorLink(bool(link.linked)))
        self.render(self.clock(), force=True)

    def handle(self, event: Event, now: float) -> None:
        """Apply one event on the loop thread."""
        changed = False
        self._handling = True
        try:
            if isinstance(event, ButtonEdge):
                for gesture in self.timing.tick(event.at) + self.timing.edge(
                    event.name, event.pressed, event.at
                ):
                    changed |= self._outcome(self.controls.gesture(gesture, now))
            elif isinstance(event, DiscStep):
                changed = self._outcome(self.controls.disc_step(event.direction, now))
            elif isinstance(event, SensorLink):
                changed = self.controls.sensor_present != event.present
                self.controls.sensor_present = event.present
        finally:
            self._handling = False
        self._after(changed, now)

    def tick(self, now: float) -> None:
        """Timers and animation frames; call it when :meth:`next_wake` says."""
        changed = False
        self._handling = True
        try:
            for gesture in self.timing.tick(now):
                changed |= self._outcome(self.controls.gesture(gesture, now))
        finally:
            self._handling = False
        self._after(changed, now)

    def next_wake(self, now: float) -> float | None:
        """Seconds until the loop must wake without an event, or None to sleep until one."""
        waits = []
        deadline = self.timing.next_deadline()
        if deadline is not None:
            waits.append(max(0.0, deadline - now))
        if self.adapters.ring is not None and is_animated(self._view, self._overlay(), now):
            waits.append(1.0 / FPS)
        return min(waits) if waits else None

    def run(self) -> None:
        """Loop until a :class:`Stop` event: block on the queue, wake for timers only."""
        self.start()
        while True:
            try:
                event = self.events.get(timeout=self.next_wake(self.clock()))
            except queue.Empty:
                self.tick(self.clock())
                continue
            if isinstance(event, Stop):
                return
            self.handle(event, self.clock())

    def stop(self) -> None:
        self.post(Stop())

    def close(self) -> None:
        for port in (self.adapters.buttons, self.adapters.disc, self.adapters.ring):
            if port is not None:
                port.close()
        if self.adapters.buzzer is not None:
            self.adapters.buzzer.close()
        self.table.journal.close()

    # --- inside the loop ---------------------------------------------------------------

    def _watch(self, table: Table) -> None:
        table.subscribe(self._table_changed)
        self._watch_view(table)

    def _table_changed(self, table: Table) -> None:
        before = self._prompt_key
        self._watch_view(table)
        self.controls.table_changed()
        cue = cue_for(table, before)
        if cue and self.adapters.buzzer is not None:
            self.adapters.buzzer.play(cue)
        if not self._handling:  # changed from outside a button (the screen, a script)
            self._after(True, self.clock())

    def _watch_view(self, table: Table) -> None:
        self._view = table.view()
        self._prompt = prompt = table.prompt()
        self._prompt_key = (prompt.seat, prompt.kind)
        self._changed_at = self.clock()

    def _outcome(self, outcome: Any) -> bool:
        if outcome.cue and self.adapters.buzzer is not None:
            self.adapters.buzzer.play(outcome.cue)
        if outcome.command == "new_game":
            self._new_game()
        return bool(outcome.changed)

    def _new_game(self) -> None:
        old = self.table
        rematch = getattr(old.rules, "rematch_setup", None)
        setup = rematch(old.state) if rematch else old.record.setup
        table = Table.new_game(old.journal, old.game, setup)
        self.controls.table = table
        self.controls.table_changed()
        self.controls.sync_disc()
        self._watch(table)
        self._changed_at = self.clock()

    def _after(self, changed: bool, now: float) -> None:
        animated = is_animated(self._view, self._overlay(), now)
        if changed or animated or self._was_animated:  # the frame after an animation, too
            self.render(now)
        self._was_animated = animated
        if changed:
            for listener in list(self._listeners):
                listener(self)

    def _overlay(self) -> Overlay:
        ui, choices = self.ui, self._prompt.choices
        chosen = choices[ui.cursor] if 0 <= ui.cursor < len(choices) and not ui.menu_open else None
        if not self.config["leds"]["preview"]:
            chosen = None
        return Overlay(
            confirming=ui.pending is not None, changed_at=self._changed_at, choice=chosen
        )

    def render(self, now: float, force: bool = False) -> None:
        """Compute the ring's frame; write it (one show) only if it differs."""
        ring = self.adapters.ring
        if ring is None:
            return
        leds = self.config["leds"]
        logical = frame(self._view, now, self.style, self._overlay())
        placed = to_physical(logical, leds["offset"], leds["reverse"])
        limited = limit_current(placed, self.config.brightness, leds["max_milliamps"])
        if force or limited != self._last_frame:
            ring.show(limited)
            self._last_frame = limited


# --- the composition root ----------------------------------------------------------------------


def build_app(
    config: Config,
    *,
    fakes: bool = False,
    strict: bool = False,
    journal_path: str | Path | None = None,
    adapters: Adapters | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> App:
    """The app with its table (the journal's unfinished game, or a new one) and adapters:
    real ones as the config asks, fakes with ``fakes=True`` or where a real one fails
    (an AdapterError instead with ``strict``). ``adapters`` overrides the choice (tests)."""
    journal = Journal(journal_path if journal_path is not None else config.journal_path)
    table = Table.resume(journal)
    if table is None:
        table = Table.new_game(journal, config["game"]["name"], config["game"]["setup"] or {})
    chosen = adapters or open_adapters(config, fakes=fakes, strict=strict)
    return App(table, chosen, config, clock=clock)


def _interrupt(signum: int, frame: Any) -> None:
    """SIGTERM as Ctrl-C. A handler must not take the queue's lock (the loop may hold it
    at that moment), so it raises instead of posting a Stop."""
    raise KeyboardInterrupt


START_ERRORS = (ConfigError, AdapterError, RulesError, JournalError)


def report_start_error(error: Exception) -> int:
    """One clear message for a problem that stops the table from starting; the exit code
    (2 config, adapter or game setup; 4 journal)."""
    if isinstance(error, ConfigError):
        for problem in error.problems:
            print(f"companion: {problem}", file=sys.stderr)
        return 2
    if isinstance(error, AdapterError):
        print(f"companion: {error} (without --strict the fake is used)", file=sys.stderr)
        return 2
    if isinstance(error, RulesError):
        print(f"companion: game setup: {error}", file=sys.stderr)
        return 2
    print(f"companion: {error}", file=sys.stderr)
    return 4


def run_main(argv: list[str]) -> int:
    """``companion run [--config FILE] [--strict] [--fakes] [--journal FILE]``."""
    parser = argparse.ArgumentParser(prog="companion run")
    parser.add_argument("--config", help="a YAML config over the defaults (docs/config.md)")
    parser.add_argument("--strict", action="store_true", help="fail if any adapter fails")
    parser.add_argument("--fakes", action="store_true", help="no hardware: fake adapters")
    parser.add_argument("--journal", help="the journal file (default: from the config)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="companion: %(message)s")
    try:
        config = load_config(args.config)
        app = build_app(config, fakes=args.fakes, strict=args.strict, journal_path=args.journal)
    except START_ERRORS as error:
        return report_start_error(error)
    from companion.display.screen import attach  # noqa: PLC0415 (pygame loads only here)

    try:
        signal.signal(signal.SIGTERM, _interrupt)  # systemd stops with SIGTERM
        attach(app)  # logs and carries on when there is no display
        log.info("%s, game %s: running (Ctrl-C stops)", app.table.game, app.table.record.id)
        app.run()
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a second one must not cut the close
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        app.close()
    return 0
