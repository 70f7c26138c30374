"""The button legend: which button does what on a prompt, drawn as the buttons themselves.

Each seat button is a cap in its own colour (``theme.BUTTON_COLOURS``) with a glyph of what
it does inside (▲ ▼ ✓ ↩ …); NEXT and UNDO are caps with the words printed on those table
buttons. Everything is at least ``min_text`` (5 mm on the panel): the caps always fit one
line, and a word beside a cap ("up", "as shown") is added only where the line has room,
the table buttons' words first, then the seat buttons' all together or none. Only
buttons the box has: red, blue, cyan, yellow and NEXT, UNDO (MENU is held to open the
menu).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from companion.display import theme
from companion.display.layout import Layout
from companion.display.paint import Painter
from companion.i18n import text

TABLE_BUTTONS = {"next": "ui.sim.next", "undo": "ui.sim.undo"}  # their printed names
Key = tuple[str, str]  # (button, the legend's catalogue key for what it does)

NAVIGATE: tuple[Key, ...] = (
    ("red", "legend.up"),
    ("blue", "legend.down"),
    ("cyan", "legend.select"),
    ("yellow", "legend.back"),
)
MENU: tuple[Key, ...] = (*NAVIGATE[:3], ("yellow", "legend.close"))
RESUME: tuple[Key, ...] = (*NAVIGATE[:2], ("cyan", "legend.resume"), ("yellow", "legend.back"))
# A list to read (MENU, Standings): up and down, yellow back to the menu's lines.
BROWSE: tuple[Key, ...] = (*NAVIGATE[:2], ("yellow", "legend.back"))
# The replay: red a step back, blue a step on, yellow back to the live game.
REPLAY: tuple[Key, ...] = (
    ("red", "legend.earlier"),
    ("blue", "legend.later"),
    ("yellow", "legend.close"),
)
ENTRY: tuple[Key, ...] = (
    *NAVIGATE[:2],
    ("cyan", "legend.confirm"),
    ("yellow", "legend.back"),
    ("next", "legend.as_shown"),
)
NAME: tuple[Key, ...] = (
    ("red", "legend.letter_up"),
    ("blue", "legend.letter_up"),
    ("cyan", "legend.take"),
    ("yellow", "legend.erase"),
    ("next", "legend.confirm"),
)
CARDS: tuple[Key, ...] = (
    *NAVIGATE[:2],
    ("cyan", "legend.edit"),
    ("yellow", "legend.back"),
    ("undo", "legend.leave"),
)

# What a seat button's cap shows: red and blue always move up and down (a list, a value,
# the letters); cyan and yellow by what they do here.
GLYPHS = {
    "legend.select": "✓",
    "legend.confirm": "✓",
    "legend.resume": "▶",
    "legend.take": "+",
    "legend.edit": "✎",
    "legend.back": "↩",
    "legend.close": "✕",
    "legend.erase": "⌫",
}
BUTTON_GLYPHS = {"red": "▲", "blue": "▼"}
LIGHT_CAPS = {"cyan", "yellow"}  # dark ink on these, white on red and blue


def glyph(button: str, key: str, language: str) -> str:
    """What the cap of ``button`` shows for the job ``key``."""
    if button in TABLE_BUTTONS:
        return text(TABLE_BUTTONS[button], language)
    return BUTTON_GLYPHS.get(button) or GLYPHS.get(key, "•")


@dataclass(frozen=True)
class Piece:
    button: str
    cap: str  # the glyph or the printed name
    words: str  # what the button does
    cap_width: int
    words_width: int


def _pieces(painter: Painter, layout: Layout, keys: Sequence[Key], language: str) -> list[Piece]:
    px = layout.min_text
    pad = layout.px(6)
    pieces = []
    for button, key in keys:
        cap = glyph(button, key, language)
        words = text(key, language)
        cap_width = painter.fonts.size(cap, px, True)[0] + 2 * pad
        words_width = painter.fonts.size(words, px, False)[0] + layout.px(4)
        pieces.append(Piece(button, cap, words, cap_width, words_width))
    return pieces


def _with_words(pieces: list[Piece], room: int, gap: int) -> set[int]:
    """Which pieces get their words: each table button's while the line holds it (its cap
    names the button, not what it does), then the seat buttons', all of them or none (an
    "up" beside red but nothing beside blue reads as if blue did something else)."""
    used = sum(piece.cap_width for piece in pieces) + gap * (len(pieces) - 1)
    chosen: set[int] = set()
    for index, piece in enumerate(pieces):
        if piece.button in TABLE_BUTTONS and used + piece.words_width <= room:
            used += piece.words_width
            chosen.add(index)
    seats = [i for i, piece in enumerate(pieces) if piece.button not in TABLE_BUTTONS]
    if used + sum(pieces[i].words_width for i in seats) <= room:
        chosen.update(seats)
    return chosen


def width(painter: Painter, layout: Layout, keys: Sequence[Key], *, language: str) -> int:
    """The width of the caps alone: the least a legend of ``keys`` takes."""
    pieces = _pieces(painter, layout, keys, language)
    return sum(piece.cap_width for piece in pieces) + layout.px(8) * (len(pieces) - 1)


def draw(
    painter: Painter,
    layout: Layout,
    box: pygame.Rect,
    keys: Sequence[Key],
    *,
    language: str,
    role: str = "legend",
) -> None:
    """The keys left to right, centred in ``box`` (one line of ``min_text``): each a cap in
    its button's colour, with its words beside it where they fit."""
    px = layout.min_text
    gap = layout.px(8)
    pieces = _pieces(painter, layout, keys, language)
    worded = _with_words(pieces, box.width, gap)
    total = sum(p.cap_width + (p.words_width if i in worded else 0) for i, p in enumerate(pieces))
    total += gap * (len(pieces) - 1)
    x = box.left + max(0, (box.width - total) // 2)
    height = min(box.height, layout.line)
    for index, piece in enumerate(pieces):
        cap = pygame.Rect(x, 0, piece.cap_width, height)
        cap.centery = box.centery
        table = piece.button in TABLE_BUTTONS
        fill = theme.PANEL_EDGE if table else theme.BUTTON_COLOURS[piece.button]
        ink = theme.DARK_TEXT if piece.button in LIGHT_CAPS else theme.TEXT
        painter.box(cap, fill, radius=layout.px(6))
        painter.mark(f"{role}.{piece.button}", cap, piece.words)
        painter.text(
            cap,
            piece.cap,
            px,
            colour=ink,
            bold=True,
            role=f"{role}.button" if table else f"{role}.glyph",
            align="center",
            min_px=px,
        )
        x = cap.right
        if index in worded:
            words_box = pygame.Rect(x + layout.px(4), box.top, piece.words_width, box.height)
            words_box.width -= layout.px(4)
            painter.text(
                words_box, piece.words, px, colour=theme.TEXT, role=f"{role}.words", min_px=px
            )
            x += piece.words_width
        x += gap
