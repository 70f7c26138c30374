"""Four-path's rules as the spec reads them: module functions over the one
:class:`~.engine.FourPathRules` object (the Bestiary's rules with the expansion's hooks)."""

from __future__ import annotations

from dataclasses import replace

from companion.games.bestiary.state import STAGE_PLAY
from companion.games.four_path.engine import start, step
from companion.games.four_path.present import prompt, view
from companion.games.four_path.setup import GAME, rematch_setup
from companion.games.four_path.state import FourPathState
from companion.rules.base import Action, IllegalAction, Prompt, Setup, authorize_by_prompt

name = GAME


def authorize(state: FourPathState, action: Action, seat: int, asked: Prompt) -> None:
    """A seat acts only as itself and only for its own team: a team's decision (its siege,
    who opens, the alternation of the combined phase) is either ally's, as the engine
    checks with the acting seat named (L123, L141-142); the other team is refused here.
    Every other decision (the draft, a respawn) is the prompted seat's. ``asked``: the
    prompt of ``state``."""
    if seat not in state.seats.numbers():
        raise IllegalAction(f"no seat {seat}: seats are 1 to {state.seats.count}")
    if action.get("do") == "open" and asked.seat is not None:
        # The team says which ally opens (L123): ``seat`` names the opener, and either
        # ally may say it; the engine checks the opener is of the team.
        if not state.allied(asked.seat, seat):
            raise IllegalAction(
                f"who opens is {state.seats.name(asked.seat)}'s team's to say, "
                f"not {state.seats.name(seat)}'s"
            )
        return
    team_play = state.stage == STAGE_PLAY and state.TEAMS  # not the draft, not a respawn
    if team_play and asked.seat is not None and state.allied(asked.seat, seat):
        asked = replace(asked, seat=seat)  # the ally's part of the team's decision
    authorize_by_prompt(asked, action, seat, state.seats)


def rematch(state: FourPathState, setup: Setup) -> Setup:
    """The next game of a series: the team that was second plays first (L61)."""
    return rematch_setup(state.fp)


__all__ = ["authorize", "name", "prompt", "rematch", "start", "step", "view"]
