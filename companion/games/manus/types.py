"""Hand of Manus's seams, typed: the view :func:`present.view` builds, the actions the
prompt offers and the samples play, and the events the rules emit (the same pattern as
companion/games/tetranomicon/types.py and companion/games/talisman/types.py).

The shell holds a game's view, events and actions as read-only mappings (View, Event,
Action: companion/rules/base.py); inside the game they are these TypedDicts, so mypy
checks every key the game writes and reads. A TypedDict is such a mapping, so the game
hands its own back as they are (``rules.view``, ``emit``, a prompt's choices, a sample);
the crossing into the game is one cast where the shell calls a hook of the spec
(:func:`manus_view`, :func:`manus_event`). Nothing is converted or checked at run time:
the dicts are the same objects.

The secret is the vote before the reveal: a hand's ``vote`` is in its own seat's view
and the debug view only (:class:`HandView`, NotRequired), and the debug view's ``votes``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NotRequired, TypedDict, TypeVar, cast

from companion.rules.base import Event, Evolving, View, emit

S = TypeVar("S", bound=Evolving)

Seat = int | str  # an action names a seat by number or by the player's name
DiscoveryKind = Literal["combination", "type"]

# --- the setup (state.Setup.to_json writes it, state.parse_setup reads it) ---------------


class ManusSetup(TypedDict, total=False):
    players: list[str]  # the one key a setup must have
    first: int
    hands_per_player: int
    seating: str  # only with two hands each
    reveal: str
    reveal_shows: str
    medium_target: bool
    no_target: bool
    after_tie: str
    edition: int  # only from edition 2 on


# --- the view (docs/manus.md names every field) ------------------------------------------


class SiteView(TypedDict):
    """The test-site token, or an element's conditions: one condition on each axis."""

    temperature: str
    humidity: str


class ElementView(TypedDict):
    type: str
    conditions: SiteView


class HandView(TypedDict):
    """One hand in the view's ``hands``. ``vote`` (the card laid face down) only in the
    view of the hand's own seat and in the debug view, and only once it has voted."""

    hand: int
    seat: int
    name: str
    playing: bool
    first: bool
    elements: dict[str, ElementView | None]  # by part: shoulder, forearm, hand
    recorded: bool
    constructed: bool
    target: str | None
    target_need: int | None
    target_points: int | None
    voted: bool
    strength: int | None
    strength_from: str | None
    vote: NotRequired[str]


class HandAt(TypedDict):
    """The first hand, or the hand whose turn it is, and its seat."""

    hand: int
    seat: int
    name: str


class DiscoveryView(TypedDict):
    id: str
    kind: DiscoveryKind


class SeatView(TypedDict):
    seat: int
    name: str
    hands: list[int]
    score: int
    track_sector: int


class VoteView(TypedDict):
    """The vote as everyone sees it: who has voted, never what."""

    open: bool
    voted: list[int]
    waiting: list[int]
    reveal: str


class CardView(TypedDict):
    """A condition card, face up after the reveal."""

    hand: int
    seat: int
    condition: str


AxisResult = TypedDict(
    "AxisResult",
    {
        "axis": str,
        "counts": dict[str, int],
        "prevails": str | None,
        "from": str,
        "to": str,
        "moved": bool,
    },
)


class RevealView(TypedDict):
    """The last reveal: its cards (None when the setup shows only the tallies)."""

    round: int
    shows: str
    cards: list[CardView] | None
    tallies: dict[str, int]
    axes: list[AxisResult]
    site_before: SiteView
    site_after: SiteView


class TestView(TypedDict):
    hand: int
    seat: int
    target: str
    need: int | None
    strength: int | None
    strength_from: str | None
    hit: bool
    points: int


class WinnerView(TypedDict):
    seat: int
    name: str
    seats: list[int]
    names: list[str]
    shared: bool
    score: int


class AudienceView(TypedDict):
    """Whose view this is: a seat and its hands."""

    seat: int
    hands: list[int]


class DebugView(TypedDict):
    votes: dict[str, str]  # by hand number: every card laid, before the reveal
    done: list[int]


class ManusView(TypedDict):
    """What ``rules.view`` returns: ``audience`` in a seat's view, ``debug`` in the debug
    view; a hand's ``vote`` as :class:`HandView` says."""

    game: str
    stage: str
    round: int
    phase: str | None
    tie_round: bool
    claimants: list[int]
    first: HandAt
    turn: HandAt | None
    order: list[int]
    test_site: SiteView | None
    discovery: DiscoveryView | None
    seats: list[SeatView]
    hands: list[HandView]
    vote: VoteView
    last_reveal: RevealView | None
    last_tests: list[TestView]
    win_score: int
    options: ManusSetup
    winner: WinnerView | None
    events: list[ManusEvent]
    audience: NotRequired[AudienceView]
    debug: NotRequired[DebugView]


# --- the actions (one a ``do``; docs/manus.md) -------------------------------------------


class PlaceSiteAction(TypedDict):
    do: Literal["place_site"]
    temperature: str
    humidity: str
    seat: NotRequired[Seat]


class ChooseDiscoveryAction(TypedDict):
    do: Literal["choose_discovery"]
    discovery: str
    seat: NotRequired[Seat]


class ElementInput(TypedDict, total=False):
    """An element card as a mapping (or as words: "steam warm dry")."""

    type: str
    conditions: str | list[str]


class BuildAction(TypedDict):
    do: Literal["build"]
    elements: dict[str, str | ElementInput]  # by part
    hand: NotRequired[int]
    seat: NotRequired[Seat]


class SkipAction(TypedDict):
    do: Literal["skip"]
    hand: NotRequired[int]
    seat: NotRequired[Seat]


class ChooseTargetAction(TypedDict):
    do: Literal["choose_target"]
    target: str
    hand: NotRequired[int]
    seat: NotRequired[Seat]


class VoteAction(TypedDict):
    do: Literal["vote"]
    condition: str
    hand: NotRequired[int]
    seat: NotRequired[Seat]


class RevealAction(TypedDict):
    do: Literal["reveal"]
    seat: NotRequired[Seat]


class SetStrengthAction(TypedDict):
    do: Literal["set_strength"]
    strength: int
    hand: NotRequired[int]
    seat: NotRequired[Seat]


ManusAction = (
    PlaceSiteAction
    | ChooseDiscoveryAction
    | BuildAction
    | SkipAction
    | ChooseTargetAction
    | VoteAction
    | RevealAction
    | SetStrengthAction
)


class EntryBase(TypedDict):
    """A prompt entry's action before its values are entered (``{"do": "build", "hand":
    1, "elements": {}}``)."""

    do: Literal["build", "set_strength"]
    hand: int
    # The seat whose entry it is (a strength: the hand's own seat, whoever is prompted).
    seat: NotRequired[int]
    elements: NotRequired[dict[str, ElementInput]]


# --- the events (one an ``event``; what the narration says) ------------------------------


class SitePlacedEvent(TypedDict):
    event: Literal["site_placed"]
    seat: int
    site: SiteView


class RoundStartedEvent(TypedDict):
    event: Literal["round_started"]
    round: int
    first_hand: int
    first_seat: int
    tie_round: bool
    claimants: list[int]


class DiscoveryChosenEvent(TypedDict):
    event: Literal["discovery_chosen"]
    seat: int
    discovery: str
    kind: DiscoveryKind


class HandBuiltEvent(TypedDict):
    event: Literal["hand_built"]
    hand: int
    seat: int
    elements: dict[str, ElementView]  # the parts given a card
    replaced: list[str]


class HandSeatEvent(TypedDict):
    event: Literal["construction_skipped", "first_passed"]
    hand: int
    seat: int


class TargetChosenEvent(TypedDict):
    event: Literal["target_chosen"]
    hand: int
    seat: int
    target: str
    need: int | None
    points: int


class VoteCastEvent(TypedDict):
    """Who voted, never what (the secret)."""

    event: Literal["vote_cast"]
    hand: int
    seat: int
    again: bool


class VotesRevealedEvent(TypedDict):
    event: Literal["votes_revealed"]
    round: int
    cards: list[CardView] | None
    tallies: dict[str, int]


AxisResolvedEvent = TypedDict(
    "AxisResolvedEvent",
    {
        "event": Literal["axis_resolved"],
        "axis": str,
        "counts": dict[str, int],
        "prevails": str | None,
        "from": str,
        "to": str,
        "moved": bool,
    },
)


class StrengthSetEvent(TypedDict):
    event: Literal["strength_set"]
    hand: int
    seat: int
    strength: int


class TestResolvedEvent(TypedDict):
    event: Literal["test_resolved"]
    hand: int
    seat: int
    target: str
    need: int | None
    strength: int | None
    hit: bool
    points: int
    score: int


class TieRoundCalledEvent(TypedDict):
    event: Literal["tie_round_called"]
    seats: list[int]
    score: int


class WinnerDeclaredEvent(TypedDict):
    event: Literal["winner_declared"]
    seat: int
    seats: list[int]
    shared: bool
    score: int


ManusEvent = (
    SitePlacedEvent
    | RoundStartedEvent
    | DiscoveryChosenEvent
    | HandBuiltEvent
    | HandSeatEvent
    | TargetChosenEvent
    | VoteCastEvent
    | VotesRevealedEvent
    | AxisResolvedEvent
    | StrengthSetEvent
    | TestResolvedEvent
    | TieRoundCalledEvent
    | WinnerDeclaredEvent
)

# --- the seam ----------------------------------------------------------------------------


def manus_view(view: View) -> ManusView:
    """The view the shell hands a hook, as :func:`present.view` built it (a cast: the
    shell holds what ``rules.view`` returned)."""
    return cast(ManusView, view)


def manus_event(event: Event) -> ManusEvent:
    """An event the shell hands a sayer (a cast: the rules emitted it typed)."""
    return cast(ManusEvent, event)


def manus_events(events: Sequence[Event]) -> list[ManusEvent]:
    """A state's events (the rules kit holds them as Events), copied for the view."""
    return [cast(ManusEvent, dict(event)) for event in events]


def emit_event(state: S, *events: ManusEvent) -> S:
    """The state with ``events`` added to what the action caused (:func:`emit`; here
    each is checked against its TypedDict above)."""
    return emit(state, *events)
