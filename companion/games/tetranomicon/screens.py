"""Tetranomicon's screens: the epoch ledger, and the result after the fourth epoch.

Loaded only by the screen (they import pygame): the spec names this module. Built on the
shared frame (:mod:`companion.display.screens.chrome`): the banner says whose turn on the
faction's colour, the epoch's type with ☮ (peace) or ⚔ (war) and the epoch as a numeral;
the prompt bar asks. Every word at 5 mm (``layout.min_text``):

- **the ledger**: each faction in its colour (the Legion red, the Alliance green, the
  Order yellow, the Brotherhood turquoise), in turn order from the first player: its
  chip (filled: its turn; hollow: waiting; grey "pass": passed), its coins in its colour
  and its points now. The 7-inch panel gives each faction a row with every count (coins,
  buildings, army strength, influence, fame, points) and the relations at war under
  them; the 3.5-inch panel has three lines: the chips, each faction's coins and points,
  and a line for the phase (the relations at war in the diplomacy phase, else the acting
  faction's counts with their symbols: ⛁ coins, ⌂ buildings, ♞ army, ✦ influence,
  ♛ fame, ★ points).
- the value entry (the shared screen) shows the cost of the action being entered before
  it is confirmed: the spec's ``entry_note`` (:func:`labels.cost_note`).
- **the result**: the winner(s) on the band, then each faction's four standings (wealth,
  influence, strength, fame) and its points, the most points first.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

import pygame

from companion.display import theme
from companion.display.layout import Layout
from companion.display.paint import Painter, split
from companion.display.scene import Scene
from companion.display.screens import chrome
from companion.display.screens.base import Motion, Screen
from companion.display.screens.victory import Final, Summary, VictoryScreen
from companion.games.tetranomicon import labels
from companion.games.tetranomicon.types import SeatView, TetraView, tetra_view
from companion.rules.base import View

TURN = "turn"
PASSED = "passed"
WAITING = "waiting"
# The counts of a faction, as the ledger's columns: (view key, symbol, column word).
CountKey = Literal["coins", "buildings", "strength", "influence", "fame", "points"]
COUNTS: tuple[tuple[CountKey, str, str], ...] = (
    ("coins", "⛁", "coins"),
    ("buildings", "⌂", "buildings"),
    ("strength", "♞", "strength"),
    ("influence", "✦", "influence"),
    ("fame", "♛", "fame"),
    ("points", "★", "points"),
)
# The result's columns: the four standings (wealth is the coins), then the points.
STANDINGS: tuple[tuple[str, str, str], ...] = (
    ("wealth", "⛁", "coins"),
    ("influence", "✦", "influence"),
    ("strength", "♞", "strength"),
    ("fame", "♛", "fame"),
    ("points", "★", "points"),
)


@functools.cache
def screens() -> Mapping[str, Screen]:
    return {
        "ledger": LedgerScreen(),
        "victory": ResultScreen(summarise, title=labels.victory_title),
    }


def screen_for(scene: Scene) -> str:
    return "victory" if scene.view.get("winner") else "ledger"


# --- reading the view ------------------------------------------------------------------------


def view_of(scene: Scene) -> TetraView:
    """The scene's view as :func:`present.view` built it (the seam: one cast). A scene
    may come before any view (``{}``), so the screens read its keys with ``get``."""
    return tetra_view(scene.view or {})


def counter(view: TetraView, language: str) -> tuple[str, int, str]:
    epochs = int(view.get("epochs") or 4)
    return (
        labels.ui("epoch", language),
        int(view.get("epoch") or 0),
        labels.ui("epoch_of", language, epochs=epochs),
    )


def in_order(view: TetraView) -> list[SeatView]:
    """The factions in turn order: the first player, then clockwise."""
    seats = {entry["seat"]: entry for entry in view.get("seats") or []}
    order = [seats[seat] for seat in view.get("order") or [] if seat in seats]
    return order or list(seats.values())


def standing_of(view: TetraView, entry: SeatView) -> str:
    """Whose turn it is, who has passed this epoch, who waits."""
    if view.get("phase") != "over" and entry["seat"] == labels.turn_seat(view):
        return TURN
    if view.get("phase") == "actions" and entry["passed"]:
        return PASSED
    return WAITING


def count_of(entry: SeatView, key: CountKey) -> int:
    if key == "buildings":
        return len(entry["buildings"])
    return entry[key]


# --- the ledger ------------------------------------------------------------------------------


class LedgerScreen:
    name = "ledger"
    opaque = True

    def draw(self, painter: Painter, layout: Layout, scene: Scene, motion: Motion) -> None:
        view = view_of(scene)
        painter.surface.fill(theme.BACKGROUND)
        chrome.banner(painter, layout, scene, counter(view, scene.language))
        # A row a faction under the columns' words where they fit (the 7-inch panel, or
        # two factions on the 3.5-inch one), else a column a faction.
        if layout.middle.height - 2 * layout.px(2) >= (len(in_order(view)) + 1) * layout.line:
            roomy_ledger(painter, layout, scene)
        else:
            small_ledger(painter, layout, scene)
        chrome.prompt_bar(painter, layout, scene)


def seat_chip(
    painter: Painter,
    layout: Layout,
    view: TetraView,
    entry: SeatView,
    box: pygame.Rect,
    *,
    said: str,
) -> None:
    """A faction's chip in its colour: filled on its turn, hollow while it waits, hollow
    and grey once it has passed."""
    seat = entry["seat"]
    colour = labels.colour(view, seat)
    where = standing_of(view, entry)
    edge = max(2, layout.px(2))
    if where == TURN:
        painter.box(box, colour, radius=layout.px(5))
        ink = theme.DARK_TEXT
    elif where == PASSED:
        painter.box(box, theme.BACKGROUND, theme.dimmed(colour), radius=layout.px(5), width=edge)
        ink = theme.DIM
    else:
        painter.box(box, theme.PANEL, colour, radius=layout.px(5), width=edge)
        ink = colour
    painter.mark(f"seat.{seat}", box, where)
    inner = box.inflate(-2 * layout.px(4), 0)
    name_and_pass = said.rsplit(" · ", 1)
    if (
        len(name_and_pass) == 2
        and painter.fonts.size(said, layout.min_text, False)[0] > inner.width
    ):
        said = name_and_pass[1]  # "pass" alone: the chip's colour says whose
    shown = fitting_name(painter, said, layout.min_text, inner.width)
    bold = painter.fonts.size(shown, layout.min_text, True)[0] <= inner.width
    painter.text(
        inner,
        shown,
        layout.min_text,
        colour=ink,
        bold=bold,
        role=f"seat.{seat}",
        align="center",
        min_px=layout.min_text,
    )


def fitting_name(painter: Painter, said: str, px: int, room: int) -> str:
    """``said``, else its longest beginning that fits with a full stop ("Алекс."), as a
    player shortens a name; the chip's colour says the rest."""
    if painter.fonts.size(said, px, False)[0] <= room:
        return said
    for end in range(len(said) - 1, 0, -1):
        short = said[:end].rstrip() + "."
        if painter.fonts.size(short, px, False)[0] <= room:
            return short
    return said[:1]


def chip_words(view: TetraView, entry: SeatView, language: str, *, with_name: bool) -> str:
    """A chip's words: the player's name; once passed "pass" (with the name where the
    row has the room)."""
    player = entry["name"]
    if standing_of(view, entry) != PASSED:
        return player
    passed = labels.ui("passed", language)
    return f"{player} · {passed}" if with_name else passed


def small_ledger(painter: Painter, layout: Layout, scene: Scene) -> None:
    """Up to three lines: a column a faction in turn order (its chip, its coins in its
    colour and its points), then the phase's line. With two lines the phase's line gives
    way; with one, each chip shows its faction's coins (its colour says whose)."""
    view = view_of(scene)
    language = scene.language
    middle = layout.middle.inflate(-2 * layout.px(3), 0)
    factions = in_order(view)
    line = layout.line
    lines = min(3, middle.height // line)
    if not factions or lines < 1:
        return
    gap = (middle.height - lines * line) // (lines + 1)
    columns = split(
        pygame.Rect(middle.left, 0, middle.width, line),
        [1 / len(factions)] * len(factions),
        layout.px(4),
    )
    tops = [middle.top + gap + index * (line + gap) for index in range(lines)]
    for entry, column in zip(factions, columns, strict=True):
        chip = pygame.Rect(column.left, tops[0], column.width, line)
        if lines == 1:
            seat_chip(painter, layout, view, entry, chip, said=str(count_of(entry, "coins")))
            continue
        said = chip_words(view, entry, language, with_name=False)
        seat_chip(painter, layout, view, entry, chip, said=said)
        cell = pygame.Rect(column.left, tops[1], column.width, line)
        coins_and_points(painter, layout, view, entry, cell)
    if lines < 3:
        return
    last = pygame.Rect(middle.left, tops[2], middle.width, line)
    if view.get("phase") == "diplomacy":
        war_line(painter, layout, scene, last, named=False)
    else:
        acting_counts(painter, layout, view, last)


def coins_and_points(
    painter: Painter, layout: Layout, view: TetraView, entry: SeatView, cell: pygame.Rect
) -> None:
    """The faction's coins in its colour (bold), its points now with a star beside them
    when the column has the room."""
    seat = entry["seat"]
    px = layout.min_text
    coins = str(count_of(entry, "coins"))
    points = f"★{count_of(entry, 'points')}"
    coins_w = painter.fonts.size(coins, px, True)[0]
    points_w = painter.fonts.size(points, px, False)[0]
    colour = labels.colour(view, seat)
    if coins_w + points_w + layout.px(6) > cell.width:  # coins alone, the points elsewhere
        painter.text(
            cell, coins, px, colour=colour, bold=True, role=f"coins.{seat}", align="center"
        )
        return
    pad = max(0, (cell.width - coins_w - points_w - layout.px(6)) // 3)
    coins_box = pygame.Rect(cell.left + pad, cell.top, coins_w, cell.height)
    points_box = pygame.Rect(cell.right - pad - points_w, cell.top, points_w, cell.height)
    painter.text(coins_box, coins, px, colour=colour, bold=True, role=f"coins.{seat}")
    painter.text(points_box, points, px, colour=theme.TEXT, role=f"points.{seat}")


def acting_counts(painter: Painter, layout: Layout, view: TetraView, row: pygame.Rect) -> None:
    """The acting faction's counts in its colour, each after its symbol (the key to the
    columns above), as many as the line holds: ⛁12 ⌂3 ♞5 ✦2 ♛1 ★4."""
    seat = labels.turn_seat(view)
    entry = labels.seat_entry(view, seat)
    if not entry:
        return
    parts = [f"{symbol}{count_of(entry, key)}" for key, symbol, _ in COUNTS]
    px = layout.min_text
    said = "  ".join(parts)
    while len(parts) > 1 and painter.fonts.size(said, px, False)[0] > row.width:
        parts = parts[:-1]  # the points give way first: the columns above have them
        said = "  ".join(parts)
    painter.text(
        row,
        said,
        px,
        colour=labels.colour(view, int(seat or 0)),
        role="counts",
        align="center",
        min_px=px,
    )


def war_line(
    painter: Painter, layout: Layout, scene: Scene, row: pygame.Rect, *, named: bool
) -> None:
    """Who is at war with whom: each pair as its two factions' chips joined by ⚔ (the
    players' names, or their initials on the small panel); "☮ All at peace" when none."""
    view = view_of(scene)
    language = scene.language
    pairs = labels.at_war(view)
    px = layout.min_text
    if not pairs:
        painter.text(
            row,
            labels.ui("all_peace", language),
            px,
            colour=theme.TEXT,
            role="relations.peace",
            align="center",
            min_px=px,
        )
        return
    x = row.left
    if named:
        title = labels.ui("at_war", language)
        width = painter.fonts.size(title, px, False)[0]
        painter.text(
            pygame.Rect(x, row.top, width, row.height),
            title,
            px,
            colour=theme.DIM,
            role="relations.title",
        )
        x += width + layout.px(6)
    gap = layout.px(8)
    sword = painter.fonts.size(labels.WAR_MARK, px, True)[0]
    for index, (one, two) in enumerate(pairs):
        words = [labels.name(view, one), labels.name(view, two)]
        if not named or _pairs_width(painter, layout, view, pairs[index:], named) > row.right - x:
            words = [w[:1] for w in words]
        widths = [painter.fonts.size(w, px, True)[0] + layout.px(8) for w in words]
        if x + sum(widths) + sword + layout.px(4) > row.right:
            more = f"+{len(pairs) - index}"
            painter.text(
                pygame.Rect(x, row.top, row.right - x, row.height),
                more,
                px,
                colour=theme.DIM,
                role="relations.more",
            )
            return
        painter.mark(f"war.{one}.{two}", pygame.Rect(x, row.top, sum(widths) + sword, row.height))
        for seat, said, width in zip((one, two), words, widths, strict=True):
            chip = pygame.Rect(x, row.top, width, row.height)
            painter.box(chip, labels.colour(view, seat), radius=layout.px(4))
            painter.text(
                chip,
                said,
                px,
                colour=theme.DARK_TEXT,
                bold=True,
                role=f"relations.seat.{seat}",
                align="center",
            )
            x = chip.right
            if seat == one:
                sword_box = pygame.Rect(x + layout.px(2), row.top, sword, row.height)
                painter.text(
                    sword_box,
                    labels.WAR_MARK,
                    px,
                    colour=theme.TEXT,
                    bold=True,
                    role="relations.war",
                    align="center",
                )
                x = sword_box.right + layout.px(2)
        x += gap


def _pairs_width(
    painter: Painter,
    layout: Layout,
    view: TetraView,
    pairs: Sequence[tuple[int, int]],
    named: bool,
) -> int:
    """The width the pairs need with the players' names."""
    px = layout.min_text
    sword = painter.fonts.size(labels.WAR_MARK, px, True)[0] + layout.px(4)
    total = 0
    for one, two in pairs:
        for seat in (one, two):
            total += painter.fonts.size(labels.name(view, seat), px, True)[0] + layout.px(8)
        total += sword + layout.px(8)
    return total


def roomy_ledger(painter: Painter, layout: Layout, scene: Scene) -> None:
    """A row a faction in turn order under the columns' words: its chip, its coins in its
    colour, its buildings, army strength, influence and fame, its points; the relations
    at war under them (the diplomacy module)."""
    view = view_of(scene)
    language = scene.language
    middle = layout.middle.inflate(-2 * layout.px(4), -2 * layout.px(2))
    factions = in_order(view)
    # Short of room (notices), the relations give way first, then the columns' words.
    relations_h = layout.line + layout.px(4)
    with_header = middle.height >= (len(factions) + 1) * layout.line
    rows = int(with_header) + len(factions)
    with_relations = bool(view.get("diplomacy")) and (
        middle.height - relations_h >= rows * layout.line
    )
    room = middle.height - (relations_h if with_relations else 0)
    row_h = min(layout.line_of(layout.font(22)), room // max(1, rows))
    px = layout.min_text
    names = [chip_words(view, entry, language, with_name=True) for entry in factions]
    widest = max((painter.fonts.size(n, px, True)[0] for n in names), default=0)
    name_w = min(round(middle.width * 0.34), max(round(middle.width * 0.2), widest + layout.px(14)))
    columns = split(
        pygame.Rect(
            middle.left + name_w + layout.px(6), 0, middle.width - name_w - layout.px(6), 0
        ),
        [1 / len(COUNTS)] * len(COUNTS),
        layout.px(2),
    )
    top = middle.top
    if with_header:
        header = pygame.Rect(middle.left, top, middle.width, row_h)
        column_words(painter, layout, language, header, columns=columns, counts=COUNTS)
        top = header.bottom
    for entry, said in zip(factions, names, strict=True):
        if top + layout.line > middle.bottom:
            break  # the small panel's three lines hold the rest
        row = pygame.Rect(middle.left, top, middle.width, row_h)
        seat = entry["seat"]
        chip = pygame.Rect(row.left, row.top, name_w, row_h)
        if row_h - layout.px(4) >= layout.line:  # air between the chips where there is room
            chip.inflate_ip(0, -layout.px(4))
        seat_chip(painter, layout, view, entry, chip, said=said)
        colour = labels.colour(view, seat)
        for (key, _, _), column in zip(COUNTS, columns, strict=True):
            cell = pygame.Rect(column.left, row.top, column.width, row_h)
            ink = colour if key == "coins" else theme.TEXT
            painter.text(
                cell,
                str(count_of(entry, key)),
                layout.font(22) if key in ("coins", "points") else px,
                colour=ink,
                bold=key in ("coins", "points"),
                role=f"{key}.{seat}",
                align="center",
                min_px=px,
            )
        top = row.bottom
    if with_relations:
        row = pygame.Rect(middle.left, top + layout.px(4), middle.width, layout.line)
        war_line(painter, layout, scene, row, named=True)


def column_words(
    painter: Painter,
    layout: Layout,
    language: str,
    header: pygame.Rect,
    *,
    columns: Sequence[pygame.Rect],
    counts: Sequence[tuple[str, str, str]],
) -> None:
    """The columns' words ("Coins", "Army"), or their symbols where a word does not fit."""
    px = layout.min_text
    words = [labels.ui(f"column.{word}", language) for _, _, word in counts]
    fit = all(
        painter.fonts.size(said, px, False)[0] <= column.width
        for said, column in zip(words, columns, strict=True)
    )
    for (key, symbol, _), word, column in zip(counts, words, columns, strict=True):
        painter.text(
            pygame.Rect(column.left, header.top, column.width, header.height),
            word if fit else symbol,  # all words, or all symbols: one way to read
            px,
            colour=theme.DIM,
            role=f"column.{key}",
            align="center",
            min_px=px,
        )


# --- the result ------------------------------------------------------------------------------


@dataclass(frozen=True)
class ResultRow:
    """A faction at the end: its seat, player, colour, standings (in the order of
    :data:`STANDINGS`, the points last) and whether it won."""

    seat: int
    name: str
    colour: theme.Colour
    values: tuple[int, ...]
    won: bool = False


@dataclass(frozen=True)
class Result(Summary):
    """The shared summary with each faction's standings, the most points first."""

    rows: tuple[ResultRow, ...] = ()
    language: str = "en"


def summarise(view: View, language: str) -> Summary:
    """The result (the victory screen's ``summarise``) of the view the shell holds."""
    typed = tetra_view(view)
    standings = dict(typed.get("standings") or {})
    standings["points"] = typed.get("points") or []
    winner = typed.get("winner")
    winners = set(winner["seats"] if winner else [])
    rows = []
    for entry in typed.get("seats") or []:
        seat = entry["seat"]
        values = tuple(
            int(list(standings.get(key) or [])[seat - 1])
            if 0 < seat <= len(standings.get(key) or [])
            else 0
            for key, _, _ in STANDINGS
        )
        colour = labels.colour(typed, seat)
        said = str(entry["name"] or seat)
        rows.append(ResultRow(seat, said, colour, values, seat in winners))
    rows.sort(key=lambda row: (-row.values[-1], row.seat))
    finals = tuple(Final(row.seat, row.name, row.values[-1], 0) for row in rows)
    return Result(finals=finals, rows=tuple(rows), language=language)


class ResultScreen(VictoryScreen):
    """The shared victory's band (in the winner's faction colour) and footer; under the
    band a row a faction: its name in its colour, its four standings, its points, the
    most points first."""

    def summary(self, painter: Painter, layout: Layout, body: pygame.Rect, told: Summary) -> None:
        if not isinstance(told, Result):
            super().summary(painter, layout, body, told)
            return
        px = layout.min_text
        line = layout.line
        header_shown = body.height >= (len(told.rows) + 1) * line
        lines = len(told.rows) + int(header_shown)
        row_h = max(line, min(layout.line_of(layout.font(30)), body.height // max(1, lines)))
        widest = max((painter.fonts.size(row.name, px, True)[0] for row in told.rows), default=0)
        name_w = min(round(body.width * 0.34), widest + layout.px(8))
        columns = split(
            pygame.Rect(
                body.left + name_w + layout.px(6), 0, body.width - name_w - layout.px(6), 0
            ),
            [1 / len(STANDINGS)] * len(STANDINGS),
            layout.px(4),
        )
        top = body.top
        if header_shown:
            header = pygame.Rect(body.left, top, body.width, line)
            column_words(painter, layout, told.language, header, columns=columns, counts=STANDINGS)
            top = header.bottom
        for faction in told.rows:
            if top + line > body.bottom:
                break
            seat = faction.seat
            row = pygame.Rect(body.left, top, body.width, min(row_h, body.bottom - top))
            name_box = pygame.Rect(row.left, row.top, name_w, row.height)
            shown = fitting_name(painter, faction.name, px, name_w)
            painter.text(
                name_box, shown, px, colour=faction.colour, bold=True, role=f"result.name.{seat}"
            )
            painter.mark(f"result.row.{seat}", row, "winner" if faction.won else "")
            for (key, _, _), column, value in zip(STANDINGS, columns, faction.values, strict=True):
                painter.text(
                    pygame.Rect(column.left, row.top, column.width, row.height),
                    str(value),
                    layout.font(24) if key == "points" else px,
                    colour=theme.TEXT,
                    bold=key == "points",
                    role=f"result.{key}.{seat}",
                    align="center",
                    min_px=px,
                )
            top = row.bottom
