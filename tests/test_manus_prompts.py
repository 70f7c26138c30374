"""Hand of Manus asks the right seat in the right words (issue 24): the strength tests in
any order (L252-L264: each player counts and tests his own hand), each entry starting
where the count most likely is, construction worded for what the box knows of a hand,
and a seat with nothing to do told plainly why."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pytest

from companion.games.manus import rules as manus
from companion.games.manus.idle import why_not
from companion.games.manus.state import EDITION
from companion.i18n import text
from companion.journal import Journal
from companion.rules.base import IllegalAction
from companion.table import Table

SETUP = {"players": ["Anna", "Boris", "Vera"], "edition": EDITION}
SITE = {"do": "place_site", "temperature": "warm", "humidity": "wet"}
FIRE = "fire warm wet"


def play(actions: Iterable[Mapping[str, Any]], setup: Mapping[str, Any] = SETUP) -> Any:
    state = manus.start(setup)
    for action in actions:
        state = manus.step(state, dict(action))
    return state


def round_to_tests(
    targets: tuple[str, ...] = ("small", "large", "medium"),
    builds: Mapping[int, Mapping[str, str]] | None = None,
) -> list[dict[str, Any]]:
    """Round 1 up to the tests: hands build or skip, aim, and vote."""
    actions: list[dict[str, Any]] = [SITE, {"do": "choose_discovery", "discovery": "steam"}]
    for hand in (1, 2, 3):
        if builds and hand in builds:
            actions.append({"do": "build", "hand": hand, "elements": dict(builds[hand])})
        else:
            actions.append({"do": "skip", "hand": hand})
    for hand, target in zip((1, 2, 3), targets, strict=True):
        actions.append({"do": "choose_target", "hand": hand, "target": target})
    actions += [{"do": "vote", "hand": hand, "condition": "warm"} for hand in (1, 2, 3)]
    return actions


def new_table(tmp_path: Path) -> Table:
    table = Table.new_game(Journal(tmp_path / "manus.sqlite"), "manus", dict(SETUP))
    for action in round_to_tests():
        table.apply(action)
    return table


# --- the tests in any order ---------------------------------------------------------------


def test_every_hand_still_to_test_has_its_entry_for_its_own_seat():
    prompt = manus.prompt(play(round_to_tests()))
    assert prompt.kind == "set_strength" and prompt.seat == 1  # the first hand's seat
    assert [dict(e.base) for e in prompt.entries] == [
        {"do": "set_strength", "hand": 1, "seat": 1},
        {"do": "set_strength", "hand": 2, "seat": 2},
        {"do": "set_strength", "hand": 3, "seat": 3},
    ]
    # Short enough for one line of the small panel; the entries name the hands.
    assert prompt.say("en") == "Each enters his strength"
    assert prompt.say("ru") == "Силу вводит каждый"
    assert prompt.fields["waiting"] == "Anna, Boris, Vera"
    assert [entry.say("en") for entry in prompt.entries] == [
        "Anna: strength",
        "Boris: strength",
        "Vera: strength",
    ]


def test_the_last_hand_is_asked_by_name():
    state = play([*round_to_tests(), {"do": "set_strength", "hand": 1, "strength": 4}])
    state = manus.step(state, {"do": "set_strength", "hand": 3, "strength": 5})
    prompt = manus.prompt(state)
    assert prompt.seat == 2 and len(prompt.entries) == 1
    assert prompt.say("en") == "Boris: enter the hand's strength"


def test_strengths_are_entered_in_any_order_each_by_its_own_seat(tmp_path: Path):
    table = new_table(tmp_path)
    table.apply({"do": "set_strength", "hand": 3, "strength": 5}, seat=3)  # Vera first
    table.apply({"do": "set_strength", "hand": 2, "strength": 6}, seat=2)
    assert manus.prompt(table.state).seat == 1
    table.apply({"do": "set_strength", "hand": 1, "strength": 4}, seat=1)
    tests = table.state.last_tests
    assert [(t.hand, t.strength, t.hit) for t in tests] == [
        (1, 4, True),
        (2, 6, True),
        (3, 5, True),
    ]


def test_a_seat_cannot_enter_another_seats_strength(tmp_path: Path):
    table = new_table(tmp_path)
    with pytest.raises(IllegalAction, match="hand 3 is Vera's"):
        table.apply({"do": "set_strength", "hand": 3, "strength": 5}, seat=2)
    entry = manus.prompt(table.state).entries[2]  # Vera's entry, taken by Boris's buttons
    with pytest.raises(IllegalAction, match="cannot act for Vera"):
        table.apply({**entry.base, "strength": 5}, seat=2)


def test_other_decisions_stay_with_the_prompted_seat(tmp_path: Path):
    table = Table.new_game(Journal(tmp_path / "manus.sqlite"), "manus", dict(SETUP))
    with pytest.raises(IllegalAction, match="only the first player acts now: Anna"):
        table.apply(SITE, seat=2)


# --- few presses: where an entry starts ------------------------------------------------------


def test_a_strength_entry_starts_at_what_its_target_needs():
    prompt = manus.prompt(play(round_to_tests()))
    starts = [entry.fields[0].start for entry in prompt.entries]
    assert starts == [4, 6, 5]  # small, large, medium
    assert prompt.entries[1].fields[0].title("en") == "Strength (target needs 6)"
    assert prompt.entries[1].fields[0].title("ru") == "Сила (цели нужно 6)"
    assert prompt.entries[1].say("en") == "Boris: strength"


def test_next_round_a_strength_entry_starts_at_the_hands_last_strength():
    strengths = [{"do": "set_strength", "hand": h, "strength": s} for h, s in ((1, 2), (2, 7))]
    actions = [*round_to_tests(), *strengths, {"do": "set_strength", "hand": 3, "strength": 0}]
    actions.append({"do": "choose_discovery", "discovery": "fire"})
    for hand in (2, 3, 1):  # Boris is first in round 2
        actions.append({"do": "skip", "hand": hand})
    for hand in (2, 3, 1):
        actions.append({"do": "choose_target", "hand": hand, "target": "large"})
    actions += [{"do": "vote", "hand": hand, "condition": "cold"} for hand in (2, 3, 1)]
    prompt = manus.prompt(play(actions))
    assert {e.base["hand"]: e.fields[0].start for e in prompt.entries} == {2: 7, 3: 0, 1: 2}


# --- construction's words ----------------------------------------------------------------------


def test_construction_asks_an_unknown_hand_to_record_its_elements_not_to_replace_one():
    state = play([SITE, {"do": "choose_discovery", "discovery": "steam"}])
    assert manus.prompt(state).say("en") == "Anna: record the hand's elements, or skip"
    assert manus.prompt(state).say("ru") == "Anna: запишите элементы или пропустите"


def test_construction_asks_a_known_hand_to_replace_one_and_a_partly_known_one_both():
    one = {"hand": FIRE}
    three = {"shoulder": FIRE, "forearm": FIRE, "hand": FIRE}
    state = play(round_to_tests(builds={1: one, 2: three}))
    for hand in (1, 3):  # Boris's strength comes from his recorded elements
        state = manus.step(state, {"do": "set_strength", "hand": hand, "strength": 4})
    state = manus.step(state, {"do": "choose_discovery", "discovery": "fire"})  # Boris first
    assert manus.prompt(state).say("en") == "Boris: replace an element, or skip"
    state = manus.step(state, {"do": "skip", "hand": 2})
    assert manus.prompt(state).say("en") == "Vera: record the hand's elements, or skip"
    state = manus.step(state, {"do": "skip", "hand": 3})
    assert manus.prompt(state).say("en") == "Anna: record the rest, replace one, or skip"
    assert manus.prompt(state).say("ru") == "Anna: допишите, замените элемент или пропустите"


# --- a seat with nothing to do is told why ----------------------------------------------------


def said(reason: tuple[str, dict[str, str | int]] | None, language: str) -> str:
    assert reason is not None
    key, fields = reason
    return text(key, language, **fields)


def test_a_seat_outside_the_tie_round_is_told_so():
    setup = {"players": ["Anna", "Boris", "Vera"], "edition": EDITION}
    state = manus.start(setup)
    state = state.evolve(scores=(11, 11, 0))
    actions: list[dict[str, Any]] = round_to_tests(("small", "small", "small"))
    for action in actions:
        state = manus.step(state, action)
    for hand in (1, 2, 3):
        state = manus.step(state, {"do": "set_strength", "hand": hand, "strength": 4})
    view = manus.view(state)
    assert view["tie_round"] and view["phase"] == "discovery"
    assert said(why_not(view, 3), "en") == "Not in this tie round: Anna, Boris play it."
    assert said(why_not(view, 3), "ru") == (
        "Вы не играете в дополнительном раунде: играют Anna, Boris."
    )
    assert why_not(view, 1) is None  # Anna plays: the general answer holds


def test_a_seat_with_no_strength_to_enter_is_told_why():
    three = {"shoulder": FIRE, "forearm": FIRE, "hand": FIRE}
    state = play(round_to_tests(builds={2: three}))  # Boris's hand is recorded
    view = manus.view(state)
    assert why_not(view, 1) is None and why_not(view, 3) is None  # both have theirs to enter
    assert said(why_not(view, 2), "en") == (
        "Your strength comes from your recorded elements. Waiting for Anna, Vera."
    )
    assert said(why_not(view, 2), "ru") == (
        "Ваша сила считается по записанным элементам. Ждём: Anna, Vera."
    )
    state = manus.step(state, {"do": "set_strength", "hand": 3, "strength": 2})
    assert said(why_not(manus.view(state), 3), "en") == (
        "Your strength is entered. Waiting for Anna."
    )


def test_a_seat_without_a_target_is_told_it_has_no_test():
    setup = {**SETUP, "no_target": True}
    state = play(round_to_tests(("small", "none", "small")), setup)
    assert said(why_not(manus.view(state), 2), "en") == (
        "No target, no test for you this round. Waiting for Anna, Vera."
    )
