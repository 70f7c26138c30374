"""Hand of Manus on the LED ring: four arcs, one per quadrant of the test room, the test
site bright; each hand's "has voted" dot (never what it voted); a spark at the reveal."""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.manus.types import manus_view
from companion.leds import OFF, RGB, LedStyle, Overlay, blink_on, chase, scale
from companion.ring_geometry import RingGeometry
from companion.rules.base import View

CONDITION_COLOURS: dict[str, RGB] = {
    "warm": (255, 50, 0),
    "cold": (0, 60, 255),
    "wet": (0, 200, 200),
    "dry": (230, 180, 0),
}

# The room's quadrants clockwise, as the installations stand: each shares one condition
# with each neighbour, so the site's token moving one step is one quadrant along the ring.
# The first (warm and wet) starts at 9 o'clock: the room on the screen and the ring both
# place it from here (ring_geometry), so it is the upper-left on both.
ROOM_START = 180.0
QUADRANTS: tuple[tuple[str, str], ...] = (
    ("warm", "wet"),
    ("warm", "dry"),
    ("cold", "dry"),
    ("cold", "wet"),
)
REVEAL_SECONDS = 2.5
VOTED: RGB = (200, 200, 200)


def _site_index(site: Mapping[str, object] | None) -> int | None:
    if not site:
        return None
    key = (site.get("temperature"), site.get("humidity"))
    return QUADRANTS.index(key) if key in QUADRANTS else None


def _just_revealed(view: View, ui: Overlay, now: float) -> bool:
    """The cards were turned over by the change just made (not reached again by an undo)."""
    revealed = any(e.get("event") == "votes_revealed" for e in ui.fresh_events)
    return revealed and 0 <= now - ui.changed_at < REVEAL_SECONDS


def paint(view: View, now: float, style: LedStyle, ui: Overlay) -> list[RGB]:
    """Four arcs, one per quadrant (temperature colour, then humidity colour); the test
    site bright, the others dim; the last LED of arc k is hand k's "has voted" dot."""
    typed = manus_view(view)
    winner = typed.get("winner")
    if winner:
        return chase(style, int(winner["seat"]), now)
    arc = style.count // 4
    geometry = RingGeometry(style.count)
    frame = [OFF] * style.count
    site = _site_index(typed.get("test_site"))
    reveal = typed.get("last_reveal")
    elapsed = now - ui.changed_at
    if _just_revealed(view, ui, now) and elapsed < 1.0:  # a white spark runs round twice
        head = int(elapsed * 2 * style.count) % style.count
        return [VOTED if (i - head) % style.count < 2 else OFF for i in range(style.count)]
    before = _site_index(reveal.get("site_before") if reveal else None)
    moving = _just_revealed(view, ui, now)
    for quadrant, (temperature, humidity) in enumerate(QUADRANTS):
        level = 1.0 if quadrant == site else 0.08
        if moving and quadrant == site and not blink_on(now, 4.0):
            level = 0.08
        if moving and quadrant == before and quadrant != site:
            level = 0.08 + 0.6 * max(0.0, 1.0 - (elapsed - 1.0) / 1.5)
        leds = geometry.arc_leds(quadrant, 4, ROOM_START)
        lit = arc - 1
        for i in range(lit):
            colour = CONDITION_COLOURS[temperature if i < (lit + 1) // 2 else humidity]
            frame[leds[i]] = scale(colour, level)
    vote = typed.get("vote") or {}
    if vote.get("open"):
        for hand in vote.get("voted", []):
            if 1 <= int(hand) <= 4:
                frame[geometry.arc_leds(int(hand) - 1, 4, ROOM_START)[-1]] = VOTED
    return frame


def animated(view: View, ui: Overlay, now: float) -> bool:
    return bool(view.get("winner")) or _just_revealed(view, ui, now)
