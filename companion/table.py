"""The table: the one place that changes game state.

An action is checked by the rules, appended to the journal and committed, and only then
is the new state published to the listeners (screen, LED ring, buzzer). Undo and redo
move the journal's head and replay; the states of the game so far are kept in memory as a
cache of that replay.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from companion import rules
from companion.journal import GameRecord, Journal, JournalError
from companion.rules.base import JSON, PUBLIC, Prompt, RulesError

Listener = Callable[["Table"], None]


@dataclass(frozen=True)
class Change:
    """What the last change to the table was, for narration and cues."""

    kind: str  # "action", "undo", "redo", "resume", "new_game"
    action: JSON | None
    events: tuple[JSON, ...]


class Table:
    """One game in one journal. Build it with :meth:`new_game` or :meth:`resume`."""

    def __init__(self, journal: Journal, record: GameRecord) -> None:
        self.journal = journal
        self.record = record
        self.rules: ModuleType = rules.game(record.game)
        self._listeners: list[Listener] = []
        self._actions: list[JSON] = []
        self._states: list[Any] = []
        self.last_change = Change("resume", None, ())
        self._replay()

    # --- construction ----------------------------------------------------------------

    @classmethod
    def new_game(cls, journal: Journal, game: str, setup: Mapping[str, Any]) -> Table:
        module = rules.game(game)
        module.start(setup)  # a bad setup raises here, before anything is written
        record = journal.new_game(game, setup)
        table = cls(journal, record)
        table.last_change = Change("new_game", None, ())
        return table

    @classmethod
    def resume(cls, journal: Journal) -> Table | None:
        """The latest unfinished game of the journal, replayed, or None."""
        record = journal.latest_unfinished()
        return cls(journal, record) if record else None

    @classmethod
    def open(cls, path: str | Path) -> Table | None:
        return cls.resume(Journal(path))

    def _replay(self) -> None:
        where = f"{self.journal.path}: game {self.record.id}"
        try:
            state = self.rules.start(self.record.setup)
        except RulesError as error:
            raise JournalError(f"{where}: setup: {error}") from error
        self._states = [state]
        records = self.journal.actions(self.record.id)
        self._actions = [r.action for r in records]
        for record in records[: self.record.head]:
            try:
                state = self.rules.step(state, record.action)
            except RulesError as error:
                raise JournalError(
                    f"{where}, action {record.seq} ({record.action.get('do')}): {error}"
                ) from error
            self._states.append(state)
        if len(self._states) - 1 != self.record.head:
            raise JournalError(f"{where}: head {self.record.head} is past the stored actions")

    # --- reading ---------------------------------------------------------------------

    @property
    def game(self) -> str:
        return self.record.game

    @property
    def state(self) -> Any:
        return self._states[-1]

    @property
    def head(self) -> int:
        return len(self._states) - 1

    @property
    def can_undo(self) -> bool:
        return self.head > 0

    @property
    def can_redo(self) -> bool:
        return len(self._actions) > self.head

    @property
    def finished(self) -> bool:
        return self.state.winner is not None

    def prompt(self) -> Prompt:
        prompt: Prompt = self.rules.prompt(self.state)
        return prompt

    def view(self, audience: str = PUBLIC) -> JSON:
        picture: JSON = self.rules.view(self.state, audience)
        picture["table"] = {
            "game_id": self.record.id,
            "head": self.head,
            "can_undo": self.can_undo,
            "can_redo": self.can_redo,
        }
        return picture

    def history(self) -> list[JSON]:
        return list(self._actions[: self.head])

    # --- changing --------------------------------------------------------------------

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def apply(self, action: Mapping[str, Any], seat: int | None = None) -> Any:
        """Check, journal, commit, then publish. An illegal action raises and changes nothing."""
        clean = dict(action)
        actor = seat if seat is not None else clean.get("seat", self.prompt().seat)
        state = self.rules.step(self.state, clean)
        self.journal.append(self.record.id, actor if isinstance(actor, int) else None, clean)
        del self._actions[self.head :]
        self._actions.append(clean)
        self._states.append(state)
        self._mark_status()
        self.last_change = Change("action", clean, tuple(state.events))
        self._publish()
        return state

    def undo(self) -> bool:
        if not self.can_undo:
            return False
        undone = self._actions[self.head - 1]
        self.journal.set_head(self.record.id, self.head - 1)
        self._states.pop()
        self._mark_status()
        self.last_change = Change("undo", undone, ())
        self._publish()
        return True

    def redo(self) -> bool:
        if not self.can_redo:
            return False
        action = self._actions[self.head]
        state = self.rules.step(self.state, action)
        self.journal.set_head(self.record.id, self.head + 1)
        self._states.append(state)
        self._mark_status()
        self.last_change = Change("redo", action, tuple(state.events))
        self._publish()
        return True

    def _mark_status(self) -> None:
        status = "finished" if self.finished else "active"
        if status != self.record.status:
            self.journal.set_status(self.record.id, status)
            self.record = self.journal.game(self.record.id)

    def _publish(self) -> None:
        for listener in list(self._listeners):
            listener(self)
