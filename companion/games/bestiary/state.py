"""State of a Bestiary of Sigillum duel on the "Two Castles" board.

Frozen dataclasses only: every step makes a new state and leaves the old one as it was.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from companion.games.bestiary.types import BestiarySetup
from companion.rules.base import (
    Event,
    Evolving,
    Seats,
    SetupError,
    check_fields,
    parse_first,
    parse_players,
)
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
# Two Castles played with the Four-path expansion: a tempo stage after the setup, fast
# unless both players choose slow (seeds/001 L91, RULES-EXPANSIONS FP-R9). The base game
# alone stays slow (FP-A12).
CHOOSE = "choose"
SETUP_TEMPOS = (SLOW, FAST, CHOOSE)

CREATURES_PER_SEAT = 3
CLASS_PENALTY = 2  # castle damage per class missing from an army
# An army of three always has at least one class, so at most two are missing: 4 damage.
MAX_CLASS_PENALTY = CLASS_PENALTY * (len(CLASSES) - 1)
RESPAWN_DAMAGE = 2
DEFAULT_SCALE_LENGTH = 16
# The rulebook never ends a game at setup: the scale is longer than the largest penalty.
MIN_SCALE_LENGTH = MAX_CLASS_PENALTY + 1
MAX_SCALE_LENGTH = 1000

# Whom a support ability's card lets it target (the sigil on the card): its owner only,
# one of its owner's creatures (itself included), an enemy creature, or either.
SELF = "self"
ALLY = "ally"
ENEMY = "enemy"
ANY = "any"
TARGETS = (SELF, ALLY, ENEMY, ANY)

# Stages and phases, named as the rulebook names them.
STAGE_CASTLE = "castle_choice"
STAGE_SUMMON = "summoning"
STAGE_TEMPO = "tempo_choice"
STAGE_PLAY = "play"
STAGE_OVER = "over"

PHASE_TURN_DISC = "turn_disc"
PHASE_SIEGE = "siege"
PHASE_ATTACK = "attack"
PHASE_PREPARATION = "preparation"
PHASE_SUPPORT = "support"
PHASE_ATTACK_SUPPORT = "attack_and_support"  # the fast tempo's combined phase


# The edition of the rules a game is played by. 1: as companion 0.1 played them (no check
# of an ability's target, an effect's sign, own-castle immunity; a scale from 4); 2: with
# those checks. A new game is stamped with the current edition when it starts (the spec's
# ``stamp``); a game journaled before stamps existed replays as edition 1.
EDITION = 2
OLD_EDITION = 1


@dataclass(frozen=True)
class Setup:
    seats: Seats
    first: int
    scale_length: int
    tempo: str
    edition: int = EDITION

    @property
    def checked(self) -> bool:
        """Are targets, signs and own-castle immunity checked (edition 2 on)?"""
        return self.edition >= 2

    @property
    def second(self) -> int:
        return self.seats.after(self.first)

    def to_json(self) -> BestiarySetup:
        return {
            "players": list(self.seats.names),
            "first": self.first,
            "scale_length": self.scale_length,
            "tempo": self.tempo,
            "edition": self.edition,
        }


SETUP_KEYS = ("players", "first", "scale_length", "tempo", "edition")


def parse_setup(raw: Mapping[str, object] | None) -> Setup:
    """Validate a setup mapping; every problem names its key."""
    raw = raw or {}
    if not isinstance(raw, Mapping):
        raise SetupError("setup: a mapping of players, first, scale_length, tempo")
    check_fields("setup", raw, SETUP_KEYS, SetupError)
    seats = parse_players(raw, 2, 2)
    first = parse_first(raw, seats)
    edition = raw.get("edition", EDITION)
    if isinstance(edition, bool) or edition not in (OLD_EDITION, EDITION):
        raise SetupError(f"setup.edition: {OLD_EDITION} or {EDITION}, not {edition!r}")
    assert isinstance(edition, int)
    lowest = MIN_SCALE_LENGTH if edition >= 2 else MAX_CLASS_PENALTY
    scale = raw.get("scale_length", DEFAULT_SCALE_LENGTH)
    if (
        isinstance(scale, bool)
        or not isinstance(scale, int)
        or not lowest <= scale <= MAX_SCALE_LENGTH
    ):
        raise SetupError(
            f"setup.scale_length: a whole number from {MIN_SCALE_LENGTH} to {MAX_SCALE_LENGTH}, "
            f"not {scale!r} (the scale must be longer than the largest class penalty, "
            f"{MAX_CLASS_PENALTY}, or a game could end at setup)"
        )
    tempo = raw.get("tempo", SLOW)
    if tempo not in SETUP_TEMPOS:
        raise SetupError(
            f"setup.tempo: 'slow', 'fast' or 'choose' (the Four-path tempo stage), not {tempo!r}"
        )
    return Setup(seats=seats, first=first, scale_length=scale, tempo=str(tempo), edition=edition)


@dataclass(frozen=True)
class Ability:
    """One of a creature's two support abilities (and so one token)."""

    id: str
    name: str
    prep: int | str | None  # fixed 1..6, "X" (given at use), None (unknown: given at use)
    effects: tuple[str, ...] = ()
    target: str | None = None  # one of TARGETS; None: the card is not known (as "any")

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

    def ability(self, ref: object) -> Ability | None:
        """An ability by id, name (any case) or slot number 1/2."""
        if isinstance(ref, int) and not isinstance(ref, bool) and 1 <= ref <= len(self.abilities):
            return self.abilities[ref - 1]
        text = str(ref).casefold()
        for ability in self.abilities:
            if text in (ability.id.casefold(), ability.name.casefold()):
                return ability
        return None


@dataclass(frozen=True)
class State(Evolving):
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
    # Creatures destroyed and respawned during this seat's turn: they stand in their own
    # castle until their owner's turn, so the seat to act cannot target them.
    respawned: frozenset[str] = frozenset()
    # The strength each creature's last attack used (said, or its card's): the next
    # attack's entry starts there, where the table most likely is.
    strengths: tuple[tuple[str, int], ...] = ()
    # The preparation time said last for each ability the card gives none (X, or a card
    # left blank), by creature and ability: its next use starts there (a blank card's
    # time is printed once and said the same each time).
    preps: tuple[tuple[str, str, int], ...] = ()
    # The tempo stage (setup.tempo "choose"): what each seat chose, in turn; the tempo played.
    tempo_choices: tuple[str, ...] = ()
    chosen_tempo: str = ""
    winner: int | None = None
    damage_log: tuple[tuple[int, int, int], ...] = ()  # (period, damage seat 1, seat 2)
    events: tuple[Event, ...] = ()

    @property
    def seats(self) -> Seats:
        return self.setup.seats

    @property
    def tempo(self) -> str:
        """The tempo played: the setup's, or the one the tempo stage chose ("choose" until
        it has)."""
        return self.chosen_tempo or self.setup.tempo

    def creature(self, creature_id: str) -> Creature | None:
        for creature in self.creatures:
            if creature.id == creature_id:
                return creature
        return None

    def last_strength(self, creature: Creature) -> int | None:
        """The strength this creature's last attack used, else its card's."""
        return dict(self.strengths).get(creature.id, creature.attack_strength)

    def last_prep(self, creature: Creature, ability: Ability) -> int | None:
        """The preparation time said at this ability's last use (none: its card's, if any)."""
        said = {(c, a): prep for c, a, prep in self.preps}
        return said.get((creature.id, ability.id), ability.fixed_prep)

    def army(self, seat: int) -> tuple[Creature, ...]:
        return tuple(c for c in self.creatures if c.owner == seat)

    def castle_of(self, seat: int) -> str | None:
        return self.castles[seat - 1] if len(self.castles) >= seat else None

    @property
    def opponent(self) -> int:
        return self.seats.after(self.turn)

    # --- sides: who shares a castle scale and a half of the sigil ----------------------
    # The duel's sides are its seats; a variant with teams (Four-path) maps seats to sides.
    # ``castle_damage``, ``damage_log`` and ``winner`` are per side.

    TEAMS: ClassVar[bool] = False  # does a side hold more than one seat?

    def side_of(self, seat: int) -> int:
        """The side (1 or 2) a seat plays for: in the duel, the seat itself."""
        return seat

    def allied(self, one: int, other: int) -> bool:
        """Do two seats play for the same side?"""
        return self.side_of(one) == self.side_of(other)

    def enemy_side(self, side: int) -> int:
        return 3 - side

    def side_army(self, side: int) -> tuple[Creature, ...]:
        return tuple(c for c in self.creatures if self.side_of(c.owner) == side)
