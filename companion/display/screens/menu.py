"""The game menu: new game, rematch, resume, undo the period, language, sound, brightness;
and a form of one choice shown as a list (the game to resume, the game log), drawn the
same way.

Every line is at least ``min_text`` (5 mm on the panel), so a 3.5-inch panel holds only a
few rows: a long line wraps onto a second row (the line under the cursor onto as many as
it needs), the rows shown are a window of the list that keeps the cursor in view, and
the footer says where the cursor stands ("3/12") beside the button legend.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from companion.display import theme
from companion.display.layout import Layout
from companion.display.paint import Painter
from companion.display.scene import Scene
from companion.display.screens import legend
from companion.i18n import text

ROW_LINES = 2  # a line of the list wraps onto at most this many rows (but the cursor's)


@dataclass(frozen=True)
class Row:
    """One line of the list as drawn: its wrapped pieces and height."""

    index: int
    pieces: tuple[str, ...]
    height: int


def wrap_line(painter: Painter, line: str, width: int, px: int, most: int) -> tuple[str, ...]:
    """``line`` in pieces ``width`` wide, at most ``most``: the rest stays in the last
    piece (the painter cuts it with "…" and records it). A line break in ``line`` always
    starts a new piece (the game to resume: the game and its move, then its players)."""
    pieces = [piece for part in line.split("\n") for piece in painter.wrap(part, width, px, False)]
    if len(pieces) > most:
        pieces = [*pieces[: most - 1], " ".join(pieces[most - 1 :])]
    return tuple(pieces)


def window(heights: Sequence[int], cursor: int, room: int, gap: int) -> range:
    """The rows shown: the cursor's, then one below and one above in turn while they fit
    (so the cursor stays near the middle of a long list and a list that fits is whole)."""
    if not heights:
        return range(0)
    start, stop = cursor, cursor + 1
    used = heights[cursor]
    grown = True
    while grown:
        grown = False
        if stop < len(heights) and used + gap + heights[stop] <= room:
            used += gap + heights[stop]
            stop += 1
            grown = True
        if start > 0 and used + gap + heights[start - 1] <= room:
            used += gap + heights[start - 1]
            start -= 1
            grown = True
    return range(start, stop)


class MenuScreen:
    name = "menu"
    opaque = True

    def draw(self, painter: Painter, layout: Layout, scene: Scene, motion: object) -> None:
        painter.surface.fill(theme.BACKGROUND)
        listing = scene.listing
        margin = layout.px(8)
        width = layout.width - 2 * margin
        title = listing.title if listing else text("ui.menu.title", scene.language)
        title_bottom = _title(painter, layout, title, pygame.Rect(margin, layout.px(1), width, 0))
        items = listing.lines if listing else scene.menu
        cursor = listing.cursor if listing else scene.ui.menu_cursor
        selected = cursor % len(items) if items else -1
        footer = pygame.Rect(margin, 0, width, layout.line)
        footer.bottom = layout.height - layout.px(1)
        area = pygame.Rect(margin, title_bottom + layout.px(2), width, 0)
        area.height = footer.top - layout.px(3) - area.top
        px = layout.font(20)
        pad = layout.px(2)
        gap = layout.px(3)
        line_height = layout.line_of(px)
        inner = width - 2 * layout.px(6)
        most_lines = max(1, (area.height - 2 * pad) // line_height)
        rows = [
            Row(
                index,
                pieces := wrap_line(
                    painter, item, inner, px, most_lines if index == selected else ROW_LINES
                ),
                len(pieces) * line_height + 2 * pad,
            )
            for index, item in enumerate(items)
        ]
        shown = window([row.height for row in rows], max(selected, 0), area.height, gap)
        top = area.top
        for row in (rows[index] for index in shown):
            chosen = row.index == selected
            box = pygame.Rect(area.left, top, area.width, row.height)
            painter.box(
                box,
                theme.HIGHLIGHT if chosen else theme.PANEL,
                theme.PANEL_EDGE,
                radius=layout.px(6),
            )
            if chosen:
                painter.mark("menu.cursor", box, items[row.index])
            for number, piece in enumerate(row.pieces):
                line_box = pygame.Rect(
                    box.left + layout.px(6),
                    box.top + pad + number * line_height,
                    inner,
                    line_height,
                )
                painter.text(
                    line_box,
                    piece,
                    px,
                    colour=theme.DARK_TEXT if chosen else theme.TEXT,
                    role=f"menu.item.{row.index}",
                    align="center",
                    min_px=px,
                )
            top = box.bottom + gap
        keys = (legend.BROWSE if listing.browse else legend.RESUME) if listing else legend.MENU
        _footer(
            painter, layout, footer, keys, language=scene.language, shown=shown, count=len(items)
        )


def fold(
    painter: Painter, line: str, width: int, px: int, most: int = 2
) -> tuple[tuple[str, ...], bool]:
    """A heading at ``px`` in ``width``: one bold line when it fits, else one plain line,
    else wrapped plain onto at most ``most`` lines. Returns the pieces and whether bold."""
    for bold in (True, False):
        if painter.fonts.size(line, px, bold)[0] <= width:
            return (line,), bold
    return wrap_line(painter, line, width, px, most), False


def draw_folded(
    painter: Painter,
    layout: Layout,
    folded: tuple[tuple[str, ...], bool],
    box: pygame.Rect,
    px: int,
    *,
    colour: theme.Colour,
    role: str,
    align: str = "center",
) -> int:
    """Draw what :func:`fold` made, a line of ``px`` each from ``box.top``; the bottom."""
    pieces, bold = folded
    height = layout.line_of(px)
    for number, piece in enumerate(pieces):
        line_box = pygame.Rect(box.left, box.top + number * height, box.width, height)
        painter.text(
            line_box, piece, px, colour=colour, bold=bold, role=role, align=align, min_px=px
        )
    return box.top + len(pieces) * height


def _title(painter: Painter, layout: Layout, title: str, box: pygame.Rect) -> int:
    """The title, bold when it fits, else plain, else on two lines; its bottom."""
    px = layout.font(22)
    folded = fold(painter, title, box.width, px)
    return draw_folded(painter, layout, folded, box, px, colour=theme.HIGHLIGHT, role="menu.title")


def _footer(
    painter: Painter,
    layout: Layout,
    box: pygame.Rect,
    keys: Sequence[legend.Key],
    *,
    language: str,
    shown: range,
    count: int,
) -> None:
    """The legend, and where the cursor stands when the list does not fit whole: an arrow
    for each side that has more, and the rows shown of how many ("4–7/12")."""
    if len(shown) >= count:
        legend.draw(painter, layout, box, keys, language=language, role="menu.hint")
        return
    arrows = ("▲" if shown.start > 0 else "") + ("▼" if shown.stop < count else "")
    where = f"{arrows} {shown.start + 1}–{shown.stop}/{count}"
    px = layout.min_text
    room = box.width - legend.width(painter, layout, keys, language=language) - layout.px(8)
    if painter.fonts.size(where, px, False)[0] > room:
        where = f"{arrows}{shown.stop}/{count}"
    where_width = painter.fonts.size(where, px, False)[0]
    where_box = pygame.Rect(box.right - where_width, box.top, where_width, box.height)
    legend_box = pygame.Rect(
        box.left, box.top, where_box.left - layout.px(8) - box.left, box.height
    )
    legend.draw(painter, layout, legend_box, keys, language=language, role="menu.hint")
    painter.text(where_box, where, px, colour=theme.DIM, role="menu.more", align="right", min_px=px)
