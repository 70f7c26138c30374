"""The Bestiary on the phones, the club line and Home Assistant (docs/phones.md,
docs/club.md): the period and cycle, the castle scales (by side when sides are teams),
the sigil's sectors and tokens, a seat's own creatures and their abilities, the castle
damage by period when the game is over; as sensors the period, the cycle and each
castle's damage. Four-path draws the same board and uses these with its own words."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from companion.games.bestiary.catalogue import WORDS
from companion.games.spec import CardKit, Entity, EntityValue, common_entities, seats_of
from companion.i18n import Words
from companion.rules.base import View, Wire
from companion.rules.reading import Data, mapping, rows, whole

PAGE = {
    "en": {
        "period": "Period",
        "cycle": "cycle",
        "scales": "Castle scales",
        "sigil": "Sigil",
        "returns": "returns in period",
        "no_tokens": "no token on the sigil",
        "you": "You",
        "damage": "damage",
        "creatures": "Your creatures",
        "ready": "ready",
        "chart": "Castle damage by period",
    },
    "ru": {
        "period": "Период",
        "cycle": "цикл",
        "scales": "Шкалы замков",
        "sigil": "Сигил",
        "returns": "вернётся в период",
        "no_tokens": "на сигиле нет жетонов",
        "you": "Вы",
        "damage": "урон",
        "creatures": "Ваши существа",
        "ready": "готово",
        "chart": "Урон замкам по периодам",
    },
}


def say(key: str, language: str) -> str:
    return PAGE.get(language, PAGE["en"]).get(key) or PAGE["en"][key]


def _items(value: object) -> list[object]:
    """``value`` if it is a list (a side's seats, a log row's damage), else none."""
    return list(value) if isinstance(value, list | tuple) else []


def headline(view: View, language: str) -> str:
    """ "Period 3, cycle 1" (nothing before the first period)."""
    period, cycle = whole(view.get("period")), whole(view.get("cycle"))
    if not period:
        return ""
    said = f"{say('period', language)} {period}"
    return f"{said}, {say('cycle', language)} {cycle}" if cycle else said


def seat_name(view: View, seat: object) -> str:
    for each in seats_of(view):
        if each.get("seat") == seat:
            return str(each.get("name", ""))
    return str(seat)


def _sides(view: View) -> list[Data]:
    return rows(view.get("sides"))


def teams(view: View) -> bool:
    """Are the sides teams of more than one seat (Four-path of four)?"""
    return any(len(_items(side.get("seats"))) > 1 for side in _sides(view))


def _side_name(view: View, side: Data) -> str:
    return str(
        side.get("name") or " + ".join(seat_name(view, s) for s in _items(side.get("seats")))
    )


def scales(words: Words) -> Callable[[View, str], list[Wire]]:
    """The castle scales: damage against the scale's length, by side for teams."""

    def summary(view: View, language: str) -> list[Wire]:
        if teams(view):
            return [
                {
                    "label": _side_name(view, side),
                    "value": side.get("castle_damage", 0),
                    "top": side.get("scale_length"),
                    "seat": side.get("side"),
                }
                for side in _sides(view)
            ]
        found: list[Wire] = []
        for seat in seats_of(view):
            if "castle_damage" not in seat:
                continue
            castle = seat.get("castle")
            named = f" · {words.name('castle', str(castle), language)}" if castle else ""
            found.append(
                {
                    "label": f"{seat.get('name')}{named}",
                    "value": seat["castle_damage"],
                    "top": seat.get("scale_length") or view.get("scale_length"),
                    "seat": seat.get("seat"),
                }
            )
        return found

    return summary


def scales_title(language: str) -> str:
    return say("scales", language)


def _sigil(view: View, language: str) -> Wire | None:
    tokens = view.get("tokens")
    if not isinstance(tokens, list):
        return None
    sigil = mapping(view.get("sigil"))
    sun = sigil.get("sun_sector")
    cells = [
        {
            "text": f"{sector.get('sector')} ☀"
            if sector.get("sector") == sun
            else sector.get("sector"),
            "mark": sector.get("sector") == sun,
            "pips": [
                {"text": token.get("returns_at_period"), "seat": token.get("owner")}
                for token in rows(sector.get("tokens"))
            ],
        }
        for sector in rows(sigil.get("sectors"))
    ]
    ordered = sorted(rows(tokens), key=lambda t: whole(t.get("returns_at_period")) or 0)
    lines = [
        {
            "text": f"{token.get('ability_name') or token.get('ability')}"
            f" ({token.get('creature_name') or token.get('creature')})",
            "seat": token.get("owner"),
            "parts": [
                {"text": seat_name(view, token.get("owner")), "quiet": True},
                {
                    "text": f"{say('returns', language)} {token.get('returns_at_period')}",
                    "quiet": True,
                },
            ],
        }
        for token in ordered
    ]
    blocks: list[Wire] = [{"part": "sigil", "cells": cells, "columns": 6}]
    if lines:
        blocks.append({"part": "tokens", "lines": lines})
    else:
        blocks.append({"text": say("no_tokens", language), "quiet": True})
    return {"part": "sigil", "title": say("sigil", language), "blocks": blocks}


def _creatures(seat: Data, language: str) -> list[Wire]:
    lines: list[Wire] = []
    for creature in rows(seat.get("creatures")):
        vitality = whole(creature.get("vitality")) or 0
        alive = vitality - (whole(creature.get("wounds")) or 0)
        parts: list[Wire] = []
        for ability in rows(creature.get("abilities")):
            ready = bool(ability.get("ready"))
            when = (
                say("ready", language)
                if ready
                else f"{say('returns', language)} {ability.get('returns_at_period')}"
            )
            parts.append(
                {"text": f"{ability.get('name')}: {when}", "tone": "good" if ready else ""}
            )
        lines.append({"text": f"{creature.get('name')} {alive}/{vitality}", "parts": parts})
    return lines


def _mine(view: View, language: str, seat: int, words: Words) -> Wire | None:
    mine = next((s for s in seats_of(view) if s.get("seat") == seat), None)
    if mine is None:
        return None
    blocks: list[Wire] = []
    if "castle_damage" in mine:
        castle = mine.get("castle")
        label = words.name("castle", str(castle), language) if castle else say("damage", language)
        top = mine.get("scale_length") or view.get("scale_length")
        blocks.append(
            {"meters": [{"label": label, "value": mine["castle_damage"], "top": top, "seat": 1}]}
        )
    lines = _creatures(mine, language)
    if lines:
        blocks.append({"heading": say("creatures", language)})
        blocks.append({"part": "creatures", "lines": lines})
    return {"part": "mine", "title": say("you", language), "blocks": blocks}


def board(words: Words) -> Callable[[View, str, int | None], list[Wire]]:
    """The sigil for everyone; a seat's castle and creatures for that seat."""

    def sections(view: View, language: str, seat: int | None) -> list[Wire]:
        if seat is not None:
            mine = _mine(view, language, seat, words)
            return [mine] if mine else []
        sigil = _sigil(view, language)
        return [sigil] if sigil else []

    return sections


def chart(view: View, language: str) -> Wire | None:
    """The castle damage by period, a line per side (teams) or seat."""
    log = rows(view.get("damage_log"))
    if not log:
        return None
    sides = _sides(view)
    owners: list[tuple[object, str]]
    if sides and len(_items(log[0].get("castle_damage"))) == len(sides):
        owners = [(side.get("side"), _side_name(view, side)) for side in sides]
    else:
        owners = [(seat.get("seat"), str(seat.get("name"))) for seat in seats_of(view)]
    series = [
        {
            "seat": owner,
            "name": name,
            "points": [[0, 0]]
            + [
                [e.get("period"), (_items(e.get("castle_damage")) or [0] * len(owners))[i]]
                for e in log
            ],
        }
        for i, (owner, name) in enumerate(owners)
    ]
    return {"caption": say("chart", language), "top": view.get("scale_length"), "series": series}


def entities(view: View) -> list[Entity]:
    """The period, the cycle, whose turn, and each castle's damage (by side for teams)."""
    found = [
        *(e for e in common_entities(view) if e.key != "round"),  # the period is the round
        Entity("period", "period", lambda v: whole(v.get("period")), numeric=True),
        Entity("cycle", "cycle", lambda v: whole(v.get("cycle")), numeric=True),
    ]
    if teams(view):
        for side in _sides(view):
            number = side.get("side")
            found.append(
                Entity(
                    f"castle_damage_side_{number}",
                    f"{_side_name(view, side)} castle damage",
                    _side_damage(number),
                    numeric=True,
                )
            )
        return found
    for seat in seats_of(view):
        number = seat.get("seat")
        found.append(
            Entity(
                f"castle_damage_{number}",
                f"{seat.get('name')} castle damage",
                _seat_damage(number),
                numeric=True,
            )
        )
    return found


def _seat_damage(number: object) -> Callable[[View], EntityValue]:
    def value(view: View) -> EntityValue:
        seat = next((s for s in seats_of(view) if s.get("seat") == number), {})
        return whole(seat.get("castle_damage"))

    return value


def _side_damage(number: object) -> Callable[[View], EntityValue]:
    def value(view: View) -> EntityValue:
        side = next((s for s in _sides(view) if s.get("side") == number), {})
        return whole(side.get("castle_damage"))

    return value


SUMMARY = scales(WORDS)
SECTIONS = board(WORDS)


# A new card on the table page: a name and two support abilities to fill in (RULES.md §1:
# every creature has exactly two).
BLANK_CARD: Data = {"name": "", "abilities": [{"name": ""}, {"name": ""}]}


def with_blank(kit: CardKit) -> CardKit:
    """The card kit with the table page's new card."""
    return replace(kit, blank=BLANK_CARD)
