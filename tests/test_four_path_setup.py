"""Four-path's setup, summoning circles and turn order (RULES-EXPANSIONS.md §1; seeds/001).

Each test names the requirement (FP-R, FP-X, FP-A) and the rulebook's line it checks.
"""

from __future__ import annotations

import pytest

from companion.games.four_path import draft, turns
from companion.games.four_path.setup import (
    CASTLES,
    DEFAULT_SCALE_LENGTH,
    FourPathSetup,
    parse_setup,
    rematch_setup,
)
from companion.rules.base import IllegalAction, SetupError

SEATING = ["A1", "B1", "A2", "B2"]  # clockwise, as in FP-X16
CREATURES = [f"creature_{n}" for n in range(1, 21)]


def teams(**more: object) -> FourPathSetup:
    return parse_setup({"mode": "teams", "players": SEATING, **more})


def duel(**more: object) -> FourPathSetup:
    return parse_setup({"mode": "duel", "players": ["P1", "P2"], **more})


def run_draft(setup: FourPathSetup) -> draft.DraftState:
    """Every pick in order, each creature new (the duel: a castle with room)."""
    state = draft.start(setup)
    fresh = iter(CREATURES)
    while (pick := state.next_pick) is not None:
        if pick.kind == draft.BAN:
            state = draft.step(state, {"do": "ban", "seat": pick.seat, "creature": next(fresh)})
        else:
            room = [c for c in setup.castles_of(pick.seat) if state.occupancy()[c] < 2]
            action = {"do": "summon", "seat": pick.seat, "creature": next(fresh)}
            state = draft.step(state, {**action, "castle": room[0]})
    return state


# --- setup ----------------------------------------------------------------------------------


def test_teams_are_the_seats_across_the_table_and_the_keepers_team_plays_first() -> None:
    """FP-R3/R4 (L60-61): two teams of two, the keeper in the first team; FP-A1: the
    seating is a clockwise list, partners sit across (A1, B1, A2, B2 as in FP-X16)."""
    setup = teams(keeper="A2")
    assert [setup.side_of(seat) for seat in (1, 2, 3, 4)] == [1, 2, 1, 2]
    assert setup.partner_of(1) == 3
    assert setup.partner_of(4) == 2
    assert setup.keeper == 3
    assert setup.first_team == 1
    assert teams(keeper="B1").first_team == 2


def test_four_castles_two_a_team_one_a_player_in_teams_two_in_the_duel() -> None:
    """FP-R5 (L69 «Первая команда занимает два любых замка … оставшиеся два», L73 «в свой
    замок»): 2v2 each player owns one castle; FP-R10 (L81) the duel, two each."""
    setup = teams(castles={"castle_1": "A1", "castle_2": "A2", "castle_3": "B1", "castle_4": 4})
    assert setup.castles_of(3) == ("castle_2",)
    assert setup.team_castles(1) == ("castle_1", "castle_2")
    assert setup.team_castles(2) == ("castle_3", "castle_4")
    versus = duel()
    assert versus.castles_of(1) == ("castle_1", "castle_2")
    assert versus.castles_of(2) == ("castle_3", "castle_4")
    assert versus.partner_of(1) is None
    assert sorted(versus.team_castles(1) + versus.team_castles(2)) == list(CASTLES)


def test_the_duels_keeper_is_the_first_player_and_the_scale_is_a_setting() -> None:
    """FP-A3 (L81: four-player rules): the duel's keeper is the first player; FP-A16 (no
    rulebook gives the scale's length): a setting, 16 by default as the duel."""
    assert duel().keeper == 1
    assert duel().first_team == 1
    assert duel().scale_length == DEFAULT_SCALE_LENGTH == 16
    assert teams(scale_length=10).scale_length == 10


def test_a_series_alternates_the_first_team() -> None:
    """FP-R3 (L61 «При серии игр первой становится та, которая в предыдущей партии была
    второй»): the rematch's first team is the other one, its keeper of that team."""
    first = teams()
    second = parse_setup(rematch_setup(first))
    third = parse_setup(rematch_setup(second))
    assert [first.first_team, second.first_team, third.first_team] == [1, 2, 1]
    assert second.side_of(second.keeper) == 2
    assert second.seats == first.seats
    assert second.owners == first.owners
    assert parse_setup(rematch_setup(duel())).keeper == 2


@pytest.mark.parametrize(
    ("raw", "key"),
    [
        ({"mode": "trio"}, "setup.mode"),
        ({"mode": "teams", "players": ["A", "B"]}, "setup.players"),
        ({"mode": "duel", "players": SEATING}, "setup.players"),
        ({"players": SEATING, "keeper": "Zed"}, "setup.keeper"),
        ({"players": SEATING, "keeper": 2, "first_team": 1}, "setup.keeper"),
        ({"players": SEATING, "first_team": 3}, "setup.first_team"),
        ({"players": SEATING, "castles": ["castle_1"]}, "setup.castles"),
        ({"players": SEATING, "castles": {"castle_1": 1}}, "setup.castles.castle_2"),
        (
            {"players": SEATING, "castles": dict.fromkeys(CASTLES, 9)},
            "setup.castles.castle_1",
        ),
        ({"players": SEATING, "castles": dict.fromkeys(CASTLES, 1)}, "setup.castles"),
        ({"players": SEATING, "scale_length": 0}, "setup.scale_length"),
        ({"players": SEATING, "scale_length": True}, "setup.scale_length"),
        ({"players": SEATING, "tempo": "slow"}, "setup: unknown field 'tempo'"),
    ],
)
def test_a_bad_setup_names_its_key(raw: dict[str, object], key: str) -> None:
    """A user's error names its place (STYLE); FP-R1 (L53, L81) the two modes, FP-R5
    (L69) every castle owned, FP-R4 (L61) the keeper of the first team."""
    with pytest.raises(SetupError) as error:
        parse_setup(raw)
    assert str(error.value).startswith(key)


# --- the ban circle and the summon circles --------------------------------------------------


def test_fp_x16_one_ban_circle_then_two_summon_circles_from_the_keeper() -> None:
    """FP-X16, FP-R6/R7 (L73): seats A1 (keeper), B1, A2, B2 ban in that order, then summon
    in that order twice: 4 banned, 8 summoned, none twice, none banned."""
    setup = teams(keeper="A1")
    order = [(pick.kind, setup.seats.name(pick.seat)) for pick in draft.draft_order(setup)]
    assert order == [("ban", name) for name in SEATING] + [("summon", n) for n in SEATING] * 2
    done = run_draft(setup)
    assert done.finished
    assert len(done.banned) == 4
    assert len(done.summoned) == 8
    assert len(done.summoned_creatures) == 8
    assert not done.summoned_creatures & done.banned_creatures
    assert {seat: done.occupancy()[setup.castles_of(seat)[0]] for seat in (1, 2, 3, 4)} == {
        1: 2,
        2: 2,
        3: 2,
        4: 2,
    }


def test_the_circles_start_at_the_keeper_wherever_he_sits() -> None:
    """FP-R6 (L73 «начиная с хранителя времени … по часовой стрелке»): keeper B2 (seat 4)
    bans first, then A1, B1, A2."""
    setup = teams(keeper="B2")
    assert draft.circle(setup) == (4, 1, 2, 3)


def test_a_banned_or_summoned_creature_and_a_pick_out_of_turn_are_refused() -> None:
    """FP-R6 (L73 «становится недоступным для вызова в этой партии»), FP-R7 (L73; base
    L127: one of the creatures left): no banned creature, none twice, clockwise turns."""
    state = draft.start(teams())
    with pytest.raises(IllegalAction, match="A1's"):
        state.ban(2, "saxum")
    with pytest.raises(IllegalAction, match="ban circle"):
        state.summon(1, "saxum")
    for seat, name in enumerate(["saxum", "fidea", "mortum", "lignum"], start=1):
        state = state.ban(seat, name)
    with pytest.raises(IllegalAction, match="banned"):
        state.summon(1, "fidea")
    state = state.summon(1, "malleus")
    with pytest.raises(IllegalAction, match="already summoned"):
        state.summon(2, "malleus")
    with pytest.raises(IllegalAction, match="B1's"):
        state.summon(3, "ignifer")
    with pytest.raises(IllegalAction, match="own castle"):
        state.summon(2, "ignifer", "castle_1")
    assert state.summon(2, "ignifer").summoned[-1].castle == "castle_2"


def test_the_duel_draft_has_each_duelist_fill_both_places_of_his_team() -> None:
    """FP-A2 (L81 «в роли команды выступает один игрок»): P1, P2, P1, P2 from the keeper:
    2 bans and 4 summons each, alternating."""
    setup = duel()
    order = [(pick.kind, pick.seat) for pick in draft.draft_order(setup)]
    assert order == [("ban", 1), ("ban", 2)] * 2 + [("summon", 1), ("summon", 2)] * 4
    done = run_draft(setup)
    assert done.occupancy() == dict.fromkeys(CASTLES, 2)


def test_fp_x15_the_duel_summons_at_most_two_into_a_castle() -> None:
    """FP-X15, FP-R10 (L83 «не могут вызывать более двух воинов в каждый из своих замков»):
    a third summon into one castle is refused; the other castle takes it."""
    state = draft.start(duel())
    for seat, name in [(1, "b1"), (2, "b2"), (1, "b3"), (2, "b4")]:
        state = state.ban(seat, name)
    state = state.summon(1, "saxum", "castle_1")
    state = state.summon(2, "fidea", "castle_3")
    state = state.summon(1, "mortum", "castle_1")
    state = state.summon(2, "lignum", "castle_3")
    with pytest.raises(IllegalAction, match="castle_1 already holds 2"):
        state.summon(1, "malleus", "castle_1")
    with pytest.raises(IllegalAction, match="which castle"):
        state.summon(1, "malleus")
    assert state.summon(1, "malleus", "castle_2").occupancy()["castle_2"] == 1


def test_fp_x15_the_duel_respawns_only_into_an_own_castle_holding_fewer_than_two() -> None:
    """FP-X15, FP-R10 (L83 «может возродиться в любом из двух замков, где находится менее
    двух персонажей»): a castle holding 2 is refused, one holding 1 accepted; the
    occupancy is the table's now, after maneuvers (FP-A14)."""
    setup = duel()
    occupancy = {"castle_1": 2, "castle_2": 1, "castle_3": 0, "castle_4": 0}
    assert draft.respawn_castles(setup, occupancy, 1) == ("castle_2",)
    with pytest.raises(IllegalAction, match="fewer than two"):
        draft.respawn_into(setup, occupancy, 1, "castle_1")
    assert draft.respawn_into(setup, occupancy, 1, "castle_2") == "castle_2"
    with pytest.raises(IllegalAction, match="owner's castle"):
        draft.respawn_into(setup, occupancy, 1, "castle_3")


def test_in_teams_a_creature_respawns_in_its_owners_castle() -> None:
    """FP-A4 (the rulebook is silent; base L170 «сразу же возрождается» in its castle): the
    owner's own castle, however full."""
    setup = teams()
    full = dict.fromkeys(CASTLES, 2)
    assert draft.respawn_castles(setup, full, 2) == ("castle_2",)
    assert draft.respawn_into(setup, full, 2, "castle_2") == "castle_2"


# --- the period and the combined phase ------------------------------------------------------


def at_combined_phase(setup: FourPathSetup) -> turns.Turns:
    return at_combined_phase_from(turns.start(setup))


def at_combined_phase_from(state: turns.Turns) -> turns.Turns:
    """'next' through the disc, the siege and the preparation."""
    while state.phase != "attack_and_support":
        state = turns.step(state, {"do": "next"})
    return state


def test_a_period_is_the_disc_then_each_team_siege_preparation_and_attack_support() -> None:
    """FP-R11 (L95 «сначала первая команда совершает все фазы, затем вторая», L142 «начиная
    с осады», L144 a new period with the disc)."""
    setup = teams(keeper="B1")  # team 2 first
    steps = [(s.phase, s.team) for s in turns.period_steps(setup)]
    assert steps == [
        ("turn_disc", 2),
        ("siege", 2),
        ("preparation", 2),
        ("attack_and_support", 2),
        ("siege", 1),
        ("preparation", 1),
        ("attack_and_support", 1),
    ]


def test_fp_x1_allies_alternate_one_action_at_a_time() -> None:
    """FP-X1 (L125-149), FP-R19 (L141 «Применив одно умение, передайте ход союзнику»):
    Messum, Ballistarius, Messum, Ballistarius is legal; Messum twice in a row is refused
    while Ballistarius has not passed."""
    setup = parse_setup({"players": ["Messum", "Enemy1", "Ballistarius", "Enemy2"]})
    state = turns.step(at_combined_phase(setup), {"do": "open", "seat": "Messum"})
    for seat, kind in [
        ("Messum", "ability"),  # «Немощность»
        ("Ballistarius", "ability"),  # «Механизм натяжения»
        ("Messum", "ability"),  # «Лики смерти»
    ]:
        state = turns.step(state, {"do": kind, "seat": seat})
    with pytest.raises(IllegalAction, match="Ballistarius's turn"):
        turns.step(state, {"do": "ability", "seat": "Messum"})
    state = turns.step(state, {"do": "attack", "seat": "Ballistarius"})
    assert state.combined is not None
    assert [seat for seat, _ in state.combined.actions] == [1, 3, 1, 3]
    assert state.combined.to_act == 1


def test_after_a_pass_the_partner_goes_on_alone_and_two_passes_end_the_teams_turn() -> None:
    """FP-R20 (L142 «Союзник может продолжать … пока тоже не объявит пас. Когда оба игрока
    команды спасовали, ход переходит к другой команде … начиная с осады»): a pass is final;
    the partner acts repeatedly; both passed, the other team's siege."""
    state = turns.step(at_combined_phase(teams()), {"do": "open", "seat": "A1"})
    state = turns.step(state, {"do": "ability", "seat": "A1"})
    state = turns.step(state, {"do": "pass", "seat": "A2"})
    for kind in ("attack", "maneuver", "ability"):
        state = turns.step(state, {"do": kind, "seat": "A1"})
    with pytest.raises(IllegalAction, match="A2 has passed"):
        turns.step(state, {"do": "ability", "seat": "A2"})
    with pytest.raises(IllegalAction, match="not of the team"):
        turns.step(state, {"do": "attack", "seat": "B1"})
    state = turns.step(state, {"do": "pass", "seat": "A1"})
    assert (state.phase, state.team, state.period) == ("siege", 2, 1)
    assert state.combined is None


def test_the_combined_phase_ends_only_by_passing() -> None:
    """FP-R20 (L142): 'next' cannot skip the combined phase; and no action before the team
    says who opens (FP-R18, L123)."""
    state = at_combined_phase(teams())
    with pytest.raises(IllegalAction, match="who opens"):
        turns.step(state, {"do": "attack", "seat": "A1"})
    with pytest.raises(IllegalAction, match="both allies have passed"):
        turns.step(state, {"do": "next"})


def test_fp_a5_the_ally_who_did_not_open_last_period_is_preselected_but_either_may() -> None:
    """FP-R18 (L123 «В следующем периоде начать применять умения может другой игрок»), FP-A5:
    a permission, so the other ally is only preselected; the same ally may open again."""
    state = at_combined_phase(teams())
    assert state.combined is not None
    assert state.combined.suggested == 1  # the keeper, the first period
    state = turns.step(state, {"do": "open", "seat": "A2"})  # either ally may open
    state = turns.step(state, {"do": "pass", "seat": "A2"})
    state = turns.step(state, {"do": "pass", "seat": "A1"})
    assert state.phase == "siege"
    state = turns.step(turns.step(state, {"do": "next"}), {"do": "next"})
    assert state.combined is not None
    assert state.combined.suggested == 2  # B1, clockwise after the keeper
    state = turns.step(state, {"do": "open", "seat": "B1"})
    state = turns.step(turns.step(state, {"do": "pass", "seat": "B1"}), {"do": "pass", "seat": 4})
    assert (state.phase, state.period) == ("turn_disc", 2)
    state = at_combined_phase_from(state)
    assert state.combined is not None
    assert state.combined.suggested == 1  # A2 opened last period: A1 is preselected
    assert turns.step(state, {"do": "open", "seat": "A2"}).combined is not None


def test_in_the_duel_a_player_acts_alone_until_he_passes() -> None:
    """FP-R10 (L81 «в роли команды выступает один игрок»): no one to alternate with; the
    phase opens with him and his pass ends it."""
    state = at_combined_phase(duel())
    for kind in ("ability", "attack", "ability", "maneuver"):
        state = turns.step(state, {"do": kind, "seat": "P1"})
    state = turns.step(state, {"do": "pass", "seat": "P1"})
    assert (state.phase, state.team) == ("siege", 2)
