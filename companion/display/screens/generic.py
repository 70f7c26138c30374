"""The screen of a game that brings none: its headline and the prompt with its choices.

Enough to play any game from the buttons: the banner (who acts, the phase, the period or
round), the view's headline if it has one, the scores if it keeps any (as many lines as
the middle holds at 5 mm, then "+n"), and the prompt bar.
"""

from __future__ import annotations

import pygame

from companion.display import theme
from companion.display.layout import Layout
from companion.display.paint import Painter
from companion.display.scene import Scene
from companion.display.screens import chrome
from companion.display.screens.base import Motion
from companion.display.screens.menu import draw_folded, fold
from companion.i18n import text
from companion.rules.reading import rows


def counter(scene: Scene) -> tuple[str, int, str]:
    view = scene.view
    for key, label in (("period", "ui.period"), ("round", "ui.round")):
        value = view.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return text(label, scene.language), value, ""
    return "", 0, ""


class GenericScreen:
    name = "generic"
    opaque = True

    def draw(self, painter: Painter, layout: Layout, scene: Scene, motion: Motion) -> None:
        view = scene.view
        painter.surface.fill(theme.BACKGROUND)
        chrome.banner(painter, layout, scene, counter(scene))
        middle = layout.inset(layout.middle, 6)
        top = middle.top
        if view.get("headline"):
            px = layout.font(22)
            folded = fold(painter, str(view["headline"]), middle.width, px)
            if len(folded[0]) * layout.line_of(px) <= middle.height:
                box = pygame.Rect(middle.left, top, middle.width, 0)
                top = draw_folded(
                    painter,
                    layout,
                    folded,
                    box,
                    px,
                    colour=theme.HIGHLIGHT,
                    role="generic.line",
                    align="left",
                )
        else:
            painter.box(pygame.Rect(middle.left, middle.top, middle.width, 2), theme.PANEL_EDGE)
        lines = []
        for seat in rows(view.get("seats")):
            score = seat.get("score")
            shown = f"{seat.get('name')}: {score}" if score is not None else str(seat.get("name"))
            lines.append(shown)
        px = layout.font(18)
        height = layout.line_of(px)
        fits = (middle.bottom - top) // height
        if len(lines) > fits > 0:  # the last line says how many more there are, in words
            more = text("ui.and_more", scene.language, count=len(lines) - fits + 1)
            lines = [*lines[: fits - 1], more]
        for index, line in enumerate(lines[: max(0, fits)]):
            painter.text(
                pygame.Rect(middle.left, top + index * height, middle.width, height),
                line,
                px,
                colour=theme.TEXT,
                role="generic.line",
                min_px=px,
            )
        chrome.prompt_bar(painter, layout, scene)
