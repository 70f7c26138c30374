"""The seats' colours, one place for the screen and the LED ring.

Seat 1..4: amber, azure, green, magenta: far apart in hue and all light enough for dark
text on top on the screen, which reads better from across the table than light text on a
dark chip; on the ring the same hues tell the seats' tokens apart.
"""

from __future__ import annotations

SEAT_COLOURS: tuple[tuple[int, int, int], ...] = (
    (244, 164, 48),
    (72, 156, 248),
    (104, 208, 112),
    (220, 110, 220),
)
