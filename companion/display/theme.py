"""Colours of the screens: dark ground, seat colours that stay apart on a small LCD."""

from __future__ import annotations

from companion import seats

Colour = tuple[int, int, int]

BACKGROUND: Colour = (16, 18, 24)
PANEL: Colour = (32, 36, 46)
PANEL_EDGE: Colour = (70, 76, 92)
TEXT: Colour = (236, 236, 236)
DIM: Colour = (150, 154, 166)
DARK_TEXT: Colour = (12, 12, 16)
HIGHLIGHT: Colour = (255, 214, 64)
DAMAGE: Colour = (222, 56, 48)
DAMAGE_EMPTY: Colour = (58, 62, 74)
WOUND: Colour = (222, 56, 48)
HEALTH: Colour = (88, 196, 110)
READY: Colour = (88, 196, 110)
WAITING: Colour = (120, 124, 138)
POSITIVE: Colour = (88, 196, 110)
NEGATIVE: Colour = (232, 120, 64)
SUN: Colour = (255, 200, 40)
DISC: Colour = (40, 44, 58)
DISC_CURRENT: Colour = (78, 70, 30)
# The replay's frame and words (MENU, "Replay this game"): a hue no seat, notice or
# highlight has, so a step of the past is never taken for the live game.
REPLAY: Colour = (150, 140, 255)

SEAT_COLOURS: tuple[Colour, ...] = seats.SEAT_COLOURS
# The seat buttons' caps, as the button legend draws them (the simulator's too).
BUTTON_COLOURS: dict[str, Colour] = {
    "red": (220, 50, 50),
    "blue": (50, 90, 230),
    "cyan": (40, 200, 220),
    "yellow": (240, 210, 40),
}


def seat_colour(seat: int | None) -> Colour:
    if seat is None or seat < 1:
        return DIM
    return SEAT_COLOURS[(seat - 1) % len(SEAT_COLOURS)]


def dimmed(colour: Colour, factor: float = 0.45) -> Colour:
    r, g, b = colour
    return (int(r * factor), int(g * factor), int(b * factor))
