"""The seat colours stay apart for colour-blind players, on the screen and on the ring.

Each pair of seat colours is simulated as a protanope, a deuteranope and a tritanope sees
it (Machado, Oliveira and Fernandes 2009, full severity, applied to linear sRGB as the
model asks) and must stay at least ``FLOOR`` apart in CIEDE2000, normal vision too: about
the distance at which two chips side by side stop reading as "the same colour, give or
take". The colours also carry dark text on the screen, so each keeps a contrast of at
least ``CONTRAST_FLOOR`` (WCAG's AAA level) with near-black ink. colour-science does the
colour maths, so the test trusts no hand-copied matrix or formula.
"""

from __future__ import annotations

import itertools
import re
import warnings
from pathlib import Path

import numpy as np
import pytest

from companion.seats import SEAT_COLOURS

with warnings.catch_warnings():
    # Without SciPy or Matplotlib the library warns on import that their parts are away;
    # none of them is used here, and pytest turns warnings into errors.
    warnings.simplefilter("ignore")
    import colour  # colour-science, a dev dependency (pyproject.toml)

FLOOR = 15.0
CONTRAST_FLOOR = 7.0
INK = (20, 20, 20)
# Seat 1..4 in words, for a failure's message (the module docstring of companion/seats.py).
NAMES = ("yellow", "aqua", "green", "magenta")
# The library's names of the deficiencies; at severity 1.0 an anomaly is the full
# dichromacy (protanopia, ...). None: normal vision.
VISIONS = {
    "normal": None,
    "protanopia": "Protanomaly",
    "deuteranopia": "Deuteranomaly",
    "tritanopia": "Tritanomaly",
}
SRGB = colour.RGB_COLOURSPACES["sRGB"]
D65 = colour.CCS_ILLUMINANTS["CIE 1931 2 Degree Standard Observer"]["D65"]


def linear(rgb: tuple[int, int, int]) -> np.ndarray:
    """sRGB 0..255 to linear light 0..1."""
    return np.asarray(colour.cctf_decoding(np.asarray(rgb, float) / 255, function="sRGB"))


def seen(rgb: tuple[int, int, int], vision: str) -> np.ndarray:
    """The colour as CIELAB (D65) as a viewer with ``vision`` sees it."""
    light = linear(rgb)
    deficiency = VISIONS[vision]
    if deficiency is not None:
        with warnings.catch_warnings():
            # The tritanomaly matrices warn that they approximate tritanopia by a shift;
            # that approximation is the accepted one, and the one wanted here.
            warnings.simplefilter("ignore")
            matrix = colour.blindness.matrix_cvd_Machado2009(deficiency, 1.0)
        # Out of gamut after the simulation: clipped, as a screen would show it.
        light = np.clip(matrix @ light, 0.0, 1.0)
    xyz = colour.RGB_to_XYZ(light, SRGB, apply_cctf_decoding=False)
    return np.asarray(colour.XYZ_to_Lab(xyz, D65))


def name(seat: int) -> str:
    return f"seat {seat + 1} ({NAMES[seat]}, {SEAT_COLOURS[seat]})"


def test_names_cover_the_seats() -> None:
    assert len(NAMES) == len(SEAT_COLOURS) == 4


@pytest.mark.parametrize("vision", list(VISIONS))
def test_every_pair_of_seat_colours_is_apart(vision: str) -> None:
    labs = [seen(rgb, vision) for rgb in SEAT_COLOURS]
    distances = {
        (a, b): float(colour.delta_E(labs[a], labs[b], method="CIE 2000"))
        for a, b in itertools.combinations(range(len(SEAT_COLOURS)), 2)
    }
    (a, b), worst = min(distances.items(), key=lambda item: item[1])
    assert worst >= FLOOR, (
        f"{vision}: {name(a)} and {name(b)} are only {worst:.1f} apart (CIEDE2000), "
        f"under {FLOOR}: change the palette in companion/seats.py"
    )


def relative_luminance(rgb: tuple[int, int, int]) -> float:
    """WCAG's relative luminance, from the library's linear sRGB."""
    return float(linear(rgb) @ np.array([0.2126, 0.7152, 0.0722]))


@pytest.mark.parametrize("seat", range(len(SEAT_COLOURS)))
def test_dark_text_reads_on_every_seat_colour(seat: int) -> None:
    ratio = (relative_luminance(SEAT_COLOURS[seat]) + 0.05) / (relative_luminance(INK) + 0.05)
    assert ratio >= CONTRAST_FLOOR, (
        f"{name(seat)}: dark text {INK} on it has contrast {ratio:.2f}, under {CONTRAST_FLOOR}"
    )


def test_the_phones_pages_use_the_same_seat_colours() -> None:
    """style.css copies the palette for the phones (a page cannot import Python)."""
    css = (Path(__file__).parents[1] / "companion/web/static/style.css").read_text("utf-8")
    found = {int(n): hexa for n, hexa in re.findall(r"--seat-(\d): #([0-9a-f]{6});", css)}
    assert found == {
        index: "".join(f"{part:02x}" for part in rgb) for index, rgb in enumerate(SEAT_COLOURS)
    }
