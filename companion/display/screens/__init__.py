"""The screen stack: which screen a scene needs, and overlays (the menu) on top of it.

Each screen has ``draw(painter, layout, scene, motion)`` and nothing else: drawing reads
the scene and never changes it. The stack is rebuilt from the scene: the game's screen at
the bottom (setup, board, Manus room, victory), the menu above it when the UI asks.
"""

from __future__ import annotations

from typing import Protocol

from companion.display.layout import Layout
from companion.display.paint import Painter
from companion.display.scene import Scene
from companion.display.screens.board import BoardScreen, Motion
from companion.display.screens.manus import ManusScreen
from companion.display.screens.menu import MenuScreen
from companion.display.screens.setup import SetupScreen
from companion.display.screens.victory import VictoryScreen


class Screen(Protocol):
    name: str
    opaque: bool

    def draw(self, painter: Painter, layout: Layout, scene: Scene, motion: Motion) -> None: ...


SCREENS: dict[str, Screen] = {
    screen.name: screen
    for screen in (MenuScreen(), SetupScreen(), BoardScreen(), ManusScreen(), VictoryScreen())
}


def game_screen(scene: Scene) -> str:
    """The screen the game itself asks for."""
    view = scene.view
    if not view:
        return "menu"
    if view.get("winner"):
        return "victory"
    if view.get("game") == "manus":
        return "manus"
    if view.get("stage") in ("castle_choice", "summoning"):
        return "setup"
    return "board"


def stack_for(scene: Scene) -> list[Screen]:
    """Bottom to top; the top screen takes the input, opaque screens hide what is below."""
    stack = [SCREENS[game_screen(scene)]]
    forced = scene.ui.screen
    if forced and forced in SCREENS and forced != stack[-1].name:
        stack.append(SCREENS[forced])
    return stack


def draw_stack(painter: Painter, layout: Layout, scene: Scene, motion: Motion) -> list[str]:
    """Draw the visible part of the stack; return the names drawn, bottom first."""
    stack = stack_for(scene)
    start = max((i for i, screen in enumerate(stack) if screen.opaque), default=0)
    drawn = []
    for screen in stack[start:]:
        screen.draw(painter, layout, scene, motion)
        drawn.append(screen.name)
    return drawn


__all__ = ["SCREENS", "Motion", "Screen", "draw_stack", "game_screen", "stack_for"]
