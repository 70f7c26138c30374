"""Actions of the Talisman tracker: ``step(state, action) -> state`` (RULES-EXPANSIONS §3).

A hero's sheet changes as the table says (lives, fate, gold, Strength, Craft, trophies,
objects, followers, spells, alignment); the companion enforces the limits (gold never
below 0, the carrying limit, the spell limit, one change of alignment a turn) and keeps
the turn's bookkeeping (the trophy trade at the end of the own turn, the toad's turns, a
missed turn, the spells cast: :mod:`.turn`). A battle is computed (:mod:`.battle`): one
die and the Strength (or Craft) of each side, several enemies on one die, a fate reroll,
the standoff, a life lost unless saved. Dice the players do not enter are rolled from the
setup's seed, so a replay rolls the same. This module: the sheet, the encounters, and
:func:`step`, which hands each action to its handler.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from companion.games.talisman.battle import accept, attack, battle, lose, reroll, reward
from companion.games.talisman.state import (
    ALIGNMENTS,
    Hero,
    State,
    carried,
    draw_count,
    hero_of,
    parse_setup,
)
from companion.games.talisman.turn import (
    KINDS,
    begin_turn,
    end_turn,
    hero_seat,
    miss_turn,
    over_limits,
    roll_die,
    toad,
    without,
)
from companion.games.talisman.types import emit_event
from companion.rules.base import (
    Action,
    IllegalAction,
    as_int,
    as_list,
    check_fields,
    handler_for,
    pick,
    require,
)

Handler = Callable[[State, Action], State]


def start(setup: Mapping[str, object] | None) -> State:
    parsed = parse_setup(setup)
    heroes = tuple(
        hero_of(values, parsed.seats.name(seat))
        for seat, values in zip(parsed.seats.numbers(), parsed.heroes, strict=True)
    )
    state = State(setup=parsed, heroes=heroes, turn=parsed.first)
    return begin_turn(state, parsed.first)


# --- the sheet --------------------------------------------------------------------------------


def _change(state: State, action: Action, field: str, name: str) -> State:
    check_fields(name, action, ("do", "seat", "hero", "change", "kind"))
    seat = hero_seat(state, action)
    change = as_int(require(action, "change", "how much, + or −"), "change", -20, 20)
    hero = state.hero(seat)
    kind = str(action.get("kind") or "gain")
    if field in KINDS:
        kind = pick(("gain", "bonus"), kind, "kind")
        if kind == "bonus":
            field = f"{field}_bonus"
    if hero.toad and field in KINDS:
        # «жаба может получать и отдавать Силу и Умения, все эти изменения исчезают при
        # обратном превращении» (L277).
        field = f"toad_{field}"
    before = int(getattr(hero, field))
    signed = field.endswith("_bonus") or field.startswith("toad_")
    after = before + change if signed else max(0, before + change)
    state = state.changed(seat, **{field: after})
    return emit_event(
        state,
        {"event": "changed", "seat": seat, "field": field, "before": before, "after": after},
    )


def lives(state: State, action: Action) -> State:
    return _change(state, action, "lives", "lives")


def fate(state: State, action: Action) -> State:
    return _change(state, action, "fate", "fate")


def gold(state: State, action: Action) -> State:
    """Gold never below 0: «это требование никакого эффекта возыметь не может» (L140)."""
    return _change(state, action, "gold", "gold")


def strength(state: State, action: Action) -> State:
    """``kind: gain`` (counters kept), ``bonus`` (an object's or an effect's, now)."""
    return _change(state, action, "strength", "strength")


def craft(state: State, action: Action) -> State:
    return _change(state, action, "craft", "craft")


def trophy(state: State, action: Action) -> State:
    """A trophy kept: its Strength (or Craft) adds to the trophies traded later (L203)."""
    check_fields("trophy", action, ("do", "seat", "hero", "kind", "value"))
    seat = hero_seat(state, action)
    kind = pick(KINDS, action.get("kind", "strength"), "kind")
    value = as_int(require(action, "value", "its Strength or Craft"), "value", 0, 20)
    field = f"{kind}_trophies"
    state = state.changed(seat, **{field: int(getattr(state.hero(seat), field)) + value})
    if seat == state.turn and kind == state.spoils_kind and value in state.spoils:
        state = state.evolve(spoils=without(state.spoils, value))  # that enemy is kept
    return emit_event(state, {"event": "trophy", "seat": seat, "kind": kind, "value": value})


def carry(state: State, action: Action) -> State:
    """An object taken; over the carrying limit (4 without a Mule, L148) one must be dropped
    at once (the prompt asks which)."""
    check_fields("carry", action, ("do", "seat", "hero", "object", "allowed"))
    seat = hero_seat(state, action)
    name = str(require(action, "object", "the object's name"))
    if action.get("allowed") is False:
        raise IllegalAction(
            f"{state.seats.name(seat)} may not own {name}: «не может» beats «может» (L255, L305)"
        )
    hero = state.hero(seat)
    state = state.changed(seat, objects=(*hero.objects, name))
    return emit_event(state, {"event": "taken", "seat": seat, "object": name})


def drop(state: State, action: Action) -> State:
    check_fields("drop", action, ("do", "seat", "hero", "object"))
    seat = hero_seat(state, action)
    hero = state.hero(seat)
    name = str(require(action, "object", "which object"))
    if name not in hero.objects:
        raise IllegalAction(f"{hero.name} carries no {name}")
    state = state.changed(seat, **carried(without(hero.objects, name)))
    return emit_event(state, {"event": "dropped", "seat": seat, "object": name})


def capacity(state: State, action: Action) -> State:
    """The carrying limit: 4, more with a Mule or a Horse (entered, TL-A3; 8 with the Horse,
    TL-X3); losing it brings the limit back and the surplus is dropped at once (L152)."""
    check_fields("capacity", action, ("do", "seat", "hero", "value"))
    seat = hero_seat(state, action)
    value = as_int(require(action, "value", "how many objects"), "value", 0, 20)
    state = state.changed(seat, capacity=value)
    surplus = max(0, len(state.hero(seat).objects) - value)
    return emit_event(
        state, {"event": "capacity", "seat": seat, "value": value, "surplus": surplus}
    )


def follower(state: State, action: Action) -> State:
    """Followers are not limited (L164); one a hero may not have is refused (L307)."""
    check_fields("follower", action, ("do", "seat", "hero", "name", "leaves", "allowed"))
    seat = hero_seat(state, action)
    name = str(require(action, "name", "the follower"))
    hero = state.hero(seat)
    if action.get("leaves"):
        if name not in hero.followers:
            raise IllegalAction(f"{name} does not follow {hero.name}")
        state = state.changed(seat, followers=without(hero.followers, name))
        return emit_event(state, {"event": "follower_left", "seat": seat, "name": name})
    if action.get("allowed") is False:
        raise IllegalAction(
            f"{hero.name} cannot have followers: «не может» beats «может» (L255, L307)"
        )
    state = state.changed(seat, followers=(*hero.followers, name))
    return emit_event(state, {"event": "follower_joined", "seat": seat, "name": name})


def spell(state: State, action: Action) -> State:
    """A spell gained, within the Craft's limit (L182-183); a toad gains none (L285)."""
    check_fields("spell", action, ("do", "seat", "hero", "name"))
    seat = hero_seat(state, action)
    hero = state.hero(seat)
    name = str(require(action, "name", "the spell"))
    if hero.toad:
        raise IllegalAction("a toad gains no spells (L285)")
    # Over the limit it is taken all the same and the player then discards the one he
    # chooses («Игрок выбирает, какие именно заклинания сбросить», L191).
    state = state.changed(seat, spells=(*hero.spells, name))
    return emit_event(state, {"event": "spell_gained", "seat": seat, "name": name})


def discard(state: State, action: Action) -> State:
    """A spell discarded: only what is over the limit (no discarding under it, L191)."""
    check_fields("discard", action, ("do", "seat", "hero", "name"))
    seat = hero_seat(state, action)
    hero = state.hero(seat)
    name = str(require(action, "name", "the spell"))
    if name not in hero.spells:
        raise IllegalAction(f"{hero.name} holds no {name}")
    if len(hero.spells) <= hero.spell_limit:
        raise IllegalAction("a spell is not discarded while under the limit (L191)")
    state = state.changed(seat, spells=without(hero.spells, name))
    return emit_event(state, {"event": "spell_discarded", "seat": seat, "name": name})


def cast(state: State, action: Action) -> State:
    """A spell cast: in the own turn at most as many as held when it began; in another's,
    one (the Command spell excepted, L199); not by a toad (L285)."""
    check_fields("cast", action, ("do", "seat", "hero", "name"))
    seat = hero_seat(state, action)
    hero = state.hero(seat)
    name = str(require(action, "name", "the spell"))
    if hero.toad:
        raise IllegalAction("a toad casts no spells (L285)")
    if name not in hero.spells:
        raise IllegalAction(f"{hero.name} holds no {name}")
    limit = hero.cast_limit if seat == state.turn else 1
    if hero.casts >= limit:
        raise IllegalAction(
            f"{hero.name} has cast {hero.casts} this turn, the most: "
            + (
                "the spells held when the turn began (L199)"
                if seat == state.turn
                else "one in another hero's turn (L199)"
            )
        )
    state = state.changed(seat, spells=without(hero.spells, name), casts=hero.casts + 1)
    return emit_event(state, {"event": "spell_cast", "seat": seat, "name": name})


def alignment(state: State, action: Action) -> State:
    """«не может менять характер чаще одного раза в ход» (L241)."""
    check_fields("alignment", action, ("do", "seat", "hero", "to"))
    seat = hero_seat(state, action)
    hero = state.hero(seat)
    to = pick(ALIGNMENTS, require(action, "to", "good, neutral or evil"), "to")
    if hero.aligned_in_turn == state.turns:
        raise IllegalAction(f"{hero.name} changed alignment this turn already (L241)")
    state = state.changed(seat, alignment=to, aligned_in_turn=state.turns)
    return emit_event(state, {"event": "alignment", "seat": seat, "from": hero.alignment, "to": to})


# --- encounters -------------------------------------------------------------------------------


def encounter(state: State, action: Action) -> State:
    """How many cards to draw (L14) and the order to resolve them: by encounter number,
    equal numbers in the order they came into play (L16)."""
    check_fields("encounter", action, ("do", "seat", "required", "on_space", "numbers"))
    required = as_int(action.get("required", 1), "required", 0, 9)
    there = as_int(action.get("on_space", 0), "on_space", 0, 9)
    numbers = [as_int(n, "numbers", 0, 99) for n in as_list(action.get("numbers"), "numbers")]
    order = sorted(range(len(numbers)), key=lambda i: (numbers[i], i))
    return emit_event(
        state,
        {
            "event": "encounter",
            "draw": draw_count(required, there),
            "order": [i + 1 for i in order],
        },
    )


def roll(state: State, action: Action) -> State:
    """A die for anything else (movement, a card's test): the natural number and the total;
    «именно это число» means the natural roll (L259, TL-X5)."""
    check_fields("roll", action, ("do", "seat", "value", "bonus"))
    state, natural = roll_die(state, action.get("value"), "value")
    bonus = as_int(action.get("bonus", 0), "bonus", -9, 9)
    return emit_event(state, {"event": "rolled", "natural": natural, "total": natural + bonus})


HANDLERS: dict[str, Handler] = {
    "end_turn": end_turn,
    "toad": toad,
    "miss_turn": miss_turn,
    "lives": lives,
    "fate": fate,
    "gold": gold,
    "strength": strength,
    "craft": craft,
    "trophy": trophy,
    "carry": carry,
    "drop": drop,
    "capacity": capacity,
    "follower": follower,
    "spell": spell,
    "discard": discard,
    "cast": cast,
    "alignment": alignment,
    "encounter": encounter,
    "roll": roll,
    "battle": battle,
    "attack": attack,
    "reroll": reroll,
    "accept": accept,
    "lose": lose,
    "reward": reward,
}


def step(state: State, action: Action) -> State:
    handler = handler_for(HANDLERS, action)
    over = over_limits(state)
    if over is not None:
        seat, what = over
        fixing = "drop" if what == "object" else "discard"
        if action.get("do") != fixing or hero_seat(state, action) != seat:
            hero = state.hero(seat)
            limit = (
                f"carries {len(hero.objects)} objects, {hero.capacity} at most (L148)"
                if what == "object"
                else f"holds {len(hero.spells)} spells, {hero.spell_limit} at Craft "
                f"{hero.current_craft} (L183)"
            )
            raise IllegalAction(f"first {hero.name} {fixing}s: he {limit}")
    return handler(state.evolve(events=()), action)


__all__ = ["HANDLERS", "Hero", "hero_seat", "over_limits", "start", "step"]
