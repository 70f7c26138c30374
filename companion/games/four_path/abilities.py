"""Four-path's support abilities: the lasting effects an ability puts on creatures and
whom they may reach (the card's target, each effect's sign, own-castle immunity,
Resistance), and the Barrier it puts on a hex (L311-L369). Line numbers are of the
Four-path rulebook (seeds/001), ``B L…`` of the base one.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.bestiary.checks import card_allows, creature_named, named_once, not_in_castle
from companion.games.bestiary.state import Ability, Creature
from companion.games.four_path import arithmetic as ar
from companion.games.four_path.state import Barrier, FourPathState
from companion.rules import effects as fx
from companion.rules.base import (
    Action,
    IllegalAction,
    as_int,
    as_list,
    check_fields,
    pick,
    require,
)

# Support abilities with rules of their own, by the ability's id (roster.yaml).
VAMPIRISM = "vampirism"
RECONSTRUCTION = "reconstruction"
RESURRECTION = "resurrection"
THREADS_OF_LIFE = "threads_of_life"
# Cerberus's «Стремительность» moves like a maneuver and counts as one (M L304, L359).
SWIFTNESS = "swiftness"


def fixed_prep(ability: Ability, action: Action, prep: int) -> int:
    """The preparation time the rules fix here (``prep`` given otherwise is refused)."""
    given = action.get("prep")
    if given is not None and given != prep:
        raise IllegalAction(f"{ability.name}'s preparation is {prep} here, not {given}")
    return prep


def effect_marks(
    state: FourPathState, seat: int, user: Creature, ability: Ability, action: Action
) -> tuple[fx.Effect, ...]:
    """Lasting effects: ``effects: [{effect, target}]`` and the card's own on ``target(s)``
    (on its owner when the card's target is self), each obeying the card's target, its
    sign (L311: positive on allies, negative on enemies), own-castle immunity and
    Resistance (L351-353)."""
    pairs: list[tuple[str, Creature]] = []
    for index, item in enumerate(as_list(action.get("effects"), "effects"), 1):
        if not isinstance(item, Mapping):
            raise IllegalAction(f"effects[{index}]: a mapping with effect and target")
        check_fields(f"effects[{index}]", item, ("effect", "target"))
        kind = pick(ar.EFFECTS, require(item, "effect"), "effect")
        if kind in ar.ON_HEX:
            raise IllegalAction("a Barrier goes on a hex (L317): give hex: its label")
        pairs.append((kind, creature_named(state, require(item, "target"), "target")))
    own_kinds = tuple(k for k in ability.effects if k not in ar.ON_HEX)
    named: list[Creature] = []
    if ability.id not in (VAMPIRISM, RESURRECTION):
        refs = as_list(action.get("targets"), "targets") + as_list(action.get("target"), "target")
        named = [creature_named(state, ref, "target") for ref in refs]
        named_once(named, f"{ability.name} affects")
        if named and not own_kinds:
            # A move or another ability without a marker (Faces of death, Tension
            # mechanism) may name whom it reaches: checked as any ability is (the card's
            # target, own-castle immunity, Resistance, L351-353), and nothing is marked.
            for target in named:
                reaches(state, seat, user, ability, target)
        if not named and ability.target == "self" and own_kinds:
            named = [user]
    else:
        named = [creature_named(state, action.get("target"), "target")] if own_kinds else []
    pairs.extend((kind, target) for target in named for kind in own_kinds)
    seen: set[tuple[str, str]] = set()
    for kind, target in pairs:
        if (kind, target.id) in seen:
            raise IllegalAction(f"{fx.label(kind)} on {target.name} is named twice")
        seen.add((kind, target.id))
        own = state.allied(target.owner, seat)
        reaches(state, seat, user, ability, target)
        if kind in ar.POSITIVE and not own:
            raise IllegalAction(
                f"{fx.label(kind)} is a positive effect: it goes only on allies, and "
                f"{target.name} is an enemy"
            )
        if kind in ar.NEGATIVE and own:
            raise IllegalAction(
                f"{fx.label(kind)} is a negative effect: it goes only on enemies, and "
                f"{target.name} is an ally"
            )
    return tuple(fx.Effect(kind, t.id, seat, state.period, ability.id) for kind, t in pairs)


def reaches(
    state: FourPathState, seat: int, user: Creature, ability: Ability, target: Creature
) -> None:
    """May ``ability`` reach ``target``: Resistance (L351-353), the card's target and
    own-castle immunity (B L383)."""
    if ar.resists(state.effects, target.id, by_enemy=not state.allied(target.owner, seat)):
        raise IllegalAction(
            f"{target.name} is under Resistance: no enemy support ability may target it, "
            "move it or cleanse it (L351-353)"
        )
    card_allows(state, seat, user, ability, target)
    not_in_castle(state, seat, target)


def barrier_placed(
    state: FourPathState, seat: int, ability: Ability, action: Action
) -> tuple[Barrier, ...]:
    """«Преграда» on a free hex (L317), its team's until its next preparation (L117)."""
    if ar.BARRIER not in ability.effects:
        if action.get("hex") is not None:
            raise IllegalAction(f"{ability.name} puts nothing on a hex")
        return ()
    return (Barrier(hex_label(action.get("hex")), state.side_of(seat), seat, state.period),)


def hex_label(given: object) -> str:
    """A hex as a label: as written ("C3"), or from the buttons' column and row
    (``{column: C, row: 3}``); "a hex" when none is said."""
    if isinstance(given, Mapping):
        check_fields("hex", given, ("column", "row"))
        column = str(require(given, "column", "the hex's column letter"))
        row = as_int(require(given, "row", "the hex's row number"), "hex.row", 1, 99)
        if len(column) != 1 or not column.isalpha():
            raise IllegalAction(f"'hex.column': one letter, not {column!r}")
        return f"{column.upper()}{row}"
    return str(given or "a hex")
