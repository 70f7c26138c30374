"""Hand of Manus: the bottom of the screen while the hands vote. The prompt bar every game
shares draws the four colour caps of the vote with their words only where a row holds
all four, which leaves bare dots on a 3.5-inch 480x320 panel, and a Russian question
does not fit its two lines there. Here the legend is a chip per colour with its
condition written on it, in one row where the four fit at the 5 mm floor, else two rows
(temperature, then humidity); the question is said as fully as a line holds ("Secret
vote: waiting for Boris, Vera", "Waiting for Boris, Vera", "2 hands to vote"), and the
event line keeps its row when there is room for it (the panel's ticks say who voted).

Nothing here depends on what was voted: the legend is fixed, the question names who is
still to vote (the public view's ``vote.waiting``).
"""

from __future__ import annotations

import pygame

from companion.display import theme
from companion.display.layout import Layout
from companion.display.paint import Painter, split
from companion.display.scene import Scene
from companion.display.screens import chrome
from companion.games.manus import labels as words
from companion.games.manus.drawing import ink_on, say
from companion.games.manus.types import manus_view
from companion.i18n import text


def voting(scene: Scene) -> bool:
    """Whether the prompt is the secret vote alone (the shared bar would draw the colours'
    map); with the reveal to confirm among the choices, the shared bar shows that."""
    secret = scene.spec.inputs.secret
    if secret is None or not scene.secret_choices:
        return False
    return all(choice.get("do") == secret.action for choice in scene.choices)


def legend(scene: Scene) -> list[tuple[str, str]]:
    """Each colour button and the condition it votes for, in the table's language."""
    secret = scene.spec.inputs.secret
    assert secret is not None
    return [
        (colour, scene.spec.words.name(secret.field, value, scene.language))
        for colour, value in secret.values.items()
    ]


def questions(painter: Painter, layout: Layout, scene: Scene) -> tuple[str, ...]:
    """What the vote asks, longest first: the prompt's words, then who is waited for, then
    how many."""
    waiting = list((manus_view(scene.view or {}).get("vote") or {}).get("waiting") or [])
    names = ", ".join(words.hand_name(scene.view, hand) for hand in waiting)
    language = scene.language
    return (
        chrome.ask_text(painter, layout, scene),
        text("manus.ui.vote_waiting", language, waiting=names),
        text("manus.ui.vote_count", language, count=len(waiting)),
    )


def vote_bar(painter: Painter, layout: Layout, scene: Scene) -> None:
    """The question and the legend in the prompt's place; with the event line's row(s)
    too when the prompt's rows cannot hold both."""
    keys = legend(scene)
    gap = layout.px(6)
    legend_rows = (
        1
        if _one_row_width(painter, layout, keys, gap) <= _inner(layout, layout.prompt).width
        else 2
    )
    chrome.notice(painter, layout, scene)
    area = layout.prompt
    placed = _placed(painter, layout, scene, area, legend_rows)
    if placed is None:  # the event line gives its rows to the question and the legend
        area = layout.event_line.union(layout.prompt)
        placed = _placed(painter, layout, scene, area, legend_rows)
    else:
        chrome.event_line(painter, layout, scene)
    _bar(painter, layout, scene, area)
    rows = _rows(_inner(layout, area), _row_count(layout, area))
    if placed is not None:
        question, lines = placed
        _question(painter, layout, rows[0].union(rows[lines - 1]), question, lines)
    if legend_rows == 1:
        _legend_row(painter, layout, rows[-1], keys, gap)
    else:
        _legend_row(painter, layout, rows[-2], keys[:2], gap)
        _legend_row(painter, layout, rows[-1], keys[2:], gap)


def _row_count(layout: Layout, area: pygame.Rect) -> int:
    return max(2, _inner(layout, area).height // layout.line)


def _placed(
    painter: Painter, layout: Layout, scene: Scene, area: pygame.Rect, legend_rows: int
) -> tuple[str, int] | None:
    """The longest question that fits the rows the legend leaves in ``area``, and the
    lines it takes; None when none fits."""
    width = _inner(layout, area).width
    lines = _row_count(layout, area) - legend_rows
    for question in questions(painter, layout, scene):
        taken = len(painter.wrap(question, width, layout.min_text, True))
        if taken <= lines:
            return question, taken
    return None


def _bar(painter: Painter, layout: Layout, scene: Scene, area: pygame.Rect) -> None:
    """The bar's panel with the acting seat's stripe, as the shared prompt bar paints it."""
    painter.box(area, theme.PANEL)
    stripe = pygame.Rect(area.left, area.top, layout.px(8), area.height)
    painter.box(stripe, chrome.seat_colour(scene, chrome.acting_seat(scene)))


def _inner(layout: Layout, area: pygame.Rect) -> pygame.Rect:
    left = area.left + layout.px(8) + layout.px(6)
    return pygame.Rect(
        left, area.top + layout.px(2), area.right - layout.px(6) - left, area.height - layout.px(4)
    )


def _rows(box: pygame.Rect, count: int) -> list[pygame.Rect]:
    height = box.height // count
    return [pygame.Rect(box.left, box.top + i * height, box.width, height) for i in range(count)]


def _question(painter: Painter, layout: Layout, box: pygame.Rect, said: str, lines: int) -> None:
    painter.lines(
        box, said, layout.min_text, colour=theme.TEXT, bold=True, role="prompt", max_lines=lines
    )


def _chip_width(painter: Painter, layout: Layout, word: str) -> int:
    return int(painter.fonts.size(word, layout.min_text, True)[0]) + 2 * layout.px(6)


def _one_row_width(painter: Painter, layout: Layout, keys: list[tuple[str, str]], gap: int) -> int:
    return sum(_chip_width(painter, layout, word) for _, word in keys) + gap * (len(keys) - 1)


def _legend_row(
    painter: Painter, layout: Layout, row: pygame.Rect, keys: list[tuple[str, str]], gap: int
) -> None:
    """The colours' chips, each with its condition on it, across the row: as wide as the
    widest word where that fits, so the chips look alike, else as wide as each word."""
    widths = [_chip_width(painter, layout, word) for _, word in keys]
    same = max(widths)
    if same * len(keys) + gap * (len(keys) - 1) <= row.width:
        widths = [same] * len(keys)
    total = sum(widths) + gap * (len(keys) - 1)
    if len(keys) == 2:  # a row of one axis: the two chips share the row
        cells = split(row, [0.5, 0.5], gap)
    else:
        cells = []
        x = row.left
        for width in widths:
            cells.append(pygame.Rect(x, row.top, width, row.height))
            x += width + gap
        shift = (row.width - total) // 2
        cells = [cell.move(shift, 0) for cell in cells]
    for (colour, word), cell in zip(keys, cells, strict=True):
        high = painter.fonts.size(word, layout.min_text, True)[1]
        chip = cell.inflate(0, -min(layout.px(4), max(0, cell.height - high)))
        fill = theme.BUTTON_COLOURS[colour]
        painter.box(chip, fill, radius=layout.px(4))
        painter.mark(f"prompt.choice.{colour}", chip, word)
        say(
            painter,
            layout,
            chip.inflate(-layout.px(4), 0),
            (word,),
            colour=ink_on(fill),
            role="prompt.choice",
            bold=True,
            align="center",
        )
