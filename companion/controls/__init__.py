"""Controls: a gesture and the current snapshot in, a new UI state and commands out.

Pure: nothing here touches the table, a pin or the screen. The app's loop executes the
commands and builds the next snapshot.

A stack of modes, as Tuxemon's states: the game at the bottom (its prompt navigated with a
seat's buttons, or voted on with their colours when it is the game's secret choice), and
over it what the UI state's ``modes`` name (the menu, a form, a value entry, the log, the
phones' pages, the card library, a question waiting for yes or no). A gesture goes to the
top mode first; a mode that does not take it returns None and the one under it gets it.
Each mode is a small object in the module of its family: ``table`` (the game), ``entry``
(value entry), ``menu`` (the menu and its forms), ``pages`` (log, phones, cards) and
``questions`` (yes or no, and the time disc that asks).

Seat buttons (red, blue, cyan, yellow) are up, down, select and back (red and blue held
repeat, faster and faster); NEXT takes the prompt's end-of-phase choice (or turns the
period when no sensor reads the disc); UNDO undoes on a press and redoes on a hold; MENU
held opens the menu. A press that does not fit gives a "no" and changes nothing.
"""

from __future__ import annotations

from companion.controls.base import (
    LANGUAGES,
    NAVIGATION,
    Input,
    Mode,
    Reaction,
    refuse,
)
from companion.controls.entry import PROMPT_ENTRY
from companion.controls.menu import BRIGHTNESS_STEPS, FORM, MENU, MenuItem, menu_items
from companion.controls.pages import (
    CARD_ENTRY,
    CARD_LIBRARY,
    GAME_LOG,
    PHONE_PAGES,
    PHONE_PAGES_AFTER_SEATS,
    open_phones,
    phone_pages,
)
from companion.controls.questions import (
    END_GAME,
    RESTART_PERIOD,
    UNDO_PERIOD,
    after_change,
    disc_step,
    sync_disc,
)
from companion.controls.table import bottom, period_choice, secret_voters
from companion.input_timing import PRESS, REPEAT, Gesture
from companion.snapshot import Snapshot

__all__ = [
    "BRIGHTNESS_STEPS",
    "LANGUAGES",
    "NAVIGATION",
    "PHONE_PAGES_AFTER_SEATS",
    "Input",
    "MenuItem",
    "Mode",
    "Reaction",
    "after_change",
    "disc_step",
    "menu_items",
    "period_choice",
    "phone_pages",
    "react",
    "refuse",
    "secret_voters",
    "stack",
    "sync_disc",
]

_open_phones = open_phones  # the name tests/test_phones_screen.py opens the pages with

OVER_THE_GAME: dict[str, Mode] = {
    mode.name: mode
    for mode in (
        MENU,
        FORM,
        GAME_LOG,
        PHONE_PAGES,
        CARD_LIBRARY,
        UNDO_PERIOD,
        RESTART_PERIOD,
        END_GAME,
    )
}


def stack(snap: Snapshot) -> tuple[Mode, ...]:
    """The modes the snapshot's UI state names, the game's first and the top last. A value
    entry is the card shown while the card library is open, else the prompt's."""
    modes = snap.ui.modes
    entry = CARD_ENTRY if "cards" in modes else PROMPT_ENTRY
    return (bottom(snap), *(entry if name == "entry" else OVER_THE_GAME[name] for name in modes))


def react(gesture: Gesture, snap: Snapshot, now: float) -> Reaction:
    """The reaction to one button gesture: the top mode's, or the first under it that
    takes it. Seat buttons and NEXT act when pressed; a held red or blue repeats its move
    (up or down), and a repeat the table does not take is dropped without a word (the
    press that began the hold was answered already)."""
    press = Input.read(gesture)
    if press is None:
        return refuse(snap.ui, "hardware.no_button", now, button=gesture.button)
    if press.kind == REPEAT and press.move in ("up", "down"):
        moved = _react(press._replace(kind=PRESS), snap, now)
        return Reaction(snap.ui) if moved.cue == "no" or moved.commands else moved
    if press.kind != PRESS and press.button not in ("undo", "menu"):
        return Reaction(snap.ui)
    return _react(press, snap, now)


def _react(press: Input, snap: Snapshot, now: float) -> Reaction:
    modes = snap.ui.modes
    for name in reversed(modes):  # the top first; the game's mode is found only if needed
        mode = OVER_THE_GAME.get(name) or (CARD_ENTRY if "cards" in modes else PROMPT_ENTRY)
        reaction = mode.react(press, snap, now)
        if reaction is not None:
            return reaction
    return bottom(snap).react(press, snap, now) or Reaction(snap.ui)  # the game takes all
