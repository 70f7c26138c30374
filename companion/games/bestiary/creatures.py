"""The creatures of the seat whose turn it is, one row each: a shape for inactive /
acted / respawned, the name, wounds as a bar of the creature's vitality, each ability as
a chip (✓ ready, else the period it comes back) and each effect as a hollow chip (green
good, orange bad) with the period it ends.

On the 3.5-inch panel an effect is a chip with only its period (the event line named it
when it was cast); the 7-inch panel names the effects. When a two-line event sentence
takes a row, the rows shown follow the creature under the cursor and a triangle says
more are there.
"""

from __future__ import annotations

import math

import pygame

from companion.display import theme
from companion.display.layout import Layout
from companion.display.paint import Painter, rows, split
from companion.display.scene import Scene
from companion.display.theme import Colour
from companion.games.bestiary import labels as words
from companion.games.bestiary.types import CreatureView, EffectView, SeatView
from companion.i18n import text
from companion.ring_geometry import point
from companion.rules.reading import mapping
from companion.rules.reading import rows as listed

READY_MARK = "✓"


def army_width(painter: Painter, layout: Layout, scene: Scene, seat: SeatView) -> int:
    """The width a creature row needs for its badge, its whole name (plain weight) and its
    ability chips: the widest of the seat's creatures."""
    gap = layout.px(3)
    line = painter.fonts.size("Ag", layout.min_text, True)[1]
    widest = 0
    for creature in seat.get("creatures") or []:
        name = words.creature(str(creature.get("id")), creature.get("name"), scene.language)
        chips = [
            READY_MARK if a.get("ready") else str(a.get("returns_at_period") or "?")
            for a in creature.get("abilities") or []
        ]
        width = round(line * 0.6) + gap + painter.fonts.size(name, layout.min_text, False)[0]
        width += sum(chip_width(painter, layout, chip) + gap for chip in chips)
        widest = max(widest, width)
    return widest


def creature_rows(
    painter: Painter,
    layout: Layout,
    scene: Scene,
    seat: SeatView,
    area: pygame.Rect,
    *,
    named_effects: bool,
) -> None:
    """One row a creature; when fewer rows fit than there are creatures (a long event
    sentence took a line), the ones around the creature under the cursor, and a
    triangle at the edge where more are."""
    creatures = list(seat.get("creatures") or [])
    text_height = painter.fonts.size("Ag", layout.min_text, True)[1]
    fit = max(1, area.height // text_height)
    first = 0
    if fit < len(creatures):
        focus = focused_creature(scene)
        ids = [creature.get("id") for creature in creatures]
        at = ids.index(focus) if focus in ids else 0
        first = min(max(0, at - fit + 1), len(creatures) - fit)
        shown = creatures[first : first + fit]
        painter.mark("creature.more", area, f"{first + 1}-{first + fit}/{len(creatures)}")
    else:
        shown = creatures
    boxes = rows(area, max(1, len(shown)))
    for creature, row in zip(shown, boxes, strict=False):
        creature_row(painter, layout, scene, creature, row, named_effects=named_effects)
    if shown is not creatures:
        size = layout.px(7)
        if first > 0:
            more_arrow(painter, (area.right - size, area.top + size), size, up=True)
        if first + len(shown) < len(creatures):
            more_arrow(painter, (area.right - size, area.bottom - size), size, up=False)


def focused_creature(scene: Scene) -> object:
    """The creature the choice or entry under the cursor is about, if any: an attack's
    target first (its seat is the one shown)."""
    target = attack_target(scene)
    if target is not None:
        return target
    choice = scene.cursor_choice
    if choice is not None:
        return choice.get("creature")
    entries = listed(scene.prompt.get("entries"))
    index = scene.ui.cursor % scene.option_count - len(scene.choices) if scene.option_count else -1
    if 0 <= index < len(entries):
        return mapping(entries[index].get("action")).get("creature")
    return None


def attack_target(scene: Scene) -> str | None:
    """The enemy creature the attack under the cursor hits (the first of several): shown,
    framed, while the player chooses (issue 24: the attack picker shows whom it
    targets). The attack entry's own screen names the target it is choosing."""
    action = scene.cursor_choice
    if action is None:  # an entry's action so far (an attack of varying strength)
        entries = listed(scene.prompt.get("entries"))
        count = scene.option_count
        index = scene.ui.cursor % count - len(scene.choices) if count else -1
        action = mapping(entries[index].get("action")) if 0 <= index < len(entries) else None
    if action is None or action.get("do") != "attack":
        return None
    several = listed(action.get("targets"))
    target = action.get("target") or (several[0] if several else None)
    return target if isinstance(target, str) else None


def target_seat(scene: Scene, seats: list[SeatView]) -> int | None:
    """The seat whose creature :func:`attack_target` names, if any."""
    target = attack_target(scene)
    for seat in seats if target else ():
        if any(c.get("id") == target for c in seat.get("creatures") or []):
            return seat.get("seat")
    return None


def more_arrow(painter: Painter, centre: tuple[int, int], size: int, *, up: bool) -> None:
    x, y = centre
    tip = -size if up else size
    pygame.draw.polygon(
        painter.surface,
        theme.HIGHLIGHT,
        [(x - size, y - tip // 2), (x + size, y - tip // 2), (x, y + tip // 2)],
    )


def creature_state(creature: CreatureView) -> str:
    """What a player must see before the name: it cannot act, it has acted, it came back."""
    if creature.get("inactive"):
        return "inactive"
    if creature.get("acted"):
        return "acted"
    if creature.get("respawned"):
        return "respawned"
    return "ready"


def creature_row(
    painter: Painter,
    layout: Layout,
    scene: Scene,
    creature: CreatureView,
    row: pygame.Rect,
    *,
    named_effects: bool,
) -> None:
    """[state] Name ........ [effect chips] [ability chips], the wound bar under it all."""
    ident = str(creature.get("id"))
    text_height = painter.fonts.size("Ag", layout.min_text, True)[1]
    line = pygame.Rect(row.left, row.top, row.width, text_height)
    # The wound bar under the name; in a tight row, over the line's descent.
    bar_height = max(layout.px(4), min(layout.px(8), row.height - text_height - layout.px(3)))
    wounds = pygame.Rect(row.left, 0, row.width, bar_height)
    wounds.bottom = row.bottom - layout.px(2)
    gap = layout.px(3)
    state = creature_state(creature)
    badge = pygame.Rect(line.left, line.top, round(line.height * 0.6), line.height)
    state_badge(painter, layout, badge, state)
    painter.mark(f"creature.state.{ident}", badge, state)
    abilities = [
        (READY_MARK if ability.get("ready") else str(ability.get("returns_at_period") or "?"))
        for ability in creature.get("abilities") or []
    ]
    effects = creature.get("effects") or []
    name = words.creature(ident, creature.get("name"), scene.language)
    name_room = painter.fonts.size(name, layout.min_text, False)[0]

    def effect_label(effect: EffectView, named: bool) -> str:
        until = str(effect.get("ends_at_period"))
        if not named:
            return until
        return f"{text('bestiary.ui.fx.' + str(effect.get('kind')), scene.language)} {until}"

    def chips_width(labels: list[str]) -> int:
        return sum(chip_width(painter, layout, label) + gap for label in labels)

    ability_width = chips_width(abilities)
    named = named_effects
    effect_labels = [effect_label(effect, named) for effect in effects]
    free = line.width - badge.width - gap - ability_width - name_room
    if named and chips_width(effect_labels) > free:
        named = False
        effect_labels = [effect_label(effect, False) for effect in effects]
    chips_shown = chips_width(effect_labels) <= free
    right = line.right
    for index in reversed(range(len(abilities))):
        ability = (creature.get("abilities") or [])[index]
        chip = pygame.Rect(0, line.top, chip_width(painter, layout, abilities[index]), line.height)
        chip.right = right
        right = chip.left - gap
        ready = bool(ability.get("ready"))
        chip_text(
            painter,
            layout,
            chip,
            abilities[index],
            fill=theme.READY if ready else theme.WAITING,
            role=f"ability.{ident}.{ability.get('id')}",
        )
    if chips_shown:
        for effect, label in reversed(list(zip(effects, effect_labels, strict=False))):
            chip = pygame.Rect(0, line.top, chip_width(painter, layout, label), line.height)
            chip.right = right
            right = chip.left - gap
            good = str(effect.get("kind")).endswith("_up")
            chip_text(
                painter,
                layout,
                chip,
                label,
                edge=theme.POSITIVE if good else theme.NEGATIVE,
                role=f"effect.{ident}.{effect.get('kind')}",
            )
    name_box = pygame.Rect(badge.right + gap, line.top, 0, line.height)
    name_box.width = right - name_box.left
    bold = painter.fonts.size(name, layout.min_text, True)[0] <= name_box.width
    painter.text(
        name_box,
        name,
        layout.min_text,
        colour=theme.TEXT if state in ("ready", "respawned") else theme.DIM,
        bold=bold,
        role=f"creature.name.{ident}",
    )
    wound_bar(painter, layout, wounds, creature, effects if not chips_shown else [])
    if ident == attack_target(scene):
        # The attack under the cursor hits this one: a frame, not a colour alone.
        frame = row.inflate(-1, -1)
        pygame.draw.rect(
            painter.surface, theme.HIGHLIGHT, frame, max(2, layout.px(2)), layout.px(3)
        )
        painter.mark(f"creature.target.{ident}", frame)


def chip_width(painter: Painter, layout: Layout, label: str) -> int:
    return painter.fonts.size(label, layout.min_text, True)[0] + layout.px(8)


def chip_text(
    painter: Painter,
    layout: Layout,
    chip: pygame.Rect,
    label: str,
    *,
    role: str,
    fill: Colour | None = None,
    edge: Colour | None = None,
) -> None:
    """An ability (filled: ready or waiting) or an effect (hollow, in its good/bad colour)."""
    shape = chip.inflate(0, -max(2, chip.height // 8))
    if fill is not None:
        painter.box(shape, fill, radius=layout.px(4))
        ink = theme.DARK_TEXT
    else:
        ink = edge or theme.TEXT
        painter.box(shape, theme.PANEL, ink, radius=layout.px(4), width=max(2, layout.px(2)))
    painter.text(chip, label, layout.min_text, colour=ink, bold=True, role=role, align="center")


def state_badge(painter: Painter, layout: Layout, box: pygame.Rect, state: str) -> None:
    """A shape, not a word: a dot (may act), a tick (acted), a struck ring (inactive), a
    turning arrow (came back after falling)."""
    size = min(box.width, box.height * 0.6)
    cx, cy = box.center
    half = size / 2
    width = max(2, layout.px(2))
    if state == "ready":
        pygame.draw.circle(painter.surface, theme.HEALTH, (cx, cy), round(half * 0.5))
    elif state == "acted":
        tick = [(cx - half, cy), (cx - half * 0.3, cy + half * 0.7), (cx + half, cy - half * 0.8)]
        pygame.draw.lines(painter.surface, theme.HIGHLIGHT, False, tick, width + 1)
    elif state == "inactive":
        pygame.draw.circle(painter.surface, theme.NEGATIVE, (cx, cy), round(half), width)
        slash = point((cx, cy), half, 135.0), point((cx, cy), half, -45.0)
        pygame.draw.line(painter.surface, theme.NEGATIVE, slash[0], slash[1], width)
    else:  # respawned
        ring = pygame.Rect(0, 0, round(size), round(size))
        ring.center = (cx, cy)
        pygame.draw.arc(
            painter.surface, theme.NEGATIVE, ring, math.radians(60), math.radians(360), width
        )
        tip = point((cx, cy), half, 60.0)
        head = [
            tip,
            (tip[0] + half * 0.6, tip[1] - half * 0.1),
            (tip[0] + half * 0.1, tip[1] + half * 0.6),
        ]
        pygame.draw.polygon(painter.surface, theme.NEGATIVE, head)


def wound_bar(
    painter: Painter,
    layout: Layout,
    box: pygame.Rect,
    creature: CreatureView,
    effects: list[EffectView],
) -> None:
    """Vitality as one division a point, wounds filled red: seen at a glance without
    reading. Effects with no room for a chip are squares at its end, in their colour."""
    vitality = int(creature.get("vitality") or 0)
    wounds = int(creature.get("wounds") or 0)
    bar = box.copy()
    if effects:
        bar.width -= len(effects) * (box.height + layout.px(3))
        for index, effect in enumerate(effects):
            square = pygame.Rect(bar.right + layout.px(3), box.top, box.height, box.height)
            square.left += index * (box.height + layout.px(3))
            good = str(effect.get("kind")).endswith("_up")
            painter.box(square, theme.POSITIVE if good else theme.NEGATIVE)
            painter.mark(f"effect.{creature.get('id')}.{effect.get('kind')}", square)
    painter.mark(f"creature.wounds.{creature.get('id')}", bar, f"{wounds}/{vitality}")
    if vitality <= 0:
        return
    gap = max(1, layout.px(2))
    for index, cell in enumerate(split(bar, [1 / vitality] * vitality, gap)):
        painter.box(cell, theme.WOUND if index < wounds else theme.HEALTH)
