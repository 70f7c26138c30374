"""The loop: one thread owns the table, the journal and the outputs.

Hardware callbacks (gpiozero's threads, the bridge's reader, the simulator's keys, a
phone's request) only :meth:`App.post` events on one ``queue.Queue``. :meth:`App.run`
blocks on that queue and wakes early only for a timer (hold, debounce, the journal's
retry) or a timed output (the ring's animation, a window's event pump), so an idle table
costs ~0 CPU.

One pass per event: the event becomes gestures; the pure controls turn each gesture and
the current :class:`Snapshot` into a new UI state and commands; the table executes the
commands (the journal commits); then one new snapshot is built (the prompt and public
view computed once) and handed to the outputs in their order (``companion.outputs``).
An output that fails is dropped with a notice on the screen; it never ends the loop.
Build the app on the thread that runs it: the table and the journal belong to it.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal

from companion import controls, recent
from companion.catalogue.refusals import placed, refusal
from companion.config import Config
from companion.controls.questions import GAME_ENDED
from companion.cues import cue_for
from companion.games import find as games_find
from companion.games.spec import AnySpec
from companion.hardware.factory import Adapters
from companion.hardware.ports import ButtonEdge, DiscStep
from companion.input_timing import InputTiming
from companion.journal import GameRecord, StorageError
from companion.library import Library, path_for
from companion.outputs import HUB, Called, Output, Outputs
from companion.rules.base import Action, RulesError, View
from companion.service import Watchdog
from companion.snapshot import HardwareStatus, Snapshot, UiState, WebAccess
from companion.stats import standings
from companion.storage_faults import StorageFaults
from companion.table import NOTHING, Apply, Change, Command, NewGame, Table
from companion.voice import Voice
from companion.web.cards import library_page, tidied
from companion.web.hub import LOOP_FAILED, Hub, Remote, TableRequest, may_act, tokens_for

log = logging.getLogger("companion.app")

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


class App:
    """The table, its snapshot and its outputs, owned by the loop's thread.

    ``voice`` is the speaker the composition root chose (None: silent); ``unvoiced``
    says the config asked for one the box cannot give. The outputs are registered by
    the composition root (``companion.app.build_app``) in :attr:`outputs`.
    """

    def __init__(
        self,
        table: Table,
        adapters: Adapters,
        config: Config,
        *,
        clock: Callable[[], float],
        voice: Voice | None = None,
        unvoiced: bool = False,
    ) -> None:
        self.config = config
        self.adapters = adapters
        self.clock = clock
        self.table = table
        self.events: queue.Queue[Event] = queue.Queue()
        self._hub: Hub | None = None
        self.web_address = ""  # set when the phones' server runs (companion/web/)
        self._web_kept: tuple[tuple[int, str], WebAccess] | None = None  # per game
        # MENU, Standings: the rows, kept while no game is played, ended or archived.
        self._standings_kept: tuple[object, list[tuple[str, int, int]]] | None = None
        buttons = config.buttons
        self.timing = InputTiming(
            debounce=buttons.debounce_ms / 1000,
            hold=buttons.hold_ms / 1000,
            hold_buttons=frozenset({"undo", "menu"}),
            hold_times={"menu": buttons.menu_hold_ms / 1000},
        )
        self.outputs = Outputs()
        self._loop: threading.Thread | None = None  # the thread in run(), while it runs
        self.watchdog = Watchdog()  # systemd's, when the unit sets WatchdogSec
        self.storage = StorageFaults(table.journal, self._build)
        self._libraries: dict[str, Library] = {}
        self.voice = voice
        now = clock()
        bridge: Literal["linked", "unplugged", "none"] = (
            "none" if adapters.link is None else "unplugged"
        )
        hardware = HardwareStatus(
            library=self._library_said(config.language),
            replaced=(*adapters.replaced, *(("voice",) if unvoiced else ())),
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

    # --- what outputs read ------------------------------------------------------------

    @property
    def ui(self) -> UiState:
        return self.snapshot.ui

    @property
    def view(self) -> View:
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

    def _library_said(self, language: str) -> tuple[str, ...]:
        """The card library's problems as the box says them: each after its place, in the
        table's language (the library and its kit write them in English)."""
        return tuple(placed(problem, language) for problem in self.library().problems)

    def subscribe(self, output: Output | Callable[[Snapshot], None]) -> None:
        """An output (or a plain ``output(snapshot)`` callable) joins :attr:`outputs` and is
        shown the snapshot now, then after every event that changed anything. An output that
        raises is dropped with a notice, never the loop. From another thread while the loop
        runs, it joins through the queue, so no thread but the loop's touches the outputs
        or calls one."""
        joining = output if isinstance(output, Output) else Called(output)
        running = self._loop is not None and self._loop is not threading.current_thread()
        if running:
            self.post(Subscribe(joining))
            return
        self._join(joining)

    def _join(self, output: Output) -> None:
        self.outputs.add(output)
        self.snapshot = self.outputs.show(self.snapshot, only=output)

    @property
    def running(self) -> bool:
        """True once :meth:`run` has wired the inputs and loops, until it returns."""
        return self._loop is not None

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
            snap = replace(snap, hardware=hardware, cue=None, news=False, at=now)
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
            event.reply(False, refusal("the table has moved on", snap.language), head)
            return snap
        if not may_act(snap, event.seat, event.action):
            why = refusal("it is not this seat's to decide now", snap.language)
            event.reply(False, why, head)
            return snap
        reaction = controls.Reaction(snap.ui, (Apply(dict(event.action), event.seat),))
        after = self._react(reaction, snap, now)
        if self.table.head != head:
            event.reply(True, "", self.table.head)
            return after
        # Refused: the phone is told why; the box shows nothing of it (no notice, no cue,
        # nothing in the game log), since a refusal's words quote what the phone sent.
        notice = after.ui.notice
        event.reply(False, notice.say(after.language) if notice else "refused", head)
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
                event.reply(400, {"error": refusal(error, snap.language)})
                return snap
            snap = self._react(controls.Reaction(snap.ui, (NewGame(spec.name, setup),)), snap, now)
            event.reply(200, {"ok": True, "game": spec.name})
            return snap
        if kit is None:
            event.reply(404, {"error": f"{self.table.spec.name} keeps no cards"})
            return snap
        library = self.library()
        if event.kind == "cards":
            known = [dict(c) for c in library.cards]
            forms = library_page(self.table.spec, library.cards, snap.language)
            event.reply(200, {"game": self.table.spec.name, "cards": known, **forms})
            return snap
        card, index = tidied(self.table.spec, event.body.get("card")), event.body.get("index")
        cards: list[object] = [dict(c) for c in library.cards]
        if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(cards):
            cards[index] = card
        else:
            cards.append(card)
        problems = kit.check(cards)
        if problems:
            path, english = problems[0]
            why = placed(english, snap.language)  # the table page's language
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
            self.subscribe(Called(self._hub, HUB))
        return self._hub

    def tick(self, now: float) -> None:
        """Timers, animation frames, a window's events; call it when :meth:`next_wake` says."""
        before = snap = self.snapshot
        snap = self.storage.retry(snap, now)
        snap = self._check_bridge(snap, now)
        for gesture in self.timing.tick(now):
            snap = self._react(controls.react(gesture, snap, now), snap, now)
        self._publish(before, snap, now)
        self.snapshot = self.outputs.tick(self.snapshot, now)
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
        for wait in (
            self.outputs.next_wake(self.snapshot, now),
            self.storage.next_wake(self.snapshot, now),
        ):
            if wait is not None:
                waits.append(wait)
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
                if not self._dispatch(event):
                    return
        finally:
            self._loop = None

    def turn(self) -> None:
        """One turn of the loop without waiting: every event already posted, then the
        timers (how tests and a stepped simulator drive the loop)."""
        while True:
            try:
                event = self.events.get_nowait()
            except queue.Empty:
                break
            self._dispatch(event)
        self.tick(self.clock())

    def _dispatch(self, event: Event) -> bool:
        """One event off the queue; False for a :class:`Stop`."""
        try:
            if isinstance(event, Stop):
                return False
            if isinstance(event, Subscribe):
                self._join(event.output)
                return True
            self.handle(event, self.clock())
            self.watchdog.tick(self.clock())
            return True
        finally:  # events.join() returns once every event posted is handled
            self.events.task_done()

    def stop(self) -> None:
        self.post(Stop())

    def close(self) -> None:
        self.outputs.close()
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
        ui, cue = _reason_said(reaction.ui), reaction.cue
        change: Change | None = None
        if reaction.cards is not None:  # a card edited in the card library view
            library = self.library()
            library.keep(reaction.cards)
            hardware = replace(snap.hardware, library=self._library_said(ui.language))
            snap = self._build(ui, snap.change, now, hardware=hardware, changed_at=snap.changed_at)
        elif ui.language != snap.ui.language and snap.hardware.library:  # said again
            hardware = replace(snap.hardware, library=self._library_said(ui.language))
            snap = replace(snap, hardware=hardware)
        for command in reaction.commands:
            try:
                change = self.table.execute(command)
            except RulesError as error:
                reason = refusal(error, ui.language)  # the rules say it in English
                ui = ui.say("hardware.refused", now, refused=True, reason=reason)
                cue = "no"
                break
            except StorageError as error:  # nothing was kept: read-only until it can write
                return self.storage.refused(error, snap, ui, self.table.head, now)
            ui = ui.quiet()
        if change is None:
            return snap.with_ui(ui, now, cue)
        hardware = self.storage.written(snap.hardware)
        if change.kind == "action" and change.action is not None:
            library = self.library()
            if library.learn(change.action) or library.problems:
                hardware = replace(hardware, library=self._library_said(ui.language))
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
        if table.finished and table.state.winner is None:
            # Ended from the menu (MENU, End this game): the rules would still ask for a
            # move the table no longer takes; nobody's turn now, as at a game's end.
            prompt = GAME_ENDED
        elif kit is not None:  # the table's own cards, offered where the game asks for one
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
            log=table.log(),
            web=self._web_access(),
            standings=self._standings,
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

    def _standings(self) -> list[tuple[str, int, int]]:
        """The table's top players (MENU, Standings), read from the journal when the page
        opens: a finished game not yet in the journal's statistics cache is replayed, so
        never per frame; read again only once a game was played, ended or archived (every
        action row is checked on a reading: 0.13 s at 500 games here)."""
        key = self.table.journal.heads()
        kept = self._standings_kept
        if kept is not None and kept[0] == key:
            return kept[1]
        rows = standings(self.table.journal)
        self._standings_kept = (key, rows)
        return rows

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
        """The new snapshot to every output in order, if it changed (an output that fails
        adds its notice to the snapshot the others are shown)."""
        self.snapshot = snap
        if snap is not before:
            self.snapshot = self.outputs.show(snap)


def _pads(config: Config) -> tuple[int, ...]:
    """The seats the configuration wires with all four buttons."""
    names = set(config.button_pins)
    seats = {int(n[4:].split(".")[0]) for n in names if n.startswith("seat") and "." in n}
    return tuple(
        sorted(s for s in seats if all(f"seat{s}.{c}" in names for c in controls.NAVIGATION))
    )


def _reason_said(ui: UiState) -> UiState:
    """A notice's reason in the table's language: the controls pass on what the rules or
    a card kit said (a card not kept, a form refused), in English."""
    notice = ui.notice
    reason = notice.fields.get("reason") if notice is not None else None
    if notice is None or not isinstance(reason, str) or ui.language == "en":
        return ui
    said = placed(reason, ui.language)
    if said == reason:
        return ui
    return replace(ui, notice=replace(notice, fields={**notice.fields, "reason": said}))
