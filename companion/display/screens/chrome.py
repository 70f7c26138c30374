"""The banner (seat, phase, period) and the prompt bar that most screens share."""

from __future__ import annotations

import pygame

from companion.display import labels, theme
from companion.display.layout import Layout
from companion.display.paint import Painter, split
from companion.display.scene import Scene
from companion.i18n import text


def acting_seat(scene: Scene) -> int | None:
    seat = (scene.prompt or {}).get("seat")
    if seat is None:
        turn = (scene.view or {}).get("turn") or {}
        seat = turn.get("seat") if isinstance(turn, dict) else None
    return int(seat) if isinstance(seat, int) else None


def banner(painter: Painter, layout: Layout, scene: Scene, counter: tuple[str, int, str]) -> None:
    """Whose turn (on the seat's colour), the phase, and a big numeral (period or round).

    ``counter`` is (label, number, detail), e.g. ("Period", 3, "cycle 1").
    """
    view = scene.view or {}
    language = scene.language
    area = layout.banner
    painter.box(area, theme.PANEL)
    seat_box, phase_box, counter_box = split(area, (0.36, 0.38, 0.26))
    seat = acting_seat(scene)
    colour = theme.seat_colour(seat)
    painter.box(seat_box, colour)
    painter.mark("banner.seat", seat_box, str(seat or ""))
    who = labels.player(view, seat, language) if seat else "—"
    painter.text(
        layout.inset(seat_box, 4),
        who,
        layout.font(24),
        colour=theme.DARK_TEXT,
        bold=True,
        role="banner.seat",
        align="center",
        min_px=layout.font(14),
    )
    painter.text(
        layout.inset(phase_box, 4),
        labels.phase(view, language) or "—",
        layout.font(21),
        colour=theme.TEXT,
        bold=True,
        role="banner.phase",
        align="center",
        min_px=layout.font(12),
    )
    label, number, detail = counter
    caption, numeral = split(layout.inset(counter_box, 3), (0.52, 0.48))
    top, bottom = caption.copy(), caption.copy()
    top.height = bottom.height = caption.height // 2
    bottom.top = top.bottom
    painter.text(top, label, layout.font(12), colour=theme.DIM, role="banner.label", align="right")
    painter.text(
        bottom, detail, layout.font(12), colour=theme.DIM, role="banner.detail", align="right"
    )
    painter.text(
        numeral,
        str(number),
        layout.font(36),
        colour=theme.HIGHLIGHT,
        bold=True,
        role="banner.counter",
        align="center",
        min_px=layout.font(24),
    )


def prompt_bar(painter: Painter, layout: Layout, scene: Scene) -> None:
    """What the companion asks, and the choice under the cursor with its place in the list."""
    language = scene.language
    area = layout.prompt
    seat = acting_seat(scene)
    painter.box(area, theme.PANEL)
    stripe = pygame.Rect(area.left, area.top, layout.px(8), area.height)
    painter.box(stripe, theme.seat_colour(seat))
    inner = pygame.Rect(stripe.right + layout.px(6), area.top, 0, area.height)
    inner.width = area.right - inner.left - layout.px(6)
    ask_box, choice_row = inner.copy(), inner.copy()
    ask_box.height = choice_row.height = inner.height // 2
    choice_row.top = ask_box.bottom
    painter.text(
        ask_box,
        labels.prompt_line(scene.view, scene.prompt, language),
        layout.font(17),
        colour=theme.TEXT,
        bold=True,
        role="prompt",
    )
    event_line(painter, layout, scene)
    notice(painter, layout, scene)
    choices = scene.choices
    current = scene.cursor_choice
    secret = scene.spec.inputs.secret
    if secret is not None and scene.secret_choices:
        # The choice is secret: the screen never shows a value, whatever the cursor.
        others = [choice for choice in choices if choice.get("do") != secret.action]
        if not others:
            painter.text(
                choice_row,
                text(secret.hint, language),
                layout.font(15),
                colour=theme.HIGHLIGHT,
                bold=True,
                role="prompt.choice",
            )
            return
        choices, current = others, others[0]
    entry = scene.cursor_entry if current is None else None
    if current is None and entry is None:
        if scene.prompt and scene.prompt.get("seat") is not None:
            painter.text(
                choice_row,
                text("ui.no_choices", language),
                layout.font(15),
                colour=theme.DIM,
                role="prompt.choice",
            )
        return
    choice_box, count_box = split(choice_row, (0.8, 0.2))
    words = scene.spec.choice_words
    if entry is not None:
        label = f"{entry} …"  # values to enter: select opens the entry
    elif words is not None and current is not None:
        label = words(scene.view, current, language)
    else:
        assert current is not None
        label = labels.choice(scene.view, current, language, scene.game)
    painter.text(
        choice_box,
        f"◀ {label} ▶",
        layout.font(17),
        colour=theme.HIGHLIGHT,
        bold=True,
        role="prompt.choice",
    )
    if current is not None and current in choices and len(choices) != len(scene.choices):
        index, count = choices.index(current) + 1, len(choices)  # the secret ones left out
    else:
        index, count = scene.ui.cursor % scene.option_count + 1, scene.option_count
    painter.text(
        count_box,
        text("ui.choice_count", language, index=index, count=count),
        layout.font(12),
        colour=theme.DIM,
        role="prompt.count",
        align="right",
    )


def event_line(painter: Painter, layout: Layout, scene: Scene) -> None:
    """What the last action caused, in the narration's words, on its own line between the
    board and the prompt: the pieces the players must now move by hand. It stays until
    the next action and is empty after an undo."""
    area = layout.event_line
    painter.box(area, theme.BACKGROUND)
    if not scene.happened:
        return
    box = layout.inset(area, 1)
    painter.text(
        box,
        _what_fits(painter, layout, box, scene.happened),
        layout.event_font,
        colour=theme.TEXT,
        bold=True,
        role="event_line",
        align="center",
        min_px=layout.font(12),
    )


def _what_fits(painter: Painter, layout: Layout, box: pygame.Rect, lines: tuple[str, ...]) -> str:
    """As many whole sentences as the line holds, then how many more ("+2": the game log
    in the menu has them all); never a sentence cut in the middle when a whole one fits."""
    for count in range(len(lines), 0, -1):
        more = len(lines) - count
        said = "  ·  ".join(lines[:count]) + (f"  +{more}" if more else "")
        _, shown = painter.fit(said, box, layout.event_font, True, layout.font(12))
        if shown == said:
            return said
    return lines[0]


def notice(painter: Painter, layout: Layout, scene: Scene) -> None:
    """The last thing the controls said ("not your turn", a question), then each part that
    does not work: one band per line, stacked up from the prompt, so a refused press is
    never silent and no missing part hides another. Over four lines, the fourth says how
    many more there are."""
    if not scene.notes:
        return
    lines = list(scene.notes)
    if len(lines) > 4:
        lines = [*lines[:3], "+" + str(len(scene.notes) - 3)]
    height = layout.px(24)
    bottom = layout.prompt.top
    for line in reversed(lines):
        band = pygame.Rect(0, 0, layout.width, height)
        band.bottom = bottom
        bottom = band.top
        painter.box(band, theme.NEGATIVE)
        painter.text(
            layout.inset(band, 2),
            line,
            layout.font(14),
            colour=theme.DARK_TEXT,
            bold=True,
            role="notice",
            align="center",
        )
