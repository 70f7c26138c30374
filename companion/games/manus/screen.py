"""Hand of Manus: the test room with its token, the secret vote and its reveal, the
targets, and the progress track.

The room is drawn as the board has it: furnace (warm) and cooler (cold) on opposite
walls, drain (wet) and dryer (dry) on the other two, the test site one of the four
quadrants. During the vote the screen shows only *who* has voted; after the reveal,
every card at once and the result on each axis.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from companion.display import theme
from companion.display.layout import Layout
from companion.display.paint import Painter, rows, split
from companion.display.scene import Scene
from companion.display.screens import chrome
from companion.games.manus import labels as words
from companion.games.manus.ring import QUADRANTS as RING_QUADRANTS
from companion.games.manus.ring import ROOM_START
from companion.i18n import text
from companion.ring_geometry import RingGeometry, point
from companion.rules.base import JSON

CONDITION_COLOURS: dict[str, theme.Colour] = {
    "warm": (236, 96, 56),
    "cold": (80, 150, 250),
    "wet": (60, 200, 200),
    "dry": (226, 186, 70),
}


def _cell(quadrant: int) -> tuple[int, int]:
    """(column, row) of the room where the ring lights ``quadrant``: the same side of the
    board as its arc (ring_geometry), so warm is at the top (the furnace's wall) and wet on
    the left (the drain's wall), as on the ring."""
    x, y = point((0.0, 0.0), 1.0, RingGeometry().arc_centre(quadrant, 4, ROOM_START))
    return (0 if x < 0 else 1), (0 if y < 0 else 1)


# Quadrants as (temperature, humidity) -> (column, row) of the room.
QUADRANTS = {condition: _cell(index) for index, condition in enumerate(RING_QUADRANTS)}
TRACK = 12


class ManusScreen:
    name = "manus"
    opaque = True

    def draw(self, painter: Painter, layout: Layout, scene: Scene, motion: object) -> None:
        view = scene.view or {}
        language = scene.language
        painter.surface.fill(theme.BACKGROUND)
        detail = text("manus.ui.tie", language) if view.get("tie_round") else ""
        chrome.banner(
            painter,
            layout,
            scene,
            (text("ui.round", language), int(view.get("round") or 0), detail),
        )
        middle = layout.middle
        side = min(middle.height, round(layout.width * 0.40))
        room_box = pygame.Rect(middle.left + layout.px(3), middle.top, side, middle.height)
        right = pygame.Rect(room_box.right + layout.px(6), middle.top, 0, middle.height)
        right.width = middle.right - right.left - layout.px(3)
        room(painter, layout, scene, room_box)
        table(painter, layout, scene, right)
        chrome.prompt_bar(painter, layout, scene)


def _this_rounds_reveal(view: JSON) -> JSON | None:
    shown = view.get("last_reveal")
    if not shown:
        return None
    # A reveal stays on screen through the tests of its round; a new round clears it.
    if shown.get("round") == view.get("round") and view.get("phase") in ("tests", None):
        return dict(shown)
    return None


def room(painter: Painter, layout: Layout, scene: Scene, box: pygame.Rect) -> None:
    view = scene.view or {}
    language = scene.language
    wall = layout.px(16)
    size = min(box.width, box.height)
    outer = pygame.Rect(box.left, box.top, size, size)
    painter.box(outer, theme.PANEL, theme.PANEL_EDGE, radius=layout.px(4))
    floor = outer.inflate(-2 * wall, -2 * wall)
    walls = {
        "furnace": pygame.Rect(floor.left, outer.top, floor.width, wall),
        "cooler": pygame.Rect(floor.left, floor.bottom, floor.width, wall),
    }
    for key, rect in walls.items():
        painter.text(
            rect,
            text(f"manus.ui.{key}", language),
            layout.font(11),
            colour=CONDITION_COLOURS["warm" if key == "furnace" else "cold"],
            bold=True,
            role=f"manus.wall.{key}",
            align="center",
            min_px=9,
        )
    # The side walls are narrow: their names run along the wall, turned.
    for key, x, condition in (
        ("drain", outer.left, "wet"),
        ("dryer", floor.right, "dry"),
    ):
        strip = pygame.Rect(0, 0, floor.height, wall)
        surface = pygame.Surface(strip.size, pygame.SRCALPHA)
        sub = Painter(surface, painter.fonts)
        sub.text(
            strip,
            text(f"manus.ui.{key}", language),
            layout.font(11),
            colour=CONDITION_COLOURS[condition],
            bold=True,
            role=f"manus.wall.{key}",
            align="center",
            min_px=9,
        )
        turned = pygame.transform.rotate(surface, 90 if key == "drain" else -90)
        painter.surface.blit(turned, (x, floor.top))
        placed = pygame.Rect(x, floor.top, wall, floor.height)
        for record in sub.texts:
            painter.texts.append(
                replace(
                    record, box=placed, rect=_turned(record.rect, strip, key == "drain", placed)
                )
            )
    site = view.get("test_site") or {}
    shown = _this_rounds_reveal(view)
    before = (shown or {}).get("site_before") or {}
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
        token_radius = max(6, min(cell.width, cell.height) // 4)
        if was and not here:
            pygame.draw.circle(
                painter.surface, theme.PANEL_EDGE, centre, token_radius, width=layout.px(2)
            )
        if here:
            pygame.draw.circle(painter.surface, theme.HIGHLIGHT, centre, token_radius)
            pygame.draw.circle(painter.surface, theme.DARK_TEXT, centre, token_radius // 3)
            token = pygame.Rect(0, 0, token_radius * 2, token_radius * 2)
            token.center = centre
            painter.mark("manus.site", token, f"{temperature}-{humidity}")


def _turned(rect: pygame.Rect, strip: pygame.Rect, left: bool, placed: pygame.Rect) -> pygame.Rect:
    """Where ``rect`` of a horizontal strip lands once the strip is turned onto a wall."""
    if left:  # turned 90 degrees counter-clockwise
        moved = pygame.Rect(rect.top, strip.width - rect.right, rect.height, rect.width)
    else:  # turned 90 degrees clockwise
        moved = pygame.Rect(strip.height - rect.bottom, rect.left, rect.height, rect.width)
    return moved.move(placed.left, placed.top)


def table(painter: Painter, layout: Layout, scene: Scene, box: pygame.Rect) -> None:
    """Discovery, the vote or its reveal, each hand's target and test, the track."""
    view = scene.view or {}
    language = scene.language
    hands = list(view.get("hands") or [])
    seats = list(view.get("seats") or [])
    shown = _this_rounds_reveal(view)
    line_count = 2 + (2 if shown else 0) + len(hands) + len(seats)
    lines = rows(box, line_count, layout.px(2))
    top = lines.pop(0)
    label_box, value_box = split(top, (0.4, 0.6))
    painter.text(
        label_box,
        text("manus.ui.discovery", language),
        layout.font(13),
        colour=theme.DIM,
        role="manus.label",
    )
    painter.text(
        value_box,
        words.discovery(view.get("discovery"), language),
        layout.font(14),
        colour=theme.TEXT,
        bold=True,
        role="manus.discovery",
        align="right",
    )
    site = view.get("test_site") or {}
    label_box, value_box = split(lines.pop(0), (0.4, 0.6))
    painter.text(
        label_box,
        text("manus.ui.site", language),
        layout.font(13),
        colour=theme.DIM,
        role="manus.label",
    )
    where = " · ".join(
        words.condition(site.get(axis), language) for axis in ("temperature", "humidity")
    )
    painter.text(
        value_box,
        where if site else "—",
        layout.font(14),
        colour=theme.HIGHLIGHT,
        bold=True,
        role="manus.site",
        align="right",
    )
    if shown:
        for axis in shown.get("axes") or []:
            axis_result(painter, layout, language, axis, lines.pop(0))
    tests = {entry.get("hand"): entry for entry in view.get("last_tests") or []}
    cards = {card.get("hand"): card for card in (shown or {}).get("cards") or []}
    vote = view.get("vote") or {}
    for hand in hands:
        hand_row(painter, layout, scene, hand, lines.pop(0), vote=vote, cards=cards, tests=tests)
    goal = int(view.get("win_score") or TRACK)
    for seat in seats:
        progress_row(painter, layout, language, seat, lines.pop(0), goal=goal)


def axis_result(
    painter: Painter, layout: Layout, language: str, axis: JSON, cell: pygame.Rect
) -> None:
    counts = axis.get("counts") or {}
    told = " ".join(
        text("manus.ui.count", language, condition=words.condition(name, language), count=count)
        for name, count in counts.items()
    )
    prevails = axis.get("prevails")
    if prevails is None:
        result = text("manus.ui.tie", language)
    elif axis.get("moved"):
        result = text("manus.ui.moved", language, side=words.condition(prevails, language))
    else:
        result = text("manus.ui.stayed", language)
    painter.box(cell, theme.PANEL, theme.PANEL_EDGE, radius=layout.px(3))
    painter.text(
        cell.inflate(-layout.px(6), 0),
        f"{told} {result}",
        layout.font(13),
        colour=CONDITION_COLOURS.get(str(prevails), theme.TEXT),
        bold=True,
        role=f"manus.axis.{axis.get('axis')}",
        align="center",
        min_px=9,
    )


def hand_row(
    painter: Painter,
    layout: Layout,
    scene: Scene,
    hand: JSON,
    row: pygame.Rect,
    *,
    vote: JSON,
    cards: dict[object, JSON],
    tests: dict[object, JSON],
) -> None:
    language = scene.language
    number = hand.get("hand")
    seat = hand.get("seat")
    name_box, vote_box, target_box, test_box = split(row, (0.3, 0.24, 0.24, 0.22), layout.px(3))
    painter.box(name_box, theme.seat_colour(seat), radius=layout.px(3))
    first = "★ " if hand.get("first") else ""
    painter.text(
        name_box.inflate(-layout.px(4), 0),
        first + words.hand_name(scene.view, number),
        layout.font(14),
        colour=theme.DARK_TEXT,
        bold=True,
        role=f"manus.hand.{number}",
        min_px=9,
    )
    card = cards.get(number)
    if card is not None:
        condition = str(card.get("condition"))
        painter.box(vote_box, CONDITION_COLOURS.get(condition, theme.PANEL), radius=layout.px(3))
        painter.text(
            vote_box.inflate(-layout.px(4), 0),
            words.condition(condition, language),
            layout.font(13),
            colour=theme.DARK_TEXT,
            bold=True,
            role=f"manus.card.{number}",
            align="center",
            min_px=9,
        )
    elif vote.get("open") and hand.get("playing"):
        voted = number in (vote.get("voted") or [])
        painter.box(
            vote_box, theme.READY if voted else theme.PANEL, theme.PANEL_EDGE, radius=layout.px(3)
        )
        painter.mark(f"manus.voted.{number}", vote_box, "yes" if voted else "no")
        painter.text(
            vote_box.inflate(-layout.px(4), 0),
            ("✓ " + text("manus.ui.voted", language))
            if voted
            else ("… " + text("manus.ui.waiting", language)),
            layout.font(13),
            colour=theme.DARK_TEXT if voted else theme.DIM,
            bold=voted,
            role=f"manus.vote.{number}",
            align="center",
            min_px=9,
        )
    painter.text(
        target_box,
        words.target(hand.get("target"), language) if hand.get("target") else "—",
        layout.font(13),
        colour=theme.TEXT,
        role=f"manus.target.{number}",
        align="center",
        min_px=9,
    )
    test = tests.get(number)
    strength = hand.get("strength")
    if test is not None and test.get("strength") is not None:
        hit = bool(test.get("hit"))
        word = text("manus.ui.hit" if hit else "manus.ui.miss", language)
        painter.text(
            test_box,
            f"{test.get('strength')} {word}",
            layout.font(13),
            colour=theme.POSITIVE if hit else theme.NEGATIVE,
            bold=True,
            role=f"manus.test.{number}",
            align="right",
            min_px=9,
        )
    elif strength is not None:
        painter.text(
            test_box,
            text("manus.ui.strength", language, value=strength),
            layout.font(13),
            colour=theme.TEXT,
            role=f"manus.test.{number}",
            align="right",
            min_px=9,
        )


def progress_row(
    painter: Painter, layout: Layout, language: str, seat: JSON, row: pygame.Rect, *, goal: int
) -> None:
    """The walls' track of twelve sectors from the door, and the score as a numeral."""
    number = seat.get("seat")
    colour = theme.seat_colour(number)
    score = int(seat.get("score") or 0)
    name_box, track_box, score_box = split(row, (0.26, 0.52, 0.22), layout.px(4))
    painter.text(
        name_box,
        str(seat.get("name")),
        layout.font(13),
        colour=colour,
        bold=True,
        role=f"manus.progress.{number}",
    )
    cells = split(track_box.inflate(0, -max(2, track_box.height // 3)), [1 / goal] * goal, 1)
    for index, cell in enumerate(cells):
        painter.box(cell, colour if index < score else theme.DAMAGE_EMPTY)
    painter.mark(f"manus.track.{number}", track_box, str(score))
    painter.text(
        score_box,
        text("manus.ui.points", language, points=score, goal=goal),
        layout.font(16),
        colour=colour,
        bold=True,
        role=f"manus.score.{number}",
        align="right",
        min_px=11,
    )
