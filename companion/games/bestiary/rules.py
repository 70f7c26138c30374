"""Bestiary of Sigillum, the "Two Castles" duel (RULES.md §1; seeds/002): the rules as
the spec reads them, module functions over the one :class:`~.engine.BestiaryRules`
object (``engine.RULES``) and the presentation (``present``)."""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.bestiary.engine import RULES
from companion.games.bestiary.present import prompt, view
from companion.games.bestiary.state import GAME, State
from companion.games.bestiary.types import BestiarySetup
from companion.rules.base import Action, Prompt, authorize_by_prompt

name = GAME


def start(setup: Mapping[str, object] | None) -> State:
    """A new duel: castle choice comes first, by the first seat."""
    return RULES.start(setup)


def step(state: State, action: Action) -> State:
    """The state after ``action`` (:meth:`BestiaryRules.step`)."""
    return RULES.step(state, action)


def authorize(state: State, action: Action, seat: int, asked: Prompt) -> None:
    """Only the seat whose turn or decision it is acts; its engine then checks that the
    creature it acts with is its own (``checks.own_creature``)."""
    authorize_by_prompt(asked, action, seat, state.seats)


def rematch_setup(state: State) -> BestiarySetup:
    """The setup of the next game in a series: the previous second player goes first."""
    setup = state.setup.to_json()
    setup["first"] = state.setup.second
    return setup


__all__ = ["authorize", "name", "prompt", "rematch_setup", "start", "step", "view"]
