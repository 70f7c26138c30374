"""State of a Bestiary of Sigillum duel on the "Two Castles" board.

Frozen dataclasses only: every step makes a new state and leaves the old one as it was.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.rules.base import JSON, Seats, SetupError, check_fields, parse_players
from companion.rules.effects import Effect
from companion.rules.sigil import Token

GAME = "bestiary"

# Castles of the "Two Castles" board (Бестиарий, "Стадия выбора замка").
WASTELAND = "wasteland"  # Пустошь, by the plains
FOREST_EDGE = "forest_edge"  # Предлесье, by the forest
CASTLES = (WASTELAND, FOREST_EDGE)
TOWERS = ("plain", "mountain")
CLASSES = ("strength", "agility", "intellect")

SLOW = "slow"
FAST = "fast"
TEMPOS = (SLOW, FAST)

CREATURES_PER_SEAT = 3
CLASS_PENALTY = 2  # castle damage per class missing from an army
RESPAWN_DAMAGE = 2
DEFAULT_SCALE_LENGTH = 16

# Stages and phases, named as the rulebook names them.
STAGE_CASTLE = "castle_choice"
STAGE_SUMMON = "summoning"
STAGE_PLAY = "play"
STAGE_OVER = "over"

PHASE_TURN_DISC = "turn_disc"
PHASE_SIEGE = "siege"
PHASE_ATTACK = "attack"
PHASE_PREPARATION = "preparation"
PHASE_SUPPORT = "support"
PHASE_ATTACK_SUPPORT = "attack_and_support"  # the fast tempo's combined phase


@dataclass(frozen=True)
class Setup:
    seats: Seats
    first: int
    scale_length: int
    tempo: str

    @property
    def second(self) -> int:
        return self.seats.after(self.first)

    def to_json(self) -> JSON:
        return {
            "players": list(self.seats.names),
            "first": self.first,
            "scale_length": self.scale_length,
            "tempo": self.tempo,
        }


SETUP_KEYS = ("players", "first", "scale_length", "tempo")


def parse_setup(raw: Mapping[str, Any] | None) -> Setup:
    """Validate a setup mapping; every problem names its key."""
    raw = raw or {}
    if not isinstance(raw, Mapping):
        raise SetupError("setup: a mapping of players, first, scale_length, tempo")
    check_fields("setup", raw, SETUP_KEYS, SetupError)
    seats = parse_players(raw, 2, 2)
    first = raw.get("first", 1)
    if isinstance(first, str) and first in seats.names:
        first = seats.names.index(first) + 1
    if first not in (1, 2) or isinstance(first, bool):
        raise SetupError(f"setup.first: the seat that plays first, 1 or 2, not {first!r}")
    scale = raw.get("scale_length", DEFAULT_SCALE_LENGTH)
    if isinstance(scale, bool) or not isinstance(scale, int) or not 4 <= scale <= 1000:
        raise SetupError(f"setup.scale_length: a whole number from 4 to 1000, not {scale!r}")
    tempo = raw.get("tempo", SLOW)
    if tempo not in TEMPOS:
        raise SetupError(f"setup.tempo: 'fast' or 'slow', not {tempo!r}")
    return Setup(seats=seats, first=int(first), scale_length=scale, tempo=str(tempo))


@dataclass(frozen=True)
class Ability:
    """One of a creature's two support abilities (and so one token)."""

    id: str
    name: str
    prep: int | str | None  # fixed 1..6, "X" (given at use), None (unknown: given at use)
    effects: tuple[str, ...] = ()
    target: str | None = None

    @property
    def fixed_prep(self) -> int | None:
        return self.prep if isinstance(self.prep, int) else None


@dataclass(frozen=True)
class Creature:
    id: str
    name: str
    owner: int
    klass: str
    vitality: int
    attack_strength: int | None
    abilities: tuple[Ability, ...]
    wounds: int = 0
    respawns: int = 0

    def ability(self, ref: Any) -> Ability | None:
        """An ability by id, name (any case) or slot number 1/2."""
        if isinstance(ref, int) and not isinstance(ref, bool) and 1 <= ref <= len(self.abilities):
            return self.abilities[ref - 1]
        text = str(ref).casefold()
        for ability in self.abilities:
            if text in (ability.id.casefold(), ability.name.casefold()):
                return ability
        return None


@dataclass(frozen=True)
class State:
    setup: Setup
    stage: str = STAGE_CASTLE
    period: int = 0
    turn: int = 0
    phase: str = ""
    castles: tuple[str, ...] = ()  # by seat: castles[seat - 1]
    castle_damage: tuple[int, ...] = (0, 0)
    creatures: tuple[Creature, ...] = ()
    tokens: tuple[Token, ...] = ()
    effects: tuple[Effect, ...] = ()
    acted: frozenset[str] = frozenset()  # creatures that attacked or maneuvered this turn
    winner: int | None = None
    damage_log: tuple[tuple[int, int, int], ...] = ()  # (period, damage seat 1, seat 2)
    events: tuple[JSON, ...] = ()

    @property
    def seats(self) -> Seats:
        return self.setup.seats

    def evolve(self, **changes: Any) -> State:
        """``dataclasses.replace`` for the hot path: a copy with ``changes``, about ten times
        faster (replay of a long journal calls this several times per action)."""
        unknown = changes.keys() - self.__dataclass_fields__.keys()
        if unknown:
            raise TypeError(f"State has no field {', '.join(sorted(unknown))}")
        new = object.__new__(State)
        new.__dict__.update(self.__dict__)
        new.__dict__.update(changes)
        return new

    def creature(self, creature_id: str) -> Creature | None:
        for creature in self.creatures:
            if creature.id == creature_id:
                return creature
        return None

    def army(self, seat: int) -> tuple[Creature, ...]:
        return tuple(c for c in self.creatures if c.owner == seat)

    def castle_of(self, seat: int) -> str | None:
        return self.castles[seat - 1] if len(self.castles) >= seat else None

    @property
    def opponent(self) -> int:
        return self.seats.after(self.turn)
