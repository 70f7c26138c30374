"""A state kept as JSON comes back equal, and plays on exactly as the original."""

from __future__ import annotations

import dataclasses
import itertools
import json
from typing import Any, NotRequired, Required, TypedDict

import pytest

from bench.rules import SETUP, actions
from companion import games
from companion.rules.freeze import SnapshotError, dump, load, shape
from tests.conftest import EXAMPLES


def _states(game: str, setup: dict[str, Any], moves: list[dict[str, Any]]) -> list[Any]:
    rules = games.find(game).rules
    state = rules.start(setup)
    seen = [state]
    for action in moves:
        state = rules.step(state, action)
        seen.append(state)
    return seen


def _manus_game() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    import yaml  # noqa: PLC0415

    script = yaml.safe_load((EXAMPLES / "manus_three_players.yaml").read_text(encoding="utf-8"))
    return script["setup"], script["actions"]


def _four_path_game() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A Four-path game of two teams (a State subclass whose fields come from two modules)."""
    import yaml  # noqa: PLC0415

    path = EXAMPLES / "four_path_combined_phase.yaml"
    script = yaml.safe_load(path.read_text(encoding="utf-8"))
    return script["setup"], script["actions"]


def _tetranomicon_game() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """An epoch of four factions with diplomacy: relations (a frozenset of pairs), routes,
    buildings, an army."""
    setup = {"players": ["Anna", "Boris", "Vera", "Gleb"], "diplomacy": True}
    moves: list[dict[str, Any]] = [
        {"do": "flip", "with": 2},
        {"do": "keep"},
        {"do": "flip", "with": 4},
        {"do": "keep"},
        {"do": "epoch_card", "type": "creatures"},  # 2 relations at war of 6: peace
        {"do": "build", "type": "farm", "castle": 1},
        {"do": "route", "castles": [1, 2], "kind": "road"},
        {"do": "summon", "strength": 2, "flag": "war", "ability": "goetius"},
        {"do": "artifact", "influence": 2},
        {"do": "pass"},
        {"do": "pass"},
        {"do": "pass"},
        {"do": "pass"},
    ]
    return setup, moves


def _talisman_game() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Heroes with objects, spells, a toad and a battle under way (a nested dataclass)."""
    setup = {"players": ["Anna", "Boris"], "heroes": [{"craft": 4, "fate": 1}, {}], "seed": 9}
    moves: list[dict[str, Any]] = [
        {"do": "carry", "object": "Sword"},
        {"do": "spell", "name": "Destroy Magic"},
        {"do": "trophy", "kind": "craft", "value": 5},
        {"do": "battle", "enemies": [3, 4]},  # rolled from the seed
        {"do": "reroll", "roll": 6},
        {"do": "accept"},
        {"do": "battle", "enemies": [2], "psychic": True, "roll": 6, "enemy_roll": 1},
        {"do": "accept"},
        {"do": "toad", "hero": 2},
    ]
    return setup, moves


@pytest.mark.parametrize("game", ["bestiary", "manus", "four_path", "tetranomicon", "talisman"])
def test_every_state_of_a_game_comes_back_equal_and_plays_on_the_same(game: str) -> None:
    if game == "bestiary":
        setup, moves = SETUP, list(itertools.islice(actions(), 600))
    elif game == "four_path":
        setup, moves = _four_path_game()
    elif game == "tetranomicon":
        setup, moves = _tetranomicon_game()
    elif game == "talisman":
        setup, moves = _talisman_game()
    else:
        setup, moves = _manus_game()
    rules = games.find(game).rules
    states = _states(game, setup, moves)
    for index, state in enumerate(states):
        kept = json.loads(json.dumps(dump(state)))
        back = load(type(state), kept)
        assert back == state, index
        assert rules.view(back, "debug") == rules.view(state, "debug")
        if index < len(moves):  # the next action from the copy gives the next state
            assert rules.step(back, moves[index]) == states[index + 1]


def test_a_snapshot_that_does_not_fit_is_refused_not_half_read() -> None:
    state = games.find("manus").rules.start({"players": ["A", "B"]})
    data = dump(state)
    assert isinstance(data, dict)
    data["round"] = "three"
    with pytest.raises(SnapshotError, match=r"state\.round: expected an integer"):
        load(type(state), data)
    data = dump(state)
    assert isinstance(data, dict)
    del data["setup"]
    with pytest.raises(SnapshotError, match="missing setup"):
        load(type(state), data)


# A state with TypedDict fields, declared under ``from __future__ import annotations`` as the
# games declare theirs (where Python 3.11 cannot see NotRequired in __optional_keys__).


class _Axis(TypedDict):
    name: str
    points: int
    note: NotRequired[str]


class _Reveal(TypedDict, total=False):
    round: Required[int]
    axes: tuple[_Axis, ...]
    winner: str | None


@dataclasses.dataclass(frozen=True)
class _Kept:
    last: _Reveal | None
    best: _Axis


def test_a_typeddict_field_loads_by_its_keys_hints() -> None:
    state = _Kept(
        last={"round": 2, "axes": ({"name": "fire", "points": 3, "note": "x"},), "winner": None},
        best={"name": "air", "points": 1},  # no note: NotRequired
    )
    kept = json.loads(json.dumps(dump(state)))
    back = load(_Kept, kept)
    assert back == state
    assert back.last is not None and isinstance(back.last["axes"], tuple)  # typed, not a list
    assert load(_Kept, {"last": {"round": 1}, "best": {"name": "a", "points": 0}}).last == {
        "round": 1
    }  # total=False: only the Required key must be there
    assert "note?" in shape(_Kept) and "points:" in shape(_Kept)  # the keys are in the shape


def test_a_typeddict_field_that_does_not_fit_is_refused() -> None:
    best = {"name": "air", "points": 1}
    with pytest.raises(SnapshotError, match=r"state\.best: missing points"):
        load(_Kept, {"last": None, "best": {"name": "air"}})
    with pytest.raises(SnapshotError, match=r"state\.last: .* fits none of"):
        load(_Kept, {"last": {"axes": []}, "best": best})
    with pytest.raises(SnapshotError, match=r"state\.best\.points: expected an integer"):
        load(_Kept, {"last": None, "best": {"name": "air", "points": "one"}})
    with pytest.raises(SnapshotError, match=r"expected an object for _Axis"):
        load(_Kept, {"last": None, "best": ["air", 1]})
