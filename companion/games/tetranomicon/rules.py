"""Tetranomicon's rules object (start, step, prompt, view)."""

from __future__ import annotations

from companion.games.tetranomicon.engine import start, step
from companion.games.tetranomicon.present import prompt, view
from companion.games.tetranomicon.state import GAME

name = GAME

__all__ = ["name", "prompt", "start", "step", "view"]
