"""The game menu: new game, rematch, resume, undo the period, language, sound, brightness;
and a form of one choice shown as a list (the game to resume), drawn the same way.

Rows stay large enough to read across the table: when the menu has more lines than fit,
it shows a window of them that follows the cursor, with arrows saying there is more
above or below.
"""

from __future__ import annotations

import pygame

from companion.display import theme
from companion.display.layout import Layout
from companion.display.paint import Painter, rows
from companion.display.scene import Scene
from companion.display.screens import legend
from companion.i18n import text

ROW = 40  # the smallest row, in reference pixels (a 20 px line with room around it)
GAP = 5


def window(count: int, cursor: int, fits: int) -> range:
    """The lines shown: ``fits`` of ``count``, the cursor's among them, scrolled no more
    than needed (the cursor rides one line from the edge while there is more)."""
    if count <= fits:
        return range(count)
    start = min(max(cursor - fits // 2, 0), count - fits)
    return range(start, start + fits)


class MenuScreen:
    name = "menu"
    opaque = True

    def draw(self, painter: Painter, layout: Layout, scene: Scene, motion: object) -> None:
        painter.surface.fill(theme.BACKGROUND)
        listing = scene.listing
        title = pygame.Rect(0, layout.px(4), layout.width, layout.px(36))
        painter.text(
            layout.inset(title, 4),
            listing.title if listing else text("ui.menu.title", scene.language),
            layout.font(22),
            colour=theme.HIGHLIGHT,
            bold=True,
            role="menu.title",
            align="center",
        )
        items = listing.lines if listing else scene.menu
        hint = pygame.Rect(0, layout.height - layout.px(26), layout.width, layout.px(24))
        arrow = layout.px(14)
        area = pygame.Rect(layout.px(24), title.bottom + arrow, 0, 0)
        area.width = layout.width - 2 * area.left
        area.height = hint.top - arrow - area.top
        fits = max(1, (area.height + layout.px(GAP)) // (layout.px(ROW) + layout.px(GAP)))
        cursor = listing.cursor if listing else scene.ui.menu_cursor
        selected = cursor % len(items) if items else -1
        shown = window(len(items), selected, fits)
        # A short list keeps rows of a menu's height, not stretched to fill the screen.
        area.height = min(area.height, len(shown) * layout.px(ROW + 12) - layout.px(GAP))
        for index, row in zip(shown, rows(area, len(shown), layout.px(GAP)), strict=True):
            item = items[index]
            chosen = index == selected
            painter.box(
                row,
                theme.HIGHLIGHT if chosen else theme.PANEL,
                theme.PANEL_EDGE,
                radius=layout.px(6),
            )
            if chosen:
                painter.mark("menu.cursor", row, item)
            painter.text(
                layout.inset(row, 6),
                item,
                layout.font(20),
                colour=theme.DARK_TEXT if chosen else theme.TEXT,
                bold=True,
                role=f"menu.item.{index}",
                align="center",
            )
        for more, glyph, top in (
            (shown.start > 0, "▲", title.bottom),
            (shown.stop < len(items), "▼", area.bottom),
        ):
            if more:
                painter.text(
                    pygame.Rect(0, top, layout.width, arrow),
                    glyph,
                    layout.font(12),
                    colour=theme.DIM,
                    role="menu.more",
                    align="center",
                )
        keys = legend.RESUME if listing else legend.MENU
        legend.draw(painter, layout, hint, keys, language=scene.language, role="menu.hint")
