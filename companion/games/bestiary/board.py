"""The Bestiary board: the time disc, both castles and their creatures, the prompt.

Read from across the table: the banner says whose turn, which phase and which period;
the disc shows each token in its sector in its owner's colour, every sector labelled
with the period in which its tokens come back; each castle shows its damage as a
numeral and as a scale of its real length.
"""

from __future__ import annotations

import math

import pygame

from companion.display import labels, theme
from companion.display.layout import Layout
from companion.display.paint import Painter, rows, split
from companion.display.scene import Scene
from companion.display.screens import chrome
from companion.display.screens.base import Motion
from companion.games.bestiary import labels as words
from companion.i18n import name_of, text
from companion.ring_geometry import SECTORS, TOP, RingGeometry, point
from companion.rules.base import JSON


def period_counter(view: JSON, language: str) -> tuple[str, int, str]:
    period = int(view.get("period") or 0)
    cycle = int(view.get("cycle") or 0)
    detail = text("ui.cycle", language, cycle=cycle) if period else ""
    return text("ui.period", language), period, detail


def sector_period(sector: int, sun: int | None, period: int) -> int:
    """The period in which ``sector`` is next under the sun mark (the current one counts)."""
    if sun is None:
        return sector
    return period + (sector - sun) % SECTORS


class BoardScreen:
    name = "board"
    opaque = True

    def draw(self, painter: Painter, layout: Layout, scene: Scene, motion: Motion) -> None:
        view = scene.view or {}
        painter.surface.fill(theme.BACKGROUND)
        chrome.banner(painter, layout, scene, period_counter(view, scene.language))
        middle = layout.middle
        side = min(middle.height, round(layout.width * 0.42))
        disc_box = pygame.Rect(middle.left, middle.top, side, middle.height)
        panels = pygame.Rect(disc_box.right + layout.px(4), middle.top, 0, middle.height)
        panels.width = middle.right - panels.left - layout.px(3)
        draw_disc(painter, layout, scene, disc_box, motion)
        seats = view.get("seats") or []
        for seat, box in zip(seats, rows(panels, max(1, len(seats)), layout.px(4)), strict=False):
            seat_panel(painter, layout, scene, seat, box)
        chrome.prompt_bar(painter, layout, scene)


# --- the time disc -------------------------------------------------------------------------


GEOMETRY = RingGeometry()  # angles only: the strip's wiring never moves the board


def _point(cx: float, cy: float, radius: float, degrees: float) -> tuple[float, float]:
    return point((cx, cy), radius, degrees)


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
    painter: Painter, layout: Layout, scene: Scene, box: pygame.Rect, motion: Motion
) -> None:
    """The disc as the board and the ring have it: sector 1 from the top, clockwise; the
    sun mark outside the rim over the present sector (the LEDs' place)."""
    view = scene.view or {}
    language = scene.language
    sigil = view.get("sigil") or {}
    sun = sigil.get("sun_sector")
    period = int(view.get("period") or 0)
    sun_size = layout.px(12)
    radius = min(box.width, box.height) / 2 - sun_size * 1.3
    cx, cy = box.center
    for sector in range(1, SECTORS + 1):
        centre = GEOMETRY.sector_centre(sector)
        points = [(cx, cy)] + [_point(cx, cy, radius, centre - 30 + step * 5) for step in range(13)]
        current = sun is not None and sector == sun
        fill = theme.DISC_CURRENT if current else theme.DISC
        pygame.draw.polygon(painter.surface, fill, points)
        pygame.draw.polygon(painter.surface, theme.PANEL_EDGE, points, width=max(1, layout.px(1)))
        label_x, label_y = _point(cx, cy, radius * 0.84, centre)
        label = pygame.Rect(0, 0, round(radius * 0.34), round(radius * 0.2))
        label.center = (round(label_x), round(label_y))
        returns = sector_period(sector, sun, period)
        painter.text(
            label,
            text("bestiary.ui.sector_returns", language, period=returns) if sun else str(sector),
            layout.font(14),
            colour=theme.HIGHLIGHT if current else theme.DIM,
            bold=True,
            role=f"sigil.sector.{sector}",
            align="center",
            min_px=layout.font(9),
        )
        tokens = _sector_tokens(sigil, sector)
        _draw_chips(
            painter,
            layout,
            scene,
            tokens,
            # side sectors hold their chips nearer the hub, clear of the rim's label
            centre=_point(
                cx, cy, radius * (0.4 if abs(math.cos(math.radians(centre))) > 0.9 else 0.5), centre
            ),
            radius=radius,
        )
    pygame.draw.circle(
        painter.surface, theme.PANEL_EDGE, (cx, cy), round(radius), width=layout.px(2)
    )
    disc = pygame.Rect(0, 0, round(2 * radius), round(2 * radius))
    disc.center = (cx, cy)
    painter.mark("sigil.disc", disc, str(sun or ""))
    if sun is None:
        return
    # The sun mark moves round the rim, clockwise, one sector a period.
    at = _point(cx, cy, radius + sun_size * 0.55, sun_angle(sun, motion))
    sun_centre = (round(at[0]), round(at[1]))
    for ray in range(8):
        end = _point(sun_centre[0], sun_centre[1], sun_size * 0.75, ray * 45.0)
        pygame.draw.line(painter.surface, theme.SUN, sun_centre, end, max(1, layout.px(2)))
    pygame.draw.circle(painter.surface, theme.SUN, sun_centre, max(3, round(sun_size * 0.45)))
    sun_rect = pygame.Rect(0, 0, sun_size * 2, sun_size * 2)
    sun_rect.center = sun_centre
    painter.mark("sigil.sun", sun_rect, str(sun))


def _sector_tokens(sigil: JSON, sector: int) -> list[JSON]:
    for entry in sigil.get("sectors") or []:
        if entry.get("sector") == sector:
            return list(entry.get("tokens") or [])
    return []


def _draw_chips(
    painter: Painter,
    layout: Layout,
    scene: Scene,
    tokens: list[JSON],
    *,
    centre: tuple[float, float],
    radius: float,
) -> None:
    if not tokens:
        return
    columns = 1 if len(tokens) <= 3 else 2
    count_rows = math.ceil(len(tokens) / columns)
    width = radius * (0.44 if columns == 1 else 0.22)  # neighbours' chips never touch
    height = min(radius * 0.17, radius * 0.48 / count_rows)
    top = centre[1] - count_rows * height / 2
    left = centre[0] - columns * width / 2
    for index, token in enumerate(tokens):
        row, column = divmod(index, columns)
        chip = pygame.Rect(
            round(left + column * width) + 1,
            round(top + row * height) + 1,
            round(width) - 2,
            round(height) - 2,
        )
        owner = token.get("owner")
        painter.box(chip, theme.seat_colour(owner), radius=layout.px(3))
        name = words.creature(
            str(token.get("creature")), token.get("creature_name"), scene.language
        )
        slot = _ability_slot(scene.view or {}, token)
        room = chip.inflate(-layout.px(2), 0)
        full = f"{name} {slot}"
        fits = painter.fonts.size(full, 9, True)[0] <= room.width
        painter.text(
            room,
            full if fits else f"{labels.short(name, 2)}{slot}",  # never cut mid-name
            layout.font(11),
            colour=theme.DARK_TEXT,
            bold=True,
            role="sigil.token",
            align="center",
            min_px=9,
        )
        painter.mark(
            f"sigil.token.{token.get('creature')}.{token.get('ability')}",
            chip,
            f"{owner}:{token.get('returns_at_period')}",
        )


def _ability_slot(view: JSON, token: JSON) -> str:
    for seat in view.get("seats") or []:
        for creature in seat.get("creatures") or []:
            if creature.get("id") == token.get("creature"):
                for index, ability in enumerate(creature.get("abilities") or [], 1):
                    if ability.get("id") == token.get("ability"):
                        return str(index)
    return ""


# --- a castle and its army -----------------------------------------------------------------


def seat_panel(
    painter: Painter, layout: Layout, scene: Scene, seat: JSON, box: pygame.Rect
) -> None:
    language = scene.language
    number = seat.get("seat")
    colour = theme.seat_colour(number)
    painter.box(box, theme.PANEL, colour, radius=layout.px(4), width=max(1, layout.px(2)))
    inner = layout.inset(box, 4)
    header = pygame.Rect(inner.left, inner.top, inner.width, layout.px(24))
    name_box, damage_box = split(header, (0.64, 0.36))
    painter.text(
        name_box,
        words.seat_title(seat, language),
        layout.font(15),
        colour=colour,
        bold=True,
        role=f"castle.name.{number}",
    )
    damage = int(seat.get("castle_damage") or 0)
    length = int(seat.get("scale_length") or 1)
    painter.text(
        damage_box,
        f"{damage}/{length}",
        layout.font(22),
        colour=theme.DAMAGE if damage else theme.TEXT,
        bold=True,
        role=f"castle.damage.{number}",
        align="right",
        min_px=layout.font(16),
    )
    bar = pygame.Rect(inner.left, header.bottom + layout.px(2), inner.width, layout.px(9))
    damage_scale(painter, layout, bar, damage, length)
    painter.mark(f"castle.scale.{number}", bar, f"{damage}/{length}")
    creatures = seat.get("creatures") or []
    area = pygame.Rect(inner.left, bar.bottom + layout.px(4), inner.width, 0)
    area.height = inner.bottom - area.top
    for creature, row in zip(creatures, rows(area, 3, layout.px(2)), strict=False):
        creature_row(painter, layout, scene, creature, row)


def damage_scale(
    painter: Painter, layout: Layout, bar: pygame.Rect, damage: int, length: int
) -> None:
    """The castle scale as divisions of its real length, the damaged ones filled."""
    if length <= 40:
        gap = 1 if bar.width / max(1, length) > 4 else 0
        for index, cell in enumerate(split(bar, [1 / length] * length, gap)):
            painter.box(cell, theme.DAMAGE if index < damage else theme.DAMAGE_EMPTY)
        return
    painter.box(bar, theme.DAMAGE_EMPTY)
    filled = bar.copy()
    filled.width = round(bar.width * min(1.0, damage / length))
    painter.box(filled, theme.DAMAGE)


def creature_row(
    painter: Painter, layout: Layout, scene: Scene, creature: JSON, row: pygame.Rect
) -> None:
    language = scene.language
    two_lines = row.height >= layout.px(34)
    if two_lines:
        top, bottom = row.copy(), row.copy()
        top.height = row.height // 2
        bottom.top, bottom.height = top.bottom, row.height - top.height
        name_box, wounds_box, effects_box = split(top, (0.36, 0.28, 0.36), layout.px(4))
        abilities_box = bottom
    else:
        name_box, wounds_box, abilities_box, effects_box = split(
            row, (0.28, 0.20, 0.26, 0.26), layout.px(4)
        )
    inactive = bool(creature.get("inactive"))
    name = words.creature(str(creature.get("id")), creature.get("name"), language)
    painter.text(
        name_box,
        name,
        layout.font(14),
        colour=theme.DIM if inactive else theme.TEXT,
        bold=True,
        role=f"creature.name.{creature.get('id')}",
    )
    wound_pips(painter, layout, wounds_box, creature)
    ability_chips(painter, layout, scene, creature, abilities_box, named=two_lines)
    effect_chips(painter, layout, scene, creature, effects_box, named=two_lines)


def wound_pips(painter: Painter, layout: Layout, box: pygame.Rect, creature: JSON) -> None:
    """Vitality as pips, wounds filled red: counted at a glance without reading."""
    vitality = int(creature.get("vitality") or 0)
    wounds = int(creature.get("wounds") or 0)
    painter.mark(f"creature.wounds.{creature.get('id')}", box, f"{wounds}/{vitality}")
    if vitality <= 0:
        return
    # One pip size for every creature (up to 6 fit), so rows compare at a glance.
    size = min(box.height * 0.7, box.width / max(vitality, 6) * 0.8)
    if size < layout.px(8):  # pips too small to count from across the table: a numeral
        painter.text(
            box,
            f"{wounds}/{vitality}",
            layout.font(13),
            colour=theme.WOUND if wounds else theme.TEXT,
            bold=True,
            role="creature.wounds",
        )
        return
    step = box.width / vitality
    step = min(step, size * 1.35)
    for index in range(vitality):
        centre = (round(box.left + step * index + size / 2), box.centery)
        if index < wounds:
            pygame.draw.circle(painter.surface, theme.WOUND, centre, round(size / 2))
        else:
            pygame.draw.circle(
                painter.surface, theme.HEALTH, centre, round(size / 2), width=max(1, layout.px(2))
            )


def ability_chips(
    painter: Painter, layout: Layout, scene: Scene, creature: JSON, box: pygame.Rect, *, named: bool
) -> None:
    abilities = creature.get("abilities") or []
    if not abilities:
        return
    cells = split(box, [1 / len(abilities)] * len(abilities), layout.px(2))
    for ability, cell in zip(abilities, cells, strict=False):
        returns = ability.get("returns_at_period")
        ready = bool(ability.get("ready"))
        fill = theme.READY if ready else theme.WAITING
        chip = cell.inflate(0, -max(2, cell.height // 5))
        painter.box(chip, fill, radius=layout.px(3))
        back = (
            text("bestiary.ui.sector_returns", scene.language, period=returns) if returns else "✓"
        )
        if named:
            shown = words.ability(
                str(creature.get("id")),
                str(ability.get("id")),
                str(ability.get("name")),
                scene.language,
            )
            label = f"{shown} {back}"
        else:
            label = back  # the chips stand in slot order: first ability left
        painter.text(
            chip.inflate(-layout.px(4), 0),
            label,
            layout.font(12),
            colour=theme.DARK_TEXT,
            bold=True,
            role=f"ability.{creature.get('id')}.{ability.get('id')}",
            align="center",
            min_px=layout.font(8),
        )


def effect_chips(
    painter: Painter, layout: Layout, scene: Scene, creature: JSON, box: pygame.Rect, *, named: bool
) -> None:
    effects = creature.get("effects") or []
    if not effects:
        return
    cells = split(box, [1 / len(effects)] * len(effects), layout.px(2))
    for effect, cell in zip(effects, cells, strict=False):
        kind = str(effect.get("kind"))
        good = kind.endswith("_up")
        chip = cell.inflate(0, -max(2, cell.height // 5))
        painter.box(chip, theme.POSITIVE if good else theme.NEGATIVE, radius=layout.px(3))
        name = (
            name_of("bestiary.effect", kind, scene.language)
            if named
            else text(f"bestiary.ui.fx.{kind}", scene.language)
        )
        until = text(
            "bestiary.ui.sector_returns", scene.language, period=effect.get("ends_at_period")
        )
        painter.text(
            chip.inflate(-layout.px(3), 0),
            text("bestiary.ui.fx_until", scene.language, effect=name, until=until),
            layout.font(12),
            colour=theme.DARK_TEXT,
            bold=True,
            role=f"effect.{creature.get('id')}.{kind}",
            align="center",
            min_px=layout.font(8),
        )
