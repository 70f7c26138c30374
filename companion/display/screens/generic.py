"""The screen of a game that brings none: its headline and the prompt with its choices.

Enough to play any game from the buttons: the banner (who acts, the phase, the period or
round), the view's headline if it has one, the scores if it keeps any, and the prompt bar.
"""

from __future__ import annotations

import pygame

from companion.display import theme
from companion.display.layout import Layout
from companion.display.paint import Painter, rows
from companion.display.scene import Scene
from companion.display.screens import chrome
from companion.display.screens.base import Motion
from companion.i18n import text


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
        lines = [str(view["headline"])] if view.get("headline") else []
        for seat in view.get("seats") or []:
            score = seat.get("score")
            shown = f"{seat.get('name')}: {score}" if score is not None else str(seat.get("name"))
            lines.append(shown)
        for index, (line, row) in enumerate(
            zip(lines, rows(middle, max(4, len(lines)), layout.px(3)), strict=False)
        ):
            painter.text(
                row,
                line,
                layout.font(22 if index == 0 else 18),
                colour=theme.HIGHLIGHT if index == 0 else theme.TEXT,
                bold=index == 0,
                role="generic.line",
            )
        if not lines:
            painter.box(pygame.Rect(middle.left, middle.top, middle.width, 2), theme.PANEL_EDGE)
        chrome.prompt_bar(painter, layout, scene)
