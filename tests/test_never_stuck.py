"""A player never meets a prompt from which no button leads on.

Random press sequences walk each game through the real controls, table and journal; after
every press some press must be accepted (and, when it plays an action, the rules take
it), some legal action must be reachable by presses from where the cursor stands, and
from wherever the walk stopped the game must still reach its victory screen by presses
alone (planned by ``companion.planner`` from the prompt a player sees).
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.config import GameSettings, load
from companion.controls import react
from companion.input_timing import PRESS, Gesture
from companion.planner import NoPlan, presses_for
from companion.presses import with_seat_pads
from companion.rules.base import JSON, RulesError
from companion.snapshot import Snapshot
from companion.table import Apply
from tests.test_controls import OPEN, Driver, make_app

SETUPS: dict[str, tuple[str, JSON]] = {
    "bestiary duel": ("bestiary", {"players": ["Anna", "Boris"], "scale_length": 6}),
    "four-path, two teams": (
        "four_path",
        {"players": ["Anna", "Boris", "Clara", "Dmitri"], "scale_length": 6},
    ),
    "four-path duel": ("four_path", {"players": ["Anna", "Boris"], "scale_length": 6}),
    "manus, three players": ("manus", {"players": ["Anna", "Boris", "Vera"]}),
    "tetranomicon, four with diplomacy": (
        "tetranomicon",
        {"players": ["Anna", "Boris", "Vera", "Gleb"], "diplomacy": True},
    ),
    "manus, two hands each": (
        "manus",
        {"players": ["Anna", "Boris"], "hands_per_player": 2, "reveal": "confirm"},
    ),
}
COLOURS = ("red", "blue", "cyan", "yellow")
MOST_ACTIONS = 3000  # random play ends a game in 100-500 actions (seeds 0-7: 101-464)


def _buttons(snap: Snapshot) -> list[str]:
    seats = len(snap.view.get("seats") or [1, 2])
    return [f"seat{s}.{c}" for s in range(1, seats + 1) for c in COLOURS] + ["next", "undo"]


def _start(tmp_path: Path, game: str, setup: JSON) -> Driver:
    config = with_seat_pads(replace(load(None), game=GameSettings(game, setup)), setup)
    return make_app(tmp_path, config=config)


def _legal(snap: Snapshot, action: JSON) -> bool:
    try:
        snap.spec.rules.step(snap.state, dict(action))
    except RulesError:
        return False
    return True


def _offered(snap: Snapshot, chooser: random.Random | None = None) -> list[JSON]:
    """The legal actions the prompt offers: its choices, and its entries with defaults
    (or, given a chooser, with values drawn at random from each field's range)."""
    actions = [dict(c) for c in snap.prompt.choices]
    for entry in snap.prompt.entries:
        if chooser is None:
            actions.append(entry.action(()))
            continue
        values: list[str | int] = [
            chooser.randint(f.low, f.high)
            if f.kind == "int"
            else chooser.choice(f.options)
            if f.kind == "choice"
            else f.first
            for f in entry.fields
        ]
        actions.append(entry.action(values))
    return [a for a in actions if _legal(snap, a)]


def _assert_not_stuck(d: Driver) -> None:
    snap = d.app.snapshot
    if snap.prompt.seat is None:  # the victory screen: the menu starts another game
        return
    accepted = []
    for button in _buttons(snap):
        reaction = react(Gesture(button, PRESS, d.t), snap, d.t)
        if reaction.cue == "no":
            continue
        applies = [c for c in reaction.commands if isinstance(c, Apply)]
        if all(_legal(snap, c.action) for c in applies):
            accepted.append(button)
    assert accepted, f"no press is accepted at the prompt '{snap.prompt.kind}'"
    if snap.ui.modes:  # a question or an entry: a press above answers or leaves it
        return
    offered = _offered(snap)
    assert offered, f"the prompt '{snap.prompt.kind}' offers nothing the rules take"
    for action in offered:
        try:
            presses_for(snap, action)
            return
        except NoPlan:
            continue
    pytest.fail(f"no legal action of the prompt '{snap.prompt.kind}' is reachable by presses")


def _play(d: Driver, word: str) -> None:
    if word.startswith("disc"):
        d.disc(int(word.split()[1]))
    elif word == "hold undo":
        d.hold("undo", 1.0)
    else:
        d.tap(word)


def _back_to_the_prompt(d: Driver) -> None:
    """Leave an entry or a question the walk left open, as a player would."""
    for _ in range(20):
        ui = d.app.ui
        if not ui.modes:
            return
        if ui.entering:
            d.tap("undo")  # leaves the entry; the table is untouched
        else:
            d.tap(f"seat{d.app.snapshot.prompt.seat or 1}.yellow")  # no / back
    pytest.fail(f"the controls stay in {d.app.ui.modes}")


def _finish(d: Driver, seed: int) -> int:
    """Play to the victory screen by presses: each time a random offered action, planned."""
    chooser = random.Random(seed)
    _back_to_the_prompt(d)
    for played in range(MOST_ACTIONS):
        snap = d.app.snapshot
        if snap.prompt.seat is None:
            return played
        offered = _offered(snap, chooser) or _offered(snap)
        chooser.shuffle(offered)
        head = d.app.table.head
        for action in offered:  # the first the buttons can play from here
            try:
                words = presses_for(snap, action)
                break
            except NoPlan:
                continue
        else:
            pytest.fail(f"no offered action of '{snap.prompt.kind}' can be pressed: {offered}")
        for word in words:
            _play(d, word)
        assert d.app.table.head == head + 1, f"the presses for {action} did not play it"
    pytest.fail(f"no victory after {MOST_ACTIONS} actions")


@pytest.mark.parametrize("name", list(SETUPS))
@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_from_every_state_a_press_leads_on_and_the_game_can_end(
    name: str, tmp_path: Path, data: Any
) -> None:
    game, setup = SETUPS[name]
    d = _start(tmp_path / str(len(OPEN)), game, setup)
    words = [*_buttons(d.app.snapshot), "hold undo", "disc 1", "disc -1"]
    walk = data.draw(st.lists(st.sampled_from(words), max_size=60), label="presses")
    for word in walk:
        _play(d, word)
        _assert_not_stuck(d)
    _finish(d, data.draw(st.integers(0, 2**16), label="seed"))
    assert d.app.snapshot.view["winner"] is not None
    while OPEN:
        OPEN.pop().close()


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_the_talisman_tracker_never_leaves_a_table_without_a_press(
    tmp_path: Path, data: Any
) -> None:
    """The Talisman tracker has no end of its own (the fragment gives no victory, the
    table ends the game): from every state some press leads on and some legal action is
    reachable, and played on from there by presses it keeps taking them."""
    d = _start(tmp_path / str(len(OPEN)), "talisman", {"players": ["Anna", "Boris", "Vera"]})
    words = [*_buttons(d.app.snapshot), "hold undo"]
    for word in data.draw(st.lists(st.sampled_from(words), max_size=60), label="presses"):
        _play(d, word)
        _assert_not_stuck(d)
    _back_to_the_prompt(d)
    chooser = random.Random(data.draw(st.integers(0, 2**16), label="seed"))
    for _ in range(40):
        snap = d.app.snapshot
        offered = _offered(snap, chooser) or _offered(snap)
        chooser.shuffle(offered)
        head = d.app.table.head
        for action in offered:
            try:
                words_for = presses_for(snap, action)
                break
            except NoPlan:
                continue
        else:
            pytest.fail(f"no offered action of '{snap.prompt.kind}' can be pressed: {offered}")
        for word in words_for:
            _play(d, word)
        assert d.app.table.head == head + 1, f"the presses for {action} did not play it"
    while OPEN:
        OPEN.pop().close()
