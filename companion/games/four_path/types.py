"""Four-path's seams, typed: the view :func:`present.view` builds, the actions the prompt
offers and the samples play, and the events the rules emit (the pattern of
companion/games/manus/types.py).

Four-path is the Bestiary with hooks, and its view is the duel's with the expansion's parts
beside it, so the shapes the two games share are the Bestiary's
(companion/games/bestiary/types.py: a seat, a creature, a side and the winner carry
Four-path's keys there as NotRequired, so the duel's hooks Four-path reuses read them
typed). Here is only what Four-path adds or changes: its view's teams, towers, combined
phase, barriers and draft; the actions of the draft, the siege, the combined phase and the
respawn; and the events that name a side by its team (``side``) where the duel names a
seat.

The crossing in is one cast at the top of a hook (:func:`four_path_view`,
:func:`four_path_event`, :func:`four_path_action`); a TypedDict is the read-only mapping
the shell holds, so handing one back needs nothing, and the rules emit theirs through
:func:`emit_event`. Nothing is converted or checked at run time: the dicts are the same
objects.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict, TypeVar, cast

from companion.games.bestiary.types import (
    AbilityUsedEvent,
    AttackAction,
    AttackedEvent,
    CreatureDestroyedEvent,
    CreatureSummonedEvent,
    DebugView,
    DiscTurnedEvent,
    GameWonEvent,
    ManeuverAction,
    ManeuveredEvent,
    Named,
    PreparationEvent,
    ScaleMovedEvent,
    Seat,
    SiegeEvent,
    SummonAction,
    SupportAction,
    TurnDiscAction,
    ViewBase,
)
from companion.rules.base import Action, Event, Evolving, View, emit

S = TypeVar("S", bound=Evolving)

# --- the setup (setup.FourPathSetup.to_json writes it, setup.parse_setup reads it) ---------


class SetupDict(TypedDict, total=False):
    """A Four-path setup as a mapping: ``players`` the one key a setup must have."""

    mode: str  # teams or duel (by default the players' count says it)
    players: list[str]
    keeper: Seat
    first: Seat  # the menu's "who plays first": the first team's keeper
    first_team: int
    castles: dict[str, Seat]  # each castle's owner
    scale_length: int


# --- the view (docs/four_path.md names every field) ---------------------------------------


class TowerView(TypedDict):
    """A tower: who stands in its area, each team's control, who holds it."""

    tower: str
    number: int
    creatures: list[str]  # ids
    control: list[int]  # team 1, team 2
    holder: int | None
    held_at_last_siege: int | None


class SeatKind(TypedDict):
    """An ally's action in the combined phase."""

    seat: int
    kind: str


class CombinedView(TypedDict):
    """The combined phase of the team playing: whose hand it is, who has passed."""

    side: int
    allies: list[int]
    suggested: int
    opener: int | None
    to_act: int | None
    passed: list[int]
    actions: list[SeatKind]


class BarrierView(TypedDict):
    hex: str
    side: int
    seat: int
    placed_at_period: int


class BanView(TypedDict):
    seat: int
    creature: str  # the id


class SummonView(TypedDict):
    seat: int
    creature: str  # the id
    castle: str


class PickView(TypedDict):
    """The draft's next pick: a ban or a summon, and whose."""

    kind: str
    seat: int


class DraftView(TypedDict):
    banned: list[BanView]
    summoned: list[SummonView]
    next: PickView | None
    occupancy: dict[str, int]  # by castle: the creatures summoned into it
    castles: dict[str, int]  # by castle: its owner


class PendingView(TypedDict):
    """A destroyed creature waiting for its owner to say its castle (the duel, L83)."""

    creature: str  # the id
    name: str


class FourPathDebugView(DebugView):
    four_path: SetupDict


class FourPathView(ViewBase):
    """What ``rules.view`` returns: the duel's view (its seats, sides and winner with
    Four-path's keys, all present here) and the expansion's parts; ``debug`` in the debug
    view only."""

    events: list[FourPathEvent]
    debug: NotRequired[FourPathDebugView]
    mode: str
    keeper: Named
    first_team: int
    towers: list[TowerView]
    combined: CombinedView | None
    barriers: list[BarrierView]
    draft: DraftView | None
    pending_respawn: list[PendingView]
    playing_side: int | None


# --- the actions (one a ``do``; docs/four_path.md) ----------------------------------------

AreaCreatures = list[str] | dict[str, str]  # the creatures in an area, or each "in"/"out"
# A siege's areas: by tower, who stands there now; or by creature, its tower or "none"
# (the buttons' entry).
SiegeAreas = dict[str, AreaCreatures | str]


class BanAction(TypedDict):
    do: Literal["ban"]
    creature: str
    seat: NotRequired[Seat]


class FourPathSummonAction(SummonAction):
    castle: NotRequired[str]  # by default the seat's castle with room


class AreaAction(TypedDict):
    do: Literal["area"]
    tower: str
    creatures: NotRequired[AreaCreatures]
    seat: NotRequired[Seat]


class FourPathSiegeAction(TypedDict):
    do: Literal["siege"]
    areas: NotRequired[SiegeAreas]
    seat: NotRequired[Seat]


class OpenAction(TypedDict):
    do: Literal["open"]
    seat: NotRequired[Seat]  # the ally who opens


class PassAction(TypedDict):
    do: Literal["pass"]
    seat: NotRequired[Seat]


class FourPathAttackAction(AttackAction):
    volley: NotRequired[bool]  # the Siege tower's: the towers held say the strength


class FourPathManeuverAction(ManeuverAction):
    to: NotRequired[str]  # a castle of the owner's, or field (the default)


class HexCell(TypedDict, total=False):
    """A Barrier's hex as the buttons say it: its column letter and row number ("C3")."""

    column: str
    row: int


# "from" is a keyword: the keys an ability of the expansion adds, in the functional form.
SupportExtras = TypedDict(
    "SupportExtras",
    {"hex": str | HexCell, "on_mountains": int, "from": str, "to": str},
    total=False,
)


class FourPathSupportAction(SupportAction, SupportExtras):
    """A support ability; a Barrier names its hex, Reconstruction the mountains, Threads
    of life the two ends of the wound."""


class RespawnAction(TypedDict):
    do: Literal["respawn"]
    castle: str
    creature: NotRequired[str]
    seat: NotRequired[Seat]


FourPathAction = (
    BanAction
    | FourPathSummonAction
    | TurnDiscAction
    | AreaAction
    | FourPathSiegeAction
    | OpenAction
    | PassAction
    | FourPathAttackAction
    | FourPathManeuverAction
    | FourPathSupportAction
    | RespawnAction
)

# A prompt entry's action before its values are entered: the siege with where each
# creature stands (a tower's area, in older prompts), an attack of varying or another
# strength or on several targets, an ability of time X, Reconstruction's mountains or a
# Barrier's hex, a new card (the card editor).
EntryBase = (
    FourPathSiegeAction
    | AreaAction
    | FourPathAttackAction
    | FourPathSupportAction
    | FourPathSummonAction
)


# --- the events (one an ``event``; what the narration says) -------------------------------
# Where the duel names a side by its seat, Four-path names the team (``side``): the duel's
# events that may name either (the scale, the victory) are the Bestiary's; where Four-path
# only adds keys (a summon's castle, the siege's control...) its event extends the duel's.


class CreatureBannedEvent(TypedDict):
    event: Literal["creature_banned"]
    seat: int
    creature: str  # the name


class FourPathSummonedEvent(CreatureSummonedEvent):
    castle: str


class AreaSetEvent(TypedDict):
    event: Literal["area_set"]
    tower: str
    creatures: list[str]  # names
    control: list[int]  # team 1, team 2


class FourPathSiegeEvent(SiegeEvent):
    """The siege: the towers the team holds, by the control in each tower's area."""

    side: int
    control: list[list[int]]  # each tower's, team 1 and team 2


class TeamPreparationEvent(PreparationEvent):
    """The team's preparation (named by ``side``): the Barriers it takes off too."""

    barriers_removed: list[str]  # hexes


class SeatSideEvent(TypedDict):
    """An ally opens the team's combined phase, or passes."""

    event: Literal["opened", "passed"]
    seat: int
    side: int


class TeamPhaseEndedEvent(TypedDict):
    event: Literal["phase_ended"]
    side: int
    phase: str


class FourPathManeuveredEvent(ManeuveredEvent):
    to: str  # a castle, or field


# What an ability of the expansion says besides the duel's (the wound moved, the Barrier's
# hex, the mountains and the scale Reconstruction repaired, the wounds healed).
AbilitySaid = TypedDict(
    "AbilitySaid",
    {"from": str, "to": str, "hex": str, "on_mountains": int, "castle_damage": int, "wounds": int},
    total=False,
)


class FourPathAbilityEvent(AbilityUsedEvent, AbilitySaid):
    """An ability used: the duel's event and what the expansion's abilities add."""


class VampirismEvent(TypedDict):
    event: Literal["vampirism"]
    creature: str
    wounds_made: int
    healed: int


class RespawnedInEvent(TypedDict):
    event: Literal["respawned_in"]
    creature: str
    castle: str


FourPathEvent = (
    CreatureBannedEvent
    | FourPathSummonedEvent
    | DiscTurnedEvent
    | AreaSetEvent
    | FourPathSiegeEvent
    | TeamPreparationEvent
    | SeatSideEvent
    | TeamPhaseEndedEvent
    | ScaleMovedEvent  # by ``side``, a team's scale
    | GameWonEvent  # by ``side``, the winning team
    | AttackedEvent
    | CreatureDestroyedEvent
    | FourPathManeuveredEvent
    | FourPathAbilityEvent
    | VampirismEvent
    | RespawnedInEvent
)

# --- the seam -----------------------------------------------------------------------------


def four_path_view(view: View) -> FourPathView:
    """The view the shell hands a hook, as :func:`present.view` built it (a cast: the
    shell holds what ``rules.view`` returned)."""
    return cast(FourPathView, view)


def four_path_event(event: Event) -> FourPathEvent:
    """An event the shell hands a sayer (a cast: the rules emitted it typed)."""
    return cast(FourPathEvent, event)


def four_path_action(action: Action) -> FourPathAction:
    """An action the shell hands a hook (a prompt's choice: the prompt built it typed)."""
    return cast(FourPathAction, action)


def emit_event(state: S, *events: FourPathEvent) -> S:
    """The state with ``events`` added to what the action caused (:func:`emit`), each
    checked against its TypedDict above where the rules build it."""
    return emit(state, *events)
