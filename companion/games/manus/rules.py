"""Hand of Manus (Длань Мануса; RULES.md §3; seeds/000): the bookkeeping and the hidden vote."""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.manus.engine import step
from companion.games.manus.present import prompt, view
from companion.games.manus.state import GAME, Hand, State, parse_setup

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


__all__ = ["name", "prompt", "start", "step", "view"]
