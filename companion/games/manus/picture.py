"""Hand of Manus on the phones, the club line and Home Assistant (docs/phones.md,
docs/club.md): the test room, the votes and the last reveal for everyone; a seat's own
hands (its vote, its elements, its target) for that seat; the vote's buttons in the
conditions' colours; the scores as sensors."""

from __future__ import annotations

from companion.games.manus.catalogue import WORDS
from companion.games.manus.types import HandView, ManusView, manus_view
from companion.games.spec import Entity, common_entities, seats_of
from companion.rules.base import View, Wire

# The page's own words (the catalogue's are the box's).
PAGE = {
    "en": {
        "room": "Test room",
        "votes": "Votes",
        "voted": "voted",
        "waiting": "waiting",
        "reveal": "Last reveal",
        "round": "Round",
        "no_reveal": "no vote revealed yet",
        "site": "site",
        "you": "You",
        "points": "Points",
        "scores": "Scores",
        "hand": "Hand",
        "your_vote": "Your vote",
        "not_voted": "not voted yet",
        "target": "target",
        "no_target": "none",
        "strength": "strength",
    },
    "ru": {
        "room": "Комната испытаний",
        "votes": "Голоса",
        "voted": "готов",
        "waiting": "ждём",
        "reveal": "Последнее вскрытие",
        "round": "Раунд",
        "no_reveal": "голоса ещё не вскрывали",
        "site": "участок",
        "you": "Вы",
        "points": "Очки",
        "scores": "Очки",
        "hand": "Длань",
        "your_vote": "Ваш голос",
        "not_voted": "ещё не голосовали",
        "target": "цель",
        "no_target": "нет",
        "strength": "сила",
    },
}
# The vote's colours, as the seat buttons light them (red warm, blue cold, cyan wet,
# yellow dry); a quadrant of the room is its two conditions' colours.
TONES = {"warm": "red", "cold": "blue", "wet": "cyan", "dry": "yellow"}
ROOM = (("warm", "wet"), ("warm", "dry"), ("cold", "wet"), ("cold", "dry"))


def _say(key: str, language: str) -> str:
    return PAGE.get(language, PAGE["en"]).get(key) or PAGE["en"][key]


def _condition(condition: object, language: str) -> str:
    return WORDS(f"condition.{condition}", language)


def _site(site: object, language: str) -> str:
    if not isinstance(site, dict):
        return ""
    return (
        f"{_condition(site.get('temperature'), language)}"
        f" · {_condition(site.get('humidity'), language)}"
    )


def _hands(view: ManusView) -> list[HandView]:
    hands = view.get("hands")
    return [h for h in hands if isinstance(h, dict)] if isinstance(hands, list) else []


def _seat_name(view: View, seat: object) -> str:
    for each in seats_of(view):
        if each.get("seat") == seat:
            return str(each.get("name", ""))
    return str(seat)


def summary(view: View, language: str) -> list[Wire]:
    """Each seat's points against the goal."""
    goal = view.get("win_score")
    return [
        {"label": str(seat.get("name", "")), "value": seat.get("score", 0), "top": goal}
        | {"seat": seat.get("seat")}
        for seat in seats_of(view)
    ]


def summary_title(language: str) -> str:
    return _say("scores", language)


def _room(view: ManusView, language: str) -> Wire:
    site = view.get("test_site")
    here = (site.get("temperature"), site.get("humidity")) if isinstance(site, dict) else None
    cells = [
        {
            "text": f"{_condition(t, language)} · {_condition(h, language)}",
            "tone": f"{TONES[t]}-{TONES[h]}",
            "mark": here == (t, h),
            "pips": [{"text": "●"}] if here == (t, h) else [],  # the site's token
        }
        for t, h in ROOM
    ]
    side: list[Wire] = []
    discovery = view.get("discovery")
    if isinstance(discovery, dict):
        # The discovery's own name says it is one ("Discovery in the practice of ...").
        side.append({"text": WORDS.name("discovery", str(discovery.get("id")), language)})
    vote = view.get("vote")
    vote = vote if isinstance(vote, dict) else {}
    if vote.get("open"):
        voted = set(vote.get("voted") or [])
        side.append({"heading": _say("votes", language)})
        lines = []
        for hand in _hands(view):
            if hand.get("playing") is False:
                continue
            done = bool(hand.get("voted")) or hand.get("hand") in voted
            said = f"✓ {_say('voted', language)}" if done else f"… {_say('waiting', language)}"
            lines.append({"text": f"{hand.get('name')}: {said}", "tone": "good" if done else ""})
        side.append({"part": "votes", "lines": lines})
    reveal = view.get("last_reveal")
    if isinstance(reveal, dict):
        heading = f"{_say('reveal', language)} ({_say('round', language)} {reveal.get('round')})"
        side.append({"heading": heading})
        cards = [c for c in reveal.get("cards") or [] if isinstance(c, dict)]
        side.append(
            {
                "part": "reveal",
                "columns": 3,
                "lines": [
                    {
                        "text": f"{_seat_name(view, c.get('seat'))}: "
                        f"{_condition(c.get('condition'), language)}",
                        "tone": TONES.get(str(c.get("condition")), ""),
                    }
                    for c in cards
                ],
            }
        )
        before, after = reveal.get("site_before"), reveal.get("site_after")
        if before and after:
            moved = f"{_site(before, language)} → {_site(after, language)}"
            side.append({"part": "site-move", "text": f"{_say('site', language)}: {moved}"})
    else:
        side.append({"heading": _say("reveal", language)})
        side.append({"text": _say("no_reveal", language), "quiet": True})
    return {
        "part": "room",
        "title": _say("room", language),
        "beside": True,
        "blocks": [{"part": "room", "cells": cells, "columns": 2}, *side],
    }


def _element(element: object, language: str) -> str:
    if not isinstance(element, dict):
        return WORDS.name("type", str(element), language)
    words = WORDS.name("type", str(element.get("type")), language)
    conditions = element.get("conditions")
    if isinstance(conditions, dict):
        words += f" ({_site(conditions, language)})"
    return words


def _mine(view: ManusView, language: str, seat: int) -> Wire:
    blocks: list[Wire] = []
    for each in seats_of(view):
        if each.get("seat") == seat and each.get("score") is not None:
            meter = {"label": _say("points", language), "value": each["score"], "seat": seat}
            blocks.append({"meters": [meter | {"top": view.get("win_score")}]})
    hands = [h for h in _hands(view) if h.get("seat") == seat]
    vote = view.get("vote")
    voting = isinstance(vote, dict) and bool(vote.get("open"))
    for hand in hands:
        lines: list[Wire] = []
        if len(hands) > 1:
            blocks.append({"heading": f"{_say('hand', language)} {hand.get('hand')}"})
        if voting or hand.get("vote"):
            chip: Wire
            if hand.get("vote"):
                chip = {"text": _condition(hand["vote"], language), "tone": TONES[hand["vote"]]}
            else:
                said = f"✓ {_say('voted', language)}" if hand.get("voted") else None
                chip = {"text": said or _say("not_voted", language), "quiet": True}
            lines.append({"text": f"{_say('your_vote', language)}: ", "parts": [chip]})
        elements = hand.get("elements")
        for part, element in elements.items() if isinstance(elements, dict) else ():
            if element:
                name = WORDS(f"part.{part}", language)
                lines.append({"text": f"{name}: {_element(element, language)}"})
        target = hand.get("target")
        if target:
            need = f" ({hand['target_need']})" if hand.get("target_need") else ""
            said = (
                _say("no_target", language)
                if target == "none"
                else WORDS.name("target", str(target), language)
            )
            lines.append({"text": f"{_say('target', language)}: {said}{need}"})
        if hand.get("strength") is not None:
            lines.append({"text": f"{_say('strength', language)}: {hand['strength']}"})
        blocks.append({"part": "hand", "lines": lines})
    return {"part": "mine", "title": _say("you", language), "blocks": blocks}


def sections(view: View, language: str, seat: int | None) -> list[Wire]:
    """The room for everyone; a seat's own hands for that seat."""
    typed = manus_view(view)
    if seat is not None:
        return [_mine(typed, language, seat)]
    if "test_site" not in typed:
        return []
    return [_room(typed, language)]


def action_looks(view: View, language: str, seat: int) -> list[Wire]:
    """A vote's button says its condition in its colour, and which hand when the seat
    has more than one."""
    hands = [h for h in _hands(manus_view(view)) if h.get("seat") == seat]
    looks: list[Wire] = []
    for hand in hands:
        which = f" · {_say('hand', language)} {hand.get('hand')}" if len(hands) > 1 else ""
        for condition, tone in TONES.items():
            looks.append(
                {
                    "when": {"do": "vote", "hand": hand.get("hand"), "condition": condition},
                    "label": f"{_condition(condition, language)}{which}",
                    "tone": tone,
                }
            )
    return looks


def entities(view: View) -> list[Entity]:
    """The round, whose turn, each seat's points, the test site."""
    return [
        *common_entities(view),
        Entity("test_site", "test site", lambda v: _site(v.get("test_site"), "en") or None),
    ]
