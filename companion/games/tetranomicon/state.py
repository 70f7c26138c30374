"""State of a Tetranomicon game: the epoch ledger (RULES-EXPANSIONS.md §2; seeds/004).

Frozen dataclasses only. Castles are numbered 1..N (N from the players and the resource
level, L104-107): the players put the numbers by the castles they lay out, and the
companion counts each faction's buildings per castle itself (the limit, the route's
discount, the buildings epoch's income).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from companion.games.tetranomicon import arithmetic as ar
from companion.games.tetranomicon.types import TetraSetup
from companion.rules.base import (
    Event,
    Evolving,
    Seats,
    SetupError,
    check_fields,
    parse_players,
)

GAME = "tetranomicon"

# «Легион хаоса (красный), Альянс природы (зеленый), Орден света (желтый), Братство гор
# (бирюзовый)» (L100).
FACTIONS = ("legion", "alliance", "order", "brotherhood")
LEVELS = tuple(ar.WEALTH)  # scarce, moderate, abundant

# The epoch card's type (L367): what the epoch's income counts.
EPOCH_TYPES = ("buildings", "artifacts", "creatures", "trophies")
ROAD = "road"  # тропа / дорога (land)
CANAL = "canal"  # река / канал (water)
ROUTE_KINDS = (ROAD, CANAL)

# Creature abilities the rules name (L115, L232, L245, L271, L286, L318, L320, TN-R24).
ABILITIES = (
    "none",
    "goetius",
    "ferrarius",
    "vinctum",
    "caballus",
    "mechanicus",
    "fidea",
    "architectus",
    "carnifex",
    "tempus",
)

# Phases of an epoch (L133-138), and the steps the companion asks for in them.
PHASE_DIPLOMACY = "diplomacy"  # each player may flip one relation (diplomacy module)
PHASE_EPOCH_CARD = "epoch_card"  # the epoch card's type is entered
PHASE_RELATIONS = "relations"  # peace or war decided by a player (epoch 1, a Carnifex tie)
PHASE_ACTIONS = "actions"
PHASE_OVER = "over"

# The edition of the companion's Tetranomicon (a new game's setup is stamped with today's,
# ``stamp``): the rules are the same in both, the buttons are not. Edition 1 entered every
# castle as a number from 1 and had no field for an artifact's or a creature's name or an
# expedition's target; edition 2 (docs/tetranomicon.md, "Prompt") offers every key the rules
# take and starts each value where the table most likely is. A setup without an edition
# is a game of edition 1, so a press script written for it plays as it was written.
FIRST_EDITION = 1
EDITION = 2
EDITIONS = (FIRST_EDITION, EDITION)


@dataclass(frozen=True)
class Setup:
    seats: Seats
    factions: tuple[str, ...]  # by seat
    youngest: int
    wealth: str
    resources: str
    random_events: bool
    diplomacy: bool
    # The epoch deck's size is not printed (TN-A7): one card per type, each drawn once,
    # unless the table's deck repeats types.
    epoch_repeats: bool = False
    edition: int = FIRST_EDITION

    @property
    def castles(self) -> int:
        """How many castles the board holds (L104-107)."""
        return ar.CASTLES[self.seats.count][self.resources]

    def to_json(self) -> TetraSetup:
        """The setup as a journal holds it (the debug view shows it)."""
        return {
            "players": list(self.seats.names),
            "factions": list(self.factions),
            "youngest": self.youngest,
            "wealth": self.wealth,
            "resources": self.resources,
            "random_events": self.random_events,
            "diplomacy": self.diplomacy,
            "epoch_repeats": self.epoch_repeats,
            "edition": self.edition,
        }


SETUP_KEYS = (
    "players",
    "factions",
    "youngest",
    "first",
    "wealth",
    "resources",
    "random_events",
    "diplomacy",
    "epoch_repeats",
    "edition",
)


def parse_setup(raw: Mapping[str, object] | None) -> Setup:
    """Validate a setup; every problem names its key."""
    raw = raw or {}
    if not isinstance(raw, Mapping):
        raise SetupError("setup: a mapping of players, factions, youngest, wealth, resources")
    check_fields("setup", raw, SETUP_KEYS, SetupError)
    seats = parse_players(raw, 2, 4)
    factions = raw.get("factions")
    if factions is None:
        chosen = FACTIONS[: seats.count]
    else:
        if not isinstance(factions, list) or len(factions) != seats.count:
            raise SetupError(
                f"setup.factions: one of {', '.join(FACTIONS)} per player, "
                f"{seats.count} in all, in the players' order"
            )
        for faction in factions:
            if faction not in FACTIONS:
                raise SetupError(f"setup.factions: {faction!r} is none of {', '.join(FACTIONS)}")
        if len(set(factions)) != len(factions):
            raise SetupError("setup.factions: each faction plays once")
        chosen = tuple(str(f) for f in factions)
    youngest = _seat(raw, "youngest", seats)
    first = _seat(raw, "first", seats)
    if youngest is not None and first is not None and youngest != first:
        raise SetupError(
            f"setup.first: the first player is the youngest (L119): {seats.name(youngest)}, "
            f"not {seats.name(first)}"
        )
    youngest = youngest or first or 1
    wealth = _level(raw, "wealth")
    resources = _level(raw, "resources")
    events = _flag(raw, "random_events")
    diplomacy = _flag(raw, "diplomacy")
    if diplomacy and seats.count == 2:
        raise SetupError("setup.diplomacy: the diplomacy module is for 3 or 4 players (L389)")
    repeats = _flag(raw, "epoch_repeats")
    edition = raw.get("edition", FIRST_EDITION)
    if isinstance(edition, bool) or not isinstance(edition, int) or edition not in EDITIONS:
        listed = " or ".join(str(e) for e in EDITIONS)
        raise SetupError(f"setup.edition: {listed}, not {edition!r}")
    return Setup(
        seats, tuple(chosen), youngest, wealth, resources, events, diplomacy, repeats, edition
    )


def stamp(setup: Mapping[str, object]) -> dict[str, object]:
    """A new game's setup as the journal keeps it: with today's ``edition`` unless it names
    one (a setup journaled without one is a game of edition 1)."""
    return dict(setup) if "edition" in setup else {**setup, "edition": EDITION}


def _seat(raw: Mapping[str, object], key: str, seats: Seats) -> int | None:
    value = raw.get(key)
    if value is None:
        return None
    if isinstance(value, str) and value in seats.names:
        return seats.names.index(value) + 1
    if isinstance(value, bool) or not isinstance(value, int) or value not in seats.numbers():
        raise SetupError(f"setup.{key}: a seat, 1 to {seats.count}, or a player's name")
    return value


def _level(raw: Mapping[str, object], key: str) -> str:
    value = raw.get(key, "scarce")
    if value not in LEVELS:
        raise SetupError(f"setup.{key}: scarce, moderate or abundant, not {value!r}")
    return str(value)


def _flag(raw: Mapping[str, object], key: str) -> bool:
    value = raw.get(key, False)
    if not isinstance(value, bool):
        raise SetupError(f"setup.{key}: true or false, not {value!r}")
    return value


@dataclass(frozen=True)
class Creature:
    name: str
    strength: int
    war: bool  # a creature of war (else of peace)
    ability: str = "none"


@dataclass(frozen=True)
class Route:
    castles: tuple[int, int]
    kind: str
    owner: int
    # The token it took (L113, L248): the faction's own, or the colourless one of
    # Mechanicus (roads only) or of Fidea (roads or canals).
    token: str = "own"


@dataclass(frozen=True)
class Faction:
    """What one seat holds."""

    coins: int
    buildings: tuple[tuple[int, str], ...] = ()  # (castle, type), in the order built
    artifacts: tuple[int, ...] = ()  # influence of each
    army: tuple[Creature, ...] = ()
    trophies: tuple[int, ...] = ()  # fame (the trophy's level) of each

    @property
    def influence(self) -> int:
        return sum(self.artifacts)

    @property
    def strength(self) -> int:
        return sum(c.strength for c in self.army)

    @property
    def fame(self) -> int:
        return sum(self.trophies)

    def has(self, ability: str) -> bool:
        return any(c.ability == ability for c in self.army)

    def in_castle(self, castle: int) -> int:
        return sum(1 for at, _ in self.buildings if at == castle)

    def kinds(self) -> tuple[str, ...]:
        return tuple(kind for _, kind in self.buildings)


@dataclass(frozen=True)
class State(Evolving):
    setup: Setup
    epoch: int = 0
    phase: str = ""
    first: int = 1  # the first-player token
    turn: int = 1
    war: bool = False
    epoch_type: str = ""
    factions: tuple[Faction, ...] = ()
    routes: tuple[Route, ...] = ()
    passed: frozenset[int] = frozenset()
    # Diplomacy: the relations at war (pairs of seats, lower first); the seats still to flip.
    at_war: frozenset[tuple[int, int]] = frozenset()
    to_flip: tuple[int, ...] = ()
    used_types: tuple[str, ...] = ()  # the epoch cards drawn so far (TN-A7)
    # The neutrals that beat an expedition, by its target: (target, strength, trophy
    # level). Their token stays in the castle (only a won trophy is taken, L300), so the
    # next expedition there most likely meets them again; a win there forgets them.
    held: tuple[tuple[str, int, int], ...] = ()
    # The targets whose trophy an expedition took this epoch: no neutrals stand there until
    # the next epoch places new ones in the castles with neither token nor building (L177).
    taken: tuple[str, ...] = ()
    winners: tuple[int, ...] = ()
    winner: int | None = None
    events: tuple[Event, ...] = ()

    @property
    def seats(self) -> Seats:
        return self.setup.seats

    def faction(self, seat: int) -> Faction:
        return self.factions[seat - 1]

    def with_faction(self, seat: int, faction: Faction) -> State:
        factions = list(self.factions)
        factions[seat - 1] = faction
        return self.evolve(factions=tuple(factions))

    def pay(self, seat: int, amount: int) -> State:
        """``amount`` coins from (negative: to) a seat; never below 0 (TN-A10)."""
        faction = self.faction(seat)
        return self.with_faction(seat, replace(faction, coins=max(0, faction.coins - amount)))

    def buildings_in(self, castle: int) -> int:
        """Every faction's buildings in a castle (a route's discount counts them all)."""
        return sum(f.in_castle(castle) for f in self.factions)

    def any_has(self, ability: str) -> int | None:
        """The seat whose army holds a creature of this ability, if any."""
        for seat, faction in enumerate(self.factions, 1):
            if faction.has(ability):
                return seat
        return None

    def route_tokens(self, seat: int) -> int:
        faction = self.faction(seat)
        extra = sum(1 for a in ("mechanicus", "fidea") if faction.has(a))
        return ar.ROUTE_TOKENS + extra

    def free_token(self, seat: int, kind: str) -> str | None:
        """The token a new route of ``kind`` takes, or None: a road takes Mechanicus's
        colourless token while it is free, then an own one, then Fidea's; a canal an own
        one, then Fidea's («Дополнительный жетон от умения Механикуса может быть размещен
        только на тропах, а Фидеи и на тропах, и на реках», L248)."""
        laid = [r.token for r in self.routes if r.owner == seat]
        faction = self.faction(seat)
        free = {
            "own": laid.count("own") < ar.ROUTE_TOKENS,
            "mechanicus": faction.has("mechanicus") and "mechanicus" not in laid,
            "fidea": faction.has("fidea") and "fidea" not in laid,
        }
        order = ("mechanicus", "own", "fidea") if kind == "road" else ("own", "fidea")
        return next((token for token in order if free[token]), None)

    def laid_by(self, seat: int) -> int:
        return sum(1 for r in self.routes if r.owner == seat)

    def relations(self) -> dict[tuple[int, int], bool]:
        seats = self.seats.numbers()
        return {(a, b): (a, b) in self.at_war for a in seats for b in seats if a < b}
