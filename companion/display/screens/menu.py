"""The game menu: start a game, resume, language, sound."""

from __future__ import annotations

import pygame

from companion.display import theme
from companion.display.layout import Layout
from companion.display.paint import Painter, rows
from companion.display.scene import Scene
from companion.i18n import text


class MenuScreen:
    name = "menu"
    opaque = True

    def draw(self, painter: Painter, layout: Layout, scene: Scene, motion: object) -> None:
        painter.surface.fill(theme.BACKGROUND)
        title = pygame.Rect(0, layout.px(6), layout.width, layout.px(44))
        painter.text(
            layout.inset(title, 4),
            text("ui.menu.title", scene.language),
            layout.font(24),
            colour=theme.HIGHLIGHT,
            bold=True,
            role="menu.title",
            align="center",
        )
        items = scene.menu
        hint = pygame.Rect(0, layout.height - layout.px(30), layout.width, layout.px(26))
        area = pygame.Rect(layout.px(40), title.bottom + layout.px(6), 0, 0)
        area.width = layout.width - 2 * area.left
        area.height = hint.top - layout.px(6) - area.top
        selected = scene.ui.menu_cursor % len(items) if items else -1
        for index, (item, row) in enumerate(
            zip(items, rows(area, len(items), layout.px(5)), strict=False)
        ):
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
        painter.text(
            hint,
            text("ui.menu.hint", scene.language),
            layout.font(13),
            colour=theme.DIM,
            role="menu.hint",
            align="center",
        )
