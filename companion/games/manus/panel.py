"""Hand of Manus: beside the room, what the phase needs, one line per item at the 5 mm
floor (``layout.min_text``), as many lines as the middle holds. Each phase ranks what it
needs (:data:`NEEDS`) and gets it first: the vote, who has voted (never what); the tests,
each hand's revealed card, target and result; between rounds, the progress track. On a
3.5-inch 480x320 panel that is about the first thing alone; on the 7-inch 800x480 the rest
follows as far as it fits, in :data:`SHOWN_IN_ORDER`, so a block never jumps around when
another joins it."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from companion.display import theme
from companion.display.layout import Layout
from companion.display.paint import Painter, rows, split
from companion.display.scene import Scene
from companion.games.manus import labels as words
from companion.games.manus.drawing import (
    CONDITION_COLOURS,
    CONDITIONS,
    ink_on,
    say,
    this_rounds_reveal,
)
from companion.games.manus.types import (
    AxisResult,
    CardView,
    DiscoveryView,
    HandView,
    SeatView,
    TestView,
    VoteView,
    manus_view,
)
from companion.i18n import text

TRACK = 12

# What each phase needs, most needed first (the first always gets the room it needs).
NEEDS: dict[str | None, tuple[str, ...]] = {
    "discovery": ("progress", "discovery"),
    "construction": ("discovery", "progress", "hands"),
    "targets": ("hands", "discovery", "progress"),
    "vote": ("hands", "progress", "discovery"),
    "tests": ("hands", "axes", "progress", "discovery"),
}
SHOWN_IN_ORDER = ("discovery", "axes", "hands", "progress")

Item = Callable[[pygame.Rect], None]  # draws one line's item into its cell


@dataclass(frozen=True)
class Block:
    name: str
    items: tuple[Item, ...]
    columns: int = 2  # at most, when it is not the first (a sentence needs the whole width)


def panel(painter: Painter, layout: Layout, scene: Scene, box: pygame.Rect) -> None:
    view = manus_view(scene.view or {})
    lines = layout.lines_in(box.height)
    if lines == 0:  # notices took the middle: the room alone
        return
    blocks = {block.name: block for block in _blocks(painter, layout, scene)}
    needs = NEEDS.get(view.get("phase"), ("progress", "hands"))
    columns = plan([blocks[name] for name in needs], lines)
    used = sum(math.ceil(len(blocks[name].items) / count) for name, count in columns.items())
    height = min(box.height // max(1, used), round(layout.line * 1.3))
    top = box.top
    for name in SHOWN_IN_ORDER:
        if name not in columns:
            continue
        block = blocks[name]
        count = columns[name]
        lines_here = math.ceil(len(block.items) / count)
        area = pygame.Rect(box.left, top, box.width, lines_here * height)
        cells = [
            cell
            for row in rows(area, lines_here)
            for cell in split(row, [1 / count] * count, layout.px(6))
        ]
        # Down the first column, then the next, as a list is read.
        for index, item in enumerate(block.items):
            line, column = index % lines_here, index // lines_here
            item(cells[line * count + column].inflate(0, -2))
        top = area.bottom


def plan(blocks: list[Block], lines: int) -> dict[str, int]:
    """Which blocks are shown, and in how many columns: the first, in as many columns as
    it needs; each next one in one column, or in up to its ``columns``, if its lines are
    still free."""
    chosen: dict[str, int] = {}
    left = lines
    for block in blocks:
        count = len(block.items)
        if not count:
            continue
        if not chosen:
            columns = math.ceil(count / left)
        else:
            fits = (c for c in range(1, block.columns + 1) if math.ceil(count / c) <= left)
            columns = next(fits, 0)
        if columns:
            chosen[block.name] = columns
            left -= math.ceil(count / columns)
        if left <= 0:
            break
    return chosen


def _blocks(painter: Painter, layout: Layout, scene: Scene) -> list[Block]:
    view = manus_view(scene.view or {})
    language = scene.language
    phase = view.get("phase")
    shown = this_rounds_reveal(view)
    tests: dict[object, TestView] = {
        entry.get("hand"): entry for entry in view.get("last_tests") or []
    }
    cards: dict[object, CardView] = {
        card.get("hand"): card for card in (shown.get("cards") if shown else None) or []
    }
    vote = view.get("vote") or {}
    goal = int(view.get("win_score") or TRACK)

    def discovery(cell: pygame.Rect) -> None:
        discovery_line(painter, layout, language, view.get("discovery"), cell)

    def axis(entry: AxisResult) -> Item:
        return lambda cell: axis_result(painter, layout, language, entry, cell)

    def hand(entry: HandView) -> Item:
        if phase == "vote":
            return lambda cell: vote_row(painter, layout, scene, entry, cell, vote=vote)
        if phase == "tests":
            return lambda cell: test_row(
                painter, layout, scene, entry, cell, cards=cards, tests=tests
            )
        return lambda cell: target_row(painter, layout, scene, entry, cell)

    def progress(seat: SeatView) -> Item:
        return lambda cell: progress_row(
            painter, layout, seat, cell, goal=goal, names=names, language=language
        )

    names = max(
        (_width(painter, layout, str(seat.get("name"))) for seat in view.get("seats") or []),
        default=0,
    )

    return [
        Block("discovery", (discovery,) if view.get("discovery") else ()),
        Block(
            "axes", tuple(axis(a) for a in (shown.get("axes") if shown else None) or []), columns=1
        ),
        Block("hands", tuple(hand(h) for h in view.get("hands") or [])),
        Block("progress", tuple(progress(s) for s in view.get("seats") or [])),
    ]


def discovery_line(
    painter: Painter, layout: Layout, language: str, found: DiscoveryView | None, cell: pygame.Rect
) -> None:
    """This round's discovery: its name, after the word "discovery" where that fits."""
    name = words.discovery(found, language)
    width = painter.fonts.size(name, layout.min_text, True)[0]
    label_box = pygame.Rect(cell.left, cell.top, cell.width - width - layout.px(8), cell.height)
    say(
        painter,
        layout,
        label_box,
        (text("manus.ui.discovery", language),),
        colour=theme.DIM,
        role="manus.label",
    )
    say(
        painter,
        layout,
        cell,
        (name,),
        colour=theme.TEXT,
        bold=True,
        role="manus.discovery",
        align="right",
    )


def axis_result(
    painter: Painter, layout: Layout, language: str, axis: AxisResult, cell: pygame.Rect
) -> None:
    """One axis of the reveal: the count for each side and where the token went."""
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
    fill = CONDITION_COLOURS.get(str(prevails), theme.PANEL)
    painter.box(cell, fill, theme.PANEL_EDGE, radius=layout.px(3))
    say(
        painter,
        layout,
        cell.inflate(-layout.px(6), 0),
        (f"{told} {result}", result),
        colour=ink_on(fill),
        bold=True,
        role=f"manus.axis.{axis.get('axis')}",
        align="center",
    )


def parts(
    row: pygame.Rect,
    widths: dict[str, int],
    *,
    order: tuple[str, ...],
    grow: tuple[str, ...],
    gap: int,
) -> dict[str, pygame.Rect]:
    """Boxes for a row's parts, left to right in ``order``: the parts of ``widths`` (most
    needed first) that fit the row, the row's spare width given to the first of ``grow``
    that is shown."""
    shown: list[str] = []
    used = 0
    for name, width in widths.items():
        extra = width + (gap if shown else 0)
        if used + extra <= row.width:
            shown.append(name)
            used += extra
    grower = next((name for name in grow if name in shown), None)
    x = row.left
    boxes = {}
    for name in order:
        if name in shown:
            width = widths[name] + (row.width - used if name == grower else 0)
            boxes[name] = pygame.Rect(x, row.top, width, row.height)
            x += width + gap
    return boxes


def name_chip(
    painter: Painter, layout: Layout, scene: Scene, hand: HandView, box: pygame.Rect
) -> None:
    """The hand's name on its seat's colour, starred when it plays first this round."""
    number = hand.get("hand")
    name = words.hand_name(scene.view, number)
    painter.box(box, theme.seat_colour(hand.get("seat")), radius=layout.px(3))
    options = ((f"★ {name}",) if hand.get("first") else ()) + shortened(name)
    say(
        painter,
        layout,
        box.inflate(-layout.px(6), 0),
        options,
        colour=theme.DARK_TEXT,
        bold=True,
        role=f"manus.hand.{number}",
    )


def _width(painter: Painter, layout: Layout, words_: str, *, bold: bool = True) -> int:
    return int(painter.fonts.size(words_, layout.min_text, bold)[0])


def shortened(name: str) -> tuple[str, ...]:
    """A name, then shorter and shorter forms of it for a narrow box ("Alexandra", "Alexandr",
    ... "Al"; "Anna 2", "Ann 2", ... "A 2"): a name is never cut with "…"."""
    base, _, number = name.rpartition(" ")
    if not (base and number.isdigit()):
        base, number = name, ""
    tail = f" {number}" if number else ""
    shortest = 1 if number else 2
    return (name, *(base[:k] + tail for k in range(len(base) - 1, shortest - 1, -1)))


def _chip_width(painter: Painter, layout: Layout, scene: Scene, beside: int, row: int) -> int:
    """One width for every hand's name chip (the widest name), so the columns line up: with
    the first hand's star when that leaves ``beside`` pixels of the ``row``; narrower when
    the names do not leave them, down to a short form of a name (:func:`shortened`)."""
    hands = manus_view(scene.view or {}).get("hands") or []
    names = [words.hand_name(scene.view, hand.get("hand")) for hand in hands]
    plain = max((_width(painter, layout, name) for name in names), default=0) + layout.px(12)
    starred = max(
        (
            _width(painter, layout, ("★ " if hand.get("first") else "") + name)
            for hand, name in zip(hands, names, strict=True)
        ),
        default=0,
    )
    starred += layout.px(12)
    if starred + beside <= row:
        return starred
    least = _width(painter, layout, "Mm") + layout.px(12)
    return max(least, min(plain, row - beside))


def _plain_chip(painter: Painter, layout: Layout, scene: Scene) -> int:
    """The chip that holds every hand's whole name, without the star."""
    hands = manus_view(scene.view or {}).get("hands") or []
    names = [words.hand_name(scene.view, hand.get("hand")) for hand in hands]
    return max((_width(painter, layout, name) for name in names), default=0) + layout.px(12)


def vote_row(
    painter: Painter,
    layout: Layout,
    scene: Scene,
    hand: HandView,
    row: pygame.Rect,
    *,
    vote: VoteView,
) -> None:
    """The vote: whether this hand has voted, never what."""
    language = scene.language
    number = hand.get("hand")
    voting = bool(vote.get("open") and hand.get("playing"))
    voted = number in (vote.get("voted") or [])
    said = (
        ("✓ " + text("manus.ui.voted", language), "✓")
        if voted
        else ("… " + text("manus.ui.waiting", language), "…")
    )
    # Both words measured, so the row looks the same voted or not.
    long_status = max(
        _width(painter, layout, "✓ " + text("manus.ui.voted", language)),
        _width(painter, layout, "… " + text("manus.ui.waiting", language)),
    )
    short_status = _width(painter, layout, "…") + layout.px(10)
    chip = _chip_width(painter, layout, scene, short_status + layout.px(6), row.width)
    status = long_status if chip + long_status + 2 * layout.px(8) <= row.width else 0
    status = (status or _width(painter, layout, "…")) + layout.px(10)
    boxes = parts(
        row,
        {"name": chip, "status": status} if voting else {"name": chip},
        order=("name", "status"),
        grow=("name",),
        gap=layout.px(6),
    )
    if "name" in boxes:
        name_chip(painter, layout, scene, hand, boxes["name"])
    if "status" not in boxes:
        return
    box = boxes["status"]
    painter.box(box, theme.READY if voted else theme.PANEL, theme.PANEL_EDGE, radius=layout.px(3))
    painter.mark(f"manus.voted.{number}", box, "yes" if voted else "no")
    say(
        painter,
        layout,
        box.inflate(-layout.px(4), 0),
        said,
        colour=theme.DARK_TEXT if voted else theme.TEXT,
        bold=True,
        role=f"manus.vote.{number}",
        align="center",
    )


def target_row(
    painter: Painter, layout: Layout, scene: Scene, hand: HandView, row: pygame.Rect
) -> None:
    """The hand's target: its tile's name and the strength it needs, or the need alone."""
    number = hand.get("hand")
    target = hand.get("target")
    named = words.target(target, scene.language) if target else "—"  # "—": not chosen yet
    aimed = bool(target) and target != "none"
    need = f"≥{hand.get('target_need')}"
    chip = _chip_width(
        painter, layout, scene, _width(painter, layout, need) + layout.px(6), row.width
    )
    value = named
    if aimed and chip + _width(painter, layout, named, bold=False) + layout.px(6) > row.width:
        value = need
    boxes = parts(
        row,
        {"name": chip, "target": _width(painter, layout, value, bold=False)},
        order=("name", "target"),
        grow=("target",),
        gap=layout.px(6),
    )
    if "name" in boxes:
        name_chip(painter, layout, scene, hand, boxes["name"])
    if "target" in boxes:
        say(
            painter,
            layout,
            boxes["target"],
            (value,),
            colour=theme.TEXT,
            role=f"manus.target.{number}",
            align="right",
        )


def _outcome(hand: HandView, test: TestView | None) -> tuple[str, theme.Colour] | None:
    """A tested hand's strength and ✓ or ✗; the strength alone while it is entered."""
    if test is not None and test.get("strength") is not None:
        hit = bool(test.get("hit"))
        return f"{test.get('strength')} {'✓' if hit else '✗'}", (
            theme.POSITIVE if hit else theme.NEGATIVE
        )
    if hand.get("strength") is not None:
        return str(hand.get("strength")), theme.TEXT
    return None


def test_row(
    painter: Painter,
    layout: Layout,
    scene: Scene,
    hand: HandView,
    row: pygame.Rect,
    *,
    cards: dict[object, CardView],
    tests: dict[object, TestView],
) -> None:
    """The tests: the hand's revealed card (its condition's colour, with its word where
    every condition's word fits), the strength its target needs, and the test's result.
    A narrow row drops the card box (its colour goes under the name), then shows the need
    until the result replaces it."""
    language = scene.language
    view = manus_view(scene.view or {})
    number = hand.get("hand")
    card = cards.get(number)
    condition = str(card.get("condition") if card else None)
    aimed = bool(hand.get("target")) and hand.get("target") != "none"
    need = f"≥{hand.get('target_need')}"
    outcome = _outcome(hand, tests.get(number))
    gap = layout.px(6)
    result_width = _width(painter, layout, "9 ✗")
    need_width = _width(painter, layout, "≥6", bold=False)
    widths: dict[str, int] = {}
    if tests or any(other.get("strength") is not None for other in view.get("hands") or []):
        widths["result"] = result_width  # once the first result is in
    if aimed:
        widths["need"] = need_width
    least = _width(painter, layout, "Mm") + layout.px(12)
    # The revealed card's word goes before a slot of its own for the need: where both
    # slots would leave the card its colour alone, the result takes the need's place.
    word = 0
    if card is not None:
        widest = max(_width(painter, layout, words.condition(c, language)) for c in CONDITIONS)
        word = widest + layout.px(4) + gap
    named = _plain_chip(painter, layout, scene) + word
    both = sum(width + gap for width in widths.values())
    one = max(result_width, need_width) + gap
    for_word = bool(word) and len(widths) == 2 and named + both > row.width >= named + one
    if least + both > row.width or for_word:
        # One slot: the need, then the result in its place.
        widths = {"result": max(result_width, need_width)}
        if outcome is None and aimed:
            outcome = (need, theme.TEXT)
            widths = {"need": widths["result"]}
    beside = sum(width + gap for width in widths.values())
    chip = _chip_width(painter, layout, scene, beside, row.width)
    if card is not None:
        # The card's word before the first player's star: the chip drops the star when
        # that leaves the card room for its word (never a name cut short for it).
        roomy = _chip_width(painter, layout, scene, beside + word, row.width)
        if roomy >= _plain_chip(painter, layout, scene):
            chip = roomy
    widths = {"name": chip, **widths}
    if card is not None:
        widths["card"] = max(layout.line // 2, 0)
    boxes = parts(
        row,
        widths,
        order=("name", "card", "need", "result"),
        grow=("card", "name"),
        gap=gap,
    )
    if "name" in boxes:
        name_chip(painter, layout, scene, hand, boxes["name"])
    if card is not None:
        test_card(painter, layout, language, boxes, number=number, condition=condition)
    if "need" in boxes and aimed:
        say(
            painter,
            layout,
            boxes["need"],
            (need,),
            colour=theme.TEXT,
            role=f"manus.target.{number}",
            align="right",
        )
    if "result" in boxes and outcome is not None:
        said, colour = outcome
        say(
            painter,
            layout,
            boxes["result"],
            (said,),
            colour=colour,
            bold=True,
            role=f"manus.test.{number}",
            align="right",
        )


def test_card(
    painter: Painter,
    layout: Layout,
    language: str,
    boxes: dict[str, pygame.Rect],
    *,
    number: object,
    condition: str,
) -> None:
    """The revealed card: a box in its condition's colour (under the name when the row has
    no room for it), with the word where every condition's word would fit."""
    colour = CONDITION_COLOURS.get(condition, theme.PANEL)
    box = boxes.get("card")
    if box is None and "name" in boxes:
        box = boxes["name"].copy()
        box.top = box.bottom - layout.px(6)
        box.height = layout.px(6)
    if box is None:
        return
    painter.box(box, colour, radius=layout.px(3))
    painter.mark(f"manus.card.{number}", box, condition)
    widest = max(_width(painter, layout, words.condition(c, language)) for c in CONDITIONS)
    if "card" in boxes and widest <= box.width - layout.px(4):
        say(
            painter,
            layout,
            box,
            (words.condition(condition, language),),
            colour=ink_on(colour),
            bold=True,
            role=f"manus.card.{number}",
            align="center",
        )


def progress_row(
    painter: Painter,
    layout: Layout,
    seat: SeatView,
    row: pygame.Rect,
    *,
    goal: int,
    names: int,
    language: str,
) -> None:
    """The walls' track of twelve sectors from the door, and the score as a numeral."""
    number = seat.get("seat")
    colour = theme.seat_colour(number)
    score = int(seat.get("score") or 0)
    size = layout.min_text
    name = str(seat.get("name"))
    name_width = min(max(names, _width(painter, layout, name)), row.width // 2)
    long_score = text("manus.ui.points", language, points=score, goal=goal)
    widest = text("manus.ui.points", language, points=goal, goal=goal)
    long_width = painter.fonts.size(widest, size, True)[0]
    gap = layout.px(6)
    # Room for twelve sectors of at least 6 px between the name and "n/12"; else the name
    # (or a short form of it), the bare score, and the track as a thin bar under them.
    roomy = row.width - name_width - long_width - 2 * gap >= goal * 6
    score_width = long_width if roomy else painter.fonts.size(str(goal), size, True)[0]
    if not roomy:
        name_width = row.width - score_width - gap
    score_box = pygame.Rect(row.right - score_width, row.top, score_width, row.height)
    name_box = pygame.Rect(row.left, row.top, name_width, row.height)
    say(
        painter,
        layout,
        name_box,
        shortened(name),
        colour=colour,
        bold=True,
        role=f"manus.progress.{number}",
    )
    say(
        painter,
        layout,
        score_box,
        (long_score, str(score)) if roomy else (str(score),),
        colour=colour,
        bold=True,
        role=f"manus.score.{number}",
        align="right",
    )
    track = pygame.Rect(
        name_box.right + gap, row.top, score_box.left - gap - name_box.right - gap, 0
    )
    track.height = max(4, row.height // 3)
    track.centery = row.centery
    if not roomy:
        track = pygame.Rect(row.left, row.bottom - layout.px(4), row.width, layout.px(3))
        painter.mark(f"manus.track.{number}", track, str(score))
        painter.box(track, theme.DAMAGE_EMPTY)
        filled = track.copy()
        filled.width = round(track.width * min(score, goal) / max(1, goal))
        painter.box(filled, colour)
        return
    painter.mark(f"manus.track.{number}", track, str(score))
    for index, cell in enumerate(split(track, [1 / goal] * goal, 1)):
        painter.box(cell, colour if index < score else theme.DAMAGE_EMPTY)
