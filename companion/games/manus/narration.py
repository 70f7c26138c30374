"""Narration of Hand of Manus events, in English and Russian.

The spec gives ``SAYERS`` to :mod:`companion.narration`. A vote is narrated only as
*who* voted: the ``vote_cast`` event carries no value, and no sayer here reads a vote
before the ``votes_revealed`` event.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.games.manus.catalogue import WORDS
from companion.games.spec import Sayer
from companion.narration import player
from companion.rules.base import JSON


def _who(view: JSON, hand: object, language: str) -> str:
    """A player's name, or "name (hand n)" when each player runs two hands."""
    for entry in view.get("hands", []):
        if entry.get("hand") == hand:
            name = str(entry.get("name"))
            if view.get("options", {}).get("hands_per_player", 1) > 1:
                return WORDS("hand_of", language, name=name, hand=hand)
            return name
    return WORDS("hand", language, hand=hand)


def _players(view: JSON, seats: Iterable[object], language: str) -> str:
    joiner = " и " if language == "ru" else " and "
    return joiner.join(player(view, seat, language) for seat in seats)


def _condition(value: str, language: str) -> str:
    return WORDS.name("condition", value, language)


def _site(site: JSON, language: str) -> str:
    return WORDS(
        "site",
        language,
        temperature=_condition(str(site["temperature"]), language),
        humidity=_condition(str(site["humidity"]), language),
    )


def _site_placed(event: JSON, view: JSON, language: str) -> str:
    return WORDS(
        "narr.manus_site_placed",
        language,
        player=player(view, event["seat"], language),
        site=_site(event["site"], language),
    )


def _round_started(event: JSON, view: JSON, language: str) -> str:
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


def _hand_built(event: JSON, view: JSON, language: str) -> str:
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


def _vote_cast(event: JSON, view: JSON, language: str) -> str:
    """Only who voted; the event has no value to say."""
    key = "narr.manus_vote_recast" if event.get("again") else "narr.manus_vote_cast"
    return WORDS(key, language, who=_who(view, event["hand"], language))


def _votes_revealed(event: JSON, view: JSON, language: str) -> str:
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


def _axis_resolved(event: JSON, view: JSON, language: str) -> str:
    axis = WORDS.name("axis", str(event["axis"]), language)
    prevails = event.get("prevails")
    if prevails is None:
        return WORDS("narr.manus_axis_tied", language, axis=axis)
    key = "narr.manus_axis_moved" if event.get("moved") else "narr.manus_axis_stays"
    return WORDS(key, language, axis=axis, condition=_condition(str(prevails), language))


def _test_resolved(event: JSON, view: JSON, language: str) -> str:
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


def _game_won(event: JSON, view: JSON, language: str) -> str:
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


SAYERS: dict[str, Sayer] = {
    "site_placed": _site_placed,
    "round_started": _round_started,
    "discovery_chosen": lambda e, v, lang: WORDS(
        "narr.manus_discovery_chosen",
        lang,
        player=player(v, e["seat"], lang),
        discovery=WORDS.name("discovery", str(e["discovery"]), lang),
    ),
    "hand_built": _hand_built,
    "construction_skipped": lambda e, v, lang: WORDS(
        "narr.manus_construction_skipped", lang, who=_who(v, e["hand"], lang)
    ),
    "target_chosen": lambda e, v, lang: WORDS(
        "narr.manus_target_chosen",
        lang,
        who=_who(v, e["hand"], lang),
        target=WORDS.name("target", str(e["target"]), lang),
    ),
    "vote_cast": _vote_cast,
    "votes_revealed": _votes_revealed,
    "axis_resolved": _axis_resolved,
    "strength_set": lambda e, v, lang: WORDS(
        "narr.manus_strength_set", lang, who=_who(v, e["hand"], lang), strength=e["strength"]
    ),
    "test_resolved": _test_resolved,
    "tie_round_called": lambda e, v, lang: WORDS(
        "narr.manus_tie_round_called",
        lang,
        players=_players(v, e["seats"], lang),
        score=e["score"],
    ),
    "first_passed": lambda e, v, lang: WORDS(
        "narr.manus_first_passed", lang, who=_who(v, e["hand"], lang)
    ),
    "winner_declared": _game_won,
}
