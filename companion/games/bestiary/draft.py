"""Setup and draft: the castle choice, then the summoning P1, P2, P1, P2, P1, P2.

Every word at 5 mm (``layout.min_text``), so the screens show less at once: the castle
choice is one line a castle; the draft shows the armies (on the 3.5-inch panel only the
summoning seat's: the other summons on its turn) as their creatures and, in orange, the
classes they still lack, and beside them a page of the creatures one may summon with
the one under the cursor lit. The summoned cards lie on the table in front of each
player; what the screen adds is what each army lacks and the cursor's place.
"""

from __future__ import annotations

import pygame

from companion.display import theme
from companion.display.layout import Layout
from companion.display.paint import Painter, rows, split
from companion.display.scene import Scene
from companion.display.screens import chrome
from companion.display.theme import Colour
from companion.games.bestiary import labels as words
from companion.games.bestiary import roster
from companion.games.bestiary.types import SeatView, board_view
from companion.i18n import name_of, text
from companion.rules.reading import mapping
from companion.rules.reading import rows as listed_rows

CASTLE_SIDES = {
    "wasteland": "bestiary.ui.setup.by_plains",
    "forest_edge": "bestiary.ui.setup.by_forest",
}
CLASSES = ("strength", "agility", "intellect")
CLASS_PENALTY = 2
MAX_WRAP = 3  # lines one name may take in the pool


class SetupScreen:
    name = "setup"
    opaque = True

    def draw(self, painter: Painter, layout: Layout, scene: Scene, motion: object) -> None:
        view = board_view(scene.view or {})
        painter.surface.fill(theme.BACKGROUND)
        summoned = sum(len(seat.get("creatures") or []) for seat in view.get("seats") or [])
        total = 3 * len(view.get("seats") or [])
        counter = (
            text("bestiary.ui.setup.summoned", scene.language),
            summoned,
            text("bestiary.ui.setup.of", scene.language, total=total),
        )
        chrome.banner(painter, layout, scene, counter)
        if view.get("stage") == "castle_choice":
            castles(painter, layout, scene)
        else:
            draft(painter, layout, scene)
        chrome.prompt_bar(painter, layout, scene)


def castles(painter: Painter, layout: Layout, scene: Scene) -> None:
    """One card a castle, stacked: its name, and beside it (or under it, given room) the
    side of the board it stands on."""
    language = scene.language
    area = layout.inset(layout.middle, 3)
    current = scene.cursor_choice or {}
    options = [c.get("castle") for c in scene.choices] or list(CASTLE_SIDES)
    px = layout.min_text
    for castle, card in zip(options, rows(area, len(options), layout.px(4)), strict=False):
        chosen = current.get("castle") == castle
        painter.box(
            card,
            theme.HIGHLIGHT if chosen else theme.PANEL,
            theme.PANEL_EDGE,
            radius=layout.px(6),
            width=max(1, layout.px(2)),
        )
        if chosen:
            painter.mark("setup.cursor", card, str(castle))
        inner = card.inflate(-2 * layout.px(6), 0)
        ink = theme.DARK_TEXT if chosen else theme.TEXT
        name = name_of("bestiary.castle", str(castle), language)
        side = text(CASTLE_SIDES.get(str(castle), "bestiary.ui.setup.by_plains"), language)
        name_width = painter.fonts.size(name, px, True)[0]
        side_width = painter.fonts.size(side, px, False)[0]
        if name_width + layout.px(12) + side_width <= inner.width:
            name_box, side_box = inner.copy(), inner.copy()
            side_box.width = side_width
            side_box.right = inner.right
        elif inner.height >= 2 * layout.line:
            name_box, side_box = rows(inner, 2)
        else:
            name_box, side_box = inner, None  # the side is on the board itself
        painter.text(name_box, name, px, colour=ink, bold=True, role=f"setup.castle.{castle}")
        if side_box is not None:
            painter.text(side_box, side, px, colour=ink, role="setup.castle_side", align="right")


def available(scene: Scene) -> list[tuple[str, str]]:
    """The creatures one may summon now, each (id, as said): the prompt's choices and
    entries (the library's cards, "A new creature…") in cursor order, else the untaken
    roster."""
    language = scene.language
    listed = [
        (str(c.get("creature")), words.creature(str(c.get("creature")), None, language))
        for c in scene.choices
        if c.get("creature")
    ]
    entries = listed_rows(scene.prompt.get("entries"))
    for entry, said in zip(entries, scene.entry_labels, strict=False):
        listed.append((str(mapping(entry["action"]).get("creature") or "new"), said))
    if listed:
        return listed
    taken = {
        creature.get("id")
        for seat in board_view(scene.view or {}).get("seats") or []
        for creature in seat.get("creatures") or []
    }
    return [
        (info.id, words.creature(info.id, None, language))
        for info in roster.roster().values()
        if info.id not in taken
    ]


def draft(painter: Painter, layout: Layout, scene: Scene) -> None:
    """The armies on the left, the creatures to summon on the right. The small panel
    shows only the summoning seat's army."""
    view = board_view(scene.view or {})
    area = layout.inset(layout.middle, 3)
    seats = list(view.get("seats") or [])
    acting = chrome.acting_seat(scene)
    if not layout.roomy:
        seats = [seat for seat in seats if seat.get("seat") == acting] or seats[:1]
    gap = layout.px(4)
    widest = max(
        (
            painter.fonts.size(line, layout.min_text, False)[0]
            for seat in seats
            for line, _, _ in army_lines(seat, scene.language)
        ),
        default=0,
    )
    column = min(round(area.width * 0.3), max(round(area.width * 0.2), widest + layout.px(12)))
    if not layout.roomy:
        column = min(round(area.width * 0.5), max(round(area.width * 0.36), widest + layout.px(12)))
    armies = pygame.Rect(area.left, area.top, column * len(seats) + gap * (len(seats) - 1), 0)
    armies.height = area.height
    count = max(1, len(seats))
    for seat, box in zip(seats, split(armies, [1 / count] * count, gap), strict=False):
        army(painter, layout, scene, seat, box, acting=seat.get("seat") == acting)
    pool_box = pygame.Rect(armies.right + layout.px(6), area.top, 0, area.height)
    pool_box.width = area.right - pool_box.left
    pool(painter, layout, scene, pool_box)


def army_lines(seat: SeatView, language: str) -> list[tuple[str, str, str]]:
    """(words, role, kind) a line: the creatures summoned (each name, then its class),
    then each class still lacking
    (kind "missing"), then the penalty when the slots left cannot fill them all."""
    creatures = seat.get("creatures") or []
    lines = [
        line
        for c in creatures
        for line in (
            (words.creature(str(c.get("id")), c.get("name"), language), "setup.creature", "name"),
            (name_of("bestiary.class", str(c.get("class")), language), "setup.class", "class"),
        )
    ]
    present = {creature.get("class") for creature in creatures}
    missing = [klass for klass in CLASSES if klass not in present]
    number = seat.get("seat")
    lines += [
        (name_of("bestiary.class", klass, language), f"setup.missing.{number}", "missing")
        for klass in missing
    ]
    if len(missing) > 3 - len(creatures):
        penalty = CLASS_PENALTY * (len(missing) - max(0, 3 - len(creatures)))
        said = text("bestiary.ui.setup.penalty", language, damage=penalty)
        lines.append((said, f"setup.penalty.{number}", "penalty"))
    return lines


def army(
    painter: Painter,
    layout: Layout,
    scene: Scene,
    seat: SeatView,
    box: pygame.Rect,
    *,
    acting: bool,
) -> None:
    """The seat's name when there is room, its creatures, and in orange the classes it
    lacks. Short of lines the oldest names go first: those cards are on the table."""
    language = scene.language
    number = seat.get("seat")
    colour = theme.seat_colour(number)
    edge = max(2, layout.px(3 if acting else 1))
    painter.box(box, theme.PANEL, colour, radius=layout.px(4), width=edge)
    inner = box.inflate(-2 * (edge + layout.px(3)), -2 * edge)
    fit = max(1, inner.height // layout.line)
    lines = army_lines(seat, language)
    title = words.seat_title(seat, language)
    if painter.fonts.size(title, layout.min_text, True)[0] > inner.width:
        title = str(seat.get("name") or title)
    if len(lines) > fit:  # the classes of the summoned go first: their cards say them
        lines = [line for line in lines if line[2] != "class"]
    if len(lines) < fit:
        lines = [(title, f"setup.army.{number}", "title"), *lines]
    if len(lines) > fit:  # then the oldest names: those cards are on the table
        names = [line for line in lines if line[2] == "name"]
        rest = [line for line in lines if line[2] != "name"]
        room = max(0, fit - len(rest))
        lines = (names[len(names) - room :] if room else []) + rest[: fit - room]
    ink: dict[str, Colour] = {
        "title": colour,
        "name": theme.TEXT,
        "class": theme.DIM,
        "missing": theme.NEGATIVE,
        "penalty": theme.NEGATIVE,
    }
    line_boxes = [
        pygame.Rect(inner.left, inner.top + index * layout.line, inner.width, layout.line)
        for index in range(len(lines))
    ]
    for (said, role, kind), line in zip(lines, line_boxes, strict=False):
        bold = kind in ("title", "name") and (
            painter.fonts.size(said, layout.min_text, True)[0] <= line.width
        )
        if kind == "missing":  # an empty slot: the class it still wants
            painter.box(
                line.inflate(layout.px(2), -layout.px(2)),
                theme.PANEL,
                theme.NEGATIVE,
                radius=layout.px(3),
            )
        painter.text(line, said, layout.min_text, colour=ink[kind], bold=bold, role=role)


def pool(painter: Painter, layout: Layout, scene: Scene, box: pygame.Rect) -> None:
    """The creatures one may summon, a page at a time, the one under the cursor lit; a
    long name wraps onto its own lines. Triangles say more are above or below."""
    entries = available(scene)
    if not entries or box.width <= 0:
        return
    # Without choices in the prompt the cursor selects nothing: show the pool unmarked.
    selected = scene.ui.cursor % len(entries) if scene.option_count else -1
    inner_width = box.width - 2 * layout.px(6)
    wrapped = [_wrap_name(painter, layout, said, inner_width)[:MAX_WRAP] for _, said in entries]
    heights = [len(lines) * layout.line + layout.px(4) for lines in wrapped]
    pages: list[list[int]] = [[]]
    used = 0
    for index, height in enumerate(heights):
        if pages[-1] and used + height > box.height:
            pages.append([])
            used = 0
        pages[-1].append(index)
        used += height
    page = next((p for p in pages if max(0, selected) in p), pages[0])
    at = pages.index(page)
    painter.mark("setup.pool.page", box, f"{at + 1}/{len(pages)}")
    top = box.top
    for index in page:
        ident, said = entries[index]
        cell = pygame.Rect(box.left, top, box.width, heights[index] - layout.px(2))
        top += heights[index]
        chosen = index == selected
        painter.box(
            cell, theme.HIGHLIGHT if chosen else theme.PANEL, theme.PANEL_EDGE, radius=layout.px(4)
        )
        if chosen:
            painter.mark("setup.cursor", cell, ident)
        inner = cell.inflate(-2 * layout.px(6), 0)
        lines = wrapped[index]
        bold = len(lines) == 1 and painter.fonts.size(said, layout.min_text, True)[0] <= inner.width
        for number, line in enumerate(lines):
            line_box = pygame.Rect(
                inner.left, inner.top + number * layout.line, inner.width, layout.line
            )
            line_box.height = min(line_box.height, inner.bottom - line_box.top)
            painter.text(
                line_box,
                line,
                layout.min_text,
                colour=theme.DARK_TEXT if chosen else theme.TEXT,
                bold=bold,
                role=f"setup.pool.{ident}",
            )
    size = layout.px(6)
    if at > 0:
        _arrow(painter, (box.right - size * 2, box.top + size), size, up=True)
    if at < len(pages) - 1:
        _arrow(painter, (box.right - size * 2, box.bottom - size), size, up=False)


def _wrap_name(painter: Painter, layout: Layout, said: str, width: int) -> list[str]:
    if painter.fonts.size(said, layout.min_text, True)[0] <= width:
        return [said]
    return painter.wrap(said, width, layout.min_text, False)


def _arrow(painter: Painter, centre: tuple[int, int], size: int, *, up: bool) -> None:
    x, y = centre
    tip = -size if up else size
    pygame.draw.polygon(
        painter.surface,
        theme.HIGHLIGHT,
        [(x - size, y - tip // 2), (x + size, y - tip // 2), (x, y + tip // 2)],
    )
