"""The frame most screens share: the banner (seat, phase, period), the notice lines, the
event line (what just happened) and the prompt bar.

Every string is at least the layout's ``min_text`` (5 mm on the panel). What does not fit
at that size is rearranged, never shrunk: a phase too long beside the player's name
leaves the banner to the phase and the seat's colour (the prompt then names the player);
a long question wraps onto a second line; a long event sentence takes a second line.
:func:`frame` measures those choices once per frame, so the board knows its room.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from companion.display import labels, theme
from companion.display.layout import NOTICE_LINES, Layout
from companion.display.paint import Painter
from companion.display.scene import Scene
from companion.i18n import text
from companion.rules.base import Action
from companion.rules.reading import mapping

SEPARATOR = "  ·  "
MAX_ASK_LINES = 2
REPLAY_LINES = 2  # the replay's bar, where the prompt stands: "Replay: step n of N", its keys
# The seat buttons on the prompt bar, as their caps: (colour, glyph, role).
UP = ("red", "▲")
DOWN = ("blue", "▼")
SELECT = ("cyan", "✓")
BACK = ("yellow", "↩")


def seat_colour(scene: Scene, seat: int | None) -> theme.Colour:
    """A seat's colour on this game's screens: the game's own (Tetranomicon: the
    faction's), else the seat colours every game shares."""
    colour = scene.spec.seat_colour
    if colour is not None and seat is not None and seat >= 1:
        return colour(scene.view or {}, seat)
    return theme.seat_colour(seat)


def phase_words(scene: Scene) -> str:
    """The banner's phase: the game's words for it, else its catalogue's."""
    words = scene.spec.phase_words
    view = scene.view or {}
    said = words(view, scene.language) if words is not None else labels.phase(view, scene.language)
    return said or "—"


def acting_seat(scene: Scene) -> int | None:
    seat = scene.prompt.get("seat")
    if seat is None:
        seat = mapping(scene.view.get("turn")).get("seat")
    return int(seat) if isinstance(seat, int) else None


# --- measuring the frame -------------------------------------------------------------------


def frame(painter: Painter, layout: Layout, scene: Scene) -> Layout:
    """The layout of this frame: the lines its notices, event line and question need."""
    width = layout.width - 2 * layout.px(4)
    notices = min(len(scene.notes), NOTICE_LINES)
    if notices == 1 and painter.fonts.size(scene.notes[0], layout.min_text, True)[0] > width:
        notices = 2
    events = 1
    said = event_said(painter, layout, scene)
    if said:  # two lines when the first sentence, or it and the count of the rest, need them
        first = said[0] + _and_more(len(said) - 1, scene.language)
        if painter.fonts.size(first, layout.event_font, True)[0] > width:
            events = 2
    if scene.replay is not None:  # the replay's bar: its step, then its keys (never dropped)
        asked, chosen = 0, REPLAY_LINES
    else:
        asked = _ask_lines(painter, layout, scene)
        chosen = _choice_lines(painter, layout, scene)
    framed = replace(
        layout,
        notice_lines=notices,
        event_lines=events,
        prompt_lines=asked + chosen,
        choice_lines=chosen,
    )
    # The board keeps two lines (one when a notice or the event needs the room). What
    # gives way first is the question (the banner's phase and the choice say the gist),
    # then the event line's second line (the game log has it whole), then a notice's
    # second line.
    for keep in (2, 1):
        while framed.middle.height < keep * layout.line:
            asked = framed.prompt_lines - framed.choice_lines
            if asked:
                framed = replace(framed, prompt_lines=framed.choice_lines)
            elif keep == 1 and framed.event_lines > 1:
                framed = replace(framed, event_lines=1)
            elif keep == 1 and framed.notice_lines > 1:
                framed = replace(framed, notice_lines=framed.notice_lines - 1)
            else:
                break
    return framed


def _ask_lines(painter: Painter, layout: Layout, scene: Scene) -> int:
    return 1 if _fits_one_line(painter, layout, scene) else 2


def _fits_one_line(painter: Painter, layout: Layout, scene: Scene) -> bool:
    width = painter.fonts.size(ask_text(painter, layout, scene), layout.font(17), False)[0]
    return width <= _prompt_inner(layout).width


def _ask_bold(painter: Painter, layout: Layout, scene: Scene) -> bool:
    """Bold when the question fits its lines so, else plain (never cut for weight)."""
    lines = layout.prompt_lines - layout.choice_lines
    width = _prompt_inner(layout).width
    return (
        len(painter.wrap(ask_text(painter, layout, scene), width, layout.font(17), True)) <= lines
    )


# --- the banner ----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Banner:
    seat: pygame.Rect
    phase: pygame.Rect
    counter: pygame.Rect
    named: bool  # the player's name is in the banner (else only the seat's colour)
    phase_bold: bool
    captions: bool  # the counter's captions ("Period", "cycle 1") beside its numeral


def _numeral_width(painter: Painter, layout: Layout) -> int:
    """The counter's numeral box: two digits, whatever the number (the layout must not
    depend on it)."""
    return painter.fonts.size("88", layout.font(36), True)[0] + 2 * layout.px(6)


def _captions_fit(layout: Layout) -> bool:
    """The counter's two captions ("Period", "cycle 1") need two lines of the banner."""
    return 2 * layout.line_of(layout.min_text) - 4 <= layout.banner.height


def _banner_parts(
    painter: Painter, layout: Layout, scene: Scene, counter: tuple[str, int, str] | None = None
) -> _Banner:
    """Where the banner's parts go. Whether it names the player depends only on the name,
    the phase and the numeral (never on the counter's captions, which give way first), so
    :func:`names_player` answers for the banner a screen draws."""
    view = scene.view or {}
    area = layout.banner
    seat = acting_seat(scene)
    pad = layout.px(8)
    numeral = _numeral_width(painter, layout)
    room = area.width - numeral
    name = labels.player(view, seat, scene.language) if seat else "—"
    phase = phase_words(scene)
    name_width = painter.fonts.size(name, layout.font(24), True)[0] + 2 * pad
    phase_bold = painter.fonts.size(phase, layout.font(21), True)[0] + 2 * pad
    phase_plain = painter.fonts.size(phase, layout.font(21), False)[0] + 2 * pad
    named = name_width + phase_plain <= room
    seat_width = name_width if named else layout.px(14)  # colour alone: the prompt names
    captions = 0
    if counter is not None and _captions_fit(layout):
        label, _, detail = counter
        widest = max(painter.fonts.size(t, layout.min_text, False)[0] for t in (label, detail))
        # The counter is inset by 3 each side and the captions sit 4 left of the numeral.
        need = widest + layout.px(12)
        if seat_width + phase_plain + need <= room:
            captions = need
    counter_box = pygame.Rect(0, area.top, numeral + captions, area.height)
    counter_box.right = area.right
    left = counter_box.left - area.left
    if named:
        seat_width = min(max(name_width, round(left * 0.4)), left - phase_plain)
    seat_box = pygame.Rect(area.left, area.top, seat_width, area.height)
    phase_box = pygame.Rect(
        seat_box.right, area.top, counter_box.left - seat_box.right, area.height
    )
    bold = phase_bold <= phase_box.width
    return _Banner(seat_box, phase_box, counter_box, named, bold, bool(captions))


def names_player(painter: Painter, layout: Layout, scene: Scene) -> bool:
    """Does the banner show the acting player's name (so the prompt need not)?"""
    return _banner_parts(painter, layout, scene).named


def banner(painter: Painter, layout: Layout, scene: Scene, counter: tuple[str, int, str]) -> None:
    """Whose turn (on the seat's colour), the phase, and a big numeral (period or round).

    ``counter`` is (label, number, detail), e.g. ("Period", 3, "cycle 1").
    """
    view = scene.view or {}
    language = scene.language
    area = layout.banner
    painter.box(area, theme.PANEL)
    parts = _banner_parts(painter, layout, scene, counter)
    seat = acting_seat(scene)
    painter.box(parts.seat, seat_colour(scene, seat))
    painter.mark("banner.seat", parts.seat, str(seat or ""))
    if parts.named:
        painter.text(
            layout.inset(parts.seat, 4),
            labels.player(view, seat, language) if seat else "—",
            layout.font(24),
            colour=theme.DARK_TEXT,
            bold=True,
            role="banner.seat",
            align="center",
        )
    painter.text(
        layout.inset(parts.phase, 4),
        phase_words(scene),
        layout.font(21),
        colour=theme.TEXT,
        bold=parts.phase_bold,
        role="banner.phase",
        align="center",
    )
    label, number, detail = counter
    box = layout.inset(parts.counter, 3)
    numeral = pygame.Rect(0, box.top, _numeral_width(painter, layout), box.height)
    numeral.right = box.right
    if parts.captions:
        caption = pygame.Rect(box.left, box.top, numeral.left - layout.px(4) - box.left, 0)
        caption.height = box.height // 2
        painter.text(
            caption, label, layout.min_text, colour=theme.DIM, role="banner.label", align="right"
        )
        caption.top = caption.bottom
        painter.text(
            caption, detail, layout.min_text, colour=theme.DIM, role="banner.detail", align="right"
        )
    painter.text(
        numeral,
        str(number),
        layout.font(36),
        colour=theme.HIGHLIGHT,
        bold=True,
        role="banner.counter",
        align="center",
    )


# --- the prompt bar ------------------------------------------------------------------------


def ask_text(painter: Painter, layout: Layout, scene: Scene) -> str:
    """What the prompt asks; without "Anna: " when the banner already names Anna. A
    question that needs more than two lines at 5 mm is left to the banner's phase and
    the choice, but the player it names stays ("Александра")."""
    said = labels.prompt_line(scene.view, scene.prompt, scene.language)
    player = mapping(scene.prompt.get("fields")).get("player")
    prefix = f"{player}: " if player else ""
    if prefix and said.startswith(prefix) and len(said) > len(prefix):
        if names_player(painter, layout, scene):
            rest = said[len(prefix) :]
            return rest[:1].upper() + rest[1:]
        width = _prompt_inner(layout).width
        if len(painter.wrap(said, width, layout.font(17), False)) > MAX_ASK_LINES:
            return str(player)
    return said


def _prompt_inner(layout: Layout) -> pygame.Rect:
    area = layout.prompt
    left = area.left + layout.px(8) + layout.px(6)
    return pygame.Rect(
        left, area.top + layout.px(2), area.right - layout.px(6) - left, area.height - layout.px(4)
    )


def prompt_bar(painter: Painter, layout: Layout, scene: Scene) -> None:
    """What the companion asks, then the choice under the cursor between the caps of the
    buttons that move and take it (red ▲, blue ▼, cyan ✓; yellow ↩ away from the first
    choice, where it goes back), drawn in the caps' colours."""
    if scene.replay is not None:  # a step of the replay: its own bar (screens/replay.py)
        return
    area = layout.prompt
    seat = acting_seat(scene)
    painter.box(area, theme.PANEL)
    stripe = pygame.Rect(area.left, area.top, layout.px(8), area.height)
    painter.box(stripe, seat_colour(scene, seat))
    inner = _prompt_inner(layout)
    ask_height = (layout.prompt_lines - layout.choice_lines) * layout.line
    ask_box = pygame.Rect(inner.left, inner.top, inner.width, ask_height)
    row = pygame.Rect(inner.left, ask_box.bottom, inner.width, inner.bottom - ask_box.bottom)
    if ask_height:
        painter.lines(
            ask_box,
            ask_text(painter, layout, scene),
            layout.font(17),
            colour=theme.TEXT,
            bold=_ask_bold(painter, layout, scene),
            role="prompt",
            max_lines=layout.prompt_lines - layout.choice_lines,
        )
    event_line(painter, layout, scene)
    notice(painter, layout, scene)
    choice_row(painter, layout, scene, row)


def choice_row(painter: Painter, layout: Layout, scene: Scene, row: pygame.Rect) -> None:
    """The choice under the cursor, between the caps that move and take it."""
    language = scene.language
    choices = scene.choices
    current = scene.cursor_choice
    secret = scene.spec.inputs.secret
    if secret is not None and scene.secret_choices:
        # The choice is secret: the screen never shows a value, whatever the cursor.
        others = [choice for choice in choices if choice.get("do") != secret.action]
        if not others:
            keys = [
                (colour, scene.spec.words.name(secret.field, value, language))
                for colour, value in secret.values.items()
            ]
            _colour_words(painter, layout, row, keys, role="prompt.choice")
            return
        choices, current = others, others[0]
    entry = scene.cursor_entry if current is None else None
    if current is None and entry is None:
        if scene.prompt and scene.prompt.get("seat") is not None:
            painter.text(
                row,
                text("ui.no_choices", language),
                layout.font(15),
                colour=theme.DIM,
                role="prompt.choice",
            )
        return
    label = _label(scene, current, entry)
    left, right = _choice_caps(painter, layout, scene, row)
    middle = pygame.Rect(left + layout.px(6), row.top, 0, row.height)
    middle.width = right - layout.px(6) - middle.left
    if current is not None and current in choices and len(choices) != len(scene.choices):
        index, count = choices.index(current) + 1, len(choices)  # the secret ones left out
    else:
        index, count = scene.ui.cursor % scene.option_count + 1, scene.option_count
    counted = text("ui.choice_count", language, index=index, count=count)
    count_width = painter.fonts.size(counted, layout.min_text, False)[0]
    label_width = painter.fonts.size(label, layout.font(17), True)[0]
    if (
        count > 1
        and layout.choice_lines == 1
        and label_width + count_width + layout.px(8) <= middle.width
    ):
        count_box = pygame.Rect(middle.right - count_width, middle.top, count_width, middle.height)
        painter.text(
            count_box,
            counted,
            layout.min_text,
            colour=theme.DIM,
            role="prompt.count",
            align="right",
        )
        middle.width -= count_width + layout.px(8)
    bold = len(painter.wrap(label, middle.width, layout.font(17), True)) <= layout.choice_lines
    painter.lines(
        middle,
        label,
        layout.font(17),
        colour=theme.HIGHLIGHT,
        bold=bold,
        role="prompt.choice",
        max_lines=layout.choice_lines,
    )


def _choice_caps(
    painter: Painter, layout: Layout, scene: Scene, row: pygame.Rect
) -> tuple[int, int]:
    """The caps that move and take the choice, drawn; the left and right edges between
    them. One line: ▲ ▼ … ↩ ✓ in a row. Two lines: the caps stand in two columns (▲ over
    ▼; ↩ over ✓), leaving the choice the width of the row less two caps, so a long
    choice keeps to its lines."""
    gap = layout.px(3)
    back_acts = _back_acts(scene)
    if layout.choice_lines == 1:
        side = min(row.height, layout.line)
        up = pygame.Rect(row.left, row.top, side, side)
        up.centery = row.centery
        down = up.move(side + gap, 0)
        select = up.copy()
        select.right = row.right
        back = select.move(-(side + gap), 0)
        left, right = down.right, back.left if back_acts else select.left
    else:
        side = min(layout.line, (row.height - gap) // 2)
        up = pygame.Rect(row.left, row.top, side, side)
        down = up.move(0, side + gap)
        back = up.copy()
        back.right = row.right
        select = back.move(0, side + gap) if back_acts else back.copy()
        if not back_acts:
            select.centery = row.centery
        left, right = up.right, back.left
    cap(painter, layout, up, *UP, role="prompt.key.up")
    cap(painter, layout, down, *DOWN, role="prompt.key.down")
    cap(painter, layout, select, *SELECT, role="prompt.key.select")
    if back_acts:  # yellow takes the cursor back to the first choice
        cap(painter, layout, back, *BACK, role="prompt.key.back")
    return left, right


def _label(scene: Scene, current: Action | None, entry: str | None) -> str:
    """The choice under the cursor in words (an entry to open ends with "…")."""
    words = scene.spec.choice_words
    if entry is not None:
        return f"{entry} …"  # values to enter: select opens the entry
    assert current is not None
    if words is not None:
        return words(scene.view, current, scene.language)
    return labels.choice(scene.view, current, scene.language, scene.game)


def _back_acts(scene: Scene) -> bool:
    """Yellow acts on a prompt only away from its first choice (it goes back there)."""
    return bool(scene.option_count) and scene.ui.cursor % scene.option_count != 0


def _choice_lines(painter: Painter, layout: Layout, scene: Scene) -> int:
    """Two when the choice under the cursor does not fit one line between the caps."""
    secret = scene.spec.inputs.secret
    if secret is not None and scene.secret_choices:
        return 1
    current = scene.cursor_choice
    entry = scene.cursor_entry if current is None else None
    if current is None and entry is None:
        return 1
    label = _label(scene, current, entry)
    inner = _prompt_inner(layout)
    caps = 4 if _back_acts(scene) else 3
    width = inner.width - caps * (layout.line + layout.px(3)) - 2 * layout.px(6)
    return 1 if painter.fonts.size(label, layout.font(17), False)[0] <= width else 2


def cap(
    painter: Painter, layout: Layout, rect: pygame.Rect, colour: str, glyph: str, *, role: str
) -> None:
    """A seat button's cap: a disc of its colour with what it does as a glyph."""
    pygame.draw.ellipse(painter.surface, theme.BUTTON_COLOURS[colour], rect)
    painter.mark(role, rect, colour)
    painter.text(
        rect,
        glyph,
        layout.min_text,
        colour=theme.DARK_TEXT,
        bold=True,
        role=f"{role}.glyph",
        align="center",
    )


def _colour_words(
    painter: Painter,
    layout: Layout,
    box: pygame.Rect,
    keys: list[tuple[str, str]],
    *,
    role: str,
) -> None:
    """Each colour's cap and its word, left to right (the secret vote's colour map)."""
    side = min(box.height, layout.line)
    gap = layout.px(4)
    widths = [painter.fonts.size(word, layout.min_text, True)[0] for _, word in keys]
    total = sum(widths) + len(keys) * (side + gap) + (len(keys) - 1) * gap * 2
    show_words = total <= box.width
    x = box.left
    for (colour, word), width in zip(keys, widths, strict=True):
        dot = pygame.Rect(x, 0, side, side)
        dot.centery = box.centery
        pygame.draw.ellipse(painter.surface, theme.BUTTON_COLOURS[colour], dot)
        painter.mark(f"{role}.{colour}", dot, word)
        x = dot.right + gap
        if show_words:
            words = pygame.Rect(x, box.top, width + 2, box.height)
            painter.text(words, word, layout.min_text, colour=theme.HIGHLIGHT, bold=True, role=role)
            x = words.right + 2 * gap
        else:
            x += gap


# --- what just happened, and notices -------------------------------------------------------


def event_line(painter: Painter, layout: Layout, scene: Scene) -> None:
    """The event line (:func:`draw_event_line`); in the replay the replay's bar draws it,
    over whatever the game's screen put there."""
    if scene.replay is None:
        draw_event_line(painter, layout, scene)


def draw_event_line(painter: Painter, layout: Layout, scene: Scene) -> None:
    """What the last action caused, in the narration's words, on its own line between the
    board and the prompt: the pieces the players must now move by hand. It stays until
    the next action and is empty after an undo. A sentence too long for one line at 5 mm
    takes two; what does not fit is counted in words ("and 2 more": the game log in the
    menu has it all; a bare "+2" after a sentence read like points)."""
    area = layout.event_line
    painter.box(area, theme.BACKGROUND)
    said = event_said(painter, layout, scene)
    if not said:
        return
    box = pygame.Rect(
        area.left + layout.px(4), area.top, area.width - 2 * layout.px(4), area.height
    )
    if layout.event_lines > 1:
        _first_and_count(
            painter,
            layout,
            box,
            said,
            scene.language,
            colour=theme.TEXT,
            role="event_line",
        )
        return
    painter.text(
        box,
        _what_fits(painter, layout, box, said, scene.language),
        layout.event_font,
        colour=theme.TEXT,
        bold=True,
        role="event_line",
        align="center",
    )


def event_said(painter: Painter, layout: Layout, scene: Scene) -> tuple[str, ...]:
    """The event line's sentences: what happened; after an undo or a redo whose first
    sentence does not fit the line's two lines at 5 mm, the same in the prompt's words
    ("Undone: Saxum → Messum")."""
    said, short = scene.happened, scene.happened_short
    if not said or not short:
        return said
    width = layout.width - 2 * layout.px(4)
    return said if len(painter.wrap(said[0], width, layout.min_text, False)) <= 2 else short


def _what_fits(
    painter: Painter, layout: Layout, box: pygame.Rect, lines: tuple[str, ...], language: str
) -> str:
    """As many whole sentences as the line holds, then how many more ("and 2 more")."""
    for count in range(len(lines), 0, -1):
        more = len(lines) - count
        said = SEPARATOR.join(lines[:count]) + _and_more(more, language)
        if painter.fonts.size(said, layout.event_font, True)[0] <= box.width:
            return said
    return lines[0]


def _and_more(count: int, language: str) -> str:
    """The continuation of a line that counts what did not fit, set off as the sentences
    are ("…  ·  and 2 more"): "" when all did."""
    if count <= 0:
        return ""
    return SEPARATOR.rstrip() + _held("  " + text("ui.and_more", language, count=count))


def _held(words: str) -> str:
    """Words a line never breaks inside ("and 2 more"): no-break spaces between them."""
    return words.replace(" ", "\u00a0")


def notice(painter: Painter, layout: Layout, scene: Scene) -> None:
    """The notice lines (:func:`draw_notices`); in the replay the replay's bar draws them."""
    if scene.replay is None:
        draw_notices(painter, layout, scene)


def draw_notices(painter: Painter, layout: Layout, scene: Scene) -> None:
    """The last thing the controls said ("not your turn", a question), then each part that
    does not work: on their own lines above the event line, never over the board. Two
    short notices take a line each; otherwise the first takes both lines and the rest are
    counted ("and 3 more": the game log in the menu lists them)."""
    if not scene.notes:
        return
    area = layout.notices
    painter.box(area, theme.NEGATIVE)
    box = pygame.Rect(
        area.left + layout.px(4), area.top, area.width - 2 * layout.px(4), area.height
    )
    notes = list(scene.notes)
    if len(notes) > 1 and layout.notice_lines == 2:
        second = (
            notes[1]
            if len(notes) == 2
            else text("ui.more_notices", scene.language, count=len(notes) - 1)
        )
        pair = (notes[0], second)
        for bold in (True, False):
            if all(painter.fonts.size(n, layout.min_text, bold)[0] <= box.width for n in pair):
                top, bottom = box.copy(), box.copy()
                top.height = bottom.height = box.height // 2
                bottom.top = top.bottom
                for line, line_box in zip(pair, (top, bottom), strict=True):
                    painter.text(
                        line_box,
                        line,
                        layout.min_text,
                        colour=theme.DARK_TEXT,
                        bold=bold,
                        role="notice",
                        align="center",
                    )
                return
    _first_and_count(
        painter, layout, box, tuple(notes), scene.language, colour=theme.DARK_TEXT, role="notice"
    )


def _first_and_count(
    painter: Painter,
    layout: Layout,
    box: pygame.Rect,
    said: tuple[str, ...],
    language: str,
    *,
    colour: theme.Colour,
    role: str,
) -> None:
    """The first sentence wrapped over the box's lines, then how many more ("and 3
    more", set off as sentences are and never broken; by a space, "3 more" or at last "+3"
    when only that fits): bold when it fits so, else plain."""
    lines = max(1, box.height // layout.line)
    more = len(said) - 1
    forms = (
        said[0] + _and_more(more, language),
        f"{said[0]} {_held(text('ui.and_more', language, count=more))}",
        f"{said[0]} {_held(text('ui.more_short', language, count=more))}",
        # The last resort on a small panel: a notice keeps its count ("+3": there are
        # more problems to see to), the event line its first sentence whole (the game
        # log has the rest).
        f"{said[0]}  +{more}" if role == "notice" else said[0],
    )

    def fits(words: str, bold: bool = False) -> bool:
        return len(painter.wrap(words, box.width, layout.min_text, bold)) <= lines

    words = next((f for f in forms if fits(f)), forms[-1]) if more else said[0]
    bold = fits(words, bold=True)
    painter.lines(
        box,
        words,
        layout.min_text,
        colour=colour,
        bold=bold,
        role=role,
        max_lines=lines,
        align="center",
    )
