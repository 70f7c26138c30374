"""The LED ring at the pixelbuf seam: the bytes a WS2812B strip would be sent."""

from __future__ import annotations

import pytest

from companion.hardware.pixels import PixelRing, RecordingStrip
from companion.leds import limit_current, to_physical

RED, GREEN, BLUE = (255, 0, 0), (0, 255, 0), (0, 0, 255)


def test_grb_strips_get_green_first_on_the_wire() -> None:
    strip = RecordingStrip(6, byteorder="GRB")
    PixelRing(strip).show([RED, GREEN, BLUE, (1, 2, 3), (0, 0, 0), (0, 0, 0)])
    assert strip.last_bytes[:12] == bytes([0, 255, 0, 255, 0, 0, 0, 0, 255, 2, 1, 3])


def test_an_rgb_strip_gets_red_first() -> None:
    strip = RecordingStrip(6, byteorder="RGB")
    PixelRing(strip).show([RED] * 6)
    assert strip.last_bytes[:3] == bytes([255, 0, 0])


def test_brightness_scales_the_bytes_not_the_frame() -> None:
    strip = RecordingStrip(6, byteorder="GRB", brightness=0.25)
    PixelRing(strip).show([(200, 100, 40)] * 6)
    assert strip.last_bytes[:3] == bytes([25, 50, 10])


def test_one_show_writes_one_frame_and_closing_turns_the_ring_off() -> None:
    strip = RecordingStrip(12)
    ring = PixelRing(strip)
    ring.show([BLUE] * 12)
    assert len(strip.writes) == 1
    ring.close()
    assert strip.last_bytes == bytes(36)


def test_a_frame_of_the_wrong_length_is_refused() -> None:
    with pytest.raises(ValueError, match="5 colours for a ring of 6"):
        PixelRing(RecordingStrip(6)).show([RED] * 5)


def test_the_current_limit_dims_a_white_ring_under_the_budget() -> None:
    white = [(255, 255, 255)] * 24  # 24 x 60 mA = 1440 mA at full brightness
    dimmed = limit_current(white, brightness=1.0, max_milliamps=720)
    assert dimmed[0] == (127, 127, 127)
    assert limit_current(white, brightness=0.5, max_milliamps=720) == white


def test_offset_and_direction_place_sector_one_where_the_ring_is_mounted() -> None:
    logical = [RED, GREEN, BLUE, (0, 0, 0), (0, 0, 0), (0, 0, 0)]
    assert to_physical(logical, offset=2)[2:5] == [RED, GREEN, BLUE]
    reversed_ring = to_physical(logical, offset=2, reverse=True)
    assert reversed_ring[2] == RED and reversed_ring[1] == GREEN and reversed_ring[0] == BLUE
