"""Four-path's attacks and maneuvers: whom an attack hits and the wounds it deals, with
the expansion's computed attacks (L215-L247); when a creature may maneuver (L135, L365,
L369). Line numbers are of the Four-path rulebook (seeds/001),
``B L…`` of the base one.
"""

from __future__ import annotations

from companion.games.bestiary.checks import (
    attack_refs,
    creature_named,
    in_own_castle,
    named_once,
    not_in_castle,
)
from companion.games.bestiary.state import Creature
from companion.games.four_path import arithmetic as ar
from companion.games.four_path.state import FourPathState
from companion.rules import effects as fx
from companion.rules.base import Action, IllegalAction, as_int

# Attacks whose strength or targets the rules compute, by the creature that makes them
# (L219, L227, L235, L247); the Siege tower volley (L215) is asked for by ``volley: true``.
SHARP_HAMMER = "malleus"
BLOODTHIRST = "mortum"
POISON_ATTACK = "toxicum"
BURNING_ARMOUR = "ignifer"
RETRIBUTION = "fidea"  # Fidea's «Возмездие»: only enemies under a negative effect (L239)


def attack_targets(
    state: FourPathState, seat: int, attacker: Creature, action: Action
) -> list[Creature]:
    """The creatures attacked: those named (every poisoned enemy for Poison's attack when
    none is), enemies each once, none in its own castle, Retribution's under a negative
    effect."""
    refs = attack_refs(action)
    if not refs and attacker.id == POISON_ATTACK:
        # «Действует глобально. Атакует каждого отравленного врага» (L235).
        refs = [
            c.id
            for c in state.creatures
            if not state.allied(c.owner, seat)
            and fx.count(state.effects, c.id, ar.POISON) > 0
            and in_own_castle(state, c) is None
        ]
        if not refs:
            raise IllegalAction("Poison (L235): no enemy is poisoned, so nothing is attacked")
    if not refs:
        raise IllegalAction("missing field 'target': the creature attacked")
    targets = [creature_named(state, ref, "target") for ref in refs]
    named_once(targets, "an attack hits")
    for target in targets:
        if state.allied(target.owner, seat):
            raise IllegalAction(f"{target.name} is an ally: allies cannot be attacked")
        not_in_castle(state, seat, target)
        if attacker.id == RETRIBUTION and not ar.retribution_targets(state.effects, [target.id]):
            raise IllegalAction(
                f"Retribution hits only enemies under a negative effect (L239): {target.name} "
                "has none"
            )
    return targets


def wounds(
    state: FourPathState, attacker: Creature, targets: list[Creature], action: Action
) -> list[int]:
    """The damage to each target: as given (``wounds``), or by the attack's rule."""
    marks = state.effects
    raw_wounds = action.get("wounds")
    if raw_wounds is not None:
        if action.get("strength") is not None:
            raise IllegalAction("give either 'strength' (effects apply) or 'wounds', not both")
        return [as_int(raw_wounds, "wounds", 0, 99)] * len(targets)
    if attacker.id == POISON_ATTACK:
        damage = ar.toxicum_damage(marks, attacker.id, [t.id for t in targets])
        for target in targets:
            if target.id not in damage:
                raise IllegalAction(
                    f"Poison (L235) attacks only poisoned enemies: {target.name} has no Poison"
                )
        return [damage[t.id] for t in targets]
    if attacker.id == BURNING_ARMOUR:
        for target in targets:
            if not ar.burning_armour_allowed(marks, target.id):
                raise IllegalAction(
                    "Burning armour: «Применяется только на цель, которая находится под "
                    f"действием хотя бы одного эффекта «Усиление защиты»» (L247); {target.name} "
                    "has none"
                )
        return [ar.burning_armour_damage(marks, attacker.id, t.id) for t in targets]
    base = strength(state, attacker, action)
    if attacker.id == SHARP_HAMMER:
        return [ar.sharp_hammer_damage(marks, attacker.id, base, t.id) for t in targets]
    if attacker.id == BLOODTHIRST:
        return [ar.bloodthirst_damage(marks, attacker.id, base, t) for t in targets]
    return [fx.damage(marks, attacker.id, base, t.id) for t in targets]


def strength(state: FourPathState, attacker: Creature, action: Action) -> int:
    """The attack's strength: the Siege tower volley's by the towers held (L215), or the
    ``strength`` given, or the card's."""
    if action.get("volley"):
        if action.get("strength") is not None:
            raise IllegalAction(
                "give either 'volley: true' (the towers held say the strength, L215) or "
                "'strength', not both"
            )
        # «при контроле одной башни сила атаки равна нолю, при контроле двух – единице» (L215)
        held = sum(1 for h in state.holders if h == state.side_of(attacker.owner))
        return ar.siege_volley_strength(held)
    given = action.get("strength", attacker.attack_strength)
    if given is None:
        raise IllegalAction(f"{attacker.name}'s attack strength varies: add strength: N")
    return as_int(given, "strength", 0, 99)


def may_maneuver(state: FourPathState, creature: Creature, what: str = "maneuver") -> None:
    """A maneuver instead of the attack (L135), both under Haste (L365), none when Slow
    outweighs Haste (L369)."""
    moves = ar.moves_allowed(state.effects, creature.id)
    if moves == ar.ATTACK_ONLY:
        raise IllegalAction(
            f"{creature.name} is under more Slow than Haste: it may only attack, not {what} (L369)"
        )
    if creature.id in state.maneuvered:
        raise IllegalAction(f"{creature.name} has already maneuvered this turn")
    if creature.id in state.acted and moves != ar.ATTACK_AND_MANEUVER:
        raise IllegalAction(
            f"{creature.name} has attacked this turn: an attack or a maneuver (L135), both "
            "only under Haste (L365)"
        )
