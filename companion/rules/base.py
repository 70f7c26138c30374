"""The contract every game meets, and the pieces all games share.

A game is a module (or object) with four pure functions:

- ``start(setup) -> State``: a validated setup; a bad one raises :class:`SetupError`.
- ``step(state, action) -> State``: an illegal action raises :class:`IllegalAction`
  naming why; the old state is never touched (states are frozen).
- ``prompt(state) -> Prompt``: who must decide what now, and the legal choices.
- ``view(state, audience) -> dict``: a JSON-ready picture for ``public``, a seat
  (``"seat:2"`` or the bare seat number) or ``debug``.

Actions are plain JSON-ready mappings with a ``do`` key, exactly as the table journals
them and as ``companion play`` scripts write them.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

Action = Mapping[str, Any]
JSON = dict[str, Any]

PUBLIC = "public"
DEBUG = "debug"


class RulesError(Exception):
    """Base of the errors a player or a script can cause."""


class SetupError(RulesError):
    """The setup of a game is not valid; the message names the key."""


class IllegalAction(RulesError):
    """The action is not legal now; the message says why."""


@dataclass(frozen=True)
class Prompt:
    """Who must decide what now.

    ``seat`` is None when nobody has to act (the game is over). ``choices`` are complete
    actions that are legal now; a UI offers them in order. ``free`` lists the actions
    that are legal but take values no list can enumerate (a script may still send them).
    """

    seat: int | None
    kind: str
    text: str
    choices: tuple[JSON, ...] = ()
    free: tuple[str, ...] = ()

    def to_json(self) -> JSON:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "text": self.text,
            "choices": [dict(choice) for choice in self.choices],
            "free": list(self.free),
        }


class GameState(Protocol):
    """What every game's state offers to the table."""

    @property
    def events(self) -> tuple[JSON, ...]:
        """What the last action caused, past tense, for narration and cues."""
        ...

    @property
    def winner(self) -> Any: ...


S = TypeVar("S")


class Game(Protocol):
    """A game module as the table and the CLI see it."""

    name: str

    def start(self, setup: Mapping[str, Any]) -> Any: ...

    def step(self, state: Any, action: Action) -> Any: ...

    def prompt(self, state: Any) -> Prompt: ...

    def view(self, state: Any, audience: str = PUBLIC) -> JSON: ...

    def narrate(self, state: Any, language: str = "en") -> list[str]: ...


# --- helpers shared by the games: reading actions and setups with clear errors ------------


def did_you_mean(word: str, options: Iterable[str]) -> str:
    """A " (did you mean 'x'?)" suffix, or "" when nothing is close."""
    close = difflib.get_close_matches(str(word), list(options), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


H = TypeVar("H")


def handler_for(handlers: Mapping[str, H], action: Any) -> H:
    """The handler an action's ``do`` names, or an IllegalAction suggesting the nearest."""
    if not isinstance(action, Mapping):
        raise IllegalAction("an action is a mapping with a 'do' key")
    kind = action.get("do")
    handler = handlers.get(str(kind))
    if handler is None:
        raise IllegalAction(f"unknown action '{kind}'{did_you_mean(str(kind), handlers)}")
    return handler


def check_fields(
    where: str,
    given: Mapping[str, Any],
    allowed: Iterable[str],
    error: Callable[[str], RulesError] = IllegalAction,
) -> None:
    """Refuse unknown keys, naming the nearest known one."""
    allowed_set = set(allowed)
    for key in given:
        if key not in allowed_set:
            raise error(f"{where}: unknown field '{key}'{did_you_mean(key, allowed_set)}")


def require(action: Action, key: str, what: str = "") -> Any:
    if key not in action or action[key] is None:
        raise IllegalAction(f"missing field '{key}'{': ' + what if what else ''}")
    return action[key]


def as_int(value: Any, key: str, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalAction(f"'{key}' must be a whole number, not {value!r}")
    if low is not None and value < low:
        raise IllegalAction(f"'{key}' must be at least {low}, not {value}")
    if high is not None and value > high:
        raise IllegalAction(f"'{key}' must be at most {high}, not {value}")
    return value


def as_list(value: Any, key: str) -> list[Any]:
    if value is None:
        return []
    if isinstance(value, (str, int)):
        return [value]
    if isinstance(value, Sequence):
        return list(value)
    raise IllegalAction(f"'{key}' must be a list, not {value!r}")


def pick(options: Iterable[str], value: Any, key: str) -> str:
    """``value`` if it is one of ``options``, else an IllegalAction listing them."""
    opts = list(options)
    if value in opts:
        return str(value)
    raise IllegalAction(
        f"'{key}' must be one of {', '.join(opts)}, not {value!r}{did_you_mean(value, opts)}"
    )


@dataclass(frozen=True)
class Seats:
    """Seat numbers (1-based, the physical places at the table) and player names."""

    names: tuple[str, ...] = field(default_factory=tuple)

    @property
    def count(self) -> int:
        return len(self.names)

    def name(self, seat: int) -> str:
        return self.names[seat - 1]

    def numbers(self) -> range:
        return range(1, self.count + 1)

    def after(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places clockwise after ``seat``."""
        return (seat - 1 + steps) % self.count + 1


def parse_players(setup: Mapping[str, Any], low: int, high: int) -> Seats:
    players = setup.get("players")
    if players is None:
        players = [f"Player {n}" for n in range(1, low + 1)]
    if isinstance(players, int) and not isinstance(players, bool):
        players = [f"Player {n}" for n in range(1, players + 1)]
    if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
        raise SetupError("setup.players: a list of player names, e.g. [Anna, Boris]")
    if not low <= len(players) <= high:
        span = f"{low}" if low == high else f"{low} to {high}"
        raise SetupError(f"setup.players: this game takes {span} players, not {len(players)}")
    if len(set(players)) != len(players):
        raise SetupError("setup.players: two players have the same name")
    return Seats(tuple(players))


def seat_of(action: Action, seats: Seats) -> int | None:
    """The seat an action names (by number or by player name), or None."""
    seat = action.get("seat")
    if seat is None:
        return None
    if isinstance(seat, str):
        if seat in seats.names:
            return seats.names.index(seat) + 1
        if seat.isdigit():
            seat = int(seat)
        else:
            raise IllegalAction(f"no player named '{seat}'{did_you_mean(seat, seats.names)}")
    number = as_int(seat, "seat")
    if number not in seats.numbers():
        raise IllegalAction(f"no seat {number}: seats are 1 to {seats.count}")
    return number


def audience_seat(audience: str) -> int | None:
    """The seat number a view audience names (``"seat:2"`` or ``"2"``), else None."""
    text = audience.removeprefix("seat:")
    return int(text) if text.isdigit() else None
