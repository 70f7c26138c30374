"""Who presses (issue 24): where the rules take a decision from several seats, each of them
may take it from its own buttons; a seat whose input is not needed is told why."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.manus import idle
from companion.games.manus import rules as manus_rules
from companion.hardware.fakes import FakeBuzzer
from tests.test_controls import Driver, close_apps
from tests.test_controls_manus import to_the_vote, two_players

__all__ = ["close_apps"]  # the autouse fixture closes this module's apps too


def at_the_tests(tmp_path: Path) -> Driver:
    """Hand of Manus, Anna (hands 1, 2) and Boris (3, 4), every hand voted: the tests, in
    no order (L252-L264); the prompt names Anna, the first hand's seat."""
    d = two_players(tmp_path)
    to_the_vote(d)
    for seat, colour in (
        ("seat1", "red"),
        ("seat1", "cyan"),
        ("seat2", "red"),
        ("seat2", "yellow"),
    ):
        d.tap(f"{seat}.{colour}")
    snap = d.app.snapshot
    assert snap.prompt.kind == "set_strength" and snap.prompt.seat == 1
    return d


def strengths(d: Driver) -> dict[object, object]:
    return {a["hand"]: a["seat"] for a in d.app.table.history() if a["do"] == "set_strength"}


def test_a_seat_not_named_by_the_prompt_enters_its_own_hands_strength(tmp_path: Path) -> None:
    d = at_the_tests(tmp_path)
    d.tap("seat2.blue")  # Boris's down goes to his own first line: hand 3
    d.tap("seat2.cyan")
    assert d.app.ui.modes == ("entry",)
    d.tap("seat1.red")  # Anna cannot change Boris's count
    assert d.app.ui.notice is not None and d.app.ui.notice.key == "hardware.not_yours"
    d.tap("seat2.cyan")
    assert strengths(d) == {3: 2}


def test_select_on_another_players_line_brings_the_cursor_to_ones_own(tmp_path: Path) -> None:
    d = at_the_tests(tmp_path)
    d.tap("seat2.blue")
    d.tap("seat2.cyan")
    d.tap("seat2.cyan")  # hand 3 entered; the cursor stays on Boris's hand 4
    d.tap("seat1.cyan")  # Anna: to her own line first, nothing played
    assert strengths(d) == {3: 2} and d.app.ui.modes == ()
    d.tap("seat1.cyan")
    d.tap("seat1.cyan")
    assert strengths(d) == {3: 2, 1: 1}


@pytest.mark.parametrize("hooked", [True, False])
def test_a_seat_with_nothing_left_to_enter_is_told_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hooked: bool
) -> None:
    if hooked:  # the game's own reason (its rules' why_not), else whose turn it is
        monkeypatch.setattr(manus_rules, "why_not", idle.why_not, raising=False)
    else:
        monkeypatch.delattr(manus_rules, "why_not", raising=False)
    d = at_the_tests(tmp_path)
    for _ in range(2):  # both of Boris's hands
        d.tap("seat2.blue")
        d.tap("seat2.cyan")
        d.tap("seat2.cyan")
    assert set(strengths(d)) == {3, 4}
    d.tap("seat2.blue")
    notice = d.app.ui.notice
    assert notice is not None and d.app.ui.refused
    assert notice.key == ("manus.idle.entered" if hooked else "hardware.not_your_turn")
    buzzer = d.app.adapters.buzzer
    assert isinstance(buzzer, FakeBuzzer) and buzzer.cues[-1] == "no"
