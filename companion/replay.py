"""A game of the journal stepped through, action by action: the replay of the spectator
page and of the box's game log.

A :class:`Replay` reads one game's actions (up to its head: the redo stack is not the
game) and what the table said of each, once; :meth:`Replay.step` answers the public view
after any number of them. The view is the rules' PUBLIC one of the state at that step, so a
step inside a Manus vote shows what the table saw then: who has voted, never what.

Stepping to any point of a long game must answer at once (under 100 ms at 2,000 actions,
``bench/replay.py``), so the rules are stepped forward from the nearest state already
known (:class:`States`, which the box's own replay, :mod:`companion.controls.replay`, steps
with too): one this replay passed (kept every :data:`CHECKPOINT_EVERY` actions), one of
the last :data:`RECENT` steps (so stepping back and forth is a lookup), or a snapshot the
table kept in the journal (:meth:`Journal.snapshot`, every thousand actions). The replay
never writes: a snapshot it would keep could belong to a history an undo is replacing on
the loop's thread at that moment.

A replay reads its journal's connection, so it belongs to the thread that opened the
journal (SQLite's rule); the phones' server opens its own.
"""

from __future__ import annotations

import bisect
import json
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from companion import games
from companion.game_log import Said, decode
from companion.games.spec import AnySpec, GameState
from companion.i18n import LANGUAGES
from companion.journal import ActionRecord, GameRecord, Journal, JournalError
from companion.narration import narrate
from companion.rules import freeze
from companion.rules.base import PUBLIC, Action, RulesError, View
from companion.table import REPLAY_ERRORS

CHECKPOINT_EVERY = 100  # a state kept every so many actions as the replay passes them
RECENT = 128  # the last states stepped through, kept (stepping back is a lookup)
VIEWS = 16  # public views of recent steps, kept (a page asks the same step in two languages)


# A state kept elsewhere at or before a step, and its step; what to raise when an action fails.
Earlier = Callable[[int], tuple[int, GameState] | None]
Failed = Callable[[int, Exception], Exception]


class States:
    """The states of one game, from its start state and its actions, stepped by the rules
    when first asked for. Kept: every ``every``-th state passed and the last ``recent``
    stepped through, so a step back or forth is a look-up and a jump steps at most a
    checkpoint's worth; a long game is not held whole a second time (the table holds its
    own). ``earlier`` offers a state kept elsewhere (the journal's snapshots) when the
    nearest known one is more than a checkpoint's worth back; ``failed`` turns an action
    the rules refuse into the caller's error (without it the rules' error is raised)."""

    def __init__(
        self,
        spec: AnySpec,
        start: GameState,
        actions: Sequence[Action],
        *,
        every: int,
        recent: int,
        earlier: Earlier | None = None,
        failed: Failed | None = None,
    ) -> None:
        self.spec = spec
        self.actions = actions
        self.every = every
        self.recent = recent
        self._earlier = earlier
        self._failed = failed
        self._checkpoints: dict[int, GameState] = {0: start}
        self._marks = [0]  # the checkpoints' steps, sorted
        self._recent: OrderedDict[int, GameState] = OrderedDict()

    def state(self, n: int) -> GameState:
        """The state after the first ``n`` actions (0: the start)."""
        known = self._recent.get(n)
        if known is not None:
            self._recent.move_to_end(n)
            return known
        base, state = self._nearest(n)
        rules = self.spec.rules
        for index in range(base, n):
            if self._failed is None:
                state = rules.step(state, self.actions[index])
            else:
                try:
                    state = rules.step(state, self.actions[index])
                except REPLAY_ERRORS as error:
                    raise self._failed(index, error) from error
            done = index + 1
            if done % self.every == 0 and done not in self._checkpoints:
                self.keep(done, state)
            if done > n - self.recent:
                self._remember(done, state)
        self._remember(n, state)
        return state

    def keep(self, step: int, state: GameState) -> None:
        """``state`` kept as the checkpoint at ``step``."""
        self._checkpoints[step] = state
        bisect.insort(self._marks, step)

    def sharing(self, actions: Sequence[Action], shared: int) -> States:
        """The states of ``actions``, whose first ``shared`` are this game's: the states
        kept up to there kept."""
        followed = States(
            self.spec,
            self._checkpoints[0],
            actions,
            every=self.every,
            recent=self.recent,
            earlier=self._earlier,
            failed=self._failed,
        )
        for at in self._marks[1:]:
            if at <= shared:
                followed.keep(at, self._checkpoints[at])
        followed._recent = OrderedDict((at, s) for at, s in self._recent.items() if at <= shared)
        return followed

    def _nearest(self, n: int) -> tuple[int, GameState]:
        """The known state closest before step ``n``: a recent step, a checkpoint, or one
        kept elsewhere (``earlier``: then a checkpoint)."""
        at = self._marks[bisect.bisect_right(self._marks, n) - 1]
        base, state = at, self._checkpoints[at]
        for step, recent in self._recent.items():
            if base < step <= n:
                base, state = step, recent
        if self._earlier is not None and n - base > self.every:
            kept = self._earlier(n)
            if kept is not None:
                if kept[0] not in self._checkpoints:
                    self.keep(*kept)
                if kept[0] > base:
                    base, state = kept
        return base, state

    def _remember(self, step: int, state: GameState) -> None:
        self._recent[step] = state
        self._recent.move_to_end(step)
        while len(self._recent) > self.recent:
            self._recent.popitem(last=False)


@dataclass(frozen=True)
class Step:
    """The game after ``step`` of its ``of`` actions (0: the setup)."""

    step: int
    of: int
    view: View  # the rules' PUBLIC view at that step: never a seat's
    said: tuple[str, ...]  # what the event line said of action ``step``, in the asked language
    state: object  # the rules' state at that step (the box's screen draws from it)
    at: str  # when action ``step`` was played (UTC, the journal's), "" at 0


class Replay:
    """One game of a journal, stepped through; built in the journal's thread."""

    def __init__(self, journal: Journal, game_id: int) -> None:
        self.journal = journal
        self.record: GameRecord = journal.game(game_id)  # JournalError: no such game
        try:
            spec: AnySpec = games.find(self.record.game)
        except RulesError as error:  # a journal from a companion with another game folder
            where = f"{journal.path}: game {game_id}"
            raise JournalError(f"{where}: {error} (this companion cannot replay it)") from error
        self.spec = spec
        records = journal.actions(game_id)
        if self.record.head > len(records):
            where = f"{journal.path}: game {game_id}"
            raise JournalError(f"{where}: head {self.record.head} is past the stored actions")
        self._records: list[ActionRecord] = records[: self.record.head]
        self._said = journal.said(game_id)  # the JSON text of each action's lines, by seq
        self._decoded: dict[str, Said | None] = {}  # a long game says the same lines again
        try:
            start: GameState = spec.rules.start(spec.journaled(dict(self.record.setup)))
        except RulesError as error:
            raise JournalError(f"{journal.path}: game {game_id}: setup: {error}") from error
        self._kind = type(start)
        self._states = States(
            spec,
            start,
            [record.action for record in self._records],
            every=CHECKPOINT_EVERY,
            recent=RECENT,
            earlier=self._snapshot,
            failed=self._failed,
        )
        self._views: OrderedDict[int, View] = OrderedDict()
        self._snapshot_tried: set[int] = set()  # journal snapshots already read (or refused)

    @property
    def of(self) -> int:
        """How many actions the game has (its head when the replay was opened)."""
        return len(self._records)

    @property
    def game_id(self) -> int:
        return self.record.id

    def step(self, n: int, language: str = "en") -> Step:
        """The game after ``n`` actions (clamped to 0..of), its event line in ``language``."""
        n = max(0, min(int(n), self.of))
        language = language if language in LANGUAGES else LANGUAGES[0]
        state = self._states.state(n)
        view = self._view(n, state)
        at = self._records[n - 1].at if n else ""
        return Step(n, self.of, view, self._lines(n, state, view, language), state, at)

    def log(self, n: int, actions: int, language: str = "en") -> tuple[str, ...]:
        """The game log as it stood at step ``n``: the lines of its last ``actions`` actions,
        oldest first (read from the journal; only an action it keeps no lines for steps the
        rules)."""
        n = max(0, min(int(n), self.of))
        found: list[str] = []
        for index in range(max(1, n - actions + 1), n + 1):
            kept = self._kept_lines(index, language)
            found += kept if kept is not None else self.step(index, language).said
        return tuple(found)

    # --- the state at a step --------------------------------------------------------------

    def _failed(self, index: int, error: Exception) -> JournalError:
        """Action ``index`` refused by the rules: the journal's action named."""
        record = self._records[index]
        return JournalError(
            f"{self.journal.path}: game {self.record.id}, action "
            f"{record.seq} ({record.action.get('do')}): {error}"
        )

    def _snapshot(self, n: int) -> tuple[int, GameState] | None:
        """The journal's latest snapshot at or before ``n``, if it loads (a snapshot is a
        cache: one of another shape or damaged is ignored, as the table ignores it); each
        read once (the states keep it as a checkpoint)."""
        kept = self.journal.snapshot(self.record.id, n)
        if kept is None or kept[0] in self._snapshot_tried or kept[0] > self.of:
            return None
        head = kept[0]
        self._snapshot_tried.add(head)
        try:
            data = json.loads(kept[1])
            if data.get("shape") != freeze.shape(self._kind):
                return None
            state: GameState = freeze.load(self._kind, data["state"])
        except (ValueError, TypeError, AttributeError, KeyError, freeze.SnapshotError):
            return None
        return head, state

    def _view(self, n: int, state: GameState) -> View:
        """The rules' public view at step ``n`` (kept for the last few steps: never changed,
        so handed out as it is)."""
        view = self._views.get(n)
        if view is None:
            view = self.spec.rules.view(state, PUBLIC)
            self._views[n] = view
            while len(self._views) > VIEWS:
                self._views.popitem(last=False)
        else:
            self._views.move_to_end(n)
        return view

    # --- what the event line said ---------------------------------------------------------

    def _lines(self, n: int, state: GameState, view: View, language: str) -> tuple[str, ...]:
        """The lines the table said of action ``n``, as the journal keeps them; said again
        from the step's events when it keeps none (a journal older than them, a damaged
        row), with the same public view they were said with."""
        if n == 0:
            return ()
        kept = self._kept_lines(n, language)
        if kept is not None:
            return kept
        events = tuple(state.events)
        return tuple(narrate(self.spec, events, view, language)) if events else ()

    def _kept_lines(self, n: int, language: str) -> tuple[str, ...] | None:
        """Action ``n``'s lines as the journal keeps them, or None (none kept, or damaged)."""
        language = language if language in LANGUAGES else LANGUAGES[0]
        text = self._said.get(self._records[n - 1].seq)
        if text is None:
            return None
        if text not in self._decoded:
            self._decoded[text] = decode(text)
        said = self._decoded[text]
        return None if said is None else tuple(said.get(language, ()))


__all__ = ["CHECKPOINT_EVERY", "RECENT", "Replay", "States", "Step"]
