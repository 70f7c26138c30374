"""Talisman's LED ring: the generic one (the hero who must act, all round, dim) and,
while a battle's rolls stand, the balance of the fight: from the top clockwise the hero's
colour on his share of the two totals, the rest in the enemies' red (or the defending
hero's colour), so the table sees from the board who is ahead, and a standoff as half
and half."""

from __future__ import annotations

from companion.games.talisman.types import TalismanView, talisman_view
from companion.leds import RGB, LedStyle, Overlay, acting_seat, scale, seat_colour
from companion.rules.base import View

ENEMY: RGB = (222, 56, 48)
BRIGHTNESS = 0.6  # brighter than the turn's dim colour: a fight is under way


def balance(view: TalismanView, style: LedStyle) -> list[RGB] | None:
    """The fight's balance, or None when no battle's rolls stand."""
    battle = view.get("battle")
    if battle is None:
        return None
    mine, theirs = battle["hero_total"], battle["against"]
    total = max(1, mine + theirs)
    share = round(style.count * mine / total)
    share = min(style.count - (theirs > 0), max(int(mine > 0), share))
    hero = scale(seat_colour(style, battle["seat"] or 1), BRIGHTNESS)
    other = battle["opponent"]
    foe = scale(seat_colour(style, other) if other else ENEMY, BRIGHTNESS)
    return [hero] * share + [foe] * (style.count - share)


def paint(view: View, now: float, style: LedStyle, ui: Overlay) -> list[RGB]:
    """The spec's ``ring``: the shell's view, read as the typed one for the balance."""
    return balance(talisman_view(view), style) or acting_seat(view, now, style, ui)
