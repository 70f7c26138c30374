"""The time disc as the board and the ring have it: sector 1 from the top, clockwise;
each token a dot in its owner's colour in the sector of its return (ringed when it comes
back next period); the sun mark outside the rim over the present sector.

On the 3.5-inch panel the disc is small and unlabelled (the sun and the order round the
disc say when a token comes back); the 7-inch panel labels the sectors.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from companion.display import theme
from companion.display.layout import Layout
from companion.display.paint import Painter
from companion.display.scene import Scene
from companion.display.screens.base import Motion
from companion.games.bestiary.types import SigilView, TokenView, board_view
from companion.ring_geometry import SECTORS, TOP, RingGeometry, point

GEOMETRY = RingGeometry()  # angles only: the strip's wiring never moves the board


def _point(cx: float, cy: float, radius: float, degrees: float) -> tuple[float, float]:
    return point((cx, cy), radius, degrees)


def sector_period(sector: int, sun: int | None, period: int) -> int:
    """The period in which ``sector`` is next under the sun mark (the current one counts)."""
    if sun is None:
        return sector
    return period + (sector - sun) % SECTORS


def sun_angle(sun: int | None, motion: Motion) -> float:
    """Where the sun mark stands: over its sector, as the ring lights it; after a turn it
    travels clockwise from the sector it left, easing in."""
    if sun is None:
        return TOP
    angle = GEOMETRY.sector_centre(sun)
    if motion.from_sun is not None and motion.progress < 1.0:
        steps = (sun - motion.from_sun) % SECTORS
        eased = 1 - (1 - motion.progress) ** 3
        angle += steps * 60.0 * (1 - eased)  # still that far counter-clockwise, behind
    return angle


def draw_disc(
    painter: Painter,
    layout: Layout,
    scene: Scene,
    box: pygame.Rect,
    motion: Motion,
    *,
    halves: Callable[[int], int] | None = None,
) -> None:
    """The disc as the board and the ring have it: sector 1 from the top, clockwise; the
    sun mark outside the rim over the present sector (the LEDs' place). A sector is
    labelled with the period its tokens come back in only when a 5 mm digit fits in it
    beside the tokens; on the small panel the sun and the order round the disc say it.

    ``halves`` (Four-path's teams): the half of each sector a token's owner plays on (1:
    the half the sector starts with, 2: the other), as the ring fills it; each half is
    tinted in its team's colour (seat 1's, seat 2's) and holds its team's tokens."""
    view = board_view(scene.view or {})
    sigil = view.get("sigil")
    sun = sigil["sun_sector"] if sigil else None
    period = int(view.get("period") or 0)
    half = min(box.width, box.height) / 2
    sun_size = max(layout.px(7), half * 0.12)
    radius = half - sun_size * 1.2
    cx, cy = box.center
    digit_height = painter.fonts.size("5", layout.min_text, True)[1]
    labelled = sun is not None and radius * 0.42 >= digit_height
    label_at = radius - digit_height * 0.65  # the digit by the rim, the tokens inside it
    for sector in range(1, SECTORS + 1):
        centre = GEOMETRY.sector_centre(sector)
        points = [(cx, cy)] + [_point(cx, cy, radius, centre - 30 + step * 5) for step in range(13)]
        current = sun is not None and sector == sun
        pygame.draw.polygon(painter.surface, theme.DISC_CURRENT if current else theme.DISC, points)
        groups = [(centre, TOKEN_SPAN, _sector_tokens(sigil, sector))]
        if halves is not None:
            groups = _half_sectors(
                painter, sigil, sector, hub=(cx, cy), radius=radius, current=current, halves=halves
            )
        pygame.draw.polygon(painter.surface, theme.PANEL_EDGE, points, width=max(1, layout.px(1)))
        if labelled:
            returns = str(sector_period(sector, sun, period))
            width = painter.fonts.size(returns, layout.min_text, True)[0] + layout.px(4)
            label = pygame.Rect(0, 0, width, digit_height)
            at = _point(cx, cy, label_at, centre)
            label.center = (round(at[0]), round(at[1]))
            painter.text(
                label,
                returns,
                layout.min_text,
                colour=theme.HIGHLIGHT if current else theme.DIM,
                bold=True,
                role=f"sigil.sector.{sector}",
                align="center",
            )
        outer = label_at - digit_height * 0.6 if labelled else radius * 0.9
        for middle, span, tokens in groups:
            _draw_tokens(
                painter,
                layout,
                tokens,
                period=period,
                hub=(cx, cy),
                centre=middle,
                outer=outer,
                span=span,
            )
    pygame.draw.circle(
        painter.surface, theme.PANEL_EDGE, (cx, cy), round(radius), width=max(1, layout.px(2))
    )
    disc = pygame.Rect(0, 0, round(2 * radius), round(2 * radius))
    disc.center = (cx, cy)
    painter.mark("sigil.disc", disc, str(sun or ""))
    if sun is None:
        return
    # The sun mark moves round the rim, clockwise, one sector a period.
    at = _point(cx, cy, radius + sun_size * 0.6, sun_angle(sun, motion))
    sun_centre = (round(at[0]), round(at[1]))
    for ray in range(8):
        end = _point(sun_centre[0], sun_centre[1], sun_size * 0.85, ray * 45.0)
        pygame.draw.line(painter.surface, theme.SUN, sun_centre, end, max(1, layout.px(2)))
    pygame.draw.circle(painter.surface, theme.SUN, sun_centre, max(3, round(sun_size * 0.5)))
    sun_rect = pygame.Rect(0, 0, round(sun_size * 2), round(sun_size * 2))
    sun_rect.center = sun_centre
    painter.mark("sigil.sun", sun_rect, str(sun))


TOKEN_SPAN = 50.0  # of a sector's 60 degrees, the dots keep clear of its edges
HALF_SPAN = 22.0  # of a half sector's 30


def _half_sectors(
    painter: Painter,
    sigil: SigilView | None,
    sector: int,
    *,
    hub: tuple[float, float],
    radius: float,
    current: bool,
    halves: Callable[[int], int],
) -> list[tuple[float, float, list[TokenView]]]:
    """Each half of a sector tinted in its team's colour (brighter under the sun); its
    tokens, with the angle of the half's middle and the span they may take."""
    centre = GEOMETRY.sector_centre(sector)
    tokens = _sector_tokens(sigil, sector)
    groups = []
    for half, start in ((1, centre + 30), (2, centre)):  # clockwise is minus
        tint = theme.dimmed(theme.seat_colour(half), 0.5 if current else 0.3)
        edge = [_point(hub[0], hub[1], radius, start - step * 5) for step in range(7)]
        pygame.draw.polygon(painter.surface, tint, [hub, *edge])
        mine = [t for t in tokens if halves(int(t.get("owner") or 0)) == half]
        groups.append((start - 15, HALF_SPAN, mine))
    return groups


def _sector_tokens(sigil: SigilView | None, sector: int) -> list[TokenView]:
    for entry in sigil["sectors"] if sigil else []:
        if entry.get("sector") == sector:
            return list(entry.get("tokens") or [])
    return []


def _draw_tokens(
    painter: Painter,
    layout: Layout,
    tokens: list[TokenView],
    *,
    period: int,
    hub: tuple[float, float],
    centre: float,
    outer: float,
    span: float = TOKEN_SPAN,
) -> None:
    """Each token a dot in its owner's colour, in rows across the sector from ``outer``
    towards the hub (``span`` degrees wide about ``centre``); a token that comes back next
    period is ringed (the LEDs pulse it)."""
    if not tokens:
        return
    cx, cy = hub
    smallest = layout.px(4)
    dot = max(smallest, outer * 0.16)
    places = _token_places(len(tokens), outer, dot, centre, span)
    while len(places) < len(tokens) and dot > smallest:
        dot = max(smallest, dot * 0.85)  # a crowded sector: smaller dots, never words
        places = _token_places(len(tokens), outer, dot, centre, span)
    while len(places) < len(tokens):  # more than even small dots hold: at the hub side
        places.append((dot * 2.4, centre))
    for token, (distance, angle) in zip(tokens, places, strict=False):
        x, y = _point(cx, cy, distance, angle)
        owner = token.get("owner")
        returns = token.get("returns_at_period")
        position = (round(x), round(y))
        pygame.draw.circle(painter.surface, theme.seat_colour(owner), position, round(dot))
        if returns == period + 1:
            pygame.draw.circle(
                painter.surface, theme.TEXT, position, round(dot), width=max(2, layout.px(2))
            )
        chip = pygame.Rect(0, 0, round(2 * dot), round(2 * dot))
        chip.center = position
        painter.mark(
            f"sigil.token.{token.get('creature')}.{token.get('ability')}",
            chip,
            f"{owner}:{returns}",
        )


def _token_places(
    count: int, outer: float, dot: float, centre: float, span: float = TOKEN_SPAN
) -> list[tuple[float, float]]:
    """(distance from the hub, angle) for up to ``count`` dots of radius ``dot``, in rows
    across the sector (``span`` degrees of it) from ``outer`` inwards, each dot wholly
    inside its sector."""
    places: list[tuple[float, float]] = []
    distance = outer - dot * 1.2
    while len(places) < count and distance >= dot * 2.4:
        # across the sector, clear of its edges
        fits = max(1, int(distance * math.radians(span) // (dot * 2.4)))
        row = min(fits, count - len(places))
        step = math.degrees(dot * 2.4 / distance)
        for index in range(row):
            places.append((distance, centre + (index - (row - 1) / 2) * step))
        distance -= dot * 2.4
    return places
