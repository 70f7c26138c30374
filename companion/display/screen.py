"""The screen of ``companion run``: the app's scene, redrawn when the app says it changed.

``attach(app)`` opens the display (fullscreen on a Pi's console through KMSDRM or fbdev,
a window on a desktop) and registers a redraw with ``app.on_change``. The app's loop wakes
only for input and its own timers, so this screen draws end states and no animation. With
no display at all it logs why and the table runs on without a screen.
"""

from __future__ import annotations

import logging
import os
import sys
import time
from typing import Any

import pygame

from companion.display.renderer import Renderer
from companion.display.scene import Scene, ui_state

log = logging.getLogger("companion.screen")

DEFAULT_SIZE = (480, 320)


class ScreenOutput:
    """Draws the app's scene on ``surface`` whenever the app changes."""

    def __init__(self, app: Any, surface: pygame.Surface, *, clock: Any = time.monotonic) -> None:
        from companion.controls import MENU_ITEMS  # noqa: PLC0415 (the app's own module)

        self.app = app
        self.clock = clock
        self.menu_items = MENU_ITEMS
        self.renderer = Renderer(surface, animate=False)
        app.on_change(self.changed)
        self.changed(app)

    def scene(self) -> Scene:
        ui = ui_state(self.app.ui, menu_items=self.menu_items)
        return Scene(self.app.view, self.app.table.prompt().to_json(), ui)

    def changed(self, app: Any) -> None:
        if self.renderer.render(self.scene(), self.clock()):
            pygame.display.flip()


def attach(app: Any, size: tuple[int, int] | None = None) -> ScreenOutput | None:
    """Open the display and draw the app on it; None (logged) when there is no display."""
    desktop = bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    # SDL would take SIGINT and SIGTERM for itself (as a quit event nobody reads here);
    # the app handles them.
    os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
    try:
        pygame.display.init()
        if desktop or not sys.platform.startswith("linux"):
            surface = pygame.display.set_mode(size or DEFAULT_SIZE)
        else:  # a Pi's console: the whole panel, whatever its size
            surface = pygame.display.set_mode(size or (0, 0), pygame.FULLSCREEN)
            pygame.mouse.set_visible(False)
    except pygame.error as error:
        log.warning("no screen (%s): the table runs on with the LED ring and buttons", error)
        pygame.display.quit()
        return None
    log.info("screen %dx%d via %s", *surface.get_size(), pygame.display.get_driver())
    return ScreenOutput(app, surface)
