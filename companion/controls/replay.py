"""Pages the menu opens that look back and change nothing: the replay of the game on the
table (MENU, "Replay this game") and the table's standings (MENU, "Standings").

The replay shows the game as it stood after each of its actions, from the last one back:
the public view and the prompt at that step, and the lines its action said, as the live
screen showed them then (so never a vote before it was revealed). Any seat's red and blue
(and the disc) step back and forward; yellow, cyan, MENU and UNDO go back to the live
game, which nothing here touches: no command leaves a page, the journal is not written.
The steps are played again from the snapshot's own setup and history by the game's
rules from the nearest state kept (:class:`Stepper`, on the spectator page's replay's
:class:`companion.replay.States`): the page opens on the last step
(a 2,000-action game replays in about 0.1 s on a desktop, once), and a step after that
is a look-up or a few rules steps, and one picture (about 1 ms).

Both pages sit over the menu's mode (the mode stack names "menu"): the UI state is an
:class:`OverMenu`, the menu's own state with the page it shows, so the menu's mode
hands them every press (:func:`page_react`) and the screen draws the page instead of
the menu's lines.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, replace

from companion import game_log
from companion.controls.base import Input, Reaction, refuse
from companion.game_log import Said
from companion.games.spec import AnySpec, GameState
from companion.input_timing import HOLD
from companion.journal import JournalError
from companion.replay import States
from companion.rules.base import PUBLIC, Action, Prompt, Setup, View
from companion.snapshot import Snapshot, UiState

CHECKPOINT_EVERY = 50  # a state kept every so many actions as the replay passes them
RECENT = 64  # the last states asked for, kept (stepping back and forth is a look-up)

Standing = tuple[str, int, int]  # a player's name, wins, games (companion.stats.standings)
StandingsSource = Callable[[], Sequence[Standing]]


# --- the replay's steps ------------------------------------------------------------------------


class Stepper:
    """The states of one game's history, from its setup, stepped by the rules when first
    asked for (:class:`companion.replay.States`). Kept: every :data:`CHECKPOINT_EVERY`-th
    state passed and the last :data:`RECENT` stepped through, so a step back or forth is a
    look-up and a jump steps at most a checkpoint's worth, and a long game is not held
    whole a second time (the table holds its own)."""

    def __init__(
        self,
        spec: AnySpec,
        setup: Setup,
        history: tuple[Action, ...],
        *,
        states: States | None = None,
    ) -> None:
        self.spec = spec
        self.setup = setup
        self.history = history
        if states is None:  # as the table starts it: the setup as the journal has it
            start = spec.rules.start(spec.journaled(dict(setup)))
            states = States(spec, start, history, every=CHECKPOINT_EVERY, recent=RECENT)
        self._states = states

    @property
    def of(self) -> int:
        """The last step: every action of the history played."""
        return len(self.history)

    def state(self, step: int) -> GameState:
        """The state after the first ``step`` actions (0: the game as set up)."""
        return self._states.state(step)

    def follow(self, spec: AnySpec, setup: Setup, history: tuple[Action, ...]) -> Stepper | None:
        """This stepper for the table as it is now: itself while the history is the same,
        one that keeps the states the histories share when actions were added or undone
        meanwhile (a phone played), None when another game is on the table."""
        if history is self.history:
            return self
        if spec.name != self.spec.name or setup != self.setup:
            return None
        shared = 0
        for mine, theirs in zip(self.history, history, strict=False):
            if mine != theirs:
                break
            shared += 1
        return Stepper(spec, setup, history, states=self._states.sharing(history, shared))

    def picture(self, step: int) -> ReplayStep:
        """What the screen shows at ``step``: the public view and the prompt of that state,
        and what its action said (the table's words, in every language)."""
        state = self.state(step)
        view = self.spec.rules.view(state, PUBLIC)
        said = game_log.say(self.spec, state.events, view) if step else game_log.SILENT
        return ReplayStep(step, self.of, view, self.spec.rules.prompt(state), said)


@dataclass(frozen=True)
class ReplayStep:
    """The game at one step of the replay, as the live screen showed it then."""

    step: int  # actions played (0: the game as set up)
    of: int  # the actions of the game
    view: View  # the public view: what the table saw
    prompt: Prompt
    said: Said  # what the step's action said, in every language (the event line)


# --- the pages ----------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Replaying:
    """The replay page: the steps of the game on the table, and the one shown."""

    stepper: Stepper
    shown: ReplayStep


@dataclass(frozen=True)
class Standings:
    """The standings page: the table's top players, read when the page opened, and the
    line under the cursor."""

    rows: tuple[Standing, ...]
    line: int = 0


Page = Replaying | Standings


@dataclass(frozen=True)
class OverMenu(UiState):
    """The UI state while a page of the menu shows over the game: the menu's mode stays on
    the stack and hands its presses to the page."""

    page: Page | None = None


def page_of(ui: UiState) -> Page | None:
    """The page shown over the menu, if any."""
    return ui.page if isinstance(ui, OverMenu) else None


def show_page(ui: UiState, page: Page) -> OverMenu:
    """``ui`` with ``page`` shown over the menu's mode (the gallery opens a page so)."""
    base = tuple(m for m in ui.modes if m != "menu")
    kept = {f.name: getattr(ui.quiet(), f.name) for f in fields(UiState)}
    return OverMenu(**{**kept, "modes": (*base, "menu")}, page=page)


def _turned(ui: UiState, page: Page) -> OverMenu:
    """The page shown turned (a step, a line): the rest of the UI state as it was."""
    if isinstance(ui, OverMenu):
        return replace(ui, page=page, notice=None, refused=False)
    return show_page(ui, page)


def _left(ui: UiState, *, to_menu: bool = False) -> UiState:
    """``ui`` without the page: back to the game, or (``to_menu``) to the menu's lines."""
    kept = {f.name: getattr(ui, f.name) for f in fields(UiState)}
    base = tuple(m for m in ui.modes if m != "menu")
    return replace(UiState(**kept), modes=(*base, "menu") if to_menu else base).quiet()


# --- opening them (menu lines) ------------------------------------------------------------------


def open_replay(ui: UiState, snap: Snapshot, now: float) -> Reaction:
    """The game on the table as it stood after its last action: red and blue step from
    there."""
    if not snap.history:
        return refuse(ui, "ui.replay.nothing", now)
    stepper = Stepper(snap.spec, snap.setup, snap.history)
    return Reaction(show_page(ui, Replaying(stepper, stepper.picture(stepper.of))))


def standings_source(snap: Snapshot) -> StandingsSource | None:
    """Where the standings are read: the loop's reader of the journal the table has open
    (a call, so the journal is read only when the page opens, on the loop's thread)."""
    return snap.standings


def open_standings(ui: UiState, snap: Snapshot, now: float) -> Reaction:
    """The table's top players by wins, read from the journal now (once per opening)."""
    source = standings_source(snap)
    if source is None:
        return refuse(ui, "ui.standings.unavailable", now)
    try:
        rows = tuple((str(name), int(wins), int(games)) for name, wins, games in source())
    except (JournalError, sqlite3.Error, OSError):  # a journal that cannot be read now
        return refuse(ui, "ui.standings.unavailable", now)
    return Reaction(show_page(ui, Standings(rows)))


# --- pressing on them ---------------------------------------------------------------------------


def page_react(page: Page, press: Input, snap: Snapshot, now: float) -> Reaction:
    """Every press while a page shows: the page's, never the game's."""
    if isinstance(page, Replaying):
        return _replay_react(page, press, snap, now)
    return _standings_react(page, press, snap, now)


def _replay_react(page: Replaying, press: Input, snap: Snapshot, now: float) -> Reaction:
    """Red and blue step back and forward (held: repeated); NEXT is refused, saying how to
    leave; yellow, cyan, MENU and UNDO leave (a held MENU to the menu's lines)."""
    ui = snap.ui
    if press.move in ("up", "down"):
        return replay_step(-1 if press.move == "up" else 1, snap, now)
    if press.button == "next":
        return refuse(ui, "ui.replay.leave_first", now)
    return Reaction(_left(ui, to_menu=press.button == "menu" and press.kind == HOLD))


def replay_step(direction: int, snap: Snapshot, now: float) -> Reaction:
    """One step back (-1) or forward (+1) of the replay shown; at either end a "no". The
    table on the snapshot may have moved since the page opened (a phone's action): the
    replay follows it, and leaves when another game is on the table."""
    ui, page = snap.ui, page_of(snap.ui)
    if not isinstance(page, Replaying):
        return Reaction(ui)
    stepper = page.stepper.follow(snap.spec, snap.setup, snap.history)
    if stepper is None:
        return Reaction(_left(ui))
    step = min(page.shown.step, stepper.of) + direction
    if step < 0:
        return refuse(ui, "ui.replay.at_start", now)
    if step > stepper.of:
        return refuse(ui, "ui.replay.at_end", now, of=stepper.of)
    return Reaction(_turned(ui, Replaying(stepper, stepper.picture(step))))


def replay_disc(direction: int, snap: Snapshot, now: float) -> Reaction | None:
    """The time disc while the replay shows: a step of it is a step of the replay (+1
    forward, -1 back), the disc's position kept so the live game's period is where it
    was; None when no replay shows (the disc is the game's)."""
    if not isinstance(page_of(snap.ui), Replaying):
        return None
    position = snap.ui.disc_position + direction
    moved = snap.with_ui(replace(snap.ui, disc_position=position), now)
    return replay_step(direction, moved, now)


def _standings_react(page: Standings, press: Input, snap: Snapshot, now: float) -> Reaction:
    """Red and blue move through the lines; yellow, cyan and MENU go back to the menu's
    lines; UNDO pressed closes the menu (the game as it was)."""
    ui = snap.ui
    if press.move in ("up", "down"):
        count = max(1, len(page.rows))
        line = (page.line + (-1 if press.move == "up" else 1)) % count
        return Reaction(_turned(ui, Standings(page.rows, line)))
    if press.button == "next":
        return refuse(ui, "hardware.menu_is_open", now)
    if press.button == "undo":
        return Reaction(_left(ui))
    return Reaction(_left(ui, to_menu=True))
