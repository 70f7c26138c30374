"""Pure, deterministic game rules: no I/O, no clock, no randomness outside the state.

``GAMES`` maps a game's name (as scripts and the journal write it) to its module.
"""

from __future__ import annotations

from types import ModuleType

from companion.rules import bestiary, manus
from companion.rules.base import Game, IllegalAction, Prompt, RulesError, SetupError, did_you_mean

GAMES: dict[str, ModuleType] = {
    "bestiary": bestiary,
    "manus": manus,
}


def game(name: str) -> ModuleType:
    """The rules module of a game, or a SetupError naming the known games."""
    module = GAMES.get(name)
    if module is None:
        known = ", ".join(sorted(GAMES))
        raise SetupError(f"unknown game '{name}'{did_you_mean(name, GAMES)}; known: {known}")
    return module


__all__ = ["GAMES", "Game", "IllegalAction", "Prompt", "RulesError", "SetupError", "game"]
