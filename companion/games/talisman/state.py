"""Talisman: each hero's sheet and the fight's arithmetic (RULES-EXPANSIONS.md §3;
seeds/003, a fragment of another publisher's rulebook, lines ``Lnnn``).

The fragment gives no setup, board or victory: the companion keeps the heroes' sheets,
the turn's bookkeeping (trophies traded, the toad's turns, a missed turn, spells cast)
and does the battle arithmetic; the players keep the board. Frozen dataclasses only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from companion.rules.base import (
    Event,
    Evolving,
    Seats,
    SetupError,
    Wire,
    check_fields,
    parse_players,
)

GAME = "talisman"
ALIGNMENTS = ("good", "neutral", "evil")
CARRY = 4  # «не может иметь больше 4 предметов, если у него нет Мула» (L148)
TOAD_TURNS = 3  # «на три хода» (L273)
TROPHY_RATE = 7  # «1 Силу за каждые 7 единиц Силы на его трофеях» (L207)
START_GOLD = 1  # «с одним золотым» (L130)
# The fragment gives no hero card: a hero's starting values are entered (TL-A4); these are
# only what the form starts from.
DEFAULT_HERO = {"lives": 4, "fate": 2, "strength": 3, "craft": 3, "alignment": "neutral"}
HERO_KEYS = ("lives", "fate", "gold", "strength", "craft", "alignment", "capacity")

PHASE_TURN = "turn"
PHASE_BATTLE = "battle"  # the rolls are made; the fate reroll and the outcome wait
PHASE_OUTCOME = "outcome"  # a battle lost: the life, unless something saves it
PHASE_REWARD = "reward"  # hero against hero: the winner takes a life, an object or gold

# Whose dice a battle takes (``setup.dice``): ``table``, the dice the players rolled, each
# entered; ``box``, rolled by the companion from the seed. A setup that names no ``dice``
# (a script or a journal written before the option) is the first edition: the box's dice,
# today's prompt, and the lenient rules it was played by (see :attr:`Setup.current`).
DICE = ("table", "box")


def spell_limit(craft: int) -> int:
    """Spells a hero may hold by Craft (L182-183): 1-2: 0, 3: 1, 4-5: 2, 6 and more: 3."""
    if craft >= 6:
        return 3
    if craft >= 4:
        return 2
    if craft == 3:
        return 1
    return 0


def trophy_trade(points: int) -> tuple[int, int]:
    """(gained, lost): «Герой получает 1 Силу за каждые 7 единиц … Остаток … сгорает»
    (L207-209): trophies worth 8 give +1 and lose 1; 14 give +2 (TL-X10)."""
    return points // TROPHY_RATE, points % TROPHY_RATE


def draw_count(required: int, on_space: int) -> int:
    """«герой тянет столько карт, сколько нужно добрать к картам на делении до требуемого
    числа» (L14; TL-X1: 1 required, 1 there → 0)."""
    return max(0, required - on_space)


@dataclass(frozen=True)
class Setup:
    seats: Seats
    heroes: tuple[Mapping[str, object], ...]  # the starting values entered, by seat
    first: int
    seed: int
    toad_from_next: bool  # TL-A1: a toad's three turns are its hero's next three
    dice: str = ""  # "table" or "box"; "" when the setup names none (the first edition)

    @property
    def current(self) -> bool:
        """Today's edition (the setup names its ``dice``, as the menu's new game does):
        the table's dice when asked for, the won enemies offered as trophies, a life saved
        by an object only when the hero carries one, and the buttons' entries for names,
        weapons and another hero's toad. A setup without ``dice`` is played as it was
        before the option, so its journals, scripts and press scripts play the same."""
        return bool(self.dice)

    @property
    def table_dice(self) -> bool:
        """The players roll and enter every die (``dice: table``)."""
        return self.dice == "table"

    def to_json(self) -> Wire:
        wire: Wire = {
            "players": list(self.seats.names),
            "heroes": [dict(hero) for hero in self.heroes],
            "first": self.first,
            "seed": self.seed,
            "toad_from_next": self.toad_from_next,
        }
        if self.dice:
            wire["dice"] = self.dice
        return wire


SETUP_KEYS = ("players", "heroes", "first", "seed", "toad_from_next", "dice")


@dataclass(frozen=True)
class Hero:
    name: str
    lives: int
    fate: int
    gold: int
    strength: int  # the card's, with the Strength gained (counters and traded trophies)
    craft: int
    alignment: str
    capacity: int = CARRY
    strength_bonus: int = 0  # from objects and effects now (not kept by a toad)
    craft_bonus: int = 0
    strength_trophies: int = 0  # the Strength on the trophies kept
    craft_trophies: int = 0
    objects: tuple[str, ...] = ()
    followers: tuple[str, ...] = ()
    spells: tuple[str, ...] = ()
    toad: int = 0  # turns left as a toad
    toad_since: int = -1  # the turn number it became one (TL-A1)
    # What a toad gains or loses of its Strength 1 and Craft 1: it vanishes when it turns
    # back (L277).
    toad_strength: int = 0
    toad_craft: int = 0
    miss_next: bool = False
    aligned_in_turn: int = -1  # the turn number of the last change of alignment
    casts: int = 0  # spells cast this turn
    cast_limit: int = 0  # spells held when the own turn began (L199)
    # The weapon's bonus he last fought with (the best entered): the next battle's weapon
    # opens there, as he most likely still carries it; forgotten with his last object.
    weapon: int = 0

    @property
    def current_strength(self) -> int:
        """A toad has Strength 1 and its counters do not apply; what it gains as a toad
        counts until it turns back (L277)."""
        if self.toad:
            return max(0, 1 + self.toad_strength)
        return max(0, self.strength + self.strength_bonus)

    @property
    def current_craft(self) -> int:
        if self.toad:
            return max(0, 1 + self.toad_craft)
        return max(0, self.craft + self.craft_bonus)

    @property
    def spell_limit(self) -> int:
        """The spells it may hold by Craft (L183); a toad keeps its spells (L283), so its
        limit is not enforced while it is one."""
        return len(self.spells) if self.toad else spell_limit(self.current_craft)


def parse_setup(raw: Mapping[str, object] | None) -> Setup:
    raw = raw or {}
    if not isinstance(raw, Mapping):
        raise SetupError("setup: a mapping of players, heroes, first, seed")
    check_fields("setup", raw, SETUP_KEYS, SetupError)
    seats = parse_players(raw, 2, 6)
    given = raw.get("heroes") or []
    if not isinstance(given, list) or len(given) > seats.count:
        raise SetupError(f"setup.heroes: a list of up to {seats.count} heroes, in seat order")
    heroes: list[Mapping[str, object]] = []
    for index in range(seats.count):
        hero = given[index] if index < len(given) else {}
        where = f"setup.heroes[{index + 1}]"
        if not isinstance(hero, Mapping):
            raise SetupError(f"{where}: a mapping of {', '.join(HERO_KEYS)}")
        check_fields(where, hero, HERO_KEYS, SetupError)
        values = {**DEFAULT_HERO, "gold": START_GOLD, "capacity": CARRY, **hero}
        for key in ("lives", "fate", "gold", "strength", "craft", "capacity"):
            value = values[key]
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 99:
                raise SetupError(f"{where}.{key}: a whole number from 0 to 99, not {value!r}")
        if values["alignment"] not in ALIGNMENTS:
            raise SetupError(f"{where}.alignment: good, neutral or evil")
        heroes.append(values)
    first = raw.get("first", 1)
    if isinstance(first, str) and first in seats.names:
        first = seats.names.index(first) + 1
    if isinstance(first, bool) or first not in seats.numbers():
        raise SetupError(f"setup.first: a seat, 1 to {seats.count}, or a player's name")
    seed = raw.get("seed", 1)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SetupError("setup.seed: a whole number (the dice the companion rolls follow it)")
    toad = raw.get("toad_from_next", True)
    if not isinstance(toad, bool):
        raise SetupError("setup.toad_from_next: true or false")
    dice = raw.get("dice", "")
    if dice != "" and dice not in DICE:
        raise SetupError("setup.dice: table (the players' dice, entered) or box (rolled)")
    assert isinstance(first, int) and isinstance(dice, str)
    return Setup(seats, tuple(heroes), first, seed, toad, dice)


def carried(objects: tuple[str, ...]) -> dict[str, object]:
    """The sheet's change when a hero is left with ``objects``: with none left he carries no
    weapon, so the next battle's weapon opens at 0 again."""
    if objects:
        return {"objects": objects}
    return {"objects": objects, "weapon": 0}


def hero_of(values: Mapping[str, object], name: str) -> Hero:
    def number(key: str) -> int:
        value = values[key]
        assert isinstance(value, int)
        return value

    return Hero(
        name=name,
        lives=number("lives"),
        fate=number("fate"),
        gold=number("gold"),
        strength=number("strength"),
        craft=number("craft"),
        alignment=str(values["alignment"]),
        capacity=number("capacity"),
    )


@dataclass(frozen=True)
class Battle:
    """A fight under way: who against what, the dice and what is decided."""

    seat: int  # the attacking hero
    kind: str  # "strength" or "craft" (psychic combat, L106)
    enemies: tuple[int, ...]  # the creatures' Strength (or Craft); empty against a hero
    opponent: int = 0  # a hero attacked (hero against hero, L84)
    bonus: int = 0  # the hero's weapon and bonuses (or the attacker's in a duel)
    opponent_bonus: int = 0
    roll: int = 0
    opponent_roll: int = 0  # the creatures' one die, or the defender's
    rerolled: bool = False  # the attacker's fate reroll is spent (one per battle, TL-A2)
    opponent_rerolled: bool = False
    attacker_done: bool = False  # hero against hero: the attacker decided (L94)

    @property
    def hero_total(self) -> int:
        return self.roll + self.bonus

    @property
    def against_total(self) -> int:
        return self.opponent_roll + sum(self.enemies) + self.opponent_bonus


@dataclass(frozen=True)
class State(Evolving):
    setup: Setup
    heroes: tuple[Hero, ...] = ()
    turn: int = 1
    turns: int = 0  # turns begun, all heroes (alignment once per turn, L241)
    phase: str = PHASE_TURN
    battle: Battle | None = None
    # The last battle accepted and how it ended (won, lost, standoff), for the screen.
    last_battle: Battle | None = None
    last_outcome: str = ""
    winner_of_duel: int = 0  # hero against hero: who chooses the reward
    # Today's edition: the enemies of the last battle won, by kind, that the hero may still
    # keep as trophies («может забрать его как трофей», L203); the turn's end clears them.
    spoils: tuple[int, ...] = ()
    spoils_kind: str = "strength"
    dice: int = 0  # dice the companion rolled (with the seed: the next roll)
    winner: int | None = None  # the fragment has no victory (the game ends off the box)
    events: tuple[Event, ...] = ()

    @property
    def seats(self) -> Seats:
        return self.setup.seats

    def hero(self, seat: int) -> Hero:
        return self.heroes[seat - 1]

    def with_hero(self, seat: int, hero: Hero) -> State:
        heroes = list(self.heroes)
        heroes[seat - 1] = hero
        return self.evolve(heroes=tuple(heroes))

    def changed(self, seat: int, **fields: object) -> State:
        return self.with_hero(seat, replace(self.hero(seat), **fields))  # type: ignore[arg-type]
