"""The replay's marks over the game's own screen (MENU, "Replay this game"): the screen is
the game's, drawn from the step's public view as the live game drew it then; over it, a
frame round the whole panel and, where the prompt stands, the replay's bar, both in the
replay's own colour, so nobody takes a step of the past for the game in play.

The bar: "Replay: step 12 of 40" (or "Replay 12/40" where that does not fit at 5 mm),
then the caps that act here: red a step back, blue a step on, yellow back to the game.
Above it the event line says what the step's action caused, and the notice lines what
the table says now; they are drawn here, over whatever the game's screen put there (the
Manus vote's colour legend), because the game's own prompt bar draws nothing in a replay.
Over a victory (the last step of a finished game) the bar alone: the victory shows no
event line live, and its body ends above the bar.
"""

from __future__ import annotations

import pygame

from companion.display import theme
from companion.display.layout import Layout
from companion.display.paint import Painter
from companion.display.scene import Scene
from companion.display.screens import chrome, legend
from companion.i18n import text


class ReplayScreen:
    """The replay's marks; ``lines``: with the event and notice lines (not over a
    victory, which shows neither live: its body ends above the bar instead)."""

    name = "replay"
    opaque = False

    def __init__(self, *, lines: bool = True) -> None:
        self.lines = lines

    def draw(self, painter: Painter, layout: Layout, scene: Scene, motion: object) -> None:
        picture = scene.replay
        if picture is None:
            return
        if self.lines:
            painter.box(layout.event_line, theme.BACKGROUND)
            chrome.draw_event_line(painter, layout, scene)
            chrome.draw_notices(painter, layout, scene)
        area = layout.prompt
        painter.box(area, theme.PANEL)
        stripe = pygame.Rect(area.left, area.top, layout.px(8), area.height)
        painter.box(stripe, theme.REPLAY)
        inner = pygame.Rect(stripe.right + layout.px(4), area.top + layout.px(2), 0, 0)
        inner.width = area.right - layout.px(6) - inner.left
        inner.height = area.height - layout.px(4)
        step = pygame.Rect(inner.left, inner.top, inner.width, inner.height // 2)
        keys = pygame.Rect(inner.left, step.bottom, inner.width, inner.bottom - step.bottom)
        marker, px, bold = _marker(painter, layout, scene, step.width)
        painter.mark("replay.step", step, f"{picture.step}/{picture.of}")
        painter.text(
            step, marker, px, colour=theme.REPLAY, bold=bold, role="replay.step", align="center"
        )
        legend.draw(painter, layout, keys, legend.REPLAY, language=scene.language, role="replay")
        edge = layout.px(3)  # inside the panel's edge, over the banner's and the bar's
        pygame.draw.rect(painter.surface, theme.REPLAY, layout.screen, width=edge)
        painter.mark("replay.frame", layout.screen)


def _marker(painter: Painter, layout: Layout, scene: Scene, width: int) -> tuple[str, int, bool]:
    """The bar's words, the size and the weight they are drawn at: the whole sentence at
    the prompt's size, bold where it fits so, else plain, else at 5 mm; else the short
    form ("Replay 12/40")."""
    picture = scene.replay
    assert picture is not None
    short = text("ui.replay.step_short", scene.language, step=picture.step, of=picture.of)
    for words in (picture.marker, short):
        for px in dict.fromkeys((layout.font(17), layout.min_text)):
            for bold in (True, False):
                if painter.fonts.size(words, px, bold)[0] <= width:
                    return words, px, bold
    return short, layout.min_text, False
