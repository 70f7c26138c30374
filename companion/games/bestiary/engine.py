"""The "Two Castles" duel's rules object: :class:`BestiaryRules`, ``step(state, action)``.

Each handler cites the rulebook section it implements (Бестиарий Сигиллума, seeds/002;
the fast tempo from Четырехпутье, seeds/001, "Темп игры").

A variant of the Bestiary (Four-path) subclasses :class:`BestiaryRules`, as python-chess's
variant boards subclass ``Board``: its ``HANDLERS`` table names the methods its actions
run, and it overrides the hooks below where its rules differ. The hooks, in the order a
period meets them:

- who acts now: ``_actor`` (the phase's seat; a team's decision), ``_action_done`` (what
  follows one action: the combined phase's alternation);
- the period: ``_disc_turned``;
- the sides and their scales: ``_side_said`` (how an event names a side),
  ``_winner_said``; ``_add_damage`` and ``_damage_moved`` move a side's scale and end the
  game at its last division (victory);
- the sigil's half: ``_preparing_side``, ``_side_seats`` (whose tokens come back),
  ``_ends_in_preparation``, ``_cleared_in_preparation``, ``_prepared``;
- the attack: ``_may_attack``, ``_attack_targets``, ``_attack_wounds``, ``_attacked``;
  ``_wound`` destroys and respawns; ``_comes_back`` says where the destroyed come back;
- the maneuver: ``_maneuvered``;
- support abilities: ``_ability_rule`` (an ability's own rule and its preparation time),
  ``_support_effects`` (the lasting effects and whom they may reach), ``_on_hexes``.

The checks every variant shares are public functions of :mod:`.checks` and
:mod:`.summoning`; the state's sides (:meth:`State.side_of`) make them right for teams.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import ClassVar, Generic, TypeVar

from companion.games.bestiary.checks import (
    ability_name,
    attack_refs,
    card_allows,
    creature_named,
    may_act,
    named_once,
    not_in_castle,
    own_creature,
    prep_time,
    ready_ability,
    sign_allows,
)
from companion.games.bestiary.state import (
    CASTLES,
    CHOOSE,
    CLASS_PENALTY,
    CLASSES,
    CREATURES_PER_SEAT,
    FAST,
    PHASE_ATTACK,
    PHASE_ATTACK_SUPPORT,
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
    TEMPOS,
    TOWERS,
    Ability,
    Creature,
    State,
    parse_setup,
)
from companion.games.bestiary.summoning import summoned_creature
from companion.games.bestiary.types import emit_event
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
    require_phase,
    seat_of,
)

# An event is emitted through ``emit_event`` (mypy checks it against its TypedDict in
# types.py) unless a hook a variant overrides adds keys to it (``_side_said``, the ``said``
# of an ability or a maneuver): those go through ``emit``.

# The state a rules object plays: the Bestiary's, or a variant's subclass of it.
S = TypeVar("S", bound=State)

# The phases in which each action of the period may be taken (the duel's ``_actor``).
PHASES_OF: Mapping[str, tuple[str, ...]] = {
    "turn_disc": (PHASE_TURN_DISC,),
    "siege": (PHASE_SIEGE,),
    "attack": (PHASE_ATTACK, PHASE_ATTACK_SUPPORT),
    "maneuver": (PHASE_ATTACK, PHASE_ATTACK_SUPPORT),
    "support": (PHASE_SUPPORT, PHASE_ATTACK_SUPPORT),
    "end_phase": (PHASE_ATTACK, PHASE_SUPPORT, PHASE_ATTACK_SUPPORT),
}


class BestiaryRules(Generic[S]):
    """The Bestiary's rules: pure and stateless (every method takes the state and returns
    a new one); ``step`` runs the method the action's ``do`` names in ``HANDLERS``."""

    # The action's ``do`` -> the name of the method that takes it.
    HANDLERS: ClassVar[Mapping[str, str]] = {
        "choose_castle": "choose_castle",
        "summon": "summon",
        "choose_tempo": "choose_tempo",
        "turn_disc": "turn_disc",
        "siege": "siege",
        "attack": "attack",
        "maneuver": "maneuver",
        "support": "support",
        "end_phase": "end_phase",
    }
    # The fields each shared action takes (a variant adds its own).
    ATTACK_FIELDS: ClassVar[tuple[str, ...]] = (
        "do",
        "seat",
        "creature",
        "target",
        "targets",
        "strength",
        "wounds",
    )
    MANEUVER_FIELDS: ClassVar[tuple[str, ...]] = ("do", "seat", "creature")
    SUPPORT_FIELDS: ClassVar[tuple[str, ...]] = (
        "do",
        "seat",
        "creature",
        "ability",
        "prep",
        "target",
        "targets",
        "effects",
    )

    def __init__(self, state_type: type[S]) -> None:
        self.state_type = state_type

    def start(self, setup: Mapping[str, object] | None) -> S:
        """A new duel: castle choice comes first, by the first seat."""
        parsed = parse_setup(setup)
        return self.state_type(setup=parsed, turn=parsed.first)

    def step(self, state: S, action: Action) -> S:
        """The state after ``action``, or an IllegalAction saying why it is refused."""
        name = handler_for(self.HANDLERS, action)
        if state.stage == STAGE_OVER:
            raise IllegalAction(f"the game is over: {self._winner_said(state)} won")
        handler: Callable[[S, Action], S] = getattr(self, name)
        return handler(state.evolve(events=()), action)

    # --- the sides and their scales (victory) ---------------------------------------

    def _side_said(self, side: int) -> dict[str, object]:
        """How an event names a side: in the duel, by its seat."""
        return {"seat": side}

    def _winner_said(self, state: S) -> str:
        return state.seats.name(state.winner or 1)

    def _add_damage(self, state: S, side: int, amount: int, cause: str) -> S:
        """Move a side's castle marker (the duel: a seat's); the other side wins the moment
        it reaches the last division."""
        if amount <= 0 or state.winner is not None:
            return state
        damage = list(state.castle_damage)
        damage[side - 1] = min(state.setup.scale_length, damage[side - 1] + amount)
        return self._damage_moved(state, side, tuple(damage), amount, cause)

    def _damage_moved(
        self, state: S, side: int, damage: tuple[int, ...], amount: int, cause: str
    ) -> S:
        """The side's marker now at ``damage[side - 1]``: logged, said, and the game won if
        it reached the last division (``amount`` < 0: repaired)."""
        state = state.evolve(
            castle_damage=damage,
            damage_log=(*state.damage_log, (state.period, damage[0], damage[1])),
        )
        state = emit(
            state,
            {
                "event": "castle_damaged" if amount > 0 else "castle_repaired",
                **self._side_said(side),
                "amount": abs(amount),
                "cause": cause,
                "castle_damage": damage[side - 1],
                "scale_length": state.setup.scale_length,
            },
        )
        if damage[side - 1] >= state.setup.scale_length:
            winner = state.enemy_side(side)
            state = state.evolve(winner=winner, stage=STAGE_OVER, phase="")
            state = emit(state, {"event": "game_won", **self._side_said(winner), "by": cause})
        return state

    def _replace_creature(self, state: S, creature: Creature) -> S:
        """The state with ``creature`` in place of the creature of the same id."""
        return state.evolve(
            creatures=tuple(creature if c.id == creature.id else c for c in state.creatures),
        )

    # --- who acts -----------------------------------------------------------------

    def _acting_seat(self, state: S, action: Action) -> int:
        """The seat the action is for: the one whose turn it is; a named other seat is
        refused."""
        seat = seat_of(action, state.seats)
        expected = state.turn
        if seat is not None and seat != expected:
            raise IllegalAction(
                f"it is {state.seats.name(expected)}'s turn (seat {expected}), "
                f"not {state.seats.name(seat)}'s"
            )
        return expected

    def _actor(self, state: S, action: Action, kind: str) -> int:
        """The seat taking ``action`` (whose ``do`` is ``kind``) in the play: refused out
        of its phases or from another seat than the one whose turn it is."""
        if state.stage != STAGE_PLAY:
            raise IllegalAction(f"not now: the stage is {state.stage.replace('_', ' ')}")
        require_phase(state.phase, PHASES_OF[kind])
        return self._acting_seat(state, action)

    def _action_done(self, state: S, seat: int, kind: str) -> S:
        """After one attack, maneuver or ability: the duel's seat goes on in its phase."""
        return state

    # --- setup stages -------------------------------------------------------------

    def choose_castle(self, state: S, action: Action) -> S:
        """Стадия выбора замка: the first player picks a side, the other gets the other."""
        check_fields("choose_castle", action, ("do", "seat", "castle"))
        if state.stage != STAGE_CASTLE:
            raise IllegalAction("the castles are already chosen")
        self._acting_seat(state, action)
        castle = pick(CASTLES, require(action, "castle"), "castle")
        other = CASTLES[1 - CASTLES.index(castle)]
        castles = [""] * 2
        castles[state.setup.first - 1] = castle
        castles[state.setup.second - 1] = other
        state = state.evolve(castles=tuple(castles), stage=STAGE_SUMMON, turn=state.setup.first)
        return emit_event(
            state, {"event": "castle_chosen", "seat": state.setup.first, "castle": castle}
        )

    def summon(self, state: S, action: Action) -> S:
        """Стадия вызова существ: P1, P2, P1, P2, P1, P2; none shared; then the class
        penalty."""
        check_fields(
            "summon",
            action,
            ("do", "seat", "creature", "class", "vitality", "attack_strength", "abilities"),
        )
        if state.stage != STAGE_SUMMON:
            raise IllegalAction("summoning is over" if state.creatures else "choose castles first")
        seat = self._acting_seat(state, action)
        creature = summoned_creature(state, seat, action)
        state = state.evolve(creatures=(*state.creatures, creature))
        state = emit_event(
            state, {"event": "creature_summoned", "seat": seat, "creature": creature.name}
        )
        if len(state.creatures) < 2 * CREATURES_PER_SEAT:
            return state.evolve(turn=state.seats.after(seat))
        return self._class_penalty(state)

    def _class_penalty(self, state: S) -> S:
        """Стадия штрафа: two divisions of one's own castle scale per class missing."""
        for seat in (state.setup.first, state.setup.second):
            present = {c.klass for c in state.army(seat)}
            missing = [k for k in CLASSES if k not in present]
            state = emit_event(state, {"event": "class_penalty", "seat": seat, "missing": missing})
            state = self._add_damage(state, seat, CLASS_PENALTY * len(missing), "class_penalty")
        if state.winner is not None:
            return state
        if state.setup.tempo == CHOOSE:
            return state.evolve(stage=STAGE_TEMPO, turn=state.setup.first)
        return state.evolve(stage=STAGE_PLAY, turn=state.setup.first, phase=PHASE_TURN_DISC)

    def choose_tempo(self, state: S, action: Action) -> S:
        """Стадия выбора темпа (Four-path L91): «быстрый темп является приоритетным, а
        медленный используется, только если оба игрока на это согласны». The first seat
        chooses, then the second; a "fast" decides at once, two "slow" make the game slow."""
        check_fields("choose_tempo", action, ("do", "seat", "tempo"))
        if state.stage != STAGE_TEMPO:
            raise IllegalAction(
                "no tempo to choose: the game's tempo is set "
                f"({state.tempo}; setup.tempo 'choose' asks the players after the summoning)"
            )
        seat = self._acting_seat(state, action)
        tempo = pick(TEMPOS, require(action, "tempo"), "tempo")
        choices = (*state.tempo_choices, tempo)
        state = state.evolve(tempo_choices=choices)
        state = emit_event(state, {"event": "tempo_wanted", "seat": seat, "tempo": tempo})
        if tempo == SLOW and len(choices) < 2:
            return state.evolve(turn=state.seats.after(seat))
        state = state.evolve(chosen_tempo=tempo)
        state = emit_event(state, {"event": "tempo_chosen", "tempo": tempo})
        return state.evolve(stage=STAGE_PLAY, turn=state.setup.first, phase=PHASE_TURN_DISC)

    # --- the period ---------------------------------------------------------------

    def turn_disc(self, state: S, action: Action) -> S:
        """Процесс игры: each period begins with the first player turning the disc one
        sector."""
        check_fields("turn_disc", action, ("do", "seat"))
        self._actor(state, action, "turn_disc")
        state = self._disc_turned(state)
        return emit_event(
            state,
            {
                "event": "disc_turned",
                "period": state.period,
                "cycle": sigil.cycle_of(state.period),
                "sector": sigil.sector_of(state.period),
            },
        )

    def _disc_turned(self, state: S) -> S:
        """The next period, its siege the first player's."""
        return state.evolve(period=state.period + 1, turn=state.setup.first, phase=PHASE_SIEGE)

    def siege(self, state: S, action: Action) -> S:
        """Фаза осады: each tower the player holds deals 1 damage to the enemy castle."""
        check_fields("siege", action, ("do", "seat", "towers"))
        seat = self._actor(state, action, "siege")
        towers_given = action.get("towers", [])
        if isinstance(towers_given, int) and not isinstance(towers_given, bool):
            raise IllegalAction("'towers': name the towers held, e.g. [plain] or [] for none")
        towers = [pick(TOWERS, tower, "towers") for tower in as_list(towers_given, "towers")]
        if len(set(towers)) != len(towers):
            raise IllegalAction("'towers': a tower is named twice")
        state = emit_event(state, {"event": "siege", "seat": seat, "towers": sorted(towers)})
        state = self._add_damage(state, state.opponent, len(towers), "siege")
        if state.winner is not None:
            return state
        if state.tempo == FAST:
            return self._preparation(state)
        return state.evolve(phase=PHASE_ATTACK)

    def _preparation(self, state: S) -> S:
        """Фаза подготовки: the tokens under the sun mark come back to the cards of the
        side preparing; the effects the rules end then come off."""
        side = self._preparing_side(state)
        back: list[sigil.Token] = []
        stay = state.tokens
        for seat in self._side_seats(state, side):
            returned, stay = sigil.due(stay, seat, state.period)
            back.extend(returned)
        ending = tuple(e for e in state.effects if self._ends_in_preparation(state, side, e))
        lasting = tuple(e for e in state.effects if e not in ending)
        state, said = self._cleared_in_preparation(state.evolve(tokens=stay, effects=lasting), side)
        names = {c.id: c.name for c in state.creatures}
        state = emit(
            state,
            {
                "event": "preparation",
                **self._side_said(side),
                "tokens_returned": [
                    {"creature": names[t.creature], "ability": ability_name(state, t)} for t in back
                ],
                "effects_ended": [{"kind": e.kind, "creature": names[e.target]} for e in ending],
                **said,
            },
        )
        return self._prepared(state)

    def _preparing_side(self, state: S) -> int:
        """The side whose preparation it is: the duel's seat whose turn it is."""
        return state.turn

    def _side_seats(self, state: S, side: int) -> tuple[int, ...]:
        """The seats whose tokens share a side's half of the sigil: the duel's one seat."""
        return (side,)

    def _ends_in_preparation(self, state: S, side: int, effect: fx.Effect) -> bool:
        """The effects this side's creatures applied last period come off."""
        return effect.applied_by == side and effect.ends_at_period <= state.period

    def _cleared_in_preparation(self, state: S, side: int) -> tuple[S, dict[str, object]]:
        """What else the preparation clears, and what its event says of it: nothing more
        in the duel."""
        return state, {}

    def _prepared(self, state: S) -> S:
        """After the preparation: the support phase, or the fast tempo's combined one."""
        next_phase = PHASE_ATTACK_SUPPORT if state.tempo == FAST else PHASE_SUPPORT
        return state.evolve(phase=next_phase, acted=frozenset())

    def end_phase(self, state: S, action: Action) -> S:
        """The player is done with the attack, support or combined phase."""
        check_fields("end_phase", action, ("do", "seat"))
        seat = self._actor(state, action, "end_phase")
        state = emit_event(state, {"event": "phase_ended", "seat": seat, "phase": state.phase})
        if state.phase == PHASE_ATTACK:
            return self._preparation(state.evolve(acted=frozenset()))
        # The turn passes: the respawned creatures' owner may now move them out of the castle.
        state = state.evolve(acted=frozenset(), respawned=frozenset())
        if seat == state.setup.first:
            return state.evolve(turn=state.setup.second, phase=PHASE_SIEGE)
        return state.evolve(turn=state.setup.first, phase=PHASE_TURN_DISC)

    # --- the attack and the maneuver -----------------------------------------------

    def attack(self, state: S, action: Action) -> S:
        """Фаза нападения, атака: damage per target = max(0, strength + ups - downs -
        defense); wounds >= vitality destroys the target, which respawns in its castle at
        once with wounds and effects cleared, its castle taking 2 damage; its tokens stay on
        the sigil."""
        check_fields("attack", action, self.ATTACK_FIELDS)
        seat = self._actor(state, action, "attack")
        attacker = own_creature(state, seat, action.get("creature"))
        may_act(state, attacker, "attack")
        self._may_attack(state, attacker)
        targets = self._attack_targets(state, seat, attacker, action)
        wounds = self._attack_wounds(state, attacker, targets, action)
        state = state.evolve(acted=state.acted | {attacker.id})
        if not action.get("volley") and action.get("wounds") is None:
            state = _strength_kept(state, attacker, action.get("strength"))
        for target, amount in zip(targets, wounds, strict=True):
            state = self._wound(state, attacker, target.id, amount)
            if state.winner is not None:
                return state
        return self._attacked(state, seat, attacker, targets, wounds)

    def _may_attack(self, state: S, attacker: Creature) -> None:
        """One attack or one maneuver per creature and turn."""
        if attacker.id in state.acted:
            raise IllegalAction(f"{attacker.name} has already attacked or maneuvered this turn")

    def _attack_targets(
        self, state: S, seat: int, attacker: Creature, action: Action
    ) -> list[Creature]:
        """The creatures ``target``/``targets`` name: enemies, each once, none certainly in
        its own castle."""
        refs = attack_refs(action)
        if not refs:
            raise IllegalAction("missing field 'target': the creature attacked")
        targets = [creature_named(state, ref, "target") for ref in refs]
        named_once(targets, "an attack hits")
        for target in targets:
            if state.allied(target.owner, seat):
                raise IllegalAction(
                    f"{target.name} is your own creature: allies cannot be attacked"
                )
            not_in_castle(state, seat, target)
        return targets

    def _attack_wounds(
        self, state: S, attacker: Creature, targets: list[Creature], action: Action
    ) -> list[int]:
        """The wounds dealt to each target: ``wounds`` as given, or the ``strength`` (the
        card's by default) with the attacker's and each target's effects."""
        raw_wounds = action.get("wounds")
        strength = action.get("strength", attacker.attack_strength)
        if raw_wounds is not None and action.get("strength") is not None:
            raise IllegalAction(
                "give either 'strength' (effects apply) or 'wounds' (as is), not both"
            )
        if raw_wounds is None and strength is None:
            raise IllegalAction(f"{attacker.name}'s attack strength varies: add strength: N")
        if raw_wounds is not None:
            return [as_int(raw_wounds, "wounds", 0, 99)] * len(targets)
        base = as_int(strength, "strength", 0, 99)
        return [fx.damage(state.effects, attacker.id, base, t.id) for t in targets]

    def _attacked(
        self,
        state: S,
        seat: int,
        attacker: Creature,
        targets: list[Creature],
        wounds: list[int],
    ) -> S:
        """After the attack's wounds (the game not won by them)."""
        return self._comes_back(self._action_done(state, seat, "attack"))

    def _wound(self, state: S, attacker: Creature, target_id: str, wounds: int) -> S:
        """``wounds`` on a creature: destroyed when they reach its vitality, it respawns at
        once (wounds and effects cleared) and its side's castle takes 2 damage."""
        target = state.creature(target_id)
        assert target is not None
        total = target.wounds + wounds
        state = emit_event(
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
            return self._replace_creature(state, replace(target, wounds=total))
        respawned = replace(target, wounds=0, respawns=target.respawns + 1)
        state = self._replace_creature(state, respawned)
        state = state.evolve(
            effects=tuple(e for e in state.effects if e.target != target.id),
            respawned=state.respawned | {target.id},
        )
        state = emit_event(
            state, {"event": "creature_destroyed", "creature": target.name, "seat": target.owner}
        )
        return self._add_damage(state, state.side_of(target.owner), RESPAWN_DAMAGE, "respawn")

    def _comes_back(self, state: S) -> S:
        """Where the creatures this action destroyed come back: in the duel, each in its
        owner's one castle, as :meth:`_wound` has it."""
        return state

    def maneuver(self, state: S, action: Action) -> S:
        """Фаза нападения, маневр: instead of attacking, a creature moves one hex."""
        check_fields("maneuver", action, self.MANEUVER_FIELDS)
        seat = self._actor(state, action, "maneuver")
        creature = own_creature(state, seat, action.get("creature"))
        may_act(state, creature, "maneuver")
        state, said = self._maneuvered(state, creature, action)
        state = emit(state, {"event": "maneuvered", "creature": creature.name, **said})
        return self._action_done(state, seat, "maneuver")

    def _maneuvered(
        self, state: S, creature: Creature, action: Action
    ) -> tuple[S, dict[str, object]]:
        """The maneuver counts as the creature's attack this turn."""
        if creature.id in state.acted:
            raise IllegalAction(f"{creature.name} has already attacked or maneuvered this turn")
        return state.evolve(acted=state.acted | {creature.id}), {}

    # --- support abilities --------------------------------------------------------

    def support(self, state: S, action: Action) -> S:
        """Фаза поддержки: a ready ability of a creature not under Inaction; its lasting
        effects go on their targets; its token goes ``prep`` sectors ahead of the sun
        mark."""
        check_fields("support", action, self.SUPPORT_FIELDS)
        seat = self._actor(state, action, "support")
        creature = own_creature(state, seat, action.get("creature"))
        may_act(state, creature, "use abilities")
        ability = ready_ability(state, creature, action)
        state, prep, said = self._ability_rule(state, seat, creature, ability, action)
        marks = self._support_effects(state, seat, creature, ability, action)
        state, placed_said = self._on_hexes(state, seat, ability, action)
        tokens, placed = sigil.place(
            state.tokens,
            owner=seat,
            creature=creature.id,
            ability=ability.id,
            period=state.period,
            prep=prep,
        )
        state = state.evolve(tokens=tokens, effects=(*state.effects, *marks))
        if ability.fixed_prep is None and action.get("prep") is not None:
            state = _prep_kept(state, creature, ability, placed.prep)
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
                **placed_said,
                **said,
            },
        )
        return self._action_done(state, seat, "support")

    def _ability_rule(
        self, state: S, seat: int, user: Creature, ability: Ability, action: Action
    ) -> tuple[S, int, dict[str, object]]:
        """An ability's own rule: the state after it, its preparation time and what its
        event says of it. The duel's abilities have none: the card's time or ``prep``."""
        return state, prep_time(ability, action.get("prep")), {}

    def _on_hexes(
        self, state: S, seat: int, ability: Ability, action: Action
    ) -> tuple[S, dict[str, object]]:
        """What the ability puts on the board's hexes: nothing in the duel."""
        return state, {}

    def _support_effects(
        self, state: S, seat: int, user: Creature, ability: Ability, action: Action
    ) -> tuple[fx.Effect, ...]:
        """Lasting effects from ``effects: [{effect, target}]`` and from the ability's own
        kinds applied to ``target``/``targets`` (to its owner, unnamed, when the card's
        target is ``self``). Every effect obeys the card's target, its sign and own-castle
        immunity."""
        pairs: list[tuple[str, Creature]] = []
        for index, item in enumerate(as_list(action.get("effects"), "effects"), 1):
            if not isinstance(item, Mapping):
                raise IllegalAction(f"effects[{index}]: a mapping with effect and target")
            check_fields(f"effects[{index}]", item, ("effect", "target"))
            kind = pick(fx.BASE_EFFECTS, require(item, "effect"), "effect")
            pairs.append((kind, creature_named(state, require(item, "target"), "target")))
        refs = as_list(action.get("targets"), "targets") + as_list(action.get("target"), "target")
        named = [creature_named(state, ref, "target") for ref in refs]
        named_once(named, f"{ability.name} affects")
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
            card_allows(state, seat, user, ability, target)
            sign_allows(state, seat, kind, target)
            not_in_castle(state, seat, target)
        return tuple(fx.Effect(kind, t.id, seat, state.period, ability.id) for kind, t in pairs)


def _prep_kept(state: S, user: Creature, ability: Ability, prep: int) -> S:
    """The preparation time said for an ability whose card gives none, kept: its next
    use's entry starts there."""
    kept = tuple(p for p in state.preps if (p[0], p[1]) != (user.id, ability.id))
    return state.evolve(preps=(*kept, (user.id, ability.id, prep)))


def _strength_kept(state: S, attacker: Creature, said: object) -> S:
    """The strength an attack used, kept where it is not the card's (checked by the
    wounds already): the next attack's entry starts there. An attack at the card's
    strength forgets it, so an action naming the card's strength and one naming none
    leave the same state."""
    kept = tuple(pair for pair in state.strengths if pair[0] != attacker.id)
    strength = None if said is None else as_int(said, "strength", 0, 99)
    if strength is not None and strength != attacker.attack_strength:
        kept = (*kept, (attacker.id, strength))
    return state.evolve(strengths=kept)


# The Bestiary's one rules object: the rules module and the screens call it.
RULES: BestiaryRules[State] = BestiaryRules(State)
start = RULES.start
step = RULES.step

__all__ = [
    "PHASES_OF",
    "RULES",
    "BestiaryRules",
    "start",
    "step",
]
