"""Hand of Manus: the test room with its token (:mod:`.room`), and beside it what this
phase needs (:mod:`.panel`), under the round's banner and above the prompt.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from companion.display import theme
from companion.display.layout import Layout
from companion.display.paint import Painter
from companion.display.scene import Scene
from companion.display.screens import chrome
from companion.games.manus.drawing import CONDITION_COLOURS, CONDITIONS
from companion.games.manus.panel import panel
from companion.games.manus.room import room
from companion.games.manus.types import manus_view
from companion.games.manus.votebar import vote_bar, voting
from companion.i18n import text

__all__ = ["CONDITIONS", "CONDITION_COLOURS", "ManusScreen"]


class ManusScreen:
    name = "manus"
    opaque = True

    def draw(self, painter: Painter, layout: Layout, scene: Scene, motion: object) -> None:
        view = manus_view(scene.view or {})
        language = scene.language
        if view.get("phase") == "tests" and layout.event_lines > 1:
            # The tests: the revealed cards and the strengths beside the room need the
            # board's third line more than the event line its second (the game log has
            # the whole sentence; a line holds the first one, "Vera has voted.").
            single = replace(layout, event_lines=1)
            if layout.lines_in(layout.middle.height) < single.lines_in(single.middle.height):
                layout = single
        painter.surface.fill(theme.BACKGROUND)
        detail = text("manus.ui.tie", language) if view.get("tie_round") else ""
        chrome.banner(
            painter,
            layout,
            scene,
            (text("ui.round", language), int(view.get("round") or 0), detail),
        )
        middle = layout.middle
        side = min(middle.height, round(layout.width * 0.40))
        if view.get("phase") == "tests" and side - 2 * layout.line < side // 2:
            # A small panel's tests: the room gives the hands' rows a little width, where
            # each revealed card's word needs it (its walls then carry numerals alone).
            side = side * 93 // 100
        room_box = pygame.Rect(middle.left + layout.px(3), middle.top, side, side)
        room_box.centery = middle.centery
        right = pygame.Rect(room_box.right + layout.px(6), middle.top, 0, middle.height)
        right.width = middle.right - right.left - layout.px(3)
        room(painter, layout, scene, room_box)
        panel(painter, layout, scene, right)
        if voting(scene):  # the legend with its words, at every size
            vote_bar(painter, layout, scene)
        else:
            chrome.prompt_bar(painter, layout, scene)
