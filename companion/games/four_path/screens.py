"""Four-path's screens: the draft, the board with both teams, the victory of a team.

Loaded only by the screen (they import pygame): the spec names this module. Built from
the duel's pieces (:mod:`companion.games.bestiary.board` and ``draft``) with what the
teams add, every word at 5 mm (``layout.min_text``):

- **the board**: the disc with each sector in two halves tinted in the teams' colours
  (team 1, seats 1 and 3, in seat 1's colour; team 2 in seat 2's), each token a dot in
  its owner's colour on its team's half; both teams' castle scales, the keeper's team
  first; the towers, each in its holder's colour; in the combined phase each ally's chip
  (the one whose hand it is filled, one who has passed hollow with "pass"); and the
  creatures of the seat whose hand it is, as the duel shows them. On the 3.5-inch panel
  the scales are two numerals under the disc and the towers and hands one row over the
  creatures; the 7-inch panel gives each team a panel with its name, the towers it
  holds, its scale and (the team playing) its hands and creatures.
- **the draft**: the picks so far (a ban as ✕ and the creature in orange, a summon in its
  seat's colour; the picking team's first) beside the pool, the choice under the cursor.
- **the victory**: the team by both players, each team's scale, the damage chart.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import replace
from typing import TypedDict

import pygame

from companion.display import labels as shared
from companion.display import theme
from companion.display.layout import Layout
from companion.display.paint import Painter, split
from companion.display.scene import Scene
from companion.display.screens import chrome
from companion.display.screens.base import Motion, Screen
from companion.display.screens.victory import Final, Series, Summary, VictoryScreen
from companion.games.bestiary import board
from companion.games.bestiary import draft as duel_draft
from companion.games.bestiary import labels as duel_words
from companion.games.bestiary.types import SeatView, SideView
from companion.games.four_path import labels as words
from companion.games.four_path.types import FourPathView, four_path_view
from companion.i18n import has, text
from companion.rules.base import View

PASSED = "passed"
TO_ACT = "to_act"
WAITING = "waiting"
HAND_MARK = "▶"


@functools.cache
def screens() -> Mapping[str, Screen]:
    return {
        "draft": DraftScreen(),
        "board": TeamBoardScreen(),
        "victory": TeamVictoryScreen(summarise, title=victory_title),
    }


def screen_for(scene: Scene) -> str:
    view = scene.view
    if view.get("winner"):
        return "victory"
    if view.get("stage") == "draft":
        return "draft"
    return "board"


# --- reading the view ------------------------------------------------------------------------


def view_of(scene: Scene) -> FourPathView:
    """The scene's view as Four-path's rules built it (one cast; empty before a game)."""
    return four_path_view(scene.view or {})


def side_of_seat(view: FourPathView, seat: int) -> int:
    """A seat's team (odd seats team 1, even seats team 2, as the rules number them)."""
    for entry in view.get("sides") or []:
        if seat in (entry.get("seats") or []):
            return entry["side"]
    return 1 if seat % 2 else 2


def sides_in_order(view: FourPathView) -> list[SideView]:
    """Both teams, the time keeper's first."""
    sides = list(view.get("sides") or [])
    keeper = view.get("keeper")
    first = side_of_seat(view, keeper["seat"]) if keeper else 1
    return sorted(sides, key=lambda entry: entry.get("side") != first)


def team_colour(side: object) -> theme.Colour:
    """A team's colour: its first seat's (seat 1's amber, seat 2's azure)."""
    return theme.seat_colour(side if isinstance(side, int) else None)


def hands(view: FourPathView) -> list[tuple[int, str]]:
    """In the combined phase of a team of two: each ally and where its hand stands."""
    combined = view.get("combined")
    allies = list(combined["allies"]) if combined else []
    if combined is None or len(allies) < 2:
        return []
    passed = set(combined["passed"])
    to_act = combined["to_act"]
    return [
        (seat, PASSED if seat in passed else TO_ACT if seat == to_act else WAITING)
        for seat in allies
    ]


def holder_of(view: FourPathView, number: int) -> int | None:
    for tower in view.get("towers") or []:
        if tower["number"] == number:
            return tower["holder"]
    return None


# --- the board -------------------------------------------------------------------------------


class TeamBoardScreen:
    name = "board"
    opaque = True

    def draw(self, painter: Painter, layout: Layout, scene: Scene, motion: Motion) -> None:
        view = scene.view or {}
        painter.surface.fill(theme.BACKGROUND)
        chrome.banner(painter, layout, scene, board.period_counter(view, scene.language))
        if layout.middle.height >= 5 * layout.line:
            roomy_board(painter, layout, scene, motion)
        else:
            small_board(painter, layout, scene, motion)
        chrome.prompt_bar(painter, layout, scene)


def draw_disc(
    painter: Painter, layout: Layout, scene: Scene, box: pygame.Rect, motion: Motion
) -> None:
    view = view_of(scene)
    board.draw_disc(
        painter, layout, scene, box, motion, halves=lambda seat: side_of_seat(view, seat)
    )


def shown_seat(scene: Scene) -> SeatView | None:
    seats = list(view_of(scene).get("seats") or [])
    shown = board.shown_seat(scene, seats)
    return next((seat for seat in seats if seat["seat"] == shown), None)


class Scale(TypedDict):
    """A team's scale as the duel's castle pieces read a seat's."""

    seat: int  # the team's number, so its frame is in the team's colour
    castle_damage: int
    scale_length: int


def scale_of(side: SideView) -> Scale:
    return {
        "seat": side["side"],
        "castle_damage": side["castle_damage"],
        "scale_length": side["scale_length"],
    }


def small_board(painter: Painter, layout: Layout, scene: Scene, motion: Motion) -> None:
    """Three lines high: the disc over both teams' numerals on the left; on the right the
    towers and the hands in one row, the acting seat's creatures under it."""
    view = view_of(scene)
    middle = layout.middle
    seat = shown_seat(scene)
    sides = sides_in_order(view)
    playing = view.get("playing_side")
    needed = board.army_width(painter, layout, scene, seat) if seat else 0
    width = min(round(middle.width * 0.36), middle.width - needed - layout.px(7))
    column = pygame.Rect(middle.left, middle.top, max(2 * layout.line, width), middle.height)
    scales = [scale_of(side) for side in sides]
    numeral = max(
        (board.castle_numeral_width(painter, layout, entry) for entry in scales),
        default=layout.line,
    )
    under = min(column.width, column.height - layout.line - layout.px(2))
    beside = min(column.width - numeral - layout.px(4), column.height)
    count = max(1, len(scales))
    if under >= beside or column.height < count * layout.line:
        cells_box = pygame.Rect(column.left, column.bottom - layout.line, column.width, layout.line)
        cells = split(cells_box, [1 / count] * count, layout.px(3))
        disc_box = pygame.Rect(column.left, column.top, column.width, under)
    else:
        cells_box = pygame.Rect(column.right - numeral, column.top, numeral, count * layout.line)
        cells_box.centery = column.centery
        cells = [
            pygame.Rect(cells_box.left, cells_box.top + i * layout.line, numeral, layout.line)
            for i in range(count)
        ]
        disc_box = pygame.Rect(column.left, column.top, cells_box.left - layout.px(4), 0)
        disc_box.height = column.height
    draw_disc(painter, layout, scene, disc_box, motion)
    for entry, cell in zip(scales, cells, strict=False):
        board.castle_numeral(painter, layout, entry, cell, acting=entry["seat"] == playing)
    right = pygame.Rect(column.right + layout.px(5), middle.top, 0, middle.height)
    right.width = middle.right - layout.px(2) - right.left
    status = pygame.Rect(right.left, right.top, right.width, layout.line)
    x = tower_row(painter, layout, view, status)
    hand_chips(painter, layout, scene, pygame.Rect(x, status.top, status.right - x, status.height))
    army = pygame.Rect(right.left, status.bottom + layout.px(2), right.width, 0)
    army.height = right.bottom - army.top
    if seat is not None and army.height > 0:
        board.creature_rows(painter, layout, scene, seat, army, named_effects=False)


def tower_row(painter: Painter, layout: Layout, view: FourPathView, row: pygame.Rect) -> int:
    """Towers 1-4 as numbered squares, each filled in its holder's colour (a neutral one
    hollow); returns where the row's free part starts."""
    x = row.left
    gap = layout.px(3)
    for number in range(1, 5):
        cell = tower_chip(painter, layout, view, number, pygame.Rect(x, row.top, 0, row.height))
        x = cell.right + gap
    return x + layout.px(5)


def tower_chip(
    painter: Painter, layout: Layout, view: FourPathView, number: int, at: pygame.Rect
) -> pygame.Rect:
    said = str(number)
    width = painter.fonts.size(said, layout.min_text, True)[0] + layout.px(8)
    cell = pygame.Rect(at.left, at.top, width, at.height)
    shape = cell.inflate(0, -layout.px(4))
    holder = holder_of(view, number)
    if holder is not None:
        painter.box(shape, team_colour(holder), radius=layout.px(3))
        ink = theme.DARK_TEXT
    else:
        painter.box(shape, theme.PANEL, theme.PANEL_EDGE, radius=layout.px(3), width=2)
        ink = theme.DIM
    painter.mark(f"tower.{number}", shape, str(holder or 0))
    painter.text(
        cell, said, layout.min_text, colour=ink, bold=True, role=f"tower.{number}", align="center"
    )
    return cell


def hand_chips(painter: Painter, layout: Layout, scene: Scene, row: pygame.Rect) -> None:
    """Each ally's chip in its seat's colour: filled with ▶ (its hand), hollow with "pass"
    (passed), hollow and empty (waiting); with the players' names when all of them fit."""
    view = view_of(scene)
    x = row.left
    gap = layout.px(4)
    allies = hands(view)
    glyphs = [
        {TO_ACT: HAND_MARK, PASSED: words.ui("hand.passed", scene.language)}.get(where, "")
        for _, where in allies
    ]
    named = [
        f"{words.seat_name(view, seat, scene.language)} {glyph}".strip()
        for (seat, _), glyph in zip(allies, glyphs, strict=True)
    ]
    room = row.width - gap * (len(allies) - 1)
    labels = named if sum(_chip_width(painter, layout, n) for n in named) <= room else glyphs
    for (seat, where), said in zip(allies, labels, strict=True):
        width = _chip_width(painter, layout, said or "  ")
        if x + width > row.right:
            break
        chip = pygame.Rect(x, row.top, width, row.height)
        shape = chip  # the whole line: a name's descenders stay inside its frame
        colour = theme.seat_colour(seat)
        if where == TO_ACT:
            painter.box(shape, colour, radius=layout.px(5))
            ink = theme.DARK_TEXT
        else:
            painter.box(shape, theme.PANEL, colour, radius=layout.px(5), width=max(2, layout.px(2)))
            ink = colour
        painter.mark(f"hand.{seat}", shape, where)
        if said:
            painter.text(
                chip,
                said,
                layout.min_text,
                colour=ink,
                bold=True,
                role=f"hand.{seat}",
                align="center",
            )
        x = chip.right + gap


def _chip_width(painter: Painter, layout: Layout, said: str) -> int:
    return painter.fonts.size(said, layout.min_text, True)[0] + layout.px(10)


def roomy_board(painter: Painter, layout: Layout, scene: Scene, motion: Motion) -> None:
    """Eight lines high: the labelled disc on the left; on the right a panel a team (the
    keeper's first), the team playing opened to its hands and the acting seat's army."""
    view = view_of(scene)
    middle = layout.middle
    side_px = min(middle.height, round(middle.width * 0.4))
    draw_disc(
        painter, layout, scene, pygame.Rect(middle.left, middle.top, side_px, middle.height), motion
    )
    panels = pygame.Rect(middle.left + side_px + layout.px(4), middle.top, 0, middle.height)
    panels.width = middle.right - layout.px(2) - panels.left
    seat = shown_seat(scene)
    opened_side = side_of_seat(view, seat["seat"]) if seat else view.get("playing_side")
    gap = layout.px(3)
    folded = board.castle_header_height(layout) + 2 * layout.px(3)
    sides = sides_in_order(view)
    top = panels.top
    for side in sides:
        opened = side.get("side") == opened_side
        height = panels.height - (len(sides) - 1) * (folded + gap) if opened else folded
        box = pygame.Rect(panels.left, top, panels.width, height)
        team_panel(painter, layout, scene, side, box, seat=seat if opened else None)
        top = box.bottom + gap


def team_panel(
    painter: Painter,
    layout: Layout,
    scene: Scene,
    side: SideView,
    box: pygame.Rect,
    *,
    seat: SeatView | None,
) -> None:
    """The team's name, the towers it holds and its damage over its scale; opened (given
    the acting seat), its hands and that seat's creatures below."""
    view = view_of(scene)
    number = side["side"]
    colour = team_colour(number)
    opened = seat is not None
    panel = board.scale_panel(
        painter, layout, box, side, number=number, colour=colour, opened=opened
    )
    inner, header, line = panel.inner, panel.header, panel.line
    right = panel.numeral.left - layout.px(6)
    for tower in reversed(side.get("towers_held") or []):
        held = int(words.number_of(tower))
        width = painter.fonts.size(str(held), layout.min_text, True)[0] + layout.px(8)
        cell = tower_chip(
            painter, layout, view, held, pygame.Rect(right - width, line.top, 0, line.height)
        )
        right = cell.left - layout.px(3)
    name = pygame.Rect(line.left, line.top, right - layout.px(3) - line.left, line.height)
    team = str(side.get("name") or words.ui("team", scene.language, side=number))
    team = fitting_team(painter, team, layout.min_text, name.width)
    painter.text(name, team, layout.min_text, colour=colour, bold=True, role=f"team.name.{number}")
    if seat is None:
        return
    top = header.bottom + layout.px(3)
    if hands(view) and number == view.get("playing_side"):  # not on the targeted team's
        row = pygame.Rect(inner.left, top, inner.width, layout.line)
        hand_chips(painter, layout, scene, row)
        top = row.bottom + layout.px(2)
    army = pygame.Rect(inner.left, top, inner.width, inner.bottom - top)
    if army.height > 0:
        board.creature_rows(painter, layout, scene, seat, army, named_effects=True)


def fitting_team(painter: Painter, name: str, px: int, room: int) -> str:
    """A team's name as wide as ``room`` allows in bold: "Boris & Dmitri", else "Boris &
    D.", else "B. & D." (the team's colour says the rest); else whole, for the painter to
    cut and record."""
    players = name.split(" & ")
    shorter = [
        name,
        " & ".join([players[0], *(f"{p[:1]}." for p in players[1:])]),
        " & ".join(f"{p[:1]}." for p in players),
    ]
    return next((n for n in shorter if painter.fonts.size(n, px, True)[0] <= room), name)


# --- the draft -------------------------------------------------------------------------------


class DraftScreen:
    name = "draft"
    opaque = True

    def draw(self, painter: Painter, layout: Layout, scene: Scene, motion: object) -> None:
        view = view_of(scene)
        language = scene.language
        painter.surface.fill(theme.BACKGROUND)
        draft = view.get("draft")
        picked = len(draft["banned"]) + len(draft["summoned"]) if draft else 0
        seats = len(view.get("seats") or [])
        total = 4 + 8 if seats else 0  # a ban circle, then eight summons (2 × 4 or 4 × 2)
        counter = (
            words.ui("draft.picks", language),
            picked,
            words.ui("draft.of", language, total=total),
        )
        chrome.banner(painter, layout, scene, counter)
        area = layout.inset(layout.middle, 3)
        lines = pick_lines(view, chrome.acting_seat(scene), language)
        widest = max(
            (painter.fonts.size(said, layout.min_text, True)[0] for said, _, _ in lines),
            default=0,
        )
        # The pool's names on the cursor's page are never cut: the picks leave it the room
        # their longest word needs (a long name wraps at its spaces). A page holds at most
        # a name a line, so the cursor's page is within that many names of the cursor.
        pool_needs = pool_width(painter, layout, scene, area.height // layout.line)
        gap = layout.px(4)
        column = min(round(area.width * 0.5), max(round(area.width * 0.3), widest + layout.px(10)))
        column = max(2 * layout.line, min(column, area.width - gap - pool_needs))
        picks = pygame.Rect(area.left, area.top, column, area.height)
        pick_list(painter, layout, scene, picks, lines)
        pool = pygame.Rect(picks.right + gap, area.top, 0, area.height)
        pool.width = area.right - pool.left
        duel_draft.pool(painter, layout, scene, pool)
        chrome.prompt_bar(painter, layout, scene)


def pool_width(painter: Painter, layout: Layout, scene: Scene, page: int) -> int:
    """The width the pool needs for the longest word of the names near the cursor."""
    available = duel_draft.available(scene)
    cursor = scene.ui.cursor % len(available) if available and scene.option_count else 0
    near = available[max(0, cursor - page) : cursor + page + 1]
    words_near = [word for _, said in near for word in said.split()]
    widest = max(
        (painter.fonts.size(word, layout.min_text, False)[0] for word in words_near), default=0
    )
    return widest + 2 * layout.px(6)


def pick_lines(
    view: FourPathView, picking: int | None, language: str
) -> list[tuple[str, str, theme.Colour]]:
    """(words, role, colour) a pick, the newest first in each group: the picking seat's
    team's summons, each in its seat's colour, then the other team's, then the bans (grey,
    struck through)."""
    draft = view.get("draft")
    team = side_of_seat(view, picking) if picking else 1
    summons = [
        (
            duel_words.creature(entry["creature"], None, language),
            f"draft.summon.{entry['creature']}",
            theme.seat_colour(entry["seat"]),
            side_of_seat(view, entry["seat"]),
        )
        for entry in reversed(draft["summoned"] if draft else [])
    ]
    ordered = [s for s in summons if s[3] == team] + [s for s in summons if s[3] != team]
    lines = [(said, role, colour) for said, role, colour, _ in ordered]
    lines += [
        (
            duel_words.creature(entry["creature"], None, language),
            f"draft.ban.{entry['creature']}",
            theme.DIM,
        )
        for entry in reversed(draft["banned"] if draft else [])
    ]
    return lines


def abbreviated(painter: Painter, said: str, px: int, width: int) -> str:
    """``said``, or when it is wider than ``width`` its longest beginning that fits with a
    full stop ("Токсик."): a pick beside the pool is context, shortened as a player
    writes it, never cut mid-letter."""
    if painter.fonts.size(said, px, False)[0] <= width:
        return said
    for end in range(len(said) - 1, 1, -1):
        short = said[:end].rstrip() + "."
        if painter.fonts.size(short, px, False)[0] <= width:
            return short
    return said[:2] + "."


def pick_list(
    painter: Painter,
    layout: Layout,
    scene: Scene,
    box: pygame.Rect,
    lines: list[tuple[str, str, theme.Colour]],
) -> None:
    """The picks framed in the picking seat's colour, as many as fit (the rest lie on the
    table as cards); a ban struck through."""
    seat = chrome.acting_seat(scene)
    edge = max(2, layout.px(2))
    painter.box(box, theme.PANEL, theme.seat_colour(seat), radius=layout.px(4), width=edge)
    inner = box.inflate(-2 * (edge + layout.px(2)), -2 * edge)
    fit = max(1, inner.height // layout.line)
    painter.mark("draft.picks", box, f"{min(fit, len(lines))}/{len(lines)}")
    for index, (name, role, colour) in enumerate(lines[:fit]):
        row = pygame.Rect(inner.left, inner.top + index * layout.line, inner.width, layout.line)
        said = abbreviated(painter, name, layout.min_text, row.width)
        bold = painter.fonts.size(said, layout.min_text, True)[0] <= row.width
        drawn = painter.text(row, said, layout.min_text, colour=colour, bold=bold, role=role)
        if role.startswith("draft.ban."):
            y = drawn.centery + layout.px(1)
            width = max(2, layout.px(2))
            pygame.draw.line(painter.surface, colour, (drawn.left, y), (drawn.right, y), width)


# --- the victory -----------------------------------------------------------------------------


class TeamVictoryScreen(VictoryScreen):
    """The shared victory, each team's row named so that its name is never cut: "Boris &
    Dmitri", else "Boris & D.", else "B. & D." (the colours and the title say who)."""

    def summary(self, painter: Painter, layout: Layout, body: pygame.Rect, told: Summary) -> None:
        px = layout.font(24)
        room = body.width * 55 // 100  # the share the shared screen gives the names

        finals = tuple(
            replace(final, name=fitting_team(painter, final.name, px, room))
            for final in told.finals
        )
        super().summary(painter, layout, body, replace(told, finals=finals))


def victory_title(view: View, language: str) -> str:
    winner = four_path_view(view).get("winner")
    return words.ui("victory.wins", language, team=str(winner.get("name") or "") if winner else "")


def summarise(view: View, language: str) -> Summary:
    """How the team won, the periods played, each team's scale, its damage by period."""
    typed = four_path_view(view)
    sides = sides_in_order(typed)
    length = typed.get("scale_length") or 1
    how: list[str] = []
    for event in typed.get("events") or []:
        if event["event"] == "game_won":
            key = f"bestiary.ui.victory.by.{event['by']}"
            if has(key):
                how.append(shared.first_upper(text(key, language)))
    period = typed.get("period") or 0
    cycle = typed.get("cycle") or 0
    how.append(text("bestiary.ui.victory.summary", language, periods=period, cycles=cycle))
    log = typed.get("damage_log") or []
    series: list[Series] = []
    finals = []
    for side in sides:
        number = side["side"]
        points = [(entry["period"], entry["castle_damage"][number - 1]) for entry in log]
        series.append((number, points))
        finals.append(
            Final(
                seat=number,
                name=str(side.get("name")),
                value=side["castle_damage"],
                top=side["scale_length"] or length,
            )
        )
    return Summary(
        how=tuple(how),
        finals=tuple(finals),
        series=tuple(series),
        caption=text("bestiary.ui.victory.chart", language),
        top=length,
    )
