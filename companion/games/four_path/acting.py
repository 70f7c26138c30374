"""Who acts in Four-path's play: the keeper, a team's decision, the alternation of the
combined phase (L123, L133, L141-142), and the state at a step of the period (turns.py).

Line numbers are of the Four-path rulebook (seeds/001).
"""

from __future__ import annotations

from companion.games.bestiary.state import PHASE_ATTACK_SUPPORT, PHASE_TURN_DISC, STAGE_PLAY
from companion.games.four_path import turns as periods
from companion.games.four_path.state import STAGE_RESPAWN, FourPathState
from companion.rules.base import Action, IllegalAction, seat_of


def named_seat(state: FourPathState, action: Action) -> int | None:
    """The seat the action names (``seat:``), if any."""
    return seat_of(action, state.seats)


def one_of(state: FourPathState, action: Action, allowed: tuple[int, ...], what: str) -> int:
    """The seat acting: the named one if it may, else the first allowed."""
    seat = named_seat(state, action)
    if seat is None:
        return allowed[0]
    if seat not in allowed:
        names = " or ".join(state.seats.name(s) for s in allowed)
        raise IllegalAction(f"not {state.seats.name(seat)}'s {what}: it is {names}'s")
    return seat


def creature_name(state: FourPathState, creature_id: str) -> str:
    creature = state.creature(creature_id)
    return creature.name if creature else creature_id


def playing(state: FourPathState, *phases: str) -> periods.Turns:
    """The period's steps, refused unless the play is in one of ``phases`` (a destroyed
    creature's castle is asked first, L83)."""
    if state.stage == STAGE_RESPAWN:
        names = ", ".join(creature_name(state, c) for c in state.pending)
        raise IllegalAction(f"first say in which castle {names} comes back (L83)")
    if state.stage != STAGE_PLAY or state.turns is None:
        raise IllegalAction(f"not now: the stage is {state.stage.replace('_', ' ')}")
    if state.phase not in phases:
        wanted = " or ".join(p.replace("_", " ") for p in phases)
        raise IllegalAction(f"not now: the phase is {state.phase.replace('_', ' ')}, not {wanted}")
    return state.turns


def to_act(state: FourPathState, action: Action, kind: str) -> int:
    """The seat whose action it is in the combined phase, checked by turns.py (L141-142)."""
    turns = playing(state, PHASE_ATTACK_SUPPORT)
    combined = turns.combined
    assert combined is not None
    seat = named_seat(state, action)
    if seat is None:
        # The player who owns the creature named acts (a player controls only his own
        # creatures, L133); else the ally whose hand it is.
        seat = combined.to_act if combined.to_act is not None else combined.suggested
        owner = _owner_named(state, action)
        if owner is not None and owner in combined.allies:
            seat = owner
    # The check alone: is it this seat's action now (L141-142)?
    if kind == periods.PASS:
        combined.pass_turn(seat)
    else:
        combined.act(seat, kind)
    return seat


def _owner_named(state: FourPathState, action: Action) -> int | None:
    ref = action.get("creature")
    if ref is None:
        return None
    text = str(ref).casefold()
    for creature in state.creatures:
        if text in (creature.id.casefold(), creature.name.casefold()):
            return creature.owner
    return None


def synced(state: FourPathState, turns: periods.Turns) -> FourPathState:
    """The state at ``turns``: its phase, period and the seat the prompt asks."""
    if turns.phase == PHASE_TURN_DISC:
        period = turns.period - 1
        seat = state.fp.keeper
    else:
        period = turns.period
        combined = turns.combined
        if combined is not None:
            seat = combined.to_act if combined.to_act is not None else combined.suggested
        else:
            seat = periods.suggested_opener(
                state.fp, turns.team, turns.last_openers[turns.team - 1]
            )
    return state.evolve(turns=turns, phase=turns.phase, period=period, turn=seat)


def team_first(state: FourPathState, side: int) -> tuple[int, ...]:
    """The team's seats, the one the prompt asks first."""
    turns = state.turns
    lead = state.turn if state.turn and state.side_of(state.turn) == side else None
    seats = state.fp.team_seats(side)
    if lead is None and turns is not None:
        lead = periods.suggested_opener(state.fp, side, turns.last_openers[side - 1])
    return tuple(sorted(seats, key=lambda s: s != lead))
