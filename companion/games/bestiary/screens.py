"""The duel's screens: castle choice and draft, the board, the victory with its chart.

Loaded only by the screen (they import pygame): the spec names :func:`screens`.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

from companion.display.scene import Scene
from companion.display.screens.base import Screen
from companion.display.screens.victory import VictoryScreen
from companion.games.bestiary.board import BoardScreen
from companion.games.bestiary.draft import SetupScreen
from companion.games.bestiary.victory import summarise


@functools.cache
def screens() -> Mapping[str, Screen]:
    return {"setup": SetupScreen(), "board": BoardScreen(), "victory": VictoryScreen(summarise)}


def screen_for(scene: Scene) -> str:
    view = scene.view
    if view.get("winner"):
        return "victory"
    if view.get("stage") in ("castle_choice", "summoning"):
        return "setup"
    return "board"
