"""The summoning stage of Four-path: one ban circle, then two summon circles (seeds/001 L73).

«каждый игрок, начиная с хранителя времени, по очереди в направлении по часовой стрелке
запрещает по одному существу … После того, как четыре персонажа запрещены, происходит два
последовательных круга вызова» (L73, FP-R6, FP-R7). A circle is four picks clockwise from
the time keeper; in the duel each duelist fills both places of his team, so a circle goes
P1, P2, P1, P2 from the keeper (FP-A2). There is no class penalty (FP-R8, L77).

Pure and frozen: :func:`step` (or :meth:`DraftState.ban` and :meth:`DraftState.summon`)
makes a new state or raises :class:`IllegalAction` saying why.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.games.four_path.setup import CASTLES, MAX_IN_CASTLE, FourPathSetup
from companion.rules.base import Action, IllegalAction, check_fields, require

BAN = "ban"
SUMMON = "summon"
CIRCLE = 4  # picks in a circle: four players, or two duelists twice (L73, FP-A2)
SUMMON_CIRCLES = 2


@dataclass(frozen=True)
class Pick:
    """One turn of the stage: who picks, and whether he bans or summons."""

    kind: str
    seat: int


def circle(setup: FourPathSetup) -> tuple[int, ...]:
    """The seats of one circle, clockwise from the keeper: four players in ``teams``; in the
    duel the keeper, the other, the keeper, the other (FP-A2)."""
    seats = setup.seats
    return tuple(seats.after(setup.keeper, place) for place in range(CIRCLE))


def draft_order(setup: FourPathSetup) -> tuple[Pick, ...]:
    """Every pick of the stage in order: 4 bans, then 8 summons (FP-R6, FP-R7, FP-X16)."""
    order = circle(setup)
    bans = tuple(Pick(BAN, seat) for seat in order)
    summons = tuple(Pick(SUMMON, seat) for _ in range(SUMMON_CIRCLES) for seat in order)
    return bans + summons


@dataclass(frozen=True)
class Summoned:
    seat: int
    creature: str
    castle: str


@dataclass(frozen=True)
class DraftState:
    """The stage so far. ``pool``, when given, is the creatures one may pick (the base
    game's and the expansion's); None accepts any name."""

    setup: FourPathSetup
    banned: tuple[tuple[int, str], ...] = ()  # (seat, creature) in order
    summoned: tuple[Summoned, ...] = ()
    pool: frozenset[str] | None = None

    @property
    def order(self) -> tuple[Pick, ...]:
        return draft_order(self.setup)

    @property
    def done(self) -> int:
        """Picks made so far."""
        return len(self.banned) + len(self.summoned)

    @property
    def next_pick(self) -> Pick | None:
        """Whose pick it is and of what kind; None when the stage is over."""
        order = self.order
        return order[self.done] if self.done < len(order) else None

    @property
    def finished(self) -> bool:
        return self.next_pick is None

    @property
    def banned_creatures(self) -> frozenset[str]:
        return frozenset(creature for _, creature in self.banned)

    @property
    def summoned_creatures(self) -> frozenset[str]:
        return frozenset(entry.creature for entry in self.summoned)

    def occupancy(self) -> dict[str, int]:
        """Creatures summoned into each castle."""
        counts = dict.fromkeys(CASTLES, 0)
        for entry in self.summoned:
            counts[entry.castle] += 1
        return counts

    def ban(self, seat: int, creature: str, name: str = "") -> DraftState:
        """«запрещает по одному существу, которое становится недоступным для вызова в этой
        партии» (L73). ``name``: the creature as messages say it (default: its id)."""
        self._check_turn(BAN, seat)
        self._check_free(creature, name)
        return DraftState(self.setup, (*self.banned, (seat, creature)), self.summoned, self.pool)

    def summon(
        self, seat: int, creature: str, castle: str | None = None, name: str = ""
    ) -> DraftState:
        """Summon into one's own castle (L73 «в свой замок»); ``castle`` may be left out when
        the seat owns one. The duel: at most two into each castle (FP-R10, L83)."""
        self._check_turn(SUMMON, seat)
        self._check_free(creature, name)
        own = self.setup.castles_of(seat)
        player = self.setup.seats.name(seat)
        if castle is None:
            if len(own) != 1:
                raise IllegalAction(
                    f"into which castle does {player} summon {name or creature}: "
                    f"{' or '.join(own)}?"
                )
            castle = own[0]
        if castle not in own:
            raise IllegalAction(
                f"{player} summons into his own castle ({' or '.join(own)}), not {castle} (L73)"
            )
        if self.occupancy()[castle] >= MAX_IN_CASTLE:
            raise IllegalAction(
                f"{castle} already holds {MAX_IN_CASTLE} summoned creatures: no more than two "
                "into each castle (L83)"
            )
        entry = Summoned(seat, creature, castle)
        return DraftState(self.setup, self.banned, (*self.summoned, entry), self.pool)

    def _check_turn(self, kind: str, seat: int) -> None:
        pick = self.next_pick
        if pick is None:
            raise IllegalAction("the summoning stage is over: 4 banned, 8 summoned")
        names = self.setup.seats
        if seat not in names.numbers():
            raise IllegalAction(f"no seat {seat}: seats are 1 to {names.count}")
        if pick.kind != kind:
            stage = "the ban circle" if pick.kind == BAN else "the summon circles"
            raise IllegalAction(f"not a {kind} now: this is {stage} (L73)")
        if pick.seat != seat:
            raise IllegalAction(
                f"not {names.name(seat)}'s {kind}: it is {names.name(pick.seat)}'s, clockwise "
                "from the time keeper (L73)"
            )

    def _check_free(self, creature: str, name: str = "") -> None:
        if not creature:
            raise IllegalAction("which creature?")
        said = name or creature
        if self.pool is not None and creature not in self.pool:
            raise IllegalAction(f"{said} is not among the creatures of this game")
        if creature in self.banned_creatures:
            raise IllegalAction(f"{said} is banned: no one may summon it this game (L73)")
        if creature in self.summoned_creatures:
            raise IllegalAction(f"{said} is already summoned")


def start(setup: FourPathSetup, pool: frozenset[str] | None = None) -> DraftState:
    return DraftState(setup, pool=pool)


def step(state: DraftState, action: Action) -> DraftState:
    """``{do: ban, seat, creature}`` or ``{do: summon, seat, creature, castle}``; the seat by
    number or by a player's name."""
    do = action.get("do")
    if do == BAN:
        check_fields("ban", action, ("do", "seat", "creature"))
        return state.ban(_seat(state, action), str(require(action, "creature")))
    if do == SUMMON:
        check_fields("summon", action, ("do", "seat", "creature", "castle"))
        castle = action.get("castle")
        return state.summon(
            _seat(state, action),
            str(require(action, "creature")),
            None if castle is None else str(castle),
        )
    raise IllegalAction(f"the summoning stage takes 'ban' or 'summon', not {do!r}")


def _seat(state: DraftState, action: Action) -> int:
    seat = require(action, "seat", "who picks")
    names = state.setup.seats.names
    if isinstance(seat, str) and seat in names:
        return names.index(seat) + 1
    if isinstance(seat, int):
        return seat
    raise IllegalAction(f"no player named '{seat}'")


# --- the duel's respawn (FP-R10, L83) -------------------------------------------------------


def respawn_castles(
    setup: FourPathSetup, occupancy: Mapping[str, int], owner: int
) -> tuple[str, ...]:
    """The castles a destroyed creature of ``owner`` may return to. ``occupancy`` counts
    the creatures standing in each castle now, the destroyed one left out (maneuvers change
    it, FP-A14). The duel: «может возродиться в любом из двух замков, где находится менее
    двух персонажей» (L83). ``teams``: the owner's own castle, whatever it holds (FP-A4)."""
    own = setup.castles_of(owner)
    if not setup.is_duel:
        return own
    return tuple(castle for castle in own if occupancy.get(castle, 0) < MAX_IN_CASTLE)


def respawn_into(
    setup: FourPathSetup, occupancy: Mapping[str, int], owner: int, castle: str
) -> str:
    """``castle`` when a creature of ``owner`` may respawn there, else IllegalAction."""
    own = setup.castles_of(owner)
    if castle not in own:
        raise IllegalAction(f"a creature respawns in its owner's castle ({' or '.join(own)})")
    if castle not in respawn_castles(setup, occupancy, owner):
        raise IllegalAction(
            f"{castle} holds {occupancy.get(castle, 0)}: a creature respawns only in a castle "
            "holding fewer than two (L83)"
        )
    return castle
