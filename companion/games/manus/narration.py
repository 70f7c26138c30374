"""Narration of Hand of Manus events, in English and Russian.

The spec gives ``SAYERS`` to :mod:`companion.narration`. A vote is narrated only as
*who* voted: the ``vote_cast`` event carries no value, and no sayer here reads a vote
before the ``votes_revealed`` event.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.games.manus.catalogue import WORDS
from companion.games.manus.types import (
    AxisResolvedEvent,
    DiscoveryChosenEvent,
    HandBuiltEvent,
    HandSeatEvent,
    ManusView,
    RoundStartedEvent,
    SitePlacedEvent,
    SiteView,
    StrengthSetEvent,
    TargetChosenEvent,
    TestResolvedEvent,
    TieRoundCalledEvent,
    VoteCastEvent,
    VotesRevealedEvent,
    WinnerDeclaredEvent,
    manus_view,
)
from companion.games.spec import Sayer, typed_sayers
from companion.narration import player as _named

_sayer = typed_sayers(manus_view)


def player(view: ManusView, seat: int, language: str) -> str:
    return _named(view, seat, language)


def _who(view: ManusView, hand: int, language: str) -> str:
    """A player's name, or "name (hand n)" when each player runs two hands."""
    for entry in view.get("hands", []):
        if entry.get("hand") == hand:
            name = str(entry.get("name"))
            if view.get("options", {}).get("hands_per_player", 1) > 1:
                return WORDS("hand_of", language, name=name, hand=hand)
            return name
    return WORDS("hand", language, hand=hand)


def _players(view: ManusView, seats: Iterable[int], language: str) -> str:
    joiner = " и " if language == "ru" else " and "
    return joiner.join(player(view, seat, language) for seat in seats)


def _condition(value: str, language: str) -> str:
    return WORDS.name("condition", value, language)


def _site(site: SiteView, language: str) -> str:
    return WORDS(
        "site",
        language,
        temperature=_condition(str(site["temperature"]), language),
        humidity=_condition(str(site["humidity"]), language),
    )


def _site_placed(event: SitePlacedEvent, view: ManusView, language: str) -> str:
    return WORDS(
        "narr.manus_site_placed",
        language,
        player=player(view, event["seat"], language),
        site=_site(event["site"], language),
    )


def _round_started(event: RoundStartedEvent, view: ManusView, language: str) -> str:
    first = _who(view, event["first_hand"], language)
    if event.get("tie_round"):
        return WORDS(
            "narr.manus_tie_round_started",
            language,
            round=event["round"],
            players=_players(view, event["claimants"], language),
            player=first,
        )
    return WORDS("narr.manus_round_started", language, round=event["round"], player=first)


def _hand_built(event: HandBuiltEvent, view: ManusView, language: str) -> str:
    parts = []
    for part, element in event["elements"].items():
        conditions = element["conditions"]
        parts.append(
            f"{WORDS.name('part', part, language)} → "
            f"{WORDS.name('type', element['type'], language)} "
            f"({_condition(conditions['temperature'], language)}, "
            f"{_condition(conditions['humidity'], language)})"
        )
    return WORDS(
        "narr.manus_hand_built",
        language,
        who=_who(view, event["hand"], language),
        parts="; ".join(parts),
    )


def _vote_cast(event: VoteCastEvent, view: ManusView, language: str) -> str:
    """Only who voted; the event has no value to say."""
    key = "narr.manus_vote_recast" if event.get("again") else "narr.manus_vote_cast"
    return WORDS(key, language, who=_who(view, event["hand"], language))


def _votes_revealed(event: VotesRevealedEvent, view: ManusView, language: str) -> str:
    cards = event.get("cards")
    if cards:
        listed = ", ".join(
            f"{_who(view, card['hand'], language)} {_condition(card['condition'], language)}"
            for card in cards
        )
        return WORDS("narr.manus_votes_revealed", language, cards=listed)
    tallies = ", ".join(
        f"{_condition(condition, language)} {count}"
        for condition, count in event["tallies"].items()
    )
    return WORDS("narr.manus_tallies_revealed", language, tallies=tallies)


def _axis_resolved(event: AxisResolvedEvent, view: ManusView, language: str) -> str:
    axis = WORDS.name("axis", str(event["axis"]), language)
    prevails = event.get("prevails")
    if prevails is None:
        return WORDS("narr.manus_axis_tied", language, axis=axis)
    key = "narr.manus_axis_moved" if event.get("moved") else "narr.manus_axis_stays"
    return WORDS(key, language, axis=axis, condition=_condition(str(prevails), language))


def _test_resolved(event: TestResolvedEvent, view: ManusView, language: str) -> str:
    who = _who(view, event["hand"], language)
    if event.get("need") is None:
        return WORDS("narr.manus_test_none", language, who=who)
    target = WORDS.name("target", str(event["target"]), language)
    key = "narr.manus_test_hit" if event.get("hit") else "narr.manus_test_missed"
    return WORDS(
        key,
        language,
        who=who,
        strength=event["strength"],
        target=target,
        points=event["points"],
        score=event["score"],
        need=event["need"],
    )


def _game_won(event: WinnerDeclaredEvent, view: ManusView, language: str) -> str:
    if event.get("shared"):
        return WORDS(
            "narr.manus_game_shared",
            language,
            players=_players(view, event["seats"], language),
            score=event["score"],
        )
    return WORDS(
        "narr.manus_game_won",
        language,
        player=player(view, event["seat"], language),
        score=event["score"],
    )


def _discovery_chosen(event: DiscoveryChosenEvent, view: ManusView, language: str) -> str:
    return WORDS(
        "narr.manus_discovery_chosen",
        language,
        player=player(view, event["seat"], language),
        discovery=WORDS.name("discovery", str(event["discovery"]), language),
    )


def _construction_skipped(event: HandSeatEvent, view: ManusView, language: str) -> str:
    return WORDS(
        "narr.manus_construction_skipped", language, who=_who(view, event["hand"], language)
    )


def _target_chosen(event: TargetChosenEvent, view: ManusView, language: str) -> str:
    return WORDS(
        "narr.manus_target_chosen",
        language,
        who=_who(view, event["hand"], language),
        target=WORDS.name("target", str(event["target"]), language),
    )


def _strength_set(event: StrengthSetEvent, view: ManusView, language: str) -> str:
    return WORDS(
        "narr.manus_strength_set",
        language,
        who=_who(view, event["hand"], language),
        strength=event["strength"],
    )


def _tie_round_called(event: TieRoundCalledEvent, view: ManusView, language: str) -> str:
    return WORDS(
        "narr.manus_tie_round_called",
        language,
        players=_players(view, event["seats"], language),
        score=event["score"],
    )


def _first_passed(event: HandSeatEvent, view: ManusView, language: str) -> str:
    return WORDS("narr.manus_first_passed", language, who=_who(view, event["hand"], language))


SAYERS: dict[str, Sayer] = {
    "site_placed": _sayer(_site_placed),
    "round_started": _sayer(_round_started),
    "discovery_chosen": _sayer(_discovery_chosen),
    "hand_built": _sayer(_hand_built),
    "construction_skipped": _sayer(_construction_skipped),
    "target_chosen": _sayer(_target_chosen),
    "vote_cast": _sayer(_vote_cast),
    "votes_revealed": _sayer(_votes_revealed),
    "axis_resolved": _sayer(_axis_resolved),
    "strength_set": _sayer(_strength_set),
    "test_resolved": _sayer(_test_resolved),
    "tie_round_called": _sayer(_tie_round_called),
    "first_passed": _sayer(_first_passed),
    "winner_declared": _sayer(_game_won),
}
