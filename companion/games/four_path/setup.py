"""The setup of a Four-path game (RULES-EXPANSIONS.md §1; seeds/001 L50-83).

Two modes on the Four-path board (FP-R1, L53, L81):

- ``teams``: four players, two teams of two, each player owning one castle (FP-R5, L73);
- ``duel``: two players, each the whole of his team, four creatures and two castles.

Seats are the places at the table in clockwise order (``players``, FP-A1: the rulebook
gives no seating, its circles go clockwise, L73). In ``teams`` partners sit across the
table, seats 1 and 3 against 2 and 4: the circles then alternate the teams as the
rulebook's four players take turns (FP-X16: A1, B1, A2, B2). Team numbers stay with the
seats over a series (team 1 holds seat 1); ``first_team`` says which team plays first
this game (L61), and the time keeper (``keeper``, L61) is one of its players.

The four castles are ``castle_1`` to ``castle_4``, numbered clockwise round the board:
the rulebook names none of them (the base board's Wasteland and Forest edge are gone,
L32-34). The first team takes any two (L69); ``castles`` maps each castle to the seat
that owns it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.games.four_path.types import SetupDict
from companion.rules.base import Seats, SetupError, check_fields, parse_players

GAME = "four_path"

TEAMS = "teams"
DUEL = "duel"
MODES = (TEAMS, DUEL)
PLAYERS = {TEAMS: 4, DUEL: 2}

CASTLES = ("castle_1", "castle_2", "castle_3", "castle_4")
CASTLES_PER_TEAM = 2  # L69: "два любых замка … оставшиеся два"
MAX_IN_CASTLE = 2  # the duel's limit at summon and respawn (FP-R10, L83)

# The scale length is in no rulebook (FP-A16): a setting, by default the duel's. Four-path
# has no class penalty (FP-R8, L77), so no game can end at setup whatever the length.
DEFAULT_SCALE_LENGTH = 16
MIN_SCALE_LENGTH = 1
MAX_SCALE_LENGTH = 1000

SETUP_KEYS = ("mode", "players", "keeper", "first", "first_team", "castles", "scale_length")


@dataclass(frozen=True)
class FourPathSetup:
    """A validated Four-path setup. ``owners[i]`` is the seat owning ``CASTLES[i]``."""

    mode: str
    seats: Seats
    keeper: int
    first_team: int
    owners: tuple[int, ...]
    scale_length: int = DEFAULT_SCALE_LENGTH

    @property
    def is_duel(self) -> bool:
        return self.mode == DUEL

    @property
    def second_team(self) -> int:
        return other_team(self.first_team)

    def side_of(self, seat: int) -> int:
        """The team (1 or 2) a seat plays for: in ``teams`` seats 1 and 3 are team 1,
        2 and 4 team 2; in the duel each seat is a team of its own."""
        return team_of_seat(seat)

    def team_seats(self, team: int) -> tuple[int, ...]:
        """A team's seats from the lower number: the order never depends on who keeps
        time."""
        return tuple(seat for seat in self.seats.numbers() if self.side_of(seat) == team)

    def partner_of(self, seat: int) -> int | None:
        """The ally across the table; None in the duel, where a player is his own team."""
        allies = [s for s in self.team_seats(self.side_of(seat)) if s != seat]
        return allies[0] if allies else None

    def owner_of(self, castle: str) -> int:
        return self.owners[CASTLES.index(castle)]

    def castles_of(self, seat: int) -> tuple[str, ...]:
        """The castles a seat summons into (L73 «в свой замок»): one in ``teams``, two in
        the duel."""
        return tuple(c for c, owner in zip(CASTLES, self.owners, strict=True) if owner == seat)

    def team_castles(self, team: int) -> tuple[str, ...]:
        return tuple(c for c in CASTLES if self.side_of(self.owner_of(c)) == team)

    def to_json(self) -> SetupDict:
        return {
            "mode": self.mode,
            "players": list(self.seats.names),
            "keeper": self.keeper,
            "first_team": self.first_team,
            "castles": dict(zip(CASTLES, self.owners, strict=True)),
            "scale_length": self.scale_length,
        }


def team_of_seat(seat: int) -> int:
    """Odd seats are team 1, even seats team 2 (partners across the table; the duel's two
    seats are one team each)."""
    return 1 if seat % 2 == 1 else 2


def other_team(team: int) -> int:
    return 3 - team


def default_owners(mode: str) -> tuple[int, ...]:
    """Each player by his own castle: ``teams`` seat n owns castle n; in the duel seat 1
    owns castles 1 and 2, seat 2 castles 3 and 4."""
    return (1, 2, 3, 4) if mode == TEAMS else (1, 1, 2, 2)


def parse_setup(raw: Mapping[str, object] | None) -> FourPathSetup:
    """Validate a setup mapping; every problem names its key."""
    raw = raw or {}
    if not isinstance(raw, Mapping):
        raise SetupError("setup: a mapping of mode, players, keeper, first_team, castles")
    check_fields("setup", raw, SETUP_KEYS, SetupError)
    players = raw.get("players")
    # Without a mode, the players say it: two are a duel, four two teams (L53, L81).
    inferred = DUEL if isinstance(players, list) and len(players) == 2 else TEAMS
    mode = raw.get("mode", inferred)
    if mode not in MODES:
        raise SetupError(
            f"setup.mode: 'teams' (two against two) or 'duel' (two players), not {mode!r}"
        )
    mode = str(mode)
    count = PLAYERS[mode]
    try:
        seats = parse_players(raw, count, count)
    except SetupError as error:
        hint = "two players: mode duel" if mode == TEAMS else "four players: mode teams"
        raise SetupError(f"{error} (mode {mode}; {hint})") from None
    keeper = _parse_seat(raw, "keeper", seats)
    # ``first`` (the menu's "who plays first", as every game's): the first team's keeper.
    first = _parse_seat(raw, "first", seats)
    if first is not None:
        if keeper is not None and keeper != first:
            raise SetupError(
                f"setup.first: {seats.name(first)} plays first, but the keeper is "
                f"{seats.name(keeper)}; the keeper turns the disc and his team plays first (L61)"
            )
        keeper = first
    first_team = _parse_first_team(raw, seats, keeper)
    if keeper is None:
        # The first team's keeper is chosen freely (L61): by default its lower seat.
        keeper = 1 if first_team == 1 else 2
    owners = _parse_castles(raw, mode, seats)
    scale = raw.get("scale_length", DEFAULT_SCALE_LENGTH)
    if (
        isinstance(scale, bool)
        or not isinstance(scale, int)
        or not MIN_SCALE_LENGTH <= scale <= MAX_SCALE_LENGTH
    ):
        raise SetupError(
            f"setup.scale_length: a whole number from {MIN_SCALE_LENGTH} to "
            f"{MAX_SCALE_LENGTH}, not {scale!r}"
        )
    return FourPathSetup(
        mode=mode,
        seats=seats,
        keeper=keeper,
        first_team=first_team,
        owners=owners,
        scale_length=scale,
    )


def rematch_setup(setup: FourPathSetup) -> SetupDict:
    """The next game of a series: the team that was second plays first (L61), and the
    keeper's place passes clockwise, which is a seat of that team."""
    return {
        **setup.to_json(),
        "first_team": setup.second_team,
        "keeper": setup.seats.after(setup.keeper),
    }


def _parse_seat(
    raw: Mapping[str, object], key: str, seats: Seats, where: str = "setup"
) -> int | None:
    """``raw[key]``: a seat by number or by a player's name; None when not given. An error
    names ``where.key``."""
    value = raw.get(key)
    if value is None:
        return None
    if isinstance(value, str) and value in seats.names:
        return seats.names.index(value) + 1
    if isinstance(value, bool) or not isinstance(value, int) or value not in seats.numbers():
        raise SetupError(
            f"{where}.{key}: a seat, 1 to {seats.count}, or a player's name, not {value!r}"
        )
    return value


def _parse_first_team(raw: Mapping[str, object], seats: Seats, keeper: int | None) -> int:
    """``setup.first_team`` (1 or 2); by default the keeper's team, else team 1. The keeper
    is always of the first team (L61 «В первой команде определите хранителя времени»)."""
    value = raw.get("first_team")
    keeper_team = None if keeper is None else team_of_seat(keeper)
    if value is None:
        return keeper_team or 1
    if isinstance(value, bool) or value not in (1, 2):
        raise SetupError(f"setup.first_team: 1 (seat 1's team) or 2, not {value!r}")
    assert isinstance(value, int)
    if keeper_team is not None and keeper_team != value:
        assert keeper is not None
        raise SetupError(
            f"setup.keeper: {seats.name(keeper)} is not of the first team (team {value}); "
            "the time keeper is chosen in the first team (L61)"
        )
    return value


def _parse_castles(raw: Mapping[str, object], mode: str, seats: Seats) -> tuple[int, ...]:
    """``setup.castles``: each castle's owner, by seat number or player name. ``teams``:
    every player one castle; the duel: each player two (FP-R5, L69, L73)."""
    given = raw.get("castles")
    if given is None:
        return default_owners(mode)
    if not isinstance(given, Mapping):
        raise SetupError("setup.castles: a mapping of castle to owner, e.g. {castle_1: Anna}")
    check_fields("setup.castles", given, CASTLES, SetupError)
    owners: list[int] = []
    for castle in CASTLES:
        if castle not in given:
            raise SetupError(f"setup.castles.{castle}: missing (every castle has an owner)")
        owner = _parse_seat(given, castle, seats, "setup.castles")
        if owner is None:
            raise SetupError(f"setup.castles.{castle}: missing (every castle has an owner)")
        owners.append(owner)
    per_seat = 1 if mode == TEAMS else CASTLES_PER_TEAM
    for seat in seats.numbers():
        held = owners.count(seat)
        if held != per_seat:
            raise SetupError(
                f"setup.castles: {seats.name(seat)} owns {held} castles, not {per_seat} "
                f"(in the {mode} mode each player owns {per_seat})"
            )
    return tuple(owners)
