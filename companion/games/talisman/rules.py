"""The Talisman tracker's rules object (start, step, prompt, view)."""

from __future__ import annotations

from companion.games.talisman.engine import hero_seat, start, step
from companion.games.talisman.present import prompt, view
from companion.games.talisman.state import GAME, State
from companion.rules.base import Action, IllegalAction, Prompt, authorize_by_prompt

name = GAME

# The actions that change one hero's sheet (the hero named by ``hero:``, else the turn's).
SHEET_ACTIONS = frozenset(
    (
        *("lives", "fate", "gold", "strength", "craft", "trophy", "capacity", "alignment"),
        *("toad", "carry", "drop", "follower", "spell", "discard", "cast"),
    )
)


def authorize(state: State, action: Action, seat: int, asked: Prompt) -> None:
    """A hero's sheet is its own player's to change, in any turn (cards act on other
    heroes too: the hero they hit records it), and nobody else's: a player's phone cannot
    spend another hero's gold or drop another hero's objects. Every other decision is the
    prompted seat's (the turn, the defender deciding on fate, the winner taking a reward).
    One exception: the player whose turn it is may turn another hero into a toad."""
    if action.get("do") not in SHEET_ACTIONS:
        authorize_by_prompt(asked, action, seat, state.seats)
        return
    authorize_by_prompt(asked, action, seat, state.seats, anytime=SHEET_ACTIONS)
    owner = hero_seat(state, action)  # the hero named, else the turn's
    if action.get("do") == "toad" and seat == state.turn == asked.seat:
        # What the turn's hero does to another (a spell, a card drawn in his turn: the Ogre
        # toads the Elf, L293) is entered where the turn is, on the turn's own buttons.
        return
    if owner != seat:
        raise IllegalAction(
            f"{state.hero(owner).name} is {state.seats.name(owner)}'s hero, "
            f"not {state.seats.name(seat)}'s: a hero's sheet is changed by its own player"
        )


__all__ = ["authorize", "name", "prompt", "start", "step", "view"]
