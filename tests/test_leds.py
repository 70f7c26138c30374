"""LED frames as a pure function of real views (played through the rules) and a time."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from companion.games.bestiary import SPEC
from companion.games.bestiary import rules as bestiary
from companion.leds import OFF, LedStyle, Overlay, frame, is_animated
from tests.test_controls import DUEL_SETUP, PERIOD, TO_SUPPORT

STYLE = LedStyle(count=24)
SEAT1, SEAT2 = STYLE.seat_colours[0], STYLE.seat_colours[1]


def played(actions: list[dict[str, Any]]) -> dict[str, Any]:
    state = bestiary.start({"players": ["Anna", "Boris"]})
    for action in actions:
        state = bestiary.step(state, action)
    return bestiary.view(state)


def sector(leds: list[Any], number: int, per: int = 4) -> list[Any]:
    return leds[(number - 1) * per : number * per]


STONE_SKIN = {"do": "support", "creature": "saxum", "ability": "stone_skin", "target": "saxum"}
CHAINS = {"do": "support", "creature": "vinctum", "ability": "chains", "target": "saxum"}
GRIP = {"do": "support", "creature": "vinctum", "ability": "grip"}


def test_before_the_first_period_only_sector_marks_show() -> None:
    leds = frame(SPEC, played(DUEL_SETUP), 0.0, STYLE)
    assert [i for i, c in enumerate(leds) if c != OFF] == [0, 4, 8, 12, 16, 20]


def test_the_sun_sector_is_lit_and_the_others_dark() -> None:
    leds = frame(SPEC, played(DUEL_SETUP + TO_SUPPORT), 0.0, STYLE)
    assert sector(leds, 1) == [STYLE.sun] * 4
    assert all(c == OFF for c in leds[4:])


def test_a_token_lies_in_its_return_sector_from_the_owner_side() -> None:
    """Stone skin, prep 2, used in period 1: back in period 3, sector 3, seat 1 from the start."""
    view = played([*DUEL_SETUP, *TO_SUPPORT, STONE_SKIN])
    leds = frame(SPEC, view, 0.0, STYLE)
    assert sector(leds, 3) == [SEAT1, OFF, OFF, OFF]


def test_the_two_seats_fill_a_sector_from_opposite_ends() -> None:
    """Seat 1 fills a sector from its start, seat 2 from its end: told apart by place."""
    actions = [*DUEL_SETUP, *TO_SUPPORT, STONE_SKIN, *PERIOD[3:5]]  # Boris in attack
    actions += [{"do": "end_phase"}, CHAINS]  # Boris: Chains, prep 1: back in period 2
    view = played(actions)
    leds = frame(SPEC, view, 0.0, STYLE)
    assert sector(leds, 3)[0] == SEAT1
    second = sector(leds, 2)
    assert second[3] != OFF and second[0] == OFF  # seat 2 fills from the end
    assert max(second[3]) <= max(SEAT2) and second[3][2] > second[3][0]  # blue-ish


def test_tokens_due_next_period_pulse_and_others_hold_still() -> None:
    actions = [*DUEL_SETUP, *TO_SUPPORT, STONE_SKIN, *PERIOD[3:5], {"do": "end_phase"}, CHAINS]
    view = played(actions)
    assert is_animated(SPEC, view)
    seen_next = {frame(SPEC, view, t / 10, STYLE)[7] for t in range(12)}  # sector 2: period 2
    seen_later = {frame(SPEC, view, t / 10, STYLE)[8] for t in range(12)}  # sector 3: period 3
    assert len(seen_next) > 3
    assert seen_later == {SEAT1}


def test_a_still_sigil_needs_no_animation() -> None:
    view = played([*DUEL_SETUP, *TO_SUPPORT, STONE_SKIN])  # returns in period 3, not next
    assert not is_animated(SPEC, view)
    assert frame(SPEC, view, 0.0, STYLE) == frame(SPEC, view, 7.3, STYLE)


def test_a_question_blinks_the_sun_sector() -> None:
    view = played(DUEL_SETUP + TO_SUPPORT)
    asking = Overlay(confirming=True)
    assert is_animated(SPEC, view, asking)
    lit = {tuple(sector(frame(SPEC, view, t / 12, STYLE, asking), 1)) for t in range(12)}
    assert lit == {(STYLE.sun,) * 4, (OFF,) * 4}


def test_more_tokens_than_leds_blink_the_innermost_one() -> None:
    view = played(DUEL_SETUP + TO_SUPPORT)
    tokens = [{"owner": 1, "returns_at_period": 4, "sector": 4} for _ in range(6)]
    view["sigil"]["sectors"][3]["tokens"] = tokens
    shown = [sector(frame(SPEC, view, t / 8, STYLE), 4) for t in range(8)]
    assert all(s[:3] == [SEAT1] * 3 for s in shown)
    assert {s[3] for s in shown} == {SEAT1, OFF}


def test_the_winner_colour_chases_round_the_ring() -> None:
    view = played(DUEL_SETUP)
    view["winner"] = {"seat": 2, "name": "Boris"}
    first, later = frame(SPEC, view, 0.0, STYLE), frame(SPEC, view, 0.125, STYLE)
    assert first != later and SEAT2 in first


@pytest.mark.parametrize("count", [6, 12, 48])
def test_rings_of_other_sizes_scale_the_sectors(count: int) -> None:
    leds = frame(SPEC, played([*DUEL_SETUP, *TO_SUPPORT, STONE_SKIN]), 0.0, LedStyle(count=count))
    per = count // 6
    assert len(leds) == count
    assert leds[:per] == [LedStyle().sun] * per
    assert leds[2 * per] == SEAT1


def test_a_ring_that_is_not_six_sectors_is_refused() -> None:
    with pytest.raises(ValueError, match="multiple of 6"):
        frame(SPEC, played(DUEL_SETUP), 0.0, LedStyle(count=25))


def test_a_game_without_a_ring_of_its_own_lights_only_the_seat_to_act() -> None:
    generic = replace(SPEC, ring=None, ring_animated=None)
    view = played(DUEL_SETUP + TO_SUPPORT)
    assert frame(generic, view, 0.0, STYLE) == [STYLE.mark] * 24  # nobody to act: dim marks
    lit = frame(generic, view, 0.0, STYLE, Overlay(acting_seat=2))
    assert len(set(lit)) == 1 and lit[0] != STYLE.mark  # seat 2's colour, dimmed, all round
    assert max(lit[0]) <= max(SEAT2) and lit[0][2] > lit[0][0]  # blue-ish, as seat 2


def test_a_support_ability_under_the_cursor_blinks_where_its_token_would_go() -> None:
    view = played(DUEL_SETUP + TO_SUPPORT)
    cursor_on = Overlay(choice=STONE_SKIN)  # prep 2 in period 1: sector 3
    assert is_animated(SPEC, view, cursor_on)
    seen = {sector(frame(SPEC, view, t / 8, STYLE, cursor_on), 3)[0] for t in range(8)}
    assert seen == {SEAT1, OFF}
    end_phase = Overlay(choice={"do": "end_phase"})
    assert not is_animated(SPEC, view, end_phase)
    assert frame(SPEC, view, 0.0, STYLE, end_phase) == frame(SPEC, view, 0.0, STYLE)
