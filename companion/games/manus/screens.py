"""Hand of Manus's screens: the test room, and the victory with the points by round.

Loaded only by the screen (they import pygame): the spec names :func:`screens`.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

from companion.display.scene import Scene
from companion.display.screens.base import Screen
from companion.display.screens.victory import VictoryScreen
from companion.games.manus.screen import ManusScreen
from companion.games.manus.victory import summarise


@functools.cache
def screens() -> Mapping[str, Screen]:
    return {"room": ManusScreen(), "victory": VictoryScreen(summarise)}


def screen_for(scene: Scene) -> str:
    return "victory" if scene.view.get("winner") else "room"
