"""The towers' areas in Four-path: who stands in each, each team's control there and
who holds each tower (L101; FP-A6). Line numbers are of the Four-path rulebook (seeds/001).
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.bestiary.checks import creature_named, named_once
from companion.games.four_path import arithmetic as ar
from companion.games.four_path.state import TOWERS, FourPathState
from companion.rules.base import IllegalAction, as_list, pick

# A creature standing in no tower's area (the buttons' siege entry: where each stands).
NO_TOWER = "none"


def standing(state: FourPathState, given: object, key: str) -> tuple[str, ...]:
    """The creatures ``given`` says stand in an area: a list of creatures, or a mapping of
    creature to ``in``/``out`` (the buttons' entry); ``key`` names the action's field."""
    if isinstance(given, Mapping):
        refs = [ref for ref, where in given.items() if str(where) == "in"]
        for ref, where in given.items():
            if str(where) not in ("in", "out"):
                raise IllegalAction(f"'{key}.{ref}': in or out, not {where!r}")
    else:
        refs = as_list(given, key)
    creatures = [creature_named(state, ref, key) for ref in refs]
    named_once(creatures, "an area holds")
    return tuple(c.id for c in creatures)


def areas_given(state: FourPathState, given: object) -> tuple[tuple[str, ...], ...]:
    """The towers' areas after a siege's ``areas``: a mapping of a tower to the creatures
    in its area (a script writes it so; the towers it leaves out stay as they were), or of
    a creature to the tower it now stands at, ``none`` for no tower (the buttons' entry:
    one value a creature, so a creature stands in one area at most; those it leaves out
    stay where they were). Both may be mixed: the towers first, then the creatures.

    An area's order is no part of the game (a table sees who stands there, not in which
    order), so the same areas said either way, in any order, give the same state: those
    who stood there keep their order, those who come follow in the order the creatures
    were summoned."""
    if not isinstance(given, Mapping):
        raise IllegalAction(
            "'areas': a mapping of tower to the creatures in its area, or of creature to its tower"
        )
    areas = [list(area) for area in state.areas]
    moved: dict[str, str] = {}
    for key, value in given.items():
        if key in TOWERS or str(key).startswith("tower"):
            tower = pick(TOWERS, key, "areas")
            area = areas[TOWERS.index(tower)]
            listed = set(standing(state, value, f"areas.{tower}"))
            coming = [c.id for c in state.creatures if c.id in listed and c.id not in area]
            areas[TOWERS.index(tower)] = [c for c in area if c in listed] + coming
            continue
        creature = creature_named(state, key, "areas")
        moved[creature.id] = pick((NO_TOWER, *TOWERS), value, f"areas.{key}")
    for creature in state.creatures:  # those who come, in summon order
        where = moved.get(creature.id)
        if where is None:
            continue
        # Out of every other area, into the one named (one area at most); a creature said
        # to stand where it stood keeps its place.
        into = TOWERS.index(where) if where != NO_TOWER else None
        areas = [
            area if index == into else [c for c in area if c != creature.id]
            for index, area in enumerate(areas)
        ]
        if into is not None and creature.id not in areas[into]:
            areas[into].append(creature.id)
    return tuple(tuple(area) for area in areas)


def area_of(state: FourPathState, creature_id: str) -> str:
    """The tower whose area ``creature_id`` stands in now (the first, were it in two), or
    :data:`NO_TOWER`."""
    return next(
        (tower for tower, area in zip(TOWERS, state.areas, strict=True) if creature_id in area),
        NO_TOWER,
    )


def control_sums(state: FourPathState, index: int) -> tuple[int, int]:
    """Each team's control in a tower's area: «суммарный параметр обороны воинов …,
    включая бездействующих» (L101), each 1 ± Control up/down, never below 0 (FP-A6)."""
    sums = [0, 0]
    for creature_id in state.areas[index]:
        creature = state.creature(creature_id)
        if creature is not None:
            sums[state.side_of(creature.owner) - 1] += ar.control(state.effects, creature_id)
    return sums[0], sums[1]


def holders(state: FourPathState) -> tuple[int, ...]:
    """The team holding each tower (0: neutral, a tie, 0:0 included; L101)."""
    result = []
    for index in range(len(TOWERS)):
        one, two = control_sums(state, index)
        result.append(1 if one > two else 2 if two > one else 0)
    return tuple(result)
