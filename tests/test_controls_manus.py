"""Hand of Manus from the buttons: the four colours cast a vote; nothing tells what."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from companion.config import GameSettings, load
from companion.hardware.fakes import FakeBuzzer, FakeLedRing
from tests.test_controls import Driver, close_apps, make_app

__all__ = ["close_apps"]  # the autouse fixture closes this module's apps too

TO_VOTE: list[dict[str, Any]] = [
    {"do": "place_site", "temperature": "cold", "humidity": "dry"},
    {"do": "choose_discovery", "discovery": "steam"},
]


def two_players(tmp_path: Path) -> Driver:
    config = load(None)
    config = replace(config, game=GameSettings("manus", {"players": ["Anna", "Boris"]}))
    d = make_app(tmp_path, config=config)
    for action in TO_VOTE:
        d.app.apply(action)
    return d


def to_the_vote(d: Driver) -> None:
    for _ in range(4):
        d.tap("next")  # construction: each hand skips
    for hand in (1, 2, 3, 4):
        seat = 1 if hand <= 2 else 2
        if hand in (1, 3):  # a seat's first hand: down to medium; its second stays there
            d.tap(f"seat{seat}.blue")
        d.tap(f"seat{seat}.cyan")
    assert d.app.view["phase"] == "vote"


def observed(d: Driver) -> tuple[Any, ...]:
    buzzer, ring = d.app.adapters.buzzer, d.app.adapters.ring
    assert isinstance(buzzer, FakeBuzzer) and isinstance(ring, FakeLedRing)
    ui = d.app.ui
    return (tuple(buzzer.cues), ring.last, ui.cursor, ui.notice, ui.refused, ui.modes)


def test_next_skips_construction_and_seat_buttons_choose_targets(tmp_path: Path) -> None:
    d = two_players(tmp_path)
    to_the_vote(d)
    assert [h["target"] for h in d.app.view["hands"]] == ["medium"] * 4


def test_each_seat_votes_for_its_hands_in_turn_and_the_reveal_sounds(tmp_path: Path) -> None:
    d = two_players(tmp_path)
    to_the_vote(d)
    d.tap("seat1.red")  # hand 1: warm
    d.tap("seat1.cyan")  # hand 2: wet
    buzzer = d.app.adapters.buzzer
    assert isinstance(buzzer, FakeBuzzer)
    d.tap("seat1.yellow")  # both of Anna's hands have voted: hand 1 takes its card back
    d.tap("seat1.blue")  # ... then hand 2 (L242: until the reveal)
    assert "no" not in buzzer.cues
    assert d.app.view["vote"]["voted"] == [1, 2]
    d.tap("seat2.red")
    d.tap("seat2.yellow")
    assert buzzer.cues[-1] == "vote_complete"
    history = d.app.table.history()
    votes = [(a["hand"], a["condition"]) for a in history if a["do"] == "vote"]
    assert votes == [(1, "warm"), (2, "wet"), (1, "dry"), (2, "cold"), (3, "warm"), (4, "dry")]
    reveal = d.app.view["last_reveal"]
    assert sorted(c["condition"] for c in reveal["cards"]) == ["cold", "dry", "dry", "warm"]


@pytest.mark.parametrize("seat", [1, 2])
def test_a_vote_shows_and_sounds_the_same_whatever_the_colour(tmp_path: Path, seat: int) -> None:
    seen = []
    for colour in ("red", "blue", "cyan", "yellow"):
        d = two_players(tmp_path / colour)
        to_the_vote(d)
        d.tap(f"seat{seat}.{colour}")
        d.tap(f"seat{seat}.{colour}")
        d.tap(f"seat{seat}.{colour}")  # a third press: hand 1 changes its card, the same way
        seen.append(observed(d))
    assert seen[0] == seen[1] == seen[2] == seen[3]


def test_outside_the_vote_the_colours_navigate(tmp_path: Path) -> None:
    d = two_players(tmp_path)
    d.tap("next")
    d.tap("seat1.blue")  # construction offers "skip", then the elements to record
    assert d.app.ui.cursor == 1
    d.tap("seat2.cyan")
    buzzer = d.app.adapters.buzzer
    assert isinstance(buzzer, FakeBuzzer) and buzzer.cues[-1] == "no"  # not Boris's turn
