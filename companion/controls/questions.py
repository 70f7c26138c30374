"""Questions waiting for yes or no (select or NEXT: yes; back: no): the menu's (undo the
period, end the game) and the time disc's.

The disc: a forward step starts the next period when the rules expect it, else it is
reported and not applied; a backward step asks before undoing a period. Steps are netted
against where the disc stood when the rules last agreed with it, so chatter across a
sector boundary (+1 -1 +1) never counts twice.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import replace

from companion.controls.base import Input, Mode, Reaction, refuse, table_undo
from companion.controls.replay import replay_disc
from companion.controls.table import period_choice
from companion.rules.base import Prompt
from companion.snapshot import Snapshot, UiState
from companion.table import Apply, Change, EndGame, Undo


class Question(Mode, ABC):
    """A question over whatever is open: select or NEXT say yes, back says no, the other
    buttons are refused until it is answered; UNDO drops it and undoes (or redoes)."""

    def move(self, press: Input, snap: Snapshot, now: float) -> Reaction:
        if press.move == "select":
            return self.yes(snap, now)
        if press.move == "back":
            return Reaction(snap.ui.pop().quiet())
        return refuse(snap.ui, "hardware.answer_first", now)

    def next(self, snap: Snapshot, now: float) -> Reaction:
        return self.yes(snap, now)

    def undo(self, kind: str, snap: Snapshot, now: float) -> Reaction:
        return table_undo(kind, snap.ui.quiet().pop(), snap, now)

    @abstractmethod
    def yes(self, snap: Snapshot, now: float) -> Reaction:
        """The question answered yes (select or NEXT)."""


class UndoPeriod(Question):
    """The disc turned back: undo the actions back to before the last period turned?"""

    name = "confirm_undo_period"

    def yes(self, snap: Snapshot, now: float) -> Reaction:
        ui = snap.ui.pop().quiet()
        turn = snap.spec.inputs.period_action
        turns = [i for i, action in enumerate(snap.history) if action.get("do") == turn]
        if not turns:
            return refuse(ui, "hardware.nothing_to_undo", now)
        return Reaction(ui, (Undo(to_head=turns[-1]),))


class RestartPeriod(Question):
    """The menu's "Undo to the start of this period": yes undoes the period's moves."""

    name = "confirm_restart_period"

    def yes(self, snap: Snapshot, now: float) -> Reaction:
        return _restart_period(snap.ui.pop().quiet(), snap, now)


class EndThisGame(Question):
    """The menu's "End this game": yes closes the game without a winner."""

    name = "confirm_end_game"

    def yes(self, snap: Snapshot, now: float) -> Reaction:
        return _end_game(snap.ui.pop().quiet(), snap, now)


UNDO_PERIOD = UndoPeriod()
RESTART_PERIOD = RestartPeriod()
END_GAME = EndThisGame()


def ask_restart_period(ui: UiState, snap: Snapshot, now: float) -> Reaction:
    """The menu's "Restart period": ask before undoing this period's actions."""
    turn = snap.spec.inputs.period_action
    period = snap.period
    if turn is None or period is None:
        title = snap.spec.words("title", ui.language)
        return refuse(ui, "ui.menu.no_periods", now, game=title)
    start = _period_start(snap)
    if start is None or start >= len(snap.history):
        return refuse(ui, "ui.menu.period_untouched", now, period=period)
    asking = ui.push("confirm_restart_period")
    return Reaction(asking.say("ui.menu.confirm_restart_period", now, period=period))


def _restart_period(ui: UiState, snap: Snapshot, now: float) -> Reaction:
    """Yes to "Undo period N's moves?": back to the start of the period."""
    start = _period_start(snap)
    if start is None or start >= len(snap.history):
        return refuse(ui, "ui.menu.period_untouched", now, period=snap.period)
    return Reaction(ui, (Undo(to_head=start),))


# The prompt of a game ended from the menu without a winner (the app's loop shows it in
# place of the rules' own, which would still ask for a move the table no longer takes):
# nobody's turn, nothing to choose, as at a game's end.
GAME_ENDED = Prompt(None, "game_ended", "ui.prompt.game_ended")


def finished(snap: Snapshot) -> bool:
    """Is the game on the table over: won, or ended from the menu?"""
    return snap.state.winner is not None or snap.prompt.kind == GAME_ENDED.kind


def ask_end_game(ui: UiState, snap: Snapshot, now: float) -> Reaction:
    """The menu's "End this game": ask before closing a game still unfinished without a
    winner (a Talisman evening's only end: the tracker names none). The game is kept in the
    journal and counted as played, and no longer resumed. UNDO takes its last move back
    and so reopens it (docs/buttons.md); a game without a move cannot be reopened, and
    its question says so."""
    if finished(snap):
        return refuse(ui, "ui.menu.already_over", now)
    asked = "ui.menu.confirm_end_game" if snap.history else "ui.menu.confirm_end_unplayed"
    return Reaction(ui.push("confirm_end_game").say(asked, now))


def _end_game(ui: UiState, snap: Snapshot, now: float) -> Reaction:
    """Yes to "End the game?"."""
    if finished(snap):
        return refuse(ui, "ui.menu.already_over", now)
    return Reaction(ui, (EndGame(),))


def _period_start(snap: Snapshot) -> int | None:
    """The head just after the period in play began (None before the first period)."""
    turn = snap.spec.inputs.period_action
    turns = [i for i, action in enumerate(snap.history) if action.get("do") == turn]
    return turns[-1] + 1 if turns else None


def disc_step(direction: int, snap: Snapshot, now: float) -> Reaction:
    """The reaction to one step of the time disc (+1 forward, -1 back)."""
    replayed = replay_disc(direction, snap, now)
    if replayed is not None:  # MENU, Replay this game: the disc steps the replay, not the game
        return replayed
    ui = replace(snap.ui, disc_position=snap.ui.disc_position + direction)
    period = snap.period
    action = period_choice(snap)
    if period is None or snap.spec.inputs.period_action is None:
        return refuse(ui, "hardware.no_disc_in_game", now)
    shown = ui.disc_position - ui.disc_offset
    if direction > 0:
        if ui.confirming and shown >= period:
            return Reaction(ui.pop().quiet())  # the disc came back: chatter, not a request
        if shown <= period:
            return Reaction(_disc_back(ui, shown, period))
        if action is None:
            return refuse(ui, "hardware.disc_early", now)
        return Reaction(ui, (Apply(action),))
    if shown < period and period > 0 and not ui.confirming:
        ui = ui.push("confirm_undo_period").say("hardware.confirm_undo_period", now, period=period)
        return Reaction(ui)
    return Reaction(_disc_back(ui, shown, period))


def _disc_back(ui: UiState, shown: int, period: int) -> UiState:
    """The "turn it back" notice is no longer true once the disc shows the period: it clears."""
    early = ui.notice is not None and ui.notice.key == "hardware.disc_early"
    return ui.quiet() if early and shown == period else ui


def after_change(ui: UiState, change: Change, snap: Snapshot, before: Snapshot) -> UiState:
    """The table changed: the question no longer applies, and the cursor stays on the
    choice it was on (:func:`kept_cursor`), so a second press does the same; after a period
    turned (or was undone), or another game began, the disc's present position shows the
    present period. Other changes leave it: a disc turned early stays a sector ahead, and
    NEXT then catches the rules up with it."""
    same_game = change.kind in ("action", "undo", "redo", "none")
    cursor = kept_cursor(ui.cursor, before.prompt, snap.prompt) if same_game else 0
    ui = replace(ui, cursor=cursor, modes=tuple(m for m in ui.modes if m == "menu"))
    if change.kind == "none":
        return ui
    if snap.period != before.period or change.kind in ("new_game", "resume"):
        return sync_disc(ui, snap)
    return ui


def sync_disc(ui: UiState, snap: Snapshot) -> UiState:
    """Take the disc's present position as showing the present period."""
    return replace(ui, disc_offset=ui.disc_position - (snap.period or 0))


def kept_cursor(cursor: int, before: Prompt, after: Prompt) -> int:
    """Where the cursor goes when the prompt changes under it: on the same choice (or
    entry) if the new prompt still offers it, else on the one most like it (the same
    ``do``, then the most fields in common, then the nearest place), so a player who
    pressed select twice does the same thing twice and never what the list's first line
    became (issue 24: a second press used an ability instead of a maneuver). Another
    seat's prompt, or one with nothing like the old choice, starts at its first line."""
    options = _options(before)
    if not options or after.seat != before.seat:
        return 0
    place = cursor % len(options)
    was = options[place]
    best: tuple[int, int] | None = None  # (fields in common, -distance)
    found = 0
    for index, option in enumerate(_options(after)):
        if option == was:
            return index
        if option.get("do") != was.get("do"):
            continue
        score = (
            sum(1 for key, value in was.items() if option.get(key) == value),
            -abs(index - place),
        )
        if best is None or score > best:
            best, found = score, index
    return found


def _options(prompt: Prompt) -> list[Mapping[str, object]]:
    """What the cursor moves through, each as what it would play: the choices, then each
    entry's action before its values (marked, so an entry never equals a choice)."""
    return [
        *prompt.choices,
        *({**entry.base, "entry": entry.key} for entry in prompt.entries),
    ]
