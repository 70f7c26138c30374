"""Press scripts: ``companion play`` with ``presses:`` drives the box's own controls.

Each press goes to a gpiozero ``MockFactory`` pin of the default panel (the config's pin
map), through the real ``GpioButtonPanel`` and ``GpioDiscSensor`` adapters, the app's queue,
input timing, controls, table and journal, exactly as on the box. The only difference is
the clock: the script's own, advanced press by press, so a hold takes no
real time and a run is repeatable. The transcript is the same narration ``companion play``
prints for actions, plus a ``no: ...`` line wherever the box refused a press.

A press script was planned against the game's starting card library (the lists of
creatures to summon are in its order), so it plays with that library, in memory, whatever
library lies beside the journal (:class:`ScriptApp`): the same script plays the same game
in any folder, and the table's library is neither read nor written.

``plan_all`` plays an action script the same way, each action's presses planned by
``companion.planner`` and the table's state checked after them (``companion presses``,
bench/presses.py and the tests' walks).
"""

from __future__ import annotations

import queue
from collections.abc import Callable
from dataclasses import dataclass, replace

from companion.app import App
from companion.config import SEAT_KEYS, Config, GameSettings, load
from companion.display.scene import taken_back
from companion.games import find
from companion.games.spec import AnySpec, Cards
from companion.hardware.factory import Adapters
from companion.hardware.fakes import FakeBuzzer, FakeLedRing
from companion.hardware.gpio import GpioButtonPanel, GpioDiscSensor
from companion.hardware.mock import MockPins, mock_pins
from companion.journal import Journal
from companion.library import Library, played_cards
from companion.narration import narrate
from companion.planner import NoPlan, Plan, outcome, plan
from companion.rules.base import Action, RulesError, Setup
from companion.script import Script, ScriptError, ScriptPress, parse_press
from companion.snapshot import Snapshot
from companion.table import Table, Undo

PRESS_SECONDS = 0.12  # how long a finger stays on a button
REFUSED = "✗"  # a refused press in the transcript, in any language (the reason follows)


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


class ScriptApp(App):
    """The app a script drives: its card library is the game's starting one, held in
    memory. A ``cards-<game>.yaml`` beside the journal (another game played in that folder
    taught it cards, and a taught card moves in the lists) would otherwise change what the
    summon lists offer and in which order, so the same presses would pick other creatures;
    and the cards the script enters are not written there, so running a script leaves the
    table's library as it was."""

    def __init__(
        self, table: Table, adapters: Adapters, config: Config, *, clock: Callable[[], float]
    ) -> None:
        self._held: dict[str, Library] = {}  # set first: App.__init__ reads the library
        super().__init__(table, adapters, config, clock=clock)

    def library(self, spec: AnySpec | None = None) -> Library:
        spec = spec or self.table.spec
        held = self._held.get(spec.name)
        if held is None:
            held = self._held[spec.name] = Library.open(spec, None)  # the starting cards
        return held


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
        self.app = ScriptApp(table, adapters, self.config, clock=self.clock)
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
            for line in taken_back(after):  # "Undone: …" / "Отменено: …", as the screen says
                self.say(line)
        notice = after.ui.notice
        if after.ui.refused and notice is not None and notice != before.ui.notice:
            self.say(f"{REFUSED} {notice.say(language)}")


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


# --- companion presses: an action script planned and pressed ------------------------------


@dataclass(frozen=True)
class Unplanned:
    """An action of a script no presses play: where it is and why (``companion presses``
    plays it directly and goes on)."""

    line: int
    index: int
    do: str
    reason: str

    def say(self, path: str) -> str:
        where = f"{path}:{self.line}: action {self.index} ({self.do})"
        return f"{where}: no presses play it: {self.reason}"


@dataclass
class Planned:
    """A script planned: each press with a comment (the action it ends, or where an action
    the buttons could not play was played directly), the plan of every action that was
    planned, and those that were not."""

    presses: list[tuple[str, str]]
    plans: list[tuple[int, Plan]]
    unplanned: list[Unplanned]


def plan_all(script: Script, cards: Cards | None = None, *, holds: bool = False) -> Planned:
    """Plan every action of ``script`` in turn on the box's own controls (mock pins): the
    planned presses are played, and the table's state must then be the state the action
    itself gives. An action no presses play (or whose presses end elsewhere) is played
    directly, and recorded with the reason; an action the rules refuse ends the run with a
    ScriptError naming its line. ``cards``: the table's card library for the game (the
    starting one by default; :func:`script_cards` gives the script's own). ``holds``: runs of
    red or blue are held (:func:`presses_for`)."""
    done = Planned([], [], [])
    runner = PressRunner(script, ":memory:", "en", lambda line: None)
    try:
        if cards is not None:
            hold_cards(runner.app, cards)
        for item in script.actions:
            snap = runner.app.snapshot
            do = str(item.action.get("do"))
            wanted = outcome(snap, item.action)
            if wanted is None:
                try:
                    snap.spec.rules.step(snap.state, dict(item.action))
                except RulesError as error:
                    where = f"{script.path}:{item.line}: action {item.index} ({do})"
                    raise ScriptError(f"{where}: no presses play it: {error}") from None
            head = runner.app.table.head
            try:
                found = plan(snap, item.action, holds=holds)
            except NoPlan as why:
                done.unplanned.append(Unplanned(item.line, item.index, do, str(why)))
                done.presses.append(("", f"action {item.index} (line {item.line}) not pressed"))
                runner.app.apply(dict(item.action))
                continue
            start = len(done.presses)
            for number, word in enumerate(found.words):
                runner.step(parse_press(word, start + number + 1, item.line))
                note = _summary(item.action) if number == len(found.words) - 1 else ""
                done.presses.append((word, note))
            problem = _played(runner.app.table.head, head, runner.app.table.state, wanted)
            if problem is not None:
                del done.presses[start:]
                reason = f"the planned presses {list(found.words)} {problem}"
                done.unplanned.append(Unplanned(item.line, item.index, do, reason))
                done.presses.append(("", f"action {item.index} (line {item.line}) not pressed"))
                if runner.app.table.head > head:
                    runner.app.execute(Undo(head))
                runner.app.apply(dict(item.action))
                continue
            done.plans.append((item.index, found))
    finally:
        runner.close()
    return done


def script_cards(script: Script) -> Cards | None:
    """The card library a table would hold after ``companion cards import`` of the cards
    ``script``'s summons play: the starting cards, each summoned creature's card in place of
    its own (or added). None for a game without cards."""
    spec = find(script.game)
    if spec.cards is None:
        return None
    played = [item.action for item in script.actions]
    return played_cards(spec, played, spec.cards.starting())


def hold_cards(app: App, cards: Cards) -> None:
    """Make ``cards`` the app's card library, and its prompt offer them (as the app's own
    snapshot would after a card was edited)."""
    kit = app.table.spec.cards
    if kit is None:
        return
    app.library().cards = cards
    prompt = kit.offer(app.table.prompt(), app.table.view(), cards)
    app.snapshot = replace(app.snapshot, prompt=prompt, cards=cards)


def _played(head: int, before: int, state: object, wanted: object) -> str | None:
    """Why the presses did not play the action (None: the table moved one action on, to
    the very state the action gives)."""
    if head != before + 1:
        return f"moved the table {head - before} actions on, not one"
    if state != wanted:
        return "left the game in another state than the action does"
    return None


def _summary(action: Action) -> str:
    """An action in a few words: ``build hand 1: shoulder fire warm wet, forearm water``."""
    words = [str(action.get("do"))]
    for key, value in action.items():
        if key == "do":
            continue
        if isinstance(value, dict):
            words.append(", ".join(f"{k} {_flat(v)}" for k, v in value.items()))
        else:
            words.append(f"{key} {value}")
    return " ".join(words)


def _flat(value: object) -> str:
    if isinstance(value, dict):
        return " ".join(_flat(v) for v in value.values())
    return str(value)
