"""The app: one loop thread owns the table, the journal and the outputs.

Hardware callbacks (gpiozero's threads, the bridge's reader, the simulator's keys) only
:meth:`App.post` events on one ``queue.Queue``. :meth:`App.run` blocks on that queue and
wakes early only for a timer (hold, debounce), an animation frame or a
window's event pump, so an idle table costs ~0 CPU.

One pass per event: the event becomes gestures; the pure controls turn each gesture and
the current :class:`Snapshot` into a new UI state and commands; the table executes the
commands; then one new snapshot is built (the prompt and public view computed once) and
handed to every output (ring, buzzer, screen, and whatever subscribed). An output that
fails is disabled with a notice on the screen; it never ends the loop. A loop that owns
these calls (the simulator's pygame loop) may call :meth:`App.handle` and :meth:`App.tick`
itself. Build the app on the thread that runs it: the table and the journal belong to it.
"""

from __future__ import annotations

import argparse
import logging
import queue
import signal
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Literal, Protocol

from companion import controls, recent, safe_mode
from companion.config import Config, ConfigError
from companion.config import load as load_config
from companion.games import find as games_find
from companion.games.spec import AnySpec, Cue
from companion.hardware.factory import AdapterError, Adapters, open_adapters
from companion.hardware.ports import ButtonEdge, DiscStep
from companion.i18n import text
from companion.input_timing import InputTiming
from companion.journal import GameRecord, Journal, JournalError, StorageError
from companion.leds import FPS, LedStyle, Overlay, frame, is_animated, limit_current, to_physical
from companion.library import Library, path_for
from companion.rules.base import JSON, Action, Prompt, RulesError
from companion.seats import SEAT_COLOURS
from companion.service import Watchdog, notify
from companion.snapshot import HardwareStatus, Snapshot, UiState, WebAccess
from companion.table import NOTHING, Apply, Change, Command, NewGame, Table
from companion.voice import Espeak, Voice, VoiceOutput
from companion.voice import available as voice_available
from companion.web.hub import LOOP_FAILED, Hub, Remote, TableRequest, may_act, tokens_for

if TYPE_CHECKING:
    from companion.web.address import Advert

log = logging.getLogger("companion.app")


STORAGE_RETRY = 5.0  # seconds between tries of a journal that could not be written
STORAGE_FAULT: tuple[int, int, int] = (255, 0, 0)  # the ring's mark of a journal not written
BRIDGE_CHECK = 1.0  # seconds between looks at whether the Pico reads its frames


@dataclass(frozen=True)
class SensorLink:
    """The disc sensor (the Pico bridge) came or went: without one, NEXT turns the period."""

    present: bool


@dataclass(frozen=True)
class Stop:
    pass


@dataclass(frozen=True)
class Refresh:
    """Something the snapshot shows beside the table changed (the phones' address)."""


@dataclass(frozen=True)
class Subscribe:
    """An output joining from another thread (a phone page, a feed): added on the loop."""

    output: Output


Event = ButtonEdge | DiscStep | SensorLink | Subscribe | Stop | Remote | Refresh | TableRequest


class Output(Protocol):
    """Anything that shows a snapshot: called on the loop thread after every event."""

    def __call__(self, snapshot: Snapshot) -> None: ...


# --- the cue: what the buzzer hears of a change ---------------------------------------------


def cue_for(snap: Snapshot, before: Prompt, change: Change) -> str | None:
    """The one sound a table change deserves (the most important), or None."""
    if not change.fresh:
        return None
    if snap.state.winner is not None:
        return "victory"
    spec = snap.spec
    if spec.cue is not None:
        said = spec.cue(Cue(change.events, before, snap.prompt))
        if said:
            return said
    secret = spec.inputs.secret
    voting = secret is not None and any(
        c.get("do") == secret.action for c in (*before.choices, *snap.prompt.choices)
    )
    if snap.prompt.seat is not None and snap.prompt.seat != before.seat and not voting:
        return "your_turn"
    return None


# --- the ring ----------------------------------------------------------------------------------


class RingOutput:
    """Draws the snapshot's frame on the LED ring; writes only frames that differ."""

    def __init__(self, app: App) -> None:
        self.app = app
        leds = app.config.leds
        self.style = LedStyle(count=leds.count, seat_colours=leds.seat_colours or SEAT_COLOURS)
        self.offset, self.reverse = leds.offset, leds.reverse
        self.preview = leds.preview
        self.brightness = app.config.brightness  # as the adapters were opened with
        self.max_milliamps = float(leds.max_milliamps)
        self.last: list[tuple[int, int, int]] | None = None

    def overlay(self, snap: Snapshot) -> Overlay:
        return Overlay(
            confirming=snap.ui.confirming,
            changed_at=snap.changed_at,
            choice=snap.choice_under_cursor if self.preview else None,
            acting_seat=snap.prompt.seat,
            fresh_events=snap.change.events if snap.change.fresh else (),
        )

    def animated(self, snap: Snapshot, now: float) -> bool:
        return is_animated(snap.spec, snap.view, self.overlay(snap), now)

    def draw(self, snap: Snapshot, now: float, force: bool = False) -> None:
        ring = self.app.adapters.ring
        if ring is None:
            return
        logical = frame(snap.spec, snap.view, now, self.style, self.overlay(snap))
        if snap.hardware.storage:  # nothing is kept: a red dot opens every sector
            step = max(1, len(logical) // 6)
            logical[::step] = [STORAGE_FAULT] * len(logical[::step])
        placed = to_physical(logical, self.offset, self.reverse)
        brightness = min(snap.ui.brightness, snap.ui.max_brightness)  # the menu's setting
        if brightness != self.brightness:
            ring.set_brightness(brightness)
            self.brightness, force = brightness, True
        limited = limit_current(placed, brightness, self.max_milliamps)
        if force or limited != self.last:
            ring.show(limited)
            self.last = limited


# --- the app -----------------------------------------------------------------------------------


class App:
    def __init__(
        self, table: Table, adapters: Adapters, config: Config, *, clock: Callable[[], float]
    ) -> None:
        self.config = config
        self.adapters = adapters
        self.clock = clock
        self.table = table
        self.events: queue.Queue[Event] = queue.Queue()
        self._hub: Hub | None = None
        self.web_address = ""  # set when the phones' server runs (companion/web/)
        self._web_kept: tuple[tuple[int, str], WebAccess] | None = None  # per game
        buttons = config.buttons
        self.timing = InputTiming(
            debounce=buttons.debounce_ms / 1000,
            hold=buttons.hold_ms / 1000,
            hold_buttons=frozenset({"undo", "menu"}),
            hold_times={"menu": buttons.menu_hold_ms / 1000},
        )
        self.ring = RingOutput(self)
        self._outputs: list[Output] = []
        self._was_animated = False
        self._pump: Callable[[], None] | None = None
        self._loop: threading.Thread | None = None  # the thread in run(), while it runs
        self.watchdog = Watchdog()  # systemd's, when the unit sets WatchdogSec
        self._storage_retry = 0.0  # when to try the journal again after a failed write
        self._libraries: dict[str, Library] = {}
        now = clock()
        bridge: Literal["linked", "unplugged", "none"] = (
            "none" if adapters.link is None else "unplugged"
        )
        # The voice (sound.voice): spoken by espeak-ng; without it, a note and silence.
        self.voice: Voice | None = None
        unvoiced: tuple[str, ...] = ()
        if config.sound.voice and voice_available():
            self.voice = Voice(Espeak())
        elif config.sound.voice:
            log.warning("sound.voice is on but espeak-ng is not installed: no voice")
            unvoiced = ("voice",)
        hardware = HardwareStatus(
            library=tuple(self.library().problems),
            replaced=(*adapters.replaced, *unvoiced),
            sensor_present=adapters.sensor_present,
            bridge=bridge,
            sensor_expected=adapters.sensor_expected,
            pads=_pads(config),
            # A journal on a read-only card or folder: the game is shown, nothing is kept.
            storage="read_only" if table.journal.read_only else "",
            storage_head=table.head if table.journal.read_only else 0,
        )
        if table.journal.read_only:
            log.warning("%s: read-only: the game is shown, nothing new is kept", table.journal.path)
        self._recent_path = recent.path_for(table.journal.path)
        self._recent = recent.read(self._recent_path)
        self._resumable = self._unfinished()
        ui = UiState(
            language=config.language,
            muted=not config.sound.enabled,
            names=self._names(),
            brightness=config.brightness,
            max_brightness=config.leds.max_brightness,
        )
        self.snapshot = self._build(ui, NOTHING, now, hardware=hardware, changed_at=now)
        self.snapshot = replace(
            self.snapshot, ui=controls.sync_disc(self.snapshot.ui, self.snapshot)
        )
        if self.voice is not None:
            self._outputs.append(VoiceOutput(self.voice))

    # --- what outputs read ------------------------------------------------------------

    @property
    def ui(self) -> UiState:
        return self.snapshot.ui

    @property
    def view(self) -> JSON:
        return self.snapshot.view

    def library(self, spec: AnySpec | None = None) -> Library:
        """The card library of ``spec``'s game (the table's by default), opened once, beside
        the journal (in memory for a journal in memory)."""
        spec = spec or self.table.spec
        library = self._libraries.get(spec.name)
        if library is None:
            journal = self.table.journal.path
            path = None if str(journal) == ":memory:" else path_for(journal, spec.name)
            library = self._libraries[spec.name] = Library.open(spec, path)
        return library

    def subscribe(self, output: Output) -> None:
        """``output(snapshot)`` on the loop thread after every event that changed anything
        (and once when it joins). An output that raises is dropped with a notice, never the
        loop. From another thread while the loop runs, it joins through the queue, so no
        thread but the loop's touches the outputs or calls one."""
        running = self._loop is not None and self._loop is not threading.current_thread()
        if running:
            self.post(Subscribe(output))
            return
        self._outputs.append(output)
        self._show(output, self.snapshot)

    @property
    def running(self) -> bool:
        """True once :meth:`run` has wired the inputs and loops, until it returns."""
        return self._loop is not None

    def on_window(self, pump: Callable[[], None]) -> None:
        """A desktop window's event pump, called a few times a second while idle, so the
        window never goes "not responding"."""
        self._pump = pump

    # --- feeding events ----------------------------------------------------------------

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
        self.ring.draw(self.snapshot, self.clock(), force=True)

    def handle(self, event: Event, now: float) -> None:
        """One event, one pass: react, execute, build one snapshot, show it everywhere."""
        before = self.snapshot
        snap = before
        if isinstance(event, ButtonEdge):
            gestures = self.timing.tick(event.at) + self.timing.edge(
                event.name, event.pressed, event.at
            )
            for gesture in gestures:
                snap = self._react(controls.react(gesture, snap, now), snap, now)
        elif isinstance(event, DiscStep):
            snap = self._react(controls.disc_step(event.direction, snap, now), snap, now)
        elif isinstance(event, SensorLink):
            hardware = replace(
                snap.hardware,
                sensor_present=event.present,
                bridge="linked" if event.present else "unplugged",
            )
            snap = replace(snap, hardware=hardware, cue=None, news=False)
        elif isinstance(event, Remote | TableRequest):
            snap = self._from_a_phone(event, snap, now)
        elif isinstance(event, Refresh):
            snap = self._build(
                snap.ui, snap.change, now, hardware=snap.hardware, changed_at=snap.changed_at
            )
        self._publish(before, snap, now)

    def _from_a_phone(self, event: Remote | TableRequest, snap: Snapshot, now: float) -> Snapshot:
        """A request from the network, run on the loop: whatever it raises fails that
        request alone (500, logged) and the loop goes on, the table as the journal has it.
        A stranger's malformed request must never stop the presses reaching the journal."""
        try:
            if isinstance(event, Remote):
                return self._remote(event, snap, now)
            return self._table_request(event, snap, now)
        except Exception:
            log.exception("a request from a phone failed on the loop (answered 500)")
            if isinstance(event, Remote):
                event.reply(False, LOOP_FAILED, self.table.head)
            else:
                event.reply(500, {"error": LOOP_FAILED})
        try:  # the table may have moved before the failure: show it as it now is
            return self._build(
                snap.ui, snap.change, now, hardware=snap.hardware, changed_at=snap.changed_at
            )
        except Exception:
            log.exception("the snapshot after a failed request could not be built")
            return snap

    def _remote(self, event: Remote, snap: Snapshot, now: float) -> Snapshot:
        """An action from a seat's phone, as its press would be: only if the table is still
        where the phone saw it and it is this seat's to decide; the first of a press and a
        phone wins, the other is told it is no longer possible."""
        head = self.table.head
        if head != event.head:
            event.reply(False, "the table has moved on", head)
            return snap
        if not may_act(snap, event.seat, event.action):
            event.reply(False, "it is not this seat's to decide now", head)
            return snap
        reaction = controls.Reaction(snap.ui, (Apply(dict(event.action), event.seat),))
        snap = self._react(reaction, snap, now)
        played = self.table.head != head
        notice = snap.ui.notice
        why = "" if played else (notice.say(snap.language) if notice else "refused")
        event.reply(played, why, self.table.head)
        return snap

    def _table_request(self, event: TableRequest, snap: Snapshot, now: float) -> Snapshot:
        """The table token's requests (docs/phones.md): the card library read or a card
        kept (checked as the file is), or a new game (checked as the menu's form is)."""
        kit = self.table.spec.cards
        if event.kind == "new_game":
            game, setup = event.body.get("game"), event.body.get("setup") or {}
            if not isinstance(game, str) or not isinstance(setup, dict):
                why = 'a new game is {"game": a game\'s name, "setup": {its setup\'s keys}}'
                event.reply(400, {"error": why})
                return snap
            try:
                spec = games_find(game)
                spec.rules.start(spec.stamp(dict(setup)))
            except RulesError as error:
                event.reply(400, {"error": str(error)})
                return snap
            snap = self._react(controls.Reaction(snap.ui, (NewGame(spec.name, setup),)), snap, now)
            event.reply(200, {"ok": True, "game": spec.name})
            return snap
        if kit is None:
            event.reply(404, {"error": f"{self.table.spec.name} keeps no cards"})
            return snap
        library = self.library()
        if event.kind == "cards":
            event.reply(
                200,
                {"game": self.table.spec.name, "cards": [dict(c) for c in library.cards]},
            )
            return snap
        card, index = event.body.get("card"), event.body.get("index")
        cards: list[object] = [dict(c) for c in library.cards]
        if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(cards):
            cards[index] = card
        else:
            cards.append(card)
        problems = kit.check(cards)
        if problems:
            path, why = problems[0]
            where = ".".join(str(p) for p in path)
            event.reply(400, {"error": f"cards.{where}: {why}" if where else why})
            return snap
        kept = tuple(c for c in cards if isinstance(c, dict))  # checked: every one a mapping
        reaction = controls.Reaction(snap.ui, cards=kept)
        snap = self._react(reaction, snap, now)
        event.reply(200, {"ok": True, "cards": len(kept)})
        return snap

    def hub(self) -> Hub:
        """The phones' hub, subscribed to the snapshots (the web server reads it)."""
        if self._hub is None:
            self._hub = Hub(self.post, self.table.journal)
            self.subscribe(self._hub)
        return self._hub

    def tick(self, now: float) -> None:
        """Timers and animation frames; call it when :meth:`next_wake` says."""
        before = snap = self.snapshot
        if snap.hardware.storage and now >= self._storage_retry:
            snap = self._retry_storage(snap, now)
        snap = self._check_bridge(snap, now)
        for gesture in self.timing.tick(now):
            snap = self._react(controls.react(gesture, snap, now), snap, now)
        if self._pump is not None:
            self._pump()
        self._publish(before, snap, now)
        self.watchdog.tick(now)

    def _check_bridge(self, snap: Snapshot, now: float) -> Snapshot:
        """A Pico that stopped reading (its frames are dropped, never waited for): said on
        the screen until it reads again."""
        link = self.adapters.link
        if link is None:
            return snap
        status = link.status
        dropped = status.frames_dropped if status.deaf and status.linked else 0
        if bool(dropped) == bool(snap.hardware.deaf_frames):
            return snap
        hardware = replace(snap.hardware, deaf_frames=dropped)
        return self._build(snap.ui, snap.change, now, hardware=hardware, changed_at=snap.changed_at)

    def _retry_storage(self, snap: Snapshot, now: float) -> Snapshot:
        """Try the journal again; when it writes, the table takes presses again."""
        self._storage_retry = now + STORAGE_RETRY
        if not self.table.journal.writable():
            return snap
        log.info("the journal can be written again")
        hardware = replace(snap.hardware, storage="", storage_head=0)
        snap = self._build(snap.ui, snap.change, now, hardware=hardware, changed_at=now)
        return snap.with_ui(snap.ui.say("hardware.storage_back", now), now, None)

    def execute(self, *commands: Command) -> Snapshot:
        """Run commands from outside the buttons (a script, the simulator's demo) on the
        loop thread, as one event."""
        before = self.snapshot
        now = self.clock()
        snap = self._react(controls.Reaction(before.ui, commands), before, now)
        self._publish(before, snap, now)
        return snap

    def apply(self, action: Action, seat: int | None = None) -> Snapshot:
        return self.execute(Apply(action, seat))

    def next_wake(self, now: float) -> float | None:
        """Seconds until the loop must wake without an event, or None to sleep until one."""
        waits = []
        deadline = self.timing.next_deadline()
        if deadline is not None:
            waits.append(max(0.0, deadline - now))
        if self.adapters.ring is not None and self.ring.animated(self.snapshot, now):
            waits.append(1.0 / FPS)
        if self._pump is not None:
            waits.append(0.25)
        if self.snapshot.hardware.storage:
            waits.append(max(0.0, self._storage_retry - now))
        if self.adapters.link is not None:
            waits.append(BRIDGE_CHECK)  # is the Pico reading what is written to it?
        watchdog = self.watchdog.next_wake(now)
        if watchdog is not None:
            waits.append(watchdog)
        return min(waits) if waits else None

    def run(self) -> None:
        """Loop until a :class:`Stop` event: block on the queue, wake for timers only."""
        self.start()
        self._loop = threading.current_thread()
        try:
            while True:
                try:
                    event = self.events.get(timeout=self.next_wake(self.clock()))
                except queue.Empty:
                    self.tick(self.clock())
                    continue
                try:
                    if isinstance(event, Stop):
                        return
                    if isinstance(event, Subscribe):
                        self._outputs.append(event.output)
                        self._show(event.output, self.snapshot)
                        continue
                    self.handle(event, self.clock())
                    self.watchdog.tick(self.clock())
                finally:  # events.join() returns once every event posted is handled
                    self.events.task_done()
        finally:
            self._loop = None

    def stop(self) -> None:
        self.post(Stop())

    def close(self) -> None:
        for port in (self.adapters.buttons, self.adapters.disc, self.adapters.ring):
            if port is not None:
                port.close()
        if self.adapters.buzzer is not None:
            self.adapters.buzzer.close()
        if self.voice is not None:
            self.voice.close()
        self.table.journal.close()

    # --- inside the loop -------------------------------------------------------------

    def _react(self, reaction: controls.Reaction, snap: Snapshot, now: float) -> Snapshot:
        """Execute a reaction's commands; the snapshot after them (rebuilt only if the
        table changed)."""
        ui, cue = reaction.ui, reaction.cue
        change: Change | None = None
        if reaction.cards is not None:  # a card edited in the card library view
            library = self.library()
            library.keep(reaction.cards)
            hardware = replace(snap.hardware, library=tuple(library.problems))
            snap = self._build(ui, snap.change, now, hardware=hardware, changed_at=snap.changed_at)
        for command in reaction.commands:
            try:
                change = self.table.execute(command)
            except RulesError as error:
                ui = ui.say("hardware.refused", now, refused=True, reason=str(error))
                cue = "no"
                break
            except StorageError as error:  # nothing was kept: read-only until it can write
                log.warning("%s", error)
                head = self.table.head
                hardware = replace(snap.hardware, storage=error.kind, storage_head=head)
                snap = self._build(ui, snap.change, now, hardware=hardware, changed_at=now)
                self._storage_retry = now + STORAGE_RETRY
                key = f"hardware.storage.{error.kind}"
                return snap.with_ui(ui.say(key, now, refused=True, head=head), now, "no")
            ui = ui.quiet()
        if change is None:
            return snap.with_ui(ui, now, cue)
        hardware = snap.hardware
        if hardware.storage:  # a write went through: the storage is back
            hardware = replace(hardware, storage="", storage_head=0)
        if change.kind == "action" and change.action is not None:
            library = self.library()
            if library.learn(change.action) or library.problems:
                hardware = replace(hardware, library=tuple(library.problems))
        if change.kind in ("new_game", "resume", "end_game"):
            self._resumable = self._unfinished()
        if change.kind == "new_game":
            ui = self._remember_players(ui)
        fresh = self._build(ui, change, now, hardware=hardware, changed_at=now)
        ui = controls.after_change(ui, change, fresh, snap)
        cue = cue or cue_for(fresh, snap.prompt, change)
        return replace(fresh, ui=ui, cue=cue, news=True)

    def _build(
        self,
        ui: UiState,
        change: Change,
        now: float,
        *,
        hardware: HardwareStatus,
        changed_at: float,
    ) -> Snapshot:
        table = self.table
        view, prompt = table.view(), table.prompt()
        kit = table.spec.cards
        if kit is not None:  # the table's own cards, offered where the game asks for one
            prompt = kit.offer(prompt, view, self.library().cards)
        return Snapshot(
            spec=table.spec,
            state=table.state,
            view=view,
            prompt=prompt,
            history=table.history(),
            ui=ui,
            change=change,
            changed_at=changed_at,
            hardware=hardware,
            at=now,
            cards=self.library().cards if kit is not None else (),
            resumable=self._resumable,
            setup=table.record.setup,
            web=self._web_access(),
        )

    def _web_access(self) -> WebAccess | None:
        """Where phones reach this game (MENU, Phones), when the server is on: the box's
        own screen alone shows it; no payload carries it."""
        if not self.web_address:
            return None
        kept = self._web_kept
        if kept is not None and kept[0] == (self.table.record.id, self.web_address):
            return kept[1]
        tokens = tokens_for(self.table.journal, self.table.record.id)
        players = self.table.record.setup.get("players")
        count = len(players) if isinstance(players, list) else 2
        seats = {s: t for s, t in (tokens.get("seats") or {}).items() if int(s) <= count}
        access = WebAccess.of(self.web_address, {"table": tokens.get("table"), "seats": seats})
        self._web_kept = ((self.table.record.id, self.web_address), access)
        return access

    def _unfinished(self) -> tuple[GameRecord, ...]:
        """The journal's unfinished games but the one on the table, newest first."""
        table = self.table
        return tuple(r for r in table.journal.unfinished() if r.id != table.record.id)

    def _names(self) -> tuple[str, ...]:
        """The names the menu offers: the recent ones, then the config's."""
        configured = self.config.game.setup.get("players")
        listed = configured if isinstance(configured, list) else []
        defaults = [name for name in listed if isinstance(name, str)]
        return recent.merged(self._recent, defaults)

    def _remember_players(self, ui: UiState) -> UiState:
        """A new game's players become the most recent names (kept beside the journal)."""
        players = self.table.record.setup.get("players")
        if isinstance(players, list) and all(isinstance(p, str) for p in players):
            self._recent = recent.merged(players, self._recent)
            recent.write(self._recent_path, self._recent)
        return replace(ui, names=self._names())

    def _publish(self, before: Snapshot, snap: Snapshot, now: float) -> None:
        self.snapshot = snap
        changed = snap is not before
        animated = self.adapters.ring is not None and self.ring.animated(snap, now)
        if changed or animated or self._was_animated:  # the frame after an animation, too
            self.ring.draw(snap, now)  # first: the ring is the press's quickest answer
        self._was_animated = animated
        # A cue sounds once, for the event that made it: a tick that changed nothing
        # republishes the same snapshot, cue and all.
        if changed and snap.cue and not snap.ui.muted and self.adapters.buzzer is not None:
            self.adapters.buzzer.play(snap.cue)
        if changed:
            for output in list(self._outputs):
                self._show(output, snap)
            if self.snapshot is not snap:  # an output failed: the others say so at once
                for output in list(self._outputs):
                    self._show(output, self.snapshot)

    def _show(self, output: Output, snap: Snapshot) -> None:
        try:
            output(snap)
        except Exception as error:  # an output must never end the loop
            name = getattr(output, "__qualname__", type(output).__name__)
            log.exception("%s failed and is switched off", name)
            self._outputs.remove(output)
            hardware = self.snapshot.hardware
            failed = (*hardware.failed, f"{name}: {error}")
            self.snapshot = replace(self.snapshot, hardware=replace(hardware, failed=failed))


# --- the composition root ----------------------------------------------------------------------


def first_setup(config: Config) -> JSON:
    """The first game's setup: the config's, with the players named in the table's language
    ("Игрок 1", "Игрок 2") when the config names none."""
    setup = dict(config.game.setup)
    if "players" not in setup:
        setup["players"] = [text("ui.player", config.language, number=n) for n in (1, 2)]
    return setup


def start_web(app: App) -> WebRunning | None:
    """The phones' web server when the config turns it on (docs/phones.md); a port that
    cannot be taken is said in the log and on the screen, and the table plays on."""
    settings = app.config.web
    if not settings.enabled:
        return None
    from companion.web.address import ANY, Advert, address  # noqa: PLC0415
    from companion.web.server import Server  # noqa: PLC0415 (aiohttp loads only here)

    try:
        server = Server(app.hub(), settings.bind, settings.port).start()
    except OSError as error:
        where = f"{settings.bind}:{settings.port}"
        log.warning("the phones' web server did not start on %s: %s", where, error)
        return None
    app.web_address = address(settings.bind, server.port)
    app.post(Refresh())  # the snapshot gains where phones reach the box
    advert = Advert(server.port) if settings.bind in ANY else None
    log.info("phones: %s", app.web_address)
    return WebRunning(server, advert)


class WebRunning:
    """The server and its mDNS advert, stopped together."""

    def __init__(self, server: WebServer, advert: Advert | None) -> None:
        self.server, self.advert = server, advert

    def stop(self) -> None:
        if self.advert is not None:
            self.advert.close()
        self.server.stop()


def _run_with_web(app: App) -> None:
    """The loop, with the phones' server and the club feed beside it while it runs."""
    web = start_web(app)
    feed = start_feed(app)
    try:
        app.run()
    finally:
        if feed is not None:
            feed.stop()
        if web is not None:
            web.stop()


def start_feed(app: App) -> WebServer | None:
    """The club feed when the config turns it on (docs/club.md): it connects in the
    background, so a broker that is away never holds up the table."""
    settings = app.config.mqtt
    if not settings.enabled:
        return None
    from companion.feed.mqtt import Feed  # noqa: PLC0415 (paho loads only here)

    feed = Feed(settings).start()
    app.subscribe(feed)
    log.info("club feed: %s:%s as %s", settings.host, settings.port, settings.table)
    return feed


class WebServer(Protocol):
    def stop(self) -> None: ...


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
    chosen = adapters or open_adapters(config, fakes=fakes, strict=strict)
    starting(chosen)  # the ring says "starting" while the journal replays
    try:
        journal = Journal(journal_path if journal_path is not None else config.journal_path)
        table = Table.resume(journal)
        if table is None:
            table = Table.new_game(journal, config.game.name, first_setup(config))
    except BaseException:
        for port in (chosen.buttons, chosen.disc, chosen.ring):
            if port is not None:
                port.close()
        raise
    return App(table, chosen, config, clock=clock)


STARTING: tuple[int, int, int] = (0, 40, 90)  # a dim blue on every sixth LED


def starting(adapters: Adapters) -> None:
    """The first thing the table shows, before the journal is read: a dim blue dot in
    every sector (a frame no game shows), so a long resume never looks like a dead box."""
    ring = adapters.ring
    if ring is None:
        return
    count = ring.count
    step = max(1, count // 6)
    frame = [STARTING if index % step == 0 else (0, 0, 0) for index in range(count)]
    try:
        ring.show(frame)
    except Exception as error:  # the app replaces a failing ring in a moment anyway
        log.warning("the ring cannot show the start: %s", error)


def _interrupt(signum: int, frame: FrameType | None) -> None:
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
    parser.add_argument(
        "--safe-mode",
        action="store_true",
        help="if the table cannot start, show why on the screen and wait (the systemd unit)",
    )
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="companion: %(message)s")
    try:
        config = load_config(args.config)
    except ConfigError as error:
        code = report_start_error(error)
        if not args.safe_mode:
            return code
        reason = "; ".join(error.problems[:3])
        return safe_mode.run(reason, load_config(None), None, fixed=_config_fixed(args.config))
    journal = Path(args.journal) if args.journal else config.journal_path
    record = safe_mode.StartRecord(journal)
    crashes, last = record.read()
    if args.safe_mode and crashes >= safe_mode.CRASHES:
        reason = text("safe.crashed", config.language, count=crashes, reason=last)
        code = safe_mode.run(reason, config, journal)
        record.write(0, "")  # a fresh start either way: the next crash counts from one
        return code
    try:
        app = build_app(config, fakes=args.fakes, strict=args.strict, journal_path=journal)
    except START_ERRORS as error:
        code = report_start_error(error)
        if not args.safe_mode:
            return code
        spoilt = journal if isinstance(error, JournalError) else None
        return safe_mode.run(str(error), config, spoilt)
    from companion.display.screen import attach  # noqa: PLC0415 (pygame loads only here)

    started = time.monotonic()
    try:
        signal.signal(signal.SIGTERM, _interrupt)  # systemd stops with SIGTERM
        attach(app)  # logs and carries on when there is no display
        notify("READY=1")  # the first frame is up (Type=notify)
        log.info("%s, game %s: running (Ctrl-C stops)", app.table.game, app.table.record.id)
        _run_with_web(app)
    except KeyboardInterrupt:
        pass
    except Exception as error:
        record.crashed(error, time.monotonic() - started)  # three quick ones: safe mode
        raise
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a second one must not cut the close
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        app.close()
    record.ran_well()
    return 0


def _config_fixed(path: str | None) -> Callable[[], bool]:
    """Whether the config loads now (looked at every two seconds at most)."""
    looked = [time.monotonic()]

    def fixed() -> bool:
        if time.monotonic() - looked[0] < 2.0:
            return False
        looked[0] = time.monotonic()
        try:
            load_config(path)
        except ConfigError:
            return False
        return True

    return fixed


def _pads(config: Config) -> tuple[int, ...]:
    """The seats the configuration wires with all four buttons."""
    names = set(config.button_pins)
    seats = {int(n[4:].split(".")[0]) for n in names if n.startswith("seat") and "." in n}
    return tuple(
        sorted(s for s in seats if all(f"seat{s}.{c}" in names for c in controls.NAVIGATION))
    )
