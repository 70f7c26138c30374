"""The Talisman tracker's rules object (start, step, prompt, view)."""

from __future__ import annotations

from companion.games.talisman.engine import start, step
from companion.games.talisman.present import prompt, view
from companion.games.talisman.state import GAME

name = GAME

__all__ = ["name", "prompt", "start", "step", "view"]
