"""Talisman from the buttons: a battle's weapon opens at the weapon the hero last fought
with (issue 24: a value starts where the table most likely is). A hero keeps his weapon
from battle to battle, so the next battle's NEXT after the dice keeps it; with his last
object gone, or as a toad, it opens at 0 again. Only the opening changes: the action a
table enters is played as before.

Lines ``Lnnn`` are of ``seeds/003_…`` (a fragment of the rulebook).
"""

from __future__ import annotations

from typing import Any

from companion import games
from companion.games.talisman import engine, present
from companion.games.talisman.state import State
from companion.planner import presses_for
from companion.rules.base import Entry
from companion.snapshot import of_state

PLAYERS = ["Anna", "Boris"]


def _start(**anna: Any) -> State:
    return engine.start({"players": PLAYERS, "heroes": [anna, {}], "dice": "table"})


def _play(state: State, *actions: dict[str, Any]) -> State:
    for action in actions:
        state = engine.step(state, action)
    return state


def _battle(state: State, key: str = "battle") -> Entry:
    (found,) = [e for e in present.prompt(state).entries if e.key == f"talisman.entry.{key}"]
    return found


def _weapon(state: State, key: str = "battle") -> int | str:
    """What the battle's weapon field shows when it opens after the enemy and the dice."""
    entry = _battle(state, key)
    index = [f.key for f in entry.fields].index("weapons.0")
    return entry.opening(index, (4, 5, 2) if key == "battle" else (4, 3, 5, 2))


def _won(weapons: list[int], **anna: Any) -> State:
    """Anna's won battle with ``weapons``: 4 + 5 + the weapon against 3 + 1."""
    fight = {"do": "battle", "enemies": [3], "weapons": weapons, "roll": 5, "enemy_roll": 1}
    return _play(_start(strength=4, **anna), fight, {"do": "accept"})


def test_a_fresh_hero_s_weapon_opens_at_none() -> None:
    assert _weapon(_start()) == 0 and _weapon(_start(), "battle_two") == 0


def test_the_next_battle_opens_at_the_weapon_last_fought_with() -> None:
    state = _won([2])
    assert state.last_outcome == "won"
    assert _weapon(state) == 2 and _weapon(state, "battle_two") == 2
    # NEXT after the dice keeps it: the action counts it as the script's weapons
    entry = _battle(state)
    entered = entry.confirm(entry.confirm(entry.confirm((), 4)[0], 5)[0], 2)[0]
    action = dict(entry.action(entered))
    assert action["weapons"] == [2]
    fought = engine.step(state, action)
    assert fought.battle is not None and fought.battle.hero_total == 5 + 4 + 2
    # the other hero is not armed by Anna's weapon
    assert _weapon(_play(state, {"do": "end_turn"})) == 0


def test_the_best_weapon_entered_is_the_one_remembered() -> None:
    """The Warrior's two weapons (L255): the best opens the weapon, the other goes in the
    bonus as before; a bonus beyond the buttons' 5 opens at 5."""
    assert _weapon(_won([1, 3])) == 3
    assert _weapon(_won([7])) == 5


def test_a_weapon_kept_saves_its_presses() -> None:
    """The second battle with the same sword: red to Battle, open, the enemy 3 to 4, the
    dice 3 to 5 and 3 to 2, NEXT: no press for the weapon (the first took cyan, red, red)."""
    action = {"do": "battle", "enemies": [4], "weapons": [2], "roll": 5, "enemy_roll": 2}
    red, blue, cyan = "seat1.red", "seat1.blue", "seat1.cyan"
    fresh, armed = _start(strength=4), _won([2])
    at_start = _play(armed, {"do": "end_turn"}, {"do": "end_turn"})  # the cursor on end_turn
    first = presses_for(of_state(games.find("talisman"), fresh), action)
    again = presses_for(of_state(games.find("talisman"), at_start), action)
    assert first == [red, cyan, red, cyan, red, red, cyan, blue, cyan, red, red, "next"]
    assert again == [red, cyan, red, cyan, red, red, cyan, blue, "next"]
    # a battle without it: the weapon taken down from 2 to 0
    bare = {**action, "weapons": [0]}
    without = presses_for(of_state(games.find("talisman"), at_start), bare)
    assert without == [red, cyan, red, cyan, red, red, cyan, blue, cyan, blue, blue, "next"]


def test_no_weapon_entered_is_remembered_too() -> None:
    state = _play(
        _won([2]),
        {"do": "battle", "enemies": [3], "weapons": [0], "roll": 6, "enemy_roll": 1},
    )
    assert _weapon(_play(state, {"do": "accept"})) == 0


def test_psychic_combat_leaves_the_weapon_as_it_was() -> None:
    """No weapon counts in psychic combat (L116-120): the sword is still his after it."""
    psychic = {"do": "battle", "enemies": [1], "psychic": "yes", "roll": 6, "enemy_roll": 1}
    state = _play(_won([2], craft=4), psychic, {"do": "accept"})
    assert state.last_outcome == "won" and _weapon(state) == 2


def test_the_last_object_dropped_takes_the_weapon_with_it() -> None:
    state = _play(
        _won([2]), {"do": "carry", "object": "Sword"}, {"do": "carry", "object": "Helmet"}
    )
    helmet_gone = _play(state, {"do": "drop", "object": "Helmet"})
    assert _weapon(helmet_gone) == 2  # he still carries the Sword
    assert _weapon(_play(helmet_gone, {"do": "drop", "object": "Sword"})) == 0


def test_a_duel_taking_his_last_object_takes_the_weapon() -> None:
    """Boris beats Anna and takes her one object (L98): she fights with none after it."""
    state = _play(_won([2]), {"do": "carry", "object": "Sword"}, {"do": "end_turn"})
    duel = {"do": "attack", "defender": "Anna", "roll": 6, "defender_roll": 1}
    state = _play(state, duel, {"do": "accept"}, {"do": "accept"})
    assert state.winner_of_duel == 2
    state = _play(state, {"do": "reward", "take": "object", "object": "Sword"})
    assert state.hero(1).objects == () and state.hero(2).objects == ("Sword",)
    assert state.turn == 1 and _weapon(state) == 0  # the reward ended Boris's turn (L102)


def test_a_toad_s_weapon_opens_at_none_and_his_own_again_after() -> None:
    """A toad has Strength 1 (L277); the fragment gives it no weapon, so none is proposed.
    Turned back, the hero's weapon opens where it was."""
    toad = _play(_won([2]), {"do": "toad"})
    assert toad.hero(1).toad and _weapon(toad) == 0
    back = toad
    while back.hero(1).toad:
        back = _play(back, {"do": "end_turn"})
    while back.turn != 1:
        back = _play(back, {"do": "end_turn"})
    assert _weapon(back) == 2
