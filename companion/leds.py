"""The LED ring's frame: a pure function of the public view and a time for animation.

Each game paints its own frame (its spec's ``ring``); a game without one gets
:func:`acting_seat`. The frame is in *logical* order: index 0 is the first LED of the
game's first sector, clockwise (:mod:`companion.ring_geometry` says where that is on the
board, for the screens too). :func:`to_physical` turns it for the ring as mounted
(offset, direction) and :func:`limit_current` scales it under the supply's budget. Only the
*public* view is drawn, so nothing secret (an unrevealed vote) can reach the ring.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from companion.ring_geometry import SECTORS, RingGeometry
from companion.rules.base import Action, Event, View
from companion.rules.reading import mapping, whole
from companion.seats import SEAT_COLOURS

RGB = tuple[int, int, int]
OFF: RGB = (0, 0, 0)
FPS = 20.0  # how often an animated frame is redrawn


@dataclass(frozen=True)
class LedStyle:
    count: int = 24
    seat_colours: tuple[RGB, ...] = SEAT_COLOURS
    sun: RGB = (255, 190, 110)
    mark: RGB = (24, 24, 24)


@dataclass(frozen=True)
class Overlay:
    """UI state that shows on the ring: a question waiting for a yes, the choice under the
    cursor, the seat to act, and the events of a change just made (an undo makes none, so
    it never replays an animation)."""

    confirming: bool = False
    changed_at: float = 0.0  # when the table last changed (animations count from it)
    choice: Action | None = None  # the action under the cursor, not yet chosen
    acting_seat: int | None = None
    fresh_events: tuple[Event, ...] = ()


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


def chase(style: LedStyle, seat: int, now: float) -> list[RGB]:
    colour = seat_colour(style, seat)
    step = int(now * 8)
    return [colour if (i + step) % 3 == 0 else scale(colour, 0.15) for i in range(style.count)]


# --- the generic ring, for a game that brings none -----------------------------------------


def acting_seat(view: View, now: float, style: LedStyle, ui: Overlay) -> list[RGB]:
    """The seat that must act, in its colour all round (dim), breathing; a winner's chase."""
    winner_seat = whole(mapping(view.get("winner")).get("seat"))
    if winner_seat is not None:
        return chase(style, winner_seat, now)
    seat = ui.acting_seat
    if seat is None:
        return [style.mark] * style.count
    return [scale(seat_colour(style, seat), 0.35)] * style.count


def acting_seat_animated(view: View, ui: Overlay, now: float) -> bool:
    return bool(view.get("winner"))


# --- dispatch ------------------------------------------------------------------------------


class PaintsTheRing(Protocol):
    """What the ring reads of a game's spec (:class:`companion.games.spec.GameSpec`): its
    painter, and whether its frame changes with time alone. Named here rather than
    imported: the games paint with this module, so it does not reach back into them."""

    @property
    def ring(self) -> Callable[[View, float, LedStyle, Overlay], list[RGB]] | None: ...

    @property
    def ring_animated(self) -> Callable[[View, Overlay, float], bool] | None: ...


def frame(
    spec: PaintsTheRing,
    view: View,
    now: float,
    style: LedStyle,
    ui: Overlay | None = None,
) -> list[RGB]:
    """The ring's frame (logical order) for a public view at time ``now``."""
    if style.count % SECTORS:
        raise ValueError(f"an LED ring of {style.count} is not a multiple of {SECTORS}")
    painter = spec.ring or acting_seat
    return painter(view, now, style, ui or Overlay())


def is_animated(
    spec: PaintsTheRing,
    view: View,
    ui: Overlay | None = None,
    now: float = 0.0,
) -> bool:
    """Does the frame change with time alone (so the loop must wake to redraw)?"""
    check = spec.ring_animated or acting_seat_animated
    return check(view, ui or Overlay(), now)


def to_physical(logical: Sequence[RGB], offset: int = 0, reverse: bool = False) -> list[RGB]:
    """Logical LED ``i`` goes to physical ``(offset ± i) mod count``."""
    return RingGeometry(len(logical), offset, reverse).to_physical(logical, OFF)


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
