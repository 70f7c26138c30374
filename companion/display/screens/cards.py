"""The card library view ("Cards" in the menu): one card at a time, large enough to read
across the table.

What the card is called, its statistics in three tiles (a short label over a large value),
its abilities one per band (the name, then what it does), where it stands in the library
with its neighbours' names (what up and down lead to), and which button does what. A
problem with the library file is said at the bottom instead of the hint: the view still
shows the cards the table plays with.
"""

from __future__ import annotations

import pygame

from companion.display import theme
from companion.display.layout import Layout
from companion.display.paint import Painter, rows, split
from companion.display.scene import CardsPicture, Scene
from companion.display.screens import legend
from companion.i18n import text


class CardsScreen:
    name = "cards"
    opaque = True

    def draw(self, painter: Painter, layout: Layout, scene: Scene, motion: object) -> None:
        cards = scene.cards
        if cards is None:
            return
        painter.surface.fill(theme.BACKGROUND)
        top = pygame.Rect(0, layout.px(4), layout.width, layout.px(26))
        _where(painter, layout, layout.inset(top, 2), cards, scene.language)
        name = pygame.Rect(0, top.bottom, layout.width, layout.px(44))
        painter.text(
            layout.inset(name, 4),
            cards.face.name,
            layout.font(34),
            colour=theme.HIGHLIGHT,
            bold=True,
            role="cards.name",
            align="center",
        )
        foot = pygame.Rect(0, layout.height - layout.px(26), layout.width, layout.px(24))
        body = pygame.Rect(
            layout.px(8), name.bottom + layout.px(4), layout.width - 2 * layout.px(8), 0
        )
        body.height = foot.top - layout.px(4) - body.top
        stats_box, lines_box = (
            pygame.Rect(body.left, body.top, body.width, body.height * 44 // 100),
            pygame.Rect(body.left, body.top + body.height * 44 // 100, body.width, 0),
        )
        lines_box.height = body.bottom - lines_box.top
        _stats(painter, layout, stats_box, cards)
        _lines(painter, layout, lines_box, cards)
        _foot(painter, layout, foot, scene)


def _where(
    painter: Painter, layout: Layout, box: pygame.Rect, cards: CardsPicture, language: str
) -> None:
    before_box, count_box, after_box = split(box, (0.36, 0.28, 0.36), layout.px(4))
    painter.text(
        before_box,
        f"▲ {cards.before}",
        layout.font(14),
        colour=theme.DIM,
        role="cards.before",
    )
    painter.text(
        count_box,
        text("ui.cards.count", language, index=cards.index, count=cards.count),
        layout.font(15),
        colour=theme.TEXT,
        bold=True,
        role="cards.count",
        align="center",
    )
    painter.text(
        after_box,
        f"{cards.after} ▼",
        layout.font(14),
        colour=theme.DIM,
        role="cards.after",
        align="right",
    )


def _stats(painter: Painter, layout: Layout, box: pygame.Rect, cards: CardsPicture) -> None:
    stats = cards.face.stats
    if not stats:
        return
    tiles = split(box.inflate(0, -layout.px(4)), [1 / len(stats)] * len(stats), layout.px(6))
    for (label, value), tile in zip(stats, tiles, strict=False):
        painter.box(tile, theme.PANEL, theme.PANEL_EDGE, radius=layout.px(6))
        label_box, value_box = rows(layout.inset(tile, 4), 2)
        label_box.height = layout.inset(tile, 4).height * 36 // 100
        value_box.top = label_box.bottom
        value_box.height = layout.inset(tile, 4).bottom - value_box.top
        painter.text(
            label_box,
            label,
            layout.font(14),
            colour=theme.DIM,
            role="cards.label",
            align="center",
        )
        painter.text(
            value_box,
            value,
            layout.font(32),
            colour=theme.TEXT,
            bold=True,
            role="cards.value",
            align="center",
            min_px=layout.font(16),
        )


def _lines(painter: Painter, layout: Layout, box: pygame.Rect, cards: CardsPicture) -> None:
    lines = cards.face.lines
    if not lines:
        return
    for (title, said), band in zip(lines, rows(box, len(lines), layout.px(4)), strict=False):
        painter.box(band, theme.PANEL, theme.PANEL_EDGE, radius=layout.px(6))
        inner = layout.inset(band, 4)
        title_box = pygame.Rect(inner.left, inner.top, inner.width, inner.height * 52 // 100)
        said_box = pygame.Rect(inner.left, title_box.bottom, inner.width, 0)
        said_box.height = inner.bottom - said_box.top
        painter.text(
            title_box,
            title,
            layout.font(19),
            colour=theme.TEXT,
            bold=True,
            role="cards.ability",
        )
        painter.text(
            said_box,
            said,
            layout.font(16),
            colour=theme.DIM,
            role="cards.ability_does",
        )


def _foot(painter: Painter, layout: Layout, box: pygame.Rect, scene: Scene) -> None:
    """The hint, or the first thing the table must know (a library file with a problem,
    a card not kept): the view never hides it."""
    if scene.notes:
        painter.box(box, theme.NEGATIVE)
        painter.text(
            layout.inset(box, 2),
            scene.notes[0],
            layout.font(13),
            colour=theme.DARK_TEXT,
            bold=True,
            role="notice",
            align="center",
        )
        return
    legend.draw(painter, layout, box, legend.CARDS, language=scene.language, role="cards.hint")
