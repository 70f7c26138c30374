"""The Bestiary board: the time disc, both castles and the acting seat's creatures.

Read from a metre away, so no word under 5 mm (``layout.min_text``): the banner says
whose turn, which phase and which period; the disc shows each token as a dot in its
owner's colour in the sector of its return (ringed when it comes back next period);
both castles show their damage as a numeral over a scale of the real length. The
creatures of the seat whose turn it is are shown in full, one row each: a shape for
inactive / acted / respawned, the name, wounds as a bar of the creature's vitality,
each ability as a chip (✓ ready, else the period it comes back) and each effect as a
hollow chip (green good, orange bad) with the period it ends. The other castle folds
to its damage; its creatures are shown in full on its own turn.

On the 3.5-inch panel the disc is small and unlabelled (the sun and the order round the
disc say when a token comes back), the castles are two numerals under it or beside it,
and an effect is a chip with only its period (the event line named it when it was
cast); the 7-inch panel labels the sectors, names the castles and names the effects.
When a two-line event sentence takes a row, the rows shown follow the creature under
the cursor and a triangle says more are there.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from companion.display import theme
from companion.display.layout import Layout
from companion.display.paint import Painter, rows, split
from companion.display.scene import Scene
from companion.display.screens import chrome
from companion.display.screens.base import Motion
from companion.display.theme import Colour
from companion.games.bestiary import labels as words
from companion.i18n import text
from companion.ring_geometry import SECTORS, TOP, RingGeometry, point
from companion.rules.base import JSON

READY_MARK = "✓"


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


def shown_seat(scene: Scene, seats: list[JSON]) -> int | None:
    """The seat whose creatures are shown in full: the acting one, else the first."""
    acting = chrome.acting_seat(scene)
    numbers = [seat.get("seat") for seat in seats]
    if acting in numbers:
        return acting
    return numbers[0] if numbers else None


class BoardScreen:
    name = "board"
    opaque = True

    def draw(self, painter: Painter, layout: Layout, scene: Scene, motion: Motion) -> None:
        view = scene.view or {}
        painter.surface.fill(theme.BACKGROUND)
        chrome.banner(painter, layout, scene, period_counter(view, scene.language))
        if layout.middle.height >= 5 * layout.line:
            roomy_board(painter, layout, scene, motion)
        else:
            small_board(painter, layout, scene, motion)
        chrome.prompt_bar(painter, layout, scene)


def small_board(painter: Painter, layout: Layout, scene: Scene, motion: Motion) -> None:
    """Three lines of text high: the disc over both castles' numerals on the left, the
    acting seat's three creatures on the right."""
    middle = layout.middle
    seats = list((scene.view or {}).get("seats") or [])
    shown = shown_seat(scene, seats)
    # The creatures' names are never cut: the disc's column gives them the room they need
    # (Russian "Баллистариус" beside two chips), down to a disc two lines wide.
    needed = max(
        (army_width(painter, layout, scene, seat) for seat in seats if seat.get("seat") == shown),
        default=0,
    )
    width = min(round(middle.width * 0.36), middle.width - needed - layout.px(7))
    column = pygame.Rect(middle.left, middle.top, max(2 * layout.line, width), middle.height)
    count = max(1, len(seats))
    # The castles under the disc, or stacked beside it when that leaves the disc larger
    # (a two-line event sentence or a notice takes a line from the board).
    numeral_width = max(
        (castle_numeral_width(painter, layout, seat) for seat in seats), default=layout.line
    )
    under = min(column.width, column.height - layout.line - layout.px(2))
    beside = min(column.width - numeral_width - layout.px(4), column.height)
    if under >= beside or column.height < count * layout.line:
        castles = pygame.Rect(column.left, column.bottom - layout.line, column.width, layout.line)
        cells = split(castles, [1 / count] * count, layout.px(3))
        disc_box = pygame.Rect(column.left, column.top, column.width, under)
    else:
        castles = pygame.Rect(column.right - numeral_width, column.top, numeral_width, 0)
        castles.height = count * layout.line
        castles.centery = column.centery
        cells = rows(castles, count, 0)
        disc_box = pygame.Rect(column.left, column.top, castles.left - layout.px(4), column.height)
    draw_disc(painter, layout, scene, disc_box, motion)
    for seat, cell in zip(seats, cells, strict=False):
        castle_numeral(painter, layout, seat, cell, acting=seat.get("seat") == shown)
    army = pygame.Rect(column.right + layout.px(5), middle.top, 0, middle.height)
    army.width = middle.right - layout.px(2) - army.left
    for seat in seats:
        if seat.get("seat") == shown:
            creature_rows(painter, layout, scene, seat, army, named_effects=False)


def army_width(painter: Painter, layout: Layout, scene: Scene, seat: JSON) -> int:
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


def roomy_board(painter: Painter, layout: Layout, scene: Scene, motion: Motion) -> None:
    """Eight lines high: a labelled disc on the left; on the right each castle's name and
    damage, the acting seat's castle opened to its creatures."""
    middle = layout.middle
    seats = list((scene.view or {}).get("seats") or [])
    shown = shown_seat(scene, seats)
    side = min(middle.height, round(middle.width * 0.4))
    disc_box = pygame.Rect(middle.left, middle.top, side, middle.height)
    draw_disc(painter, layout, scene, disc_box, motion)
    panels = pygame.Rect(disc_box.right + layout.px(4), middle.top, 0, middle.height)
    panels.width = middle.right - layout.px(2) - panels.left
    gap = layout.px(3)
    folded = castle_header_height(layout) + 2 * layout.px(3)
    top = panels.top
    for seat in seats:
        opened = seat.get("seat") == shown
        height = panels.height - (len(seats) - 1) * (folded + gap) if opened else folded
        box = pygame.Rect(panels.left, top, panels.width, height)
        castle_panel(painter, layout, scene, seat, box, opened=opened)
        top = box.bottom + gap


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
    view = scene.view or {}
    sigil = view.get("sigil") or {}
    sun = sigil.get("sun_sector")
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
    sigil: JSON,
    sector: int,
    *,
    hub: tuple[float, float],
    radius: float,
    current: bool,
    halves: Callable[[int], int],
) -> list[tuple[float, float, list[JSON]]]:
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


def _sector_tokens(sigil: JSON, sector: int) -> list[JSON]:
    for entry in sigil.get("sectors") or []:
        if entry.get("sector") == sector:
            return list(entry.get("tokens") or [])
    return []


def _draw_tokens(
    painter: Painter,
    layout: Layout,
    tokens: list[JSON],
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


# --- the castles ---------------------------------------------------------------------------


def castle_header_height(layout: Layout) -> int:
    return layout.line_of(layout.font(22)) + layout.px(8)


def castle_numeral_width(painter: Painter, layout: Layout, seat: JSON) -> int:
    said = f"{int(seat.get('castle_damage') or 0)}/{int(seat.get('scale_length') or 1)}"
    return painter.fonts.size(said, layout.min_text, False)[0] + 2 * layout.px(4)


def castle_numeral(
    painter: Painter, layout: Layout, seat: JSON, cell: pygame.Rect, *, acting: bool
) -> None:
    """A castle as one numeral over its damage scale, framed in the seat's colour."""
    number = seat.get("seat")
    damage = int(seat.get("castle_damage") or 0)
    length = int(seat.get("scale_length") or 1)
    edge = max(2, layout.px(3 if acting else 1))
    painter.box(cell, theme.PANEL, theme.seat_colour(number), radius=layout.px(3), width=edge)
    bar = cell.inflate(-2 * edge, -2 * edge)
    damage_scale(painter, layout, bar, damage, length, divided=False)
    painter.mark(f"castle.scale.{number}", bar, f"{damage}/{length}")
    said = f"{damage}/{length}"
    bold = painter.fonts.size(said, layout.min_text, True)[0] <= bar.width
    if painter.fonts.size(said, layout.min_text, False)[0] > bar.width:
        said = str(damage)  # the scale shows the length
    painter.text(
        pygame.Rect(bar.left, cell.top, bar.width, cell.height),
        said,
        layout.min_text,
        colour=theme.TEXT,
        bold=bold,
        role=f"castle.damage.{number}",
        align="center",
    )


@dataclass(frozen=True)
class ScalePanel:
    """A framed panel with a castle scale: its inside, the header (a line of words over
    the scale's bar) and the damage numeral at the line's right."""

    inner: pygame.Rect
    header: pygame.Rect
    line: pygame.Rect
    numeral: pygame.Rect


def scale_panel(
    painter: Painter,
    layout: Layout,
    box: pygame.Rect,
    owner: JSON,
    *,
    number: object,
    colour: theme.Colour,
    opened: bool,
) -> ScalePanel:
    """The frame in ``colour`` (thicker ``opened``), the scale of ``owner`` (a seat's or a
    side's ``castle_damage`` of ``scale_length``) divided along the header's foot, and its
    numeral "2/16" at the right of the header's line; the caller writes the rest."""
    edge = max(2, layout.px(2 if opened else 1))
    painter.box(box, theme.PANEL, colour, radius=layout.px(4), width=edge)
    inner = layout.inset(box, 3)
    header = pygame.Rect(inner.left, inner.top, inner.width, castle_header_height(layout))
    bar = pygame.Rect(inner.left, header.bottom - layout.px(7), inner.width, layout.px(7))
    line = pygame.Rect(inner.left, inner.top, inner.width, bar.top - inner.top)
    damage = int(owner.get("castle_damage") or 0)
    length = int(owner.get("scale_length") or 1)
    said = f"{damage}/{length}"
    numeral_px = layout.font(22)
    numeral = line.copy()
    numeral.width = painter.fonts.size(said, numeral_px, True)[0] + layout.px(2)
    numeral.right = line.right
    painter.text(
        numeral,
        said,
        numeral_px,
        colour=theme.DAMAGE if damage else theme.TEXT,
        bold=True,
        role=f"castle.damage.{number}",
        align="right",
    )
    damage_scale(painter, layout, bar, damage, length, divided=True)
    painter.mark(f"castle.scale.{number}", bar, said)
    return ScalePanel(inner, header, line, numeral)


def castle_panel(
    painter: Painter, layout: Layout, scene: Scene, seat: JSON, box: pygame.Rect, *, opened: bool
) -> None:
    """A castle's name and damage over its scale; opened, its creatures below."""
    number = seat.get("seat")
    colour = theme.seat_colour(number)
    panel = scale_panel(painter, layout, box, seat, number=number, colour=colour, opened=opened)
    inner, header, line, numeral = panel.inner, panel.header, panel.line, panel.numeral
    name = pygame.Rect(line.left, line.top, numeral.left - layout.px(4) - line.left, line.height)
    title = words.seat_title(seat, scene.language)
    if painter.fonts.size(title, layout.min_text, True)[0] > name.width:
        title = str(seat.get("name") or title)  # the player's name says whose castle
    painter.text(
        name, title, layout.min_text, colour=colour, bold=True, role=f"castle.name.{number}"
    )
    if opened:
        army = pygame.Rect(inner.left, header.bottom + layout.px(3), inner.width, 0)
        army.height = inner.bottom - army.top
        creature_rows(painter, layout, scene, seat, army, named_effects=True)


def damage_scale(
    painter: Painter, layout: Layout, bar: pygame.Rect, damage: int, length: int, *, divided: bool
) -> None:
    """The castle scale, the damaged part filled; ``divided``: one division a point."""
    if divided and length <= 40:
        gap = 1 if bar.width / max(1, length) > 4 else 0
        for index, cell in enumerate(split(bar, [1 / length] * length, gap)):
            painter.box(cell, theme.DAMAGE if index < damage else theme.DAMAGE_EMPTY)
        return
    painter.box(bar, theme.DAMAGE_EMPTY)
    filled = bar.copy()
    filled.width = round(bar.width * min(1.0, damage / max(1, length)))
    painter.box(filled, theme.DAMAGE)


# --- creatures -----------------------------------------------------------------------------


def creature_rows(
    painter: Painter,
    layout: Layout,
    scene: Scene,
    seat: JSON,
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
    """The creature the choice or entry under the cursor is about, if any."""
    choice = scene.cursor_choice
    if choice is not None:
        return choice.get("creature")
    entries = scene.prompt.get("entries") or []
    index = scene.ui.cursor % scene.option_count - len(scene.choices) if scene.option_count else -1
    if 0 <= index < len(entries):
        return (entries[index].get("action") or {}).get("creature")
    return None


def more_arrow(painter: Painter, centre: tuple[int, int], size: int, *, up: bool) -> None:
    x, y = centre
    tip = -size if up else size
    pygame.draw.polygon(
        painter.surface,
        theme.HIGHLIGHT,
        [(x - size, y - tip // 2), (x + size, y - tip // 2), (x, y + tip // 2)],
    )


def creature_state(creature: JSON) -> str:
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
    creature: JSON,
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

    def effect_label(effect: JSON, named: bool) -> str:
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
        slash = _point(cx, cy, half, 135.0), _point(cx, cy, half, -45.0)
        pygame.draw.line(painter.surface, theme.NEGATIVE, slash[0], slash[1], width)
    else:  # respawned
        ring = pygame.Rect(0, 0, round(size), round(size))
        ring.center = (cx, cy)
        pygame.draw.arc(
            painter.surface, theme.NEGATIVE, ring, math.radians(60), math.radians(360), width
        )
        tip = _point(cx, cy, half, 60.0)
        head = [
            tip,
            (tip[0] + half * 0.6, tip[1] - half * 0.1),
            (tip[0] + half * 0.1, tip[1] + half * 0.6),
        ]
        pygame.draw.polygon(painter.surface, theme.NEGATIVE, head)


def wound_bar(
    painter: Painter, layout: Layout, box: pygame.Rect, creature: JSON, effects: list[JSON]
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
