"""The Hand of Manus ring: quadrants, the test site, who has voted (never what), the reveal."""

from __future__ import annotations

from typing import Any

import pytest

from companion.leds import OFF, REVEAL_SECONDS, VOTED, LedStyle, Overlay, frame, is_animated
from companion.rules import manus

STYLE = LedStyle(count=24)
TO_VOTE: list[dict[str, Any]] = [
    {"do": "place_site", "temperature": "warm", "humidity": "wet"},
    {"do": "choose_discovery", "discovery": "biological"},
    *({"do": "skip", "hand": hand} for hand in (1, 2, 3)),
    *({"do": "choose_target", "hand": hand, "target": "small"} for hand in (1, 2, 3)),
]


def played(votes: list[tuple[int, str]]) -> dict[str, Any]:
    state = manus.start({"players": ["Anna", "Boris", "Clara"]})
    for action in TO_VOTE:
        state = manus.step(state, action)
    for hand, condition in votes:
        state = manus.step(state, {"do": "vote", "hand": hand, "condition": condition})
    return manus.view(state)


def arc(leds: list[Any], quadrant: int) -> list[Any]:
    return leds[quadrant * 6 : quadrant * 6 + 5]


def test_the_test_site_quadrant_is_bright_and_the_others_dim() -> None:
    leds = frame(played([]), 0.0, STYLE)
    brightness = [sum(map(sum, arc(leds, q))) for q in range(4)]
    assert brightness[0] > 5 * max(brightness[1:])  # warm-wet is quadrant 0
    assert arc(leds, 0)[0] == (255, 50, 0) and arc(leds, 0)[4] == (0, 200, 200)


def test_a_dot_per_hand_that_has_voted() -> None:
    leds = frame(played([(2, "dry")]), 0.0, STYLE)
    dots = [leds[hand * 6 - 1] for hand in (1, 2, 3, 4)]
    assert dots == [OFF, VOTED, OFF, OFF]


@pytest.mark.parametrize("hand", [1, 2])
def test_the_ring_is_the_same_whatever_was_voted(hand: int) -> None:
    frames = {
        condition: [frame(played([(hand, condition)]), t / 7, STYLE) for t in range(20)]
        for condition in ("warm", "cold", "wet", "dry")
    }
    assert frames["warm"] == frames["cold"] == frames["wet"] == frames["dry"]
    assert not is_animated(played([(hand, "cold")]))


def test_the_reveal_sparks_then_blinks_the_new_site_then_holds_it() -> None:
    view = played([(1, "cold"), (2, "cold"), (3, "dry")])  # moves to cold, then dry
    assert view["test_site"] == {"temperature": "cold", "humidity": "dry"}
    just = Overlay(changed_at=100.0)
    assert is_animated(view, just, 100.1)
    spark = frame(view, 100.1, STYLE, just)
    assert sum(1 for c in spark if c != OFF) == 2
    blinking = {tuple(arc(frame(view, 101.0 + t / 16, STYLE, just), 2)) for t in range(8)}
    assert len(blinking) == 2
    later = 100.0 + REVEAL_SECONDS + 0.1
    assert not is_animated(view, just, later)
    settled = frame(view, later, STYLE, just)
    assert sum(map(sum, arc(settled, 2))) > 5 * sum(map(sum, arc(settled, 0)))
    assert all(settled[hand * 6 - 1] == OFF for hand in (1, 2, 3))  # the vote is closed
