"""Hand of Manus from the buttons, issue 24: each player enters his own hand's strength,
in any order (L252-L264), from a value that starts at what the target needs; a seat with
nothing to enter is told why. Needs the controls to take a choice or an entry from any
seat the game's ``authorize`` accepts (companion/controls/table.py ``playing_as``)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from companion.config import GameSettings, load
from companion.controls import table as controls_table
from tests.test_controls import Driver, close_apps, make_app, said

__all__ = ["close_apps"]  # the autouse fixture closes this module's apps too

pytestmark = pytest.mark.skipif(
    not hasattr(controls_table, "playing_as"),
    reason="the controls take choices and entries from the prompted seat only",
)

FIRE = "fire warm wet"
RECORDED = {"shoulder": FIRE, "forearm": FIRE, "hand": FIRE}


def at_the_tests(tmp_path: Path, recorded: tuple[int, ...] = ()) -> Driver:
    """Anna (hands 1, 2) and Boris (hands 3, 4), every hand aiming at the medium target
    (needs 5), the vote cast: the tests wait for the strengths not recorded."""
    config = replace(load(None), game=GameSettings("manus", {"players": ["Anna", "Boris"]}))
    d = make_app(tmp_path, config=config)
    actions: list[dict[str, Any]] = [
        {"do": "place_site", "temperature": "cold", "humidity": "dry"},
        {"do": "choose_discovery", "discovery": "steam"},
    ]
    for hand in (1, 2, 3, 4):
        if hand in recorded:
            actions.append({"do": "build", "hand": hand, "elements": RECORDED})
        else:
            actions.append({"do": "skip", "hand": hand})
    actions += [{"do": "choose_target", "hand": h, "target": "medium"} for h in (1, 2, 3, 4)]
    actions += [{"do": "vote", "hand": h, "condition": "warm"} for h in (1, 2, 3, 4)]
    for action in actions:
        d.app.apply(action)
    assert d.app.view["phase"] == "tests"
    return d


def strengths(d: Driver) -> list[tuple[int, int, int]]:
    return [
        (a["hand"], a["strength"], a["seat"])
        for a in d.app.table.history()
        if a["do"] == "set_strength"
    ]


def enter(d: Driver, seat: int, value: int) -> int:
    """The seat's buttons enter a strength: select until its own entry opens, up or down
    to ``value``, select. Returns the value the entry opened at."""
    for _ in range(3):
        d.tap(f"seat{seat}.cyan")
        if d.app.ui.entering:
            break
    assert d.app.ui.entering and not d.app.ui.refused
    opened = d.app.ui.value
    assert isinstance(opened, int)
    for _ in range(abs(value - opened)):
        d.tap(f"seat{seat}.red" if value > opened else f"seat{seat}.blue")
    d.tap(f"seat{seat}.cyan")
    return opened


def test_boris_enters_his_strengths_before_anna_from_his_own_buttons(tmp_path: Path) -> None:
    d = at_the_tests(tmp_path)
    assert d.app.table.prompt().seat == 1  # Anna's hand comes first in turn order
    assert enter(d, 2, 5) == 5  # each entry opens at what the medium target needs
    assert enter(d, 2, 6) == 5
    assert strengths(d) == [(3, 5, 2), (4, 6, 2)]  # Boris's hands, as Boris
    enter(d, 1, 4)
    enter(d, 1, 5)
    anna = strengths(d)[2:]  # her two hands, whichever the cursor came to first
    assert sorted((hand, seat) for hand, _, seat in anna) == [(1, 1), (2, 1)]
    assert [value for _, value, _ in anna] == [4, 5]
    assert d.app.view["phase"] == "discovery"  # the round was tested


def test_a_seat_cannot_enter_into_another_seats_open_entry(tmp_path: Path) -> None:
    d = at_the_tests(tmp_path)
    for _ in range(3):
        d.tap("seat2.cyan")
        if d.app.ui.entering:
            break
    d.tap("seat1.red")  # Anna's press does not change Boris's number
    assert d.app.ui.refused and d.app.ui.value == 5
    d.tap("seat2.cyan")
    assert strengths(d) == [(3, 5, 2)]


def test_a_seat_whose_strengths_come_from_its_elements_is_told_so(tmp_path: Path) -> None:
    d = at_the_tests(tmp_path, recorded=(1, 2))
    assert d.app.table.prompt().seat == 2
    d.tap("seat1.cyan")
    assert d.app.ui.refused
    assert said(d) == (
        "Your strength comes from your recorded elements. Waiting for Boris 3, Boris 4."
    )


def test_a_seat_outside_the_tie_round_is_told_so_when_it_votes(tmp_path: Path) -> None:
    config = replace(load(None), game=GameSettings("manus", {"players": ["Anna", "Boris", "Vera"]}))
    d = make_app(tmp_path, config=config)
    d.app.apply({"do": "place_site", "temperature": "cold", "humidity": "dry"})
    aims = {1: "large", 2: "large", 3: "small"}
    hits = {1: 6, 2: 6, 3: 0}
    while not d.app.view["tie_round"]:  # Anna and Boris reach 12 together
        d.app.apply({"do": "choose_discovery", "discovery": "steam"})
        order = d.app.view["order"]
        for hand in order:
            d.app.apply({"do": "skip", "hand": hand})
        for hand in order:
            d.app.apply({"do": "choose_target", "hand": hand, "target": aims[hand]})
        for hand in order:
            d.app.apply({"do": "vote", "hand": hand, "condition": "warm"})
        for hand in order:
            d.app.apply({"do": "set_strength", "hand": hand, "strength": hits[hand]})
    d.app.apply({"do": "choose_discovery", "discovery": "steam"})
    for hand in d.app.view["order"]:
        d.app.apply({"do": "skip", "hand": hand})
    for hand in d.app.view["order"]:
        d.app.apply({"do": "choose_target", "hand": hand, "target": "small"})
    assert d.app.view["phase"] == "vote" and d.app.view["claimants"] == [1, 2]
    d.tap("seat3.red")
    assert d.app.ui.refused
    assert said(d) == "Not in this tie round: Anna, Boris play it."
    veras = [a for a in d.app.table.history() if a["do"] == "vote" and a["hand"] == 3]
    assert len(veras) == d.app.view["round"] - 1  # one a round before, none in the tie round
