"""Actions of the "Two Castles" duel: ``step(state, action) -> state``.

Each handler cites the rulebook section it implements (Бестиарий Сигиллума, seeds/002;
the fast tempo from Четырехпутье, seeds/001, "Темп игры").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TypeVar

from companion.games.bestiary import roster
from companion.games.bestiary.state import (
    ALLY,
    ANY,
    CASTLES,
    CHOOSE,
    CLASS_PENALTY,
    CLASSES,
    CREATURES_PER_SEAT,
    ENEMY,
    FAST,
    PHASE_ATTACK,
    PHASE_ATTACK_SUPPORT,
    PHASE_PREPARATION,
    PHASE_SIEGE,
    PHASE_SUPPORT,
    PHASE_TURN_DISC,
    RESPAWN_DAMAGE,
    SELF,
    SLOW,
    STAGE_CASTLE,
    STAGE_OVER,
    STAGE_PLAY,
    STAGE_SUMMON,
    STAGE_TEMPO,
    TARGETS,
    TEMPOS,
    TOWERS,
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
    check_fields,
    did_you_mean,
    emit,
    handler_for,
    pick,
    require,
    require_phase,
    seat_of,
)

Handler = Callable[[State, Action], State]
# A variant's state (Four-path's subclass): the shared helpers give back the type they got.
S = TypeVar("S", bound=State)


# --- small state helpers ---------------------------------------------------------------


def _add_damage(state: S, side: int, amount: int, cause: str) -> S:
    """Move a side's castle marker (the duel: a seat's); the other side wins the moment it
    reaches the last division."""
    if amount <= 0 or state.winner is not None:
        return state
    damage = list(state.castle_damage)
    damage[side - 1] = min(state.setup.scale_length, damage[side - 1] + amount)
    return _damage_moved(state, side, tuple(damage), amount, cause)


def _damage_moved(state: S, side: int, damage: tuple[int, ...], amount: int, cause: str) -> S:
    """The side's marker now at ``damage[side - 1]``: logged, said, and the game won if it
    reached the last division (``amount`` < 0: repaired)."""
    state = state.evolve(
        castle_damage=damage,
        damage_log=(*state.damage_log, (state.period, damage[0], damage[1])),
    )
    who: dict[str, object] = {"side": side} if state.TEAMS else {"seat": side}
    state = emit(
        state,
        {
            "event": "castle_damaged" if amount > 0 else "castle_repaired",
            **who,
            "amount": abs(amount),
            "cause": cause,
            "castle_damage": damage[side - 1],
            "scale_length": state.setup.scale_length,
        },
    )
    if damage[side - 1] >= state.setup.scale_length:
        winner = state.enemy_side(side)
        state = state.evolve(winner=winner, stage=STAGE_OVER, phase="")
        won: dict[str, object] = {"side": winner} if state.TEAMS else {"seat": winner}
        state = emit(state, {"event": "game_won", **won, "by": cause})
    return state


def _replace_creature(state: S, creature: Creature) -> S:
    return state.evolve(
        creatures=tuple(creature if c.id == creature.id else c for c in state.creatures),
    )


def _acting_seat(state: State, action: Action) -> int:
    """The seat the action is for: the one whose turn it is; a named other seat is refused."""
    seat = seat_of(action, state.seats)
    expected = state.turn
    if seat is not None and seat != expected:
        raise IllegalAction(
            f"it is {state.seats.name(expected)}'s turn (seat {expected}), "
            f"not {state.seats.name(seat)}'s"
        )
    return expected


def _own_creature(state: State, seat: int, ref: object, key: str = "creature") -> Creature:
    creature = _creature(state, ref, key)
    if creature.owner != seat:
        raise IllegalAction(f"{creature.name} is not {state.seats.name(seat)}'s creature")
    return creature


def _creature(state: State, ref: object, key: str) -> Creature:
    if ref is None:
        raise IllegalAction(f"missing field '{key}'")
    text = str(ref).casefold()
    for creature in state.creatures:
        if text in (creature.id.casefold(), creature.name.casefold()):
            return creature
    names = [c.id for c in state.creatures]
    raise IllegalAction(f"no creature '{ref}' in this game{did_you_mean(text, names)}")


def _phase_is(state: State, *phases: str) -> None:
    if state.stage != STAGE_PLAY:
        raise IllegalAction(f"not now: the stage is {state.stage.replace('_', ' ')}")
    require_phase(state.phase, phases)


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


def _not_in_castle(state: State, seat: int, target: Creature) -> None:
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


def _named_once(targets: list[Creature], what: str) -> None:
    """«Единичные умения применяются на одну цель»: each target is named once."""
    seen: set[str] = set()
    for target in targets:
        if target.id in seen:
            raise IllegalAction(f"{target.name} is named twice: {what} each of its targets once")
        seen.add(target.id)


def _card_allows(
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


def _sign_allows(state: State, seat: int, kind: str, target: Creature) -> None:
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
            _card_allows(state, user.owner, user, ability, target)
            for kind in ability.effects:
                _sign_allows(state, user.owner, kind, target)
            _not_in_castle(state, user.owner, target)
        except IllegalAction:
            continue
        result.append(target)
    return tuple(result)


# --- setup stages ----------------------------------------------------------------------


def choose_castle(state: State, action: Action) -> State:
    """Стадия выбора замка: the first player picks a side, the other gets the other."""
    check_fields("choose_castle", action, ("do", "seat", "castle"))
    if state.stage != STAGE_CASTLE:
        raise IllegalAction("the castles are already chosen")
    _acting_seat(state, action)
    castle = pick(CASTLES, require(action, "castle"), "castle")
    other = CASTLES[1 - CASTLES.index(castle)]
    castles = [""] * 2
    castles[state.setup.first - 1] = castle
    castles[state.setup.second - 1] = other
    state = state.evolve(castles=tuple(castles), stage=STAGE_SUMMON, turn=state.setup.first)
    return emit(state, {"event": "castle_chosen", "seat": state.setup.first, "castle": castle})


def _slug(name: str) -> str:
    return re.sub(r"[^0-9a-zа-яё]+", "_", name.casefold()).strip("_") or "creature"


def _summoned_creature(
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
    creature_id = info.id if info else _slug(str(ref))
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
    """Two support abilities: from the action, else the roster, else two unnamed slots."""
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
            problem = card_target_problem(marks, target) if checked else None
            if problem is not None:
                raise IllegalAction(f"{name}: {problem}")
            result.append(Ability(_slug(name), name, prep, marks, target))
        if result[0].id == result[1].id:
            raise IllegalAction(
                f"'abilities': {result[0].name} and {result[1].name} give the same id "
                f"'{result[0].id}': a creature's two abilities need different names"
            )
        return tuple(result)
    known = list(info.abilities[:2]) if info else []
    result = [Ability(a.id, a.name_en, a.prep, a.effects, a.target) for a in known]
    while len(result) < 2:
        slot = len(result) + 1
        result.append(Ability(f"ability_{slot}", f"ability {slot}", None))
    return tuple(result)


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


def summon(state: State, action: Action) -> State:
    """Стадия вызова существ: P1, P2, P1, P2, P1, P2; none shared; then the class penalty."""
    check_fields(
        "summon",
        action,
        ("do", "seat", "creature", "class", "vitality", "attack_strength", "abilities"),
    )
    if state.stage != STAGE_SUMMON:
        raise IllegalAction("summoning is over" if state.creatures else "choose castles first")
    seat = _acting_seat(state, action)
    creature = _summoned_creature(state, seat, action)
    state = state.evolve(creatures=(*state.creatures, creature))
    state = emit(state, {"event": "creature_summoned", "seat": seat, "creature": creature.name})
    if len(state.creatures) < 2 * CREATURES_PER_SEAT:
        return state.evolve(turn=state.seats.after(seat))
    return _class_penalty(state)


def _class_penalty(state: State) -> State:
    """Стадия штрафа: two divisions of one's own castle scale per class missing."""
    for seat in (state.setup.first, state.setup.second):
        present = {c.klass for c in state.army(seat)}
        missing = [k for k in CLASSES if k not in present]
        state = emit(state, {"event": "class_penalty", "seat": seat, "missing": missing})
        state = _add_damage(state, seat, CLASS_PENALTY * len(missing), "class_penalty")
    if state.winner is not None:
        return state
    if state.setup.tempo == CHOOSE:
        return state.evolve(stage=STAGE_TEMPO, turn=state.setup.first)
    return state.evolve(stage=STAGE_PLAY, turn=state.setup.first, phase=PHASE_TURN_DISC)


def choose_tempo(state: State, action: Action) -> State:
    """Стадия выбора темпа (Four-path L91): «быстрый темп является приоритетным, а медленный
    используется, только если оба игрока на это согласны». The first seat chooses, then the
    second; a "fast" decides at once, two "slow" make the game slow."""
    check_fields("choose_tempo", action, ("do", "seat", "tempo"))
    if state.stage != STAGE_TEMPO:
        raise IllegalAction(
            "no tempo to choose: the game's tempo is set "
            f"({state.tempo}; setup.tempo 'choose' asks the players after the summoning)"
        )
    seat = _acting_seat(state, action)
    tempo = pick(TEMPOS, require(action, "tempo"), "tempo")
    choices = (*state.tempo_choices, tempo)
    state = state.evolve(tempo_choices=choices)
    state = emit(state, {"event": "tempo_wanted", "seat": seat, "tempo": tempo})
    if tempo == SLOW and len(choices) < 2:
        return state.evolve(turn=state.seats.after(seat))
    state = state.evolve(chosen_tempo=tempo)
    state = emit(state, {"event": "tempo_chosen", "tempo": tempo})
    return state.evolve(stage=STAGE_PLAY, turn=state.setup.first, phase=PHASE_TURN_DISC)


# --- the period ------------------------------------------------------------------------


def turn_disc(state: State, action: Action) -> State:
    """Процесс игры: each period begins with the first player turning the disc one sector."""
    check_fields("turn_disc", action, ("do", "seat"))
    _phase_is(state, PHASE_TURN_DISC)
    _acting_seat(state, action)
    period = state.period + 1
    state = state.evolve(period=period, turn=state.setup.first, phase=PHASE_SIEGE)
    return emit(
        state,
        {
            "event": "disc_turned",
            "period": period,
            "cycle": sigil.cycle_of(period),
            "sector": sigil.sector_of(period),
        },
    )


def siege(state: State, action: Action) -> State:
    """Фаза осады: each tower the player holds deals 1 damage to the enemy castle."""
    check_fields("siege", action, ("do", "seat", "towers"))
    _phase_is(state, PHASE_SIEGE)
    seat = _acting_seat(state, action)
    towers_given = action.get("towers", [])
    if isinstance(towers_given, int) and not isinstance(towers_given, bool):
        raise IllegalAction("'towers': name the towers held, e.g. [plain] or [] for none")
    towers = as_list(towers_given, "towers")
    for tower in towers:
        pick(TOWERS, tower, "towers")
    if len(set(towers)) != len(towers):
        raise IllegalAction("'towers': a tower is named twice")
    state = emit(state, {"event": "siege", "seat": seat, "towers": sorted(towers)})
    state = _add_damage(state, state.opponent, len(towers), "siege")
    if state.winner is not None:
        return state
    if state.tempo == FAST:
        return _preparation(state)
    return state.evolve(phase=PHASE_ATTACK)


def _preparation(state: State) -> State:
    """Фаза подготовки: the tokens under the sun mark come back to the cards; the effects
    this player's creatures applied last period come off."""
    seat = state.turn
    back, stay = sigil.due(state.tokens, seat, state.period)
    ending = tuple(
        e for e in state.effects if e.applied_by == seat and e.ends_at_period <= state.period
    )
    lasting = tuple(e for e in state.effects if e not in ending)
    state = state.evolve(tokens=stay, effects=lasting, phase=PHASE_PREPARATION)
    names = {c.id: c.name for c in state.creatures}
    state = emit(
        state,
        {
            "event": "preparation",
            "seat": seat,
            "tokens_returned": [
                {"creature": names[t.creature], "ability": _ability_name(state, t)} for t in back
            ],
            "effects_ended": [{"kind": e.kind, "creature": names[e.target]} for e in ending],
        },
    )
    next_phase = PHASE_ATTACK_SUPPORT if state.tempo == FAST else PHASE_SUPPORT
    return state.evolve(phase=next_phase, acted=frozenset())


def _ability_name(state: State, token: sigil.Token) -> str:
    creature = state.creature(token.creature)
    ability = creature.ability(token.ability) if creature else None
    return ability.name if ability else token.ability


def end_phase(state: State, action: Action) -> State:
    """The player is done with the attack, support or combined phase."""
    check_fields("end_phase", action, ("do", "seat"))
    _phase_is(state, PHASE_ATTACK, PHASE_SUPPORT, PHASE_ATTACK_SUPPORT)
    seat = _acting_seat(state, action)
    state = emit(state, {"event": "phase_ended", "seat": seat, "phase": state.phase})
    if state.phase == PHASE_ATTACK:
        return _preparation(state.evolve(acted=frozenset()))
    # The turn passes: the respawned creatures' owner may now move them out of the castle.
    state = state.evolve(acted=frozenset(), respawned=frozenset())
    if seat == state.setup.first:
        return state.evolve(turn=state.setup.second, phase=PHASE_SIEGE)
    return state.evolve(turn=state.setup.first, phase=PHASE_TURN_DISC)


def _may_act(state: State, creature: Creature, what: str) -> None:
    if fx.is_inactive(state.effects, creature.id):
        raise IllegalAction(f"{creature.name} is under Inaction and cannot {what}")


def attack(state: State, action: Action) -> State:
    """Фаза нападения, атака: damage per target = max(0, strength + ups - downs - defense);
    wounds >= vitality destroys the target, which respawns in its castle at once with
    wounds and effects cleared, its castle taking 2 damage; its tokens stay on the sigil."""
    check_fields(
        "attack", action, ("do", "seat", "creature", "target", "targets", "strength", "wounds")
    )
    _phase_is(state, PHASE_ATTACK, PHASE_ATTACK_SUPPORT)
    seat = _acting_seat(state, action)
    attacker = _own_creature(state, seat, action.get("creature"))
    _may_act(state, attacker, "attack")
    if attacker.id in state.acted:
        raise IllegalAction(f"{attacker.name} has already attacked or maneuvered this turn")
    refs = as_list(action.get("targets"), "targets") + as_list(action.get("target"), "target")
    if not refs:
        raise IllegalAction("missing field 'target': the creature attacked")
    targets = [_creature(state, ref, "target") for ref in refs]
    _named_once(targets, "an attack hits")
    for target in targets:
        if state.allied(target.owner, seat):
            raise IllegalAction(f"{target.name} is your own creature: allies cannot be attacked")
        _not_in_castle(state, seat, target)
    raw_wounds = action.get("wounds")
    strength = action.get("strength", attacker.attack_strength)
    if raw_wounds is not None and action.get("strength") is not None:
        raise IllegalAction("give either 'strength' (effects apply) or 'wounds' (as is), not both")
    if raw_wounds is None and strength is None:
        raise IllegalAction(f"{attacker.name}'s attack strength varies: add strength: N")
    state = state.evolve(acted=state.acted | {attacker.id})
    for target in targets:
        if raw_wounds is not None:
            wounds = as_int(raw_wounds, "wounds", 0, 99)
        else:
            wounds = fx.damage(
                state.effects, attacker.id, as_int(strength, "strength", 0, 99), target.id
            )
        state = _wound(state, attacker, target.id, wounds)
        if state.winner is not None:
            break
    return state


def _wound(state: S, attacker: Creature, target_id: str, wounds: int) -> S:
    target = state.creature(target_id)
    assert target is not None
    total = target.wounds + wounds
    state = emit(
        state,
        {
            "event": "attacked",
            "creature": attacker.name,
            "target": target.name,
            "wounds": wounds,
            "total_wounds": min(total, target.vitality),
            "vitality": target.vitality,
        },
    )
    if total < target.vitality:
        return _replace_creature(state, replace(target, wounds=total))
    respawned = replace(target, wounds=0, respawns=target.respawns + 1)
    state = _replace_creature(state, respawned)
    state = state.evolve(
        effects=tuple(e for e in state.effects if e.target != target.id),
        respawned=state.respawned | {target.id},
    )
    state = emit(
        state, {"event": "creature_destroyed", "creature": target.name, "seat": target.owner}
    )
    return _add_damage(state, state.side_of(target.owner), RESPAWN_DAMAGE, "respawn")


def maneuver(state: State, action: Action) -> State:
    """Фаза нападения, маневр: instead of attacking, a creature moves one hex."""
    check_fields("maneuver", action, ("do", "seat", "creature"))
    _phase_is(state, PHASE_ATTACK, PHASE_ATTACK_SUPPORT)
    seat = _acting_seat(state, action)
    creature = _own_creature(state, seat, action.get("creature"))
    _may_act(state, creature, "maneuver")
    if creature.id in state.acted:
        raise IllegalAction(f"{creature.name} has already attacked or maneuvered this turn")
    state = state.evolve(acted=state.acted | {creature.id})
    return emit(state, {"event": "maneuvered", "creature": creature.name})


def support(state: State, action: Action) -> State:
    """Фаза поддержки: a ready ability of a creature not under Inaction; its lasting effects
    go on their targets; its token goes ``prep`` sectors ahead of the sun mark."""
    check_fields(
        "support",
        action,
        ("do", "seat", "creature", "ability", "prep", "target", "targets", "effects"),
    )
    _phase_is(state, PHASE_SUPPORT, PHASE_ATTACK_SUPPORT)
    seat = _acting_seat(state, action)
    creature = _own_creature(state, seat, action.get("creature"))
    _may_act(state, creature, "use abilities")
    ability = ready_ability(state, creature, action)
    prep = _prep(ability, action.get("prep"))
    marks = _effects(state, seat, creature, ability, action)
    tokens, placed = sigil.place(
        state.tokens,
        owner=seat,
        creature=creature.id,
        ability=ability.id,
        period=state.period,
        prep=prep,
    )
    state = state.evolve(tokens=tokens, effects=(*state.effects, *marks))
    by_id = {c.id: c.name for c in state.creatures}
    return emit(
        state,
        {
            "event": "ability_used",
            "seat": seat,
            "creature": creature.name,
            "ability": ability.name,
            "prep": placed.prep,
            "returns_at_period": placed.returns_at_period,
            "sector": placed.sector,
            "effects": [{"kind": m.kind, "creature": by_id[m.target]} for m in marks],
        },
    )


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


def _prep(ability: Ability, given: object) -> int:
    fixed = ability.fixed_prep
    if fixed is not None:
        if given is not None and given != fixed:
            raise IllegalAction(f"{ability.name} has a fixed preparation time of {fixed}")
        return fixed
    if given is None:
        raise IllegalAction(f"{ability.name}'s preparation time is X: add prep: N")
    return sigil.clamp_prep(as_int(given, "prep"))


def _effects(
    state: State, seat: int, user: Creature, ability: Ability, action: Action
) -> tuple[fx.Effect, ...]:
    """Lasting effects from ``effects: [{effect, target}]`` and from the ability's own kinds
    applied to ``target``/``targets`` (to its owner, unnamed, when the card's target is
    ``self``). Every effect obeys the card's target, its sign and own-castle immunity."""
    pairs: list[tuple[str, Creature]] = []
    for index, item in enumerate(as_list(action.get("effects"), "effects"), 1):
        if not isinstance(item, Mapping):
            raise IllegalAction(f"effects[{index}]: a mapping with effect and target")
        check_fields(f"effects[{index}]", item, ("effect", "target"))
        kind = pick(fx.BASE_EFFECTS, require(item, "effect"), "effect")
        pairs.append((kind, _creature(state, require(item, "target"), "target")))
    refs = as_list(action.get("targets"), "targets") + as_list(action.get("target"), "target")
    named = [_creature(state, ref, "target") for ref in refs]
    _named_once(named, f"{ability.name} affects")
    if named and not ability.effects:
        raise IllegalAction(
            f"the rulebooks give no lasting effect for {ability.name}: "
            "name it with effects: [{effect: ..., target: ...}]"
        )
    if not named and ability.target == SELF:
        named = [user]  # the sigil marks its owner: the card's effects go on it, unasked
    # An effect the player names in effects: is named once, and not on top of the card's.
    from_card = [(kind, target) for target in named for kind in ability.effects]
    seen = {(kind, target.id) for kind, target in from_card}
    for kind, target in pairs:
        if (kind, target.id) in seen:
            raise IllegalAction(
                f"{fx.label(kind)} on {target.name} is named twice: "
                f"{ability.name} puts it there once"
            )
        seen.add((kind, target.id))
    pairs.extend(from_card)
    for kind, target in pairs:
        _card_allows(state, seat, user, ability, target)
        _sign_allows(state, seat, kind, target)
        _not_in_castle(state, seat, target)
    return tuple(fx.Effect(kind, t.id, seat, state.period, ability.id) for kind, t in pairs)


HANDLERS: dict[str, Handler] = {
    "choose_castle": choose_castle,
    "summon": summon,
    "choose_tempo": choose_tempo,
    "turn_disc": turn_disc,
    "siege": siege,
    "attack": attack,
    "maneuver": maneuver,
    "support": support,
    "end_phase": end_phase,
}


def step(state: State, action: Action) -> State:
    handler = handler_for(HANDLERS, action)
    if state.stage == STAGE_OVER:
        raise IllegalAction(f"the game is over: {state.seats.name(state.winner or 1)} won")
    return handler(state.evolve(events=()), action)
