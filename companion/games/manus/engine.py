"""Actions of Hand of Manus: ``step(state, action) -> state``.

Each rule cites the rulebook (seeds/000_e7ef706f9fd7fa4e.txt) by line, ``L242``. The vote
is secret: no event carries a vote's value before the reveal, and the events of a vote
are the same whichever condition was cast.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from itertools import pairwise
from typing import TypeVar

from companion.games.manus.state import (
    AXES,
    AXIS_OF,
    COMBINATIONS,
    CONDITIONS,
    DISCOVERIES,
    FIXED_CONDITIONS,
    HUMIDITY,
    MAGIC,
    MAGIC_PAIRS,
    MAX_STRENGTH,
    NO_TARGET,
    PARTS,
    PHASE_CONSTRUCTION,
    PHASE_DISCOVERY,
    PHASE_TARGETS,
    PHASE_TESTS,
    PHASE_VOTE,
    REVEAL_AUTO,
    REVEAL_CONFIRM,
    SHOW_CARDS,
    STAGE_OVER,
    STAGE_PLAY,
    STAGE_SETUP,
    TARGETS,
    TECHNOLOGY_PAIRS,
    TEMPERATURE,
    TIE_SHARED,
    TYPES,
    WIN_SCORE,
    Element,
    Hand,
    Reveal,
    Site,
    State,
    Test,
)
from companion.games.manus.types import (
    AxisResolvedEvent,
    AxisResult,
    DiscoveryKind,
    TestResolvedEvent,
    emit_event,
)
from companion.rules.base import (
    Action,
    IllegalAction,
    as_int,
    as_list,
    check_fields,
    did_you_mean,
    handler_for,
    pick,
    require,
    require_phase,
    seat_of,
)

Handler = Callable[[State, Action], State]


# --- the arithmetic of the rulebook (pure functions, used by the view too) ---------------


def element_strength(element: Element, site: Site) -> int:
    """L256: an element gives 2 if both its conditions match the site, 1 if one does."""
    return int(element.temperature == site.temperature) + int(element.humidity == site.humidity)


def _pair_matches(discovery: str, one: Element, two: Element) -> bool:
    """L214-L216: technology+technology, magic+magic, or one of each (harmonisation)."""
    if discovery == TECHNOLOGY_PAIRS:
        return not one.is_magic and not two.is_magic
    if discovery == MAGIC_PAIRS:
        return one.is_magic and two.is_magic
    return one.is_magic != two.is_magic


def discovery_bonus(discovery: str | None, elements: tuple[Element, ...]) -> int:
    """L200: a type discovery gives +1 per element of its type (at most +3).
    L212: a combination discovery gives +1 per matching pair of neighbouring elements,
    shoulder-forearm and forearm-hand (at most +2)."""
    if discovery is None:
        return 0
    if discovery in COMBINATIONS:
        pairs = pairwise(elements)
        return sum(1 for one, two in pairs if _pair_matches(discovery, one, two))
    return sum(1 for element in elements if element.type == discovery)


def hand_strength(hand: Hand, site: Site, discovery: str | None) -> int | None:
    """L254-L258: element strength plus the round's discovery bonus; None when the hand's
    elements are not all recorded (the strength is then entered directly)."""
    elements = tuple(part for part in hand.parts if part is not None)
    if len(elements) != len(PARTS):
        return None
    return sum(element_strength(e, site) for e in elements) + discovery_bonus(discovery, elements)


def resolve_vote(site: Site, votes: Iterable[str]) -> tuple[Site, tuple[AxisResult, ...]]:
    """L242-L246: temperature first, then humidity. On each axis the condition with more
    cards pulls the token to its side (it stays if already there); equal counts, including
    none at all, leave the token where it is. Cards of the other axis do not count."""
    cast = list(votes)
    position = {TEMPERATURE: site.temperature, HUMIDITY: site.humidity}
    results: list[AxisResult] = []
    for axis, (one, two) in AXES.items():
        counts = {one: cast.count(one), two: cast.count(two)}
        winning = one if counts[one] > counts[two] else two if counts[two] > counts[one] else None
        before = position[axis]
        if winning is not None:
            position[axis] = winning
        results.append(
            {
                "axis": axis,
                "counts": counts,
                "prevails": winning,
                "from": before,
                "to": position[axis],
                "moved": position[axis] != before,
            }
        )
    return Site(position[TEMPERATURE], position[HUMIDITY]), tuple(results)


# --- small helpers --------------------------------------------------------------------


T = TypeVar("T")


def _set(values: tuple[T, ...], hand: int, value: T) -> tuple[T, ...]:
    return tuple(value if number == hand else old for number, old in enumerate(values, 1))


def _phase_is(state: State, phase: str) -> None:
    if state.stage == STAGE_SETUP:
        raise IllegalAction("not yet: the first player places the test-site token first")
    require_phase(state.phase, (phase,))


def _who(state: State, hand: int) -> str:
    seat = state.setup.seat_of_hand(hand)
    name = state.seats.name(seat)
    return name if state.setup.hands_per_player == 1 else f"{name}'s hand {hand}"


def _first_seat_acts(state: State, action: Action) -> int:
    """Actions only the first player takes (L148, L196)."""
    seat = seat_of(action, state.seats)
    first = state.first_seat
    if seat is not None and seat != first:
        raise IllegalAction(
            f"only the first player acts now: {state.seats.name(first)} (seat {first}), "
            f"not {state.seats.name(seat)}"
        )
    return first


def hand_number(state: State, value: object) -> int:
    count = state.setup.hand_count
    if isinstance(value, str) and value.isdigit():
        value = int(value)
    number = as_int(value, "hand")
    if not 1 <= number <= count:
        raise IllegalAction(f"no hand {number}: hands are 1 to {count}")
    return number


def _named_hand(state: State, action: Action, default: int | None) -> int:
    """The hand an action is for: ``hand:``, else the seat's only playing hand, else the
    hand whose turn it is. A ``seat:`` given alongside must own the hand."""
    seat = seat_of(action, state.seats)
    if action.get("hand") is not None:
        hand = hand_number(state, action["hand"])
    elif default is not None:
        hand = default
    elif seat is not None:
        own = [h for h in state.setup.hands_of(seat) if h in state.playing]
        if len(own) != 1:
            listed = " and ".join(str(h) for h in state.setup.hands_of(seat))
            raise IllegalAction(f"name the hand: {state.seats.name(seat)} runs hands {listed}")
        hand = own[0]
    else:
        raise IllegalAction("missing field 'hand': which hand acts")
    owner = state.setup.seat_of_hand(hand)
    if seat is not None and seat != owner:
        raise IllegalAction(
            f"hand {hand} is {state.seats.name(owner)}'s (seat {owner}), "
            f"not {state.seats.name(seat)}'s"
        )
    return hand


def _turn_hand(state: State, action: Action) -> int:
    """The in-turn phases (L220, L232) go hand by hand from the first player clockwise."""
    expected = state.turn
    assert expected is not None
    hand = _named_hand(state, action, expected)
    if hand != expected:
        raise IllegalAction(
            f"it is {_who(state, expected)}'s turn (hand {expected}), not hand {hand}"
        )
    return hand


def _next_turn(state: State, hand: int) -> int | None:
    order = state.order()
    index = order.index(hand)
    return order[index + 1] if index + 1 < len(order) else None


# --- setup and rounds -----------------------------------------------------------------


def place_site(state: State, action: Action) -> State:
    """L148: the first player places the test-site token on any quadrant."""
    check_fields("place_site", action, ("do", "seat", "temperature", "humidity"))
    if state.stage != STAGE_SETUP:
        raise IllegalAction("the test-site token is already placed; only the vote moves it")
    seat = _first_seat_acts(state, action)
    site = Site(
        pick(AXES[TEMPERATURE], require(action, "temperature", "warm or cold"), "temperature"),
        pick(AXES[HUMIDITY], require(action, "humidity", "wet or dry"), "humidity"),
    )
    state = replace(state, site=site, stage=STAGE_PLAY)
    state = emit_event(state, {"event": "site_placed", "seat": seat, "site": site.to_json()})
    everyone = tuple(range(1, state.setup.hand_count + 1))
    return _begin_round(state, state.first_hand, everyone, ())


def _begin_round(
    state: State, first_hand: int, playing: tuple[int, ...], claimants: tuple[int, ...]
) -> State:
    """L190: a round is five phases; target markers go back to the cross (L268)."""
    blank = (None,) * state.setup.hand_count
    state = replace(
        state,
        round=state.round + 1,
        phase=PHASE_DISCOVERY,
        first_hand=first_hand,
        turn=first_hand,
        playing=playing,
        claimants=claimants,
        discovery=None,
        done=frozenset(),
        targets=blank,
        votes=blank,
        entered=blank,
    )
    return emit_event(
        state,
        {
            "event": "round_started",
            "round": state.round,
            "first_hand": first_hand,
            "first_seat": state.first_seat,
            "tie_round": bool(claimants),
            "claimants": list(claimants),
        },
    )


def choose_discovery(state: State, action: Action) -> State:
    """L196-L198: the first player picks one of the open discovery cards; its bonus applies
    to every hand in this round's tests."""
    check_fields("choose_discovery", action, ("do", "seat", "discovery"))
    _phase_is(state, PHASE_DISCOVERY)
    seat = _first_seat_acts(state, action)
    discovery = pick(DISCOVERIES, require(action, "discovery", "which card"), "discovery")
    state = replace(state, discovery=discovery, phase=PHASE_CONSTRUCTION, turn=state.order()[0])
    kind: DiscoveryKind = "combination" if discovery in COMBINATIONS else "type"
    return emit_event(
        state, {"event": "discovery_chosen", "seat": seat, "discovery": discovery, "kind": kind}
    )


def _element(value: object, where: str, fixed: bool) -> Element:
    """An element card: "steam warm dry", or {type: steam, conditions: [warm, dry]}.

    Water magic and steam have fixed conditions (L51: cold and wet, warm and dry): the
    type alone (or with part of its conditions) fills them in, and with ``fixed`` (edition
    2, docs/manus.md) other conditions are refused as a misrecording."""
    if isinstance(value, str):
        words = [w for w in re.split(r"[\s,/+-]+", value.strip().casefold()) if w]
    elif isinstance(value, Mapping):
        check_fields(where, value, ("type", "conditions"))
        conditions = value.get("conditions")
        if isinstance(conditions, str):
            conditions = conditions.replace("-", " ").split()
        words = [str(value.get("type", ""))] + [str(c) for c in as_list(conditions, "conditions")]
    else:
        raise IllegalAction(f"{where}: a type and two conditions, e.g. 'steam warm dry'")
    types = [w for w in words if w in TYPES]
    temperature = [w for w in words if AXIS_OF.get(w) == TEMPERATURE]
    humidity = [w for w in words if AXIS_OF.get(w) == HUMIDITY]
    unknown = [w for w in words if w not in TYPES and w not in CONDITIONS]
    if unknown:
        raise IllegalAction(
            f"{where}: '{unknown[0]}' is neither an element type nor a condition"
            f"{did_you_mean(unknown[0], TYPES + CONDITIONS)}"
        )
    if len(types) != 1:
        raise IllegalAction(f"{where}: one element type ({', '.join(TYPES)})")
    kind = types[0]
    own = FIXED_CONDITIONS.get(kind)
    if own is not None and len(temperature) <= 1 and len(humidity) <= 1:
        given = (temperature or [own[0]])[0], (humidity or [own[1]])[0]
        if fixed and given != own:
            raise IllegalAction(
                f"{where}: {_type_name(kind)} elements are always {own[0]} and {own[1]} "
                f"(L51), not {given[0]} and {given[1]}: record '{kind}' alone, or the "
                "type the card shows"
            )
        temperature, humidity = [given[0]], [given[1]]
    if len(temperature) != 1 or len(humidity) != 1:
        raise IllegalAction(
            f"{where}: an element has one condition on each axis (L256): "
            "warm or cold, and wet or dry"
        )
    return Element(kind, temperature[0], humidity[0])


def _type_name(kind: str) -> str:
    return f"{kind} magic" if kind in MAGIC else kind


def build(state: State, action: Action) -> State:
    """L220-L222: in turn from the first player, each hand may replace one element card.

    Recording a part not recorded before is free (the starting hand is dealt at random,
    L162, and the companion learns it here); replacing a recorded card is allowed once per
    hand per round.
    """
    check_fields("build", action, ("do", "seat", "hand", "elements"))
    _phase_is(state, PHASE_CONSTRUCTION)
    number = _turn_hand(state, action)
    given = require(
        action,
        "elements",
        "shoulder, forearm and/or hand, e.g. {hand: steam warm dry}",
        scalar=False,
    )
    if isinstance(given, Mapping) and not given:
        raise IllegalAction("nothing to record: give a part an element card, or skip construction")
    if not isinstance(given, Mapping):
        raise IllegalAction("'elements': a mapping of parts, e.g. {shoulder: water cold wet}")
    check_fields("elements", given, PARTS)
    hand = state.hand(number)
    parts = list(hand.parts)
    replaced = []
    elements: dict[str, Element] = {}
    for name, value in given.items():
        element = _element(value, f"elements.{name}", state.setup.fixed_conditions)
        elements[str(name)] = element
        index = PARTS.index(name)
        if parts[index] is not None and parts[index] != element:
            replaced.append(name)
        parts[index] = element
    if len(replaced) > 1:
        raise IllegalAction(
            f"a hand may replace one element card per round (L220), not {len(replaced)} "
            f"({', '.join(replaced)})"
        )
    new_hand = replace(hand, parts=(parts[0], parts[1], parts[2]))
    state = replace(state, hands=tuple(new_hand if h.number == number else h for h in state.hands))
    state = emit_event(
        state,
        {
            "event": "hand_built",
            "hand": number,
            "seat": hand.seat,
            "elements": {name: element.to_json() for name, element in elements.items()},
            "replaced": replaced,
        },
    )
    return _construction_done(state, number)


def skip(state: State, action: Action) -> State:
    """L220: «игрок может и не делать этого, пропустив фазу»."""
    check_fields("skip", action, ("do", "seat", "hand"))
    _phase_is(state, PHASE_CONSTRUCTION)
    number = _turn_hand(state, action)
    state = emit_event(
        state, {"event": "construction_skipped", "hand": number, "seat": state.hand(number).seat}
    )
    return _construction_done(state, number)


def _construction_done(state: State, hand: int) -> State:
    following = _next_turn(state, hand)
    state = replace(state, done=state.done | {hand})
    if following is not None:
        return replace(state, turn=following)
    return replace(state, phase=PHASE_TARGETS, turn=state.order()[0])


def choose_target(state: State, action: Action) -> State:
    """L232: in turn from the first player, each moves the target marker to a tile."""
    check_fields("choose_target", action, ("do", "seat", "hand", "target"))
    _phase_is(state, PHASE_TARGETS)
    number = _turn_hand(state, action)
    chosen = require(action, "target", "the tile")
    if chosen == NO_TARGET and not state.setup.no_target:
        tiles = ", ".join(state.setup.targets)
        raise IllegalAction(
            "no target is not a choice in this game: every hand moves its marker to a "
            f"target (L232): {tiles} (the setup option no_target: true allows leaving it "
            "on the cross)"
        )
    target = pick(state.setup.targets, chosen, "target")
    state = replace(state, targets=_set(state.targets, number, target))
    need, points = TARGETS.get(target, (None, 0))
    state = emit_event(
        state,
        {
            "event": "target_chosen",
            "hand": number,
            "seat": state.hand(number).seat,
            "target": target,
            "need": need,
            "points": points,
        },
    )
    following = _next_turn(state, number)
    if following is not None:
        return replace(state, turn=following)
    return replace(state, phase=PHASE_VOTE, turn=None)


# --- the hidden vote ------------------------------------------------------------------


def vote(state: State, action: Action) -> State:
    """L242: every hand lays one condition card face down, in turn or at once; a hand may
    take its card back and lay another until the reveal. The event says only who voted."""
    check_fields("vote", action, ("do", "seat", "hand", "condition"))
    _phase_is(state, PHASE_VOTE)
    number = _named_hand(state, action, None)
    if number not in state.playing:
        raise IllegalAction(f"hand {number} does not play this tie round")
    condition = pick(
        CONDITIONS, require(action, "condition", "warm, cold, wet or dry"), "condition"
    )
    again = state.hand_voted(number)
    state = replace(state, votes=_set(state.votes, number, condition))
    state = emit_event(
        state,
        {"event": "vote_cast", "hand": number, "seat": state.hand(number).seat, "again": again},
    )
    if state.setup.reveal == REVEAL_AUTO and _all_voted(state):
        return _reveal(state)
    return state


def _all_voted(state: State) -> bool:
    return all(state.hand_voted(hand) for hand in state.playing)


def reveal(state: State, action: Action) -> State:
    """Setup ``reveal: confirm``: the first player turns the cards over when all have voted."""
    check_fields("reveal", action, ("do", "seat"))
    _phase_is(state, PHASE_VOTE)
    if state.setup.reveal != REVEAL_CONFIRM:
        raise IllegalAction("the cards turn over by themselves when the last hand votes")
    _first_seat_acts(state, action)
    waiting = [hand for hand in state.order() if not state.hand_voted(hand)]
    if waiting:
        listed = ", ".join(str(hand) for hand in waiting)
        raise IllegalAction(f"not every hand has voted: waiting for hand {listed}")
    return _reveal(state)


def _axis_resolved(axis: AxisResult) -> AxisResolvedEvent:
    """How the vote moved the token on one axis, as an event."""
    return {
        "event": "axis_resolved",
        "axis": axis["axis"],
        "counts": axis["counts"],
        "prevails": axis["prevails"],
        "from": axis["from"],
        "to": axis["to"],
        "moved": axis["moved"],
    }


def _reveal(state: State) -> State:
    """L242-L246: all cards face up; temperature, then humidity."""
    assert state.site is not None
    cast = [(hand, str(state.votes[hand - 1])) for hand in state.order()]
    site, axes = resolve_vote(state.site, (condition for _, condition in cast))
    tallies = tuple((c, sum(1 for _, v in cast if v == c)) for c in CONDITIONS)
    shown = tuple(sorted(cast)) if state.setup.reveal_shows == SHOW_CARDS else ()
    record = Reveal(state.round, shown, tallies, axes, state.site, site)
    blank = (None,) * state.setup.hand_count
    state = replace(state, site=site, votes=blank, last_reveal=record, phase=PHASE_TESTS)
    state = emit_event(
        state,
        {
            "event": "votes_revealed",
            "round": state.round,
            "cards": [
                {"hand": h, "seat": state.setup.seat_of_hand(h), "condition": c} for h, c in shown
            ]
            if shown
            else None,
            "tallies": dict(tallies),
        },
        *(_axis_resolved(axis) for axis in axes),
    )
    return _tests(state)


# --- the tests ------------------------------------------------------------------------


def strength_of(state: State, hand: int) -> tuple[int | None, str]:
    """A hand's strength this round and where it came from: its recorded elements, else a
    strength entered directly."""
    assert state.site is not None
    computed = hand_strength(state.hand(hand), state.site, state.discovery)
    if computed is not None:
        return computed, "elements"
    entered = state.entered[hand - 1] if state.entered else None
    return (entered, "entered") if entered is not None else (None, "")


def missing_strengths(state: State) -> tuple[int, ...]:
    return tuple(
        hand
        for hand in state.order()
        if state.targets[hand - 1] not in (None, NO_TARGET) and strength_of(state, hand)[0] is None
    )


def set_strength(state: State, action: Action) -> State:
    """L254: the players count a hand's strength; for a hand whose elements are not all
    recorded the companion takes the number they counted (0..9: six from the elements,
    L256, plus at most three from a discovery, L200)."""
    check_fields("set_strength", action, ("do", "seat", "hand", "strength"))
    _phase_is(state, PHASE_TESTS)
    number = _named_hand(state, action, None)
    if number not in state.playing:
        raise IllegalAction(f"hand {number} does not play this tie round")
    if state.hand(number).recorded:
        computed, _ = strength_of(state, number)
        raise IllegalAction(
            f"hand {number}'s strength comes from its recorded elements ({computed})"
        )
    if state.targets[number - 1] == NO_TARGET:
        raise IllegalAction(f"hand {number} has no target this round, so no test")
    strength = as_int(require(action, "strength", "0 to 9"), "strength", 0, MAX_STRENGTH)
    state = replace(state, entered=_set(state.entered, number, strength))
    state = emit_event(
        state,
        {
            "event": "strength_set",
            "hand": number,
            "seat": state.hand(number).seat,
            "strength": strength,
        },
    )
    return _tests(state)


def _tests(state: State) -> State:
    """L262-L264: strength at least the target's need destroys it; the token advances by
    the target's points. Waits while a strength must still be entered."""
    if missing_strengths(state):
        return state
    scores = list(state.scores)
    results = []
    for hand in state.order():
        target = str(state.targets[hand - 1])
        seat = state.setup.seat_of_hand(hand)
        strength, source = strength_of(state, hand)
        need, points = TARGETS.get(target, (None, 0))
        hit = need is not None and strength is not None and strength >= need
        gained = points if hit else 0
        scores[seat - 1] += gained
        results.append(Test(hand, seat, target, need, strength, source, hit, gained))
    state = replace(state, scores=tuple(scores), last_tests=tuple(results))
    resolved: list[TestResolvedEvent] = [
        {
            "event": "test_resolved",
            "hand": t.hand,
            "seat": t.seat,
            "target": t.target,
            "need": t.need,
            "strength": t.strength,
            "hit": t.hit,
            "points": t.points,
            "score": state.scores[t.seat - 1],
        }
        for t in results
    ]
    state = emit_event(state, *resolved)
    return _end_round(state)


def _end_round(state: State) -> State:
    """L266: 12 or more wins; several: the most points; equal: one more round for the
    claimants only. L268: otherwise the first-player token passes clockwise (hand to hand
    with two hands each, L294) and a new round begins."""
    candidates = state.claimants or tuple(state.seats.numbers())
    reached = [seat for seat in candidates if state.scores[seat - 1] >= WIN_SCORE]
    if reached:
        best = max(state.scores[seat - 1] for seat in reached)
        tied = tuple(seat for seat in reached if state.scores[seat - 1] == best)
        if len(tied) == 1 or (state.claimants and state.setup.after_tie == TIE_SHARED):
            return _won(state, tied)
        state = emit_event(state, {"event": "tie_round_called", "seats": list(tied), "score": best})
        playing = tuple(h for seat in tied for h in state.setup.hands_of(seat))
        passed = _pass_token(state, playing)
        return _begin_round(passed, passed.first_hand, playing, tied)
    everyone = tuple(range(1, state.setup.hand_count + 1))
    passed = _pass_token(state, everyone)
    return _begin_round(passed, passed.first_hand, everyone, ())


def _pass_token(state: State, playing: tuple[int, ...]) -> State:
    """L268: the first-player token goes to the next player clockwise; with two hands each
    it goes to the next hand (L294); in a tie round to the next hand that plays (L266)."""
    count = state.setup.hand_count
    for step in range(1, count + 1):
        hand = (state.first_hand - 1 + step) % count + 1
        if hand in playing:
            state = replace(state, first_hand=hand)
            break
    return emit_event(
        state, {"event": "first_passed", "hand": state.first_hand, "seat": state.first_seat}
    )


def _won(state: State, seats: tuple[int, ...]) -> State:
    state = replace(state, winner=seats[0], winners=seats, stage=STAGE_OVER, phase="", turn=None)
    return emit_event(
        state,
        {
            "event": "winner_declared",
            "seat": seats[0],
            "seats": list(seats),
            "shared": len(seats) > 1,
            "score": state.scores[seats[0] - 1],
        },
    )


HANDLERS: dict[str, Handler] = {
    "place_site": place_site,
    "choose_discovery": choose_discovery,
    "build": build,
    "skip": skip,
    "choose_target": choose_target,
    "vote": vote,
    "reveal": reveal,
    "set_strength": set_strength,
}


def step(state: State, action: Action) -> State:
    handler = handler_for(HANDLERS, action)
    if state.stage == STAGE_OVER:
        names = " and ".join(state.seats.name(seat) for seat in state.winners)
        raise IllegalAction(f"the game is over: {names} won")
    return handler(replace(state, events=()), action)


__all__ = [
    "HANDLERS",
    "discovery_bonus",
    "element_strength",
    "hand_number",
    "hand_strength",
    "missing_strengths",
    "resolve_vote",
    "step",
    "strength_of",
]
