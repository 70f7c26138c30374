"""The Hand of Manus ring: quadrants, the test site, who has voted (never what), the reveal."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.manus import SPEC
from companion.games.manus import rules as manus
from companion.games.manus.ring import REVEAL_SECONDS, VOTED
from companion.leds import OFF, LedStyle, Overlay, frame, is_animated

STYLE = LedStyle(count=24)
TO_VOTE: list[dict[str, Any]] = [
    {"do": "place_site", "temperature": "warm", "humidity": "wet"},
    {"do": "choose_discovery", "discovery": "biological"},
    *({"do": "skip", "hand": hand} for hand in (1, 2, 3)),
    *({"do": "choose_target", "hand": hand, "target": "small"} for hand in (1, 2, 3)),
]


def voted(votes: list[tuple[int, str]]) -> manus.State:
    state = manus.start({"players": ["Anna", "Boris", "Clara"]})
    for action in TO_VOTE:
        state = manus.step(state, action)
    for hand, condition in votes:
        state = manus.step(state, {"do": "vote", "hand": hand, "condition": condition})
    return state


def played(votes: list[tuple[int, str]]) -> dict[str, Any]:
    return manus.view(voted(votes))


def arc(leds: list[Any], quadrant: int) -> list[Any]:
    """Quadrant k's five lit LEDs: the room's arcs start at 9 o'clock (LED 18 of 24)."""
    first = (18 + quadrant * 6) % 24
    return leds[first : first + 5]


def test_the_test_site_quadrant_is_bright_and_the_others_dim() -> None:
    leds = frame(SPEC, played([]), 0.0, STYLE)
    brightness = [sum(map(sum, arc(leds, q))) for q in range(4)]
    assert brightness[0] > 5 * max(brightness[1:])  # warm-wet is quadrant 0
    assert arc(leds, 0)[0] == (255, 50, 0) and arc(leds, 0)[4] == (0, 200, 200)


def test_a_dot_per_hand_that_has_voted() -> None:
    leds = frame(SPEC, played([(2, "dry")]), 0.0, STYLE)
    dots = [leds[(18 + hand * 6 - 1) % 24] for hand in (1, 2, 3, 4)]
    assert dots == [OFF, VOTED, OFF, OFF]


@pytest.mark.parametrize("hand", [1, 2])
def test_the_ring_is_the_same_whatever_was_voted(hand: int) -> None:
    frames = {
        condition: [frame(SPEC, played([(hand, condition)]), t / 7, STYLE) for t in range(20)]
        for condition in ("warm", "cold", "wet", "dry")
    }
    assert frames["warm"] == frames["cold"] == frames["wet"] == frames["dry"]
    assert not is_animated(SPEC, played([(hand, "cold")]))


def test_the_reveal_sparks_then_blinks_the_new_site_then_holds_it() -> None:
    state = voted([(1, "cold"), (2, "cold"), (3, "dry")])  # moves to cold, then dry
    view = manus.view(state)
    assert view["test_site"] == {"temperature": "cold", "humidity": "dry"}
    just = Overlay(changed_at=100.0, fresh_events=state.events)
    assert is_animated(SPEC, view, just, 100.1)
    spark = frame(SPEC, view, 100.1, STYLE, just)
    assert sum(1 for c in spark if c != OFF) == 2
    blinking = {tuple(arc(frame(SPEC, view, 101.0 + t / 16, STYLE, just), 2)) for t in range(8)}
    assert len(blinking) == 2
    later = 100.0 + REVEAL_SECONDS + 0.1
    assert not is_animated(SPEC, view, just, later)
    settled = frame(SPEC, view, later, STYLE, just)
    assert sum(map(sum, arc(settled, 2))) > 5 * sum(map(sum, arc(settled, 0)))
    assert all(settled[hand * 6 - 1] == OFF for hand in (1, 2, 3))  # the vote is closed


def test_coming_back_to_a_revealed_vote_without_the_reveal_plays_no_animation() -> None:
    """An undo onto the revealed state brings no fresh events: the site just holds."""
    view = played([(1, "cold"), (2, "cold"), (3, "dry")])
    back = Overlay(changed_at=100.0)  # the undo's change: no events
    assert not is_animated(SPEC, view, back, 100.1)
    held = frame(SPEC, view, 100.1, STYLE, back)
    assert sum(map(sum, arc(held, 2))) > 5 * sum(map(sum, arc(held, 0)))
