"""Setup and draft: the castle choice, then the summoning P1, P2, P1, P2, P1, P2."""

from __future__ import annotations

import pygame

from companion.display import theme
from companion.display.layout import Layout
from companion.display.paint import Painter, rows, split
from companion.display.scene import Scene
from companion.display.screens import chrome
from companion.games.bestiary import labels as words
from companion.games.bestiary import roster
from companion.i18n import name_of, text
from companion.rules.base import JSON

CASTLE_SIDES = {
    "wasteland": "bestiary.ui.setup.by_plains",
    "forest_edge": "bestiary.ui.setup.by_forest",
}
CLASSES = ("strength", "agility", "intellect")
CLASS_PENALTY = 2


class SetupScreen:
    name = "setup"
    opaque = True

    def draw(self, painter: Painter, layout: Layout, scene: Scene, motion: object) -> None:
        view = scene.view or {}
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
    language = scene.language
    area = layout.inset(layout.middle, 8)
    current = scene.cursor_choice or {}
    options = [c.get("castle") for c in scene.choices] or list(CASTLE_SIDES)
    for castle, card in zip(
        options, split(area, [1 / len(options)] * len(options), layout.px(12)), strict=False
    ):
        chosen = current.get("castle") == castle
        painter.box(
            card,
            theme.HIGHLIGHT if chosen else theme.PANEL,
            theme.PANEL_EDGE,
            radius=layout.px(8),
            width=layout.px(2),
        )
        if chosen:
            painter.mark("setup.cursor", card, str(castle))
        name_box, side_box = rows(layout.inset(card, 8), 2)
        ink = theme.DARK_TEXT if chosen else theme.TEXT
        painter.text(
            name_box,
            name_of("bestiary.castle", str(castle), language),
            layout.font(26),
            colour=ink,
            bold=True,
            role=f"setup.castle.{castle}",
            align="center",
        )
        painter.text(
            side_box,
            text(CASTLE_SIDES.get(str(castle), "bestiary.ui.setup.by_plains"), language),
            layout.font(16),
            colour=ink,
            role="setup.castle_side",
            align="center",
        )


def _available(scene: Scene) -> list[tuple[str, str]]:
    """The creatures one may summon now, each (id, as said): the prompt's choices and
    entries (the library's cards, "A new creature…") in cursor order, else the untaken
    roster."""
    language = scene.language
    listed = [
        (str(c.get("creature")), words.creature(str(c.get("creature")), None, language))
        for c in scene.choices
        if c.get("creature")
    ]
    for entry, said in zip(scene.prompt.get("entries") or [], scene.entry_labels, strict=False):
        listed.append((str(entry["action"].get("creature") or "new"), said))
    if listed:
        return listed
    taken = {
        creature.get("id")
        for seat in (scene.view or {}).get("seats") or []
        for creature in seat.get("creatures") or []
    }
    return [
        (info.id, words.creature(info.id, None, language))
        for info in roster.roster().values()
        if info.id not in taken
    ]


def draft(painter: Painter, layout: Layout, scene: Scene) -> None:
    view = scene.view or {}
    area = layout.inset(layout.middle, 4)
    armies_box, pool_box = split(area, (0.46, 0.54), layout.px(6))
    seats = view.get("seats") or []
    for seat, box in zip(seats, rows(armies_box, max(1, len(seats)), layout.px(4)), strict=False):
        army(painter, layout, scene, seat, box)
    pool = _available(scene)
    if not pool:
        return
    # Without choices in the prompt the cursor selects nothing: show the pool unmarked.
    selected = scene.ui.cursor % len(pool) if scene.option_count else -1
    columns, visible_rows = 2, 5
    per_page = columns * visible_rows
    first = (max(0, selected) // per_page) * per_page
    cells = [
        cell
        for row in rows(pool_box, visible_rows, layout.px(3))
        for cell in split(row, (0.5, 0.5), layout.px(3))
    ]
    for offset, cell in enumerate(cells):
        index = first + offset
        if index >= len(pool):
            break
        chosen = index == selected
        painter.box(
            cell, theme.HIGHLIGHT if chosen else theme.PANEL, theme.PANEL_EDGE, radius=layout.px(4)
        )
        ident, said = pool[index]
        if chosen:
            painter.mark("setup.cursor", cell, ident)
        inner = layout.inset(cell, 3)
        one_line = painter.fit(said, inner, layout.font(14), chosen, layout.font(12))[1] == said
        draw = painter.text if one_line else painter.lines  # a long name: two lines
        draw(
            inner,
            said,
            layout.font(14),
            colour=theme.DARK_TEXT if chosen else theme.TEXT,
            bold=chosen,
            role=f"setup.pool.{ident}",
            align="center",
        )


def army(painter: Painter, layout: Layout, scene: Scene, seat: JSON, box: pygame.Rect) -> None:
    language = scene.language
    number = seat.get("seat")
    colour = theme.seat_colour(number)
    painter.box(box, theme.PANEL, colour, radius=layout.px(4), width=layout.px(2))
    inner = layout.inset(box, 4)
    header, *lines, footer = rows(inner, 5)
    painter.text(
        header,
        words.seat_title(seat, language),
        layout.font(14),
        colour=colour,
        bold=True,
        role=f"setup.army.{number}",
    )
    creatures = seat.get("creatures") or []
    for creature, line in zip(creatures, lines, strict=False):
        name_box, class_box = split(line, (0.55, 0.45))
        painter.text(
            name_box,
            words.creature(str(creature.get("id")), creature.get("name"), language),
            layout.font(13),
            colour=theme.TEXT,
            role="setup.creature",
        )
        painter.text(
            class_box,
            name_of("bestiary.class", str(creature.get("class")), language),
            layout.font(12),
            colour=theme.DIM,
            role="setup.class",
            align="right",
        )
    present = {creature.get("class") for creature in creatures}
    missing = [klass for klass in CLASSES if klass not in present]
    if not missing:
        note = text("bestiary.ui.setup.all_classes", language)
    else:
        named = ", ".join(name_of("bestiary.class", klass, language) for klass in missing)
        penalty = text("bestiary.ui.setup.penalty", language, damage=CLASS_PENALTY * len(missing))
        note = f"{text('bestiary.ui.setup.missing', language, classes=named)} · {penalty}"
    painter.text(
        footer,
        note,
        layout.font(12),
        colour=theme.NEGATIVE if missing else theme.POSITIVE,
        role=f"setup.missing.{number}",
    )
