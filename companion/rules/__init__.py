"""The rules kit every game builds on: pure, deterministic pieces with no I/O, no clock and
no randomness outside the state (the contract and its errors, the time sigil, lasting
effects). The games themselves live in ``companion/games/``."""

from __future__ import annotations

from companion.rules.base import IllegalAction, Prompt, RulesError, SetupError

__all__ = ["IllegalAction", "Prompt", "RulesError", "SetupError"]
