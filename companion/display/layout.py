"""Screen geometry: the banner, the middle and the prompt bar, scaled to any size.

Laid out for 480x320 (the reference build) and 800x480; other sizes scale by the
smaller of the two ratios to 480x320, so text stays in proportion on a wide window
and nothing runs off a tall one. ``roomy`` screens (480 px high and up) show names
where a small screen shows abbreviations.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

BASE_WIDTH = 480
BASE_HEIGHT = 320
SIZES = ((480, 320), (800, 480))


@dataclass(frozen=True)
class Layout:
    width: int
    height: int

    @property
    def unit(self) -> float:
        return min(self.width / BASE_WIDTH, self.height / BASE_HEIGHT)

    @property
    def roomy(self) -> bool:
        return self.height >= 440 and self.width >= 700

    def px(self, size: float) -> int:
        """A length given for 480x320, at this size (never below 1)."""
        return max(1, round(size * self.unit))

    def font(self, size: float) -> int:
        """A font size given for 480x320, at this size (never below 9 px)."""
        return max(9, round(size * self.unit))

    @property
    def screen(self) -> pygame.Rect:
        return pygame.Rect(0, 0, self.width, self.height)

    @property
    def banner(self) -> pygame.Rect:
        return pygame.Rect(0, 0, self.width, self.px(48))

    @property
    def prompt(self) -> pygame.Rect:
        height = self.px(56)
        return pygame.Rect(0, self.height - height, self.width, height)

    @property
    def event_line(self) -> pygame.Rect:
        """What just happened: its own line above the prompt, so it never covers the board
        (kept even when empty, so the board does not jump when it fills). A roomy screen
        gives it a line read at a metre; 480x320 what its packed board can spare."""
        height = self.px(26 if self.roomy else 18)
        return pygame.Rect(0, self.prompt.top - height, self.width, height)

    @property
    def middle(self) -> pygame.Rect:
        top = self.banner.bottom + self.px(3)
        return pygame.Rect(0, top, self.width, self.event_line.top - self.px(3) - top)

    def inset(self, rect: pygame.Rect, by: float) -> pygame.Rect:
        return rect.inflate(-2 * self.px(by), -2 * self.px(by))

    @property
    def event_font(self) -> int:
        """The event line's text size: 27 px at 800x480 (5 mm on a 7-inch panel)."""
        return self.font(18 if self.roomy else 14)
