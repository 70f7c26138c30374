"""Tetranomicon's LED ring: the generic one (the acting seat all round, breathing; the
winner's chase) in the factions' colours, so the ring, the screen and the pieces on the
board agree on who is who (the Legion red, the Alliance green, the Order yellow, the
Brotherhood turquoise)."""

from __future__ import annotations

from dataclasses import replace

from companion.games.tetranomicon.labels import faction_colour
from companion.leds import RGB, LedStyle, Overlay, acting_seat
from companion.rules.base import JSON


def in_faction_colours(view: JSON, style: LedStyle) -> LedStyle:
    """The style with each seat's colour its faction's (seat order)."""
    seats = sorted(view.get("seats") or [], key=lambda entry: int(entry.get("seat") or 0))
    if not seats:
        return style
    return replace(style, seat_colours=tuple(faction_colour(e.get("faction")) for e in seats))


def paint(view: JSON, now: float, style: LedStyle, ui: Overlay) -> list[RGB]:
    return acting_seat(view, now, in_faction_colours(view, style), ui)
