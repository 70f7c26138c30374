"""Four-path's rules object: the Bestiary's, with the expansion's hook table (engine.py)."""

from __future__ import annotations

from companion.games.four_path.engine import start, step
from companion.games.four_path.present import prompt, view
from companion.games.four_path.setup import GAME, rematch_setup
from companion.games.four_path.state import FourPathState
from companion.rules.base import JSON

name = GAME


def rematch(state: FourPathState, setup: JSON) -> JSON:
    """The next game of a series: the team that was second plays first (L61)."""
    return rematch_setup(state.fp)


__all__ = ["name", "prompt", "rematch", "start", "step", "view"]
