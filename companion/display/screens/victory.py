"""The victory screen: who won and how, a short summary, and a chart of the game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise

import pygame

from companion.display import labels, theme
from companion.display.layout import Layout
from companion.display.paint import Painter, rows, split
from companion.display.scene import Scene
from companion.i18n import text
from companion.rules.base import JSON

Series = tuple[int, list[tuple[int, int]]]  # (seat, [(x, y), ...])


Summary = tuple[list[Series], int, str, list[tuple[str, int | None]]]
# (public view, language) -> (series per seat, top of the scale, chart caption, lines)
Summarise = Callable[[JSON, str], Summary]


def no_summary(view: JSON, language: str) -> Summary:
    """A game that brings no summary: the winner alone, no chart."""
    return [], 1, "", []


class VictoryScreen:
    """Who won (any game), and the game's own summary beside a chart."""

    name = "victory"
    opaque = True

    def __init__(self, summarise: Summarise = no_summary) -> None:
        self.summarise = summarise

    def draw(self, painter: Painter, layout: Layout, scene: Scene, motion: object) -> None:
        view = scene.view or {}
        language = scene.language
        painter.surface.fill(theme.BACKGROUND)
        winner = view.get("winner") or {}
        seat = winner.get("seat")
        colour = theme.seat_colour(seat)
        title = pygame.Rect(0, 0, layout.width, layout.px(52))
        painter.box(title, colour)
        painter.mark("victory.winner", title, str(seat))
        painter.text(
            layout.inset(title, 5),
            text("ui.victory.wins", language, player=labels.player(view, seat, language)),
            layout.font(30),
            colour=theme.DARK_TEXT,
            bold=True,
            role="victory.title",
            align="center",
            min_px=layout.font(18),
        )
        footer = pygame.Rect(0, layout.height - layout.px(24), layout.width, layout.px(22))
        body = pygame.Rect(0, title.bottom + layout.px(4), layout.width, 0)
        body.height = footer.top - body.top - layout.px(4)
        summary_box, chart_box = split(layout.inset(body, 4), (0.36, 0.64), layout.px(8))
        series, y_top, caption, lines = self.summarise(view, language)
        for index, (line, row) in enumerate(
            zip(lines, rows(summary_box, 5, layout.px(2)), strict=False)
        ):
            painter.text(
                row,
                line[0],
                layout.font(17 if index == 0 else 15),
                colour=theme.seat_colour(line[1]) if line[1] else theme.TEXT,
                bold=index == 0 or bool(line[1]),
                role="victory.summary",
            )
        if all(len(points) >= 2 for _, points in series) and series:
            chart(painter, layout, chart_box, caption, series=series, y_top=y_top)
        elif series:
            final = [(seat, points[-1][1] if points else 0) for seat, points in series]
            bars(painter, layout, chart_box, caption, values=final, y_top=y_top)
        painter.text(
            footer,
            text("ui.victory.new_game", language),
            layout.font(12),
            colour=theme.DIM,
            role="victory.hint",
            align="center",
        )


def chart(
    painter: Painter,
    layout: Layout,
    box: pygame.Rect,
    caption: str,
    *,
    series: Sequence[Series],
    y_top: int,
) -> None:
    """Lines per seat over time, with the top of the scale (the fall, or the goal) marked."""
    painter.box(box, theme.PANEL, theme.PANEL_EDGE, radius=layout.px(4))
    title = pygame.Rect(
        box.left + layout.px(6), box.top + layout.px(2), box.width - layout.px(12), layout.px(20)
    )
    painter.text(title, caption, layout.font(13), colour=theme.DIM, role="victory.chart_title")
    axis_width = layout.px(24)
    plot = pygame.Rect(box.left + axis_width, title.bottom + layout.px(6), 0, 0)
    plot.width = box.right - layout.px(8) - plot.left
    plot.height = box.bottom - layout.px(20) - plot.top
    painter.mark("victory.chart", plot)
    xs = [x for _, points in series for x, _ in points] or [0, 1]
    x_low, x_high = min(xs), max(*xs, min(xs) + 1)
    y_top = max(1, y_top)

    def at(x: int, y: int) -> tuple[int, int]:
        return (
            round(plot.left + (x - x_low) / (x_high - x_low) * plot.width),
            round(plot.bottom - min(y, y_top) / y_top * plot.height),
        )

    pygame.draw.line(painter.surface, theme.PANEL_EDGE, plot.bottomleft, plot.bottomright, 1)
    pygame.draw.line(painter.surface, theme.PANEL_EDGE, plot.bottomleft, plot.topleft, 1)
    top_line = plot.top
    for x in range(plot.left, plot.right, layout.px(8)):
        pygame.draw.line(
            painter.surface, theme.DAMAGE, (x, top_line), (x + layout.px(4), top_line), 1
        )
    for value, y in ((y_top, plot.top), (0, plot.bottom)):
        label = pygame.Rect(
            box.left + layout.px(2), y - layout.px(8), axis_width - layout.px(4), layout.px(16)
        )
        painter.text(
            label, str(value), layout.font(11), colour=theme.DIM, role="victory.axis", align="right"
        )
    for value in sorted({x_low, x_high}):
        x, _ = at(value, 0)
        label = pygame.Rect(
            x - layout.px(14), plot.bottom + layout.px(2), layout.px(28), layout.px(16)
        )
        painter.text(
            label,
            str(value),
            layout.font(11),
            colour=theme.DIM,
            role="victory.axis",
            align="center",
        )
    for seat, points in series:
        colour = theme.seat_colour(seat)
        if len(points) >= 2:
            # A step line: damage holds until the next change, as the marker on the scale does.
            steps: list[tuple[int, int]] = []
            for (x0, y0), (x1, _) in pairwise(points):
                steps.extend([at(x0, y0), at(x1, y0)])
            steps.append(at(*points[-1]))
            pygame.draw.lines(painter.surface, colour, False, steps, max(2, layout.px(3)))
        for point in points[-1:]:
            pygame.draw.circle(painter.surface, colour, at(*point), max(3, layout.px(4)))
        painter.mark(f"victory.series.{seat}", plot, ",".join(f"{x}:{y}" for x, y in points))


def bars(
    painter: Painter,
    layout: Layout,
    box: pygame.Rect,
    caption: str,
    *,
    values: Sequence[tuple[int, int]],
    y_top: int,
) -> None:
    """Final values per seat as bars up to the goal line (when the view keeps no history)."""
    painter.box(box, theme.PANEL, theme.PANEL_EDGE, radius=layout.px(4))
    title = pygame.Rect(
        box.left + layout.px(6), box.top + layout.px(2), box.width - layout.px(12), layout.px(20)
    )
    painter.text(title, caption, layout.font(13), colour=theme.DIM, role="victory.chart_title")
    plot = pygame.Rect(box.left + layout.px(10), title.bottom + layout.px(18), 0, 0)
    plot.width = box.right - layout.px(10) - plot.left
    plot.height = box.bottom - layout.px(6) - plot.top
    painter.mark("victory.chart", plot)
    y_top = max(1, y_top)
    for x in range(plot.left, plot.right, layout.px(8)):
        pygame.draw.line(
            painter.surface, theme.DAMAGE, (x, plot.top), (x + layout.px(4), plot.top), 1
        )
    for (seat, value), column in zip(
        values, split(plot, [1 / max(1, len(values))] * len(values), layout.px(10)), strict=False
    ):
        height = round(min(value, y_top) / y_top * column.height)
        bar = pygame.Rect(column.left, column.bottom - height, column.width, height)
        painter.box(bar, theme.seat_colour(seat))
        label = pygame.Rect(column.left, bar.top - layout.px(18), column.width, layout.px(16))
        painter.text(
            label,
            str(value),
            layout.font(14),
            colour=theme.TEXT,
            bold=True,
            role="victory.bar",
            align="center",
        )
        painter.mark(f"victory.series.{seat}", bar, f"final:{value}")
