"""The victory screen: who won, how, each seat's final count as a bar with a big numeral,
and, where the panel has the room, a chart of the game.

Nothing on it is drawn under 5 mm (``layout.min_text``). The rows come first: the winner,
each seat's final count (castle damage, points), then how it was won and how long the game
ran, as many of those lines as fit. The chart (the count over time) comes last and only
when it gets at least :data:`CHART_LINES` lines of height: on a 3.5-inch 480x320 panel
the final numbers alone are shown, on the 7-inch 800x480 the chart is under them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise

import pygame

from companion.display import labels, theme
from companion.display.layout import Layout
from companion.display.paint import Painter
from companion.display.scene import Scene
from companion.display.screens import chrome
from companion.i18n import text
from companion.rules.base import View
from companion.rules.reading import mapping, whole

Series = tuple[int, list[tuple[int, int]]]  # (seat, [(x, y), ...])
CHART_LINES = 5  # caption, three lines of plot, the x-axis labels


@dataclass(frozen=True)
class Final:
    """One seat's count at the end: ``value`` of ``top`` (castle damage of the scale,
    points of the goal), under the seat's ``name`` (its castle, its player)."""

    seat: int
    name: str
    value: int
    top: int


@dataclass(frozen=True)
class Summary:
    """What a game tells about its end: a line each for how it was won and how long it
    ran, each seat's final count, and the count over time for the chart (when kept)."""

    how: tuple[str, ...] = ()
    finals: tuple[Final, ...] = ()
    series: tuple[Series, ...] = ()
    caption: str = ""  # the chart's title
    top: int = 1  # the top of the chart's scale (the fall, the goal)


# (public view, language) -> the summary
Summarise = Callable[[View, str], Summary]
# (public view, language) -> the title ("Anna wins"; a team: "Anna & Clara win")
Title = Callable[[View, str], str]


def no_summary(view: View, language: str) -> Summary:
    """A game that brings no summary: the winner alone, no chart."""
    return Summary()


class VictoryScreen:
    """Who won (any game), and the game's own summary: final numbers, then a chart."""

    name = "victory"
    opaque = True

    def __init__(self, summarise: Summarise = no_summary, title: Title | None = None) -> None:
        self.summarise = summarise
        self.title = title

    def draw(self, painter: Painter, layout: Layout, scene: Scene, motion: object) -> None:
        view = scene.view or {}
        language = scene.language
        painter.surface.fill(theme.BACKGROUND)
        seat = whole(mapping(view.get("winner")).get("seat"))
        title_px = layout.font(36)
        title = pygame.Rect(0, 0, layout.width, layout.line_of(title_px) + 2 * layout.px(4))
        painter.box(title, chrome.seat_colour(scene, seat))
        painter.mark("victory.winner", title, str(seat))
        said = (
            self.title(view, language)
            if self.title is not None
            else text("ui.victory.wins", language, player=labels.player(view, seat, language))
        )
        painter.text(
            layout.inset(title, 4),
            said,
            title_px,
            colour=theme.DARK_TEXT,
            bold=True,
            role="victory.title",
            align="center",
            min_px=layout.min_text,
        )
        footer = pygame.Rect(0, layout.height - layout.line, layout.width, layout.line)
        if scene.replay is not None:  # a replay's last step: its bar stands where the hint does
            footer = pygame.Rect(0, layout.prompt.top, layout.width, 0)
        else:
            painter.text(
                footer,
                text("ui.victory.new_game", language),
                layout.min_text,
                colour=theme.DIM,
                role="victory.hint",
                align="center",
            )
        body = pygame.Rect(0, title.bottom + layout.px(4), layout.width, 0)
        body.height = footer.top - body.top - layout.px(2)
        self.summary(painter, layout, layout.inset(body, 4), self.summarise(view, language))

    def summary(self, painter: Painter, layout: Layout, body: pygame.Rect, told: Summary) -> None:
        """Final rows first, then the how-lines that fit, then the chart if it has room."""
        final_px = layout.font(24)
        final_height = layout.line_of(final_px)
        finals = list(told.finals[: body.height // final_height])
        left = body.height - len(finals) * final_height
        how = list(told.how[: max(0, left // layout.line)])
        left -= len(how) * layout.line
        has_history = bool(told.series) and all(len(points) >= 2 for _, points in told.series)
        with_chart = has_history and left >= CHART_LINES * layout.line
        # Without a chart the rows share the height, so the screen is not top-heavy.
        spare = 0 if with_chart else left // max(1, len(how) + len(finals))
        top = body.top
        for line in how:
            row = pygame.Rect(body.left, top, body.width, layout.line + spare)
            painter.text(
                row, line, layout.min_text, colour=theme.TEXT, bold=True, role="victory.summary"
            )
            top = row.bottom
        name_width = max((painter.fonts.size(f.name, final_px, True)[0] for f in finals), default=0)
        name_width = min(name_width, body.width * 55 // 100)
        number_width = max(
            (painter.fonts.size(_count(f), final_px, True)[0] for f in finals), default=0
        )
        for final in finals:
            row = pygame.Rect(body.left, top, body.width, final_height + spare)
            final_row(
                painter,
                layout,
                row,
                final,
                px=final_px,
                name_width=name_width,
                number_width=number_width,
            )
            top = row.bottom
        if with_chart:
            box = pygame.Rect(body.left, top + layout.px(4), body.width, 0)
            box.height = body.bottom - box.top
            chart(painter, layout, box, told.caption, series=told.series, y_top=told.top)


def _count(final: Final) -> str:
    return f"{final.value}/{final.top}"


def final_row(
    painter: Painter,
    layout: Layout,
    row: pygame.Rect,
    final: Final,
    *,
    px: int,
    name_width: int,
    number_width: int,
) -> None:
    """The seat's name, a bar up to the top of its scale, and the count as a big numeral."""
    colour = theme.seat_colour(final.seat)
    gap = layout.px(8)
    name_box = pygame.Rect(row.left, row.top, name_width, row.height)
    number_box = pygame.Rect(row.right - number_width, row.top, number_width, row.height)
    painter.text(name_box, final.name, px, colour=colour, bold=True, role="victory.name", min_px=px)
    painter.text(
        number_box,
        _count(final),
        px,
        colour=colour,
        bold=True,
        role=f"victory.final.{final.seat}",
        align="right",
        min_px=px,
    )
    track = pygame.Rect(name_box.right + gap, 0, number_box.left - gap - name_box.right - gap, 0)
    track.height = max(4, row.height // 3)
    track.centery = row.centery
    if track.width > layout.px(12):
        painter.box(track, theme.DAMAGE_EMPTY, radius=layout.px(2))
        filled = track.copy()
        filled.width = round(track.width * min(final.value, final.top) / max(1, final.top))
        if filled.width:
            painter.box(filled, colour, radius=layout.px(2))
    painter.mark(f"victory.final.{final.seat}", track, str(final.value))


def chart(
    painter: Painter,
    layout: Layout,
    box: pygame.Rect,
    caption: str,
    *,
    series: Sequence[Series],
    y_top: int,
) -> None:
    """Lines per seat over time, with the top of the scale (the fall, or the goal) marked;
    its labels (the caption, the ends of both axes) at the 5 mm floor."""
    painter.box(box, theme.PANEL, theme.PANEL_EDGE, radius=layout.px(4))
    inner = layout.inset(box, 4)
    line = layout.line
    size = layout.min_text
    title = pygame.Rect(inner.left, inner.top, inner.width, line)
    painter.text(title, caption, size, colour=theme.DIM, role="victory.chart_title")
    y_top = max(1, y_top)
    axis_width = painter.fonts.size(str(y_top), size, False)[0] + layout.px(4)
    plot = pygame.Rect(inner.left + axis_width + layout.px(4), title.bottom, 0, 0)
    plot.width = inner.right - layout.px(8) - plot.left
    plot.height = inner.bottom - line - plot.top
    painter.mark("victory.chart", plot)
    xs = [x for _, points in series for x, _ in points] or [0, 1]
    x_low, x_high = min(xs), max(*xs, min(xs) + 1)

    def at(x: int, y: int) -> tuple[int, int]:
        return (
            round(plot.left + (x - x_low) / (x_high - x_low) * plot.width),
            round(plot.bottom - min(y, y_top) / y_top * plot.height),
        )

    pygame.draw.line(painter.surface, theme.PANEL_EDGE, plot.bottomleft, plot.bottomright, 1)
    pygame.draw.line(painter.surface, theme.PANEL_EDGE, plot.bottomleft, plot.topleft, 1)
    for x in range(plot.left, plot.right, layout.px(8)):
        pygame.draw.line(
            painter.surface, theme.DAMAGE, (x, plot.top), (x + layout.px(4), plot.top), 1
        )
    # The ends of the y axis: the top of the scale level with the dashed line, 0 at the foot.
    top_label = pygame.Rect(inner.left, plot.top, axis_width, line)
    foot_label = pygame.Rect(inner.left, plot.bottom - line, axis_width, line)
    for value, label in ((y_top, top_label), (0, foot_label)):
        painter.text(label, str(value), size, colour=theme.DIM, role="victory.axis", align="right")
    for value in sorted({x_low, x_high}):
        x, _ = at(value, 0)
        width = painter.fonts.size(str(value), size, False)[0] + layout.px(4)
        label = pygame.Rect(0, plot.bottom, width, line)
        label.centerx = x
        label.clamp_ip(inner)
        painter.text(label, str(value), size, colour=theme.DIM, role="victory.axis", align="center")
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
