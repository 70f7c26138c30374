"""Tetranomicon's rules object (start, step, prompt, view)."""

from __future__ import annotations

from companion.games.tetranomicon.engine import start, step
from companion.games.tetranomicon.present import prompt, view
from companion.games.tetranomicon.state import GAME, State
from companion.rules.base import Action, Prompt, authorize_by_prompt

name = GAME


def authorize(state: State, action: Action, seat: int, asked: Prompt) -> None:
    """Only the faction whose turn or decision it is acts (its flip, its build, its pass)."""
    authorize_by_prompt(asked, action, seat, state.seats)


__all__ = ["authorize", "name", "prompt", "start", "step", "view"]
