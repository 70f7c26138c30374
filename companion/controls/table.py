"""The bottom of the mode stack: the game on the table. Its prompt is navigated with a
seat's buttons (or, when the prompt is the game's secret choice, its colours vote); NEXT
takes the end-of-phase choice, UNDO undoes and redoes, MENU held opens the menu."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from companion import narration
from companion.controls.base import Input, Mode, Reaction, refuse, table_undo
from companion.games.spec import SecretChoice
from companion.input_timing import HOLD
from companion.rules.base import Action
from companion.snapshot import Snapshot
from companion.table import Apply


class GamePrompt(Mode):
    """A seat's buttons move through the prompt's choices and entries: up, down, select,
    back (to the first choice)."""

    def move(self, press: Input, snap: Snapshot, now: float) -> Reaction:
        refusal = not_this_seat(press.seat, snap, now)
        if refusal is not None:
            return refusal
        ui, prompt = snap.ui, snap.prompt
        count = len(prompt.choices) + len(prompt.entries)
        if press.move == "up":
            return Reaction(replace(ui, cursor=(ui.cursor - 1) % count).quiet())
        if press.move == "down":
            return Reaction(replace(ui, cursor=(ui.cursor + 1) % count).quiet())
        if press.move == "select":
            index = ui.cursor % count
            if index < len(prompt.choices):
                # As the prompted seat: itself, or the seat without buttons it plays for.
                return Reaction(ui, (Apply(prompt.choices[index], prompt.seat),))
            entry = index - len(prompt.choices)
            first = prompt.entries[entry].fields[0].start
            entering = replace(ui.push("entry"), entry=entry, entered=(), value=first)
            return Reaction(entering.quiet())
        if ui.cursor != 0:
            return Reaction(replace(ui, cursor=0).quiet())
        return refuse(ui, "hardware.not_now", now)

    def next(self, snap: Snapshot, now: float) -> Reaction:
        """The prompt's end-of-phase choice, or the next period's when no sensor reads the
        disc (or the disc was turned ahead)."""
        ui = snap.ui
        for do in snap.spec.inputs.next_actions:
            choice = _choice(snap, do)
            if choice is not None:
                return Reaction(ui, (Apply(choice),))
        action = period_choice(snap)
        if action is not None:
            disc_ahead = ui.disc_position - ui.disc_offset > (snap.period or 0)
            if snap.hardware.sensor_present and not disc_ahead:
                return refuse(ui, "hardware.turn_the_disc", now)
            return Reaction(ui, (Apply(action),))
        return refuse(ui, "hardware.not_now", now)

    def undo(self, kind: str, snap: Snapshot, now: float) -> Reaction:
        return table_undo(kind, snap.ui.quiet(), snap, now)

    def menu(self, kind: str, snap: Snapshot, now: float) -> Reaction:
        """Held: the menu opens on top (taken from wherever it was in the stack)."""
        ui = snap.ui
        if kind == HOLD:
            base = tuple(m for m in ui.modes if m != "menu")
            return Reaction(replace(ui, modes=(*base, "menu"), menu_cursor=0).quiet())
        return refuse(ui, "hardware.hold_menu", now)


class SecretVote(GamePrompt):
    """The prompt is the game's secret choice (its spec's ``inputs.secret``, the Manus
    vote): a seat's four colours make that choice for the first of its voters still to
    choose. What the press answers is the same whatever the colour: secrecy."""

    def move(self, press: Input, snap: Snapshot, now: float) -> Reaction:
        secret = snap.spec.inputs.secret
        assert secret is not None  # the stack puts this mode down only for a secret prompt
        value = secret.values.get(press.colour)
        for voter in secret_voters(snap, press.seat):  # the first the prompt takes it from
            for choice in snap.prompt.choices:
                if (
                    choice.get("do") == secret.action
                    and choice.get(secret.voter_field) == voter
                    and choice.get(secret.field) == value
                ):
                    return Reaction(snap.ui, (Apply(dict(choice), press.seat),))
        return refuse(snap.ui, "hardware.vote_not_yours", now)


GAME_PROMPT = GamePrompt()
SECRET_VOTE = SecretVote()


def bottom(snap: Snapshot) -> GamePrompt:
    """The game's mode: voting while the prompt offers the secret choice, else navigating."""
    return SECRET_VOTE if secret_open(snap) else GAME_PROMPT


def secret_open(snap: Snapshot) -> bool:
    secret = snap.spec.inputs.secret
    return secret is not None and any(c.get("do") == secret.action for c in snap.prompt.choices)


def not_this_seat(seat: int, snap: Snapshot, now: float) -> Reaction | None:
    """A "no" when the prompt takes nothing now, or takes it from another seat. A seat
    without buttons of its own (a fourth player at a two-panel box) is played by any
    seat's buttons."""
    ui, prompt = snap.ui, snap.prompt
    if prompt.seat is None or not (prompt.choices or prompt.entries):
        return refuse(ui, "hardware.not_now", now)
    if seat != prompt.seat and prompt.seat not in snap.hardware.unpadded(prompt.seat):
        player = narration.player(snap.view, prompt.seat, ui.language)
        return refuse(ui, "hardware.not_your_turn", now, player=player)
    return None


def secret_voters(snap: Snapshot, seat: int) -> list[int]:
    """Who a press of the seat's colours chooses for, first the one it chooses for now:
    the seat's voters still to choose, else (until the reveal) those who may change."""
    secret = snap.spec.inputs.secret
    if secret is None:
        return []
    voters = secret.voters(snap.view, seat)
    if not voters and secret.changers is not None:
        voters = _in_turn(secret.changers(snap.view, seat), secret, snap.history)
    return voters


def _in_turn(hands: list[int], secret: SecretChoice, history: Sequence[Action]) -> list[int]:
    """The hands that may change their choice, the one a press changes first: they take
    turns, counted by the choices these hands made since the choosing began (who chose,
    never what)."""
    if not hands:
        return []
    made = 0
    for action in reversed(history):
        if action.get("do") != secret.action:
            break
        made += action.get(secret.voter_field) in hands
    start = made % len(hands)
    return hands[start:] + hands[:start]


def period_choice(snap: Snapshot) -> Action | None:
    """The prompt's choice that starts the next period, if it is offered now."""
    return _choice(snap, snap.spec.inputs.period_action)


def _choice(snap: Snapshot, do: str | None) -> Action | None:
    if do is None:
        return None
    return next((c for c in snap.prompt.choices if c.get("do") == do), None)
