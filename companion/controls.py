"""Controls: button gestures and disc steps become actions for the current prompt.

Seat buttons (red, blue, cyan, yellow) move through and choose from the prompt's choices:
up, down, select, back; in a vote the four colours are warm, cold, wet, dry. NEXT ends a
phase (or turns the period when no sensor reads the disc); UNDO undoes on a press and
redoes on a hold; MENU held opens the game menu. A press that does not fit gives a "no"
and changes nothing. Cursors, the menu and questions are UI state, never journaled.

The disc: a forward step starts the next period when the rules expect it, else it is
reported and not applied; a backward step asks before undoing a period. Steps are netted
against where the disc stood when the rules last agreed with it, so chatter across a
sector boundary (+1 -1 +1) never counts twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.input_timing import DOUBLE, HOLD, PRESS, Gesture
from companion.rules.base import JSON, Prompt, RulesError
from companion.table import Table

NAVIGATION = {"red": "up", "blue": "down", "cyan": "select", "yellow": "back"}
VOTE_CONDITIONS = {"red": "warm", "blue": "cold", "cyan": "wet", "yellow": "dry"}
NEXT_ACTIONS = ("end_phase", "skip", "reveal")
MENU_ITEMS = ("close", "new_game", "language")
UNDO_PERIOD = "undo_period"


@dataclass
class UiState:
    """What a screen draws besides the view: menu, cursor, question, the last "no"."""

    cursor: int = 0  # index into the prompt's choices
    menu_open: bool = False
    menu_cursor: int = 0
    pending: str | None = None  # a question waiting for yes (select/NEXT) or no (back)
    last_no: tuple[str, float] | None = None  # (catalogue key of the reason, when)
    notice: tuple[str, dict[str, Any]] | None = None  # (catalogue key, fields)
    language: str = "en"
    disc_position: int = 0  # net steps the sensor has reported
    disc_offset: int = 0  # disc_position - period when the two last agreed


@dataclass(frozen=True)
class Outcome:
    changed: bool = False
    cue: str | None = None
    command: str | None = None  # for the app: "new_game"


def _no(ui: UiState, key: str, now: float, **fields: Any) -> Outcome:
    ui.last_no = (key, now)
    ui.notice = (key, fields)
    return Outcome(changed=True, cue="no")


class Controls:
    """Holds the UI state; ``table`` is swapped by the app when a new game starts."""

    def __init__(self, table: Table, *, sensor_present: bool, language: str = "en") -> None:
        self.table = table
        self.sensor_present = sensor_present
        self.ui = UiState(language=language)
        self.sync_disc()

    # --- entry points ------------------------------------------------------------------

    def gesture(self, gesture: Gesture, now: float) -> Outcome:
        name = gesture.button
        seat_text, _, colour = name.partition(".")
        if seat_text.startswith("seat") and seat_text[4:].isdigit() and colour in NAVIGATION:
            return self._seat_button(int(seat_text[4:]), colour, gesture.kind, now)
        handler = {"next": self._next, "undo": self._undo, "menu": self._menu}.get(name)
        if handler is None:
            return _no(self.ui, "hardware.no_button", now, button=name)
        return handler(gesture.kind, now)

    def disc_step(self, direction: int, now: float) -> Outcome:
        ui = self.ui
        ui.disc_position += direction
        period = self._period()
        if period is None:
            return _no(ui, "hardware.no_disc_in_game", now)
        shown = ui.disc_position - ui.disc_offset
        if direction > 0:
            if ui.pending == UNDO_PERIOD and shown >= period:
                ui.pending = None  # the disc came back: it was chatter, not a request
                return Outcome(changed=True)
            if shown <= period:
                return Outcome()
            if self._choice("turn_disc") is None:
                return _no(ui, "hardware.disc_early", now)
            return self._apply_turn(now)
        if shown < period and period > 0:
            ui.pending = UNDO_PERIOD
            ui.notice = ("hardware.confirm_undo_period", {"period": period})
            return Outcome(changed=True)
        return Outcome()

    def table_changed(self) -> None:
        """The table changed (any cause): the old cursor and question no longer apply."""
        self.ui.cursor = 0
        self.ui.pending = None

    def sync_disc(self) -> None:
        """Take the disc's present position as showing the present period."""
        self.ui.disc_offset = self.ui.disc_position - (self._period() or 0)

    # --- the prompt ----------------------------------------------------------------------

    def prompt(self) -> Prompt:
        return self.table.prompt()

    def _period(self) -> int | None:
        period = getattr(self.table.state, "period", None)
        return period if isinstance(period, int) else None

    def _choice(self, do: str) -> JSON | None:
        return next((c for c in self.prompt().choices if c.get("do") == do), None)

    def _apply(self, action: JSON, seat: int | None, now: float) -> Outcome:
        try:
            self.table.apply(action, seat=seat)
        except RulesError as error:
            return _no(self.ui, "hardware.refused", now, reason=str(error))
        self.ui.notice = None
        return Outcome(changed=True)

    def _apply_turn(self, now: float) -> Outcome:
        action = self._choice("turn_disc")
        if action is None:
            return _no(self.ui, "hardware.not_now", now)
        outcome = self._apply(action, self.prompt().seat, now)
        self.sync_disc()
        return outcome

    # --- buttons -----------------------------------------------------------------------

    def _seat_button(self, seat: int, colour: str, kind: str, now: float) -> Outcome:
        ui = self.ui
        if kind != PRESS:
            return Outcome()
        move = NAVIGATION.get(colour)
        if ui.menu_open:
            return self._menu_button(move, now)
        if ui.pending:
            if move == "select":
                return self._confirm(now)
            if move == "back":
                ui.pending, ui.notice = None, None
                return Outcome(changed=True)
            return _no(ui, "hardware.answer_first", now)
        prompt = self.prompt()
        votes = [c for c in prompt.choices if c.get("do") == "vote"]
        if votes:
            return self._vote(seat, colour, votes, now)
        if prompt.seat is None or not prompt.choices:
            return _no(ui, "hardware.not_now", now)
        if seat != prompt.seat:
            return _no(ui, "hardware.not_your_turn", now, seat=prompt.seat)
        count = len(prompt.choices)
        if move == "up":
            ui.cursor = (ui.cursor - 1) % count
        elif move == "down":
            ui.cursor = (ui.cursor + 1) % count
        elif move == "select":
            return self._apply(prompt.choices[min(ui.cursor, count - 1)], seat, now)
        elif move == "back" and ui.cursor != 0:
            ui.cursor = 0
        else:
            return _no(ui, "hardware.not_now", now)
        return Outcome(changed=True)

    def _vote(self, seat: int, colour: str, votes: list[JSON], now: float) -> Outcome:
        """The first of the seat's hands still to vote casts the colour's condition. What
        the press answers is the same whatever the condition: secrecy."""
        condition = VOTE_CONDITIONS.get(colour)
        hands = self.hands_to_vote(seat)
        for choice in votes:
            if choice.get("hand") in hands and choice.get("condition") == condition:
                return self._apply(dict(choice), seat, now)
        return _no(self.ui, "hardware.vote_not_yours", now)

    def hands_to_vote(self, seat: int) -> list[int]:
        """The seat's hands that have not voted yet, in hand order (public view only)."""
        view = self.table.view()
        return [
            h["hand"]
            for h in view.get("hands", [])
            if h.get("seat") == seat and not h.get("voted") and h.get("playing", True)
        ]

    def _next(self, kind: str, now: float) -> Outcome:
        if kind != PRESS:
            return Outcome()
        if self.ui.pending:
            return self._confirm(now)
        if self.ui.menu_open:
            return _no(self.ui, "hardware.menu_is_open", now)
        prompt = self.prompt()
        for do in NEXT_ACTIONS:
            choice = self._choice(do)
            if choice is not None:
                return self._apply(choice, prompt.seat, now)
        if self._choice("turn_disc") is not None:
            period = self._period() or 0
            disc_ahead = self.ui.disc_position - self.ui.disc_offset > period
            if self.sensor_present and not disc_ahead:
                return _no(self.ui, "hardware.turn_the_disc", now)
            return self._apply_turn(now)
        return _no(self.ui, "hardware.not_now", now)

    def _undo(self, kind: str, now: float) -> Outcome:
        self.ui.pending = None
        if kind == HOLD:
            done, reason = self.table.redo(), "hardware.nothing_to_redo"
        elif kind in (PRESS, DOUBLE):
            done, reason = self.table.undo(), "hardware.nothing_to_undo"
        else:
            return Outcome()
        return Outcome(changed=True) if done else _no(self.ui, reason, now)

    def _confirm(self, now: float) -> Outcome:
        """Yes to the question: undo the actions back to before the last disc turn."""
        self.ui.pending = None
        history = self.table.history()
        turns = [i for i, action in enumerate(history) if action.get("do") == "turn_disc"]
        if not turns:
            return _no(self.ui, "hardware.nothing_to_undo", now)
        for _ in range(len(history) - turns[-1]):
            self.table.undo()
        self.sync_disc()
        self.ui.notice = None
        return Outcome(changed=True)

    # --- the game menu -------------------------------------------------------------------

    def _menu(self, kind: str, now: float) -> Outcome:
        ui = self.ui
        if kind == HOLD:
            ui.menu_open, ui.menu_cursor, ui.pending = True, 0, None
            return Outcome(changed=True)
        if kind == PRESS and ui.menu_open:
            ui.menu_open = False
            return Outcome(changed=True)
        return _no(ui, "hardware.hold_menu", now)

    def _menu_button(self, move: str | None, now: float) -> Outcome:
        ui = self.ui
        if move in ("up", "down"):
            step = -1 if move == "up" else 1
            ui.menu_cursor = (ui.menu_cursor + step) % len(MENU_ITEMS)
            return Outcome(changed=True)
        if move == "back":
            ui.menu_open = False
            return Outcome(changed=True)
        if move != "select":
            return _no(ui, "hardware.not_now", now)
        item = MENU_ITEMS[ui.menu_cursor]
        ui.menu_open = False
        if item == "language":
            ui.language = "ru" if ui.language == "en" else "en"
        return Outcome(changed=True, command="new_game" if item == "new_game" else None)


def button_names(seats: int) -> tuple[str, ...]:
    """The panel's button names for ``seats`` seats, as the ports name them."""
    per_seat = tuple(f"seat{s}.{c}" for s in range(1, seats + 1) for c in NAVIGATION)
    return (*per_seat, "next", "undo", "menu")
