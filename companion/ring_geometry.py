"""Where things stand round the time disc: one description for the LED ring and the screen.

The board is seen from the screen's side, sector 1 starting at the top (12 o'clock) and
the sectors following **clockwise**, the way the sun mark moves from period to period.
The ring's frames are painted in that *logical* order (index 0 is the first LED of
sector 1); how the strip is wired (``leds.offset``: the physical LED at the start of
sector 1; ``leds.reverse``: the strip runs counter-clockwise) only decides which physical
LED shows a logical one, never where on the board it is. The on-screen disc, the Manus
room and the simulator's ring take their angles from here, so a token's chip on the
screen and its LED on the ring are on the same side of the board.

Angles are in degrees, mathematical convention: 0 is 3 o'clock, 90 is the top, and they
grow counter-clockwise (so "clockwise by one sector" is minus 60).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

SECTORS = 6  # the time disc's sectors: the ring is mounted in six equal arcs
TOP = 90.0  # where sector 1 starts
T = TypeVar("T")


def clockwise(angle: float, degrees: float) -> float:
    return angle - degrees


def point(centre: tuple[float, float], radius: float, degrees: float) -> tuple[float, float]:
    """The screen point at ``degrees`` round ``centre`` (screen y grows downwards)."""
    angle = math.radians(degrees)
    return centre[0] + radius * math.cos(angle), centre[1] - radius * math.sin(angle)


def angle_of(centre: tuple[float, float], spot: tuple[float, float]) -> float:
    """The angle (0..360) of a screen point round ``centre``."""
    return math.degrees(math.atan2(centre[1] - spot[1], spot[0] - centre[0])) % 360.0


def within(angle: float, start: float, end: float) -> bool:
    """Is ``angle`` on the clockwise arc from ``start`` to ``end``?"""
    return (start - angle) % 360.0 <= (start - end) % 360.0


@dataclass(frozen=True)
class RingGeometry:
    """The ring as mounted: ``count`` LEDs, wired from ``offset`` in ``reverse`` or not."""

    count: int = 24
    offset: int = 0
    reverse: bool = False

    @property
    def step(self) -> float:
        return 360.0 / self.count

    # --- logical positions (the board's own order) -----------------------------------------

    def led_angle(self, logical: int) -> float:
        """The centre of logical LED ``logical``."""
        return clockwise(TOP, (logical % self.count + 0.5) * self.step)

    def arc(self, part: int, parts: int, start: float = TOP) -> tuple[float, float]:
        """(start, end) angles of the ``part``-th (0-based) of ``parts`` equal arcs,
        clockwise from ``start``."""
        width = 360.0 / parts
        first = clockwise(start, part * width)
        return first, clockwise(first, width)

    def arc_centre(self, part: int, parts: int, start: float = TOP) -> float:
        first, end = self.arc(part, parts, start)
        return (first + end) / 2

    def arc_leds(self, part: int, parts: int, start: float = TOP) -> list[int]:
        """The logical LEDs of that arc, clockwise (its first LED first)."""
        per = self.count // parts
        shift = round(((TOP - start) % 360.0) / self.step)
        return [(shift + part * per + i) % self.count for i in range(per)]

    def sector_span(self, sector: int) -> tuple[float, float]:
        """(start, end) of sector 1..6, clockwise."""
        return self.arc(sector - 1, SECTORS)

    def sector_centre(self, sector: int) -> float:
        return self.arc_centre(sector - 1, SECTORS)

    # --- the strip as wired ----------------------------------------------------------------

    def physical(self, logical: int) -> int:
        """Logical LED ``i`` is physical ``(offset ± i) mod count``."""
        return (self.offset + (-logical if self.reverse else logical)) % self.count

    def logical(self, physical: int) -> int:
        step = physical - self.offset
        return (-step if self.reverse else step) % self.count

    def physical_angle(self, physical: int) -> float:
        """Where on the board the strip's LED number ``physical`` is."""
        return self.led_angle(self.logical(physical))

    def to_physical(self, logical: Sequence[T], blank: T) -> list[T]:
        out = [blank] * len(logical)
        for index, item in enumerate(logical):
            out[self.physical(index)] = item
        return out
