"""Debounce and hold as pure code on timestamps (companion.input_timing)."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from companion.input_timing import REPEAT_TIMES, InputTiming, feed


def timing(**overrides: object) -> InputTiming:
    options: dict[str, object] = {
        "debounce": 0.03,
        "hold": 0.8,
        "hold_buttons": frozenset({"undo", "menu"}),
        "hold_times": {"menu": 3.0},
    }
    options.update(overrides)
    return InputTiming(**options)  # type: ignore[arg-type]


def test_a_plain_button_fires_on_the_press_edge_at_once() -> None:
    t = timing()
    assert [g.kind for g in t.edge("seat1.red", True, 10.0)] == ["press"]
    assert t.edge("seat1.red", False, 10.1) == []


def test_chatter_on_press_and_release_counts_once() -> None:
    edges = [
        ("seat1.red", True, 1.000),
        ("seat1.red", False, 1.004),
        ("seat1.red", True, 1.009),
        ("seat1.red", False, 1.200),
        ("seat1.red", True, 1.203),
        ("seat1.red", False, 1.207),
    ]
    assert feed(timing(), edges, until=2.0) == ["seat1.red:press"]


def test_a_release_inside_the_lockout_is_not_lost() -> None:
    t = timing()
    feed(t, [("seat1.red", True, 1.0), ("seat1.red", False, 1.01)], until=1.02)
    assert t.is_down("seat1.red")
    assert t.next_deadline() == 1.0 + 0.03
    t.tick(1.05)
    assert not t.is_down("seat1.red")
    assert feed(t, [("seat1.red", True, 1.1)], until=1.2) == ["seat1.red:press"]


def test_undo_press_fires_on_release_and_hold_fires_once_while_down() -> None:
    assert feed(timing(), [("undo", True, 1.0), ("undo", False, 1.2)], until=2.0) == ["undo:press"]
    t = timing()
    assert feed(t, [("undo", True, 1.0)], until=1.79) == []
    assert t.next_deadline() == 1.8
    assert feed(t, [("undo", False, 2.5)], until=3.0) == ["undo:hold"]


def test_menu_needs_three_seconds() -> None:
    assert feed(timing(), [("menu", True, 0.0), ("menu", False, 2.9)], until=4.0) == ["menu:press"]
    assert feed(timing(), [("menu", True, 0.0)], until=3.0) == ["menu:hold"]


def test_two_quick_presses_are_two_presses() -> None:
    """No button has a double-press meaning: a quick second press is a press, at once."""
    quick = [("next", True, 1.0), ("next", False, 1.05), ("next", True, 1.2), ("next", False, 1.25)]
    assert feed(timing(), quick, until=1.2) == ["next:press", "next:press"]


def test_nothing_waits_when_idle() -> None:
    t = timing()
    feed(t, [("seat1.red", True, 1.0), ("seat1.red", False, 1.1)], until=1.2)
    assert t.next_deadline() is None


@given(
    st.lists(st.floats(min_value=0.0, max_value=0.025), min_size=1, max_size=12),
    st.floats(min_value=0.2, max_value=0.5),
)
def test_any_bounce_inside_the_debounce_time_is_one_press(gaps: list[float], hold: float) -> None:
    """Contacts bouncing faster than the debounce time, then a clean hold and release."""
    at, level, edges = 1.0, True, []
    for gap in gaps:
        edges.append(("seat2.cyan", level, at))
        at += gap / len(gaps)
        level = not level
    edges.append(("seat2.cyan", True, at))
    edges.append(("seat2.cyan", False, at + hold))
    assert feed(timing(), edges, until=at + hold + 1.0) == ["seat2.cyan:press"]


def test_a_held_red_or_blue_repeats_faster_and_faster_and_a_tap_never_does() -> None:
    t = timing()
    assert feed(t, [("seat1.blue", True, 1.0), ("seat1.blue", False, 1.12)], until=3.0) == [
        "seat1.blue:press"
    ]
    held = feed(timing(), [("seat2.red", True, 1.0), ("seat2.red", False, 2.5)], until=4.0)
    assert held[0] == "seat2.red:press" and set(held[1:]) == {"seat2.red:repeat"}
    assert len(held) == REPEAT_TIMES.moves(1.5) == 10
    t = timing()
    t.edge("seat1.blue", True, 0.0)
    assert t.next_deadline() == REPEAT_TIMES.delay
    times = [g.at for g in t.tick(3.0)]  # a late tick: every repeat, each at its own time
    gaps = [b - a for a, b in itertools.pairwise(times)]
    assert gaps == sorted(gaps, reverse=True) and min(gaps) >= REPEAT_TIMES.fastest - 1e-9


def test_cyan_yellow_and_the_table_buttons_never_repeat() -> None:
    for button in ("seat1.cyan", "seat1.yellow", "next"):
        assert feed(timing(), [(button, True, 0.0), (button, False, 3.0)], until=4.0) == [
            f"{button}:press"
        ]
    assert feed(timing(repeat=None), [("seat1.red", True, 0.0)], until=3.0) == ["seat1.red:press"]


@given(st.integers(min_value=2, max_value=80))
def test_a_hold_for_n_moves_makes_n_moves(moves: int) -> None:
    seconds = REPEAT_TIMES.hold_for(moves)
    assert REPEAT_TIMES.moves(seconds) == moves
    edges = [("seat1.blue", True, 10.0), ("seat1.blue", False, 10.0 + seconds)]
    assert len(feed(timing(), edges, until=20.0)) == moves
