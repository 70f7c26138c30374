"""Talisman from the buttons, as a property (issue 24): random legal play through the
rules, every action drawn from the documented vocabulary (docs/talisman.md, not from the
prompt: that would be circular), planned by ``companion presses``' planner, pressed on the
box's own controls (mock pins), and the table's state compared with the rules' own.

The vocabulary is what a table decides and the buttons are documented to enter in today's
edition (a setup naming ``dice``), within the entries' ranges; what they do not enter is
listed in docs/buttons.md (another hero's sheet, an encounter's card numbers, a weapon
limit, a name the buttons cannot spell).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.talisman import engine, entries, present
from companion.games.talisman.state import PHASE_BATTLE, PHASE_OUTCOME, PHASE_REWARD, State
from companion.planner import presses_for
from companion.presses import PressRunner
from companion.rules.base import RulesError
from companion.script import Script, parse_press

PLAYERS = ["Anna", "Boris", "Vera"]
# Names the lists lack, typed letter by letter after "another name…" (the planner chooses
# that option for a name it lacks): the test below plans and presses each.
TYPED = ("Rope", "Frost", "Dog")


def _turn_actions(state: State, rng: random.Random) -> list[dict[str, Any]]:
    """What a turn may record, with values a table would enter."""
    hero = state.hero(state.turn)
    others = [state.seats.name(s) for s in state.seats.numbers() if s != state.turn]

    def die() -> int:
        return rng.randint(1, 6)

    enemies = [rng.randint(0, 8) for _ in range(rng.choice((1, 2)))]
    battle: dict[str, Any] = {
        "do": "battle",
        "enemies": enemies,
        "roll": die(),
        "enemy_roll": die(),
    }
    if rng.random() < 0.3:
        battle["psychic"] = True
    if rng.random() < 0.3:
        battle["weapons"] = [rng.randint(1, 3)]
    if rng.random() < 0.2:
        battle["bonus"] = rng.randint(-2, 3)
    made: list[dict[str, Any]] = [
        battle,
        {"do": "attack", "defender": rng.choice(others), "roll": die(), "defender_roll": die()},
        {"do": "end_turn"},
        {"do": "end_turn", "trade": [rng.choice(("strength", "craft"))]},
        {"do": "miss_turn", "encounters_left": rng.random() < 0.5},
        {"do": "toad"},
        {"do": "toad", "hero": rng.choice(others)},
        {"do": rng.choice(("lives", "fate", "gold")), "change": rng.randint(-3, 3) or 1},
        {
            "do": rng.choice(("strength", "craft")),
            "change": rng.randint(-2, 3) or 1,
            "kind": rng.choice(("gain", "bonus")),
        },
        {"do": "trophy", "kind": rng.choice(("strength", "craft")), "value": rng.randint(1, 9)},
        {"do": "capacity", "value": rng.randint(3, 8)},
        {"do": "alignment", "to": rng.choice(("good", "neutral", "evil"))},
        {"do": "encounter", "required": rng.randint(0, 3), "on_space": rng.randint(0, 3)},
        {"do": "spell", "name": rng.choice(entries.SPELLS)},
        {"do": "carry", "object": rng.choice(entries.OBJECTS)},
        {"do": "follower", "name": rng.choice(entries.FOLLOWERS)},
        {"do": "roll", "value": die(), "bonus": rng.randint(-2, 3)},
    ]
    made += [{"do": "trophy", "kind": state.spoils_kind, "value": v} for v in state.spoils]
    made += [{"do": "drop", "object": o} for o in hero.objects]
    made += [{"do": "cast", "name": n} for n in hero.spells]
    made += [{"do": "follower", "name": n, "leaves": True} for n in hero.followers]
    return made


def _actions(state: State, rng: random.Random) -> list[dict[str, Any]]:
    over = engine.over_limits(state)
    if over is not None:
        seat, what = over
        hero = state.hero(seat)
        if what == "object":
            return [{"do": "drop", "hero": seat, "object": o} for o in hero.objects]
        return [{"do": "discard", "hero": seat, "name": n} for n in hero.spells]
    if state.phase == PHASE_BATTLE:
        return [{"do": "accept"}, {"do": "reroll", "roll": rng.randint(1, 6)}]
    if state.phase == PHASE_OUTCOME:
        return [
            {"do": "lose"},
            *({"do": "lose", "saved_by": s} for s in ("object", "spell", "ability")),
        ]
    if state.phase == PHASE_REWARD:
        fight = state.battle
        assert fight is not None
        loser = state.hero(fight.opponent if state.winner_of_duel == fight.seat else fight.seat)
        takes: list[dict[str, Any]] = [
            {"do": "reward", "take": "life"},
            {"do": "reward", "take": "gold"},
        ]
        takes.append({"do": "reward", "take": "life", "saved_by": "object"})
        takes += [{"do": "reward", "take": "object", "object": o} for o in loser.objects]
        return takes
    return _turn_actions(state, rng)


def _legal(state: State, action: dict[str, Any]) -> bool:
    try:
        engine.step(state, action)
    except RulesError:
        return False
    return True


@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(seed=st.integers(0, 2**16), dice=st.sampled_from(("table", "box")))
def test_every_legal_decision_is_pressed_and_changes_the_game_as_the_rules_say(
    tmp_path: Path, seed: int, dice: str
) -> None:
    rng = random.Random(seed)
    setup = {
        "players": PLAYERS,
        "dice": dice,
        "heroes": [{"craft": 4, "fate": 2}, {"strength": 4}, {}],
    }
    script = Script(f"<seed {seed}>", "talisman", setup, 1, ())
    runner = PressRunner(script, str(tmp_path / f"{seed}-{dice}.sqlite"), "en", lambda line: None)
    try:
        for number in range(1, 31):
            snap = runner.app.snapshot
            state = snap.state
            assert isinstance(state, State)
            drawn = _actions(state, rng)
            if dice == "box":  # the box rolls: no die is entered
                for action in drawn:
                    for key in ("roll", "enemy_roll", "defender_roll", "value"):
                        action.pop(key, None)
            candidates = [a for a in drawn if _legal(state, a)]
            assert candidates, f"nothing legal in {state.phase}"
            action = rng.choice(candidates)
            expected = engine.step(state, action)
            for word in presses_for(snap, action):
                runner.step(parse_press(word, number, number))
            assert runner.app.table.head == number, action
            assert runner.app.table.state == expected, action  # the box's dice: the seed's
            assert present.prompt(expected).seat is not None
    finally:
        runner.close()


def test_the_vocabulary_meets_every_phase() -> None:
    """The walk above reaches battles, rerolls, lost lives and rewards (a seed that does)."""
    seen: set[str] = set()
    for seed in range(40):
        rng = random.Random(seed)
        state = engine.start({"players": PLAYERS, "dice": "table"})
        for _ in range(30):
            legal = [a for a in _actions(state, rng) if _legal(state, a)]
            state = engine.step(state, rng.choice(legal))
            seen.add(state.phase)
    assert seen >= {"turn", PHASE_BATTLE, PHASE_OUTCOME, PHASE_REWARD}


@pytest.mark.parametrize("name", TYPED)
def test_a_name_the_lists_lack_is_typed_from_the_buttons(tmp_path: Path, name: str) -> None:
    script = Script("<typed>", "talisman", {"players": PLAYERS, "dice": "table"}, 1, ())
    runner = PressRunner(script, str(tmp_path / "typed.sqlite"), "en", lambda line: None)
    try:
        action = {"do": "carry", "object": name}
        state = runner.app.snapshot.state
        assert isinstance(state, State)
        expected = engine.step(state, action)
        for word in presses_for(runner.app.snapshot, action):
            runner.step(parse_press(word, 1, 1))
        assert runner.app.table.state == expected
    finally:
        runner.close()
