"""MENU, Phones: a QR code per seat for its private page, then the table's page.

One code a page, at both sizes, as large as the panel allows (a phone scans it from a
chair): the code on the left on a white square with its quiet zone, the seat's name in
its colour beside it, and under it, the full width of the panel, the spectator page's
address (typed: ``192.168.1.20:8080``). After the seats, the spectator page's code; last,
the table's page (the card library, a new game from a phone) with the table token, this
page the only place it is shown. Red and blue turn the pages, cyan and yellow close.

Every word is at least ``min_text`` (5 mm): a line that does not fit whole beside the
code goes under it, and a label that does not fit beside its value goes on its own line
("Table code:" over the token on the 3.5-inch panel). The code is drawn from segno's
matrix module by module, so what the screen shows is what segno encoded.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
import segno

from companion.display import theme
from companion.display.layout import Layout
from companion.display.paint import Painter
from companion.display.scene import PhonesPicture, Scene
from companion.display.screens import legend
from companion.display.screens.menu import draw_folded, fold
from companion.i18n import text

KEYS: tuple[legend.Key, ...] = (
    ("red", "legend.previous"),
    ("blue", "legend.following"),
    ("yellow", "legend.close"),
)
QUIET = 4  # modules of white round the code (the standard's quiet zone) ...
QUIET_SMALL = 2  # ... or, when four would shrink the modules, two (phones read it)
LIGHT: theme.Colour = (255, 255, 255)
DARK: theme.Colour = (0, 0, 0)


def qr_matrix(address: str) -> tuple[tuple[bool, ...], ...]:
    """The code's modules, row by row (True: dark), without a quiet zone: a QR code (not
    Micro QR, which few phone cameras read) at error level M, the smallest version."""
    code = segno.make_qr(address, error="m", boost_error=False)
    return tuple(tuple(bool(module) for module in row) for row in code.matrix)


@dataclass(frozen=True)
class CodeFit:
    """Where a code goes in a square: the module's size in px and the quiet zone's."""

    module: int
    quiet: int
    side: int  # the white square's, quiet zone included


def fit_code(modules: int, room: int) -> CodeFit:
    """The largest module that fits ``room`` px with a full quiet zone, unless a half one
    buys a larger module."""
    full = room // (modules + 2 * QUIET)
    small = room // (modules + 2 * QUIET_SMALL)
    quiet = QUIET if full >= small or full >= 6 else QUIET_SMALL
    module = max(1, full if quiet == QUIET else small)
    return CodeFit(module, quiet, module * (modules + 2 * quiet))


def draw_code(painter: Painter, left: int, top: int, room: int, address: str) -> pygame.Rect:
    """The QR code of ``address`` in a square of ``room`` px at (left, top), centred
    vertically; the white square it took (marked "phones.qr" with the address)."""
    matrix = qr_matrix(address)
    fit = fit_code(len(matrix), room)
    square = pygame.Rect(left, top + (room - fit.side) // 2, fit.side, fit.side)
    pygame.draw.rect(painter.surface, LIGHT, square)
    origin = square.left + fit.quiet * fit.module, square.top + fit.quiet * fit.module
    for row, modules in enumerate(matrix):
        for column, dark in enumerate(modules):
            if dark:
                cell = pygame.Rect(
                    origin[0] + column * fit.module,
                    origin[1] + row * fit.module,
                    fit.module,
                    fit.module,
                )
                painter.surface.fill(DARK, cell)
    painter.mark("phones.qr", square, address)
    painter.mark("phones.modules", pygame.Rect(*origin, fit.module, len(matrix)), address)
    return square


def _rows(
    painter: Painter, layout: Layout, picture: PhonesPicture, width: int
) -> tuple[list[str], list[str]]:
    """The full-width lines under the code, and the captions beside it. A seat's page and
    the spectator page: the spectator address (with "Watch:" when it fits). The table's
    page: the table token, with its label when it fits, else the label beside the code."""
    px = layout.min_text
    language = picture.language
    captions = [picture.caption] if picture.caption else []

    def fits(line: str) -> bool:
        return painter.fonts.size(line, px, False)[0] <= width

    if not picture.table_token:
        watch = text("ui.phones.watch", language, address=picture.spectator)
        return [watch if fits(watch) else picture.spectator], captions
    both = text("ui.phones.table_code", language, token=picture.table_token)
    if fits(both):
        return [both], captions
    return [picture.table_token], [*captions, text("ui.phones.table_code_label", language)]


class PhonesScreen:
    name = "phones"
    opaque = True

    def draw(self, painter: Painter, layout: Layout, scene: Scene, motion: object) -> None:
        painter.surface.fill(theme.BACKGROUND)
        picture = scene.phones
        if picture is None:
            return
        margin = layout.px(8)
        gap = layout.px(6)
        width = layout.width - 2 * margin
        px = layout.min_text
        line = layout.line
        footer = pygame.Rect(margin, 0, width, line)
        footer.bottom = layout.height - layout.px(1)
        rows, caption_words = _rows(painter, layout, picture, width)
        rows_top = footer.top - layout.px(3) - len(rows) * line
        for number, words in enumerate(rows):
            box = pygame.Rect(margin, rows_top + number * line, width, line)
            token = bool(picture.table_token) and picture.table_token in words
            painter.text(
                box,
                words,
                px,
                colour=theme.HIGHLIGHT if token else theme.TEXT,
                bold=token,
                role="phones.token" if token else "phones.watch",
                min_px=px,
            )
        top = layout.px(4)
        room = min(rows_top - layout.px(3) - top, width * 3 // 5)
        square = draw_code(painter, margin, top, room, picture.code)
        column = pygame.Rect(square.right + gap, top, margin + width - square.right - gap, 0)
        title_px = layout.font(24)
        colour = theme.seat_colour(picture.seat) if picture.seat else theme.HIGHLIGHT
        bottom = draw_folded(
            painter,
            layout,
            fold(painter, picture.title, column.width, title_px),
            column,
            title_px,
            colour=colour,
            role="phones.name",
            align="left",
        )
        for words in caption_words:  # under the title, each on its own lines
            caption = pygame.Rect(column.left, bottom + layout.px(2), column.width, 0)
            bottom = draw_folded(
                painter,
                layout,
                (fold(painter, words, column.width, px, most=3)[0], False),
                caption,
                px,
                colour=theme.DIM,
                role="phones.caption",
                align="left",
            )
        page = text("ui.phones.page", picture.language, index=picture.index, count=picture.count)
        page_width = painter.fonts.size(page, px, False)[0]
        page_box = pygame.Rect(footer.right - page_width, footer.top, page_width, footer.height)
        painter.text(page_box, page, px, colour=theme.DIM, role="phones.page", min_px=px)
        keys_box = pygame.Rect(footer.left, footer.top, page_box.left - gap - footer.left, line)
        legend.draw(painter, layout, keys_box, KEYS, language=picture.language, role="phones.hint")
