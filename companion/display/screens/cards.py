"""The card library view ("Cards" in the menu): one card at a time, large enough to read
across the table.

What the card is called and where it stands in the library ("20/20"), its statistics
(a short label over a large value, in tiles; on a narrow panel as "label value" pairs
flowed onto lines), its abilities (the name, then what it does), the neighbours' names
(what up and down lead to) and which button does what. Nothing is under ``min_text``
(5 mm on the panel): on a small panel what an ability does is shown where it fits (on the
ability's own line when short), and the neighbours' names only where there is a line to
spare. A problem with the library file is said at the bottom instead of the legend: the
view still shows the cards the table plays with.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from companion.display import theme
from companion.display.layout import Layout
from companion.display.paint import Painter, split
from companion.display.scene import CardsPicture, Scene
from companion.display.screens import legend
from companion.display.screens.menu import wrap_line

NOTE_LINES = 3  # a library problem wraps onto at most this many lines
SAID_LINES = 2  # what an ability does wraps onto at most this many lines under its name


@dataclass(frozen=True)
class Ability:
    """An ability as it will be drawn: its name, and what it does on the name's line
    (``beside``) or on lines under it."""

    name: str
    said: str
    beside: bool
    under: tuple[str, ...]

    @property
    def lines(self) -> int:
        return 1 + len(self.under)


class CardsScreen:
    name = "cards"
    opaque = True

    def draw(self, painter: Painter, layout: Layout, scene: Scene, motion: object) -> None:
        cards = scene.cards
        if cards is None:
            return
        painter.surface.fill(theme.BACKGROUND)
        margin, gap = layout.px(8), layout.px(4)
        width = layout.width - 2 * margin
        line = layout.line
        head = pygame.Rect(margin, layout.px(2), width, layout.line_of(layout.font(28)))
        _head(painter, layout, head, cards)
        foot_lines = _note_lines(painter, layout, scene, width)
        foot = pygame.Rect(margin, 0, width, max(1, len(foot_lines)) * line)
        foot.bottom = layout.height - layout.px(2)
        _foot(painter, layout, foot, scene, foot_lines)
        stats_top = head.bottom + gap
        stats_height = _stats_height(painter, layout, cards, width)
        room = foot.top - gap - (stats_top + stats_height + gap)
        ability_line = layout.line_of(_ability_px(layout))
        lines = room // ability_line
        abilities = _abilities(painter, layout, cards, width - 2 * layout.px(6), lines)
        spare = room - sum(a.lines for a in abilities) * ability_line
        if spare >= line + gap and _neighbours_fit(painter, layout, cards, width):
            where = pygame.Rect(margin, stats_top, width, line)
            _neighbours(painter, layout, where, cards)
            stats_top = where.bottom + gap
        stats = pygame.Rect(margin, stats_top, width, stats_height)
        _stats(painter, layout, stats, cards)
        _draw_abilities(painter, layout, stats.bottom + gap, width, abilities)


def _head(painter: Painter, layout: Layout, box: pygame.Rect, cards: CardsPicture) -> None:
    """The card's name, large, and where it stands in the library."""
    where = f"{cards.index}/{cards.count}"
    where_width = painter.fonts.size(where, layout.min_text, False)[0]
    where_box = pygame.Rect(box.right - where_width, box.top, where_width, box.height)
    painter.text(
        where_box,
        where,
        layout.min_text,
        colour=theme.DIM,
        role="cards.count",
        align="right",
        min_px=layout.min_text,
    )
    name_box = pygame.Rect(box.left, box.top, where_box.left - layout.px(8) - box.left, 0)
    name_box.height = box.height
    painter.text(
        name_box,
        cards.face.name,
        layout.font(28),
        colour=theme.HIGHLIGHT,
        bold=True,
        role="cards.name",
        min_px=layout.min_text,
    )


def _neighbour_words(cards: CardsPicture) -> tuple[str, str]:
    return f"▲ {cards.before}", f"{cards.after} ▼"


def _neighbours_fit(painter: Painter, layout: Layout, cards: CardsPicture, width: int) -> bool:
    half = (width - layout.px(8)) // 2
    return all(
        painter.fonts.size(words, layout.min_text, False)[0] <= half
        for words in _neighbour_words(cards)
    )


def _neighbours(painter: Painter, layout: Layout, box: pygame.Rect, cards: CardsPicture) -> None:
    """The cards up and down lead to."""
    before, after = _neighbour_words(cards)
    left, right = split(box, (0.5, 0.5), layout.px(8))
    for rect, words, role, align in (
        (left, before, "cards.before", "left"),
        (right, after, "cards.after", "right"),
    ):
        painter.text(
            rect,
            words,
            layout.min_text,
            colour=theme.DIM,
            role=role,
            align=align,
            min_px=layout.min_text,
        )


def _value_px(layout: Layout) -> tuple[int, int]:
    """A statistic's value: wanted and least size."""
    return layout.font(32), layout.font(28)


def _tile_widths(
    painter: Painter, layout: Layout, cards: CardsPicture, width: int
) -> list[int] | None:
    """Tiles side by side, equal when each holds its label and value, else each as wide
    as it needs and the rest shared; None when even that does not fit."""
    stats = cards.face.stats
    gap, pad = layout.px(6), 2 * layout.px(4)
    usable = width - gap * (len(stats) - 1)
    _, least = _value_px(layout)
    needs = [
        max(
            painter.fonts.size(label, layout.min_text, False)[0],
            painter.fonts.size(value, least, True)[0],
        )
        + pad
        for label, value in stats
    ]
    if max(needs) * len(stats) <= usable:
        return [usable // len(stats)] * len(stats)
    if sum(needs) > usable:
        return None
    extra = (usable - sum(needs)) // len(stats)
    return [need + extra for need in needs]


def _pairs(painter: Painter, layout: Layout, cards: CardsPicture, width: int) -> list[list[int]]:
    """The statistics as "label value" pairs flowed onto lines: the indices per line."""
    lines: list[list[int]] = [[]]
    used = 0
    for index, (label, value) in enumerate(cards.face.stats):
        pair = _pair_width(painter, layout, label, value)
        if lines[-1] and used + layout.px(16) + pair > width:
            lines.append([])
            used = 0
        used += (layout.px(16) if lines[-1] else 0) + pair
        lines[-1].append(index)
    return lines


def _pair_width(painter: Painter, layout: Layout, label: str, value: str) -> int:
    px = layout.min_text
    return (
        painter.fonts.size(label, px, False)[0]
        + layout.px(6)
        + painter.fonts.size(value, px, True)[0]
    )


def _stats_height(painter: Painter, layout: Layout, cards: CardsPicture, width: int) -> int:
    if not cards.face.stats:
        return 0
    if _tile_widths(painter, layout, cards, width) is not None:
        return layout.line + layout.line_of(_value_px(layout)[0]) + 2 * layout.px(3)
    return len(_pairs(painter, layout, cards, width)) * layout.line


def _stats(painter: Painter, layout: Layout, box: pygame.Rect, cards: CardsPicture) -> None:
    stats = cards.face.stats
    if not stats:
        return
    widths = _tile_widths(painter, layout, cards, box.width)
    if widths is None:
        _stat_pairs(painter, layout, box, cards)
        return
    wanted, least = _value_px(layout)
    x = box.left
    for (label, value), tile_width in zip(stats, widths, strict=True):
        tile = pygame.Rect(x, box.top, tile_width, box.height)
        x = tile.right + layout.px(6)
        painter.box(tile, theme.PANEL, theme.PANEL_EDGE, radius=layout.px(6))
        inner = tile.inflate(-2 * layout.px(4), -2 * layout.px(3))
        label_box = pygame.Rect(inner.left, inner.top, inner.width, layout.line)
        value_box = pygame.Rect(inner.left, label_box.bottom, inner.width, 0)
        value_box.height = inner.bottom - value_box.top
        painter.text(
            label_box,
            label,
            layout.min_text,
            colour=theme.DIM,
            role="cards.label",
            align="center",
            min_px=layout.min_text,
        )
        painter.text(
            value_box,
            value,
            wanted,
            colour=theme.TEXT,
            bold=True,
            role="cards.value",
            align="center",
            min_px=least,
        )


def _stat_pairs(painter: Painter, layout: Layout, box: pygame.Rect, cards: CardsPicture) -> None:
    """Each statistic as its label then its value, centred lines of them."""
    stats = cards.face.stats
    px = layout.min_text
    for number, indices in enumerate(_pairs(painter, layout, cards, box.width)):
        widths = [_pair_width(painter, layout, *stats[index]) for index in indices]
        total = sum(widths) + layout.px(16) * (len(indices) - 1)
        x = box.left + (box.width - total) // 2
        top = box.top + number * layout.line
        for index, pair_width in zip(indices, widths, strict=True):
            label, value = stats[index]
            label_width = painter.fonts.size(label, px, False)[0]
            label_box = pygame.Rect(x, top, label_width, layout.line)
            painter.text(label_box, label, px, colour=theme.DIM, role="cards.label", min_px=px)
            value_box = pygame.Rect(label_box.right + layout.px(6), top, 0, layout.line)
            value_box.width = x + pair_width - value_box.left
            painter.text(
                value_box,
                value,
                px,
                colour=theme.TEXT,
                bold=True,
                role="cards.value",
                min_px=px,
            )
            x += pair_width + layout.px(16)


def _abilities(
    painter: Painter, layout: Layout, cards: CardsPicture, width: int, lines: int
) -> list[Ability]:
    """The abilities in as many lines as there are: each on one line (what it does beside
    its name when that fits), then, first to last, with what it does under the name while
    the lines last; never more abilities than lines."""
    px = _ability_px(layout)
    gap = layout.px(14)
    chosen = []
    for name, said in cards.face.lines:
        beside = (
            bool(said)
            and painter.fonts.size(name, px, True)[0] + gap + painter.fonts.size(said, px, False)[0]
            <= width
        )
        chosen.append(Ability(name, said, beside, ()))
    chosen = chosen[: max(0, lines)]
    for index, ability in enumerate(chosen):
        if ability.beside or not ability.said:
            continue
        under = wrap_line(painter, ability.said, width, px, SAID_LINES)
        if painter.fonts.size(under[-1], px, False)[0] > width:
            continue  # a word wider than the line: it would be cut
        if sum(a.lines for a in chosen) + len(under) <= lines:
            chosen[index] = Ability(ability.name, ability.said, False, under)
    return chosen


def _ability_px(layout: Layout) -> int:
    return layout.font(22)


def _draw_abilities(
    painter: Painter, layout: Layout, top: int, width: int, abilities: list[Ability]
) -> None:
    """Each ability under a rule: its name in bold, what it does dim."""
    px = _ability_px(layout)
    line = layout.line_of(px)
    left = layout.px(8)
    for ability in abilities:
        painter.box(pygame.Rect(left, top, width, max(1, layout.px(1))), theme.PANEL_EDGE)
        inner = pygame.Rect(left + layout.px(6), top, width - 2 * layout.px(6), line)
        name_width = painter.fonts.size(ability.name, px, True)[0]
        name_box = pygame.Rect(inner.left, inner.top, min(inner.width, name_width), line)
        painter.text(
            name_box,
            ability.name,
            px,
            colour=theme.TEXT,
            bold=True,
            role="cards.ability",
            min_px=px,
        )
        if ability.beside:
            said_box = pygame.Rect(name_box.right + layout.px(14), inner.top, 0, line)
            said_box.width = inner.right - said_box.left
            painter.text(
                said_box,
                ability.said,
                px,
                colour=theme.DIM,
                role="cards.ability_does",
                min_px=px,
            )
        for number, piece in enumerate(ability.under, start=1):
            said_box = pygame.Rect(inner.left, inner.top + number * line, inner.width, line)
            painter.text(
                said_box,
                piece,
                px,
                colour=theme.DIM,
                role="cards.ability_does",
                min_px=px,
            )
        top += ability.lines * line


def _note_lines(painter: Painter, layout: Layout, scene: Scene, width: int) -> tuple[str, ...]:
    if not scene.notes:
        return ()
    return wrap_line(painter, scene.notes[0], width - 2 * layout.px(4), layout.min_text, NOTE_LINES)


def _foot(
    painter: Painter,
    layout: Layout,
    box: pygame.Rect,
    scene: Scene,
    note: tuple[str, ...],
) -> None:
    """The legend, or the first thing the table must know (a library file with a problem,
    a card not kept), wrapped: the view never hides it."""
    if not note:
        legend.draw(painter, layout, box, legend.CARDS, language=scene.language, role="cards.hint")
        return
    painter.box(box, theme.NEGATIVE, radius=layout.px(4))
    for number, piece in enumerate(note):
        line_box = pygame.Rect(box.left, box.top + number * layout.line, box.width, layout.line)
        painter.text(
            line_box,
            piece,
            layout.min_text,
            colour=theme.DARK_TEXT,
            bold=False,
            role="notice",
            align="center",
            min_px=layout.min_text,
        )
