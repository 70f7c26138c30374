"""Value entry: one field at a time, its value large enough to read across the table.

Drawn over the game while a player enters an action's values (a varying attack strength,
an X preparation time, a new creature's name): what is being built, the field and its
value between arrows (a name: the letters so far and the letter being chosen, lit), where
it stands among the fields, the last values confirmed, and which button does what.
"""

from __future__ import annotations

import pygame

from companion.display import theme
from companion.display.layout import Layout
from companion.display.paint import Painter
from companion.display.scene import EntryPicture, Scene
from companion.display.screens import chrome, legend
from companion.i18n import text

DONE_SHOWN = 3  # the last values confirmed, under the value (the rest would not fit)


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
        naming = entry.letter is not None
        box = pygame.Rect(layout.px(12 if naming else 60), label.bottom + layout.px(6), 0, 0)
        box.width = layout.width - 2 * box.left
        box.height = done_row.top - layout.px(6) - box.top
        painter.box(box, theme.PANEL, theme.HIGHLIGHT, radius=layout.px(10))
        if entry.done:
            painter.text(
                layout.inset(done_row, 6),
                "  ·  ".join(f"{name}: {value}" for name, value in entry.done[-DONE_SHOWN:]),
                layout.font(14),
                colour=theme.DIM,
                role="entry.done",
                align="center",
            )
        keys = legend.NAME if naming else legend.ENTRY
        legend.draw(painter, layout, hint, keys, language=language, role="entry.hint")
        if naming:
            _name(painter, layout, layout.inset(box, 8), entry)
            chrome.notice(painter, layout, scene)
            return
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
            min_px=layout.font(22),  # words ("two hands each") shrink rather than cut
        )
        chrome.notice(painter, layout, scene)


def _name(painter: Painter, layout: Layout, area: pygame.Rect, entry: EntryPicture) -> None:
    """A name being entered: the letters so far, then the letter being chosen on a lit
    tile, as large as the whole name allows."""
    letter = entry.letter or ""
    pad = layout.px(6)
    room = area.inflate(-2 * pad, 0)
    size, _ = painter.fit(entry.value + letter, room, layout.font(54), True, layout.font(20))
    typed_w, line_h = painter.fonts.size(entry.value, size, True)
    tile_w = painter.fonts.size(letter or "W", size, True)[0] + 2 * pad
    left = area.centerx - (typed_w * bool(entry.value) + tile_w) // 2
    if entry.value:
        typed = pygame.Rect(left, area.top, typed_w, area.height)
        painter.text(
            typed,
            entry.value,
            size,
            colour=theme.TEXT,
            bold=True,
            role="entry.value",
            min_px=size,
        )
        left = typed.right
    tile = pygame.Rect(left, 0, tile_w, min(area.height, line_h + pad))
    tile.centery = area.centery
    painter.box(tile, theme.HIGHLIGHT, radius=layout.px(6))
    painter.text(
        tile,
        letter,
        size,
        colour=theme.DARK_TEXT,
        bold=True,
        role="entry.letter",
        align="center",
        min_px=size,
    )
