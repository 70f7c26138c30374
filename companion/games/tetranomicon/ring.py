"""Tetranomicon's LED ring: the generic one (the acting seat all round, breathing; the
winner's chase) in the factions' colours, so the ring, the screen and the pieces on the
board agree on who is who (the Legion red, the Alliance green, the Order yellow, the
Brotherhood turquoise)."""

from __future__ import annotations

from dataclasses import replace

from companion.games.tetranomicon.labels import faction_colour
from companion.games.tetranomicon.types import TetraView, tetra_view
from companion.leds import RGB, LedStyle, Overlay, acting_seat
from companion.rules.base import View


def in_faction_colours(view: TetraView, style: LedStyle) -> LedStyle:
    """The style with each seat's colour its faction's (seat order)."""
    seats = sorted(view.get("seats") or [], key=lambda entry: entry["seat"])
    if not seats:
        return style
    return replace(style, seat_colours=tuple(faction_colour(e["faction"]) for e in seats))


def paint(view: View, now: float, style: LedStyle, ui: Overlay) -> list[RGB]:
    """The spec's ``ring``: the shell's view, read as the typed one for the colours."""
    return acting_seat(view, now, in_faction_colours(tetra_view(view), style), ui)
