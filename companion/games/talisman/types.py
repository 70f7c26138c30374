"""The Talisman tracker's seams, typed: the view :func:`present.view` builds, the actions
the prompt offers and the samples play, and the events the rules emit (the same pattern
as companion/games/tetranomicon/types.py).

The shell holds a game's view, events and actions as read-only mappings (View, Event,
Action: companion/rules/base.py); inside the game they are these TypedDicts, so mypy
checks every key the game writes and reads. A TypedDict is such a mapping, so the game
hands its own back as they are (``rules.view``, ``emit``, a prompt's choices, a sample);
the crossing into the game is one cast where the shell calls a hook of the spec
(:func:`talisman_view`, and each sayer's event in narration.py). Nothing is converted or
checked at run time: the dicts are the same objects.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NotRequired, TypedDict, TypeVar, cast

from companion.rules.base import Event, Evolving, View, Wire, emit

S = TypeVar("S", bound=Evolving)

Seat = int | str  # an action names a seat (or a hero) by number or by the player's name
Kind = Literal["strength", "craft"]  # a battle's, a trophy's: Strength or Craft (psychic)

# --- the setup (state.parse_setup reads and checks it) ----------------------------------


class HeroSetup(TypedDict, total=False):
    """A hero's starting values as entered (state.HERO_KEYS)."""

    lives: int
    fate: int
    gold: int
    strength: int
    craft: int
    alignment: str
    capacity: int


class TalismanSetup(TypedDict, total=False):
    players: list[str]  # the one key a setup must have
    heroes: list[HeroSetup]  # by seat
    first: Seat
    seed: int
    toad_from_next: bool
    dice: Literal["table", "box"]  # named: today's edition (state.Setup.current)


# --- the view (docs/talisman.md names every field) --------------------------------------


class HeroView(TypedDict):
    """One hero's sheet in the view's ``seats``."""

    seat: int
    name: str
    lives: int
    fate: int
    gold: int
    strength: int  # the current Strength (base, bonus, a toad's)
    craft: int
    strength_base: int
    craft_base: int
    strength_bonus: int
    craft_bonus: int
    strength_trophies: int
    craft_trophies: int
    objects: list[str]
    capacity: int
    followers: list[str]
    spells: list[str]
    spell_limit: int
    casts: int
    cast_limit: int
    alignment: str
    toad: int  # the toad's turns left (0: a hero)
    miss_next: bool


class Named(TypedDict):
    seat: int
    name: str


class BattleView(TypedDict):
    """The battle under way."""

    seat: int
    kind: str
    enemies: list[int]
    opponent: int | None  # hero against hero
    roll: int
    hero_total: int
    opponent_roll: int
    against: int
    rerolled: bool
    opponent_rerolled: bool


class LastBattleView(TypedDict):
    """The battle just decided (its result stays on the screen until the next action)."""

    seat: int
    kind: str
    opponent: int | None
    hero_total: int
    against: int
    rerolled: bool
    outcome: str  # won, lost or standoff


class Fight(TypedDict):
    """The battle on the screen (labels.fight): the one under way with its result's
    outcome once decided, or the result the last action left (a ``battle_result`` event,
    so also its ``event`` key)."""

    seat: int
    kind: str
    enemies: list[int]
    opponent: int | None
    roll: int
    hero_total: int
    opponent_roll: int
    against: int
    rerolled: bool
    opponent_rerolled: NotRequired[bool]
    outcome: NotRequired[str]
    event: NotRequired[BattleEventName]
    by: NotRequired[int]


class DebugView(TypedDict):
    setup: Wire  # the setup as a journal holds it


class TalismanView(TypedDict):
    """What ``rules.view`` returns (the same for every audience; ``debug`` adds one key)."""

    game: str
    turn: Named
    turns: int
    phase: str
    seats: list[HeroView]
    battle: BattleView | None
    last_battle: LastBattleView | None
    dice_rolled: int
    winner: None  # the tracker names no winner: the table does
    events: list[TalismanEvent]
    debug: NotRequired[DebugView]


# --- the actions (one a ``do``; docs/talisman.md) ----------------------------------------
# A prompt's entries start from a base (``{"do": "battle", "enemies": [3]}``) and the
# screen enters the rest, so the keys the rules require are required here.


class EndTurnAction(TypedDict):
    do: Literal["end_turn"]
    trade: NotRequired[list[Kind]]
    seat: NotRequired[Seat]


class ToadAction(TypedDict):
    do: Literal["toad"]
    hero: NotRequired[Seat]
    seat: NotRequired[Seat]


class MissTurnAction(TypedDict):
    do: Literal["miss_turn"]
    encounters_left: NotRequired[bool | Literal["yes", "no"]]
    seat: NotRequired[Seat]


class SheetAction(TypedDict):
    """A change of a sheet's value: ``kind`` gain or bonus for Strength and Craft."""

    do: Literal["lives", "fate", "gold", "strength", "craft"]
    change: int
    kind: NotRequired[str]
    hero: NotRequired[Seat]
    seat: NotRequired[Seat]


class TrophyAction(TypedDict):
    do: Literal["trophy"]
    value: int
    kind: NotRequired[Kind]
    hero: NotRequired[Seat]
    seat: NotRequired[Seat]


class CarryAction(TypedDict):
    do: Literal["carry"]
    object: str
    allowed: NotRequired[bool]
    hero: NotRequired[Seat]
    seat: NotRequired[Seat]


class DropAction(TypedDict):
    do: Literal["drop"]
    object: str
    hero: NotRequired[Seat]
    seat: NotRequired[Seat]


class CapacityAction(TypedDict):
    do: Literal["capacity"]
    value: int
    hero: NotRequired[Seat]
    seat: NotRequired[Seat]


class FollowerAction(TypedDict):
    do: Literal["follower"]
    name: str
    leaves: NotRequired[bool]
    allowed: NotRequired[bool]
    hero: NotRequired[Seat]
    seat: NotRequired[Seat]


class SpellAction(TypedDict):
    do: Literal["spell", "discard", "cast"]
    name: str
    hero: NotRequired[Seat]
    seat: NotRequired[Seat]


class AlignmentAction(TypedDict):
    do: Literal["alignment"]
    to: str
    hero: NotRequired[Seat]
    seat: NotRequired[Seat]


class EncounterAction(TypedDict):
    do: Literal["encounter"]
    required: NotRequired[int]
    on_space: NotRequired[int]
    numbers: NotRequired[list[int]]
    seat: NotRequired[Seat]


class RollAction(TypedDict):
    do: Literal["roll"]
    value: NotRequired[int]
    bonus: NotRequired[int]
    seat: NotRequired[Seat]


class BattleAction(TypedDict):
    do: Literal["battle"]
    enemies: list[int]
    psychic: NotRequired[bool | Literal["yes", "no"]]
    bonus: NotRequired[int]
    weapons: NotRequired[list[int]]
    weapon_limit: NotRequired[int]
    roll: NotRequired[int]
    enemy_roll: NotRequired[int]
    seat: NotRequired[Seat]


class AttackAction(TypedDict):
    do: Literal["attack"]
    defender: Seat
    psychic: NotRequired[bool | Literal["yes", "no"]]
    bonus: NotRequired[int]
    defender_bonus: NotRequired[int]
    roll: NotRequired[int]
    defender_roll: NotRequired[int]
    seat: NotRequired[Seat]


class RerollAction(TypedDict):
    do: Literal["reroll"]
    roll: NotRequired[int]
    seat: NotRequired[Seat]


class AcceptAction(TypedDict):
    do: Literal["accept"]
    seat: NotRequired[Seat]


SavedBy = Literal["object", "spell", "ability"]


class LoseAction(TypedDict):
    do: Literal["lose"]
    saved_by: NotRequired[SavedBy]
    seat: NotRequired[Seat]


class RewardAction(TypedDict):
    do: Literal["reward"]
    take: Literal["life", "gold", "object"]
    object: NotRequired[str]
    saved_by: NotRequired[SavedBy]
    seat: NotRequired[Seat]


TalismanAction = (
    EndTurnAction
    | ToadAction
    | MissTurnAction
    | SheetAction
    | TrophyAction
    | CarryAction
    | DropAction
    | CapacityAction
    | FollowerAction
    | SpellAction
    | AlignmentAction
    | EncounterAction
    | RollAction
    | BattleAction
    | AttackAction
    | RerollAction
    | AcceptAction
    | LoseAction
    | RewardAction
)


class EntryBase(TypedDict):
    """A prompt entry's action before its values are entered (``{"do": "lives"}``)."""

    do: str
    enemies: NotRequired[list[int]]
    weapons: NotRequired[list[int]]  # today's edition: the weapon's bonus, entered
    leaves: NotRequired[bool]  # a follower who leaves
    psychic: NotRequired[Literal["yes"]]  # today's edition: psychic combat's own line
    defender: NotRequired[str]  # the one hero to attack, when there is one


# --- the events (one an ``event``; what the narration says) ------------------------------


class ChangedEvent(TypedDict):
    event: Literal["changed"]
    seat: int
    field: str  # a sheet's field (lives, strength_bonus, toad_craft...)
    before: int
    after: int


class TrophyEvent(TypedDict):
    event: Literal["trophy"]
    seat: int
    kind: str
    value: int


class ObjectEvent(TypedDict):
    event: Literal["taken", "dropped"]
    seat: int
    object: str


class CapacityEvent(TypedDict):
    event: Literal["capacity"]
    seat: int
    value: int
    surplus: int


class NamedEvent(TypedDict):
    """A follower or a spell, by its name."""

    event: Literal[
        "follower_left", "follower_joined", "spell_gained", "spell_discarded", "spell_cast"
    ]
    seat: int
    name: str


AlignmentEvent = TypedDict(
    "AlignmentEvent", {"event": Literal["alignment"], "seat": int, "from": str, "to": str}
)


class EncounterEvent(TypedDict):
    event: Literal["encounter"]
    draw: int
    order: list[int]


class RolledEvent(TypedDict):
    event: Literal["rolled"]
    natural: int
    total: int


BattleEventName = Literal["battle", "attack", "rerolled", "battle_result"]


class BattleEvent(TypedDict):
    """A battle begun, an attack, a reroll (``by``: who), its result (``outcome``)."""

    event: BattleEventName
    seat: int
    kind: str
    enemies: list[int]
    opponent: int
    roll: int
    hero_total: int
    opponent_roll: int
    against: int
    by: NotRequired[int]
    outcome: NotRequired[str]
    rerolled: NotRequired[bool]
    opponent_rerolled: NotRequired[bool]


class SeatEvent(TypedDict):
    event: Literal["attacker_decided", "turn_missed", "turn_ended"]
    seat: int


class LifeEvent(TypedDict):
    event: Literal["life_lost", "life_saved"]
    seat: int
    by: str  # what saved it ("" when lost)
    last: NotRequired[bool]  # the hero's last life was lost


RewardEvent = TypedDict(
    "RewardEvent",
    {
        "event": Literal["reward"],
        "seat": int,
        "from": int,
        "take": str,
        "object": NotRequired[str],
        "saved_by": NotRequired[str],
        "all": NotRequired[bool],  # the last life: all the loser had (L100) ...
        "gold": NotRequired[int],  # ... which was this gold,
        "objects": NotRequired[list[str]],  # these objects
        "followers": NotRequired[list[str]],  # and these followers
    },
)


class TurnBeganEvent(TypedDict):
    event: Literal["turn_began"]
    seat: int
    turn: int


class TrophiesTradedEvent(TypedDict):
    event: Literal["trophies_traded"]
    seat: int
    kind: str
    gained: int
    lost: int


class ToadTurnEvent(TypedDict):
    event: Literal["toad_turn"]
    seat: int
    left: int


class ToadedEvent(TypedDict):
    event: Literal["toaded"]
    seat: int
    turns: int


class MissTurnEvent(TypedDict):
    event: Literal["miss_turn"]
    seat: int
    next: bool


TalismanEvent = (
    ChangedEvent
    | TrophyEvent
    | ObjectEvent
    | CapacityEvent
    | NamedEvent
    | AlignmentEvent
    | EncounterEvent
    | RolledEvent
    | BattleEvent
    | SeatEvent
    | LifeEvent
    | RewardEvent
    | TurnBeganEvent
    | TrophiesTradedEvent
    | ToadTurnEvent
    | ToadedEvent
    | MissTurnEvent
)

# --- the seam ----------------------------------------------------------------------------


def talisman_view(view: View) -> TalismanView:
    """The view the shell hands a hook, as :func:`present.view` built it (a cast: the
    shell holds what ``rules.view`` returned)."""
    return cast(TalismanView, view)


def talisman_events(events: Sequence[Event]) -> list[TalismanEvent]:
    """A state's events (the rules kit holds them as Events), copied for the view."""
    return [cast(TalismanEvent, dict(event)) for event in events]


def emit_event(state: S, event: TalismanEvent) -> S:
    """The state with ``event`` added to what the action caused (:func:`emit`; here it
    is checked against its TypedDict above)."""
    return emit(state, event)
