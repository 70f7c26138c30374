"""The seats' colours, one place for the screen and the LED ring.

Seat 1..4: yellow, aqua, green, magenta. A colour-blind player must tell the seats apart
too: each pair stays at least 15 apart (CIEDE2000) under simulated protanopia,
deuteranopia and tritanopia as well as in normal vision (tests/test_colour_blind.py).
Hue alone cannot do that for a dichromat, so the four also differ in lightness: yellow
the lightest, then aqua, then green and magenta. All are light enough for dark text on
top (contrast at least 7:1), which reads better from across the table than light text on
a dark chip, and saturated, so on the ring the same hues tell the seats' tokens apart.
"""

from __future__ import annotations

SEAT_COLOURS: tuple[tuple[int, int, int], ...] = (
    (255, 255, 64),
    (0, 240, 204),
    (112, 180, 0),
    (255, 102, 255),
)
