"""Hand of Manus: what the room and the panel beside it both paint with: the conditions'
colours, text that fits at the 5 mm floor, and the reveal the screen still shows."""

from __future__ import annotations

import pygame

from companion.display import theme
from companion.display.layout import Layout
from companion.display.paint import Painter
from companion.games.manus import VOTE
from companion.games.manus.types import ManusView, RevealView

# A condition is painted in the colour of the seat button that votes for it (the vote
# hint says "red warm · blue cold ..."), so a wall shows which button moves the token there.
CONDITION_COLOURS: dict[str, theme.Colour] = {
    condition: theme.BUTTON_COLOURS[button] for button, condition in VOTE.values.items()
}
CONDITIONS = tuple(CONDITION_COLOURS)


def this_rounds_reveal(view: ManusView) -> RevealView | None:
    shown = view.get("last_reveal")
    if not shown:
        return None
    # A reveal stays on screen through the tests of its round; a new round clears it.
    if shown.get("round") == view.get("round") and view.get("phase") in ("tests", None):
        return shown.copy()
    return None


def ink_on(fill: theme.Colour) -> theme.Colour:
    """Dark text on a light fill, light text on a dark one."""
    red, green, blue = fill[:3]
    return theme.DARK_TEXT if 0.299 * red + 0.587 * green + 0.114 * blue > 140 else theme.TEXT


def say(
    painter: Painter,
    layout: Layout,
    box: pygame.Rect,
    options: tuple[str, ...],
    *,
    colour: theme.Colour,
    role: str,
    bold: bool = False,
    align: str = "left",
) -> str:
    """Draw the first of ``options`` (longest first) that fits ``box`` at the 5 mm floor;
    nothing when none does. Returns what was drawn."""
    for option in options:
        width, height = painter.fonts.size(option, layout.min_text, bold)
        if width <= box.width and height <= box.height:
            painter.text(
                box,
                option,
                layout.min_text,
                colour=colour,
                role=role,
                bold=bold,
                align=align,
                min_px=layout.min_text,
            )
            return option
    return ""
