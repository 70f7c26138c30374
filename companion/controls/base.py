"""What every mode shares: the reaction a press gets, a press read as the box's buttons,
and the mode a layer of the stack is (a page over the game, by default)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from companion.games.spec import Cards
from companion.input_timing import HOLD, PRESS, Gesture
from companion.rules.reading import mapping
from companion.snapshot import Snapshot, UiState
from companion.table import Command, Redo, Undo

NAVIGATION = {"red": "up", "blue": "down", "cyan": "select", "yellow": "back"}
LANGUAGES = ("en", "ru")


@dataclass(frozen=True)
class Reaction:
    """What a gesture asks for: the UI state after it, commands for the table, a sound."""

    ui: UiState
    commands: tuple[Command, ...] = ()
    cue: str | None = None
    cards: Cards | None = None  # the table's card library after an edit (the app keeps it)


def refuse(ui: UiState, key: str, now: float, **fields: object) -> Reaction:
    """A "no": the reason on the screen, the refusal sound, nothing changed."""
    return Reaction(ui.say(key, now, refused=True, **fields), cue="no")


class Input(NamedTuple):
    """A gesture read as the box's buttons: a seat's move (``seat`` and ``move``: up, down,
    select, back), or NEXT, UNDO or MENU (``button``), pressed or held (``kind``). A named
    tuple: one is made for every press, and a tuple is the cheapest immutable to make."""

    button: str
    kind: str
    seat: int = 0
    move: str = ""

    @classmethod
    def read(cls, gesture: Gesture) -> Input | None:
        """The gesture as an input, or None for a button the box does not have."""
        button = gesture.button
        if button in ("next", "undo", "menu"):
            return cls(button, gesture.kind)
        seat_text, _, colour = button.partition(".")
        if seat_text.startswith("seat") and seat_text[4:].isdigit() and colour in NAVIGATION:
            return cls(button, gesture.kind, int(seat_text[4:]), NAVIGATION[colour])
        return None

    @property
    def colour(self) -> str:
        return self.button.partition(".")[2]


class Mode:
    """One layer of the mode stack. ``react`` answers an input, or returns None when the
    input is not this mode's to take: the mode under it gets it.

    The defaults are those of a page over the game (the log, the card library, a value
    entry): NEXT is refused while it is open, UNDO pressed closes it and held redoes, MENU
    held opens the menu over it (the table's, at the bottom) and MENU pressed is refused."""

    name = ""

    def react(self, press: Input, snap: Snapshot, now: float) -> Reaction | None:
        if press.move:
            return self.move(press, snap, now)
        if press.button == "next":
            return self.next(snap, now)
        if press.button == "undo":
            return self.undo(press.kind, snap, now)
        return self.menu(press.kind, snap, now)

    def move(self, press: Input, snap: Snapshot, now: float) -> Reaction | None:
        return None

    def next(self, snap: Snapshot, now: float) -> Reaction | None:
        return refuse(snap.ui, "hardware.menu_is_open", now)

    def undo(self, kind: str, snap: Snapshot, now: float) -> Reaction | None:
        ui = snap.ui.quiet()
        if kind == PRESS:  # leaves the page
            return Reaction(ui.pop())
        return table_undo(kind, ui, snap, now)

    def menu(self, kind: str, snap: Snapshot, now: float) -> Reaction | None:
        if kind == HOLD:
            return None  # the table opens the menu over whatever is open
        return refuse(snap.ui, "hardware.hold_menu", now)


class Closable(Mode):
    """A page MENU pressed closes (the menu itself, the log, the phones' pages)."""

    def menu(self, kind: str, snap: Snapshot, now: float) -> Reaction | None:
        if kind == PRESS:
            return Reaction(snap.ui.pop())
        return super().menu(kind, snap, now)


def table_undo(kind: str, ui: UiState, snap: Snapshot, now: float) -> Reaction:
    """UNDO for the table: pressed, the last action is undone; held, the last undone is
    redone (``ui``: the UI state it leaves, already quiet)."""
    if kind == HOLD:
        if not mapping(snap.view.get("table")).get("can_redo"):
            return refuse(ui, "hardware.nothing_to_redo", now)
        return Reaction(ui, (Redo(),))
    if kind == PRESS:
        if not snap.history:
            return refuse(ui, "hardware.nothing_to_undo", now)
        return Reaction(ui, (Undo(),))
    return Reaction(ui)
