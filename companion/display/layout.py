"""Screen geometry from the panel's physical size: nothing a player reads under 5 mm.

A table reads the screen from a metre away, so text has a floor in millimetres, not in
pixels: :data:`MIN_TEXT_MM` (5 mm) is ``min_text`` pixels of font size on this panel,
from its diagonal (``display.diagonal_inches`` in the config; the reference panels, a
3.5-inch 480x320 and a 7-inch 800x480, when it is not given). That is 33 px at 480x320
on 3.5 inches and 27 px at 800x480 on 7 inches. :meth:`Layout.font` never answers less,
and the painter never shrinks text below it: what does not fit at that size is shown
elsewhere (the acting seat's part of the board, a detail page behind MENU), not shrunk.

The frame every game screen shares: the banner on top, then the middle (the game's),
then one line per notice, the event line (what just happened) and the prompt bar. Every
one of those bands is at least one line of ``min_text``; a notice takes its own line
above the event line and never covers the board.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

BASE_WIDTH = 480
BASE_HEIGHT = 320
SIZES = ((480, 320), (800, 480))
MIN_TEXT_MM = 5.0
# The reference panels' diagonals in inches (docs/hardware.md): a 3.5" SPI 480x320 and
# the 7" DSI 800x480. Another size without a configured diagonal is taken at the pixel
# density of the reference panel nearest in height.
REFERENCE_DIAGONALS: dict[tuple[int, int], float] = {(480, 320): 3.5, (800, 480): 7.0}
LINE_SPACING = 1.17  # DejaVu Sans: a line is 1.164 em (ascent plus descent)
NOTICE_LINES = 2  # at most: the first notice, then "+n" for the rest


def mm_per_pixel(width: int, height: int, diagonal_inches: float | None = None) -> float:
    """The pixel pitch of a panel of this resolution and diagonal."""
    if diagonal_inches is None:
        reference = min(REFERENCE_DIAGONALS, key=lambda size: abs(size[1] - height))
        rw, rh = reference
        return REFERENCE_DIAGONALS[reference] * 25.4 / math.hypot(rw, rh)
    return diagonal_inches * 25.4 / math.hypot(width, height)


@dataclass(frozen=True)
class Layout:
    width: int
    height: int
    diagonal_inches: float | None = None  # the panel's, from the config; None: reference
    notice_lines: int = 0  # lines of notice shown this frame (0..NOTICE_LINES)
    event_lines: int = 1  # lines the event line needs this frame (1..2)
    prompt_lines: int = 2  # the prompt bar's lines this frame: the question's, the choice's
    choice_lines: int = 1  # of those, the choice's (two when a long choice wraps)

    @property
    def unit(self) -> float:
        return min(self.width / BASE_WIDTH, self.height / BASE_HEIGHT)

    @property
    def roomy(self) -> bool:
        return self.height >= 440 and self.width >= 700

    @property
    def mm_per_px(self) -> float:
        return mm_per_pixel(self.width, self.height, self.diagonal_inches)

    @property
    def min_text(self) -> int:
        """The smallest font size (px, the em) a player must read: 5 mm on this panel."""
        return math.ceil(MIN_TEXT_MM / self.mm_per_px - 1e-9)

    @property
    def line(self) -> int:
        """The height of one line of ``min_text`` with a little air."""
        return self.line_of(self.min_text)

    def line_of(self, font_px: int) -> int:
        return math.ceil(font_px * LINE_SPACING) + 2

    def px(self, size: float) -> int:
        """A length given for 480x320, at this size (never below 1)."""
        return max(1, round(size * self.unit))

    def font(self, size: float) -> int:
        """A font size given for 480x320, at this size, and never below ``min_text``."""
        return max(self.min_text, round(size * self.unit))

    def lines_in(self, height: int, font_px: int | None = None) -> int:
        """How many lines of ``font_px`` (default ``min_text``) a box this high holds."""
        return max(0, height // self.line_of(font_px or self.min_text))

    @property
    def screen(self) -> pygame.Rect:
        return pygame.Rect(0, 0, self.width, self.height)

    @property
    def banner(self) -> pygame.Rect:
        return pygame.Rect(0, 0, self.width, max(self.px(48), self.line + self.px(4)))

    @property
    def prompt(self) -> pygame.Rect:
        """What is asked (a line, two when it is long), and the choice under the cursor."""
        height = max(self.px(56), self.prompt_lines * self.line + self.px(4))
        return pygame.Rect(0, self.height - height, self.width, height)

    @property
    def event_line(self) -> pygame.Rect:
        """What just happened: its own line above the prompt, so it never covers the board
        (kept even when empty, so the board does not jump when it fills; two lines when
        a sentence needs them at 5 mm)."""
        height = self.event_lines * self.line_of(self.event_font)
        return pygame.Rect(0, self.prompt.top - height, self.width, height)

    @property
    def notices(self) -> pygame.Rect:
        """The notice lines, above the event line (empty when there is no notice)."""
        height = self.notice_lines * self.line
        return pygame.Rect(0, self.event_line.top - height, self.width, height)

    @property
    def middle(self) -> pygame.Rect:
        top = self.banner.bottom + self.px(2)
        return pygame.Rect(0, top, self.width, max(0, self.notices.top - self.px(2) - top))

    def inset(self, rect: pygame.Rect, by: float) -> pygame.Rect:
        return rect.inflate(-2 * self.px(by), -2 * self.px(by))

    @property
    def event_font(self) -> int:
        """The event line's text size: the floor (5 mm), one size for every panel."""
        return self.min_text
