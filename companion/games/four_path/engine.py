"""Actions of Four-path: ``step(state, action) -> state`` (RULES-EXPANSIONS.md §1).

The Bestiary's rules object with a hook table: the handlers below replace or wrap the
duel's (``companion/games/bestiary/engine.py``), which already read sides through the
state (:meth:`State.side_of`): a castle scale, a sigil half and the win per team, allies
never attacked, ally cards reaching the partner's creatures. Line numbers are of the
Four-path rulebook (seeds/001), ``B L…`` of the base one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from companion.games.bestiary import engine as duel
from companion.games.bestiary import roster
from companion.games.bestiary.state import (
    PHASE_ATTACK_SUPPORT,
    PHASE_PREPARATION,
    PHASE_SIEGE,
    PHASE_TURN_DISC,
    STAGE_OVER,
    STAGE_PLAY,
    Ability,
    Creature,
)
from companion.games.four_path import arithmetic as ar
from companion.games.four_path import draft as drafting
from companion.games.four_path import turns as periods
from companion.games.four_path.setup import CASTLES, MAX_IN_CASTLE, parse_setup
from companion.games.four_path.state import (
    FIELD,
    STAGE_DRAFT,
    STAGE_RESPAWN,
    TOWERS,
    Barrier,
    FourPathState,
    base_setup,
)
from companion.rules import effects as fx
from companion.rules import sigil
from companion.rules.base import (
    Action,
    IllegalAction,
    as_int,
    as_list,
    check_fields,
    emit,
    handler_for,
    pick,
    require,
    seat_of,
)

Handler = Callable[[FourPathState, Action], FourPathState]

# Attacks whose strength or targets the rules compute, by the creature that makes them
# (L219, L227, L235, L247); the Siege tower volley (L215) is asked for by ``volley: true``.
SHARP_HAMMER = "malleus"
BLOODTHIRST = "mortum"
POISON_ATTACK = "toxicum"
BURNING_ARMOUR = "ignifer"
# Support abilities with rules of their own, by the ability's id (roster.yaml).
VAMPIRISM = "vampirism"
RECONSTRUCTION = "reconstruction"
RESURRECTION = "resurrection"
THREADS_OF_LIFE = "threads_of_life"
# Cerberus's «Стремительность» moves like a maneuver and counts as one (M L304, L359).
SWIFTNESS = "swiftness"
RETRIBUTION = "fidea"  # Fidea's «Возмездие»: only enemies under a negative effect (L239)


def start(setup: Mapping[str, object] | None) -> FourPathState:
    fp = parse_setup(setup)
    draft = drafting.start(fp)
    first = draft.next_pick
    assert first is not None
    return FourPathState(
        setup=base_setup(fp), fp=fp, draft=draft, stage=STAGE_DRAFT, turn=first.seat
    )


# --- who acts -------------------------------------------------------------------------------


def _named_seat(state: FourPathState, action: Action) -> int | None:
    return seat_of(action, state.seats)


def _one_of(state: FourPathState, action: Action, allowed: tuple[int, ...], what: str) -> int:
    """The seat acting: the named one if it may, else the first allowed."""
    seat = _named_seat(state, action)
    if seat is None:
        return allowed[0]
    if seat not in allowed:
        names = " or ".join(state.seats.name(s) for s in allowed)
        raise IllegalAction(f"not {state.seats.name(seat)}'s {what}: it is {names}'s")
    return seat


def _playing(state: FourPathState, *phases: str) -> periods.Turns:
    if state.stage == STAGE_RESPAWN:
        names = ", ".join(_name(state, c) for c in state.pending)
        raise IllegalAction(f"first say in which castle {names} comes back (L83)")
    if state.stage != STAGE_PLAY or state.turns is None:
        raise IllegalAction(f"not now: the stage is {state.stage.replace('_', ' ')}")
    if state.phase not in phases:
        wanted = " or ".join(p.replace("_", " ") for p in phases)
        raise IllegalAction(f"not now: the phase is {state.phase.replace('_', ' ')}, not {wanted}")
    return state.turns


def _name(state: FourPathState, creature_id: str) -> str:
    creature = state.creature(creature_id)
    return creature.name if creature else creature_id


def _to_act(state: FourPathState, action: Action, kind: str) -> tuple[int, periods.Turns]:
    """The seat whose action it is in the combined phase, checked by turns.py (L141-142)."""
    turns = _playing(state, PHASE_ATTACK_SUPPORT)
    combined = turns.combined
    assert combined is not None
    seat = _named_seat(state, action)
    if seat is None:
        # The player who owns the creature named acts (a player controls only his own
        # creatures, L133); else the ally whose hand it is.
        seat = combined.to_act if combined.to_act is not None else combined.suggested
        owner = _owner_named(state, action)
        if owner is not None and owner in combined.allies:
            seat = owner
    # The check alone: is it this seat's action now (L141-142)?
    if kind == periods.PASS:
        combined.pass_turn(seat)
    else:
        combined.act(seat, kind)
    return seat, turns


def _owner_named(state: FourPathState, action: Action) -> int | None:
    ref = action.get("creature")
    if ref is None:
        return None
    text = str(ref).casefold()
    for creature in state.creatures:
        if text in (creature.id.casefold(), creature.name.casefold()):
            return creature.owner
    return None


def _sync(state: FourPathState, turns: periods.Turns) -> FourPathState:
    """The state at ``turns``: its phase, period and the seat the prompt asks."""
    if turns.phase == PHASE_TURN_DISC:
        period = turns.period - 1
        seat = state.fp.keeper
    else:
        period = turns.period
        combined = turns.combined
        if combined is not None:
            seat = combined.to_act if combined.to_act is not None else combined.suggested
        else:
            seat = periods.suggested_opener(
                state.fp, turns.team, turns.last_openers[turns.team - 1]
            )
    return state.evolve(turns=turns, phase=turns.phase, period=period, turn=seat)


# --- the summoning stage (L73) ---------------------------------------------------------------


def ban(state: FourPathState, action: Action) -> FourPathState:
    """«каждый игрок, начиная с хранителя времени, по очереди … запрещает по одному
    существу» (L73)."""
    check_fields("ban", action, ("do", "seat", "creature"))
    draft = _drafting(state)
    seat = _draft_seat(state, draft, action)
    ref = str(require(action, "creature", "the creature to ban"))
    info = roster.find(ref)
    creature = info.id if info else duel._slug(ref)
    draft = draft.ban(seat, creature, info.name_en if info else ref)
    state = emit(
        state.evolve(draft=draft),
        {"event": "creature_banned", "seat": seat, "creature": info.name_en if info else ref},
    )
    return _next_pick(state, draft)


def summon(state: FourPathState, action: Action) -> FourPathState:
    """«два последовательных круга вызова … в свой замок» (L73), by the base game's rules
    (the card), with no class penalty (L77); the duel: at most two into a castle (L83)."""
    check_fields(
        "summon",
        action,
        ("do", "seat", "creature", "castle", "class", "vitality", "attack_strength", "abilities"),
    )
    draft = _drafting(state)
    seat = _draft_seat(state, draft, action)
    creature = duel._summoned_creature(
        state, seat, action, need_class=False, effect_kinds=ar.EFFECTS
    )
    castle = action.get("castle")
    if castle is None:
        room = draft.occupancy()
        free = [c for c in state.fp.castles_of(seat) if room[c] < MAX_IN_CASTLE]
        castle = free[0] if free else state.fp.castles_of(seat)[0]
    castle = pick(CASTLES, castle, "castle")
    draft = draft.summon(seat, creature.id, castle, creature.name)
    state = state.evolve(draft=draft, creatures=(*state.creatures, creature))
    state = state.with_place(creature.id, castle)
    state = emit(
        state,
        {"event": "creature_summoned", "seat": seat, "creature": creature.name, "castle": castle},
    )
    return _next_pick(state, draft)


def _drafting(state: FourPathState) -> drafting.DraftState:
    if state.stage != STAGE_DRAFT or state.draft is None:
        raise IllegalAction("the summoning stage is over: 4 banned, 8 summoned")
    return state.draft


def _draft_seat(state: FourPathState, draft: drafting.DraftState, action: Action) -> int:
    pick_now = draft.next_pick
    assert pick_now is not None
    seat = _named_seat(state, action)
    return pick_now.seat if seat is None else seat


def _next_pick(state: FourPathState, draft: drafting.DraftState) -> FourPathState:
    following = draft.next_pick
    if following is not None:
        return state.evolve(turn=following.seat)
    # No class penalty (L77): the play begins, the keeper about to turn the disc (L95).
    turns = periods.start(state.fp)
    return _sync(state.evolve(stage=STAGE_PLAY), turns)


# --- the period -----------------------------------------------------------------------------


def turn_disc(state: FourPathState, action: Action) -> FourPathState:
    """«хранитель времени поворачивает диск … по часовой стрелке на один сектор» (L95):
    only the keeper turns it."""
    check_fields("turn_disc", action, ("do", "seat"))
    turns = _playing(state, PHASE_TURN_DISC)
    keeper = state.fp.keeper
    seat = _named_seat(state, action)
    if seat is not None and seat != keeper:
        raise IllegalAction(
            f"only the time keeper, {state.seats.name(keeper)}, turns the disc (L61, L95)"
        )
    state = _sync(state, turns.advance())
    return emit(
        state,
        {
            "event": "disc_turned",
            "period": state.period,
            "cycle": sigil.cycle_of(state.period),
            "sector": sigil.sector_of(state.period),
        },
    )


def area(state: FourPathState, action: Action) -> FourPathState:
    """Who stands in a tower's area (the tower's hex and the four next to it, B L145): the
    players say it, the companion sums the control. ``creatures``: a list of creatures, or
    a mapping of creature to ``in``/``out`` (the buttons' entry)."""
    check_fields("area", action, ("do", "seat", "tower", "creatures"))
    if state.stage != STAGE_PLAY:
        raise IllegalAction(f"not now: the stage is {state.stage.replace('_', ' ')}")
    tower = pick(TOWERS, require(action, "tower", "which tower"), "tower")
    standing = _standing(state, action.get("creatures"), "creatures")
    areas = list(state.areas)
    areas[TOWERS.index(tower)] = standing
    state = state.evolve(areas=tuple(areas))
    sums = control_sums(state, TOWERS.index(tower))
    return emit(
        state,
        {
            "event": "area_set",
            "tower": tower,
            "creatures": [_name(state, c) for c in standing],
            "control": list(sums),
        },
    )


def _standing(state: FourPathState, given: object, key: str) -> tuple[str, ...]:
    if isinstance(given, Mapping):
        refs = [ref for ref, where in given.items() if str(where) == "in"]
        for ref, where in given.items():
            if str(where) not in ("in", "out"):
                raise IllegalAction(f"'{key}.{ref}': in or out, not {where!r}")
    else:
        refs = as_list(given, key)
    creatures = [duel._creature(state, ref, key) for ref in refs]
    duel._named_once(creatures, "an area holds")
    return tuple(c.id for c in creatures)


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


def siege(state: FourPathState, action: Action) -> FourPathState:
    """«Каждая захваченная командой башня наносит одно повреждение любому замку противника»
    (L101), on the enemy team's one scale (L103). ``areas`` may say who stands where first
    (as ``area`` does, per tower); then the team's preparation (L116-117)."""
    check_fields("siege", action, ("do", "seat", "areas"))
    turns = _playing(state, PHASE_SIEGE)
    side = turns.team
    seat = _one_of(state, action, _team_first(state, side), "siege")
    given = action.get("areas")
    if given is not None:
        if not isinstance(given, Mapping):
            raise IllegalAction("'areas': a mapping of tower to the creatures in its area")
        areas = list(state.areas)
        for tower, creatures in given.items():
            name = pick(TOWERS, tower, "areas")
            areas[TOWERS.index(name)] = _standing(state, creatures, f"areas.{name}")
        state = state.evolve(areas=tuple(areas))
    held = holders(state)
    towers = [t for t, holder in zip(TOWERS, held, strict=True) if holder == side]
    state = state.evolve(holders=held)
    state = emit(
        state,
        {
            "event": "siege",
            "seat": seat,
            "side": side,
            "towers": towers,
            "control": [list(control_sums(state, i)) for i in range(len(TOWERS))],
        },
    )
    state = duel._add_damage(state, state.enemy_side(side), ar.siege_damage(len(towers)), "siege")
    if state.winner is not None:
        return state
    return _preparation(_sync(state, turns.advance()))


def _team_first(state: FourPathState, side: int) -> tuple[int, ...]:
    """The team's seats, the one the prompt asks first."""
    turns = state.turns
    lead = state.turn if state.turn and state.side_of(state.turn) == side else None
    seats = state.fp.team_seats(side)
    if lead is None and turns is not None:
        lead = periods.suggested_opener(state.fp, side, turns.last_openers[side - 1])
    return tuple(sorted(seats, key=lambda s: s != lead))


def _preparation(state: FourPathState) -> FourPathState:
    """«Перенесите все фишки способностей из области подготовки … на карточки персонажей
    Вашей команды» (L116); «Уберите все маркеры положительных эффектов с карточек
    персонажей Вашей команды и все маркеры отрицательных эффектов с карточек противников
    … «Преграда» … также уберите» (L117); the marks of who attacked or maneuvered go."""
    turns = state.turns
    assert turns is not None and state.phase == PHASE_PREPARATION
    side = state.side
    back: list[sigil.Token] = []
    stay = state.tokens
    for seat in state.fp.team_seats(side):
        returned, stay = sigil.due(stay, seat, state.period)
        back.extend(returned)
    owner = {c.id: c.owner for c in state.creatures}
    ending = tuple(
        e
        for e in state.effects
        if ar.removed_in_preparation(
            e,
            target_is_own=state.side_of(owner[e.target]) == side,
            placed_by_own=state.side_of(e.applied_by) == side,
        )
    )
    lasting = tuple(e for e in state.effects if e not in ending)
    gone = tuple(b for b in state.barriers if b.side == side)
    state = state.evolve(
        tokens=stay,
        effects=lasting,
        barriers=tuple(b for b in state.barriers if b.side != side),
        acted=frozenset(),
        maneuvered=frozenset(),
    )
    names = {c.id: c.name for c in state.creatures}
    state = emit(
        state,
        {
            "event": "preparation",
            "side": side,
            "tokens_returned": [
                {"creature": names[t.creature], "ability": duel._ability_name(state, t)}
                for t in back
            ],
            "effects_ended": [{"kind": e.kind, "creature": names[e.target]} for e in ending],
            "barriers_removed": [b.hex for b in gone],
        },
    )
    return _combined_opened(_sync(state, turns.advance()))


def _combined_opened(state: FourPathState) -> FourPathState:
    """The duel's player opens at once (L81); a team says who opens (L123)."""
    combined = state.combined
    if combined is not None and combined.opener is not None:
        return emit(state, {"event": "opened", "seat": combined.opener, "side": combined.team})
    return state


def open_turn(state: FourPathState, action: Action) -> FourPathState:
    """«Обсудив с союзником, определите, кто будет ходить первым в этом периоде» (L123):
    either ally (FP-A5)."""
    check_fields("open", action, ("do", "seat"))
    turns = _playing(state, PHASE_ATTACK_SUPPORT)
    seat = _named_seat(state, action)
    combined = turns.combined
    assert combined is not None
    if len(combined.allies) == 1:
        raise IllegalAction(
            "in the duel the player opens at once: he is his own team, with no ally to "
            "alternate with (L81)"
        )
    state = _sync(state, turns.choose_opener(seat if seat is not None else combined.suggested))
    return _combined_opened(state)


def pass_turn(state: FourPathState, action: Action) -> FourPathState:
    """«Объявите пас … Союзник может продолжать … пока тоже не объявит пас. Когда оба игрока
    команды спасовали, ход переходит к другой команде» (L142)."""
    check_fields("pass", action, ("do", "seat"))
    seat, turns = _to_act(state, action, periods.PASS)
    side = turns.team
    after = turns.pass_turn(seat)
    state = emit(state, {"event": "passed", "seat": seat, "side": side})
    if after.combined is None:
        # The team's turn is over: its respawned creatures may now be targeted (B L383).
        state = state.evolve(respawned=frozenset(), acted=frozenset(), maneuvered=frozenset())
        state = emit(state, {"event": "phase_ended", "side": side, "phase": PHASE_ATTACK_SUPPORT})
    return _sync(state, after)


def _acted(state: FourPathState, seat: int, turns: periods.Turns, kind: str) -> FourPathState:
    """One action done: the partner's turn unless he has passed (L141)."""
    if state.winner is not None:
        return state
    return _sync(state, turns.act(seat, kind))


# --- attack and maneuver ----------------------------------------------------------------------


def attack(state: FourPathState, action: Action) -> FourPathState:
    """An attack (B L160-172) with the expansion's computed strengths (L215-L247) and
    Vampirism (L343-345); a creature destroyed respawns, +2 on its team's scale."""
    check_fields(
        "attack",
        action,
        ("do", "seat", "creature", "target", "targets", "strength", "wounds", "volley"),
    )
    seat, turns = _to_act(state, action, periods.ATTACK)
    attacker = duel._own_creature(state, seat, action.get("creature"))
    duel._may_act(state, attacker, "attack")
    moves = ar.moves_allowed(state.effects, attacker.id)
    if attacker.id in state.acted:
        raise IllegalAction(f"{attacker.name} has already attacked this turn")
    if attacker.id in state.maneuvered and moves != ar.ATTACK_AND_MANEUVER:
        raise IllegalAction(
            f"{attacker.name} has maneuvered this turn: an attack or a maneuver (L135), both "
            "only under Haste (L365)"
        )
    targets = _attack_targets(state, seat, attacker, action)
    wounds = _wounds(state, attacker, targets, action)
    heal_from = ar.is_under(state.effects, attacker.id, ar.VAMPIRISM)
    made = [ar.wounds_dealt(w, t.vitality, t.wounds) for t, w in zip(targets, wounds, strict=True)]
    state = state.evolve(acted=state.acted | {attacker.id})
    for target, amount in zip(targets, wounds, strict=True):
        state = duel._wound(state, attacker, target.id, amount)
        if state.winner is not None:
            return state
    if heal_from:
        now = state.creature(attacker.id)
        assert now is not None
        healed = ar.vampirism_heal(now.wounds, made)
        state = emit(
            state,
            {
                "event": "vampirism",
                "creature": attacker.name,
                "wounds_made": sum(made),
                "healed": healed,
            },
        )
        if healed:
            state = duel._replace_creature(state, replace(now, wounds=now.wounds - healed))
    return _respawned_in_castles(_acted(state, seat, turns, periods.ATTACK))


def _attack_targets(
    state: FourPathState, seat: int, attacker: Creature, action: Action
) -> list[Creature]:
    refs = as_list(action.get("targets"), "targets") + as_list(action.get("target"), "target")
    if not refs and attacker.id == POISON_ATTACK:
        # «Действует глобально. Атакует каждого отравленного врага» (L235).
        refs = [
            c.id
            for c in state.creatures
            if not state.allied(c.owner, seat)
            and fx.count(state.effects, c.id, ar.POISON) > 0
            and duel.in_own_castle(state, c) is None
        ]
        if not refs:
            raise IllegalAction("Poison (L235): no enemy is poisoned, so nothing is attacked")
    if not refs:
        raise IllegalAction("missing field 'target': the creature attacked")
    targets = [duel._creature(state, ref, "target") for ref in refs]
    duel._named_once(targets, "an attack hits")
    for target in targets:
        if state.allied(target.owner, seat):
            raise IllegalAction(f"{target.name} is an ally: allies cannot be attacked")
        duel._not_in_castle(state, seat, target)
        if attacker.id == RETRIBUTION and not ar.retribution_targets(state.effects, [target.id]):
            raise IllegalAction(
                f"Retribution hits only enemies under a negative effect (L239): {target.name} "
                "has none"
            )
    return targets


def _wounds(
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
    strength = _strength(state, attacker, action)
    if attacker.id == SHARP_HAMMER:
        return [ar.sharp_hammer_damage(marks, attacker.id, strength, t.id) for t in targets]
    if attacker.id == BLOODTHIRST:
        return [ar.bloodthirst_damage(marks, attacker.id, strength, t) for t in targets]
    return [fx.damage(marks, attacker.id, strength, t.id) for t in targets]


def _strength(state: FourPathState, attacker: Creature, action: Action) -> int:
    if action.get("volley"):
        if action.get("strength") is not None:
            raise IllegalAction(
                "give either 'volley: true' (the towers held say the strength, L215) or "
                "'strength', not both"
            )
        # «при контроле одной башни сила атаки равна нолю, при контроле двух – единице» (L215)
        held = sum(1 for h in state.holders if h == state.side_of(attacker.owner))
        return ar.siege_volley_strength(held)
    strength = action.get("strength", attacker.attack_strength)
    if strength is None:
        raise IllegalAction(f"{attacker.name}'s attack strength varies: add strength: N")
    return as_int(strength, "strength", 0, 99)


def _respawned_in_castles(state: FourPathState) -> FourPathState:
    """Where the creatures this action destroyed come back: the owner's castle (FP-A4); in
    the duel a castle of his holding fewer than two (L83), asked when both do."""
    for event in state.events:
        if event.get("event") != "creature_destroyed":
            continue
        creature = next(c for c in state.creatures if c.name == event["creature"])
        # Back in its castle (B L170), it stands in no tower's area any more.
        state = state.evolve(
            areas=tuple(tuple(c for c in area if c != creature.id) for area in state.areas)
        )
        free = drafting.respawn_castles(
            state.fp, state.occupancy(leaving=creature.id), creature.owner
        )
        if len(free) == 1:
            state = state.with_place(creature.id, free[0])
        else:
            state = state.with_place(creature.id, FIELD)
            state = state.evolve(pending=(*state.pending, creature.id))
    if state.pending and state.winner is None:
        owner = state.creature(state.pending[0])
        assert owner is not None
        state = state.evolve(stage=STAGE_RESPAWN, turn=owner.owner)
    return state


def respawn(state: FourPathState, action: Action) -> FourPathState:
    """The duel: «может возродиться в любом из двух замков, где находится менее двух
    персонажей» (L83): the owner names the castle."""
    check_fields("respawn", action, ("do", "seat", "creature", "castle"))
    if state.stage != STAGE_RESPAWN or not state.pending:
        raise IllegalAction("no destroyed creature waits for its castle")
    creature = state.creature(state.pending[0])
    assert creature is not None
    given = action.get("creature")
    if given is not None and duel._creature(state, given, "creature").id != creature.id:
        raise IllegalAction(f"first {creature.name}'s castle")
    castle = str(require(action, "castle", "the castle it comes back in"))
    drafting.respawn_into(state.fp, state.occupancy(leaving=creature.id), creature.owner, castle)
    state = state.with_place(creature.id, castle)
    state = emit(state, {"event": "respawned_in", "creature": creature.name, "castle": castle})
    pending = state.pending[1:]
    state = state.evolve(pending=pending)
    if pending:
        following = state.creature(pending[0])
        assert following is not None
        return state.evolve(turn=following.owner)
    assert state.turns is not None
    return _sync(state.evolve(stage=STAGE_PLAY), state.turns)


def _may_maneuver(state: FourPathState, creature: Creature, what: str = "maneuver") -> None:
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


def maneuver(state: FourPathState, action: Action) -> FourPathState:
    """«Вместо атакующей способности можно совершить маневр» (L135); both under Haste
    (L365), only the attack when Slow outweighs it (L369). ``to``: a castle of the owner's
    or ``field`` (the default): where it stands after, for the duel's respawn (L83)."""
    check_fields("maneuver", action, ("do", "seat", "creature", "to"))
    seat, turns = _to_act(state, action, periods.MANEUVER)
    creature = duel._own_creature(state, seat, action.get("creature"))
    duel._may_act(state, creature, "maneuver")
    _may_maneuver(state, creature)
    to = str(action.get("to") or FIELD)
    if to != FIELD:
        own = state.fp.castles_of(creature.owner)
        if to not in own:
            raise IllegalAction(f"'to': {' or '.join(own)} (its owner's castles) or field")
    state = state.evolve(maneuvered=state.maneuvered | {creature.id})
    state = state.with_place(creature.id, to)
    state = emit(state, {"event": "maneuvered", "creature": creature.name, "to": to})
    return _acted(state, seat, turns, periods.MANEUVER)


# --- support abilities ------------------------------------------------------------------------


def support(state: FourPathState, action: Action) -> FourPathState:
    """A ready support ability (L121, L133): its token on the team's half of the sigil
    (L139), its effects on its targets, and the expansion's own rules by ability."""
    check_fields(
        "support",
        action,
        (
            "do",
            "seat",
            "creature",
            "ability",
            "prep",
            "target",
            "targets",
            "effects",
            "hex",
            "on_mountains",
            "from",
            "to",
        ),
    )
    seat, turns = _to_act(state, action, periods.ABILITY)
    creature = duel._own_creature(state, seat, action.get("creature"))
    duel._may_act(state, creature, "use abilities")
    ability = duel.ready_ability(state, creature, action)
    if ability.id == SWIFTNESS:
        _may_maneuver(state, creature, ability.name)
        state = state.evolve(maneuvered=state.maneuvered | {creature.id})
    state, prep, said = _special(state, seat, creature, ability, action)
    marks = _marks(state, seat, creature, ability, action)
    barrier = _barrier(state, seat, ability, action)
    tokens, placed = sigil.place(
        state.tokens,
        owner=seat,
        creature=creature.id,
        ability=ability.id,
        period=state.period,
        prep=prep,
    )
    state = state.evolve(
        tokens=tokens, effects=(*state.effects, *marks), barriers=(*state.barriers, *barrier)
    )
    by_id = {c.id: c.name for c in state.creatures}
    state = emit(
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
            **({"hex": barrier[0].hex} if barrier else {}),
            **said,
        },
    )
    if state.winner is not None:
        return state
    return _acted(state, seat, turns, periods.ABILITY)


def _special(
    state: FourPathState, seat: int, user: Creature, ability: Ability, action: Action
) -> tuple[FourPathState, int, dict[str, object]]:
    """The ability's own rule, if it has one: the state after it, the preparation time and
    what the event says of it."""
    allies = {c.id for c in state.side_army(state.side_of(seat))}
    if ability.id == VAMPIRISM:
        target = duel._creature(state, require(action, "target", "itself or an ally"), "target")
        if target.id not in allies:
            raise IllegalAction(f"Vampirism goes on itself or an ally (L279), not {target.name}")
        return state, _fixed(ability, action, ar.vampirism_prep(target.id == user.id)), {}
    if ability.id == RECONSTRUCTION:
        n = as_int(
            require(action, "on_mountains", "allied creatures on mountain hexes, it included"),
            "on_mountains",
            0,
            8,
        )
        side = state.side_of(seat)
        damage = list(state.castle_damage)
        before = damage[side - 1]
        damage[side - 1] = ar.reconstruct(before)
        if damage[side - 1] != before:
            state = duel._damage_moved(state, side, tuple(damage), -1, "reconstruction")
        said: dict[str, object] = {"on_mountains": n, "castle_damage": damage[side - 1]}
        return state, _fixed(ability, action, ar.reconstruction_prep(n)), said
    if ability.id == RESURRECTION:
        target = duel._creature(state, require(action, "target", "the ally"), "target")
        healed = ar.resurrect(user, target, allies)
        state = duel._replace_creature(state, healed)
        said = {"wounds": healed.wounds}
        return state, duel._prep(ability, action.get("prep")), said
    if ability.id == THREADS_OF_LIFE:
        source = duel._creature(state, require(action, "from", "the ally losing a wound"), "from")
        receiver = duel._creature(state, require(action, "to", "the ally taking it"), "to")
        source, receiver = ar.threads_of_life(source, receiver, allies)
        state = duel._replace_creature(duel._replace_creature(state, source), receiver)
        said = {"from": source.name, "to": receiver.name}
        return state, duel._prep(ability, action.get("prep")), said
    for name in ("on_mountains", "from", "to"):
        if action.get(name) is not None:
            raise IllegalAction(f"'{name}' is not a value {ability.name} takes")
    return state, duel._prep(ability, action.get("prep")), {}


def _fixed(ability: Ability, action: Action, prep: int) -> int:
    given = action.get("prep")
    if given is not None and given != prep:
        raise IllegalAction(f"{ability.name}'s preparation is {prep} here, not {given}")
    return prep


def _marks(
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
        pairs.append((kind, duel._creature(state, require(item, "target"), "target")))
    own_kinds = tuple(k for k in ability.effects if k not in ar.ON_HEX)
    named: list[Creature] = []
    if ability.id not in (VAMPIRISM, RESURRECTION):
        refs = as_list(action.get("targets"), "targets") + as_list(action.get("target"), "target")
        named = [duel._creature(state, ref, "target") for ref in refs]
        duel._named_once(named, f"{ability.name} affects")
        if named and not own_kinds:
            # A move or another ability without a marker (Faces of death, Tension
            # mechanism) may name whom it reaches: checked as any ability is (the card's
            # target, own-castle immunity, Resistance, L351-353), and nothing is marked.
            for target in named:
                _reaches(state, seat, user, ability, target)
        if not named and ability.target == "self" and own_kinds:
            named = [user]
    else:
        named = [duel._creature(state, action.get("target"), "target")] if own_kinds else []
    pairs.extend((kind, target) for target in named for kind in own_kinds)
    seen: set[tuple[str, str]] = set()
    for kind, target in pairs:
        if (kind, target.id) in seen:
            raise IllegalAction(f"{fx.label(kind)} on {target.name} is named twice")
        seen.add((kind, target.id))
        own = state.allied(target.owner, seat)
        _reaches(state, seat, user, ability, target)
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


def _reaches(
    state: FourPathState, seat: int, user: Creature, ability: Ability, target: Creature
) -> None:
    """May ``ability`` reach ``target``: Resistance (L351-353), the card's target and
    own-castle immunity (B L383)."""
    if ar.resists(state.effects, target.id, by_enemy=not state.allied(target.owner, seat)):
        raise IllegalAction(
            f"{target.name} is under Resistance: no enemy support ability may target it, "
            "move it or cleanse it (L351-353)"
        )
    duel._card_allows(state, seat, user, ability, target)
    duel._not_in_castle(state, seat, target)


def _barrier(
    state: FourPathState, seat: int, ability: Ability, action: Action
) -> tuple[Barrier, ...]:
    """«Преграда» on a free hex (L317), its team's until its next preparation (L117)."""
    if ar.BARRIER not in ability.effects:
        if action.get("hex") is not None:
            raise IllegalAction(f"{ability.name} puts nothing on a hex")
        return ()
    label = str(action.get("hex") or "a hex")
    return (Barrier(label, state.side_of(seat), seat, state.period),)


HANDLERS: dict[str, Handler] = {
    "ban": ban,
    "summon": summon,
    "turn_disc": turn_disc,
    "siege": siege,
    "area": area,
    "open": open_turn,
    "attack": attack,
    "maneuver": maneuver,
    "support": support,
    "pass": pass_turn,
    "respawn": respawn,
}


def step(state: FourPathState, action: Action) -> FourPathState:
    handler = handler_for(HANDLERS, action)
    if state.stage == STAGE_OVER:
        raise IllegalAction(f"the game is over: team {state.winner} won")
    return handler(state.evolve(events=()), action)
