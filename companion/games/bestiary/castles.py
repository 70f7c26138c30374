"""Both castles, each its damage as a numeral over a scale of the real length: on the
3.5-inch panel a framed numeral each, on the 7-inch panel a panel with the castle's name,
the acting seat's opened to its creatures.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from companion.display import theme
from companion.display.layout import Layout
from companion.display.paint import Painter, split
from companion.display.scene import Scene
from companion.games.bestiary import labels as words
from companion.games.bestiary.creatures import creature_rows
from companion.games.bestiary.types import SeatView
from companion.rules.reading import Data, whole


def castle_header_height(layout: Layout) -> int:
    return layout.line_of(layout.font(22)) + layout.px(8)


def _scale(owner: Data) -> tuple[int, int]:
    """A seat's or a side's castle damage and its scale's length (a seat of the view, or a
    scale Four-path's board makes of a team's side)."""
    return whole(owner.get("castle_damage")) or 0, whole(owner.get("scale_length")) or 1


def castle_numeral_width(painter: Painter, layout: Layout, seat: Data) -> int:
    damage, length = _scale(seat)
    said = f"{damage}/{length}"
    return painter.fonts.size(said, layout.min_text, False)[0] + 2 * layout.px(4)


def castle_numeral(
    painter: Painter, layout: Layout, seat: Data, cell: pygame.Rect, *, acting: bool
) -> None:
    """A castle as one numeral over its damage scale, framed in the seat's colour."""
    number = whole(seat.get("seat"))
    damage, length = _scale(seat)
    edge = max(2, layout.px(3 if acting else 1))
    painter.box(cell, theme.PANEL, theme.seat_colour(number), radius=layout.px(3), width=edge)
    bar = cell.inflate(-2 * edge, -2 * edge)
    damage_scale(painter, layout, bar, damage, length, divided=False)
    painter.mark(f"castle.scale.{number}", bar, f"{damage}/{length}")
    said = f"{damage}/{length}"
    bold = painter.fonts.size(said, layout.min_text, True)[0] <= bar.width
    if painter.fonts.size(said, layout.min_text, False)[0] > bar.width:
        said = str(damage)  # the scale shows the length
    painter.text(
        pygame.Rect(bar.left, cell.top, bar.width, cell.height),
        said,
        layout.min_text,
        colour=theme.TEXT,
        bold=bold,
        role=f"castle.damage.{number}",
        align="center",
    )


@dataclass(frozen=True)
class ScalePanel:
    """A framed panel with a castle scale: its inside, the header (a line of words over
    the scale's bar) and the damage numeral at the line's right."""

    inner: pygame.Rect
    header: pygame.Rect
    line: pygame.Rect
    numeral: pygame.Rect


def scale_panel(
    painter: Painter,
    layout: Layout,
    box: pygame.Rect,
    owner: Data,
    *,
    number: object,
    colour: theme.Colour,
    opened: bool,
) -> ScalePanel:
    """The frame in ``colour`` (thicker ``opened``), the scale of ``owner`` (a seat's or a
    side's ``castle_damage`` of ``scale_length``) divided along the header's foot, and its
    numeral "2/16" at the right of the header's line; the caller writes the rest."""
    edge = max(2, layout.px(2 if opened else 1))
    painter.box(box, theme.PANEL, colour, radius=layout.px(4), width=edge)
    inner = layout.inset(box, 3)
    header = pygame.Rect(inner.left, inner.top, inner.width, castle_header_height(layout))
    bar = pygame.Rect(inner.left, header.bottom - layout.px(7), inner.width, layout.px(7))
    line = pygame.Rect(inner.left, inner.top, inner.width, bar.top - inner.top)
    damage, length = _scale(owner)
    said = f"{damage}/{length}"
    numeral_px = layout.font(22)
    numeral = line.copy()
    numeral.width = painter.fonts.size(said, numeral_px, True)[0] + layout.px(2)
    numeral.right = line.right
    painter.text(
        numeral,
        said,
        numeral_px,
        colour=theme.DAMAGE if damage else theme.TEXT,
        bold=True,
        role=f"castle.damage.{number}",
        align="right",
    )
    damage_scale(painter, layout, bar, damage, length, divided=True)
    painter.mark(f"castle.scale.{number}", bar, said)
    return ScalePanel(inner, header, line, numeral)


def castle_panel(
    painter: Painter,
    layout: Layout,
    scene: Scene,
    seat: SeatView,
    box: pygame.Rect,
    *,
    opened: bool,
) -> None:
    """A castle's name and damage over its scale; opened, its creatures below."""
    number = seat.get("seat")
    colour = theme.seat_colour(number)
    panel = scale_panel(painter, layout, box, seat, number=number, colour=colour, opened=opened)
    inner, header, line, numeral = panel.inner, panel.header, panel.line, panel.numeral
    name = pygame.Rect(line.left, line.top, numeral.left - layout.px(4) - line.left, line.height)
    title = words.seat_title(seat, scene.language)
    if painter.fonts.size(title, layout.min_text, True)[0] > name.width:
        title = str(seat.get("name") or title)  # the player's name says whose castle
    painter.text(
        name, title, layout.min_text, colour=colour, bold=True, role=f"castle.name.{number}"
    )
    if opened:
        army = pygame.Rect(inner.left, header.bottom + layout.px(3), inner.width, 0)
        army.height = inner.bottom - army.top
        creature_rows(painter, layout, scene, seat, army, named_effects=True)


def damage_scale(
    painter: Painter, layout: Layout, bar: pygame.Rect, damage: int, length: int, *, divided: bool
) -> None:
    """The castle scale, the damaged part filled; ``divided``: one division a point."""
    if divided and length <= 40:
        gap = 1 if bar.width / max(1, length) > 4 else 0
        for index, cell in enumerate(split(bar, [1 / length] * length, gap)):
            painter.box(cell, theme.DAMAGE if index < damage else theme.DAMAGE_EMPTY)
        return
    painter.box(bar, theme.DAMAGE_EMPTY)
    filled = bar.copy()
    filled.width = round(bar.width * min(1.0, damage / max(1, length)))
    painter.box(filled, theme.DAMAGE)
