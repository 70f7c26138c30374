"""The LED ring's frame: a pure function of the public view and a time for animation.

The frame is in *logical* order: index 0 is the first LED of sector 1 (Bestiary) or of the
first quadrant (Manus), clockwise. :func:`to_physical` turns it for the ring as mounted
(offset, direction) and :func:`limit_current` scales it under the supply's budget.

Colours are never the only signal: in the Bestiary seat 1's tokens fill a sector from its
start and seat 2's from its end; the Manus test site is the lit quadrant and each quadrant
sits where its installations are. Only the *public* view is drawn, so nothing secret (an
unrevealed vote) can reach the ring.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

RGB = tuple[int, int, int]
OFF: RGB = (0, 0, 0)
SECTORS = 6
FPS = 20.0  # how often an animated frame is redrawn

DEFAULT_SEAT_COLOURS: tuple[RGB, ...] = (
    (255, 40, 0),  # seat 1: red-orange
    (0, 70, 255),  # seat 2: blue
    (0, 220, 60),  # seat 3: green
    (200, 0, 220),  # seat 4: violet
)
CONDITION_COLOURS: dict[str, RGB] = {
    "warm": (255, 50, 0),
    "cold": (0, 60, 255),
    "wet": (0, 200, 200),
    "dry": (230, 180, 0),
}


@dataclass(frozen=True)
class LedStyle:
    count: int = 24
    seat_colours: tuple[RGB, ...] = DEFAULT_SEAT_COLOURS
    sun: RGB = (255, 190, 110)
    mark: RGB = (24, 24, 24)


@dataclass(frozen=True)
class Overlay:
    """UI state that shows on the ring: a question waiting for a yes, a reveal just made."""

    confirming: bool = False
    changed_at: float = 0.0  # when the table last changed (reveal animations count from it)
    choice: Mapping[str, Any] | None = None  # the action under the cursor, not yet chosen


Renderer = Callable[[Mapping[str, Any], float, LedStyle, Overlay], list[RGB]]


def scale(colour: RGB, factor: float) -> RGB:
    r, g, b = colour
    return (round(r * factor), round(g * factor), round(b * factor))


def pulse(now: float, period: float = 1.2) -> float:
    """0.25..1.0, smoothly, ``period`` seconds a breath."""
    return 0.25 + 0.75 * (0.5 + 0.5 * math.sin(2 * math.pi * now / period))


def blink_on(now: float, hz: float = 2.0) -> bool:
    return (now * hz) % 1.0 < 0.5


def seat_colour(style: LedStyle, seat: int) -> RGB:
    return style.seat_colours[(seat - 1) % len(style.seat_colours)]


# --- Bestiary ------------------------------------------------------------------------------


def _bestiary(view: Mapping[str, Any], now: float, style: LedStyle, ui: Overlay) -> list[RGB]:
    per = style.count // SECTORS
    frame = [OFF] * style.count
    winner = view.get("winner")
    if winner:
        return _chase(style, int(winner["seat"]), now)
    period = int(view.get("period") or 0)
    sun = (view.get("sigil") or {}).get("sun_sector")
    if not sun:  # castles and summoning: a dim mark at the start of every sector
        for sector in range(SECTORS):
            frame[sector * per] = style.mark
        return frame
    sun_lit = not ui.confirming or blink_on(now, 3.0)
    for i in range(per):
        frame[(sun - 1) * per + i] = style.sun if sun_lit else OFF
    ghost = _support_preview(view, ui.choice)
    for entry in (view.get("sigil") or {}).get("sectors", []):
        sector = int(entry["sector"])
        tokens = list(entry.get("tokens", []))
        if ghost and ghost["sector"] == sector and blink_on(now, 2.0):
            tokens.append(ghost)
        _tokens_in_sector(frame, sector, tokens=tokens, period=period, now=now, style=style)
    return frame


def _support_preview(
    view: Mapping[str, Any], choice: Mapping[str, Any] | None
) -> dict[str, Any] | None:
    """Where a support ability under the cursor would put its token: it blinks there."""
    if not choice or choice.get("do") != "support":
        return None
    period = int(view.get("period") or 0)
    for seat in view.get("seats", []):
        for creature in seat.get("creatures", []):
            if creature.get("id") != choice.get("creature"):
                continue
            for ability in creature.get("abilities", []):
                prep = ability.get("prep")
                if ability.get("id") == choice.get("ability") and isinstance(prep, int):
                    returns = period + max(1, min(SECTORS, prep))
                    sector = (returns - 1) % SECTORS + 1
                    return {"owner": seat["seat"], "returns_at_period": returns, "sector": sector}
    return None


def _tokens_in_sector(
    frame: list[RGB],
    sector: int,
    *,
    tokens: Sequence[Mapping[str, Any]],
    period: int,
    now: float,
    style: LedStyle,
) -> None:
    """Odd seats fill the sector from its start, even seats from its end; an overflowing
    seat's innermost LED blinks; tokens returning next period pulse."""
    per = style.count // SECTORS
    start = (sector - 1) * per
    counts = {1: 0, 2: 0}
    soon = {1: False, 2: False}
    owners = {1: 1, 2: 2}
    for token in tokens:
        side = 1 if int(token["owner"]) % 2 else 2
        owners[side] = int(token["owner"])
        counts[side] += 1
        soon[side] = soon[side] or int(token["returns_at_period"]) == period + 1
    first = min(counts[1], per - min(counts[2], per // 2))
    second = min(counts[2], per - first)
    for side, shown, positions in (
        (1, first, range(start, start + first)),
        (2, second, range(start + per - 1, start + per - 1 - second, -1)),
    ):
        colour = seat_colour(style, owners[side])
        if soon[side]:
            colour = scale(colour, pulse(now))
        for i in positions:
            frame[i] = colour
        if shown and shown < counts[side] and not blink_on(now):
            frame[positions[-1]] = OFF


def _bestiary_animated(view: Mapping[str, Any], ui: Overlay, now: float) -> bool:
    if view.get("winner") or ui.confirming or _support_preview(view, ui.choice):
        return True
    period = int(view.get("period") or 0)
    return any(int(t["returns_at_period"]) == period + 1 for t in view.get("tokens", []))


# --- Hand of Manus ----------------------------------------------------------------------------

# The room's quadrants clockwise, as the installations stand: each shares one condition
# with each neighbour, so the site's token moving one step is one quadrant along the ring.
QUADRANTS: tuple[tuple[str, str], ...] = (
    ("warm", "wet"),
    ("warm", "dry"),
    ("cold", "dry"),
    ("cold", "wet"),
)
REVEAL_SECONDS = 2.5
VOTED: RGB = (200, 200, 200)


def _site_index(site: Mapping[str, Any] | None) -> int | None:
    if not site:
        return None
    key = (site.get("temperature"), site.get("humidity"))
    return QUADRANTS.index(key) if key in QUADRANTS else None


def _just_revealed(view: Mapping[str, Any], ui: Overlay, now: float) -> bool:
    revealed = any(e.get("event") == "votes_revealed" for e in view.get("events", []))
    return revealed and 0 <= now - ui.changed_at < REVEAL_SECONDS


def _manus(view: Mapping[str, Any], now: float, style: LedStyle, ui: Overlay) -> list[RGB]:
    """Four arcs, one per quadrant (temperature colour, then humidity colour); the test
    site bright, the others dim; the last LED of arc k is hand k's "has voted" dot."""
    if view.get("winner"):
        return _chase(style, int(view["winner"]["seat"]), now)
    arc = style.count // 4
    frame = [OFF] * style.count
    site = _site_index(view.get("test_site"))
    reveal = view.get("last_reveal") or {}
    elapsed = now - ui.changed_at
    if _just_revealed(view, ui, now) and elapsed < 1.0:  # a white spark runs round twice
        head = int(elapsed * 2 * style.count) % style.count
        return [VOTED if (i - head) % style.count < 2 else OFF for i in range(style.count)]
    before = _site_index(reveal.get("site_before"))
    moving = _just_revealed(view, ui, now)
    for quadrant, (temperature, humidity) in enumerate(QUADRANTS):
        level = 1.0 if quadrant == site else 0.08
        if moving and quadrant == site and not blink_on(now, 4.0):
            level = 0.08
        if moving and quadrant == before and quadrant != site:
            level = 0.08 + 0.6 * max(0.0, 1.0 - (elapsed - 1.0) / 1.5)
        lit = arc - 1
        for i in range(lit):
            colour = CONDITION_COLOURS[temperature if i < (lit + 1) // 2 else humidity]
            frame[quadrant * arc + i] = scale(colour, level)
    vote = view.get("vote") or {}
    if vote.get("open"):
        for hand in vote.get("voted", []):
            if 1 <= int(hand) <= 4:
                frame[int(hand) * arc - 1] = VOTED
    return frame


def _manus_animated(view: Mapping[str, Any], ui: Overlay, now: float) -> bool:
    return bool(view.get("winner")) or _just_revealed(view, ui, now)


def _chase(style: LedStyle, seat: int, now: float) -> list[RGB]:
    colour = seat_colour(style, seat)
    step = int(now * 8)
    return [colour if (i + step) % 3 == 0 else scale(colour, 0.15) for i in range(style.count)]


# --- dispatch ------------------------------------------------------------------------------

RENDERERS: dict[str, Renderer] = {"bestiary": _bestiary, "manus": _manus}
ANIMATED: dict[str, Callable[[Mapping[str, Any], Overlay, float], bool]] = {
    "bestiary": _bestiary_animated,
    "manus": _manus_animated,
}


def frame(
    view: Mapping[str, Any], now: float, style: LedStyle, ui: Overlay | None = None
) -> list[RGB]:
    """The ring's frame (logical order) for a public view at time ``now``."""
    if style.count % SECTORS:
        raise ValueError(f"an LED ring of {style.count} is not a multiple of {SECTORS}")
    renderer = RENDERERS.get(str(view.get("game")))
    if renderer is None:
        return [OFF] * style.count
    return renderer(view, now, style, ui or Overlay())


def is_animated(view: Mapping[str, Any], ui: Overlay | None = None, now: float = 0.0) -> bool:
    """Does the frame change with time alone (so the loop must wake to redraw)?"""
    check = ANIMATED.get(str(view.get("game")))
    return bool(check and check(view, ui or Overlay(), now))


def to_physical(logical: Sequence[RGB], offset: int = 0, reverse: bool = False) -> list[RGB]:
    """Logical LED ``i`` goes to physical ``(offset ± i) mod count``."""
    count = len(logical)
    out = [OFF] * count
    for i, colour in enumerate(logical):
        out[(offset + (-i if reverse else i)) % count] = colour
    return out


def limit_current(
    frame_: Sequence[RGB], brightness: float, max_milliamps: float, per_channel_ma: float = 20.0
) -> list[RGB]:
    """Scale a frame so the ring draws at most ``max_milliamps`` at ``brightness``.

    A WS2812B channel draws about 20 mA at full duty; the drive scales linearly with it.
    """
    drawn = sum(sum(colour) for colour in frame_) / 255 * per_channel_ma * brightness
    if drawn <= max_milliamps or drawn == 0:
        return list(frame_)
    factor = max_milliamps / drawn
    return [(int(r * factor), int(g * factor), int(b * factor)) for r, g, b in frame_]
