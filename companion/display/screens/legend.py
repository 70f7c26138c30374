"""The button legend: which button does what on a prompt, drawn in the buttons' own
colours (a dot the colour of the seat button's cap, then its word; NEXT and UNDO as the
words printed on those table buttons). Only buttons the box has: the seat buttons red,
blue, cyan, yellow and the table buttons NEXT, UNDO (MENU is held to open the menu)."""

from __future__ import annotations

from collections.abc import Sequence

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


def draw(
    painter: Painter,
    layout: Layout,
    box: pygame.Rect,
    keys: Sequence[Key],
    *,
    language: str,
    role: str = "legend",
) -> None:
    """The keys left to right, centred in ``box``, each a coloured mark and a word."""
    gap = layout.px(10)
    dot = max(6, round(box.height * 0.55))
    px = layout.font(14)
    while True:  # the largest size at which the whole legend fits (never below 9 px)
        pieces = []
        for button, key in keys:
            words = text(key, language)
            label = text(TABLE_BUTTONS[button], language) if button in TABLE_BUTTONS else ""
            label_width = painter.fonts.size(label, px, True)[0] + layout.px(8) if label else dot
            width = label_width + layout.px(4) + painter.fonts.size(words, px, False)[0]
            pieces.append((button, label, words, label_width, width))
        total = sum(p[4] for p in pieces) + gap * (len(pieces) - 1)
        if total <= box.width or px <= 9:
            break
        px -= 1
    x = box.left + max(0, (box.width - total) // 2)
    for button, label, words, label_width, width in pieces:
        mark = pygame.Rect(x, 0, label_width, dot if not label else box.height - 2)
        mark.centery = box.centery
        if label:
            painter.box(mark, theme.PANEL_EDGE, radius=layout.px(3))
            painter.text(
                mark, label, px, colour=theme.TEXT, bold=True, role=f"{role}.button", align="center"
            )
        else:
            pygame.draw.ellipse(painter.surface, theme.BUTTON_COLOURS[button], mark)
        painter.mark(f"{role}.{button}", mark, words)
        words_box = pygame.Rect(mark.right + layout.px(4), box.top, 0, box.height)
        words_box.width = x + width - words_box.left
        painter.text(words_box, words, px, colour=theme.TEXT, role=f"{role}.words")
        x += width + gap
