"""The Bestiary's seams, typed: the view :func:`present.view` builds, the actions the
prompt offers and the samples play, and the events :mod:`engine` emits (the same pattern
as companion/games/manus/types.py and companion/games/tetranomicon/types.py).

The shell hands a game its view, its events and its actions as read-only mappings
(companion/rules/base.py: View, Event, Action); inside the game they are these
TypedDicts, so mypy checks every key the game writes and reads. A TypedDict is such a
mapping, so handing one to the shell needs nothing; the crossing back is one cast at the
top of a hook (:func:`bestiary_view`, :func:`bestiary_event`, :func:`bestiary_action`).
Nothing is converted or checked at run time: the dicts are the same objects.

Four-path (companion/games/four_path/) plays on the Bestiary through the hooks of
:class:`~.engine.BestiaryRules` and builds its view on the duel's. The keys it adds to the
duel's own parts (a seat's side and castles, a creature's control and place, a side's
name and towers, the winning team) are here as NotRequired, so the duel's hooks that
Four-path reuses (picture, ring, labels, the board) read them typed; the parts only
Four-path has are typed in its folder.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict, TypeVar, cast

from companion.rules.base import Action, Event, Evolving, View, emit

S = TypeVar("S", bound=Evolving)

Seat = int | str  # an action names a seat by number or by the player's name

# --- the setup (state.Setup.to_json writes it, state.parse_setup reads it) ---------------


class BestiarySetup(TypedDict, total=False):
    players: list[str]  # the one key a setup must have
    first: int
    scale_length: int
    tempo: str  # slow, fast, or choose (the Four-path tempo stage)
    edition: int  # stamped on a new game (state.EDITION)


# --- the view (docs/bestiary.md names every field) ---------------------------------------


class AbilityView(TypedDict):
    id: str
    name: str
    prep: int | str | None  # 1..6, "X" (said at use), None (not known: said at use)
    ready: bool  # its token is off the sigil
    returns_at_period: int | None


class EffectView(TypedDict):
    """A lasting effect (a marker on a creature's card)."""

    kind: str
    creature: str  # the id
    creature_name: str
    applied_by: int
    applied_at_period: int
    ends_at_period: int
    source: str  # the ability's id


CreatureView = TypedDict(
    "CreatureView",
    {
        "id": str,
        "name": str,
        "class": str,
        "vitality": int,
        "wounds": int,
        "respawns": int,
        "attack_strength": int | None,  # None: "varies" on the card
        "inactive": bool,
        "acted": bool,
        "respawned": bool,  # destroyed this turn and back in its castle
        "defense": int,
        "abilities": list[AbilityView],
        "effects": list[EffectView],
        # Four-path's additions.
        "control": NotRequired[int],
        "maneuvered": NotRequired[bool],
        "place": NotRequired[str],
    },
)


class TokenView(TypedDict):
    """An ability's token on the sigil."""

    owner: int
    creature: str
    creature_name: str
    ability: str
    ability_name: str
    placed_at_period: int
    returns_at_period: int
    sector: int


class SectorView(TypedDict):
    sector: int
    tokens: list[TokenView]


class SigilView(TypedDict):
    sun_sector: int | None  # None before the first period
    sectors: list[SectorView]


class SeatView(TypedDict):
    """One player in the view's ``seats``: its castle, its scale and its army."""

    seat: int
    name: str
    castle: str | None  # None before the castles are chosen
    castle_damage: int  # its side's scale
    scale_length: int
    creatures: list[CreatureView]
    # Four-path's additions: the seat's team and the castles it shares.
    side: NotRequired[int]
    castles: NotRequired[list[str]]


class SideView(TypedDict):
    """One side of the duel (a seat; in Four-path a team): its scale and its seats."""

    side: int
    seats: list[int]
    castle_damage: int
    scale_length: int
    # Four-path's additions.
    name: NotRequired[str]
    castles: NotRequired[list[str]]
    towers_held: NotRequired[list[str]]
    first: NotRequired[bool]
    playing: NotRequired[bool]
    passed: NotRequired[list[int]]


class Named(TypedDict):
    """A seat and its player's name (whose turn it is)."""

    seat: int
    name: str


class WinnerView(TypedDict):
    seat: int
    name: str  # the player's (Four-path: the team's)
    side: NotRequired[int]  # Four-path: the winning team and its seats
    seats: NotRequired[list[int]]


class DamageEntry(TypedDict):
    """The scales after a change: one row of the chart."""

    period: int
    castle_damage: list[int]  # side 1, side 2


class DebugView(TypedDict):
    acted: list[str]  # the creatures that attacked or maneuvered this turn
    setup: BestiarySetup


class ViewBase(TypedDict):
    """The view's keys a variant shares with the duel (Four-path's view is a ViewBase with
    its own events, debug and additions)."""

    game: str
    stage: str
    period: int
    cycle: int
    sector: int | None
    phase: str | None
    turn: Named | None
    first_seat: int
    tempo: str
    scale_length: int
    seats: list[SeatView]
    sides: list[SideView]
    sigil: SigilView
    tokens: list[TokenView]
    effects: list[EffectView]
    winner: WinnerView | None
    damage_log: list[DamageEntry]


class BestiaryView(ViewBase):
    """What ``rules.view`` returns: the same for every audience (no secrets); ``debug``
    adds one key."""

    events: list[BestiaryEvent]
    debug: NotRequired[DebugView]


# --- the actions (one a ``do``; docs/bestiary.md) ----------------------------------------


class ChooseCastleAction(TypedDict):
    do: Literal["choose_castle"]
    castle: str
    seat: NotRequired[Seat]


class AbilityInput(TypedDict, total=False):
    """A support ability as a summon action or a card gives it."""

    name: str
    prep: int | str
    effects: str | list[str]  # one effect, or a list
    target: str


SummonAction = TypedDict(
    "SummonAction",
    {
        "do": Literal["summon"],
        "creature": str,  # the card's id or name; "" while a new card is entered
        "seat": NotRequired[Seat],
        "class": NotRequired[str],
        "vitality": NotRequired[int],
        "attack_strength": NotRequired[int | None],
        "abilities": NotRequired[list[AbilityInput]],
    },
)


class ChooseTempoAction(TypedDict):
    do: Literal["choose_tempo"]
    tempo: str
    seat: NotRequired[Seat]


class TurnDiscAction(TypedDict):
    do: Literal["turn_disc"]
    seat: NotRequired[Seat]


class SiegeAction(TypedDict):
    do: Literal["siege"]
    towers: list[str]  # the towers held: plain, mountain
    seat: NotRequired[Seat]


class AttackAction(TypedDict):
    do: Literal["attack"]
    creature: str
    target: NotRequired[str]
    targets: NotRequired[list[str]]
    strength: NotRequired[int]  # where the card's strength varies
    wounds: NotRequired[int]  # as is, no effects applied
    seat: NotRequired[Seat]


class ManeuverAction(TypedDict):
    do: Literal["maneuver"]
    creature: str
    seat: NotRequired[Seat]


class EffectInput(TypedDict, total=False):
    """A lasting effect said at a support: both keys (the rules require them); the
    buttons' entry starts from an empty one and fills it."""

    effect: str
    target: str


class SupportAction(TypedDict):
    do: Literal["support"]
    creature: str
    ability: str | int  # id, name, or slot 1/2
    prep: NotRequired[int]  # where the card says X
    target: NotRequired[str]
    targets: NotRequired[list[str]]
    effects: NotRequired[list[EffectInput]]
    seat: NotRequired[Seat]


class EndPhaseAction(TypedDict):
    do: Literal["end_phase"]
    seat: NotRequired[Seat]


BestiaryAction = (
    ChooseCastleAction
    | SummonAction
    | ChooseTempoAction
    | TurnDiscAction
    | SiegeAction
    | AttackAction
    | ManeuverAction
    | SupportAction
    | EndPhaseAction
)

# A prompt entry's action before its values are entered: an attack of varying strength
# (``strength`` entered), an ability of time X (``prep``), a new card (the card editor).
EntryBase = AttackAction | SupportAction | SummonAction


# --- the events (one an ``event``; what the narration says) ------------------------------
# ``seat`` names a side in the duel; Four-path's sides are teams, named by ``side``
# (engine.BestiaryRules._side_said), so the events the shared hooks emit have either.


class CastleChosenEvent(TypedDict):
    event: Literal["castle_chosen"]
    seat: int
    castle: str


class CreatureSummonedEvent(TypedDict):
    event: Literal["creature_summoned"]
    seat: int
    creature: str  # the name


class ClassPenaltyEvent(TypedDict):
    event: Literal["class_penalty"]
    seat: int
    missing: list[str]


class ScaleMovedEvent(TypedDict):
    event: Literal["castle_damaged", "castle_repaired"]
    seat: NotRequired[int]
    side: NotRequired[int]
    amount: int
    cause: str
    castle_damage: int
    scale_length: int


class GameWonEvent(TypedDict):
    event: Literal["game_won"]
    seat: NotRequired[int]
    side: NotRequired[int]
    by: str


class TempoWantedEvent(TypedDict):
    event: Literal["tempo_wanted"]
    seat: int
    tempo: str


class TempoChosenEvent(TypedDict):
    event: Literal["tempo_chosen"]
    tempo: str


class DiscTurnedEvent(TypedDict):
    event: Literal["disc_turned"]
    period: int
    cycle: int
    sector: int


class SiegeEvent(TypedDict):
    event: Literal["siege"]
    seat: int
    towers: list[str]


class TokenReturned(TypedDict):
    creature: str  # names, as said
    ability: str


class EffectSaid(TypedDict):
    kind: str
    creature: str  # the name


class PreparationEvent(TypedDict):
    event: Literal["preparation"]
    seat: NotRequired[int]
    side: NotRequired[int]
    tokens_returned: list[TokenReturned]
    effects_ended: list[EffectSaid]


class PhaseEndedEvent(TypedDict):
    event: Literal["phase_ended"]
    seat: int
    phase: str


class AttackedEvent(TypedDict):
    event: Literal["attacked"]
    creature: str
    target: str
    wounds: int
    total_wounds: int
    vitality: int


class CreatureDestroyedEvent(TypedDict):
    event: Literal["creature_destroyed"]
    creature: str
    seat: int


class ManeuveredEvent(TypedDict):
    event: Literal["maneuvered"]
    creature: str


class AbilityUsedEvent(TypedDict):
    event: Literal["ability_used"]
    seat: int
    creature: str
    ability: str
    prep: int
    returns_at_period: int
    sector: int
    effects: list[EffectSaid]


BestiaryEvent = (
    CastleChosenEvent
    | CreatureSummonedEvent
    | ClassPenaltyEvent
    | ScaleMovedEvent
    | GameWonEvent
    | TempoWantedEvent
    | TempoChosenEvent
    | DiscTurnedEvent
    | SiegeEvent
    | PreparationEvent
    | PhaseEndedEvent
    | AttackedEvent
    | CreatureDestroyedEvent
    | ManeuveredEvent
    | AbilityUsedEvent
)


# --- the seam ----------------------------------------------------------------------------


def bestiary_view(view: View) -> BestiaryView:
    """The view the shell hands a hook, as :func:`present.view` built it (a cast: the
    shell holds what ``rules.view`` returned)."""
    return cast(BestiaryView, view)


def board_view(view: View) -> ViewBase:
    """The view a hook Four-path shares with the duel reads: the keys both views have (a
    cast, as :func:`bestiary_view`)."""
    return cast(ViewBase, view)


def bestiary_event(event: Event) -> BestiaryEvent:
    """An event the shell hands a sayer (a cast: the rules emitted it typed)."""
    return cast(BestiaryEvent, event)


def bestiary_action(action: Action) -> BestiaryAction:
    """An action the shell hands a hook (a prompt's choice; a cast: the prompt built it
    typed, or a script wrote it and the rules checked it)."""
    return cast(BestiaryAction, action)


def emit_event(state: S, *events: BestiaryEvent) -> S:
    """The state with ``events`` added to what the action caused (:func:`emit`), each
    checked against its TypedDict above."""
    return emit(state, *events)
