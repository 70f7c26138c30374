"""Value entry: one field at a time, its value large enough to read across the table.

Drawn over the game while a player enters an action's values (a varying attack strength,
an X preparation time, a new creature's name): what is being built, the field, and its
value between arrows (a name: the letters so far and the letter being chosen, lit); under
it the last values confirmed, as many as one line holds; at the foot which button does
what and where the field stands among the fields ("3/4"), and over it the game's line on
the action as entered so far, when it has one (Tetranomicon: what it costs). Nothing is
under ``min_text`` (5 mm on the panel): a long title or field name wraps onto a second
line, and the values confirmed give way first when the panel is short of room.
"""

from __future__ import annotations

import pygame

from companion.display import theme
from companion.display.layout import Layout
from companion.display.paint import Painter
from companion.display.scene import EntryPicture, Scene
from companion.display.screens import chrome, legend
from companion.display.screens.menu import draw_folded, fold


class EntryScreen:
    name = "entry"
    opaque = True

    def draw(self, painter: Painter, layout: Layout, scene: Scene, motion: object) -> None:
        entry = scene.entering
        if entry is None:
            return
        language = scene.language
        painter.surface.fill(theme.BACKGROUND)
        margin = layout.px(8)
        width = layout.width - 2 * margin
        title_px, label_px = layout.font(20), layout.font(17)
        top = pygame.Rect(margin, layout.px(2), width, 0)
        top.top = draw_folded(
            painter,
            layout,
            fold(painter, entry.title, width, title_px),
            top,
            title_px,
            colour=theme.HIGHLIGHT,
            role="entry.title",
        )
        label_bottom = draw_folded(
            painter,
            layout,
            fold(painter, entry.label, width, label_px),
            top,
            label_px,
            colour=theme.TEXT,
            role="entry.label",
        )
        footer = pygame.Rect(margin, 0, width, layout.line)
        footer.bottom = layout.height - layout.px(2)
        naming = entry.letter is not None
        keys = legend.NAME if naming else legend.ENTRY
        _footer(painter, layout, footer, keys, language=language, entry=entry)
        above = footer.top  # what the value box and the values confirmed stand on
        if entry.note:  # what the action would mean now (its cost): over the footer
            note_row = pygame.Rect(margin, 0, width, layout.line)
            note_row.bottom = footer.top - layout.px(2)
            _note(painter, layout, note_row, entry)
            above = note_row.top
        box = pygame.Rect(layout.px(12 if naming else 40), label_bottom + layout.px(4), 0, 0)
        box.width = layout.width - 2 * box.left
        box.height = above - layout.px(4) - box.top
        done = _done(painter, layout, entry, width)
        least = layout.line_of(layout.min_text) + 2 * layout.px(4)
        if done and box.height - layout.line >= least:
            done_row = pygame.Rect(margin, 0, width, layout.line)
            done_row.bottom = above - layout.px(2)
            box.height = done_row.top - layout.px(2) - box.top
            painter.text(
                done_row,
                done,
                layout.min_text,
                colour=theme.DIM,
                role="entry.done",
                align="center",
                min_px=layout.min_text,
            )
        painter.box(box, theme.PANEL, theme.HIGHLIGHT, radius=layout.px(10))
        if naming:
            _name(painter, layout, layout.inset(box, 4), entry)
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
            layout.inset(middle, 3),
            entry.value,
            layout.font(54),
            colour=theme.TEXT,
            bold=True,
            role="entry.value",
            align="center",
            min_px=layout.min_text,  # words ("two hands each") shrink, down to 5 mm
        )
        chrome.notice(painter, layout, scene)


def _note(painter: Painter, layout: Layout, row: pygame.Rect, entry: EntryPicture) -> None:
    """The game's line on the action as entered (its cost), orange when it is refused."""
    bold = painter.fonts.size(entry.note, layout.min_text, True)[0] <= row.width
    painter.text(
        row,
        entry.note,
        layout.min_text,
        colour=theme.NEGATIVE if entry.note_refused else theme.HIGHLIGHT,
        bold=bold,
        role="entry.note",
        align="center",
        min_px=layout.min_text,
    )


def _done(painter: Painter, layout: Layout, entry: EntryPicture, width: int) -> str:
    """The last values confirmed, newest last, as many as one line holds ("" if none)."""
    said = ""
    for name, value in reversed(entry.done):
        longer = f"{name}: {value}" + (f"  ·  {said}" if said else "")
        if painter.fonts.size(longer, layout.min_text, False)[0] > width:
            break
        said = longer
    return said


def _footer(
    painter: Painter,
    layout: Layout,
    box: pygame.Rect,
    keys: tuple[legend.Key, ...],
    *,
    language: str,
    entry: EntryPicture,
) -> None:
    """The legend, and the field's place among the fields when there are several."""
    if entry.count <= 1:
        legend.draw(painter, layout, box, keys, language=language, role="entry.hint")
        return
    where = f"{entry.index}/{entry.count}"
    where_width = painter.fonts.size(where, layout.min_text, False)[0]
    where_box = pygame.Rect(box.right - where_width, box.top, where_width, box.height)
    legend_box = pygame.Rect(box.left, box.top, where_box.left - layout.px(8) - box.left, 0)
    legend_box.height = box.height
    legend.draw(painter, layout, legend_box, keys, language=language, role="entry.hint")
    painter.text(
        where_box,
        where,
        layout.min_text,
        colour=theme.DIM,
        role="entry.where",
        align="right",
        min_px=layout.min_text,
    )


def _name(painter: Painter, layout: Layout, area: pygame.Rect, entry: EntryPicture) -> None:
    """A name being entered: the letters so far, then the letter being chosen on a lit
    tile, as large as the whole name allows."""
    letter = entry.letter or ""
    pad = layout.px(6)
    room = area.inflate(-2 * pad, 0)
    size, _ = painter.fit(entry.value + letter, room, layout.font(54), True, layout.min_text)
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
