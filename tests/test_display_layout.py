"""Text sizes come from the panel's size in millimetres, not from its pixels."""

from __future__ import annotations

import pytest

from companion.display.layout import MIN_TEXT_MM, SIZES, Layout


@pytest.mark.parametrize(("size", "floor"), [((480, 320), 33), ((800, 480), 27)])
def test_the_reference_panels_read_5_mm_at_these_sizes(size, floor):
    layout = Layout(*size)
    assert layout.min_text == floor
    assert layout.min_text * layout.mm_per_px >= MIN_TEXT_MM
    assert (layout.min_text - 1) * layout.mm_per_px < MIN_TEXT_MM


def test_a_bigger_panel_of_the_same_pixels_needs_fewer_of_them():
    small, large = Layout(800, 480), Layout(800, 480, diagonal_inches=10.1)
    assert large.min_text < small.min_text
    assert large.min_text * large.mm_per_px >= MIN_TEXT_MM


@pytest.mark.parametrize("size", SIZES)
def test_no_font_is_asked_below_the_floor_and_the_bands_hold_a_line(size):
    layout = Layout(*size)
    assert layout.font(1) == layout.min_text
    for band in (layout.banner, layout.event_line, layout.prompt):
        assert band.height >= layout.line
    with_notes = Layout(*size, notice_lines=2)
    assert with_notes.notices.height == 2 * layout.line
    assert with_notes.notices.bottom == with_notes.event_line.top
    assert with_notes.middle.bottom <= with_notes.notices.top
    assert with_notes.middle.height == layout.middle.height - 2 * layout.line
