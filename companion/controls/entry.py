"""Value entry, one field at a time: up and down change the value, select confirms it (the
last one finishes the entry), back returns to the previous field (or leaves). NEXT takes
the value shown and the defaults of the fields after it. What a finished entry becomes is
the mode's: the prompt's action, a card of the library, a form's command."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import replace

from companion.controls.base import Input, Mode, Reaction, refuse
from companion.controls.table import (
    GAME_PROMPT,
    awaited,
    not_theirs,
    not_this_seat,
    playing_as,
    secret_open,
)
from companion.rules.base import Action
from companion.snapshot import Snapshot
from companion.table import Apply


class ValueEntry(Mode, ABC):
    """Any seat's buttons enter the values (the mode's ``finish`` says what they become)."""

    def move(self, press: Input, snap: Snapshot, now: float) -> Reaction | None:
        return self.step(press.move, snap, now)

    def next(self, snap: Snapshot, now: float) -> Reaction:
        entry = snap.entry_under_way
        if entry is None:  # nothing to enter after all: NEXT is the game's
            return GAME_PROMPT.next(snap, now)
        shown = entry.fields[len(snap.ui.entered)].result(snap.ui.value)
        return self.finish(entry.action((*snap.ui.entered, shown)), snap, now)

    @abstractmethod
    def finish(self, values: Action, snap: Snapshot, now: float) -> Reaction:
        """Every field entered: what the entry's action becomes (played, a card kept...)."""

    def step(self, move: str, snap: Snapshot, now: float) -> Reaction:
        ui = snap.ui
        entry = snap.entry_under_way
        if entry is None:
            return Reaction(ui.pop())
        current = entry.fields[len(ui.entered)]
        if move in ("up", "down"):
            return Reaction(replace(ui, value=current.step(ui.value, 1 if move == "up" else -1)))
        if move == "back":
            erased = current.erase(ui.value) if current.kind == "text" else None
            if erased is not None:  # a name: back erases its last letter
                return Reaction(replace(ui, value=erased).quiet())
            if not ui.entered:
                return Reaction(ui.pop().quiet())
            done = entry.back(ui.entered)
            again = entry.fields[len(done)].reopen(ui.entered[len(done)])
            return Reaction(replace(ui, entered=done, value=again))
        if current.kind == "text":  # a name: select takes a letter, or ends the name at END
            typed = current.type_letter(ui.value)
            if typed is not None:
                return Reaction(replace(ui, value=typed).quiet())
            if len(str(current.result(ui.value))) < current.low:
                return refuse(ui, "ui.entry.name_empty", now)
        entered, following = entry.confirm(ui.entered, current.result(ui.value))
        if following is None:
            return self.finish(entry.action(entered), snap, now)
        return Reaction(replace(ui, entered=entered, value=entry.opening(following, entered)))


class PromptEntry(ValueEntry):
    """One of the prompt's entries (a number, a name): entered by a seat whose action it
    is (the prompted seat, or the seat whose hand's strength it is), and played as its."""

    name = "entry"

    def move(self, press: Input, snap: Snapshot, now: float) -> Reaction | None:
        if secret_open(snap):
            return None  # the colours vote (the game's mode under this one)
        refusal = not_this_seat(press.seat, snap, now)
        entry = snap.entry_under_way
        if (
            refusal is None
            and entry is not None
            and playing_as(press.seat, snap, entry.base) is None
        ):
            refusal = not_theirs(press.seat, snap, entry.base, now)  # another player's entry
        return refusal or self.step(press.move, snap, now)

    def finish(self, values: Action, snap: Snapshot, now: float) -> Reaction:
        return Reaction(snap.ui, (Apply(values, entering_seat(snap, values)),))


def entering_seat(snap: Snapshot, values: Action) -> int | None:
    """The seat an entry is played as: the prompted seat when it is its own (or the seat
    without buttons others enter for), else the seat whose action it is."""
    prompted = snap.prompt.seat
    if prompted is not None and playing_as(prompted, snap, values) == prompted:
        return prompted
    for seat in awaited(snap):
        if playing_as(seat, snap, values) == seat:
            return seat
    return prompted


PROMPT_ENTRY = PromptEntry()
