"""Talisman: the turn and what every action checks (RULES-EXPANSIONS §3): whose turn and
phase it is, the hero an action names, the dice (rolled from the setup's seed when the
players enter none, so a replay rolls the same), the limits that act at once; a turn's
beginning and end (the trophy trade, the toad's turns, a missed turn).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TypeVar

from companion.games.talisman.state import (
    PHASE_BATTLE,
    PHASE_OUTCOME,
    PHASE_REWARD,
    PHASE_TURN,
    TOAD_TURNS,
    State,
    trophy_trade,
)
from companion.games.talisman.types import emit_event
from companion.rules.base import (
    Action,
    IllegalAction,
    as_int,
    as_list,
    check_fields,
    pick,
    seat_of,
)

KINDS = ("strength", "craft")
T = TypeVar("T")


def hero_seat(state: State, action: Action, key: str = "hero") -> int:
    """The hero an action is about (by seat or name); the turn's hero by default."""
    given = action.get(key)
    if given is None:
        return state.turn
    seat = seat_of({"seat": given}, state.seats)
    assert seat is not None
    return seat


def check_seat(state: State, action: Action, expected: int) -> None:
    """A ``seat`` named on an action of the turn (or of a decision) must be the one whose
    it is."""
    seat = seat_of(action, state.seats)
    if seat is not None and seat != expected:
        raise IllegalAction(
            f"it is {state.seats.name(expected)}'s to do, not {state.seats.name(seat)}'s"
        )


def flag(value: object, key: str) -> bool:
    """A flag: true/false, or the buttons' yes/no (an entry's field holds a word)."""
    if isinstance(value, bool):
        return value
    if value in ("yes", "no"):
        return value == "yes"
    raise IllegalAction(f"'{key}': true or false, not {value!r}")


def check_phase(state: State, *phases: str) -> None:
    wanted = phases or (PHASE_TURN,)
    if state.phase not in wanted:
        raise IllegalAction(
            f"not now: {_phase_words(state.phase)} first"
            if state.phase != PHASE_TURN
            else "not now: no battle is under way"
        )


def _phase_words(phase: str) -> str:
    return {
        PHASE_BATTLE: "the battle's rolls wait to be accepted",
        PHASE_OUTCOME: "the lost battle's life",
        PHASE_REWARD: "the winner's reward",
    }.get(phase, phase)


# Each die an action takes, as a refusal names it when the table's dice leave it out.
DIE_WORDS = {
    "roll": "the hero's die",
    "enemy_roll": "the enemies' die",
    "defender_roll": "the defender's die",
    "value": "the die",
}


def table_dice(state: State, action: Action, *keys: str) -> None:
    """With the table's dice, every die of ``action`` must be entered: the refusal names
    each one left out (a battle's two at once)."""
    if not state.setup.table_dice:
        return
    missing = [
        f"'{key}' ({DIE_WORDS.get(key, 'a die')})" for key in keys if action.get(key) is None
    ]
    if missing:
        raise IllegalAction(
            f"the table's dice: enter {' and '.join(missing)} as rolled, 1 to 6 "
            "(setup dice: table; with dice: box the companion rolls them)"
        )


def roll_die(state: State, given: object, key: str) -> tuple[State, int]:
    """A die the players rolled (``given``), or one the companion rolls from the seed:
    the n-th roll of a game is always the same. With the table's dice (``dice: table``)
    a die left out is refused, naming it: the players rolled it on the table, and a die
    the box made up would give another result than theirs."""
    if given is not None:
        return state, as_int(given, key, 1, 6)
    table_dice(state, {}, key)
    rng = random.Random(f"{state.setup.seed}:{state.dice}")
    return state.evolve(dice=state.dice + 1), rng.randint(1, 6)


def over_limits(state: State) -> tuple[int, str] | None:
    """A hero over a limit that acts at once: objects over the carrying limit are dropped on
    the space (L148, L152), spells over the Craft's limit discarded (L183). Until then only
    the drop or the discard is taken."""
    for seat, hero in enumerate(state.heroes, 1):
        if len(hero.objects) > hero.capacity:
            return seat, "object"
        if len(hero.spells) > hero.spell_limit:
            return seat, "spell"
    return None


def begin_turn(state: State, seat: int) -> State:
    """A hero's turn begins: the spells held now bound his casts (L199); a hero who must
    miss this turn misses it (L297)."""
    hero = state.hero(seat)
    if hero.miss_next:
        state = state.changed(seat, miss_next=False)
        state = emit_event(state, {"event": "turn_missed", "seat": seat})
        return begin_turn(state, state.seats.after(seat))
    heroes = tuple(replace(h, casts=0) for h in state.heroes)
    state = state.evolve(heroes=heroes, turn=seat, turns=state.turns + 1, phase=PHASE_TURN)
    state = state.changed(seat, casts=0, cast_limit=len(hero.spells) if not hero.toad else 0)
    return emit_event(state, {"event": "turn_began", "seat": seat, "turn": state.turns})


def end_turn(state: State, action: Action) -> State:
    """The end of the own turn: trophies traded if the hero says so (7 a point, the rest
    lost, never by a toad, L203-213, L281), the toad's count (L273-293), the next hero."""
    check_fields("end_turn", action, ("do", "seat", "trade"))
    check_phase(state)
    check_seat(state, action, state.turn)
    return end_of_turn(state, [str(k) for k in as_list(action.get("trade"), "trade")])


def end_of_turn(state: State, trades: list[str]) -> State:
    seat = state.turn
    hero = state.hero(seat)
    for kind in trades:
        pick(KINDS, kind, "trade")
        if hero.toad:
            raise IllegalAction(
                "a toad does not trade trophies: what it gains vanishes when it turns back (L281)"
            )
        points = hero.strength_trophies if kind == "strength" else hero.craft_trophies
        gained, lost = trophy_trade(points)
        if not gained:
            raise IllegalAction(f"{points} {kind} on trophies: 7 make one point (L207)")
        if kind == "strength":
            hero = replace(hero, strength=hero.strength + gained, strength_trophies=0)
        else:
            hero = replace(hero, craft=hero.craft + gained, craft_trophies=0)
        state = state.with_hero(seat, hero)
        state = emit_event(
            state,
            {
                "event": "trophies_traded",
                "seat": seat,
                "kind": kind,
                "gained": gained,
                "lost": lost,
            },
        )
    hero = state.hero(seat)
    this_turn = state.setup.toad_from_next and hero.toad_since == state.turns
    if hero.toad and not this_turn:  # TL-A1: the turn it happened in does not count
        left = hero.toad - 1
        state = state.changed(seat, toad=left)
        if not left:  # back to the hero: what the toad gained vanishes (L277)
            state = state.changed(seat, toad_strength=0, toad_craft=0)
        state = emit_event(state, {"event": "toad_turn", "seat": seat, "left": left})
    state = emit_event(state, {"event": "turn_ended", "seat": seat})
    return begin_turn(state.evolve(battle=None, spoils=()), state.seats.after(seat))


def toad(state: State, action: Action) -> State:
    """«на три хода» (L273); toaded again: «остается жабой на три хода, начиная с момента
    второго превращения» (L293). With ``toad_from_next`` (TL-A1) the turn it happens in
    does not count."""
    check_fields("toad", action, ("do", "seat", "hero"))
    check_phase(state)
    seat = hero_seat(state, action)
    state = state.changed(seat, toad=TOAD_TURNS, toad_since=state.turns)
    return emit_event(state, {"event": "toaded", "seat": seat, "turns": TOAD_TURNS})


def miss_turn(state: State, action: Action) -> State:
    """«Если у героя были еще не разыгранные встречи на этом делении, пропущенным считается
    этот ход. Если встреч больше не было, тогда герой пропускает свой следующий ход» (L297);
    either way this turn ends at once."""
    check_fields("miss_turn", action, ("do", "seat", "encounters_left"))
    check_phase(state)
    check_seat(state, action, state.turn)
    left = flag(action.get("encounters_left", False), "encounters_left")
    seat = state.turn
    if not left:
        state = state.changed(seat, miss_next=True)
    state = emit_event(state, {"event": "miss_turn", "seat": seat, "next": not left})
    return end_of_turn(state, [])


def without(items: tuple[T, ...], name: T) -> tuple[T, ...]:
    """``items`` less one ``name`` (a hero may hold two of a kind: one goes; two enemies
    of one Strength, one kept)."""
    index = items.index(name)
    return items[:index] + items[index + 1 :]
