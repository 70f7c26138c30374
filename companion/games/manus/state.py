"""State of a game of Hand of Manus (Длань Мануса; RULES.md §3; seeds/000).

Frozen dataclasses only: every step makes a new state and leaves the old one as it was.
Line numbers (``L244``) cite the rulebook text in ``seeds/000_e7ef706f9fd7fa4e.txt``.

Hands are numbered 1..H clockwise around the table. With 3 or 4 players (or 2 players
with one hand each) hand n is seat n's hand. With 2 players running two hands each (L294,
an option) the setup says where the hands sit: ``seating: side_by_side`` (the default)
gives hands 1 and 2 to seat 1 and hands 3 and 4 to seat 2; ``seating: alternate`` gives
hands 1 and 3 to seat 1 and hands 2 and 4 to seat 2. Either way the first-player token,
which passes from hand to hand clockwise, goes 1 -> 2 -> 3 -> 4 -> 1.

The setup's ``edition`` names the reading of the rulebook a game is played by. A new
game's setup is stamped with today's (:func:`stamp`); a setup without one is a game
journaled by companion 0.1 and replays by the rules it was played by (docs/manus.md,
"Editions").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.games.manus.types import AxisResult, ElementView, ManusSetup, SiteView
from companion.rules.base import (
    Event,
    Evolving,
    Seats,
    SetupError,
    check_fields,
    parse_first,
    parse_players,
)

GAME = "manus"

# The axes and their conditions (condition cards, L71; installations, L61/L244/L246).
WARM, COLD, WET, DRY = "warm", "cold", "wet", "dry"
TEMPERATURE, HUMIDITY = "temperature", "humidity"
AXES: dict[str, tuple[str, str]] = {TEMPERATURE: (WARM, COLD), HUMIDITY: (WET, DRY)}
CONDITIONS = (WARM, COLD, WET, DRY)
AXIS_OF = {WARM: TEMPERATURE, COLD: TEMPERATURE, WET: HUMIDITY, DRY: HUMIDITY}

# The three parts of a hand (L51/L77) and the eight element types (L81-L88, L202-L210).
PARTS = ("shoulder", "forearm", "hand")
TECHNOLOGY = ("biological", "magnetic", "steam", "electric")
MAGIC = ("water", "air", "earth", "fire")
TYPES = TECHNOLOGY + MAGIC
# Two types have fixed conditions (L51): water magic works best where it is cold and wet,
# steam where it is warm and dry. Their cards carry no other conditions.
FIXED_CONDITIONS: dict[str, tuple[str, str]] = {"water": (COLD, WET), "steam": (WARM, DRY)}

# The eleven discovery cards: eight by type (L200, +1 per element, max +3) and three by
# combination of neighbouring elements (L212, +1 per pair, max +2).
TECHNOLOGY_PAIRS = "technology_pairs"  # L214 сочетание технологических элементов
MAGIC_PAIRS = "magic_pairs"  # L215 сочетание магических элементов
HARMONY = "harmony"  # L216 гармонизация магии и технологий: one magic, one technology
COMBINATIONS = (TECHNOLOGY_PAIRS, MAGIC_PAIRS, HARMONY)
DISCOVERIES = TYPES + COMBINATIONS

# Targets (L232-L236): need (strength at least) and points. Medium is inferred from the
# tile symbols (RULES.md §3); "none" is the marker left on the cross tile (L170), which the
# rulebook never offers as a choice: it is the setup option ``no_target``.
SMALL, MEDIUM, LARGE, NO_TARGET = "small", "medium", "large", "none"
TARGETS: dict[str, tuple[int, int]] = {SMALL: (4, 1), MEDIUM: (5, 2), LARGE: (6, 3)}
TARGET_NAMES = (SMALL, MEDIUM, LARGE, NO_TARGET)

WIN_SCORE = 12  # twelve sectors of the progress track; the door is reached at 12 (L63, L266)
MAX_STRENGTH = 9  # six from elements (L256) plus at most three from a discovery (L200)

# Stages and phases, named as the rulebook names them (L190).
STAGE_SETUP = "setup"
STAGE_PLAY = "play"
STAGE_OVER = "over"
PHASE_DISCOVERY = "discovery"
PHASE_CONSTRUCTION = "construction"
PHASE_TARGETS = "targets"
PHASE_VOTE = "vote"
PHASE_TESTS = "tests"
PHASES = (PHASE_DISCOVERY, PHASE_CONSTRUCTION, PHASE_TARGETS, PHASE_VOTE, PHASE_TESTS)

# Setup options where the rulebook is silent (docs/manus.md, "Setup").
REVEAL_AUTO = "last_vote"  # the cards turn over when the last hand has voted (L242)
REVEAL_CONFIRM = "confirm"  # ... or when the first seat confirms
REVEAL_MODES = (REVEAL_AUTO, REVEAL_CONFIRM)
SHOW_CARDS = "cards"
SHOW_TALLIES = "tallies"
SHOW_MODES = (SHOW_CARDS, SHOW_TALLIES)
TIE_REPEAT = "repeat"  # still tied after a tie round: play another one
TIE_SHARED = "shared"  # still tied after a tie round: the tied players share the win
TIE_MODES = (TIE_REPEAT, TIE_SHARED)
SIDE_BY_SIDE = "side_by_side"  # two hands each: a player's hands are neighbours
ALTERNATE = "alternate"  # two hands each: the players' hands alternate around the table
SEATINGS = (SIDE_BY_SIDE, ALTERNATE)

# Editions of the rules (docs/manus.md, "Editions"). 1: as companion 0.1 read the rulebook
# (element conditions as recorded, a marker may stay on the cross by default). 2: after the
# second reading (RULES.md §3): water and steam have fixed conditions (L51), and "no target"
# is off unless the setup turns it on.
EDITION_0_1 = 1
EDITION = 2
EDITIONS = (EDITION_0_1, EDITION)

SETUP_KEYS = (
    "players",
    "first",
    "hands_per_player",
    "seating",
    "reveal",
    "reveal_shows",
    "medium_target",
    "no_target",
    "after_tie",
    "edition",
)


@dataclass(frozen=True)
class Setup:
    seats: Seats
    first: int
    hands_per_player: int
    reveal: str = REVEAL_AUTO
    reveal_shows: str = SHOW_CARDS
    medium_target: bool = True
    no_target: bool = False
    after_tie: str = TIE_REPEAT
    seating: str = SIDE_BY_SIDE
    edition: int = EDITION

    @property
    def hand_count(self) -> int:
        return self.seats.count * self.hands_per_player

    @property
    def fixed_conditions(self) -> bool:
        """Whether water and steam elements must carry their own conditions (L51)."""
        return self.edition >= EDITION

    def seat_of_hand(self, hand: int) -> int:
        if self.seating == ALTERNATE:
            return (hand - 1) % self.seats.count + 1
        return (hand - 1) // self.hands_per_player + 1

    def hands_of(self, seat: int) -> tuple[int, ...]:
        """The seat's hands in clockwise order from hand 1."""
        if self.seating == ALTERNATE:
            return tuple(seat + k * self.seats.count for k in range(self.hands_per_player))
        first = (seat - 1) * self.hands_per_player + 1
        return tuple(range(first, first + self.hands_per_player))

    @property
    def targets(self) -> tuple[str, ...]:
        """The target tiles in play, in the order of the track."""
        names = [SMALL, MEDIUM, LARGE] if self.medium_target else [SMALL, LARGE]
        if self.no_target:
            names.append(NO_TARGET)
        return tuple(names)

    def to_json(self) -> ManusSetup:
        """The setup with its defaults filled in. ``seating`` is there only with two hands
        each, and ``edition`` only from edition 2 on: the options of a game journaled by
        companion 0.1 read as they always did."""
        picture: ManusSetup = {
            "players": list(self.seats.names),
            "first": self.first,
            "hands_per_player": self.hands_per_player,
        }
        if self.hands_per_player > 1:
            picture["seating"] = self.seating
        picture.update(
            {
                "reveal": self.reveal,
                "reveal_shows": self.reveal_shows,
                "medium_target": self.medium_target,
                "no_target": self.no_target,
                "after_tie": self.after_tie,
            }
        )
        if self.edition != EDITION_0_1:
            picture["edition"] = self.edition
        return picture


def _choice(raw: Mapping[str, object], key: str, options: tuple[str, ...], default: str) -> str:
    value = raw.get(key, default)
    if value not in options:
        listed = " or ".join(f"'{o}'" for o in options)
        raise SetupError(f"setup.{key}: {listed}, not {value!r}")
    return str(value)


def _flag(raw: Mapping[str, object], key: str, default: bool) -> bool:
    value = raw.get(key, default)
    if not isinstance(value, bool):
        raise SetupError(f"setup.{key}: true or false, not {value!r}")
    return value


def stamp(setup: Mapping[str, object]) -> dict[str, object]:
    """A new game's setup as the journal keeps it: with today's ``edition`` unless it
    names one. (A setup journaled without an edition is a game of companion 0.1.)"""
    return dict(setup) if "edition" in setup else {**setup, "edition": EDITION}


def _edition(raw: Mapping[str, object]) -> int:
    value = raw.get("edition", EDITION_0_1)
    if isinstance(value, bool) or value not in EDITIONS:
        listed = " or ".join(str(e) for e in EDITIONS)
        raise SetupError(f"setup.edition: {listed}, not {value!r}")
    assert isinstance(value, int)  # checked above
    return value


def parse_setup(raw: Mapping[str, object] | None) -> Setup:
    """Validate a setup mapping; every problem names its key.

    Players 2-4 (four sides of the board, L166). With two players each may run two hands
    (L294 «может»): two by default, ``hands_per_player: 1`` turns the variant off, and
    ``seating`` says whether a player's two hands sit side by side (default) or alternate.
    Without ``edition`` the setup is a game of companion 0.1 (edition 1); :func:`stamp`
    gives a new game today's.
    """
    raw = raw or {}
    if not isinstance(raw, Mapping):
        raise SetupError("setup: a mapping of players, first and the options in docs/manus.md")
    check_fields("setup", raw, SETUP_KEYS, SetupError)
    seats = parse_players(raw, 2, 4)
    first = parse_first(raw, seats)
    default_hands = 2 if seats.count == 2 else 1
    hands = raw.get("hands_per_player", default_hands)
    allowed = (1, 2) if seats.count == 2 else (1,)
    if isinstance(hands, bool) or hands not in allowed:
        reason = "1 or 2" if seats.count == 2 else "1 (two hands each is the 2-player variant)"
        raise SetupError(f"setup.hands_per_player: {reason}, not {hands!r}")
    assert isinstance(hands, int)  # checked above
    if "seating" in raw and hands != 2:
        raise SetupError("setup.seating: only with two hands each (2 players, hands_per_player: 2)")
    edition = _edition(raw)
    return Setup(
        seats=seats,
        first=first,
        hands_per_player=hands,
        reveal=_choice(raw, "reveal", REVEAL_MODES, REVEAL_AUTO),
        reveal_shows=_choice(raw, "reveal_shows", SHOW_MODES, SHOW_CARDS),
        medium_target=_flag(raw, "medium_target", True),
        no_target=_flag(raw, "no_target", edition == EDITION_0_1),
        after_tie=_choice(raw, "after_tie", TIE_MODES, TIE_REPEAT),
        seating=_choice(raw, "seating", SEATINGS, SIDE_BY_SIDE),
        edition=edition,
    )


@dataclass(frozen=True)
class Site:
    """The test-site token: one of the four quadrants (L61, L148)."""

    temperature: str
    humidity: str

    def to_json(self) -> SiteView:
        return {"temperature": self.temperature, "humidity": self.humidity}

    def has(self, condition: str) -> bool:
        return condition in (self.temperature, self.humidity)


@dataclass(frozen=True)
class Element:
    """An element card: its type and one condition on each axis (L256)."""

    type: str
    temperature: str
    humidity: str

    @property
    def is_magic(self) -> bool:
        return self.type in MAGIC

    def to_json(self) -> ElementView:
        return {
            "type": self.type,
            "conditions": {"temperature": self.temperature, "humidity": self.humidity},
        }


@dataclass(frozen=True)
class Hand:
    """A hand (длань): its three element cards, ``None`` where not recorded."""

    number: int
    seat: int
    parts: tuple[Element | None, Element | None, Element | None] = (None, None, None)

    @property
    def recorded(self) -> bool:
        return all(part is not None for part in self.parts)

    def part(self, name: str) -> Element | None:
        return self.parts[PARTS.index(name)]


@dataclass(frozen=True)
class Reveal:
    """The last vote, turned face up, and what it did to the site (L242-L246).

    ``cards`` is empty when the setup shows only the tallies.
    """

    round: int
    cards: tuple[tuple[int, str], ...]
    tallies: tuple[tuple[str, int], ...]
    axes: tuple[AxisResult, ...]
    site_before: Site
    site_after: Site


@dataclass(frozen=True)
class Test:
    """One hand's test (L262-L264)."""

    hand: int
    seat: int
    target: str
    need: int | None
    strength: int | None
    source: str  # "elements", "entered" or "" (no target, no strength)
    hit: bool
    points: int


@dataclass(frozen=True)
class State(Evolving):
    setup: Setup
    hands: tuple[Hand, ...]
    stage: str = STAGE_SETUP
    round: int = 0
    phase: str = ""
    site: Site | None = None
    first_hand: int = 1
    turn: int | None = None  # the hand whose turn it is in the in-turn phases
    playing: tuple[int, ...] = ()  # hands taking part in this round (all, or the claimants')
    claimants: tuple[int, ...] = ()  # seats of a tie round (L266), else empty
    discovery: str | None = None
    done: frozenset[int] = frozenset()  # hands done with the construction phase
    targets: tuple[str | None, ...] = ()  # by hand: targets[hand - 1]
    votes: tuple[str | None, ...] = ()  # by hand; SECRET until the reveal
    entered: tuple[int | None, ...] = ()  # strengths entered directly, by hand
    scores: tuple[int, ...] = ()  # by seat, absolute (the track wraps at 12, L266)
    last_reveal: Reveal | None = None
    last_tests: tuple[Test, ...] = ()
    winner: int | None = None
    winners: tuple[int, ...] = ()  # every winning seat (several only in a shared win)
    events: tuple[Event, ...] = ()

    @property
    def seats(self) -> Seats:
        return self.setup.seats

    def hand(self, number: int) -> Hand:
        return self.hands[number - 1]

    def order(self) -> tuple[int, ...]:
        """The playing hands in turn order, from the first hand clockwise (L220, L232)."""
        count = self.setup.hand_count
        ring = [(self.first_hand - 1 + step) % count + 1 for step in range(count)]
        return tuple(hand for hand in ring if hand in self.playing)

    @property
    def first_seat(self) -> int:
        return self.setup.seat_of_hand(self.first_hand)

    def hand_voted(self, hand: int) -> bool:
        return self.votes[hand - 1] is not None
