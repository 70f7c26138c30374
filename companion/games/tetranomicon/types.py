"""Tetranomicon's seams, typed: the view :func:`present.view` builds, the actions the
prompt offers and the samples play, and the events :mod:`engine` emits.

The shell holds a game's view, events and actions as read-only mappings (View, Event,
Action: companion/rules/base.py); inside the game they are these TypedDicts, so mypy
checks every key the game writes and reads. A TypedDict is such a mapping, so the game
hands its own back as they are (``rules.view``, ``emit``, a prompt's choices, a sample);
the crossing into the game is one cast where the shell calls a hook of the spec
(:func:`tetra_view`, :func:`tetra_event`). Nothing is converted or checked at run time:
the dicts are the same objects.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NotRequired, TypedDict, TypeVar, cast

from companion.rules.base import Event, Evolving, View, emit

S = TypeVar("S", bound=Evolving)

Seat = int | str  # an action names a seat by number or by the player's name
Flag = Literal["peace", "war"]

# --- the setup (state.parse_setup reads and checks it) -----------------------------------


class TetraSetup(TypedDict, total=False):
    players: list[str]  # the one key a setup must have
    factions: list[str]  # by seat
    youngest: Seat  # the first player of the first epoch (a name or a seat)
    wealth: str
    resources: str
    random_events: bool
    diplomacy: bool
    epoch_repeats: bool
    first: Seat  # the same, as the rules name it (L119)
    edition: int  # the buttons' edition (state.EDITION); absent: edition 1


# --- the view (docs/tetranomicon.md names every field) -----------------------------------


class BuildingView(TypedDict):
    castle: int
    type: str


class RouteView(TypedDict):
    castles: list[int]
    kind: str


class CreatureView(TypedDict):
    name: str
    strength: int
    flag: Flag
    ability: str


class SeatView(TypedDict):
    """One faction in the view's ``seats``."""

    seat: int
    name: str
    faction: str
    coins: int
    buildings: list[BuildingView]
    per_castle: dict[str, int]
    buildings_left: int
    limit: int | None  # unknown until the epoch's peace or war is decided
    routes: list[RouteView]
    route_tokens_left: int
    army: list[CreatureView]
    strength: int
    peace_creatures: int
    war_creatures: int
    artifacts: list[int]
    influence: int
    trophies: list[int]
    fame: int
    passed: bool
    first: bool
    points: int


class Named(TypedDict):
    seat: int
    name: str


class WinnerView(TypedDict):
    seat: int
    seats: list[int]
    name: str  # the winners' names, ", " between them


class RelationView(TypedDict):
    seats: list[int]
    war: bool


class DebugView(TypedDict):
    setup: TetraSetup  # the setup as a journal holds it


class TetraView(TypedDict):
    """What ``rules.view`` returns (the same for every audience; ``debug`` adds one key)."""

    game: str
    epoch: int
    epochs: int
    phase: str
    epoch_type: str | None
    war: bool
    relations: Flag
    first: Named
    turn: Named | None
    order: list[int]
    castles: int
    wealth: str
    resources: str
    random_events: bool
    diplomacy: bool
    diplomacy_relations: list[RelationView]
    to_flip: list[int]
    epoch_types_played: list[str]
    seats: list[SeatView]
    standings: dict[str, list[int]]
    points: list[int]
    winner: WinnerView | None
    events: list[TetraEvent]
    debug: NotRequired[DebugView]


# --- the actions (one a ``do``; docs/tetranomicon.md) -------------------------------------
# The prompt's entries start from ``{"do": kind}`` and the screen enters the rest, so the
# keys the rules require are required here and an entry's base is not one of these.

FlipAction = TypedDict(
    "FlipAction", {"do": Literal["flip"], "with": Seat, "seat": NotRequired[Seat]}
)


class KeepAction(TypedDict):
    do: Literal["keep"]
    seat: NotRequired[Seat]


class EpochCardAction(TypedDict):
    do: Literal["epoch_card"]
    type: str
    seat: NotRequired[Seat]


class RelationAction(TypedDict):
    do: Literal["relation"]
    state: Flag
    seat: NotRequired[Seat]


class BuildAction(TypedDict):
    do: Literal["build"]
    type: str
    castle: int
    routes: NotRequired[dict[str, int]]  # the other factions' routes used, by name
    neutral_roads: NotRequired[int]
    neutral_canals: NotRequired[int]
    discount: NotRequired[int]
    seat: NotRequired[Seat]


class RouteAction(TypedDict):
    do: Literal["route"]
    castles: list[int]
    kind: NotRequired[str]
    discount: NotRequired[int]
    seat: NotRequired[Seat]


class ArtifactAction(TypedDict):
    do: Literal["artifact"]
    influence: int
    name: NotRequired[str]
    seat: NotRequired[Seat]


class SummonAction(TypedDict):
    do: Literal["summon"]
    strength: int
    flag: Flag
    ability: NotRequired[str]
    creature: NotRequired[str]
    discount: NotRequired[int]
    seat: NotRequired[Seat]


ExpeditionAction = TypedDict(
    "ExpeditionAction",
    {
        "do": Literal["expedition"],
        "from": int,
        "neutral": int,
        "level": int,
        "target": NotRequired[str],
        "routes": NotRequired[dict[str, int]],
        "neutral_roads": NotRequired[int],
        "neutral_canals": NotRequired[int],
        "event_strength": NotRequired[int],
        "event_coin": NotRequired[int],
        "discount": NotRequired[int],
        "seat": NotRequired[Seat],
    },
)


class PassAction(TypedDict):
    do: Literal["pass"]
    seat: NotRequired[Seat]


TetraAction = (
    FlipAction
    | KeepAction
    | EpochCardAction
    | RelationAction
    | BuildAction
    | RouteAction
    | ArtifactAction
    | SummonAction
    | ExpeditionAction
    | PassAction
)
EntryKind = Literal["build", "route", "artifact", "summon", "expedition"]


class EntryBase(TypedDict):
    """A prompt entry's action before its values are entered (``{"do": "build"}``)."""

    do: EntryKind
    castles: NotRequired[list[int]]
    # "Summon a new creature" (beside a library's summon): the box names the entry by its
    # base, so it says which of the two it is; the entry's first field, the ability, always
    # replaces it in the action played.
    ability: NotRequired[Literal["new"]]


NEW_CREATURE: Literal["new"] = "new"


# --- the events (one an ``event``; what the narration says) ------------------------------


class InitiativeEvent(TypedDict):
    event: Literal["initiative"]
    epoch: int
    seat: int


RelationFlippedEvent = TypedDict(
    "RelationFlippedEvent",
    {"event": Literal["relation_flipped"], "seat": int, "with": int, "war": bool},
)


class RelationsKeptEvent(TypedDict):
    event: Literal["relations_kept"]
    seat: int


class EpochCardEvent(TypedDict):
    event: Literal["epoch_card"]
    epoch: int
    type: str


class RelationsEvent(TypedDict):
    event: Literal["relations"]
    war: bool
    by: str  # "armies", "diplomacy", "kept" or "seat N"
    epoch: int


class Toll(TypedDict):
    seat: int
    coins: int


class BuiltEvent(TypedDict):
    event: Literal["built"]
    seat: int
    type: str
    castle: int
    cost: int
    tolls: list[Toll]


class RouteLaidEvent(TypedDict):
    event: Literal["route_laid"]
    seat: int
    castles: list[int]
    kind: str
    cost: int


class ArtifactMadeEvent(TypedDict):
    event: Literal["artifact_made"]
    seat: int
    influence: int
    name: str
    ferrarius: int  # the coins Ferrarius brought (0 without him)


class SummonedEvent(TypedDict):
    event: Literal["summoned"]
    seat: int
    creature: str
    strength: int
    flag: str
    ability: str
    cost: int


ExpeditionEvent = TypedDict(
    "ExpeditionEvent",
    {
        "event": Literal["expedition"],
        "seat": int,
        "from": int,
        "target": str,
        "cost": int,
        "strength": int,
        "neutral": int,
        "won": bool,
        "fame": int,
        "coins": int,
        "tolls": list[Toll],
    },
)


class PassedEvent(TypedDict):
    event: Literal["passed"]
    seat: int


class IncomeEvent(TypedDict):
    event: Literal["income"]
    seat: int
    buildings: int
    epoch: int
    coins: int


TributeEvent = TypedDict(
    "TributeEvent",
    {"event": Literal["tribute"], "seat": int, "from": int, "war": bool, "paid": int},
)


class GameWonEvent(TypedDict):
    event: Literal["game_won"]
    seats: list[int]
    points: list[int]
    sums: list[int]


TetraEvent = (
    InitiativeEvent
    | RelationFlippedEvent
    | RelationsKeptEvent
    | EpochCardEvent
    | RelationsEvent
    | BuiltEvent
    | RouteLaidEvent
    | ArtifactMadeEvent
    | SummonedEvent
    | ExpeditionEvent
    | PassedEvent
    | IncomeEvent
    | TributeEvent
    | GameWonEvent
)

# --- the seam ----------------------------------------------------------------------------


def tetra_view(view: View) -> TetraView:
    """The view the shell hands a hook, as the view :func:`present.view` built (a cast:
    the shell holds what ``rules.view`` returned)."""
    return cast(TetraView, view)


def tetra_event(event: Event) -> TetraEvent:
    """An event the shell hands a sayer, as :mod:`engine` emitted it (a cast)."""
    return cast(TetraEvent, event)


def tetra_events(events: Sequence[Event]) -> list[TetraEvent]:
    """A state's events (the rules kit holds them as Events), copied for the view."""
    return [tetra_event(dict(event)) for event in events]


def emit_event(state: S, event: TetraEvent) -> S:
    """The state with ``event`` added to what the action caused (:func:`emit`; here it
    is checked against its TypedDict above)."""
    return emit(state, event)
