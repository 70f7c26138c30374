"""Value entry: one field at a time, its value large enough to read across the table.

Drawn over the game while a player enters an action's values (a varying attack strength,
an X preparation time): what is being built, the field and its value between arrows,
where it stands among the fields, the values already confirmed, and which button does
what.
"""

from __future__ import annotations

import pygame

from companion.display import theme
from companion.display.layout import Layout
from companion.display.paint import Painter
from companion.display.scene import Scene
from companion.i18n import text


class EntryScreen:
    name = "entry"
    opaque = True

    def draw(self, painter: Painter, layout: Layout, scene: Scene, motion: object) -> None:
        entry = scene.entering
        if entry is None:
            return
        language = scene.language
        painter.surface.fill(theme.BACKGROUND)
        title = pygame.Rect(0, layout.px(6), layout.width, layout.px(40))
        painter.text(
            layout.inset(title, 6),
            entry.title,
            layout.font(20),
            colour=theme.HIGHLIGHT,
            bold=True,
            role="entry.title",
            align="center",
        )
        label = pygame.Rect(0, title.bottom, layout.width, layout.px(30))
        where = {"label": entry.label, "index": entry.index, "count": entry.count}
        painter.text(
            layout.inset(label, 6),
            text("ui.entry.field", language, **where),
            layout.font(17),
            colour=theme.TEXT,
            bold=True,
            role="entry.label",
            align="center",
        )
        hint = pygame.Rect(0, layout.height - layout.px(28), layout.width, layout.px(24))
        done_row = pygame.Rect(0, hint.top - layout.px(26), layout.width, layout.px(24))
        box = pygame.Rect(layout.px(60), label.bottom + layout.px(6), 0, 0)
        box.width = layout.width - 2 * box.left
        box.height = done_row.top - layout.px(6) - box.top
        painter.box(box, theme.PANEL, theme.HIGHLIGHT, radius=layout.px(10))
        arrow_w = layout.px(44)
        left = pygame.Rect(box.left, box.top, arrow_w, box.height)
        right = pygame.Rect(box.right - arrow_w, box.top, arrow_w, box.height)
        middle = pygame.Rect(left.right, box.top, right.left - left.right, box.height)
        for rect, glyph, dim, role in (
            (left, "▼", entry.at_low, "entry.down"),
            (right, "▲", entry.at_high, "entry.up"),
        ):
            painter.text(
                rect,
                glyph,
                layout.font(28),
                colour=theme.DIM if dim else theme.HIGHLIGHT,
                bold=True,
                role=role,
                align="center",
            )
        painter.text(
            layout.inset(middle, 4),
            entry.value,
            layout.font(54),
            colour=theme.TEXT,
            bold=True,
            role="entry.value",
            align="center",
        )
        if entry.done:
            painter.text(
                layout.inset(done_row, 6),
                "  ·  ".join(f"{name}: {value}" for name, value in entry.done),
                layout.font(14),
                colour=theme.DIM,
                role="entry.done",
                align="center",
            )
        painter.text(
            hint,
            text("ui.entry.hint", language),
            layout.font(13),
            colour=theme.DIM,
            role="entry.hint",
            align="center",
        )
