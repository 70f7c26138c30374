"""Hand of Manus (Длань Мануса; RULES.md §3; seeds/000): the bookkeeping and the hidden vote."""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.manus.engine import hand_number, step
from companion.games.manus.idle import why_not
from companion.games.manus.present import prompt, view
from companion.games.manus.state import GAME, Hand, State, parse_setup
from companion.rules.base import Action, IllegalAction, Prompt, authorize_by_prompt

name = GAME


def start(setup: Mapping[str, object] | None) -> State:
    """A new game: the first player places the test-site token first (L148)."""
    parsed = parse_setup(setup)
    hands = tuple(
        Hand(number=hand, seat=parsed.seat_of_hand(hand))
        for hand in range(1, parsed.hand_count + 1)
    )
    return State(
        setup=parsed,
        hands=hands,
        first_hand=parsed.hands_of(parsed.first)[0],
        scores=(0,) * parsed.seats.count,
    )


def authorize(state: State, action: Action, seat: int, asked: Prompt) -> None:
    """L242: every hand lays its card at once, so a vote is any seat's to cast, but only
    for its own hand (the engine refuses a hand another seat runs: ``_named_hand``, given
    the acting seat). L252-L264: each player counts and tests his own hands, in no order,
    so a strength is any seat's to enter, for its own hand too. Every other decision is
    the prompted seat's."""
    authorize_by_prompt(asked, action, seat, state.seats, anytime=("vote", "set_strength"))
    if action.get("hand") is None:
        return
    hand = hand_number(state, action["hand"])
    owner = state.setup.seat_of_hand(hand)
    if owner != seat:
        raise IllegalAction(
            f"hand {hand} is {state.seats.name(owner)}'s (seat {owner}), "
            f"not {state.seats.name(seat)}'s: a seat plays and votes for its own hands only"
        )


# ``why_not(view, seat)``: why a seat has nothing to do now (the controls' refusal, idle.py).
__all__ = ["authorize", "name", "prompt", "start", "step", "view", "why_not"]
