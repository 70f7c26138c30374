"""A creature as a summon action brings it to the table: the roster's card, completed by
the action (class, vitality, attack strength, the two support abilities).

Public API for the Bestiary's variants: Four-path summons by the same cards, without the
class penalty and with the expansion's effects (``need_class``, ``effect_kinds``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from companion.games.bestiary import roster
from companion.games.bestiary.state import (
    ALLY,
    ANY,
    CLASSES,
    ENEMY,
    SELF,
    TARGETS,
    Ability,
    Creature,
    State,
)
from companion.rules import effects as fx
from companion.rules.base import Action, IllegalAction, as_int, as_list, check_fields, pick, require


def slug(name: str) -> str:
    """The id a creature or an ability not in the roster gets from its name."""
    return re.sub(r"[^0-9a-zа-яё]+", "_", name.casefold()).strip("_") or "creature"


def summoned_creature(
    state: State,
    seat: int,
    action: Action,
    *,
    need_class: bool = True,
    effect_kinds: tuple[str, ...] = fx.BASE_EFFECTS,
) -> Creature:
    """The creature ``action`` summons for ``seat``: the roster's card, completed by the
    action. A variant without the class penalty (Four-path) may leave the class out."""
    ref = require(action, "creature", "the creature to summon")
    info = roster.find(str(ref))
    creature_id = info.id if info else slug(str(ref))
    if state.creature(creature_id):
        raise IllegalAction(f"{info.name_en if info else ref} is already summoned")
    klass = action.get("class") or (info.klass if info else None)
    if klass is None and need_class:
        raise IllegalAction(
            f"the rulebooks do not give {ref}'s class: add class: strength, agility or intellect"
        )
    klass = "" if klass is None else pick(CLASSES, klass, "class")
    vitality = action.get("vitality") or (info.vitality if info else None)
    if vitality is None:
        raise IllegalAction(f"the rulebooks do not give {ref}'s vitality: add vitality: N")
    vitality = as_int(vitality, "vitality", 1, 20)
    strength = action.get("attack_strength", info.attack_strength if info else None)
    if strength is not None:
        strength = as_int(strength, "attack_strength", 0, 20)
    abilities = _abilities(action, info, checked=state.setup.checked, kinds=effect_kinds)
    return Creature(
        id=creature_id,
        name=info.name_en if info else str(ref),
        owner=seat,
        klass=klass,
        vitality=vitality,
        attack_strength=strength,
        abilities=abilities,
    )


def _abilities(
    action: Action,
    info: roster.CreatureInfo | None,
    *,
    checked: bool = True,
    kinds: tuple[str, ...] = fx.BASE_EFFECTS,
) -> tuple[Ability, ...]:
    """Two support abilities: from the action, else the roster, else two unnamed slots
    ("Ability 1", "Ability 2", as the card library names them)."""
    given = action.get("abilities")
    if given is not None:
        items = as_list(given, "abilities")
        if len(items) != 2:
            raise IllegalAction("'abilities': a creature has exactly two support abilities")
        result = []
        for index, given_item in enumerate(items, 1):
            item = {"name": given_item} if isinstance(given_item, str) else given_item
            if not isinstance(item, Mapping) or "name" not in item:
                raise IllegalAction(f"abilities[{index}]: a name, or a mapping with name and prep")
            check_fields(f"abilities[{index}]", item, ("name", "prep", "effects", "target"))
            prep = item.get("prep")
            if prep is not None and prep != "X":
                prep = as_int(prep, f"abilities[{index}].prep", 1, 6)
            marks = tuple(str(k) for k in as_list(item.get("effects"), "effects"))
            for kind in marks:
                pick(kinds, kind, f"abilities[{index}].effects")
            name = str(item["name"])
            target = item.get("target")
            if target is not None:
                target = pick(TARGETS, target, f"abilities[{index}].target")
            target = _chosen_at_use(target)
            problem = card_target_problem(marks, target) if checked else None
            if problem is not None:
                raise IllegalAction(f"{name}: {problem}")
            result.append(Ability(slug(name), name, prep, marks, target))
        if result[0].id == result[1].id:
            raise IllegalAction(
                f"'abilities': {result[0].name} and {result[1].name} give the same id "
                f"'{result[0].id}': a creature's two abilities need different names"
            )
        return tuple(result)
    known = list(info.abilities[:2]) if info else []
    result = [Ability(a.id, a.name_en, a.prep, a.effects, _chosen_at_use(a.target)) for a in known]
    while len(result) < 2:
        slot = len(result) + 1
        result.append(Ability(f"ability_{slot}", f"Ability {slot}", None))
    return tuple(result)


def _chosen_at_use(target: str | None) -> str | None:
    """A card's target as the creature keeps it: ``any`` is no target on the card (the
    player chooses at each use, checks.card_allows), the same as none given, so a card
    written either way makes the same creature."""
    return None if target == ANY else target


def card_target_problem(kinds: tuple[str, ...] | list[str], target: str | None) -> str | None:
    """Why a card's effects could never go on its target (a misrecorded card), or None:
    a negative effect on a ``self`` or ``ally`` card, a positive one on an ``enemy`` card."""
    for kind in kinds:
        if target in (SELF, ALLY) and kind in fx.NEGATIVE:
            return (
                f"{fx.label(kind)} is a negative effect and goes only on enemies, "
                f"but the card's target is {target}"
            )
        if target == ENEMY and kind in fx.POSITIVE:
            return (
                f"{fx.label(kind)} is a positive effect and goes only on one's own creatures, "
                "but the card's target is enemy"
            )
    return None
