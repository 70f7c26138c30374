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
from companion.rules.base import Action, Prompt, RulesError
from companion.rules.reading import rows, whole
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
        if press.move in ("up", "down"):
            cursor = _next_own(press.seat, snap, -1 if press.move == "up" else 1)
            return Reaction(replace(ui, cursor=cursor).quiet())
        if press.move == "select":
            index = ui.cursor % count
            option = options(prompt)[index]
            seat = playing_as(press.seat, snap, option)
            if seat is None:  # another seat's line (another player's hand): to its own
                own = _next_own(press.seat, snap, 1)
                if playing_as(press.seat, snap, options(prompt)[own]) is None:
                    return not_theirs(press.seat, snap, option, now)
                return Reaction(replace(ui, cursor=own).quiet())
            if index < len(prompt.choices):
                return Reaction(ui, (Apply(prompt.choices[index], seat),))
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
        reason = _why_not(snap, press.seat, now)  # not in this tie round...
        if reason is not None:
            return reason
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
    """A "no" when the prompt takes nothing now, or nothing from this seat, saying why.

    The prompt names one seat, but a game may take some of its choices from others too
    (the rules' ``authorize``, asked through ``spec.authorize``): a Manus hand's strength
    from its own seat, in any order (L252-L264); a Four-path team's siege and who opens
    from either ally (L101, L123). A seat with one of them to take moves through the
    list like the prompted seat. A seat without buttons of its own (a fourth player at a
    two-panel box) is played by any seat's buttons."""
    ui, prompt = snap.ui, snap.prompt
    if prompt.seat is None or not (prompt.choices or prompt.entries):
        return refuse(ui, "hardware.not_now", now)
    if seat == prompt.seat or prompt.seat in snap.hardware.unpadded(prompt.seat):
        return None
    if any(_authorized(seat, snap, option) for option in options(prompt)):
        return None
    return idle(seat, snap, now)


def idle(seat: int, snap: Snapshot, now: float) -> Reaction:
    """Why a seat with nothing to take now is refused: the game's own reason when it
    has one (its rules' ``why_not(view, seat)``: "Not in this tie round"), else whose
    decision is awaited: the one seat's turn, or every seat the prompt takes from."""
    ui, language = snap.ui, snap.ui.language
    reason = _why_not(snap, seat, now)
    if reason is not None:
        return reason
    waiting = awaited(snap)
    if len(waiting) > 1:
        players = ", ".join(narration.player(snap.view, other, language) for other in waiting)
        return refuse(ui, "hardware.waiting_for", now, players=players)
    player = narration.player(snap.view, snap.prompt.seat, language)
    return refuse(ui, "hardware.not_your_turn", now, player=player)


def _why_not(snap: Snapshot, seat: int, now: float) -> Reaction | None:
    """The game's own reason a seat has nothing to do now (its rules' ``why_not(view,
    seat)``, a catalogue key and its fields, from the public view only), as a "no"."""
    why = getattr(snap.spec.rules, "why_not", None)
    reason = why(snap.view, seat) if callable(why) else None
    if isinstance(reason, tuple) and len(reason) == 2 and isinstance(reason[1], dict):
        key, fields = reason
        return refuse(snap.ui, str(key), now, **fields)
    return None


def not_theirs(seat: int, snap: Snapshot, option: Action, now: float) -> Reaction:
    """A seat selected a choice another seat must take (a hand of another player): whose."""
    owners = [other for other in _seats(snap) if _authorized(other, snap, option)]
    if not owners:
        return refuse(snap.ui, "hardware.not_now", now)
    language = snap.ui.language
    players = ", ".join(narration.player(snap.view, other, language) for other in owners)
    return refuse(snap.ui, "hardware.not_yours", now, players=players)


def playing_as(seat: int, snap: Snapshot, option: Action) -> int | None:
    """The seat a press of ``seat`` plays ``option`` as: the prompted seat for its own
    presses, and for any seat's when it has no buttons; another seat as itself, when the
    option is its own to take (``spec.authorize``); None when it is not."""
    prompted = snap.prompt.seat
    if prompted is None:
        return None
    if prompted in snap.hardware.unpadded(prompted):
        return prompted
    if seat != prompted and _authorized(seat, snap, option):
        return seat
    if seat == prompted and (_authorized(seat, snap, option) or not _others(snap, option)):
        return seat
    return None


def awaited(snap: Snapshot) -> list[int]:
    """The seats the prompt takes something from now, the prompted seat first."""
    prompted = snap.prompt.seat
    others = [
        seat
        for seat in _seats(snap)
        if seat != prompted and any(_authorized(seat, snap, o) for o in options(snap.prompt))
    ]
    return [prompted, *others] if prompted is not None else others


def _next_own(seat: int, snap: Snapshot, by: int) -> int:
    """The cursor one line up (``by`` -1) or down, on to the next line this seat may take
    when the prompt takes some lines from other seats (another player's hands), so each
    seat goes through its own; round the list, as always."""
    listed = options(snap.prompt)
    count = len(listed)
    cursor = snap.ui.cursor % count
    for step in range(1, count + 1):
        index = (cursor + by * step) % count
        if playing_as(seat, snap, listed[index]) is not None:
            return index
    return (cursor + by) % count


def options(prompt: Prompt) -> list[Action]:
    """What the cursor moves through, as actions: the choices, then each entry's action
    before its values are entered."""
    return [*prompt.choices, *(entry.base for entry in prompt.entries)]


def _authorized(seat: int, snap: Snapshot, action: Action) -> bool:
    """Would the table take ``action`` from ``seat`` now (the game's ``authorize``)?"""
    try:
        snap.spec.authorize(snap.state, action, seat, snap.prompt)
    except RulesError:
        return False
    return True


def _others(snap: Snapshot, option: Action) -> bool:
    """Another seat may take ``option`` (so the prompted seat's press of it is refused
    here, with their names, rather than by the table in the rules' words)."""
    prompted = snap.prompt.seat
    return any(_authorized(seat, snap, option) for seat in _seats(snap) if seat != prompted)


def _seats(snap: Snapshot) -> list[int]:
    seats = [whole(entry.get("seat")) for entry in rows(snap.view.get("seats"))]
    return [seat for seat in seats if seat is not None]


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
