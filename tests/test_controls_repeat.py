"""A held red or blue repeats its move, faster and faster (issue 24: a value far away
takes one hold); a repeat never commits anything and never says "no" again."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from companion.config import GameSettings, load
from companion.hardware.fakes import FakeBuzzer
from companion.input_timing import REPEAT_TIMES
from tests.test_controls import Driver, close_apps, make_app
from tests.test_controls_manus import to_the_vote, two_players

__all__ = ["close_apps"]  # the autouse fixture closes this module's apps too


def hold(d: Driver, button: str, seconds: float) -> None:
    """Down, then up ``seconds`` later (the app's timers run in between, as on the box)."""
    d.edge(button, True, 0.5)
    d.edge(button, False, seconds)


def test_a_held_blue_moves_the_cursor_as_many_lines_as_the_hold_makes(tmp_path: Path) -> None:
    config = load(None)
    config = replace(config, game=GameSettings("manus", {"players": ["Anna", "Boris"]}))
    d = make_app(tmp_path, config=config)  # where the first site goes: a long list
    count = len(d.app.snapshot.prompt.choices) + len(d.app.snapshot.prompt.entries)
    assert count == 4  # the four corners
    hold(d, "seat1.blue", REPEAT_TIMES.hold_for(3))
    assert d.app.ui.cursor % count == 3
    hold(d, "seat1.red", REPEAT_TIMES.hold_for(2))
    assert d.app.ui.cursor % count == 1
    hold(d, "seat1.blue", REPEAT_TIMES.hold_for(9))  # round the list and on
    assert d.app.ui.cursor % count == 2
    assert d.app.table.head == 0  # moving commits nothing


def test_a_held_button_of_a_seat_not_asked_says_no_once(tmp_path: Path) -> None:
    d = make_app(tmp_path)
    buzzer = d.app.adapters.buzzer
    assert isinstance(buzzer, FakeBuzzer)
    hold(d, "seat2.blue", 2.0)
    assert buzzer.cues.count("no") == 1 and d.app.ui.cursor == 0


def test_a_held_colour_in_the_vote_casts_one_vote(tmp_path: Path) -> None:
    d = two_players(tmp_path)
    to_the_vote(d)
    hold(d, "seat1.red", 2.0)
    votes = [a for a in d.app.table.history() if a["do"] == "vote"]
    assert len(votes) == 1
