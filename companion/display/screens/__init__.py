"""The screen stack: which screen a scene needs, and the menu on top of it.

Each screen has ``draw(painter, layout, scene, motion)`` and nothing else: drawing reads
the scene and never changes it. The stack is rebuilt from the scene: the game's screen at
the bottom (from its spec's ``screens`` module; a game without its own gets the
generic screen and the generic victory), the menu above it when the menu is open; in the
replay, the game's screen at the step shown under the replay's marks.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module

from companion.display.layout import Layout
from companion.display.paint import Painter
from companion.display.scene import Scene
from companion.display.screens.base import Motion, Screen
from companion.display.screens.cards import CardsScreen
from companion.display.screens.entry import EntryScreen
from companion.display.screens.generic import GenericScreen
from companion.display.screens.menu import MenuScreen
from companion.display.screens.phones import PhonesScreen
from companion.display.screens.replay import ReplayScreen
from companion.display.screens.victory import VictoryScreen
from companion.games.spec import ScreenModule

MENU = MenuScreen()
ENTRY = EntryScreen()
CARDS = CardsScreen()
PHONES = PhonesScreen()
REPLAY = ReplayScreen()
REPLAY_OVER_VICTORY = ReplayScreen(lines=False)
GENERIC: Mapping[str, Screen] = {"generic": GenericScreen(), "victory": VictoryScreen()}


def _generic_screen_for(scene: Scene) -> str:
    return "victory" if scene.view.get("winner") else "generic"


def _module(scene: Scene) -> ScreenModule[Scene, Screen] | None:
    name = scene.spec.screens
    if name is None:
        return None
    # A module: its functions are the protocol.
    module: ScreenModule[Scene, Screen] = import_module(name)
    return module


def screens_of(scene: Scene) -> Mapping[str, Screen]:
    module = _module(scene)
    return module.screens() if module is not None else GENERIC


def game_screen(scene: Scene) -> Screen:
    """The screen the game itself asks for."""
    module = _module(scene)
    name = module.screen_for(scene) if module is not None else _generic_screen_for(scene)
    return screens_of(scene).get(name) or GENERIC["generic"]


def stack_for(scene: Scene) -> list[Screen]:
    """Bottom to top; opaque screens hide what is below."""
    game = game_screen(scene)
    stack = [game]
    if scene.replay is not None:  # a step of the replay: the game's screen, marked so
        return [game, REPLAY_OVER_VICTORY if game.name == "victory" else REPLAY]
    if scene.cards is not None:  # the card library view, over the game
        stack.append(CARDS)
    if scene.entering is not None and not scene.ui.menu_open:
        stack.append(ENTRY)
    if scene.ui.menu_open or scene.listing is not None:  # a list: drawn as the menu is
        stack.append(MENU)
    if scene.phones is not None:  # MENU, Phones: the codes to scan
        stack.append(PHONES)
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


__all__ = ["Motion", "Screen", "draw_stack", "game_screen", "stack_for"]
