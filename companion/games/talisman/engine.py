"""Actions of the Talisman tracker: ``step(state, action) -> state`` (RULES-EXPANSIONS §3).

A hero's sheet changes as the table says (lives, fate, gold, Strength, Craft, trophies,
objects, followers, spells, alignment); the companion enforces the limits (gold never
below 0, the carrying limit, the spell limit, one change of alignment a turn) and keeps
the turn's bookkeeping (the trophy trade at the end of the own turn, the toad's turns, a
missed turn, the spells cast). A battle is computed: one die and the Strength (or Craft)
of each side, several enemies on one die, a fate reroll, the standoff, a life lost unless
saved. Dice the players do not enter are rolled from the setup's seed, so a replay rolls
the same.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import replace

from companion.games.talisman.state import (
    ALIGNMENTS,
    PHASE_BATTLE,
    PHASE_OUTCOME,
    PHASE_REWARD,
    PHASE_TURN,
    TOAD_TURNS,
    Battle,
    Hero,
    State,
    draw_count,
    hero_of,
    parse_setup,
    trophy_trade,
)
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

Handler = Callable[[State, Action], State]
KINDS = ("strength", "craft")
SAVED_BY = ("object", "spell", "ability")
TAKES = ("life", "gold", "object")


def start(setup: Mapping[str, object] | None) -> State:
    parsed = parse_setup(setup)
    heroes = tuple(
        hero_of(values, parsed.seats.name(seat))
        for seat, values in zip(parsed.seats.numbers(), parsed.heroes, strict=True)
    )
    state = State(setup=parsed, heroes=heroes, turn=parsed.first)
    return _begin_turn(state, parsed.first)


# --- helpers ----------------------------------------------------------------------------------


def hero_seat(state: State, action: Action, key: str = "hero") -> int:
    """The hero an action is about (by seat or name); the turn's hero by default."""
    given = action.get(key)
    if given is None:
        return state.turn
    seat = seat_of({"seat": given}, state.seats)
    assert seat is not None
    return seat


def _by(state: State, action: Action, expected: int) -> None:
    """A ``seat`` named on an action of the turn (or of a decision) must be the one whose
    it is."""
    seat = seat_of(action, state.seats)
    if seat is not None and seat != expected:
        raise IllegalAction(
            f"it is {state.seats.name(expected)}'s to do, not {state.seats.name(seat)}'s"
        )


def _in_turn(state: State, *phases: str) -> None:
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


def _die(state: State, given: object, key: str) -> tuple[State, int]:
    """A die the players rolled (``given``), or one the companion rolls from the seed:
    the n-th roll of a game is always the same."""
    if given is not None:
        return state, as_int(given, key, 1, 6)
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


# --- the turn ---------------------------------------------------------------------------------


def _begin_turn(state: State, seat: int) -> State:
    """A hero's turn begins: the spells held now bound his casts (L199); a hero who must
    miss this turn misses it (L297)."""
    hero = state.hero(seat)
    if hero.miss_next:
        state = state.changed(seat, miss_next=False)
        state = emit(state, {"event": "turn_missed", "seat": seat})
        return _begin_turn(state, state.seats.after(seat))
    heroes = tuple(replace(h, casts=0) for h in state.heroes)
    state = state.evolve(heroes=heroes, turn=seat, turns=state.turns + 1, phase=PHASE_TURN)
    state = state.changed(seat, casts=0, cast_limit=len(hero.spells) if not hero.toad else 0)
    return emit(state, {"event": "turn_began", "seat": seat, "turn": state.turns})


def end_turn(state: State, action: Action) -> State:
    """The end of the own turn: trophies traded if the hero says so (7 a point, the rest
    lost, never by a toad, L203-213, L281), the toad's count (L273-293), the next hero."""
    check_fields("end_turn", action, ("do", "seat", "trade"))
    _in_turn(state)
    _by(state, action, state.turn)
    return _end(state, [str(k) for k in as_list(action.get("trade"), "trade")])


def _end(state: State, trades: list[str]) -> State:
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
        state = emit(
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
        state = emit(state, {"event": "toad_turn", "seat": seat, "left": left})
    state = emit(state, {"event": "turn_ended", "seat": seat})
    return _begin_turn(state.evolve(battle=None), state.seats.after(seat))


def toad(state: State, action: Action) -> State:
    """«на три хода» (L273); toaded again: «остается жабой на три хода, начиная с момента
    второго превращения» (L293). With ``toad_from_next`` (TL-A1) the turn it happens in
    does not count."""
    check_fields("toad", action, ("do", "seat", "hero"))
    _in_turn(state)
    seat = hero_seat(state, action)
    state = state.changed(seat, toad=TOAD_TURNS, toad_since=state.turns)
    return emit(state, {"event": "toaded", "seat": seat, "turns": TOAD_TURNS})


def miss_turn(state: State, action: Action) -> State:
    """«Если у героя были еще не разыгранные встречи на этом делении, пропущенным считается
    этот ход. Если встреч больше не было, тогда герой пропускает свой следующий ход» (L297);
    either way this turn ends at once."""
    check_fields("miss_turn", action, ("do", "seat", "encounters_left"))
    _in_turn(state)
    _by(state, action, state.turn)
    left = action.get("encounters_left", False)
    if not isinstance(left, bool):
        raise IllegalAction("'encounters_left': true or false")
    seat = state.turn
    if not left:
        state = state.changed(seat, miss_next=True)
    state = emit(state, {"event": "miss_turn", "seat": seat, "next": not left})
    return _end(state, [])


def without(items: tuple[str, ...], name: str) -> tuple[str, ...]:
    """``items`` less one ``name`` (a hero may hold two of a kind: one goes)."""
    index = items.index(name)
    return items[:index] + items[index + 1 :]


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
    return emit(
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
    return emit(state, {"event": "trophy", "seat": seat, "kind": kind, "value": value})


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
    return emit(state, {"event": "taken", "seat": seat, "object": name})


def drop(state: State, action: Action) -> State:
    check_fields("drop", action, ("do", "seat", "hero", "object"))
    seat = hero_seat(state, action)
    hero = state.hero(seat)
    name = str(require(action, "object", "which object"))
    if name not in hero.objects:
        raise IllegalAction(f"{hero.name} carries no {name}")
    state = state.changed(seat, objects=without(hero.objects, name))
    return emit(state, {"event": "dropped", "seat": seat, "object": name})


def capacity(state: State, action: Action) -> State:
    """The carrying limit: 4, more with a Mule or a Horse (entered, TL-A3; 8 with the Horse,
    TL-X3); losing it brings the limit back and the surplus is dropped at once (L152)."""
    check_fields("capacity", action, ("do", "seat", "hero", "value"))
    seat = hero_seat(state, action)
    value = as_int(require(action, "value", "how many objects"), "value", 0, 20)
    state = state.changed(seat, capacity=value)
    surplus = max(0, len(state.hero(seat).objects) - value)
    return emit(state, {"event": "capacity", "seat": seat, "value": value, "surplus": surplus})


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
        return emit(state, {"event": "follower_left", "seat": seat, "name": name})
    if action.get("allowed") is False:
        raise IllegalAction(
            f"{hero.name} cannot have followers: «не может» beats «может» (L255, L307)"
        )
    state = state.changed(seat, followers=(*hero.followers, name))
    return emit(state, {"event": "follower_joined", "seat": seat, "name": name})


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
    return emit(state, {"event": "spell_gained", "seat": seat, "name": name})


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
    return emit(state, {"event": "spell_discarded", "seat": seat, "name": name})


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
    return emit(state, {"event": "spell_cast", "seat": seat, "name": name})


def alignment(state: State, action: Action) -> State:
    """«не может менять характер чаще одного раза в ход» (L241)."""
    check_fields("alignment", action, ("do", "seat", "hero", "to"))
    seat = hero_seat(state, action)
    hero = state.hero(seat)
    to = pick(ALIGNMENTS, require(action, "to", "good, neutral or evil"), "to")
    if hero.aligned_in_turn == state.turns:
        raise IllegalAction(f"{hero.name} changed alignment this turn already (L241)")
    state = state.changed(seat, alignment=to, aligned_in_turn=state.turns)
    return emit(state, {"event": "alignment", "seat": seat, "from": hero.alignment, "to": to})


# --- encounters -------------------------------------------------------------------------------


def encounter(state: State, action: Action) -> State:
    """How many cards to draw (L14) and the order to resolve them: by encounter number,
    equal numbers in the order they came into play (L16)."""
    check_fields("encounter", action, ("do", "seat", "required", "on_space", "numbers"))
    required = as_int(action.get("required", 1), "required", 0, 9)
    there = as_int(action.get("on_space", 0), "on_space", 0, 9)
    numbers = [as_int(n, "numbers", 0, 99) for n in as_list(action.get("numbers"), "numbers")]
    order = sorted(range(len(numbers)), key=lambda i: (numbers[i], i))
    return emit(
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
    state, natural = _die(state, action.get("value"), "value")
    bonus = as_int(action.get("bonus", 0), "bonus", -9, 9)
    return emit(state, {"event": "rolled", "natural": natural, "total": natural + bonus})


# --- battle -----------------------------------------------------------------------------------


def _yes(value: object, key: str) -> bool:
    """A flag: true/false, or the buttons' yes/no."""
    if isinstance(value, bool):
        return value
    if value in ("yes", "no"):
        return value == "yes"
    raise IllegalAction(f"'{key}': true or false, not {value!r}")


def _weapons(action: Action) -> int:
    """The weapons' bonus: the best ``weapon_limit`` of them (1; the Warrior 2; 0 when a
    card forbids weapons, «не может» beats «может», L255, TL-X6)."""
    bonuses = sorted(
        (as_int(b, "weapons", 0, 9) for b in as_list(action.get("weapons"), "weapons")),
        reverse=True,
    )
    limit = as_int(action.get("weapon_limit", 1), "weapon_limit", 0, 2)
    return sum(bonuses[:limit])


def battle(state: State, action: Action) -> State:
    """The hero against one or several enemies (L50-78): one die and the hero's Strength,
    weapon and bonuses against one die and the enemies' Strengths together; psychic combat
    with Craft (L106)."""
    check_fields(
        "battle",
        action,
        (
            "do",
            "seat",
            "enemies",
            "psychic",
            "bonus",
            "weapons",
            "weapon_limit",
            "roll",
            "enemy_roll",
        ),
    )
    _in_turn(state)
    _by(state, action, state.turn)
    seat = state.turn
    hero = state.hero(seat)
    psychic = _yes(action.get("psychic", False), "psychic")
    enemies = tuple(as_int(e, "enemies", 0, 30) for e in as_list(action.get("enemies"), "enemies"))
    if not enemies:
        raise IllegalAction("'enemies': the Strength (or Craft) of each enemy, e.g. [3, 4]")
    base = hero.current_craft if psychic else hero.current_strength
    bonus = base + as_int(action.get("bonus", 0), "bonus", -9, 9)
    if not psychic:
        bonus += _weapons(action)
    state, own = _die(state, action.get("roll"), "roll")
    state, theirs = _die(state, action.get("enemy_roll"), "enemy_roll")
    fight = Battle(
        seat,
        "craft" if psychic else "strength",
        enemies,
        bonus=bonus,
        roll=own,
        opponent_roll=theirs,
    )
    state = state.evolve(battle=fight, phase=PHASE_BATTLE)
    return emit(state, _battle_event(state, fight, "battle"))


def _battle_event(state: State, fight: Battle, name: str) -> dict[str, object]:
    return {
        "event": name,
        "seat": fight.seat,
        "kind": fight.kind,
        "enemies": list(fight.enemies),
        "opponent": fight.opponent,
        "roll": fight.roll,
        "hero_total": fight.hero_total,
        "opponent_roll": fight.opponent_roll,
        "against": fight.against_total,
    }


def attack(state: State, action: Action) -> State:
    """Hero against hero (L84-102): both roll; the attacker decides on a fate reroll first,
    then the defender (L94); the higher total wins, equal is a standoff."""
    check_fields(
        "attack",
        action,
        ("do", "seat", "defender", "psychic", "bonus", "defender_bonus", "roll", "defender_roll"),
    )
    _in_turn(state)
    _by(state, action, state.turn)
    seat = state.turn
    other = hero_seat(state, {"hero": require(action, "defender", "the hero attacked")})
    if other == seat:
        raise IllegalAction("a hero attacks another hero")
    psychic = _yes(action.get("psychic", False), "psychic")
    mine, theirs = state.hero(seat), state.hero(other)
    base = (
        (mine.current_craft, theirs.current_craft)
        if psychic
        else (mine.current_strength, theirs.current_strength)
    )
    state, own = _die(state, action.get("roll"), "roll")
    state, their = _die(state, action.get("defender_roll"), "defender_roll")
    fight = Battle(
        seat,
        "craft" if psychic else "strength",
        (),
        opponent=other,
        bonus=base[0] + as_int(action.get("bonus", 0), "bonus", -9, 9),
        opponent_bonus=base[1] + as_int(action.get("defender_bonus", 0), "defender_bonus", -9, 9),
        roll=own,
        opponent_roll=their,
    )
    state = state.evolve(battle=fight, phase=PHASE_BATTLE)
    return emit(state, _battle_event(state, fight, "attack"))


def reroll(state: State, action: Action) -> State:
    """«После этого герой может отдать один жетон судьбы и перебросить кубик» (L64): one
    fate for one reroll of his own die, once a battle (TL-A2)."""
    check_fields("reroll", action, ("do", "seat", "roll"))
    _in_turn(state, PHASE_BATTLE)
    fight = state.battle
    assert fight is not None
    defender = fight.opponent and fight.attacker_done
    seat = fight.opponent if defender else fight.seat
    hero = state.hero(seat)
    if fight.opponent_rerolled if defender else fight.rerolled:
        raise IllegalAction("one fate, one reroll a battle (L64)")
    if hero.fate <= 0:
        raise IllegalAction(f"{hero.name} has no fate to spend")
    state = state.changed(seat, fate=hero.fate - 1)
    state, die = _die(state, action.get("roll"), "roll")
    if defender:
        fight = replace(fight, opponent_roll=die, opponent_rerolled=True)
    else:
        fight = replace(fight, roll=die, rerolled=True)
    state = state.evolve(battle=fight)
    return emit(state, {**_battle_event(state, fight, "rerolled"), "by": seat})


def accept(state: State, action: Action) -> State:
    """The rolls stand: the outcome. A win kills the enemies (their Strength or Craft to the
    hero's trophies); a standoff ends the turn, nobody hurt (L74); a loss costs a life
    unless saved (asked next), and the turn ends (L70)."""
    check_fields("accept", action, ("do", "seat"))
    _in_turn(state, PHASE_BATTLE)
    fight = state.battle
    assert fight is not None
    if fight.opponent and not fight.attacker_done:
        fight = replace(fight, attacker_done=True)
        state = state.evolve(battle=fight)
        return emit(state, {"event": "attacker_decided", "seat": fight.seat})
    mine, theirs = fight.hero_total, fight.against_total
    outcome = "won" if mine > theirs else "lost" if mine < theirs else "standoff"
    state = state.evolve(last_battle=fight, last_outcome=outcome)
    state = emit(
        state,
        {
            **_battle_event(state, fight, "battle_result"),
            "outcome": outcome,
            "rerolled": fight.rerolled,
            "opponent_rerolled": fight.opponent_rerolled,
        },
    )
    if outcome == "standoff":
        return _end(state, [])
    if fight.opponent:
        winner = fight.seat if outcome == "won" else fight.opponent
        return state.evolve(phase=PHASE_REWARD, winner_of_duel=winner)
    if outcome == "won":
        field = f"{fight.kind}_trophies"
        hero = state.hero(fight.seat)
        state = state.changed(fight.seat, **{field: int(getattr(hero, field)) + sum(fight.enemies)})
        return state.evolve(phase=PHASE_TURN, battle=None)
    return state.evolve(phase=PHASE_OUTCOME)


def lose(state: State, action: Action) -> State:
    """A battle lost: «отдает 1 жизнь», unless an object, a spell or an ability prevents it
    (L66); in psychic combat no object can (L120). The turn ends (L70)."""
    check_fields("lose", action, ("do", "seat", "saved_by"))
    _in_turn(state, PHASE_OUTCOME)
    fight = state.battle
    assert fight is not None
    saved = action.get("saved_by")
    if saved is not None:
        saved = pick(SAVED_BY, saved, "saved_by")
        if saved == "object" and fight.kind == "craft":
            raise IllegalAction(
                "in psychic combat «ни один Предмет не способен предотвратить потерю жизни» (L120)"
            )
    hero = state.hero(fight.seat)
    if saved is None:
        state = state.changed(fight.seat, lives=max(0, hero.lives - 1))
    state = emit(
        state,
        {
            "event": "life_lost" if saved is None else "life_saved",
            "seat": fight.seat,
            "by": saved or "",
        },
    )
    return _end(state, [])


def reward(state: State, action: Action) -> State:
    """Hero against hero: the winner takes 1 life (which the loser may save), 1 object or 1
    gold (L98); a last life taken lets him take all the loser's objects, gold and
    followers (L100); the turn ends (L102)."""
    check_fields("reward", action, ("do", "seat", "take", "object", "saved_by"))
    _in_turn(state, PHASE_REWARD)
    fight = state.battle
    assert fight is not None
    winner = state.winner_of_duel
    loser = fight.opponent if winner == fight.seat else fight.seat
    take = pick(TAKES, require(action, "take", "a life, an object or a gold"), "take")
    lost = state.hero(loser)
    said: dict[str, object] = {"event": "reward", "seat": winner, "from": loser, "take": take}
    if take == "gold":
        if lost.gold <= 0:
            raise IllegalAction(f"{lost.name} has no gold (L140)")
        state = state.changed(loser, gold=lost.gold - 1)
        state = state.changed(winner, gold=state.hero(winner).gold + 1)
    elif take == "object":
        name = str(require(action, "object", "which object"))
        if name not in lost.objects:
            raise IllegalAction(f"{lost.name} carries no {name}")
        state = state.changed(loser, objects=without(lost.objects, name))
        state = state.changed(winner, objects=(*state.hero(winner).objects, name))
        said["object"] = name
    else:
        saved = action.get("saved_by")
        if saved is not None:
            said["saved_by"] = pick(SAVED_BY, saved, "saved_by")
            if saved == "object" and fight.kind == "craft":
                raise IllegalAction(
                    "in psychic combat «ни один Предмет не способен предотвратить потерю "
                    "жизни» (L120)"
                )
        else:
            state = state.changed(loser, lives=max(0, lost.lives - 1))
            if lost.lives == 1:  # the last life: all he has (L100)
                won = state.hero(winner)
                state = state.changed(
                    winner,
                    gold=won.gold + lost.gold,
                    objects=(*won.objects, *lost.objects),
                    followers=(*won.followers, *lost.followers),
                )
                state = state.changed(loser, gold=0, objects=(), followers=())
                said["all"] = True
    return _end(emit(state, said), [])


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


__all__ = ["HANDLERS", "Hero", "hero_seat", "start", "step"]
