"""Talisman's screens: the heroes' sheets, and the battle calculator.

Loaded only by the screen (they import pygame): the spec names this module. Built on the
shared frame (:mod:`companion.display.screens.chrome`): the banner says whose turn on the
seat's colour, the phase (plainly "Psychic combat" when it is one; the spec's
``phase_words``) and the turns begun as the numeral; the prompt bar asks. Every word at
5 mm (``layout.min_text``):

- **the sheets**: the hero who must act in full (lives ♥, fate ☘, gold ⛁, alignment;
  Strength ⚔ and Craft ✧ with the trophies kept; objects ⚒ against the carrying limit,
  spells ⚗ against the Craft's limit; a toad's turns left, a missed turn to come), the
  others folded. The 7-inch panel says the words and gives each other hero a row; the
  3.5-inch panel has three lines of symbols and the others as chips (initial and lives)
  down the right.
- **the battle**: the two totals large, the hero's on the left in the seat's colour and
  the enemies' (or the other hero's) on the right, the comparison between them; under
  each total which die it rolled (⚄ 5) and what was added, ⟲ when the fate reroll is
  spent; then the outcome once the rolls are accepted (won, lost, standoff), psychic
  combat said plainly, and each hero's fate: spent, or a reroll still open.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

import pygame

from companion.display import theme
from companion.display.layout import Layout
from companion.display.paint import Painter, split
from companion.display.scene import Scene
from companion.display.screens import chrome
from companion.display.screens.base import Motion, Screen
from companion.games.talisman import labels
from companion.games.talisman.entries import said
from companion.games.talisman.types import Fight, HeroView, TalismanView, talisman_view
from companion.games.tetranomicon.screens import fitting_name

LIVES_INK: theme.Colour = (236, 96, 104)
GOLD_INK: theme.Colour = theme.HIGHLIGHT
FATE_INK: theme.Colour = theme.POSITIVE


@functools.cache
def screens() -> Mapping[str, Screen]:
    return {"sheet": SheetScreen(), "battle": BattleScreen()}


def view_of(scene: Scene) -> TalismanView:
    """The scene's view as :func:`present.view` built it (the seam: one cast). A scene
    may come before any view (``{}``), so the screens read its keys with ``get``."""
    return talisman_view(scene.view or {})


def screen_for(scene: Scene) -> str:
    return "battle" if labels.fight(view_of(scene)) else "sheet"


def counter(view: TalismanView, language: str) -> tuple[str, int, str]:
    return labels.ui("turn", language), int(view.get("turns") or 0), labels.ui("turns", language)


@dataclass(frozen=True)
class Part:
    """A piece of a line: its words, ink and weight, and its role for the tests."""

    said: str
    ink: theme.Colour
    role: str
    bold: bool = False
    short: str = ""  # said instead when the row has no room for ``said``


def draw_parts(
    painter: Painter,
    layout: Layout,
    row: pygame.Rect,
    parts: Sequence[Part],
    *,
    center: bool = False,
) -> int:
    """The parts left to right, as many whole ones as the row holds: short of room a
    part says its shorter words, then the later parts give way (the earlier ones are
    what matters more); how many were drawn."""
    px = layout.min_text
    gap = layout.px(12)
    parts = list(parts)

    def width_of(shown: Sequence[Part]) -> int:
        widths = [painter.fonts.size(part.said, px, part.bold)[0] for part in shown]
        return sum(widths) + gap * max(0, len(shown) - 1)

    for index, part in enumerate(parts):
        if width_of(parts) > row.width and part.short:
            parts[index] = replace(part, said=part.short, short="")
    widths = [painter.fonts.size(part.said, px, part.bold)[0] for part in parts]
    count = len(parts)
    while count and sum(widths[:count]) + gap * (count - 1) > row.width:
        count -= 1
    x = row.left
    if center:
        x += (row.width - sum(widths[:count]) - gap * max(0, count - 1)) // 2
    for part, width in zip(parts[:count], widths[:count], strict=True):
        box = pygame.Rect(x, row.top, width + 1, row.height)
        painter.text(box, part.said, px, colour=part.ink, bold=part.bold, role=part.role)
        x = box.right + gap
    return count


# --- the sheets ------------------------------------------------------------------------------


def in_turn_order(view: TalismanView, first: int | None) -> list[HeroView]:
    """The heroes from ``first`` on, round the table."""
    seats = list(view.get("seats") or [])
    start = next((i for i, e in enumerate(seats) if e["seat"] == first), 0)
    return seats[start:] + seats[:start]


def trophies(hero: HeroView, kind: str, language: str, *, roomy: bool) -> str:
    value = hero["strength_trophies"] if kind == "strength" else hero["craft_trophies"]
    if not value:
        return ""
    return " " + (labels.ui("trophies", language, value=value) if roomy else f"(+{value})")


def limits(hero: HeroView) -> tuple[str, str]:
    objects = f"{len(hero['objects'] or [])}/{hero['capacity']}"
    spells = f"{len(hero['spells'] or [])}/{hero['spell_limit']}"
    return objects, spells


def over_ink(hero: HeroView) -> tuple[theme.Colour, theme.Colour]:
    """Objects and spells in orange over their limits (one must go at once)."""
    objects = len(hero["objects"] or []) > int(hero["capacity"] or 0)
    spells = len(hero["spells"] or []) > int(hero["spell_limit"] or 0)
    return (
        theme.NEGATIVE if objects else theme.TEXT,
        theme.NEGATIVE if spells else theme.TEXT,
    )


def hero_rows(hero: HeroView, language: str, *, roomy: bool) -> list[list[Part]]:
    """The acting hero's sheet, a line a list of parts, the most needed first."""
    ui = labels.ui
    lives, fate, gold = hero["lives"], hero["fate"], hero["gold"]
    alignment = labels.alignment(hero, language)
    if roomy:
        purse = [
            Part(f"{labels.LIVES} {lives} {ui('lives', language)}", LIVES_INK, "sheet.lives", True),
            Part(f"{labels.FATE} {fate} {ui('fate', language)}", FATE_INK, "sheet.fate", True),
            Part(f"{labels.GOLD} {gold} {ui('gold', language)}", GOLD_INK, "sheet.gold", True),
            Part(alignment, theme.DIM, "sheet.alignment"),
        ]
    else:
        purse = [
            Part(f"{labels.LIVES}{lives}", LIVES_INK, "sheet.lives", True),
            Part(f"{labels.FATE}{fate}", FATE_INK, "sheet.fate", True),
            Part(f"{labels.GOLD}{gold}", GOLD_INK, "sheet.gold", True),
            Part(alignment, theme.DIM, "sheet.alignment"),
        ]
    strength = (
        f"{labels.STRENGTH} {ui('strength', language)} " if roomy else labels.STRENGTH
    ) + f"{hero['strength']}{trophies(hero, 'strength', language, roomy=roomy)}"
    craft = (
        f"{labels.CRAFT} {ui('craft', language)} " if roomy else labels.CRAFT
    ) + f"{hero['craft']}{trophies(hero, 'craft', language, roomy=roomy)}"
    objects, spells = limits(hero)
    objects_ink, spells_ink = over_ink(hero)
    marks: list[Part] = []
    if hero["toad"]:
        key = "toad" if roomy else "toad_short"
        marks.append(Part(ui(key, language, left=hero["toad"]), theme.NEGATIVE, "sheet.toad", True))
    if hero["miss_next"]:
        key = "miss_next" if roomy else "miss_short"
        marks.append(Part(ui(key, language), theme.NEGATIVE, "sheet.miss_next", True))
    if not roomy:
        arms = [
            Part(strength, theme.TEXT, "sheet.strength", True),
            Part(craft, theme.TEXT, "sheet.craft", True),
        ]
        carried = [
            Part(f"{labels.OBJECTS}{objects}", objects_ink, "sheet.objects"),
            Part(f"{labels.SPELLS}{spells}", spells_ink, "sheet.spells"),
            *marks,
        ]
        over = theme.NEGATIVE in (objects_ink, spells_ink)
        return [purse, carried, arms] if over else [purse, arms, carried]  # over: say why
    named_objects = ", ".join(said(o, language) for o in hero["objects"] or [])
    named_spells = ", ".join(said(s, language) for s in hero["spells"] or [])
    rows = [
        purse,
        [Part(strength, theme.TEXT, "sheet.strength", True)],
        [Part(craft, theme.TEXT, "sheet.craft", True)],
        [
            Part(
                f"{labels.OBJECTS} {ui('objects', language)} {objects}",
                objects_ink,
                "sheet.objects",
            ),
            Part(named_objects, theme.DIM, "sheet.object_names"),
        ],
        [
            Part(f"{labels.SPELLS} {ui('spells', language)} {spells}", spells_ink, "sheet.spells"),
            Part(named_spells, theme.DIM, "sheet.spell_names"),
        ],
    ]
    if marks:
        rows.insert(1, marks)  # a toad or a missed turn changes the turn: said early
    return rows


def folded_row(hero: HeroView, language: str) -> list[Part]:
    """Another hero in a row: lives, fate, gold, Strength, Craft, a toad or a missed turn."""
    seat = int(hero["seat"] or 0)
    parts = [
        Part(f"{labels.LIVES}{hero['lives']}", LIVES_INK, f"other.lives.{seat}", True),
        Part(f"{labels.FATE}{hero['fate']}", FATE_INK, f"other.fate.{seat}"),
        Part(f"{labels.GOLD}{hero['gold']}", GOLD_INK, f"other.gold.{seat}"),
        Part(f"{labels.STRENGTH}{hero['strength']}", theme.TEXT, f"other.strength.{seat}"),
        Part(f"{labels.CRAFT}{hero['craft']}", theme.TEXT, f"other.craft.{seat}"),
    ]
    if hero["toad"]:
        toad = labels.ui("toad_short", language, left=hero["toad"])
        parts.insert(1, Part(toad, theme.NEGATIVE, f"other.toad.{seat}", True))
    if hero["miss_next"]:
        parts.insert(
            1, Part(labels.ui("miss_short", language), theme.NEGATIVE, f"other.miss.{seat}")
        )
    return parts


class SheetScreen:
    name = "sheet"
    opaque = True

    def draw(self, painter: Painter, layout: Layout, scene: Scene, motion: Motion) -> None:
        view = view_of(scene)
        painter.surface.fill(theme.BACKGROUND)
        chrome.banner(painter, layout, scene, counter(view, scene.language))
        sheets(painter, layout, scene)
        chrome.prompt_bar(painter, layout, scene)


def sheets(painter: Painter, layout: Layout, scene: Scene) -> None:
    """The acting hero in full, the others folded: a row each where the panel has the
    room, else a chip each down the right (initial and lives)."""
    view = view_of(scene)
    language = scene.language
    seat = chrome.acting_seat(scene)
    heroes = in_turn_order(view, seat)
    if not heroes:
        return
    hero, others = heroes[0], heroes[1:]
    middle = layout.middle.inflate(-2 * layout.px(6), 0)
    line = layout.line
    lines = middle.height // line
    if lines < 1:
        return
    roomy = layout.roomy
    rows = hero_rows(hero, language, roomy=roomy)
    top = middle.top + (middle.height - lines * line) // 2
    painter.mark(f"sheet.{hero['seat']}", middle, str(hero["name"]))
    if roomy:
        shown = rows[: max(1, lines - len(others))] if others else rows[:lines]
        count = min(lines, len(shown) + len(others))
        step = line + min(layout.px(4), (middle.height - count * line) // max(1, count))
        top = middle.top + (middle.height - count * step) // 2
        for parts in shown:
            draw_parts(painter, layout, pygame.Rect(middle.left, top, middle.width, line), parts)
            top += step
        room = lines - len(shown)
        folded_rows(painter, layout, scene, others, middle=middle, top=top, room=room, step=step)
        return
    chips = other_chips(painter, layout, scene, others, middle=middle, top=top, lines=lines)
    left = pygame.Rect(middle.left, top, middle.width - chips, line)
    for parts in rows[:lines]:
        draw_parts(painter, layout, left, parts)
        left = left.move(0, line)


def folded_rows(
    painter: Painter,
    layout: Layout,
    scene: Scene,
    others: Sequence[HeroView],
    *,
    middle: pygame.Rect,
    top: int,
    room: int,
    step: int,
) -> None:
    """A row each: the hero's name on its colour, then its counts; "+n" when they do not
    all fit."""
    view = view_of(scene)
    line = layout.line
    px = layout.min_text
    widest = max(painter.fonts.size(str(o["name"]), px, True)[0] for o in others) if others else 0
    name_w = min(round(middle.width * 0.3), widest + layout.px(12))
    for index, other in enumerate(others[: max(0, room)]):
        row = pygame.Rect(middle.left, top, middle.width, line)
        seat = int(other["seat"] or 0)
        if index == room - 1 and len(others) > room:
            said = f"+{len(others) - index}"
            painter.text(row, said, px, colour=theme.DIM, role="other.more")
            return
        chip = pygame.Rect(row.left, row.top, name_w, line)
        painter.box(chip, chrome.seat_colour(scene, seat), radius=layout.px(4))
        painter.mark(f"other.{seat}", chip, str(other["name"]))
        inner = chip.inflate(-layout.px(8), 0)
        painter.text(
            inner,
            fitting_name(painter, labels.name(view, seat), px, inner.width),
            px,
            colour=theme.DARK_TEXT,
            bold=True,
            role=f"other.name.{seat}",
            align="center",
        )
        rest = pygame.Rect(
            chip.right + layout.px(10), row.top, row.right - chip.right - layout.px(10), line
        )
        draw_parts(painter, layout, rest, folded_row(other, scene.language))
        top += step


def other_chips(
    painter: Painter,
    layout: Layout,
    scene: Scene,
    others: Sequence[HeroView],
    *,
    middle: pygame.Rect,
    top: int,
    lines: int,
) -> int:
    """The small panel's others: a chip each down the right, in the seat's colour, with
    the initial and the lives ("B ♥5"); "+n" on the last when they do not all fit. The
    width they take."""
    if not others:
        return 0
    px = layout.min_text
    said = [f"{str(o['name'])[:1]} {labels.LIVES}{o['lives']}" for o in others]
    if len(others) > lines:
        said = [*said[: lines - 1], f"+{len(others) - lines + 1}"]
    width = max(painter.fonts.size(s, px, True)[0] for s in said) + layout.px(10)
    for index, (other, words) in enumerate(zip(others, said, strict=False)):
        seat = int(other["seat"] or 0)
        chip = pygame.Rect(middle.right - width, top + index * layout.line, width, layout.line)
        more = words.startswith("+")
        if more:
            painter.text(chip, words, px, colour=theme.DIM, role="other.more", align="center")
            continue
        colour = chrome.seat_colour(scene, seat)
        painter.box(chip, colour, radius=layout.px(4))
        painter.mark(f"other.{seat}", chip, str(other["name"]))
        painter.text(
            chip,
            words,
            px,
            colour=theme.DARK_TEXT,
            bold=True,
            role=f"other.lives.{seat}",
            align="center",
        )
    return width + layout.px(8)


# --- the battle ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Side:
    """One side of a battle: its caption, colour, total, die, what was added to the die,
    and whether its fate reroll is spent."""

    role: str
    caption: str
    short: str
    colour: theme.Colour
    total: int
    die: int
    added: int
    rerolled: bool


def sides(view: TalismanView, battle: Fight, language: str) -> tuple[Side, Side]:
    seat = int(battle["seat"] or 0)
    roll, total = int(battle["roll"] or 0), int(battle["hero_total"] or 0)
    hero = Side(
        "hero",
        labels.name(view, seat),
        labels.name(view, seat),
        theme.seat_colour(seat),
        total,
        roll,
        total - roll,
        bool(battle["rerolled"]),
    )
    against = int(battle["against"] or 0)
    their_roll = int(battle["opponent_roll"] or 0)
    other = battle["opponent"]
    if other:
        name = labels.name(view, other)
        caption, short, colour = name, name, theme.seat_colour(int(other))
    else:
        enemies = [int(e) for e in battle["enemies"] or []]
        summed = "+".join(str(e) for e in enemies)
        word = (
            labels.ui("enemies", language, count=len(enemies))
            if len(enemies) > 1
            else labels.ui("enemy", language)
        )
        caption, short, colour = f"{word}: {summed}", summed, theme.DAMAGE
    foe = Side(
        "foe",
        caption,
        short,
        colour,
        against,
        their_roll,
        against - their_roll,
        bool(battle.get("opponent_rerolled")),
    )
    return hero, foe


def dice_words(side: Side) -> list[str]:
    """What the side rolled and added, the longest first: "⟲ ⚄ 5 + 4", "⚄5+4", "⚄+4"."""
    sign = "+" if side.added >= 0 else "−"
    added = abs(side.added)
    mark = labels.REROLLED if side.rerolled else ""
    face = labels.die(side.die)
    return [
        f"{mark} {face} {side.die} {sign} {added}".strip(),
        f"{mark}{face}{side.die}{sign}{added}",
        f"{mark}{face}{sign}{added}",
    ]


def comparison(hero: Side, foe: Side) -> str:
    return ">" if hero.total > foe.total else "<" if hero.total < foe.total else "="


class BattleScreen:
    name = "battle"
    opaque = True

    def draw(self, painter: Painter, layout: Layout, scene: Scene, motion: Motion) -> None:
        view = view_of(scene)
        painter.surface.fill(theme.BACKGROUND)
        chrome.banner(painter, layout, scene, counter(view, scene.language))
        battle_board(painter, layout, scene)
        chrome.prompt_bar(painter, layout, scene)


def battle_board(painter: Painter, layout: Layout, scene: Scene) -> None:
    """Both totals in panels with the comparison between, then the status lines."""
    view = view_of(scene)
    battle = labels.fight(view)
    if battle is None:
        return
    language = scene.language
    hero, foe = sides(view, battle, language)
    middle = layout.middle.inflate(-2 * layout.px(6), 0)
    line = layout.line
    roomy = layout.roomy
    edges = 2 * max(2, layout.px(2))
    tall = 2 * line + layout.line_of(layout.font(40)) + edges
    panel_h = min(middle.height, tall if roomy else 2 * line)
    status = status_lines(view, battle, language, roomy=roomy)
    room = (middle.height - panel_h) // line
    shown = status[:room]
    top = middle.top + (middle.height - panel_h - len(shown) * line) // 2
    sign = comparison(hero, foe)
    sign_w = painter.fonts.size(sign, layout.font(36), True)[0] + layout.px(12)
    left, right = split(pygame.Rect(middle.left, top, middle.width, panel_h), [0.5, 0.5], sign_w)
    gap = pygame.Rect(left.right, top, right.left - left.right, panel_h)
    for side, box in ((hero, left), (foe, right)):
        panel(painter, layout, side, box, roomy=roomy)
    painter.text(
        gap,
        sign,
        layout.font(36),
        colour=theme.TEXT,
        bold=True,
        role="battle.compare",
        align="center",
    )
    row = pygame.Rect(middle.left, top + panel_h, middle.width, line)
    for parts in shown:
        draw_parts(painter, layout, row, parts, center=True)
        row = row.move(0, line)


def panel(painter: Painter, layout: Layout, side: Side, box: pygame.Rect, *, roomy: bool) -> None:
    """A side's total large in a frame of its colour, its caption and its die: caption,
    total and die stacked on the 7-inch panel; on the 3.5-inch one the total on the left
    over both lines, the caption and the die beside it."""
    edge = max(2, layout.px(2))
    painter.box(box, theme.PANEL, side.colour, radius=layout.px(6), width=edge)
    painter.mark(f"battle.{side.role}", box, str(side.total))
    inner = box.inflate(-2 * layout.px(5), -2 * edge)
    px = layout.min_text
    total = str(side.total)
    if roomy and inner.height >= 2 * layout.line + layout.line_of(layout.font(40)):
        caption, number, dice = (
            pygame.Rect(inner.left, inner.top, inner.width, layout.line),
            pygame.Rect(
                inner.left, inner.top + layout.line, inner.width, inner.height - 2 * layout.line
            ),
            pygame.Rect(inner.left, inner.bottom - layout.line, inner.width, layout.line),
        )
        said = fitting_name(painter, side.caption, px, caption.width)
        painter.text(
            caption,
            said,
            px,
            colour=side.colour,
            bold=True,
            role=f"battle.caption.{side.role}",
            align="center",
        )
        big = layout.font(40)
        painter.text(
            number,
            total,
            big,
            colour=theme.TEXT,
            bold=True,
            role=f"battle.total.{side.role}",
            align="center",
            min_px=px,
        )
        fitting_text(
            painter, dice, dice_words(side), px, role=f"battle.dice.{side.role}", align="center"
        )
        return
    big = max(px, min(layout.font(60), round(inner.height / 1.17)))
    number_w = painter.fonts.size("88", big, True)[0] + layout.px(4)
    number = pygame.Rect(inner.left, inner.top, number_w, inner.height)
    painter.text(
        number,
        total,
        big,
        colour=theme.TEXT,
        bold=True,
        role=f"battle.total.{side.role}",
        align="center",
        min_px=px,
    )
    beside = pygame.Rect(
        number.right + layout.px(4),
        inner.top,
        inner.right - number.right - layout.px(4),
        inner.height,
    )
    half = beside.height // 2
    caption = pygame.Rect(beside.left, beside.top, beside.width, half)
    dice = pygame.Rect(beside.left, beside.top + half, beside.width, beside.height - half)
    said = fitting_name(painter, side.short, px, caption.width)
    painter.text(
        caption, said, px, colour=side.colour, bold=True, role=f"battle.caption.{side.role}"
    )
    fitting_text(painter, dice, dice_words(side), px, role=f"battle.dice.{side.role}")


def fitting_text(
    painter: Painter,
    box: pygame.Rect,
    candidates: Sequence[str],
    px: int,
    *,
    role: str,
    align: str = "left",
) -> None:
    """The first of the candidates (longest first) that fits the box whole."""
    said = next(
        (c for c in candidates if painter.fonts.size(c, px, True)[0] <= box.width), candidates[-1]
    )
    painter.text(box, said, px, colour=theme.TEXT, bold=True, role=role, align=align)


def status_lines(
    view: TalismanView, battle: Fight, language: str, *, roomy: bool
) -> list[list[Part]]:
    """Under the totals: the outcome once accepted; psychic combat said plainly; each
    hero's fate reroll (spent, or still open while the rolls wait)."""
    ui = labels.ui
    lines: list[list[Part]] = []
    first: list[Part] = []
    result = battle.get("outcome")
    if isinstance(result, str):
        ink = {"won": theme.POSITIVE, "lost": theme.NEGATIVE}.get(result, theme.HIGHLIGHT)
        said = labels.outcome(result, language)
        if battle["opponent"]:
            said = f"{labels.name(view, battle['seat'])}: {said}"
        first.append(Part(said, ink, "battle.outcome", True))
    if first:
        lines.append(first)
    if labels.is_psychic(battle):
        psychic = Part(
            ui("psychic" if roomy else "psychic_short", language),
            theme.HIGHLIGHT,
            "battle.psychic",
            True,
            short=ui("psychic_short", language) if roomy else "",
        )
        if roomy or not lines:
            lines.append([psychic])
        else:
            lines[0].append(psychic)  # "Lost  Psychic: Craft" on the small panel's line
    fates: list[Part] = []
    heroes: list[tuple[int | None, bool]] = [(battle["seat"], battle["rerolled"])]
    if battle["opponent"]:
        heroes.append((battle["opponent"], battle.get("opponent_rerolled", False)))
    waiting = view.get("phase") == "battle"
    for seat, spent in heroes:
        player = labels.name(view, seat)
        if spent:
            fates.append(
                Part(
                    f"{labels.REROLLED} {ui('fate_spent', language, player=player)}",
                    theme.DIM,
                    "battle.fate",
                )
            )
        elif waiting and roomy:
            entry = labels.seat_entry(view, seat)
            fate = entry["fate"] if entry else 0
            key = "fate_left" if fate else "fate_none"
            fates.append(Part(ui(key, language, player=player), theme.DIM, "battle.fate"))
    if roomy:
        lines += [[part] for part in fates]
    elif fates:
        lines.append(fates)
    return lines
