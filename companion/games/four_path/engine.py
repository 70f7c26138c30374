"""Four-path's rules object: :class:`FourPathRules`, the Bestiary's rules as a variant
(RULES-EXPANSIONS.md §1), as python-chess's variant boards subclass ``Board``.

:class:`FourPathRules` subclasses :class:`~companion.games.bestiary.engine.BestiaryRules`
and overrides only what the expansion changes: its own ``HANDLERS`` (the draft, the
towers' areas, the team's opener, the pass, the duel's respawn; no castle or tempo
choice, no end of phase), the siege, and the hooks where the base rules differ: who acts
(the keeper turns the disc; the combined phase alternates allies, L141-142), the sides
(a team's one scale, its half of the sigil), the expansion's effects (Barrier, Poison,
Vampirism, Resistance, the computed attacks, the abilities with rules of their own) and
where a destroyed creature comes back. The state's sides (:meth:`FourPathState.side_of`)
make the shared checks right for teams.

Line numbers are of the Four-path rulebook (seeds/001), ``B L…`` of the base one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import ClassVar

from companion.games.bestiary import roster
from companion.games.bestiary.checks import creature_named, prep_time
from companion.games.bestiary.engine import BestiaryRules
from companion.games.bestiary.state import (
    PHASE_ATTACK_SUPPORT,
    PHASE_PREPARATION,
    PHASE_SIEGE,
    PHASE_TURN_DISC,
    STAGE_PLAY,
    Ability,
    Creature,
)
from companion.games.bestiary.summoning import slug, summoned_creature
from companion.games.four_path import abilities as ab
from companion.games.four_path import acting
from companion.games.four_path import arithmetic as ar
from companion.games.four_path import attacks as at
from companion.games.four_path import draft as drafting
from companion.games.four_path import turns as periods
from companion.games.four_path.abilities import (
    RECONSTRUCTION,
    RESURRECTION,
    SWIFTNESS,
    THREADS_OF_LIFE,
    VAMPIRISM,
)
from companion.games.four_path.attacks import (
    BLOODTHIRST,
    BURNING_ARMOUR,
    POISON_ATTACK,
    RETRIBUTION,
    SHARP_HAMMER,
)
from companion.games.four_path.setup import CASTLES, MAX_IN_CASTLE, parse_setup
from companion.games.four_path.state import (
    FIELD,
    STAGE_DRAFT,
    STAGE_RESPAWN,
    TOWERS,
    FourPathState,
    base_setup,
)
from companion.games.four_path.towers import areas_given, control_sums, holders, standing
from companion.games.four_path.types import emit_event
from companion.rules import effects as fx
from companion.rules.base import (
    Action,
    IllegalAction,
    as_int,
    check_fields,
    pick,
    require,
)

# The kind of action turns.py counts in the combined phase, by the action's ``do``.
COMBINED_KINDS: Mapping[str, str] = {
    "attack": periods.ATTACK,
    "maneuver": periods.MANEUVER,
    "support": periods.ABILITY,
}


class FourPathRules(BestiaryRules[FourPathState]):
    """The Bestiary's rules with the expansion's handlers and hooks."""

    HANDLERS: ClassVar[Mapping[str, str]] = {
        "ban": "ban",
        "summon": "summon",
        "turn_disc": "turn_disc",
        "siege": "siege",
        "area": "area",
        "open": "open_turn",
        "attack": "attack",
        "maneuver": "maneuver",
        "support": "support",
        "pass": "pass_turn",
        "respawn": "respawn",
    }
    ATTACK_FIELDS = (*BestiaryRules.ATTACK_FIELDS, "volley")
    MANEUVER_FIELDS = (*BestiaryRules.MANEUVER_FIELDS, "to")
    SUPPORT_FIELDS = (*BestiaryRules.SUPPORT_FIELDS, "hex", "on_mountains", "from", "to")

    def __init__(self) -> None:
        super().__init__(FourPathState)

    def start(self, setup: Mapping[str, object] | None) -> FourPathState:
        """The summoning stage: the keeper bans first (L73)."""
        fp = parse_setup(setup)
        draft = drafting.start(fp)
        first = draft.next_pick
        assert first is not None
        return FourPathState(
            setup=base_setup(fp), fp=fp, draft=draft, stage=STAGE_DRAFT, turn=first.seat
        )

    # --- the sides: two teams, one scale each ----------------------------------------

    def _side_said(self, side: int) -> dict[str, object]:
        return {"side": side}

    def _winner_said(self, state: FourPathState) -> str:
        return f"team {state.winner}"

    # --- who acts ------------------------------------------------------------------

    def _actor(self, state: FourPathState, action: Action, kind: str) -> int:
        """The keeper turns the disc (L61, L95); the combined phase's actions are the
        seat's whose hand it is (L141-142)."""
        if kind == "turn_disc":
            acting.playing(state, PHASE_TURN_DISC)
            keeper = state.fp.keeper
            seat = acting.named_seat(state, action)
            if seat is not None and seat != keeper:
                raise IllegalAction(
                    f"only the time keeper, {state.seats.name(keeper)}, turns the disc (L61, L95)"
                )
            return keeper
        return acting.to_act(state, action, COMBINED_KINDS[kind])

    def _action_done(self, state: FourPathState, seat: int, kind: str) -> FourPathState:
        """One action done: the partner's turn unless he has passed (L141)."""
        if state.winner is not None:
            return state
        assert state.turns is not None
        return acting.synced(state, state.turns.act(seat, COMBINED_KINDS[kind]))

    # --- the summoning stage (L73) ---------------------------------------------------

    def ban(self, state: FourPathState, action: Action) -> FourPathState:
        """«каждый игрок, начиная с хранителя времени, по очереди … запрещает по одному
        существу» (L73)."""
        check_fields("ban", action, ("do", "seat", "creature"))
        draft = _drafting(state)
        seat = _draft_seat(state, draft, action)
        ref = str(require(action, "creature", "the creature to ban"))
        info = roster.find(ref)
        creature = info.id if info else slug(ref)
        draft = draft.ban(seat, creature, info.name_en if info else ref)
        state = emit_event(
            state.evolve(draft=draft),
            {"event": "creature_banned", "seat": seat, "creature": info.name_en if info else ref},
        )
        return _next_pick(state, draft)

    def summon(self, state: FourPathState, action: Action) -> FourPathState:
        """«два последовательных круга вызова … в свой замок» (L73), by the base game's
        rules (the card), with no class penalty (L77); the duel: at most two into a castle
        (L83)."""
        check_fields(
            "summon",
            action,
            (
                "do",
                "seat",
                "creature",
                "castle",
                "class",
                "vitality",
                "attack_strength",
                "abilities",
            ),
        )
        draft = _drafting(state)
        seat = _draft_seat(state, draft, action)
        creature = summoned_creature(state, seat, action, need_class=False, effect_kinds=ar.EFFECTS)
        castle = action.get("castle")
        if castle is None:
            room = draft.occupancy()
            free = [c for c in state.fp.castles_of(seat) if room[c] < MAX_IN_CASTLE]
            castle = free[0] if free else state.fp.castles_of(seat)[0]
        castle = pick(CASTLES, castle, "castle")
        draft = draft.summon(seat, creature.id, castle, creature.name)
        state = state.evolve(draft=draft, creatures=(*state.creatures, creature))
        state = state.with_place(creature.id, castle)
        state = emit_event(
            state,
            {
                "event": "creature_summoned",
                "seat": seat,
                "creature": creature.name,
                "castle": castle,
            },
        )
        return _next_pick(state, draft)

    # --- the period ------------------------------------------------------------------

    def _disc_turned(self, state: FourPathState) -> FourPathState:
        """«хранитель времени поворачивает диск … по часовой стрелке на один сектор» (L95)."""
        assert state.turns is not None
        return acting.synced(state, state.turns.advance())

    def area(self, state: FourPathState, action: Action) -> FourPathState:
        """Who stands in a tower's area (the tower's hex and the four next to it, B L145):
        the players say it, the companion sums the control. ``creatures``: a list of
        creatures, or a mapping of creature to ``in``/``out`` (the buttons' entry)."""
        check_fields("area", action, ("do", "seat", "tower", "creatures"))
        if state.stage != STAGE_PLAY:
            raise IllegalAction(f"not now: the stage is {state.stage.replace('_', ' ')}")
        tower = pick(TOWERS, require(action, "tower", "which tower"), "tower")
        creatures = standing(state, action.get("creatures"), "creatures")
        areas = list(state.areas)
        areas[TOWERS.index(tower)] = creatures
        state = state.evolve(areas=tuple(areas))
        sums = control_sums(state, TOWERS.index(tower))
        return emit_event(
            state,
            {
                "event": "area_set",
                "tower": tower,
                "creatures": [acting.creature_name(state, c) for c in creatures],
                "control": list(sums),
            },
        )

    def siege(self, state: FourPathState, action: Action) -> FourPathState:
        """«Каждая захваченная командой башня наносит одно повреждение любому замку
        противника» (L101), on the enemy team's one scale (L103). ``areas`` may say who
        stands where first (per tower, as ``area`` does, or per creature: the buttons'
        entry, towers.areas_given); then the team's preparation (L116-117)."""
        check_fields("siege", action, ("do", "seat", "areas"))
        turns = acting.playing(state, PHASE_SIEGE)
        side = turns.team
        seat = acting.one_of(state, action, acting.team_first(state, side), "siege")
        given = action.get("areas")
        if given is not None:
            state = state.evolve(areas=areas_given(state, given))
        held = holders(state)
        towers = [t for t, holder in zip(TOWERS, held, strict=True) if holder == side]
        state = state.evolve(holders=held)
        state = emit_event(
            state,
            {
                "event": "siege",
                "seat": seat,
                "side": side,
                "towers": towers,
                "control": [list(control_sums(state, i)) for i in range(len(TOWERS))],
            },
        )
        damage = ar.siege_damage(len(towers))
        state = self._add_damage(state, state.enemy_side(side), damage, "siege")
        if state.winner is not None:
            return state
        return self._preparation(acting.synced(state, turns.advance()))

    # --- the preparation: the team's half of the sigil (L116-117) ---------------------

    def _preparing_side(self, state: FourPathState) -> int:
        assert state.turns is not None and state.phase == PHASE_PREPARATION
        return state.side

    def _side_seats(self, state: FourPathState, side: int) -> tuple[int, ...]:
        """«Перенесите все фишки способностей из области подготовки … на карточки
        персонажей Вашей команды» (L116)."""
        return state.fp.team_seats(side)

    def _ends_in_preparation(self, state: FourPathState, side: int, effect: fx.Effect) -> bool:
        """«Уберите все маркеры положительных эффектов с карточек персонажей Вашей команды
        и все маркеры отрицательных эффектов с карточек противников» (L117)."""
        target = state.creature(effect.target)
        assert target is not None
        return ar.removed_in_preparation(
            effect,
            target_is_own=state.side_of(target.owner) == side,
            placed_by_own=state.side_of(effect.applied_by) == side,
        )

    def _cleared_in_preparation(
        self, state: FourPathState, side: int
    ) -> tuple[FourPathState, dict[str, object]]:
        """«… «Преграда» … также уберите» (L117); the marks of who attacked or maneuvered
        go."""
        gone = tuple(b for b in state.barriers if b.side == side)
        state = state.evolve(
            barriers=tuple(b for b in state.barriers if b.side != side),
            acted=frozenset(),
            maneuvered=frozenset(),
        )
        return state, {"barriers_removed": [b.hex for b in gone]}

    def _prepared(self, state: FourPathState) -> FourPathState:
        assert state.turns is not None
        return _combined_opened(acting.synced(state, state.turns.advance()))

    # --- the combined phase (L123, L141-142) -------------------------------------------

    def open_turn(self, state: FourPathState, action: Action) -> FourPathState:
        """«Обсудив с союзником, определите, кто будет ходить первым в этом периоде» (L123):
        either ally (FP-A5)."""
        check_fields("open", action, ("do", "seat"))
        turns = acting.playing(state, PHASE_ATTACK_SUPPORT)
        seat = acting.named_seat(state, action)
        combined = turns.combined
        assert combined is not None
        if len(combined.allies) == 1:
            raise IllegalAction(
                "in the duel the player opens at once: he is his own team, with no ally to "
                "alternate with (L81)"
            )
        opener = seat if seat is not None else combined.suggested
        return _combined_opened(acting.synced(state, turns.choose_opener(opener)))

    def pass_turn(self, state: FourPathState, action: Action) -> FourPathState:
        """«Объявите пас … Союзник может продолжать … пока тоже не объявит пас. Когда оба
        игрока команды спасовали, ход переходит к другой команде» (L142)."""
        check_fields("pass", action, ("do", "seat"))
        seat = acting.to_act(state, action, periods.PASS)
        turns = state.turns
        assert turns is not None
        side = turns.team
        after = turns.pass_turn(seat)
        state = emit_event(state, {"event": "passed", "seat": seat, "side": side})
        if after.combined is None:
            # The team's turn is over: its respawned creatures may now be targeted (B L383).
            state = state.evolve(respawned=frozenset(), acted=frozenset(), maneuvered=frozenset())
            state = emit_event(
                state, {"event": "phase_ended", "side": side, "phase": PHASE_ATTACK_SUPPORT}
            )
        return acting.synced(state, after)

    # --- the attack and the maneuver (B L160-172, L135, L215-L247, L343-345) -----------

    def _may_attack(self, state: FourPathState, attacker: Creature) -> None:
        """One attack a turn; an attack or a maneuver (L135), both under Haste (L365)."""
        moves = ar.moves_allowed(state.effects, attacker.id)
        if attacker.id in state.acted:
            raise IllegalAction(f"{attacker.name} has already attacked this turn")
        if attacker.id in state.maneuvered and moves != ar.ATTACK_AND_MANEUVER:
            raise IllegalAction(
                f"{attacker.name} has maneuvered this turn: an attack or a maneuver (L135), "
                "both only under Haste (L365)"
            )

    def _attack_targets(
        self, state: FourPathState, seat: int, attacker: Creature, action: Action
    ) -> list[Creature]:
        return at.attack_targets(state, seat, attacker, action)

    def _attack_wounds(
        self, state: FourPathState, attacker: Creature, targets: list[Creature], action: Action
    ) -> list[int]:
        return at.wounds(state, attacker, targets, action)

    def _attacked(
        self,
        state: FourPathState,
        seat: int,
        attacker: Creature,
        targets: list[Creature],
        wounds: list[int],
    ) -> FourPathState:
        """Vampirism heals the attacker by the wounds it made (L343-345)."""
        if ar.is_under(state.effects, attacker.id, ar.VAMPIRISM):
            made = [
                ar.wounds_dealt(w, t.vitality, t.wounds)
                for t, w in zip(targets, wounds, strict=True)
            ]
            now = state.creature(attacker.id)
            assert now is not None
            healed = ar.vampirism_heal(now.wounds, made)
            state = emit_event(
                state,
                {
                    "event": "vampirism",
                    "creature": attacker.name,
                    "wounds_made": sum(made),
                    "healed": healed,
                },
            )
            if healed:
                state = self._replace_creature(state, replace(now, wounds=now.wounds - healed))
        return super()._attacked(state, seat, attacker, targets, wounds)

    def _comes_back(self, state: FourPathState) -> FourPathState:
        """Where the creatures this action destroyed come back: the owner's castle (FP-A4);
        in the duel a castle of his holding fewer than two (L83), asked when both do."""
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

    def respawn(self, state: FourPathState, action: Action) -> FourPathState:
        """The duel: «может возродиться в любом из двух замков, где находится менее двух
        персонажей» (L83): the owner names the castle."""
        check_fields("respawn", action, ("do", "seat", "creature", "castle"))
        if state.stage != STAGE_RESPAWN or not state.pending:
            raise IllegalAction("no destroyed creature waits for its castle")
        creature = state.creature(state.pending[0])
        assert creature is not None
        given = action.get("creature")
        if given is not None and creature_named(state, given, "creature").id != creature.id:
            raise IllegalAction(f"first {creature.name}'s castle")
        castle = str(require(action, "castle", "the castle it comes back in"))
        drafting.respawn_into(
            state.fp, state.occupancy(leaving=creature.id), creature.owner, castle
        )
        state = state.with_place(creature.id, castle)
        state = emit_event(
            state, {"event": "respawned_in", "creature": creature.name, "castle": castle}
        )
        pending = state.pending[1:]
        state = state.evolve(pending=pending)
        if pending:
            following = state.creature(pending[0])
            assert following is not None
            return state.evolve(turn=following.owner)
        assert state.turns is not None
        return acting.synced(state.evolve(stage=STAGE_PLAY), state.turns)

    def _maneuvered(
        self, state: FourPathState, creature: Creature, action: Action
    ) -> tuple[FourPathState, dict[str, object]]:
        """«Вместо атакующей способности можно совершить маневр» (L135); both under Haste
        (L365), only the attack when Slow outweighs it (L369). ``to``: a castle of the
        owner's or ``field`` (the default): where it stands after, for the duel's respawn
        (L83)."""
        at.may_maneuver(state, creature)
        to = str(action.get("to") or FIELD)
        if to != FIELD:
            own = state.fp.castles_of(creature.owner)
            if to not in own:
                raise IllegalAction(f"'to': {' or '.join(own)} (its owner's castles) or field")
        state = state.evolve(maneuvered=state.maneuvered | {creature.id})
        return state.with_place(creature.id, to), {"to": to}

    # --- support abilities (L121, L133, L139, L279-L369) --------------------------------

    def _ability_rule(
        self, state: FourPathState, seat: int, user: Creature, ability: Ability, action: Action
    ) -> tuple[FourPathState, int, dict[str, object]]:
        """The ability's own rule, if it has one: the state after it, the preparation time
        and what the event says of it."""
        if ability.id == SWIFTNESS:
            at.may_maneuver(state, user, ability.name)
            state = state.evolve(maneuvered=state.maneuvered | {user.id})
        allies = {c.id for c in state.side_army(state.side_of(seat))}
        if ability.id == VAMPIRISM:
            target = creature_named(state, require(action, "target", "itself or an ally"), "target")
            if target.id not in allies:
                raise IllegalAction(
                    f"Vampirism goes on itself or an ally (L279), not {target.name}"
                )
            return (
                state,
                ab.fixed_prep(ability, action, ar.vampirism_prep(target.id == user.id)),
                {},
            )
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
                state = self._damage_moved(state, side, tuple(damage), -1, "reconstruction")
            said: dict[str, object] = {"on_mountains": n, "castle_damage": damage[side - 1]}
            return state, ab.fixed_prep(ability, action, ar.reconstruction_prep(n)), said
        if ability.id == RESURRECTION:
            target = creature_named(state, require(action, "target", "the ally"), "target")
            healed = ar.resurrect(user, target, allies)
            state = self._replace_creature(state, healed)
            return state, prep_time(ability, action.get("prep")), {"wounds": healed.wounds}
        if ability.id == THREADS_OF_LIFE:
            source = creature_named(
                state, require(action, "from", "the ally losing a wound"), "from"
            )
            receiver = creature_named(state, require(action, "to", "the ally taking it"), "to")
            source, receiver = ar.threads_of_life(source, receiver, allies)
            state = self._replace_creature(self._replace_creature(state, source), receiver)
            said = {"from": source.name, "to": receiver.name}
            return state, prep_time(ability, action.get("prep")), said
        for name in ("on_mountains", "from", "to"):
            if action.get(name) is not None:
                raise IllegalAction(f"'{name}' is not a value {ability.name} takes")
        return state, prep_time(ability, action.get("prep")), {}

    def _support_effects(
        self, state: FourPathState, seat: int, user: Creature, ability: Ability, action: Action
    ) -> tuple[fx.Effect, ...]:
        return ab.effect_marks(state, seat, user, ability, action)

    def _on_hexes(
        self, state: FourPathState, seat: int, ability: Ability, action: Action
    ) -> tuple[FourPathState, dict[str, object]]:
        """«Преграда» on a free hex (L317)."""
        barrier = ab.barrier_placed(state, seat, ability, action)
        if not barrier:
            return state, {}
        return state.evolve(barriers=(*state.barriers, *barrier)), {"hex": barrier[0].hex}


def _drafting(state: FourPathState) -> drafting.DraftState:
    if state.stage != STAGE_DRAFT or state.draft is None:
        raise IllegalAction("the summoning stage is over: 4 banned, 8 summoned")
    return state.draft


def _draft_seat(state: FourPathState, draft: drafting.DraftState, action: Action) -> int:
    pick_now = draft.next_pick
    assert pick_now is not None
    seat = acting.named_seat(state, action)
    return pick_now.seat if seat is None else seat


def _next_pick(state: FourPathState, draft: drafting.DraftState) -> FourPathState:
    following = draft.next_pick
    if following is not None:
        return state.evolve(turn=following.seat)
    # No class penalty (L77): the play begins, the keeper about to turn the disc (L95).
    turns = periods.start(state.fp)
    return acting.synced(state.evolve(stage=STAGE_PLAY), turns)


def _combined_opened(state: FourPathState) -> FourPathState:
    """The duel's player opens at once (L81); a team says who opens (L123)."""
    combined = state.combined
    if combined is not None and combined.opener is not None:
        return emit_event(
            state, {"event": "opened", "seat": combined.opener, "side": combined.team}
        )
    return state


# Four-path's one rules object: the rules module and the screens call it.
RULES = FourPathRules()
start = RULES.start
step = RULES.step

__all__ = [
    "BLOODTHIRST",
    "BURNING_ARMOUR",
    "POISON_ATTACK",
    "RECONSTRUCTION",
    "RESURRECTION",
    "RETRIBUTION",
    "RULES",
    "SHARP_HAMMER",
    "SWIFTNESS",
    "THREADS_OF_LIFE",
    "VAMPIRISM",
    "FourPathRules",
    "control_sums",
    "holders",
    "start",
    "step",
]
