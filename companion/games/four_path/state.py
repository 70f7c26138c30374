"""State of a Four-path game: the Bestiary's state with teams (RULES-EXPANSIONS.md §1).

:class:`FourPathState` is a subclass of the Bestiary's :class:`State`, played by
``engine.FourPathRules``, a subclass of the Bestiary's rules object overriding its hooks
(as python-chess's variant boards subclass ``Board``): seats map to two sides (teams),
and ``castle_damage``, ``damage_log`` and ``winner`` are per side. What the expansion
adds lives in the new fields: the setup of the four castles, the draft, the towers'
areas, the combined phase, the Barriers on hexes, where each creature stands (in which
castle, for the duel's respawn) and what each has done this turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.games.bestiary.state import FAST, Setup, State
from companion.games.four_path.draft import DraftState
from companion.games.four_path.setup import CASTLES, GAME, FourPathSetup, parse_setup
from companion.games.four_path.turns import CombinedPhase, Turns

TOWERS = ("tower_1", "tower_2", "tower_3", "tower_4")  # «удвоено» (L24): four towers
STAGE_DRAFT = "draft"  # one ban circle, two summon circles (L73)
STAGE_RESPAWN = "respawn_choice"  # the duel: into which castle a destroyed creature comes
FIELD = "field"  # a creature out of every castle


@dataclass(frozen=True)
class Barrier:
    """«Преграда» on a free hex (L317), owned by the team that placed it (FP-R24)."""

    hex: str
    side: int
    seat: int
    period: int


def base_setup(fp: FourPathSetup) -> Setup:
    """The Bestiary setup the shared rules read: the keeper's seat plays first, always at
    the fast tempo (L89, L95), by today's edition (targets and signs checked)."""
    return Setup(seats=fp.seats, first=fp.keeper, scale_length=fp.scale_length, tempo=FAST)


DEFAULT = parse_setup(None)


@dataclass(frozen=True)
class FourPathState(State):
    TEAMS: ClassVar[bool] = True

    fp: FourPathSetup = DEFAULT
    draft: DraftState | None = None
    # The creatures each player says stand in each tower's area (by tower), kept from one
    # siege to the next; and the tower holders the last siege found (1, 2 or 0: neutral).
    areas: tuple[tuple[str, ...], ...] = ((), (), (), ())
    holders: tuple[int, ...] = (0, 0, 0, 0)
    # The period's steps: the disc, then each team's siege, preparation and combined phase
    # (turns.py); None before the play begins.
    turns: Turns | None = None
    maneuvered: frozenset[str] = frozenset()
    barriers: tuple[Barrier, ...] = ()
    # Where each creature stands as far as the companion knows: a castle or FIELD.
    places: tuple[tuple[str, str], ...] = ()
    # The duel: creatures destroyed whose owner chooses the castle they come back in.
    pending: tuple[str, ...] = ()

    def side_of(self, seat: int) -> int:
        return self.fp.side_of(seat)

    @property
    def side(self) -> int:
        """The team playing its phases now (0 before the play)."""
        return self.turns.team if self.turns is not None else 0

    @property
    def combined(self) -> CombinedPhase | None:
        return self.turns.combined if self.turns is not None else None

    def place_of(self, creature: str) -> str:
        return dict(self.places).get(creature, FIELD)

    def occupancy(self, leaving: str = "") -> dict[str, int]:
        """Creatures standing in each castle now (``leaving`` left out)."""
        counts = dict.fromkeys(CASTLES, 0)
        for creature, place in self.places:
            if place in counts and creature != leaving:
                counts[place] += 1
        return counts

    def with_place(self, creature: str, place: str) -> FourPathState:
        places = tuple((c, p) for c, p in self.places if c != creature)
        return self.evolve(places=(*places, (creature, place)))


__all__ = [
    "DEFAULT",
    "FIELD",
    "GAME",
    "STAGE_DRAFT",
    "STAGE_RESPAWN",
    "TOWERS",
    "Barrier",
    "FourPathState",
    "base_setup",
]
