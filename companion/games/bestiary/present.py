"""What the duel shows: ``prompt(state)`` and ``view(state, audience)``.

The Bestiary has no secrets, so every audience sees the same picture; ``debug`` adds the
raw phase bookkeeping.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import combinations
from typing import TypeVar

from companion.games.bestiary import engine, labels, roster
from companion.games.bestiary.catalogue import WORDS
from companion.games.bestiary.state import (
    CASTLES,
    FAST,
    GAME,
    PHASE_ATTACK,
    PHASE_ATTACK_SUPPORT,
    PHASE_SIEGE,
    PHASE_SUPPORT,
    PHASE_TURN_DISC,
    SLOW,
    STAGE_CASTLE,
    STAGE_OVER,
    STAGE_SUMMON,
    STAGE_TEMPO,
    TOWERS,
    Ability,
    Creature,
    State,
)
from companion.games.bestiary.types import (
    AbilityView,
    AttackAction,
    BestiaryAction,
    BestiaryView,
    ChooseCastleAction,
    ChooseTempoAction,
    CreatureView,
    EffectView,
    ManeuverAction,
    SeatView,
    SideView,
    SiegeAction,
    SummonAction,
    SupportAction,
    TokenView,
    WinnerView,
    bestiary_event,
)
from companion.rules import effects as fx
from companion.rules import sigil
from companion.rules.base import DEBUG, Action, Entry, Field, IllegalAction, Prompt


def _key(kind: str) -> str:
    return WORDS.key(f"ui.prompt.{kind}")


def prompt(state: State) -> Prompt:
    if state.stage == STAGE_OVER:
        winner = state.seats.name(state.winner or 1)
        return Prompt(None, "game_over", _key("game_over"), {"player": winner})
    seat = state.turn or state.setup.first
    name = state.seats.name(seat)
    if state.stage == STAGE_CASTLE:
        castles = tuple(ChooseCastleAction(do="choose_castle", castle=c) for c in CASTLES)
        return Prompt(seat, "choose_castle", _key("choose_castle"), {"player": name}, castles)
    if state.stage == STAGE_SUMMON:
        return _summon_prompt(state, seat, name)
    if state.stage == STAGE_TEMPO:
        tempos = tuple(ChooseTempoAction(do="choose_tempo", tempo=t) for t in (FAST, SLOW))
        return Prompt(seat, "choose_tempo", _key("choose_tempo"), {"player": name}, tempos)
    if state.phase == PHASE_TURN_DISC:
        fields: dict[str, str | int] = {"player": name, "period": state.period + 1}
        return Prompt(seat, "turn_disc", _key("turn_disc"), fields, ({"do": "turn_disc"},))
    if state.phase == PHASE_SIEGE:
        options = [list(pair) for n in range(3) for pair in combinations(TOWERS, n)]
        choices = tuple(SiegeAction(do="siege", towers=t) for t in options)
        return Prompt(seat, "siege", _key("siege"), {"player": name}, choices)
    return _action_prompt(state, seat, name)


def _summon_prompt(state: State, seat: int, name: str) -> Prompt:
    taken = {c.id for c in state.creatures}
    choices = tuple(
        SummonAction(do="summon", creature=info.id)
        for info in roster.roster().values()
        if info.id not in taken and info.klass is not None and info.vitality is not None
    )
    count = len(state.army(seat)) + 1
    fields: dict[str, str | int] = {"player": name, "count": count}
    return Prompt(seat, "summon", _key("summon"), fields, choices, ("summon",))


def _action_prompt(state: State, seat: int, name: str) -> Prompt:
    attack_phase = state.phase in (PHASE_ATTACK, PHASE_ATTACK_SUPPORT)
    support_phase = state.phase in (PHASE_SUPPORT, PHASE_ATTACK_SUPPORT)
    choices: list[BestiaryAction] = []
    entries: list[Entry] = []
    free: list[str] = []
    extras: list[Entry] = []
    enemies = [c for c in state.creatures if c.owner != seat]
    for creature in state.army(seat):
        if fx.is_inactive(state.effects, creature.id):
            continue
        if attack_phase and creature.id not in state.acted:
            for enemy in enemies:
                base = AttackAction(do="attack", creature=creature.id, target=enemy.id)
                if creature.attack_strength is not None:
                    choices.append(base)
                else:  # "varies" on the card: the player says the strength of this attack
                    entries.append(
                        Entry(base, (strength_field(state, creature),), entry_key("attack"))
                    )
            if creature.attack_strength is None:
                free.append("attack")
            choices.append(ManeuverAction(do="maneuver", creature=creature.id))
            extras.extend(other_attack(state, creature, enemies, _legal))
        if support_phase:
            choices.extend(_support_choices(state, creature, free, entries, extras))
    # Offer only what the rules take now (own-castle immunity, a card's target and sign):
    # a button must never lead to a refusal the screen could have spared.
    choices = [c for c in choices if _legal(state, c)]
    entries = [e for e in entries if _legal(state, e.action(()))] + extras
    choices.append({"do": "end_phase"})
    free_actions = tuple(sorted(set(free)))
    fields: dict[str, str | int] = {"player": name}
    return Prompt(
        seat, state.phase, _key(state.phase), fields, tuple(choices), free_actions, tuple(entries)
    )


# The values the buttons enter where a card leaves them open (RULES.md §1): an attack of
# varying strength, an ability of preparation time X (1 to 6 sectors of the sigil).
STRENGTH = Field("strength", "int", WORDS.key("field.strength"), low=0, high=12, default=1)
PREP = Field("prep", "int", WORDS.key("field.prep"), low=1, high=6, default=1)


# What the attack entries add: whom the attack hits (an enemy, or several), each of the
# several in turn; the option that asks for several, and the one that ends them.
SEVERAL = "several"
NO_MORE = "none"
MORE: dict[str | int, dict[str, str]] = {
    SEVERAL: {"en": "several…", "ru": "несколько…"},
    NO_MORE: {"en": "no more", "ru": "больше никого"},
}


def strength_field(state: State, attacker: Creature) -> Field:
    """The attack's strength, starting where the table most likely is: the strength said
    for this creature's last attack, else its card's (1 when the card says "varies")."""
    return replace(STRENGTH, default=state.last_strength(attacker) or STRENGTH.default)


def prep_field(state: State, user: Creature, ability: Ability) -> Field:
    """An X or unknown preparation time, starting where the table most likely is: the
    time said at this ability's last use (a blank card's printed time), else 1."""
    return replace(PREP, default=state.last_prep(user, ability) or PREP.default)


def creature_names(creature: Creature) -> dict[str, str]:
    """A creature's name in each language (the roster's, else as its card says it)."""
    return {lang: labels.creature(creature.id, creature.name, lang) for lang in ("en", "ru")}


def target_field(key: str, label: str, enemies: Sequence[Creature], *extra: str) -> Field:
    """A choice of the enemies an attack may hit (by name), then ``extra`` options."""
    names: dict[str | int, dict[str, str]] = {e.id: creature_names(e) for e in enemies}
    return Field(
        key,
        "choice",
        WORDS.key(label),
        options=(*(e.id for e in enemies), *extra),
        names={**names, **{x: MORE[x] for x in extra}},
        omit=tuple(x for x in extra if x in (SEVERAL, NO_MORE)),
    )


S = TypeVar("S", bound=State)


def other_attack(
    state: S,
    attacker: Creature,
    enemies: Sequence[Creature],
    legal: Callable[[S, Action], bool],
) -> list[Entry]:
    """One entry an attacker for what the choices leave out: another strength than the
    card's (it starts at the last one said for it, else the card's), or several targets
    at once (each in turn, "no more" ends them). Offered when some enemy may be hit.

    Of several targets the second opens at the enemy after the first in the list (an enemy
    is hit once: the one just named is the least likely next), and NEXT there ends the
    list with those two; a third and more open at "no more" (several is two more often
    than three)."""
    strength = strength_field(state, attacker)
    reachable = [
        e
        for e in enemies
        if legal(state, {"do": "attack", "creature": attacker.id, "target": e.id, "strength": 0})
    ]
    if not reachable:
        return []
    ids = tuple(e.id for e in reachable)
    fields = [target_field("target", "field.target", reachable, SEVERAL)]
    previous: tuple[str, tuple[str | int, ...]] = ("target", (SEVERAL,))
    after: dict[str | int, str | int] = {
        hit: ids[(index + 1) % len(ids)] for index, hit in enumerate(ids)
    }
    for slot in range(len(reachable) if len(reachable) > 1 else 0):
        more = () if slot == 0 else (NO_MORE,)
        item = target_field(f"targets.{slot}", "field.targets", reachable, *more)
        item = replace(item, only_if=previous, label_fields={"number": slot + 1})
        if slot == 1:
            item = replace(item, default_by=("targets.0", after))
        elif slot > 1:
            item = replace(item, default=NO_MORE)
        fields.append(item)
        previous = (item.key, ids)
    fields.append(strength)
    # ``targets`` is there to be filled, one slot after another (an empty list when one
    # target is named: the rules read both).
    base = AttackAction(do="attack", creature=attacker.id, targets=[])
    return [Entry(base, tuple(fields), entry_key("attack_other"))]


def effect_entry(
    state: S,
    user: Creature,
    ability: Ability,
    *,
    kinds: Sequence[str],
    prep: tuple[Field, ...],
    legal: Callable[[S, Action], bool],
    words: str = WORDS.key("effect"),
) -> Entry | None:
    """An ability whose card names no lasting effect, used with one said now (a card left
    blank, a table's house rule): the effect and whom it goes on, starting at the first
    pair the rules take (none: no entry), so the effect tracking runs from the buttons.
    Only the effects that may go on some creature now are offered, and whom one goes on
    opens at the first creature the chosen effect may reach: an effect going down opens
    at an enemy, not at one's own creature the first effect went on."""
    base = SupportAction(do="support", creature=user.id, ability=ability.id, effects=[{}])
    timed: dict[str, object] = {"prep": PREP.default} if prep else {}
    # Each effect's first creature it may go on (an effect going up on one's own, one
    # going down on an enemy): whom the target opens at once that effect is chosen.
    reaches: dict[str | int, str | int] = {}
    for kind in kinds:
        for creature in state.creatures:
            effects = [{"effect": kind, "target": creature.id}]
            if legal(state, {**base, **timed, "effects": effects}):
                reaches[kind] = creature.id
                break
    if not reaches:
        return None
    first = next(iter(reaches))
    effect = Field(
        "effects.0.effect",
        "choice",
        WORDS.key("field.effect"),
        options=tuple(reaches),  # those the rules take now: no step through a refusal
        words=words,
        default=first,
    )
    target = Field(
        "effects.0.target",
        "choice",
        WORDS.key("field.effect_target"),
        options=tuple(c.id for c in state.creatures),
        names={c.id: creature_names(c) for c in state.creatures},
        default=reaches[first],
        default_by=("effects.0.effect", reaches),
    )
    return Entry(base, (*prep, effect, target), entry_key("support_effect"))


def _legal(state: State, action: Action) -> bool:
    try:
        engine.step(state, action)
    except IllegalAction:
        return False
    return True


def entry_key(kind: str) -> str:
    """The catalogue key of the value entry for an attack or a support ability (Four-path's
    prompt asks by the same)."""
    return WORDS.key(f"entry.{kind}")


def _support_choices(
    state: State, creature: Creature, free: list[str], entries: list[Entry], extras: list[Entry]
) -> list[SupportAction]:
    choices: list[SupportAction] = []
    for ability in creature.abilities:
        if sigil.on_sigil(state.tokens, creature.id, ability.id):
            continue
        base = SupportAction(do="support", creature=creature.id, ability=ability.id)
        targets: list[SupportAction] = (
            [{**base, "target": t.id} for t in _targets(state, creature, ability.target)]
            if ability.effects
            else [base]
        )
        prep = (prep_field(state, creature, ability),) if ability.fixed_prep is None else ()
        if not ability.effects:
            said = effect_entry(
                state, creature, ability, kinds=fx.BASE_EFFECTS, prep=prep, legal=_legal
            )
            extras.extend([said] if said else [])
        if prep:  # X on the card: the player says it when used
            free.append("support")
            entries.extend(Entry(action, prep, entry_key("support")) for action in targets)
            continue
        choices.extend(targets)
    return choices


def _targets(state: State, creature: Creature, kind: str | None) -> list[Creature]:
    if kind == "self":
        return [creature]
    if kind == "ally":
        return list(state.army(creature.owner))
    if kind == "enemy":
        return [c for c in state.creatures if c.owner != creature.owner]
    return list(state.creatures)


# --- the view --------------------------------------------------------------------------


def _creature_view(state: State, creature: Creature) -> CreatureView:
    abilities: list[AbilityView] = []
    for ability in creature.abilities:
        token = sigil.on_sigil(state.tokens, creature.id, ability.id)
        abilities.append(
            {
                "id": ability.id,
                "name": ability.name,
                "prep": ability.prep,
                "ready": token is None,
                "returns_at_period": token.returns_at_period if token else None,
            }
        )
    return {
        "id": creature.id,
        "name": creature.name,
        "class": creature.klass,
        "vitality": creature.vitality,
        "wounds": creature.wounds,
        "respawns": creature.respawns,
        "attack_strength": creature.attack_strength,
        "inactive": fx.is_inactive(state.effects, creature.id),
        "acted": creature.id in state.acted,
        # Destroyed and back in its castle during this turn (the seat to act cannot target it).
        "respawned": creature.id in state.respawned,
        "defense": fx.defense(state.effects, creature.id),
        "abilities": abilities,
        "effects": [
            _effect_view(state, effect) for effect in state.effects if effect.target == creature.id
        ],
    }


def _effect_view(state: State, effect: fx.Effect) -> EffectView:
    target = state.creature(effect.target)
    return {
        "kind": effect.kind,
        "creature": effect.target,
        "creature_name": target.name if target else effect.target,
        "applied_by": effect.applied_by,
        "applied_at_period": effect.applied_at_period,
        "ends_at_period": effect.ends_at_period,
        "source": effect.source,
    }


def _token_view(state: State, token: sigil.Token) -> TokenView:
    creature = state.creature(token.creature)
    ability = creature.ability(token.ability) if creature else None
    return {
        "owner": token.owner,
        "creature": token.creature,
        "creature_name": creature.name if creature else token.creature,
        "ability": token.ability,
        "ability_name": ability.name if ability else token.ability,
        "placed_at_period": token.placed_at_period,
        "returns_at_period": token.returns_at_period,
        "sector": token.sector,
    }


def view(state: State, audience: str = "public") -> BestiaryView:
    sun = sigil.sector_of(state.period) if state.period > 0 else None
    tokens = [_token_view(state, token) for token in state.tokens]
    seats: list[SeatView] = []
    for seat in state.seats.numbers():
        seats.append(
            {
                "seat": seat,
                "name": state.seats.name(seat),
                "castle": state.castle_of(seat),
                "castle_damage": state.castle_damage[state.side_of(seat) - 1],
                "scale_length": state.setup.scale_length,
                "creatures": [_creature_view(state, c) for c in state.army(seat)],
            }
        )
    # The sides between seats and castle scales (the duel: one seat each; Four-path adds
    # its teams' fields): each side's one scale and its seats.
    sides: list[SideView] = [
        {
            "side": side,
            "seats": [seat for seat in state.seats.numbers() if state.side_of(seat) == side],
            "castle_damage": state.castle_damage[side - 1],
            "scale_length": state.setup.scale_length,
        }
        for side in (1, 2)
    ]
    winner: WinnerView | None = None
    if state.winner is not None:
        winner = {"seat": state.winner, "name": state.seats.name(state.winner)}
    picture: BestiaryView = {
        "game": GAME,
        "stage": state.stage,
        "period": state.period,
        "cycle": sigil.cycle_of(state.period),
        "sector": sun,
        "phase": state.phase or None,
        "turn": {"seat": state.turn, "name": state.seats.name(state.turn)} if state.turn else None,
        "first_seat": state.setup.first,
        "tempo": state.tempo,
        "scale_length": state.setup.scale_length,
        "seats": seats,
        "sides": sides,
        "sigil": {
            "sun_sector": sun,
            "sectors": [
                {"sector": n, "tokens": [t for t in tokens if t["sector"] == n]}
                for n in range(1, sigil.SECTORS + 1)
            ],
        },
        "tokens": tokens,
        "effects": [_effect_view(state, effect) for effect in state.effects],
        "winner": winner,
        "damage_log": [
            {"period": period, "castle_damage": [one, two]} for period, one, two in state.damage_log
        ],
        "events": [bestiary_event(dict(event)) for event in state.events],
    }
    if audience == DEBUG:
        picture["debug"] = {"acted": sorted(state.acted), "setup": state.setup.to_json()}
    return picture
