"""What Hand of Manus shows: ``prompt(state)`` and ``view(state, audience)``.

The secret is the vote before the reveal. The public view and the prompt depend only on
*which* hands have voted, never on what they voted: no value, no order by value, no
count, no hash. A seat's own view adds its own hands' votes; ``debug`` shows all.
"""

from __future__ import annotations

from companion.games.manus.catalogue import WORDS
from companion.games.manus.engine import missing_strengths, strength_of
from companion.games.manus.state import (
    AXES,
    COMBINATIONS,
    CONDITIONS,
    DISCOVERIES,
    FIXED_CONDITIONS,
    GAME,
    HUMIDITY,
    MAGIC,
    MAGIC_PAIRS,
    MAX_STRENGTH,
    PARTS,
    PHASE_CONSTRUCTION,
    PHASE_DISCOVERY,
    PHASE_TARGETS,
    PHASE_TESTS,
    PHASE_VOTE,
    STAGE_OVER,
    STAGE_SETUP,
    TARGETS,
    TECHNOLOGY,
    TEMPERATURE,
    TYPES,
    WIN_SCORE,
    Element,
    State,
)
from companion.games.manus.types import (
    ChooseDiscoveryAction,
    ChooseTargetAction,
    EntryBase,
    HandView,
    ManusAction,
    ManusView,
    PlaceSiteAction,
    RevealView,
    SkipAction,
    WinnerView,
    manus_events,
)
from companion.rules.base import DEBUG, Entry, Field, Prompt, audience_seat


def _who(state: State, hand: int) -> str:
    seat = state.setup.seat_of_hand(hand)
    name = state.seats.name(seat)
    return name if state.setup.hands_per_player == 1 else f"{name} {hand}"


def _key(kind: str) -> str:
    return WORDS.key(f"ui.prompt.{kind}")


def prompt(state: State) -> Prompt:
    """Who must decide what now. In the vote every playing hand may act; the prompt names
    the first seat still to vote, and offers every hand the same four conditions."""
    if state.stage == STAGE_OVER:
        names = ", ".join(state.seats.name(seat) for seat in state.winners)
        fields: dict[str, str | int] = {
            "player": names,
            "score": state.scores[state.winners[0] - 1],
        }
        return Prompt(None, "game_over", _key("game_over"), fields)
    first = state.first_seat
    if state.stage == STAGE_SETUP:
        sites: list[PlaceSiteAction] = [
            {"do": "place_site", "temperature": t, "humidity": h}
            for t in AXES[TEMPERATURE]
            for h in AXES[HUMIDITY]
        ]
        fields = {"player": state.seats.name(first)}
        return Prompt(first, "place_site", _key("place_site"), fields, tuple(sites))
    if state.phase == PHASE_DISCOVERY:
        cards: list[ChooseDiscoveryAction] = [
            {"do": "choose_discovery", "discovery": d} for d in DISCOVERIES
        ]
        fields = {"player": state.seats.name(first), "round": state.round}
        return Prompt(first, "choose_discovery", _key("choose_discovery"), fields, tuple(cards))
    if state.phase in (PHASE_CONSTRUCTION, PHASE_TARGETS):
        return _turn_prompt(state)
    if state.phase == PHASE_VOTE:
        return _vote_prompt(state)
    return _tests_prompt(state)


def _turn_prompt(state: State) -> Prompt:
    hand = state.turn
    assert hand is not None
    seat = state.setup.seat_of_hand(hand)
    if state.phase == PHASE_CONSTRUCTION:
        skips: list[SkipAction] = [{"do": "skip", "hand": hand}]
        who = {"player": _who(state, hand)}
        entries = (_build_entry(state, hand),)
        asked = _key(_build_question(state, hand))
        return Prompt(seat, "build", asked, who, tuple(skips), ("build",), entries)
    targets: list[ChooseTargetAction] = [
        {"do": "choose_target", "hand": hand, "target": t} for t in state.setup.targets
    ]
    return Prompt(
        seat, "choose_target", _key("choose_target"), {"player": _who(state, hand)}, tuple(targets)
    )


def _build_question(state: State, hand: int) -> str:
    """What construction asks of the hand, in the words that fit it: a hand the companion
    knows nothing of yet is asked to record its cards (it has nothing to replace), a
    hand known in part to record the rest or replace one, a known hand to replace one."""
    recorded = sum(part is not None for part in state.hand(hand).parts)
    if recorded == 0:
        return "build_unknown"
    return "build" if recorded == len(PARTS) else "build_partly"


KEEP = "keep"
PAIRS = tuple(f"{t} {h}" for t in AXES[TEMPERATURE] for h in AXES[HUMIDITY])
FREE_TYPES = tuple(kind for kind in TYPES if kind not in FIXED_CONDITIONS)


def _pair_names(pair: str) -> dict[str, str]:
    return {
        language: " · ".join(WORDS(f"condition.{c}", language) for c in pair.split())
        for language in ("en", "ru")
    }


def _type_order(state: State) -> tuple[str, ...]:
    """The element types as the build entry lists them after "keep", in the rulebook's
    order (L81-L88) but with what this round's discovery rewards one press from "keep":
    its type moved just after it (fire, the last, is already one press down), or for the
    combination of magical elements (L215) the magic types first."""
    found = state.discovery
    if found == MAGIC_PAIRS:
        return MAGIC + TECHNOLOGY
    if found not in TYPES or found == TYPES[-1]:
        return TYPES
    return (found, *(kind for kind in TYPES if kind != found))


def _pair(element: Element) -> str:
    return f"{element.temperature} {element.humidity}"


def _likely_conditions(state: State, hand: int, part: str) -> dict[str | int, str | int]:
    """Where a part's conditions open once its type is chosen: the conditions this hand's
    card of that type has (the part's own first, then its other parts), else another
    hand's (first that part's, from the same deck, L152, L222), else the test site's,
    where an element gives the most (L256), else warm and wet."""
    count = state.setup.hand_count
    hands = [state.hand((hand - 1 + step) % count + 1).parts for step in range(count)]
    index = PARTS.index(part)
    cards = [hands[0][index], *hands[0]]
    cards += [parts[index] for parts in hands[1:]] + [e for parts in hands[1:] for e in parts]
    site = f"{state.site.temperature} {state.site.humidity}" if state.site else PAIRS[0]
    likely: dict[str | int, str | int] = {}
    for kind in FREE_TYPES:
        seen = next((e for e in cards if e is not None and e.type == kind), None)
        likely[kind] = _pair(seen) if seen is not None else site
    return likely


def _build_entry(state: State, hand: int) -> Entry:
    """The hand's three parts, each kept or given an element card: its type (this round's
    discovery one press from "keep"), then its two conditions unless the type fixes them
    (water magic, steam: L51), opening where that type's card most likely is."""
    record = state.hand(hand)
    types = _type_order(state)
    fields: list[Field] = []
    for part, element in zip(PARTS, record.parts, strict=True):
        now = {
            language: (
                " ".join(
                    [
                        WORDS(f"type.{element.type}", language),
                        *(
                            WORDS(f"condition.{c}", language)
                            for c in (element.temperature, element.humidity)
                        ),
                    ]
                )
                if element is not None
                else "—"
            )
            for language in ("en", "ru")
        }
        part_words = {language: WORDS(f"part.{part}", language) for language in ("en", "ru")}
        type_key = f"elements.{part}.type"
        fields.append(
            Field(
                type_key,
                "choice",
                WORDS.key("field.part_type"),
                options=(KEEP, *types),
                words=WORDS.key("type"),
                omit=(KEEP,),
                label_fields={"part": part_words, "now": now},
            )
        )
        fields.append(
            Field(
                f"elements.{part}.conditions",
                "choice",
                WORDS.key("field.part_conditions"),
                options=PAIRS,
                names={pair: _pair_names(pair) for pair in PAIRS},
                only_if=(type_key, FREE_TYPES),
                default_by=(type_key, _likely_conditions(state, hand, part)),
                label_fields={"part": part_words},
            )
        )
    base: EntryBase = {"do": "build", "hand": hand, "elements": {}}
    return Entry(base, tuple(fields), WORDS.key("entry.build"), {"player": _who(state, hand)})


def _vote_prompt(state: State) -> Prompt:
    order = state.order()
    waiting = [hand for hand in order if not state.hand_voted(hand)]
    choices: list[ManusAction] = [
        {"do": "vote", "hand": hand, "condition": condition}
        for hand in order
        for condition in CONDITIONS
    ]
    if not waiting:
        choices.insert(0, {"do": "reveal"})
        fields = {"player": state.seats.name(state.first_seat)}
        return Prompt(state.first_seat, "reveal", _key("reveal"), fields, tuple(choices))
    seat = state.setup.seat_of_hand(waiting[0])
    names = ", ".join(_who(state, hand) for hand in waiting)
    return Prompt(seat, "vote", _key("vote"), {"waiting": names}, tuple(choices))


def _tests_prompt(state: State) -> Prompt:
    """L252-L264: each player counts and tests his own hands, in no order. Every hand whose
    strength is still to be entered has its entry, the first in turn order first; an
    entry names its hand's seat, so it is that seat's to enter (whoever's hand comes
    first). The prompt names the first hand's seat and lists every hand still awaited."""
    missing = missing_strengths(state)
    seat = state.setup.seat_of_hand(missing[0])
    entries = tuple(_strength_entry(state, hand) for hand in missing)
    if len(missing) == 1:
        fields: dict[str, str | int] = {"player": _who(state, missing[0])}
        asked = _key("set_strength")
    else:
        fields = {"waiting": ", ".join(_who(state, hand) for hand in missing)}
        asked = _key("set_strengths")
    return Prompt(seat, "set_strength", asked, fields, (), ("set_strength",), entries)


def _strength_entry(state: State, hand: int) -> Entry:
    """One hand's strength, 0 to 9, starting where the count most likely is (few presses):
    the hand's strength of the last round when it was tested then (its cards change by one
    at most a round), else the strength its target needs."""
    need, _ = TARGETS.get(str(state.targets[hand - 1]), (None, 0))
    last = next(
        (t.strength for t in state.last_tests if t.hand == hand and t.strength is not None),
        None,
    )
    start = last if last is not None else need if need is not None else 0
    strength = Field(
        "strength",
        "int",
        WORDS.key("field.strength"),
        low=0,
        high=MAX_STRENGTH,
        default=min(MAX_STRENGTH, max(0, start)),
        label_fields={"need": need if need is not None else "—"},
    )
    owner = state.setup.seat_of_hand(hand)
    base: EntryBase = {"do": "set_strength", "hand": hand, "seat": owner}
    return Entry(base, (strength,), WORDS.key("entry.strength"), {"player": _who(state, hand)})


# --- the view ---------------------------------------------------------------------------


def _hand_view(state: State, hand: int, own: bool, debug: bool) -> HandView:
    record = state.hand(hand)
    target = state.targets[hand - 1] if state.targets else None
    need, points = TARGETS.get(str(target), (None, 0))
    picture: HandView = {
        "hand": hand,
        "seat": record.seat,
        "name": state.seats.name(record.seat),
        "playing": hand in state.playing,
        "first": hand == state.first_hand and state.stage != STAGE_SETUP,
        "elements": {
            name: (part.to_json() if part is not None else None)
            for name, part in zip(PARTS, record.parts, strict=True)
        },
        "recorded": record.recorded,
        "constructed": hand in state.done,
        "target": target,
        "target_need": need,
        "target_points": points if target else None,
        "voted": state.hand_voted(hand) if state.votes else False,
        "strength": None,
        "strength_from": None,
    }
    if state.phase == PHASE_TESTS and hand in state.playing:
        strength, source = strength_of(state, hand)
        picture["strength"] = strength
        picture["strength_from"] = source or None
    if (own or debug) and state.votes and state.hand_voted(hand):
        picture["vote"] = str(state.votes[hand - 1])
    return picture


def _reveal_view(state: State) -> RevealView | None:
    shown = state.last_reveal
    if shown is None:
        return None
    return {
        "round": shown.round,
        "shows": state.setup.reveal_shows,
        "cards": [
            {"hand": hand, "seat": state.setup.seat_of_hand(hand), "condition": condition}
            for hand, condition in shown.cards
        ]
        if shown.cards
        else None,
        "tallies": dict(shown.tallies),
        "axes": [axis.copy() for axis in shown.axes],
        "site_before": shown.site_before.to_json(),
        "site_after": shown.site_after.to_json(),
    }


def _winner_view(state: State) -> WinnerView | None:
    if not state.winners:
        return None
    return {
        "seat": state.winners[0],
        "name": state.seats.name(state.winners[0]),
        "seats": list(state.winners),
        "names": [state.seats.name(seat) for seat in state.winners],
        "shared": len(state.winners) > 1,
        "score": state.scores[state.winners[0] - 1],
    }


def view(state: State, audience: str = "public") -> ManusView:
    """The game as an audience sees it, named as the rulebook names things (see
    docs/manus.md)."""
    debug = audience == DEBUG
    viewer = audience_seat(audience)
    own_hands: tuple[int, ...] = ()
    if viewer is not None and viewer in state.seats.numbers():
        own_hands = state.setup.hands_of(viewer)
    hands = [
        _hand_view(state, hand, hand in own_hands, debug)
        for hand in range(1, state.setup.hand_count + 1)
    ]
    voting = state.phase == PHASE_VOTE
    order = state.order() if state.stage != STAGE_SETUP else ()
    discovery = state.discovery
    turn = state.turn if state.phase in (PHASE_CONSTRUCTION, PHASE_TARGETS) else None
    picture: ManusView = {
        "game": GAME,
        "stage": state.stage,
        "round": state.round,
        "phase": state.phase or None,
        "tie_round": bool(state.claimants),
        "claimants": list(state.claimants),
        "first": {
            "hand": state.first_hand,
            "seat": state.first_seat,
            "name": state.seats.name(state.first_seat),
        },
        "turn": {
            "hand": turn,
            "seat": state.setup.seat_of_hand(turn),
            "name": state.seats.name(state.setup.seat_of_hand(turn)),
        }
        if turn is not None
        else None,
        "order": list(order),
        "test_site": state.site.to_json() if state.site else None,
        "discovery": {
            "id": discovery,
            "kind": "combination" if discovery in COMBINATIONS else "type",
        }
        if discovery
        else None,
        "seats": [
            {
                "seat": seat,
                "name": state.seats.name(seat),
                "hands": list(state.setup.hands_of(seat)),
                "score": state.scores[seat - 1],
                "track_sector": state.scores[seat - 1] % WIN_SCORE,
            }
            for seat in state.seats.numbers()
        ],
        "hands": hands,
        "vote": {
            "open": voting,
            "voted": [h for h in order if state.hand_voted(h)] if voting else [],
            "waiting": [h for h in order if not state.hand_voted(h)] if voting else [],
            "reveal": state.setup.reveal,
        },
        "last_reveal": _reveal_view(state),
        "last_tests": [
            {
                "hand": t.hand,
                "seat": t.seat,
                "target": t.target,
                "need": t.need,
                "strength": t.strength,
                "strength_from": t.source or None,
                "hit": t.hit,
                "points": t.points,
            }
            for t in state.last_tests
        ],
        "win_score": WIN_SCORE,
        "options": state.setup.to_json(),
        "winner": _winner_view(state),
        "events": manus_events(state.events),
    }
    if viewer is not None:
        picture["audience"] = {"seat": viewer, "hands": list(own_hands)}
    if debug:
        picture["debug"] = {
            "votes": {str(h): v for h, v in enumerate(state.votes, 1) if v is not None},
            "done": sorted(state.done),
        }
    return picture
