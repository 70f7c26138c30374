"""The statistics' charts as SVG text: bars (wins per player, a game's own counts) and a
timeline (game lengths, one panel per measure over the same games).

One drawing for both places the statistics are shown: the HTML report (``companion stats
--html``, ``companion club --html``) puts the SVG in the file as it is, and the table's
phone page gets the same text from ``/api/table/<token>/stats`` (companion.web.stats_routes)
and parses it as SVG (table.js). So the numbers a test reads in one are the other's, and the
report needs no script to show them. The spectator page's live victory chart stays in
common.js: it is redrawn on every update in the browser, from the payload's points.

Every text is escaped here (player names are what a table typed); colours are presentation
attributes, never ``style`` (the pages' Content-Security-Policy refuses inline styles), and
the chart draws its own background, so it reads the same in the report and on the phone.
The colours are the pages' (style.css: the seat colours first).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

from companion.stats_words import half_up, shown_number

# The viewBox's width: about a phone's width in CSS pixels, so on a phone the chart's text is
# read nearly 1:1. The pages cap a chart's width at WIDTH / FONT rem (the report's and the
# table page's style), so on a desktop its text is the page's own size, not scaled up with it.
WIDTH = 360
FONT = 16
CAPTION = 18
BACKGROUND = "#20232b"
TEXT = "#eceef2"
QUIET = "#9aa1ad"
AXIS = "#4a4f5c"
COLOURS = ("#f4a430", "#00f0cc", "#ff66ff", "#70b400", "#ffff40", "#28c8dc")
PAD = 12


@dataclass(frozen=True)
class Series:
    """One measure over the chart's labels (a bar per label, or a panel of the timeline)."""

    name: str
    values: Sequence[float | None]


def esc(text: object) -> str:
    """Text for SVG or HTML: markup characters and both quotes escaped."""
    return escape(str(text), quote=True)


def number(value: float | None, language: str = "en") -> str:
    """A number as the statistics show it (companion.stats_words.shown_number, the plain
    tables' too): a whole number as it is, anything else with one decimal, rounded half away
    from zero (1.25 is 1.3), a comma in Russian; "–" for none."""
    return shown_number(value, language, places=1)


def _em(letter: str) -> float:
    """About how wide a letter of the system font is, in ems (no font metrics on the box):
    capitals and Cyrillic are wider, spaces and punctuation narrower."""
    if letter in " .,:;'!|il1":
        return 0.32
    if letter.isupper() or "\u0400" <= letter <= "\u04ff" or letter in "mwMW%":
        return 0.7
    return 0.58


def _width(text: str, size: int = FONT, bold: bool = False) -> float:
    return sum(_em(letter) for letter in text) * size * (1.07 if bold else 1.0)


def _clip(text: str, room: float, size: int = FONT, bold: bool = False) -> str:
    """The text cut with an ellipsis to about ``room`` pixels (the whole one in its title)."""
    if _width(text, size, bold) <= room:
        return text
    keep = len(text)
    while keep > 1 and _width(text[:keep] + "…", size, bold) > room:
        keep -= 1
    return text[:keep].rstrip() + "…"


def _caption(title: str) -> list[str]:
    """The title in at most two lines of the chart's width (the second cut if need be)."""
    room, words, lines = WIDTH - 2 * PAD, title.split(), [""]
    for word in words:
        joined = f"{lines[-1]} {word}".strip()
        if _width(joined, CAPTION, True) <= room or not lines[-1] or len(lines) == 2:
            lines[-1] = joined
        else:
            lines.append(word)
    return [_clip(line, room, CAPTION, True) for line in lines]


def _header(title: str) -> float:
    """Where a chart's drawing starts: under its caption's lines."""
    return float(PAD + len(_caption(title)) * (CAPTION + 5))


def _open(height: float, title: str) -> list[str]:
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="stats-chart" viewBox="0 0 {WIDTH} '
        f'{height:.0f}" width="{WIDTH}" height="{height:.0f}" role="img" '
        f'aria-label="{esc(title)}" font-family="system-ui, sans-serif" font-size="{FONT}">',
        f"<title>{esc(title)}</title>",
        f'<rect width="{WIDTH}" height="{height:.0f}" rx="8" fill="{BACKGROUND}"/>',
    ]
    for number_, line in enumerate(_caption(title)):
        parts.append(
            f'<text class="caption" x="{PAD}" y="{PAD + CAPTION + number_ * (CAPTION + 5)}" '
            f'fill="{TEXT}" font-size="{CAPTION}" font-weight="600">{esc(line)}</text>'
        )
    return parts


def _legend(series: Sequence[Series], y: float) -> list[str]:
    """A swatch and a name per series, on as many lines as they need; [] for one series."""
    if len(series) < 2:
        return []
    parts, x = [], float(PAD)
    for index, one in enumerate(series):
        room = 18 + _width(one.name) + 22
        if x + room > WIDTH - PAD and x > PAD:
            x, y = float(PAD), y + FONT + 8
        colour = COLOURS[index % len(COLOURS)]
        parts.append(
            f'<rect x="{x:.1f}" y="{y - FONT + 2:.1f}" width="12" height="12" rx="2" '
            f'fill="{colour}"/>'
        )
        parts.append(
            f'<text class="legend" x="{x + 17:.1f}" y="{y:.1f}" fill="{TEXT}">'
            f"{esc(one.name)}</text>"
        )
        x += room
    return parts


def _legend_height(series: Sequence[Series]) -> float:
    if len(series) < 2:
        return 0.0
    lines, x = 1, float(PAD)
    for one in series:
        room = 18 + _width(one.name) + 22
        if x + room > WIDTH - PAD and x > PAD:
            lines, x = lines + 1, float(PAD)
        x += room
    return lines * (FONT + 8)


def bars(title: str, labels: Sequence[str], series: Sequence[Series], language: str = "en") -> str:
    """Horizontal bars: a group per label (its name on the left), a bar per series in the
    series' colour with its value at its end; every bar's title says "label · series: value".
    Horizontal, so a long name and many labels still fit a phone's width."""
    bar, inner, between = 16, 3, 10
    top = _header(title) + 12
    legend_at = top + FONT
    top += _legend_height(series)
    group = len(series) * bar + (len(series) - 1) * inner
    height = top + len(labels) * (group + between) + PAD
    parts = _open(max(height, top + PAD + bar), title)
    parts += _legend(series, legend_at)
    names = [str(label) for label in labels]
    label_room = min(max((_width(name) for name in names), default=0.0), WIDTH * 0.38)
    x0 = PAD + label_room + 8
    values = [v for one in series for v in one.values if v is not None]
    span = max([1.0, *(float(v) for v in values)])
    value_room = max((_width(number(v, language)) for v in values), default=0.0) + 8
    length = WIDTH - PAD - value_room - x0
    y = top
    for index, name in enumerate(names):
        middle = y + group / 2 + FONT / 2 - 2
        parts.append(
            f'<text class="label" x="{x0 - 8:.1f}" y="{middle:.1f}" text-anchor="end" '
            f'fill="{TEXT}"><title>{esc(name)}</title>{esc(_clip(name, label_room))}</text>'
        )
        for which, one in enumerate(series):
            value = one.values[index] if index < len(one.values) else None
            said = number(value, language)
            size = 0.0 if value is None else max(0.0, float(value)) / span * length
            by = y + which * (bar + inner)
            colour = COLOURS[which % len(COLOURS)]
            tip = f"{name} · {one.name}: {said}" if len(series) > 1 else f"{name}: {said}"
            parts.append(
                f'<rect class="bar" x="{x0:.1f}" y="{by:.1f}" width="{max(size, 1.5):.1f}" '
                f'height="{bar}" rx="2" fill="{colour}"><title>{esc(tip)}</title></rect>'
            )
            parts.append(
                f'<text class="value" x="{x0 + size + 5:.1f}" y="{by + bar - 3:.1f}" '
                f'fill="{TEXT}">{esc(said)}</text>'
            )
        y += group + between
    parts.append(
        f'<line x1="{x0:.1f}" y1="{top - 4:.1f}" x2="{x0:.1f}" y2="{y - between + 4:.1f}" '
        f'stroke="{AXIS}"/>'
    )
    parts.append("</svg>")
    return "\n".join(parts)


def _tick(value: float, language: str) -> str:
    """An axis' number: as short as it can be and still differ from its neighbours."""
    if value < 10:
        said = str(half_up(value, 2)).rstrip("0").rstrip(".")
    else:
        said = number(int(half_up(value)), language)
    return said.replace(".", ",") if language == "ru" else said


def _nice_top(value: float) -> float:
    """The axis' top: 1, 2, 4, 6 or 8 times a power of ten, at or above ``value`` (so its
    half, the middle line, is a round number too)."""
    if value <= 0:
        return 1.0
    power = 10 ** math.floor(math.log10(value))
    for step in (1, 2, 4, 6, 8, 10):
        if step * power >= value:
            return float(step * power)
    return float(10 * power)


def timeline(
    title: str,
    ticks: Sequence[str],
    panels: Sequence[Series],
    notes: Sequence[str] = (),
    language: str = "en",
) -> str:
    """The same games (left to right, oldest first) in one panel per measure, each on its own
    scale: a line through a dot per game; a dot's title says the panel's value and the
    game's ``notes`` (its date, players and winners). ``ticks`` names each game on the x
    axis (its date): the first and the last are written, and some between when they fit."""
    count = max((len(one.values) for one in panels), default=0)
    left, right, panel_height, gap = 44, PAD + 4, 96, 30
    top = _header(title) + 10
    height = top + len(panels) * (panel_height + gap) + 16
    parts = _open(height, title)
    span = WIDTH - left - right

    def x_of(index: int) -> float:
        return left + (span / 2 if count < 2 else index * span / (count - 1))

    y0 = top
    for colour_index, panel in enumerate(panels):
        colour = COLOURS[colour_index % len(COLOURS)]
        plot_top, plot_bottom = y0 + FONT + 10, y0 + FONT + 10 + panel_height - FONT - 10
        known = [float(v) for v in panel.values if v is not None]
        scale = _nice_top(max(known, default=0.0))
        parts.append(
            f'<text class="panel" x="{left}" y="{y0 + FONT:.1f}" fill="{colour}" '
            f'font-weight="600">{esc(panel.name)}</text>'
        )
        for fraction in (0.0, 0.5, 1.0):
            y = plot_bottom - fraction * (plot_bottom - plot_top)
            parts.append(
                f'<line x1="{left}" y1="{y:.1f}" x2="{WIDTH - right}" y2="{y:.1f}" '
                f'stroke="{AXIS}"/>'
            )
            parts.append(
                f'<text class="tick" x="{left - 6}" y="{y + 4:.1f}" text-anchor="end" '
                f'fill="{QUIET}">{esc(_tick(scale * fraction, language))}</text>'
            )

        rise = (plot_bottom - plot_top) / scale
        points = [
            (x_of(i), plot_bottom - float(v) * rise)
            for i, v in enumerate(panel.values)
            if v is not None
        ]
        if len(points) > 1:
            path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
            parts.append(
                f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2" '
                'stroke-linejoin="round" opacity="0.7"/>'
            )
        radius = 3.5 if count <= 40 else 2
        for index, value in enumerate(panel.values):
            if value is None:
                continue
            note = notes[index] if index < len(notes) else ""
            tip = f"{panel.name}: {number(value, language)}" + (f" · {note}" if note else "")
            y = plot_bottom - float(value) * rise
            parts.append(
                f'<circle class="dot" cx="{x_of(index):.1f}" cy="{y:.1f}" '
                f'r="{radius}" fill="{colour}"><title>{esc(tip)}</title></circle>'
            )
        y0 += panel_height + gap
    parts += _ticks(ticks, x_of, y0 - gap + 18)
    parts.append("</svg>")
    return "\n".join(parts)


def _ticks(ticks: Sequence[str], x_of: Callable[[int], float], y: float) -> list[str]:
    """The x axis' names: the first and the last, and evenly between them as many as fit."""
    count = len(ticks)
    if not count:
        return []
    room = max(_width(str(tick)) for tick in ticks) + 16
    fit = max(2, int((WIDTH - 60) / room))
    chosen = sorted({round(i * (count - 1) / (fit - 1)) for i in range(fit)}) if count > 1 else [0]
    parts, said = [], ""
    for index in chosen:
        if ticks[index] == said:  # the same day again: once is enough
            continue
        said = ticks[index]
        anchor = "start" if index == 0 and count > 1 else "end" if index == count - 1 else "middle"
        if count == 1:
            anchor = "middle"
        parts.append(
            f'<text class="tick" x="{x_of(index):.1f}" y="{y:.1f}" text-anchor="{anchor}" '
            f'fill="{QUIET}">{esc(ticks[index])}</text>'
        )
    return parts
