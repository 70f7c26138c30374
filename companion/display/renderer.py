"""Draw a scene only when it changed, or while an animation runs.

An idle table draws nothing: :meth:`Renderer.render` compares the scene's fingerprint
with the last one drawn and returns at once when they match. The one animation (the disc
turning to the new period) asks for frames for ``TURN_SECONDS`` and then stops asking.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from companion.display.layout import Layout
from companion.display.paint import Fonts, Painter
from companion.display.scene import Scene
from companion.display.screens import Motion, chrome, draw_stack
from companion.rules.reading import mapping, whole

TURN_SECONDS = 0.6
ANIMATION_FPS = 30.0


@dataclass
class _Turn:
    from_sun: int
    started: float


class Renderer:
    def __init__(
        self,
        surface: pygame.Surface,
        fonts: Fonts | None = None,
        *,
        animate: bool = True,
        diagonal_inches: float | None = None,
    ) -> None:
        """``animate=False`` for a loop that only wakes on change: it draws end states.
        ``diagonal_inches``: the panel's (``display.diagonal_inches``), for text sizes in mm."""
        self.surface = surface
        self.animate = animate
        self.diagonal_inches = diagonal_inches
        self.layout = Layout(surface.get_width(), surface.get_height(), diagonal_inches)
        self.painter = Painter(surface, fonts or Fonts(), self.layout.min_text)
        self.framed = self.layout  # the last frame's layout (its notice and event lines)
        self.frames = 0  # frames drawn, for tests and the benchmark
        self.drawn: list[str] = []  # the screens of the last frame, bottom first
        self._key: str | None = None
        self._sun: int | None = None
        self._turn: _Turn | None = None

    def resize(self, surface: pygame.Surface) -> None:
        self.surface = surface
        self.layout = Layout(surface.get_width(), surface.get_height(), self.diagonal_inches)
        self.painter = Painter(surface, self.painter.fonts, self.layout.min_text)
        self._key = None

    def animating(self, now: float) -> bool:
        return self._turn is not None and now - self._turn.started < TURN_SECONDS

    def next_frame_in(self, now: float) -> float | None:
        """Seconds until the next animation frame is due, or None when nothing moves."""
        return 1.0 / ANIMATION_FPS if self.animating(now) else None

    def render(self, scene: Scene, now: float, force: bool = False) -> bool:
        """Draw ``scene`` if it differs from the last one drawn or an animation runs."""
        key = scene.key()
        sun = whole(mapping(scene.view.get("sigil")).get("sun_sector"))
        if sun != self._sun:
            if self.animate and sun is not None and self._sun is not None and key != self._key:
                self._turn = _Turn(self._sun, now)
            self._sun = sun
        moving = self.animating(now)
        if not moving and self._turn is not None:
            self._turn = None
            return self._draw(scene, Motion(), key)  # the last, settled frame
        if key == self._key and not moving and not force:
            return False
        motion = Motion()
        if moving and self._turn is not None:
            motion = Motion(self._turn.from_sun, (now - self._turn.started) / TURN_SECONDS)
        return self._draw(scene, motion, key)

    def _draw(self, scene: Scene, motion: Motion, key: str) -> bool:
        self.painter.reset()
        # Notices, the event line and a long question take the lines they need this
        # frame (never over the board): the board gets what is left.
        self.framed = chrome.frame(self.painter, self.layout, scene)
        self.drawn = draw_stack(self.painter, self.framed, scene, motion)
        self._key = key
        self.frames += 1
        return True
