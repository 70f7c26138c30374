"""The order of a Four-path period, and the allies' alternation in the combined phase.

A period (seeds/001 L95, FP-R11): the time keeper turns the disc; the first team plays its
siege, preparation and attack-and-support phases; then the second team plays its own,
«начиная с осады» (L142); then the next period begins with the disc (L144). Four-path is
always played fast (L89, L95).

The attack-and-support phase (FP-R17..R20, L121-142): the team chooses who opens this
period (L123); after each action (a support ability, an attack or a maneuver) the turn
passes to the partner (L141) unless the partner has passed; a pass is final for this turn
and the partner goes on alone; when both have passed the other team's turn begins (L142).
In the duel a player is his own team (L81): he acts alone until he passes.

Pure and frozen: every method returns a new state or raises :class:`IllegalAction`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.games.bestiary.state import (
    PHASE_ATTACK_SUPPORT,
    PHASE_PREPARATION,
    PHASE_SIEGE,
    PHASE_TURN_DISC,
)
from companion.games.four_path.setup import FourPathSetup
from companion.rules.base import Action, IllegalAction, Seats, check_fields, require

ABILITY = "ability"  # a support ability
ATTACK = "attack"
MANEUVER = "maneuver"  # «Вместо атакующей способности можно совершить маневр» (L135)
ACTIONS = (ABILITY, ATTACK, MANEUVER)
OPEN = "open"  # the team says who opens the phase
PASS = "pass"
NEXT = "next"  # the disc is turned, the siege or the preparation is done

TEAM_PHASES = (PHASE_SIEGE, PHASE_PREPARATION, PHASE_ATTACK_SUPPORT)


@dataclass(frozen=True)
class PeriodStep:
    """One step of a period: a phase and the team that plays it (the disc: the keeper's,
    the first team)."""

    phase: str
    team: int


def period_steps(setup: FourPathSetup) -> tuple[PeriodStep, ...]:
    """The disc, then the first team's three phases, then the second team's (L95, L142)."""
    teams = (setup.first_team, setup.second_team)
    phases = tuple(PeriodStep(phase, team) for team in teams for phase in TEAM_PHASES)
    return (PeriodStep(PHASE_TURN_DISC, setup.first_team), *phases)


def suggested_opener(setup: FourPathSetup, team: int, last_opener: int | None) -> int:
    """The ally preselected to open the phase: the one who did not open it last period
    («В следующем периоде начать применять умения может другой игрок», L123: a permission,
    so only a preselection, FP-A5). In the first period: the first of the team clockwise
    from the keeper (the keeper himself in the first team)."""
    allies = setup.team_seats(team)
    if last_opener in allies and len(allies) > 1:
        return next(seat for seat in allies if seat != last_opener)
    return next(
        seat
        for seat in (setup.seats.after(setup.keeper, place) for place in range(setup.seats.count))
        if seat in allies
    )


@dataclass(frozen=True)
class CombinedPhase:
    """One team's attack-and-support phase. ``to_act`` is None until the opener is chosen
    and once both allies have passed."""

    team: int
    allies: tuple[int, ...]
    seats: Seats
    suggested: int
    opener: int | None = None
    to_act: int | None = None
    passed: frozenset[int] = frozenset()
    actions: tuple[tuple[int, str], ...] = ()  # (seat, kind) in order

    @property
    def over(self) -> bool:
        """Both allies have passed (L142): the other team's turn begins."""
        return self.passed >= frozenset(self.allies)

    def partner(self, seat: int) -> int | None:
        """The ally still in play beside ``seat`` (None when he has passed, or in the duel)."""
        return next((s for s in self.allies if s != seat and s not in self.passed), None)

    def choose_opener(self, seat: int) -> CombinedPhase:
        """«Обсудив с союзником, определите, кто будет ходить первым в этом периоде» (L123):
        either ally may open, whoever opened last period (FP-A5)."""
        if self.opener is not None:
            raise IllegalAction(
                f"{self.seats.name(self.opener)} already opened this phase; allies alternate now"
            )
        self._check_ally(seat)
        return replace(self, opener=seat, to_act=seat)

    def act(self, seat: int, kind: str) -> CombinedPhase:
        """One action: «Применив одно умение, передайте ход союзнику» (L141). The partner
        acts next unless he has passed; then ``seat`` goes on alone (L142)."""
        if kind not in ACTIONS:
            raise IllegalAction(f"an action is an ability, an attack or a maneuver, not {kind!r}")
        self._check_to_act(seat, kind)
        partner = self.partner(seat)
        return replace(
            self,
            to_act=seat if partner is None else partner,
            actions=(*self.actions, (seat, kind)),
        )

    def pass_turn(self, seat: int) -> CombinedPhase:
        """«Объявите пас … Союзник может продолжать … пока тоже не объявит пас» (L142): the
        pass is final for this turn; the partner goes on alone."""
        self._check_to_act(seat, PASS)
        passed = self.passed | {seat}
        return replace(self, passed=passed, to_act=self.partner(seat))

    def _check_ally(self, seat: int) -> None:
        if seat not in self.allies:
            raise IllegalAction(
                f"{self._name(seat)} is not of the team playing its attack-and-support phase "
                f"({' and '.join(self.seats.name(s) for s in self.allies)})"
            )

    def _check_to_act(self, seat: int, kind: str) -> None:
        self._check_ally(seat)
        name = self.seats.name(seat)
        if self.opener is None:
            suggested = self.seats.name(self.suggested)
            raise IllegalAction(
                f"first the team says who opens this period (L123): {suggested} is suggested"
            )
        if seat in self.passed:
            raise IllegalAction(f"{name} has passed: a pass is final for this turn (L142)")
        if seat != self.to_act:
            assert self.to_act is not None
            other = self.seats.name(self.to_act)
            raise IllegalAction(
                f"not {name}'s {kind}: allies alternate one action at a time and it is "
                f"{other}'s turn (L141); {other} may pass, then {name} goes on alone (L142)"
            )

    def _name(self, seat: int) -> str:
        return self.seats.name(seat) if seat in self.seats.numbers() else f"seat {seat}"


def open_phase(setup: FourPathSetup, team: int, last_opener: int | None) -> CombinedPhase:
    """A team's combined phase, before it says who opens. In the duel the one player opens
    at once: there is no one to alternate with."""
    allies = setup.team_seats(team)
    suggested = suggested_opener(setup, team, last_opener)
    phase = CombinedPhase(team=team, allies=allies, seats=setup.seats, suggested=suggested)
    return phase.choose_opener(suggested) if len(allies) == 1 else phase


@dataclass(frozen=True)
class Turns:
    """Where the game is in its periods. ``last_openers[team - 1]`` is the ally who opened
    that team's last combined phase."""

    setup: FourPathSetup
    period: int = 1
    index: int = 0
    combined: CombinedPhase | None = None
    last_openers: tuple[int | None, int | None] = (None, None)

    @property
    def step(self) -> PeriodStep:
        return period_steps(self.setup)[self.index]

    @property
    def phase(self) -> str:
        return self.step.phase

    @property
    def team(self) -> int:
        return self.step.team

    def advance(self) -> Turns:
        """The disc is turned, or the siege or the preparation is done: the next step. The
        combined phase ends only when both allies have passed (L142)."""
        if self.combined is not None:
            raise IllegalAction(
                "the attack-and-support phase ends when both allies have passed (L142)"
            )
        return self._next()

    def choose_opener(self, seat: int) -> Turns:
        combined = self._combined().choose_opener(seat)
        return replace(
            self, combined=combined, last_openers=_with(self.last_openers, self.team, seat)
        )

    def act(self, seat: int, kind: str) -> Turns:
        return replace(self, combined=self._combined().act(seat, kind))

    def pass_turn(self, seat: int) -> Turns:
        """A pass; when it is the team's second, the other team's turn (or the next
        period's disc) begins (L142, L144)."""
        combined = self._combined().pass_turn(seat)
        if combined.over:
            return replace(self, combined=None)._next()
        return replace(self, combined=combined)

    def _combined(self) -> CombinedPhase:
        if self.combined is None:
            raise IllegalAction(
                f"not now: the phase is {self.phase.replace('_', ' ')}, not attack and support"
            )
        return self.combined

    def _next(self) -> Turns:
        steps = period_steps(self.setup)
        index, period = self.index + 1, self.period
        if index == len(steps):
            index, period = 0, period + 1
        combined = None
        if steps[index].phase == PHASE_ATTACK_SUPPORT:
            team = steps[index].team
            combined = open_phase(self.setup, team, self.last_openers[team - 1])
        moved = replace(self, index=index, period=period, combined=combined)
        if combined is not None and combined.opener is not None:
            return replace(moved, last_openers=_with(self.last_openers, team, combined.opener))
        return moved


def start(setup: FourPathSetup) -> Turns:
    """Period 1, the keeper about to turn the disc."""
    return Turns(setup)


def step(turns: Turns, action: Action) -> Turns:
    """``{do: next}``, ``{do: open, seat}``, ``{do: ability|attack|maneuver, seat}`` or
    ``{do: pass, seat}``; the seat by number or by a player's name."""
    do = action.get("do")
    if do == NEXT:
        check_fields(str(do), action, ("do",))
        return turns.advance()
    if do not in (OPEN, PASS, *ACTIONS):
        raise IllegalAction(f"not an action of a period: {do!r}")
    check_fields(str(do), action, ("do", "seat"))
    seat = _seat(turns.setup.seats, action)
    if do == OPEN:
        return turns.choose_opener(seat)
    if do == PASS:
        return turns.pass_turn(seat)
    return turns.act(seat, str(do))


def _seat(seats: Seats, action: Action) -> int:
    seat = require(action, "seat", "who acts")
    if isinstance(seat, str) and seat in seats.names:
        return seats.names.index(seat) + 1
    if isinstance(seat, int) and seat in seats.numbers():
        return seat
    raise IllegalAction(f"no player or seat {seat!r}")


def _with(
    openers: tuple[int | None, int | None], team: int, seat: int
) -> tuple[int | None, int | None]:
    return (seat, openers[1]) if team == 1 else (openers[0], seat)
