"""The ring driver: the snapshot's LED frame on the ring, as mounted, within its current.

The frame itself is a pure function of the view (``companion.leds``); this output places
it on the strip (``leds.offset``/``reverse``), marks a journal that is not written (a red
dot opening every sector), applies the menu's brightness and the current limit, and
writes only frames that differ. It is the first output a snapshot reaches: the ring is a
press's quickest answer.
"""

from __future__ import annotations

import logging

from companion.config import Config
from companion.hardware.ports import LedRing
from companion.leds import FPS, LedStyle, Overlay, frame, is_animated, limit_current, to_physical
from companion.outputs import RING
from companion.seats import SEAT_COLOURS
from companion.snapshot import Snapshot

log = logging.getLogger("companion.ring")

STORAGE_FAULT: tuple[int, int, int] = (255, 0, 0)  # the ring's mark of a journal not written
STARTING: tuple[int, int, int] = (0, 40, 90)  # a dim blue on every sixth LED


class RingOutput:
    """Draws the snapshot's frame on the LED ring; writes only frames that differ."""

    rank = RING
    name = "ring"

    def __init__(self, ring: LedRing, config: Config) -> None:
        self.ring = ring
        leds = config.leds
        self.style = LedStyle(count=leds.count, seat_colours=leds.seat_colours or SEAT_COLOURS)
        self.offset, self.reverse = leds.offset, leds.reverse
        self.preview = leds.preview
        self.brightness = config.brightness  # as the adapters were opened with
        self.max_milliamps = float(leds.max_milliamps)
        self.last: list[tuple[int, int, int]] | None = None
        self.was_animated = False

    def overlay(self, snap: Snapshot) -> Overlay:
        return Overlay(
            confirming=snap.ui.confirming,
            changed_at=snap.changed_at,
            choice=snap.choice_under_cursor if self.preview else None,
            acting_seat=snap.prompt.seat,
            fresh_events=snap.change.events if snap.change.fresh else (),
        )

    def animated(self, snap: Snapshot, now: float) -> bool:
        return is_animated(snap.spec, snap.view, self.overlay(snap), now)

    # --- as an output --------------------------------------------------------------------

    def show(self, snapshot: Snapshot) -> None:
        self.draw(snapshot, snapshot.at)

    def next_wake(self, snapshot: Snapshot, now: float) -> float | None:
        return 1.0 / FPS if self.animated(snapshot, now) else None

    def tick(self, snapshot: Snapshot, now: float) -> None:
        """An animation's next frame, and the steady one after it ends."""
        animated = self.animated(snapshot, now)
        if animated or self.was_animated:
            self.draw(snapshot, now)
        self.was_animated = animated

    def close(self) -> None:
        pass  # the port is the adapters', closed with them

    # --- the frame ------------------------------------------------------------------------

    def draw(self, snap: Snapshot, now: float, force: bool = False) -> None:
        logical = frame(snap.spec, snap.view, now, self.style, self.overlay(snap))
        if snap.hardware.storage:  # nothing is kept: a red dot opens every sector
            step = max(1, len(logical) // 6)
            logical[::step] = [STORAGE_FAULT] * len(logical[::step])
        placed = to_physical(logical, self.offset, self.reverse)
        brightness = min(snap.ui.brightness, snap.ui.max_brightness)  # the menu's setting
        if brightness != self.brightness:
            self.ring.set_brightness(brightness)
            self.brightness, force = brightness, True
        limited = limit_current(placed, brightness, self.max_milliamps)
        if force or limited != self.last:
            self.ring.show(limited)
            self.last = limited


def starting(ring: LedRing | None) -> None:
    """The first thing the table shows, before the journal is read: a dim blue dot in
    every sector (a frame no game shows), so a long resume never looks like a dead box."""
    if ring is None:
        return
    count = ring.count
    step = max(1, count // 6)
    dots = [STARTING if index % step == 0 else (0, 0, 0) for index in range(count)]
    try:
        ring.show(dots)
    except Exception as error:  # the app replaces a failing ring in a moment anyway
        log.warning("the ring cannot show the start: %s", error)
