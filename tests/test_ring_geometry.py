"""The screen and the ring are drawn the same way round: a token's chip on the on-screen
disc and its LEDs on the ring are on the same side of the board, the Manus test site's
cell and its bright arc too, however the strip is wired (leds.offset, leds.reverse)."""

from __future__ import annotations

import math

import pygame
import pytest

from companion import games
from companion.display import samples
from companion.display.layout import SIZES
from companion.display.renderer import Renderer
from companion.games.manus.ring import CONDITION_COLOURS
from companion.leds import LedStyle, frame, to_physical
from companion.ring_geometry import RingGeometry, angle_of, within
from companion.seats import SEAT_COLOURS

GALLERY = samples.gallery()
WIRINGS = [(0, False), (5, False), (7, True), (0, True), (23, True)]


def draw(name: str, size: tuple[int, int]) -> Renderer:
    scene = GALLERY[name]("en")
    renderer = Renderer(pygame.display.set_mode(size))
    assert renderer.render(scene, 0.0)
    return renderer


def board_angle(physical: int, count: int, offset: int, reverse: bool) -> float:
    """Where the strip's LED ``physical`` is, from the config's words alone: LED ``offset``
    starts sector 1 at the top, and the strip runs clockwise unless ``reverse``."""
    steps = (physical - offset) * (-1 if reverse else 1) % count
    return (90.0 - (steps + 0.5) * 360.0 / count) % 360.0


def lit_angles(spec, view, colour, offset: int, reverse: bool) -> list[float]:
    style = LedStyle(count=24)
    # 0.3 s: a token due next period is at the top of its pulse, in its owner's own colour
    placed = to_physical(frame(spec, view, 0.3, style), offset, reverse)
    return [board_angle(p, 24, offset, reverse) for p, c in enumerate(placed) if c == colour]


def test_sector_1_starts_at_the_top_and_the_sectors_go_clockwise():
    geometry = RingGeometry()
    assert geometry.sector_span(1) == (90.0, 30.0)
    assert geometry.sector_centre(2) == 0.0  # 3 o'clock
    assert geometry.physical_angle(0) == pytest.approx(82.5)
    assert RingGeometry(24, 3, True).physical_angle(2) == pytest.approx(82.5 - 15)


@pytest.mark.parametrize(("offset", "reverse"), WIRINGS)
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_token_chip_and_its_leds_are_on_the_same_side(display, size, offset, reverse):
    spec = games.GAMES["bestiary"]
    renderer = draw("board_midgame", size)
    view = GALLERY["board_midgame"]("en").view
    disc = renderer.painter.marks_with("sigil.disc")[0].rect
    geometry = RingGeometry()
    assert view["tokens"]
    for token in view["tokens"]:
        start, end = geometry.sector_span(token["sector"])
        mark = f"sigil.token.{token['creature']}.{token['ability']}"
        chip = renderer.painter.marks_with(mark)[0].rect
        on_screen = angle_of(disc.center, chip.center)
        assert within(on_screen, start, end), (token, on_screen, (start, end))
        colour = SEAT_COLOURS[token["owner"] - 1]
        on_ring = lit_angles(spec, view, colour, offset, reverse)
        assert any(within(a, start, end) for a in on_ring), (token, on_ring, (start, end))
    # and the sun: its mark outside the rim, its LEDs on the same arc
    start, end = geometry.sector_span(view["sigil"]["sun_sector"])
    sun = renderer.painter.marks_with("sigil.sun")[0].rect
    assert within(angle_of(disc.center, sun.center), start, end)
    on_ring = lit_angles(spec, view, LedStyle().sun, offset, reverse)
    assert len(on_ring) == 4 and all(within(a, start, end) for a in on_ring)


def test_the_next_period_is_clockwise_of_the_sun_on_screen_and_ring(display):
    view = GALLERY["board_midgame"]("en").view
    renderer = draw("board_midgame", SIZES[-1])
    disc = renderer.painter.marks_with("sigil.disc")[0].rect
    sun = view["sigil"]["sun_sector"]
    labels = {
        sector: renderer.painter.texts_with(f"sigil.sector.{sector}")[0].rect.center
        for sector in range(1, 7)
    }
    here = angle_of(disc.center, labels[sun])
    after = angle_of(disc.center, labels[sun % 6 + 1])
    assert (here - after) % 360 == pytest.approx(60, abs=3)  # one sector clockwise


@pytest.mark.parametrize(("offset", "reverse"), WIRINGS)
@pytest.mark.parametrize("name", ["manus_vote", "manus_reveal"])
def test_the_manus_test_site_cell_and_its_bright_arc_are_on_the_same_side(
    display, name, offset, reverse
):
    spec = games.GAMES["manus"]
    renderer = draw(name, SIZES[0])
    view = GALLERY[name]("en").view
    room = renderer.painter.marks_with("manus.room")[0].rect
    site = renderer.painter.marks_with("manus.site")[0].rect
    on_screen = angle_of(room.center, site.center)
    style = LedStyle(count=24)
    placed = to_physical(frame(spec, view, 10.0, style), offset, reverse)
    full = set(CONDITION_COLOURS.values())  # the site's arc at full level, the rest dim
    bright = [board_angle(p, 24, offset, reverse) for p, c in enumerate(placed) if c in full]
    assert len(bright) == 5
    for on_ring in bright:
        gap = abs((on_screen - on_ring + 180) % 360 - 180)
        assert gap < 45, (on_screen, on_ring)
    assert not math.isclose(on_screen % 90, 0.0, abs_tol=1)  # inside a quadrant, not a wall
