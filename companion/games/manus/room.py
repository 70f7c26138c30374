"""Hand of Manus: the test room with its token, drawn as the ring lights it
(companion.ring_geometry): the warm wall (the furnace) and the cold one (the cooler)
opposite, the wet (the drain) and the dry (the dryer) on the other two, the test site one
of the four quadrants. The walls are painted in their conditions' colours, the colours the
vote hint names; where the panel leaves a wall a line of 5 mm text, the condition is also
written on it."""

from __future__ import annotations

from dataclasses import replace

import pygame

from companion.display import theme
from companion.display.layout import Layout
from companion.display.paint import Painter, rows, split
from companion.display.scene import Scene
from companion.games.manus import labels as words
from companion.games.manus.drawing import CONDITION_COLOURS, ink_on, say, this_rounds_reveal
from companion.games.manus.ring import QUADRANTS as RING_QUADRANTS
from companion.games.manus.ring import ROOM_START
from companion.games.manus.types import RevealView, SiteView, manus_view
from companion.ring_geometry import RingGeometry, point


def _cell(quadrant: int) -> tuple[int, int]:
    """(column, row) of the room where the ring lights ``quadrant``: the same side of the
    board as its arc (ring_geometry), so warm is at the top (the furnace's wall) and wet on
    the left (the drain's wall), as on the ring."""
    x, y = point((0.0, 0.0), 1.0, RingGeometry().arc_centre(quadrant, 4, ROOM_START))
    return (0 if x < 0 else 1), (0 if y < 0 else 1)


# Quadrants as (temperature, humidity) -> (column, row) of the room.
QUADRANTS = {condition: _cell(index) for index, condition in enumerate(RING_QUADRANTS)}
# Each condition's wall: the side of the room its two quadrants are on.
WALLS: dict[str, str] = {
    **{t: ("top" if row == 0 else "bottom") for (t, _), (_, row) in QUADRANTS.items()},
    **{h: ("left" if column == 0 else "right") for (_, h), (column, _) in QUADRANTS.items()},
}


def room(painter: Painter, layout: Layout, scene: Scene, box: pygame.Rect) -> None:
    view = manus_view(scene.view or {})
    size = min(box.width, box.height)
    outer = pygame.Rect(box.left, box.top, size, size)
    shown = this_rounds_reveal(view)
    painter.box(outer, theme.PANEL, theme.PANEL_EDGE, radius=layout.px(4))
    floor = walls(painter, layout, scene.language, outer, _counts(shown))
    site: SiteView | dict[str, str] = view.get("test_site") or {}
    before: SiteView | dict[str, str] = (shown.get("site_before") if shown else None) or {}
    painter.mark("manus.room", floor, "")
    cells = [
        column
        for row in rows(floor, 2, layout.px(2))
        for column in split(row, (0.5, 0.5), layout.px(2))
    ]
    for (temperature, humidity), (column, row) in QUADRANTS.items():
        cell = cells[row * 2 + column]
        here = site.get("temperature") == temperature and site.get("humidity") == humidity
        was = before.get("temperature") == temperature and before.get("humidity") == humidity
        painter.box(cell, theme.DISC_CURRENT if here else theme.DISC)
        centre = cell.center
        token_radius = max(6, min(cell.width, cell.height) // 3)
        if was and not here:  # where the token stood before this round's vote
            pygame.draw.circle(
                painter.surface, theme.PANEL_EDGE, centre, token_radius, width=layout.px(3)
            )
        if here:
            pygame.draw.circle(painter.surface, theme.HIGHLIGHT, centre, token_radius)
            pygame.draw.circle(painter.surface, theme.DARK_TEXT, centre, token_radius // 3)
            token = pygame.Rect(0, 0, token_radius * 2, token_radius * 2)
            token.center = centre
            painter.mark("manus.site", token, f"{temperature}-{humidity}")


def walls(
    painter: Painter,
    layout: Layout,
    language: str,
    outer: pygame.Rect,
    counts: dict[str, int],
) -> pygame.Rect:
    """The four walls in their conditions' colours; the floor they leave.

    A wall carries its word when a line of 5 mm text leaves the floor at least half the
    room; on a smaller panel it is its colour alone (the vote's legend names the colours).
    After this round's reveal each wall also says how many cards were laid for it (the
    result on each axis at a glance, beside the token's move): on a small panel the walls
    thicken to hold a 5 mm numeral, where the floor still shows the token."""
    size = outer.width
    written = size - 2 * layout.line >= size // 2
    wall = layout.line if written else max(layout.px(12), 6)
    across = wall
    if counts and not written:
        numeral = painter.fonts.size("8", layout.min_text, True)
        high, wide = numeral[1], numeral[0] + layout.px(8)
        thick = max(high, wide)  # the same on every side: the floor stays square
        if size - 2 * thick >= size * 2 // 5:
            wall = across = thick
        else:  # too small a room: the walls keep their colours alone
            counts = {}
    floor = outer.inflate(-2 * across, -2 * wall)
    for condition, side in WALLS.items():
        if side in ("top", "bottom"):
            y = outer.top if side == "top" else floor.bottom
            strip = pygame.Rect(floor.left, y, floor.width, wall)
        else:
            x = outer.left if side == "left" else floor.right
            strip = pygame.Rect(x, floor.top, across, floor.height)
        painter.box(strip.inflate(-2, -2), CONDITION_COLOURS[condition], radius=layout.px(3))
        painter.mark(f"manus.wall.{condition}", strip, side)
        count = counts.get(condition)
        if written:
            word = words.condition(condition, language)
            if count is not None:
                word = f"{word} {count}"
            wall_word(painter, layout, strip, word=word, condition=condition, side=side)
        elif count is not None:
            say(
                painter,
                layout,
                strip,
                (str(count),),
                colour=ink_on(CONDITION_COLOURS[condition]),
                role=f"manus.wall.{condition}",
                bold=True,
                align="center",
            )
        if count is not None:
            painter.mark(f"manus.count.{condition}", strip, str(count))
    return floor


def _counts(shown: RevealView | None) -> dict[str, int]:
    """How many cards the reveal turned over for each condition (nothing before it)."""
    if not shown:
        return {}
    counts: dict[str, int] = {}
    for axis in shown.get("axes") or []:
        counts.update(axis.get("counts") or {})
    return counts


def wall_word(
    painter: Painter,
    layout: Layout,
    strip: pygame.Rect,
    *,
    word: str,
    condition: str,
    side: str,
) -> None:
    """The condition's word (and count) on its wall, turned to run along the side walls."""
    role = f"manus.wall.{condition}"
    if side in ("top", "bottom"):
        say(
            painter,
            layout,
            strip,
            (word,),
            colour=ink_on(CONDITION_COLOURS[condition]),
            role=role,
            bold=True,
            align="center",
        )
        return
    along = pygame.Rect(0, 0, strip.height, strip.width)
    surface = pygame.Surface(along.size, pygame.SRCALPHA)
    sub = Painter(surface, painter.fonts, painter.floor)
    ink = ink_on(CONDITION_COLOURS[condition])
    say(sub, layout, along, (word,), colour=ink, role=role, bold=True, align="center")
    left = side == "left"
    painter.surface.blit(pygame.transform.rotate(surface, 90 if left else -90), strip.topleft)
    for record in sub.texts:
        painter.texts.append(
            replace(record, box=strip, rect=_turned(record.rect, along, left, strip))
        )


def _turned(rect: pygame.Rect, strip: pygame.Rect, left: bool, placed: pygame.Rect) -> pygame.Rect:
    """Where ``rect`` of a horizontal strip lands once the strip is turned onto a wall."""
    if left:  # turned 90 degrees counter-clockwise
        moved = pygame.Rect(rect.top, strip.width - rect.right, rect.height, rect.width)
    else:  # turned 90 degrees clockwise
        moved = pygame.Rect(strip.height - rect.bottom, rect.left, rect.height, rect.width)
    return moved.move(placed.left, placed.top)
