"""What the Bestiary's rules check before an action changes anything: which creature a
reference names, whose it is, whom an attack or an ability may target.

Public API for the Bestiary's variants (Four-path): each function reads the state and
either returns what it found or raises :class:`IllegalAction` saying why, and never
changes anything. The state's sides (:meth:`State.allied`) make each check right for a
duel and for teams alike.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.bestiary.state import (
    ALLY,
    ANY,
    ENEMY,
    SELF,
    STAGE_PLAY,
    Ability,
    Creature,
    State,
)
from companion.rules import effects as fx
from companion.rules import sigil
from companion.rules.base import (
    Action,
    IllegalAction,
    as_int,
    as_list,
    did_you_mean,
    require,
)

# --- which creature, which ability -------------------------------------------------------


def creature_named(state: State, ref: object, key: str) -> Creature:
    """The creature ``ref`` names (its id or its name, any case); ``key`` is the action's
    field that named it, for the refusal."""
    if ref is None:
        raise IllegalAction(f"missing field '{key}'")
    text = str(ref).casefold()
    for creature in state.creatures:
        if text in (creature.id.casefold(), creature.name.casefold()):
            return creature
    names = [c.id for c in state.creatures]
    raise IllegalAction(f"no creature '{ref}' in this game{did_you_mean(text, names)}")


def own_creature(state: State, seat: int, ref: object, key: str = "creature") -> Creature:
    """The creature ``ref`` names, refused unless it is ``seat``'s own: a player controls
    only his own creatures."""
    creature = creature_named(state, ref, key)
    if creature.owner != seat:
        raise IllegalAction(f"{creature.name} is not {state.seats.name(seat)}'s creature")
    return creature


def attack_refs(action: Action) -> list[object]:
    """The creatures an attack names: ``targets`` (a list; the buttons' entry may give it
    as a mapping of slot to creature, its values in order), then ``target``."""
    given = action.get("targets")
    if isinstance(given, Mapping):
        given = [given[slot] for slot in sorted(given, key=str)]
    return as_list(given, "targets") + as_list(action.get("target"), "target")


def named_once(targets: list[Creature], what: str) -> None:
    """«Единичные умения применяются на одну цель»: each target is named once."""
    seen: set[str] = set()
    for target in targets:
        if target.id in seen:
            raise IllegalAction(f"{target.name} is named twice: {what} each of its targets once")
        seen.add(target.id)


def may_act(state: State, creature: Creature, what: str) -> None:
    """A creature under Inaction neither attacks, maneuvers nor uses abilities."""
    if fx.is_inactive(state.effects, creature.id):
        raise IllegalAction(f"{creature.name} is under Inaction and cannot {what}")


def ready_ability(state: State, creature: Creature, action: Action) -> Ability:
    """The ability ``action`` names (by id, name or slot), ready: its token on the card."""
    ref = require(action, "ability", "which of the two support abilities")
    ability = creature.ability(ref)
    if ability is None:
        names = [a.id for a in creature.abilities]
        raise IllegalAction(
            f"{creature.name} has no ability '{ref}' (its abilities: {', '.join(names)})"
        )
    token = sigil.on_sigil(state.tokens, creature.id, ability.id)
    if token is not None:
        raise IllegalAction(
            f"{ability.name} is preparing: its token returns in period {token.returns_at_period}"
        )
    return ability


def prep_time(ability: Ability, given: object) -> int:
    """The sectors ``ability``'s token goes ahead: the card's fixed time (a different one
    given is refused), or the ``prep`` given for an X."""
    fixed = ability.fixed_prep
    if fixed is not None:
        if given is not None and given != fixed:
            raise IllegalAction(f"{ability.name} has a fixed preparation time of {fixed}")
        return fixed
    if given is None:
        raise IllegalAction(f"{ability.name}'s preparation time is X: add prep: N")
    return sigil.clamp_prep(as_int(given, "prep"))


def ability_name(state: State, token: sigil.Token) -> str:
    """The name of the ability a token on the sigil belongs to (its id if unknown)."""
    creature = state.creature(token.creature)
    ability = creature.ability(token.ability) if creature else None
    return ability.name if ability else token.ability


# --- whom an attack or an ability may target ------------------------------------------


def in_own_castle(state: State, creature: Creature) -> str | None:
    """Why ``creature`` certainly stands in its own castle now, or None.

    The companion sees no positions; two cases are certain (Особенности гексов замков:
    creatures start in their castle and respawn there): a creature respawned during this
    seat's turn (only its owner can move it out, in their turn), and every creature of the
    second seat while the first seat plays its first period (nothing has left its castle)."""
    if not state.setup.checked:
        return None
    if creature.id in state.respawned:
        return "it respawned there this turn"
    if (
        state.stage == STAGE_PLAY
        and state.period == 1
        and state.allied(state.turn, state.setup.first)
        and not state.allied(creature.owner, state.turn)
    ):
        return "no creature has left its castle in the first player's first period"
    return None


def not_in_castle(state: State, seat: int, target: Creature) -> None:
    """«Существа в своем замке не могут быть целью ни атакующих, ни поддерживающих
    способностей противника»."""
    if state.allied(target.owner, seat):
        return
    why = in_own_castle(state, target)
    if why is not None:
        raise IllegalAction(
            f"{target.name} stands in its own castle ({why}): a creature in its castle "
            "cannot be the target of the enemy's attacks or support abilities"
        )


def card_allows(
    state: State, seat: int, user: Creature, ability: Ability, target: Creature
) -> None:
    """The card's target: ``self`` (its owner only), ``ally`` (one of the owner's
    creatures, itself included), ``enemy``, or ``any``/unknown."""
    if not state.setup.checked:
        return
    kind = ability.target or ANY
    owner = state.seats.name(seat)
    if kind == SELF and target.id != user.id:
        raise IllegalAction(
            f"{ability.name} applies only to {user.name} itself (its card's target is self), "
            f"not to {target.name}"
        )
    if kind == ALLY and not state.allied(target.owner, seat):
        raise IllegalAction(
            f"{ability.name} targets only {owner}'s own creatures (its card's target is "
            f"ally): {target.name} is {state.seats.name(target.owner)}'s"
        )
    if kind == ENEMY and state.allied(target.owner, seat):
        raise IllegalAction(
            f"{ability.name} targets only enemy creatures (its card's target is enemy): "
            f"{target.name} is {owner}'s own"
        )


def sign_allows(state: State, seat: int, kind: str, target: Creature) -> None:
    """«Он может как усиливать союзников, так и ослаблять врагов»: positive effects go on
    one's own creatures, negative effects on enemies."""
    own = state.allied(target.owner, seat)
    if fx.fits(kind, own) or not state.setup.checked:
        return
    if own:
        raise IllegalAction(
            f"{fx.label(kind)} is a negative effect: it goes only on enemies, and "
            f"{target.name} is {state.seats.name(seat)}'s own creature"
        )
    raise IllegalAction(
        f"{fx.label(kind)} is a positive effect: it goes only on one's own creatures, and "
        f"{target.name} is {state.seats.name(target.owner)}'s"
    )


def attack_targets(state: State, attacker: Creature) -> tuple[Creature, ...]:
    """The creatures ``attacker`` may attack now: enemies not certainly in their castle."""
    return tuple(
        c
        for c in state.creatures
        if not state.allied(c.owner, attacker.owner) and in_own_castle(state, c) is None
    )


def support_targets(state: State, user: Creature, ability: Ability) -> tuple[Creature, ...]:
    """The creatures that may take all of ``ability``'s own effects now: the card's target,
    each effect's sign, and own-castle immunity allow it."""
    result = []
    for target in state.creatures:
        try:
            card_allows(state, user.owner, user, ability, target)
            for kind in ability.effects:
                sign_allows(state, user.owner, kind, target)
            not_in_castle(state, user.owner, target)
        except IllegalAction:
            continue
        result.append(target)
    return tuple(result)
