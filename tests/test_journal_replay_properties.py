"""Every game comes back after a restart exactly as it was (hypothesis, every game).

Random legal play driven by the prompt a player sees (its choices, its entries with
random values, and a summon made up where the prompt leaves it free), with undo and redo
now and then, each action's keys in a random order, journaled to a real SQLite file;
then the journal is opened again as a restart does. Every audience's view (public, each
seat, debug) and the prompt must be the same, and the journal must hold each action
exactly as it was applied: the rules may read a mapping in its order (Four-path's
``area`` lists the creatures standing in it in the order given), so a journal that sorted
the keys brought back another game (issue 22).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import games
from companion.journal import Journal
from companion.rules.base import DEBUG, JSON, PUBLIC, Prompt, RulesError
from companion.table import Redo, Table, Undo

SETUPS: dict[str, JSON] = {
    "bestiary": {"players": ["Anna", "Boris"], "scale_length": 6},
    "four_path": {"players": ["Anna", "Boris", "Clara", "Dmitri"], "scale_length": 6},
    "manus": {"players": ["Anna", "Boris", "Vera"]},
    "talisman": {"players": ["Anna", "Boris", "Vera"]},
    "tetranomicon": {"players": ["Anna", "Boris", "Vera", "Gleb"], "diplomacy": True},
}
MOST_ACTIONS = 160  # each example: a game of up to this many actions (a few seconds a game)
NAMES = ["Saxum", "Vinctum", "Illesbra", "Ferrarius", "Manus", "Cerberus", "Malleus", "Orbis"]
CLASSES = ["strength", "agility", "intellect"]
# The effects a card may carry for its target (as tests/test_bestiary_properties.py).
FITTING = {
    "self": ["attack_up", "defense_up"],
    "ally": ["attack_up", "defense_up"],
    "enemy": ["inaction", "attack_down", "defense_down"],
    "any": ["inaction", "attack_up", "attack_down", "defense_up", "defense_down"],
}


def test_every_game_is_tested() -> None:
    assert set(SETUPS) == set(games.GAMES)


def _shuffled(value: Any, chooser: random.Random) -> Any:
    """The same value with every mapping's keys in a random order (lists kept)."""
    if isinstance(value, dict):
        keys = list(value)
        chooser.shuffle(keys)
        return {key: _shuffled(value[key], chooser) for key in keys}
    if isinstance(value, list):
        return [_shuffled(item, chooser) for item in value]
    return value


def _summon(chooser: random.Random, name: str) -> JSON:
    """A summon the prompt leaves free (its values are the card's): random but legal."""
    abilities = []
    for slot in (1, 2):
        target = chooser.choice(sorted(FITTING))
        effects = chooser.sample(FITTING[target], chooser.randint(0, 2))
        prep = chooser.randint(1, 6)
        abilities.append(
            {"name": f"{name} power {slot}", "prep": prep, "effects": effects, "target": target}
        )
    return {
        "do": "summon",
        "creature": name,
        "class": chooser.choice(CLASSES),
        "vitality": chooser.randint(1, 6),
        "attack_strength": chooser.randint(0, 4),
        "abilities": abilities,
    }


def _offered(prompt: Prompt, chooser: random.Random, summoned: int) -> list[JSON]:
    actions = [dict(choice) for choice in prompt.choices]
    for entry in prompt.entries:
        values: list[str | int] = [
            chooser.randint(f.low, f.high)
            if f.kind == "int"
            else chooser.choice(f.options)
            if f.kind == "choice"
            else f.first
            for f in entry.fields
        ]
        actions += [entry.action(values), entry.action(())]
    if "summon" in prompt.free or prompt.kind == "summon":
        for name in [*NAMES[summoned:], f"Creature {summoned}"]:
            actions.append(_summon(chooser, name))
    chooser.shuffle(actions)
    return actions


def _views(table: Table, seats: int) -> list[object]:
    audiences = [PUBLIC, DEBUG, *(f"seat:{seat}" for seat in range(1, seats + 1))]
    return [table.view(audience) for audience in audiences] + [table.prompt().to_json()]


def _play(table: Table, chooser: random.Random, steps: int) -> list[JSON]:
    """Up to ``steps`` commands; the actions applied in force, as applied."""
    summoned = 0
    for _ in range(steps):
        roll = chooser.random()
        if roll < 0.05 and table.can_undo:
            table.execute(Undo())
            continue
        if roll < 0.08 and table.can_redo:
            table.execute(Redo())
            continue
        prompt = table.prompt()
        if prompt.seat is None:
            break
        for action in _offered(prompt, chooser, summoned):
            try:
                table.apply(_shuffled(action, chooser))
            except RulesError:
                continue
            summoned += action.get("do") == "summon"
            break
        else:
            pytest.fail(f"nothing the prompt '{prompt.kind}' offers is legal")
    return list(table.history())


@pytest.mark.parametrize("game", sorted(SETUPS))
@settings(
    max_examples=6,
    deadline=None,
    derandomize=True,  # the same games every run: a failure is there to be looked at again
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, MOST_ACTIONS))
def test_a_game_reopened_from_its_journal_is_the_same_game(
    tmp_path: Path, game: str, seed: int, steps: int
) -> None:
    path = tmp_path / f"{game}-{seed}-{steps}.sqlite"
    setup = SETUPS[game]
    journal = Journal(path)
    journal._db.execute("PRAGMA synchronous=OFF")  # durability is not what this tests
    table = Table.new_game(journal, game, setup)
    applied = _play(table, random.Random(seed), steps)
    seats = len(setup["players"])
    before = _views(table, seats)
    game_id = table.record.id
    journal.close()

    again = Journal(path)
    try:
        reopened = Table.open(path) if not table.finished else Table(again, again.game(game_id))
        assert reopened is not None and reopened.record.id == game_id
        assert _views(reopened, seats) == before
        # Stored exactly as applied: the same keys in the same order, the same lists.
        stored = [record.action for record in again.actions(game_id)][: len(applied)]
        assert [json.dumps(a) for a in stored] == [json.dumps(a) for a in applied]
        if reopened.journal is not again:
            reopened.journal.close()
    finally:
        again.close()
        path.unlink()
        for suffix in ("-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)


def test_a_four_path_area_given_out_of_sorted_order_comes_back_the_same(tmp_path: Path) -> None:
    """The regression itself: the area's creatures as a mapping in the order the buttons
    give it (summon order), which sorting the keys changed."""
    path = tmp_path / "j.sqlite"
    table = Table.new_game(Journal(path), "four_path", SETUPS["four_path"])
    chooser = random.Random(4)
    while table.state.stage != "play":
        prompt = table.prompt()
        for action in _offered(prompt, chooser, len(table.state.creatures)):
            try:
                table.apply(action)
                break
            except RulesError:
                continue
    creatures = [creature.id for creature in table.state.creatures]
    assert creatures != sorted(creatures)  # summon order is not sorted order
    standing = dict.fromkeys(reversed(creatures), "in")
    table.apply({"do": "area", "tower": "tower_1", "creatures": standing})
    assert list(table.state.areas[0]) == list(reversed(creatures))  # the rules keep the order
    before = _views(table, 4)
    table.journal.close()
    again = Table.open(path)
    assert again is not None
    assert _views(again, 4) == before
    again.journal.close()
