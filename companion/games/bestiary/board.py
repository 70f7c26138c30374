"""The Bestiary board: the time disc, both castles and the acting seat's creatures.

Read from a metre away, so no word under 5 mm (``layout.min_text``): the banner says
whose turn, which phase and which period; under it the time disc (:mod:`.disc`), both
castles (:mod:`.castles`) and the creatures of the seat whose turn it is, in full
(:mod:`.creatures`). The other castle folds to its damage; its creatures are shown in
full on its own turn.

On the 3.5-inch panel the disc is small and unlabelled, the castles are two numerals
under it or beside it and the creatures take the right; the 7-inch panel labels the
sectors, names the castles and names the effects.

Four-path draws its teams' board with the same pieces: ``__all__`` names those it uses.
"""

from __future__ import annotations

import pygame

from companion.display import theme
from companion.display.layout import Layout
from companion.display.paint import Painter, rows, split
from companion.display.scene import Scene
from companion.display.screens import chrome
from companion.display.screens.base import Motion
from companion.games.bestiary.castles import (
    castle_header_height,
    castle_numeral,
    castle_numeral_width,
    castle_panel,
    scale_panel,
)
from companion.games.bestiary.creatures import army_width, creature_rows, target_seat
from companion.games.bestiary.disc import draw_disc
from companion.games.bestiary.types import SeatView, board_view
from companion.i18n import text
from companion.rules.base import View

__all__ = [
    "BoardScreen",
    "army_width",
    "castle_header_height",
    "castle_numeral",
    "castle_numeral_width",
    "creature_rows",
    "draw_disc",
    "period_counter",
    "scale_panel",
    "shown_seat",
]


def period_counter(shown: View, language: str) -> tuple[str, int, str]:
    view = board_view(shown)
    period = int(view.get("period") or 0)
    cycle = int(view.get("cycle") or 0)
    detail = text("ui.cycle", language, cycle=cycle) if period else ""
    return text("ui.period", language), period, detail


def shown_seat(scene: Scene, seats: list[SeatView]) -> int | None:
    """The seat whose creatures are shown in full: the one the attack under the cursor
    targets (its creature framed), else the acting one, else the first."""
    target = target_seat(scene, seats)
    return acting_or_first(scene, seats) if target is None else target


def acting_or_first(scene: Scene, seats: list[SeatView]) -> int | None:
    """The seat acting now, else the first: its castle is marked as acting."""
    acting = chrome.acting_seat(scene)
    numbers = [seat.get("seat") for seat in seats]
    if acting in numbers:
        return acting
    return numbers[0] if numbers else None


class BoardScreen:
    name = "board"
    opaque = True

    def draw(self, painter: Painter, layout: Layout, scene: Scene, motion: Motion) -> None:
        view = scene.view or {}
        painter.surface.fill(theme.BACKGROUND)
        chrome.banner(painter, layout, scene, period_counter(view, scene.language))
        if layout.middle.height >= 5 * layout.line:
            roomy_board(painter, layout, scene, motion)
        else:
            small_board(painter, layout, scene, motion)
        chrome.prompt_bar(painter, layout, scene)


def small_board(painter: Painter, layout: Layout, scene: Scene, motion: Motion) -> None:
    """Three lines of text high: the disc over both castles' numerals on the left, the
    acting seat's three creatures on the right."""
    middle = layout.middle
    seats = list(board_view(scene.view or {}).get("seats") or [])
    shown = shown_seat(scene, seats)
    # The creatures' names are never cut: the disc's column gives them the room they need
    # (Russian "Баллистариус" beside two chips), down to a disc two lines wide.
    needed = max(
        (army_width(painter, layout, scene, seat) for seat in seats if seat.get("seat") == shown),
        default=0,
    )
    width = min(round(middle.width * 0.36), middle.width - needed - layout.px(7))
    column = pygame.Rect(middle.left, middle.top, max(2 * layout.line, width), middle.height)
    count = max(1, len(seats))
    # The castles under the disc, or stacked beside it when that leaves the disc larger
    # (a two-line event sentence or a notice takes a line from the board).
    numeral_width = max(
        (castle_numeral_width(painter, layout, seat) for seat in seats), default=layout.line
    )
    under = min(column.width, column.height - layout.line - layout.px(2))
    beside = min(column.width - numeral_width - layout.px(4), column.height)
    if under >= beside or column.height < count * layout.line:
        castles = pygame.Rect(column.left, column.bottom - layout.line, column.width, layout.line)
        cells = split(castles, [1 / count] * count, layout.px(3))
        disc_box = pygame.Rect(column.left, column.top, column.width, under)
    else:
        castles = pygame.Rect(column.right - numeral_width, column.top, numeral_width, 0)
        castles.height = count * layout.line
        castles.centery = column.centery
        cells = rows(castles, count, 0)
        disc_box = pygame.Rect(column.left, column.top, castles.left - layout.px(4), column.height)
    draw_disc(painter, layout, scene, disc_box, motion)
    acting = acting_or_first(scene, seats)
    for seat, cell in zip(seats, cells, strict=False):
        castle_numeral(painter, layout, seat, cell, acting=seat.get("seat") == acting)
    army = pygame.Rect(column.right + layout.px(5), middle.top, 0, middle.height)
    army.width = middle.right - layout.px(2) - army.left
    for seat in seats:
        if seat.get("seat") == shown:
            creature_rows(painter, layout, scene, seat, army, named_effects=False)


def roomy_board(painter: Painter, layout: Layout, scene: Scene, motion: Motion) -> None:
    """Eight lines high: a labelled disc on the left; on the right each castle's name and
    damage, the acting seat's castle opened to its creatures."""
    middle = layout.middle
    seats = list(board_view(scene.view or {}).get("seats") or [])
    shown = shown_seat(scene, seats)
    side = min(middle.height, round(middle.width * 0.4))
    disc_box = pygame.Rect(middle.left, middle.top, side, middle.height)
    draw_disc(painter, layout, scene, disc_box, motion)
    panels = pygame.Rect(disc_box.right + layout.px(4), middle.top, 0, middle.height)
    panels.width = middle.right - layout.px(2) - panels.left
    gap = layout.px(3)
    folded = castle_header_height(layout) + 2 * layout.px(3)
    top = panels.top
    for seat in seats:
        opened = seat.get("seat") == shown
        height = panels.height - (len(seats) - 1) * (folded + gap) if opened else folded
        box = pygame.Rect(panels.left, top, panels.width, height)
        castle_panel(painter, layout, scene, seat, box, opened=opened)
        top = box.bottom + gap
