"""Bestiary of Sigillum, the "Two Castles" duel (RULES.md §1; seeds/002)."""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.bestiary.engine import step
from companion.games.bestiary.present import prompt, view
from companion.games.bestiary.state import GAME, State, parse_setup
from companion.rules.base import JSON, Action, authorize_by_prompt

name = GAME


def start(setup: Mapping[str, object] | None) -> State:
    """A new duel: castle choice comes first, by the first seat."""
    parsed = parse_setup(setup)
    return State(setup=parsed, turn=parsed.first)


def authorize(state: State, action: Action, seat: int) -> None:
    """Only the seat whose turn or decision it is acts; its engine then checks that the
    creature it acts with is its own (``_own_creature``)."""
    authorize_by_prompt(prompt(state), action, seat, state.seats)


def rematch_setup(state: State) -> JSON:
    """The setup of the next game in a series: the previous second player goes first."""
    setup = state.setup.to_json()
    setup["first"] = state.setup.second
    return setup


__all__ = ["authorize", "name", "prompt", "rematch_setup", "start", "step", "view"]
