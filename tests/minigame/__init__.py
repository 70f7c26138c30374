"""A third game that exists only for tests: "Race to five", with rules and a catalogue alone.

Seats take turns adding 1 or 2 to their own score, or passing; the first to reach 5 wins.
Nothing else is given (no screen, no ring, no narration, no input profile): the shell's
defaults must make it playable from the buttons.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from companion.games.spec import GameSpec
from companion.i18n import Words
from companion.rules.base import (
    JSON,
    PUBLIC,
    Action,
    IllegalAction,
    Prompt,
    Seats,
    handler_for,
    parse_players,
)

GOAL = 5


@dataclass(frozen=True)
class State:
    seats: Seats
    scores: tuple[int, ...]
    turn: int = 1
    moves: int = 0
    winner: int | None = None
    events: tuple[JSON, ...] = ()


def start(setup: Mapping[str, object] | None) -> State:
    seats = parse_players(dict(setup or {}), 2, 4)
    return State(seats=seats, scores=(0,) * seats.count)


def _add(state: State, action: Action) -> State:
    amount = action.get("amount")
    if amount not in (1, 2):
        raise IllegalAction(f"'amount' must be 1 or 2, not {amount!r}")
    assert isinstance(amount, int)
    scores = list(state.scores)
    scores[state.turn - 1] += amount
    won = scores[state.turn - 1] >= GOAL
    event = {
        "event": "added",
        "seat": state.turn,
        "amount": amount,
        "score": scores[state.turn - 1],
    }
    return replace(
        state,
        scores=tuple(scores),
        turn=state.turn if won else state.seats.after(state.turn),
        moves=state.moves + 1,
        winner=state.turn if won else None,
        events=(event,),
    )


def _pass(state: State, action: Action) -> State:
    event = {"event": "passed", "seat": state.turn}
    return replace(
        state, turn=state.seats.after(state.turn), moves=state.moves + 1, events=(event,)
    )


def step(state: State, action: Action) -> State:
    if state.winner is not None:
        raise IllegalAction("the game is over")
    return handler_for({"add": _add, "pass": _pass}, action)(state, action)


def prompt(state: State) -> Prompt:
    if state.winner is not None:
        name = state.seats.name(state.winner)
        return Prompt(None, "game_over", WORDS.key("ui.prompt.game_over"), {"player": name})
    choices: tuple[JSON, ...] = (
        {"do": "add", "amount": 1},
        {"do": "add", "amount": 2},
        {"do": "pass"},
    )
    fields: dict[str, str | int] = {"player": state.seats.name(state.turn)}
    return Prompt(state.turn, "add", WORDS.key("ui.prompt.add"), fields, choices)


def view(state: State, audience: str = PUBLIC) -> JSON:
    return {
        "game": "tally",
        "round": state.moves // state.seats.count + 1,
        "headline": f"{GOAL}",
        "seats": [
            {"seat": n, "name": state.seats.name(n), "score": state.scores[n - 1]}
            for n in state.seats.numbers()
        ],
        "winner": {"seat": state.winner} if state.winner is not None else None,
        "events": list(state.events),
    }


EN = {
    "title": "Race to five",
    "ui.prompt.add": "{player}: add to your score",
    "ui.prompt.game_over": "{player} won",
    "ui.choice.add": "Add {amount}",
    "ui.choice.pass": "Pass",
    "narr.added": "{player} adds {amount}: {score}.",
    "narr.passed": "{player} passes.",
}
RU = {
    "title": "Гонка до пяти",
    "ui.prompt.add": "{player}: прибавьте очки",
    "ui.prompt.game_over": "Победа: {player}",
    "ui.choice.add": "Прибавить {amount}",
    "ui.choice.pass": "Пас",
    "narr.added": "{player} прибавляет {amount}: {score}.",
    "narr.passed": "{player} пасует.",
}
WORDS = Words("tally", EN, RU)


class _Rules:
    """The rules as an object (a module works too): the four pure functions."""

    start = staticmethod(start)
    step = staticmethod(step)
    prompt = staticmethod(prompt)
    view = staticmethod(view)


SPEC: GameSpec[State] = GameSpec(name="tally", rules=_Rules(), words=WORDS)
