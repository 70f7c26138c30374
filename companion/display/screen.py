"""The screen of ``companion run``: the app's scene, drawn as one of the app's outputs.

``attach(app)`` opens the display (fullscreen on a Pi's console through KMSDRM or fbdev,
a window on a desktop) and adds a :class:`ScreenOutput` to the app's outputs. It draws
each snapshot the loop hands it, end states and no animation, and answers the window
system a few times a second while the table is idle. With no display at all it logs why
and the table runs on without a screen.
"""

from __future__ import annotations

import logging
import os
import sys
import time
from collections.abc import Callable

import pygame

from companion.display.renderer import Renderer
from companion.display.scene import Scene
from companion.outputs import SCREEN, Host
from companion.snapshot import Snapshot
from companion.table import LoopOwned

log = logging.getLogger("companion.screen")

DEFAULT_SIZE = (480, 320)
PUMP = 0.25  # seconds between looks at the window system's events while idle


class ScreenOutput:
    """Draws each snapshot on ``surface`` (on the loop thread, the only one that touches
    pygame), and keeps a desktop window answering between events; the app subscribes it
    (``companion run``: app.py, with the other outputs)."""

    rank = SCREEN
    name = "screen"

    def __init__(
        self, app: Host, surface: pygame.Surface, *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.clock = clock
        self.renderer = Renderer(
            surface, animate=False, diagonal_inches=app.config.display.diagonal_inches
        )
        self.owner = LoopOwned()

    def show(self, snapshot: Snapshot) -> None:
        self.owner.check_thread()
        if self.renderer.render(Scene.of(snapshot), self.clock()):
            pygame.display.flip()

    def next_wake(self, snapshot: Snapshot, now: float) -> float | None:
        return PUMP

    def tick(self, snapshot: Snapshot, now: float) -> None:
        self.pump()

    def pump(self) -> None:
        """Let SDL answer the window system (a window that never does goes "not responding");
        a close of the window stops the table like Ctrl-C."""
        self.owner.check_thread()
        if any(event.type == pygame.QUIT for event in pygame.event.get()):
            raise KeyboardInterrupt

    def close(self) -> None:
        pass  # the display closes with pygame, after the loop


def attach(app: Host, size: tuple[int, int] | None = None) -> ScreenOutput | None:
    """Open the display and make the app's screen output on it (the caller subscribes it);
    None (logged) when there is no display."""
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
