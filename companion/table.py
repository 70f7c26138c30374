"""The table: the one place that changes game state.

:meth:`Table.execute` runs one command (apply an action, undo, redo, start a new game, end
the game) in one journal transaction and returns the :class:`Change` it made; nothing is
published from here: the app's loop turns the change into one snapshot for every output.
An action is checked by the rules before anything is written, so an illegal one raises and
changes nothing. Undo and redo move the journal's head; the states of the game so far are
kept in memory as a cache of the journal's replay, which is the truth. What the table said
of each action (the game log, :mod:`companion.game_log`) is said once, as it is applied,
and kept with it in the journal: the log is never replayed.

A table belongs to the thread that built it (the app's loop): a call from any other
thread raises :class:`WrongThread` at once, instead of corrupting state some day.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from companion import game_log, games
from companion.game_log import GameLog, Said
from companion.games.spec import AnySpec, GameState
from companion.journal import GameRecord, Journal, JournalError
from companion.rules import freeze
from companion.rules.base import (
    PUBLIC,
    Action,
    Event,
    IllegalAction,
    Prompt,
    RulesError,
    Setup,
    View,
)

FINISHED = "finished"
ACTIVE = "active"


class WrongThread(RuntimeError):
    """A table (or another loop-owned object) was used from a thread that does not own it."""


class LoopOwned:
    """Remembers the thread that built it; :meth:`check_thread` refuses any other."""

    def __init__(self) -> None:
        # The Thread itself, not its ident: idents are handed out again once a thread ends.
        self._owner = threading.current_thread()

    def check_thread(self) -> None:
        if threading.current_thread() is not self._owner:
            name = threading.current_thread().name
            raise WrongThread(
                f"{type(self).__name__} used from thread {name!r}: only the loop thread "
                "may touch it (post an event to the app's queue instead)"
            )


# --- commands, in the imperative -----------------------------------------------------------


# What a stored action may raise on replay: a damaged row the rules did not foresee is still
# the journal's fault, reported with its place, not a crash.
REPLAY_ERRORS = (RulesError, ValueError, TypeError, KeyError, IndexError, AttributeError)
SNAPSHOT_EVERY = 1000  # actions between two states kept in the journal
KEEP_STATES = 2000  # states held in memory for undo (older: rebuilt from a snapshot)


@dataclass(frozen=True)
class Apply:
    """Play an action as ``seat``: the seat whose buttons were pressed, a phone's token's
    seat, a script's ``seat:``. The rules refuse it unless it is that seat's own to take
    (``GameSpec.authorize``). None: the table itself acts (NEXT, the disc, a script that
    names no seat), for the seat the prompt names."""

    action: Action
    seat: int | None = None


@dataclass(frozen=True)
class Undo:
    """Take back the last action; with ``to_head``, every action after that head."""

    to_head: int | None = None


@dataclass(frozen=True)
class Redo:
    pass


@dataclass(frozen=True)
class NewGame:
    """Start a game in the same journal: ``game`` with ``setup``; or, with neither, the
    next game of the series (the spec's rematch setup of the game just played)."""

    game: str | None = None
    setup: Setup | None = None


@dataclass(frozen=True)
class Resume:
    """Pick up an unfinished game of the journal where it was left (the game left behind
    stays unfinished, so it can be picked up in turn)."""

    game_id: int


@dataclass(frozen=True)
class EndGame:
    """Close the game without a winner: it is kept in the journal and no longer resumed."""


Command = Apply | Undo | Redo | NewGame | Resume | EndGame

ChangeKind = Literal["action", "undo", "redo", "resume", "new_game", "end_game", "none"]


@dataclass(frozen=True)
class Change:
    """What a command did, in the past tense, for narration, cues and animations."""

    kind: ChangeKind
    action: Action | None = None  # the action applied, redone, or (the last one) undone
    events: tuple[Event, ...] = ()  # what the rules said it caused (action and redo only)
    undone: int = field(default=0)  # how many actions an undo took back
    # What the table said of ``action`` when it was applied (the game log's lines, in
    # every language): an undo or a redo says what it took back or played again.
    said: Said = field(default_factory=lambda: game_log.SILENT)

    @property
    def fresh(self) -> bool:
        """Did the game move forward just now (so its events are news)?"""
        return self.kind in ("action", "redo")


NOTHING = Change("none")


class Table(LoopOwned):
    """One game in one journal. Build it with :meth:`new_game`, :meth:`resume` or
    :meth:`open`; change it only through :meth:`execute`."""

    def __init__(self, journal: Journal, record: GameRecord) -> None:
        super().__init__()
        self.journal = journal
        self.log_book = game_log.LogBook()
        self._load(record)

    def _load(self, record: GameRecord) -> None:
        try:
            # Each game's spec is typed with its own state; a table holds whichever it was given.
            spec: AnySpec = games.find(record.game)
        except RulesError as error:  # a journal from a companion with another game folder
            where = f"{self.journal.path}: game {record.id}"
            raise JournalError(f"{where}: {error} (this companion cannot replay it)") from error
        self.record = record
        self.spec = spec
        self._actions: list[Action] = []
        # The states from head ``_base`` on (older ones are rebuilt from a snapshot).
        self._states: list[GameState] = []
        self._base = 0
        self._asked: tuple[GameState, Prompt] | None = None  # the state's prompt, kept
        self._viewed: tuple[GameState, View] | None = None  # its public view (the rules'), kept
        self._replay()
        self._said = self._kept_said()  # what each stored action said (the redo stack's too)
        self.log_book.reset(self._said[: self.head])

    # --- construction ----------------------------------------------------------------

    @classmethod
    def new_game(cls, journal: Journal, game: str, setup: Setup) -> Table:
        spec = games.find(game)
        stamped = spec.stamp(dict(setup))  # the rules this companion plays, kept with it
        spec.rules.start(stamped)  # a bad setup raises here, before any write
        return cls(journal, journal.new_game(game, stamped))

    @classmethod
    def resume(cls, journal: Journal) -> Table | None:
        """The latest unfinished game of the journal, replayed, or None."""
        record = journal.latest_unfinished()
        return cls(journal, record) if record else None

    @classmethod
    def open(cls, path: str | Path) -> Table | None:
        return cls.resume(Journal(path))

    def _replay(self) -> None:
        records = self.journal.actions(self.record.id)
        self._actions = [r.action for r in records]
        if self.record.head > len(self._actions):
            where = f"{self.journal.path}: game {self.record.id}"
            raise JournalError(f"{where}: head {self.record.head} is past the stored actions")
        self._rebuild(self.record.head, [r.seq for r in records])

    def _kept_said(self) -> list[Said]:
        """Each stored action's lines, as the journal keeps them; those it lacks (a journal
        older than them) said by one replay and kept, so it happens once per game."""
        said: list[Said | None] = [None] * len(self._actions)
        known: dict[str, Said | None] = {}  # a long game says the same lines again
        for seq, text in self.journal.said(self.record.id).items():
            if 1 <= seq <= len(said):
                if text not in known:
                    known[text] = game_log.decode(text)
                said[seq - 1] = known[text]
        missing = [index for index, lines in enumerate(said) if lines is None]
        if missing:
            found = game_log.said_by_replay(self.spec, self.record.setup, self._actions, missing)
            rows = [(index + 1, game_log.encode(lines)) for index, lines in found.items()]
            self.journal.keep_said(self.record.id, rows)
            for index, lines in found.items():
                said[index] = lines
        return [lines if lines is not None else game_log.SILENT for lines in said]

    def _start_state(self) -> GameState:
        try:
            state: GameState = self.spec.rules.start(self.spec.journaled(dict(self.record.setup)))
        except RulesError as error:
            where = f"{self.journal.path}: game {self.record.id}"
            raise JournalError(f"{where}: setup: {error}") from error
        return state

    def _rebuild(self, head: int, seqs: list[int] | None = None) -> None:
        """The state after ``head`` actions: from the latest snapshot at or before it (a
        snapshot that does not load is ignored), then the actions after it."""
        start = self._start_state()
        base, state = 0, start
        kept = self.journal.snapshot(self.record.id, head)
        if kept is not None:
            try:
                data = json.loads(kept[1])
                if data.get("shape") == freeze.shape(type(start)):
                    base, state = kept[0], freeze.load(type(start), data["state"])
            except (ValueError, TypeError, AttributeError, KeyError, freeze.SnapshotError):
                base, state = 0, start
        self._base, self._states = base, [state]
        rules = self.spec.rules
        for index in range(base, head):
            action = self._actions[index]
            try:
                state = rules.step(state, action)
            except REPLAY_ERRORS as error:
                seq = seqs[index] if seqs else index + 1
                raise JournalError(
                    f"{self.journal.path}: game {self.record.id}, action {seq} "
                    f"({action.get('do')}): {error}"
                ) from error
            self._states.append(state)

    def _moved_on(self) -> None:
        """After the head moved forward: a snapshot every ``SNAPSHOT_EVERY`` actions, and at
        most ``KEEP_STATES`` states in memory."""
        if self.head % SNAPSHOT_EVERY == 0:
            data = {"shape": freeze.shape(type(self.state)), "state": freeze.dump(self.state)}
            self.journal.keep_snapshot(self.record.id, self.head, json.dumps(data))
        extra = len(self._states) - KEEP_STATES
        if extra > 0:
            del self._states[:extra]
            self._base += extra

    # --- reading ---------------------------------------------------------------------

    @property
    def game(self) -> str:
        return self.record.game

    @property
    def state(self) -> GameState:
        return self._states[-1]

    @property
    def head(self) -> int:
        return self._base + len(self._states) - 1

    @property
    def can_undo(self) -> bool:
        return self.head > 0

    @property
    def can_redo(self) -> bool:
        return len(self._actions) > self.head and self.record.status == ACTIVE

    @property
    def finished(self) -> bool:
        return self.state.winner is not None or self.record.status == FINISHED

    def prompt(self) -> Prompt:
        """Who must decide what now: computed once per state (the snapshot's, then the
        acting seat's check on the next press read the same)."""
        self.check_thread()
        state = self.state
        if self._asked is None or self._asked[0] is not state:
            self._asked = (state, self.spec.rules.prompt(state))
        return self._asked[1]

    def _public(self, state: GameState) -> View:
        """The rules' public view of ``state``, computed once per state (the narration of
        the step that made it, then the snapshot, read the same): never changed, copied."""
        if self._viewed is None or self._viewed[0] is not state:
            self._viewed = (state, self.spec.rules.view(state, PUBLIC))
        return self._viewed[1]

    def view(self, audience: str = PUBLIC) -> View:
        self.check_thread()
        if audience == PUBLIC:
            picture = dict(self._public(self.state))
        else:
            picture = dict(self.spec.rules.view(self.state, audience))
        picture["table"] = {
            "game_id": self.record.id,
            "head": self.head,
            "can_undo": self.can_undo,
            "can_redo": self.can_redo,
        }
        return picture

    def log(self) -> GameLog:
        """The game log as it stands (a constant cost: the lines are shared, not copied)."""
        self.check_thread()
        return self.log_book.log()

    def history(self) -> tuple[Action, ...]:
        """The actions of the game so far (the redo stack left out), oldest first."""
        self.check_thread()
        return tuple(self._actions[: self.head])

    # --- changing --------------------------------------------------------------------

    def execute(self, command: Command) -> Change:
        """Run one command; an illegal one raises :class:`RulesError` and changes nothing."""
        self.check_thread()
        if isinstance(command, Apply):
            return self._apply(command)
        if isinstance(command, Undo):
            return self._undo(command.to_head)
        if isinstance(command, Redo):
            return self._redo()
        if isinstance(command, NewGame):
            return self._new_game(command)
        if isinstance(command, Resume):
            return self._resume(command.game_id)
        return self._end_game()

    def apply(self, action: Action, seat: int | None = None) -> Change:
        """Shorthand for ``execute(Apply(action, seat))`` (scripts and tests)."""
        return self.execute(Apply(action, seat))

    def _apply(self, command: Apply) -> Change:
        if self.record.status == FINISHED and self.state.winner is None:
            raise IllegalAction("this game was ended: start a new one from the menu")
        clean = dict(command.action)
        actor = command.seat if command.seat is not None else self._named_seat(clean)
        if command.seat is not None and "seat" not in clean:
            # The rules see who acts (and the journal keeps it in the action, so a replay
            # is the same game): a team's action is its player's, a vote its voter's.
            clean["seat"] = command.seat
        # The rules' own step first, so a refusal says what the rules say (a script's
        # golden reasons); then whether it is this seat's own to take at all.
        state = self.spec.rules.step(self.state, clean)
        if actor is not None:
            self.spec.authorize(self.state, clean, actor, self.prompt())
        status = self._status_of(state)
        seat = actor if actor is not None else self.prompt().seat
        said = game_log.say(self.spec, state.events, self._public(state))
        self.journal.append(self.record.id, seat, clean, status, game_log.encode(said))
        del self._actions[self.head :]
        del self._said[self.head :]
        self._actions.append(clean)
        self._said.append(said)
        self.log_book.extend(said)
        self._states.append(state)
        self._moved_on()
        self._set_status(status)
        return Change("action", clean, tuple(state.events), said=said)

    def _named_seat(self, action: Action) -> int | None:
        """The seat a script's action names (``seat: 2`` or ``seat: Anna``), or None (an
        unknown name is the rules' to refuse, with its own words)."""
        named = action.get("seat")
        if isinstance(named, int) and not isinstance(named, bool):
            return named
        if not isinstance(named, str):
            return None
        if named.isdigit():
            return int(named)
        players = self.record.setup.get("players")
        if isinstance(players, list) and named in players:
            return players.index(named) + 1
        return None

    def _undo(self, to_head: int | None) -> Change:
        target = self.head - 1 if to_head is None else to_head
        if not self.can_undo or not 0 <= target < self.head:
            raise IllegalAction("nothing to undo")
        undone = self._actions[self.head - 1]
        said = self._said[self.head - 1]
        steps = self.head - target
        if target >= self._base:
            status = self._status_of(self._states[target - self._base])
            self.journal.set_head(self.record.id, target, status)
            del self._states[target - self._base + 1 :]
        else:  # further back than the states in memory: rebuilt from a snapshot
            kept = self._base, self._states
            self._rebuild(target)
            status = self._status_of(self.state)
            try:
                self.journal.set_head(self.record.id, target, status)
            except BaseException:
                self._base, self._states = kept
                raise
        self.log_book.cut(target)
        self._set_status(status)
        return Change("undo", undone, (), undone=steps, said=said)

    def _redo(self) -> Change:
        if not self.can_redo:
            raise IllegalAction("nothing to redo")
        action = self._actions[self.head]
        said = self._said[self.head]
        state = self.spec.rules.step(self.state, action)
        status = self._status_of(state)
        self.journal.set_head(self.record.id, self.head + 1, status)
        self.log_book.extend(self._said[self.head])
        self._states.append(state)
        self._moved_on()
        self._set_status(status)
        return Change("redo", action, tuple(state.events), said=said)

    def _new_game(self, command: NewGame) -> Change:
        game = command.game or self.game
        setup: Setup
        if command.setup is not None:
            setup = dict(command.setup)
        elif game == self.game:
            setup = self.spec.rematch(self.state, dict(self.record.setup))
        else:
            setup = {}
        spec = games.find(game)
        setup = spec.stamp(setup)
        spec.rules.start(setup)  # a bad setup raises before any write
        # The game left behind stays as it is: unfinished, it can be resumed from the menu.
        self._load(self.journal.new_game(game, setup))
        return Change("new_game")

    def _resume(self, game_id: int) -> Change:
        try:
            record = self.journal.game(game_id)
        except JournalError as error:
            raise IllegalAction(f"no game {game_id} in this journal") from error
        if record.status != ACTIVE:
            raise IllegalAction(f"game {game_id} is over: it cannot be resumed")
        if record.id == self.record.id:
            raise IllegalAction("this is the game on the table")
        left = self.record
        try:
            self._load(record)
        except JournalError as error:  # a game that no longer replays stays where it is
            self._load(left)
            raise IllegalAction(str(error)) from error
        self.journal.set_current(record.id)  # after a restart, this game is on the table
        return Change("resume")

    def _end_game(self) -> Change:
        if self.record.status == FINISHED:
            raise IllegalAction("this game is already over")
        self.journal.set_status(self.record.id, FINISHED)
        self._set_status(FINISHED)
        return Change("end_game")

    def _status_of(self, state: GameState) -> str | None:
        """The status to write with a change to ``state``: None when it stays the same."""
        status = FINISHED if state.winner is not None else ACTIVE
        return status if status != self.record.status else None

    def _set_status(self, status: str | None) -> None:
        if status is not None:
            self.record = self.journal.game(self.record.id)
