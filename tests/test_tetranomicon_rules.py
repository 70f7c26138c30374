"""Tetranomicon's worked examples (RULES-EXPANSIONS.md §2.2) on its arithmetic, the defaults
(§2.3) the goldens cannot reach, and a property test of random legal play from the prompt.

Lines ``Lnnn`` are of ``seeds/004_…`` (the rulebook, which wins over the digest). The same
examples are played through a real Table in ``tests/golden/tetranomicon_*.yaml``.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.catalogue.refusals import refusal
from companion.games.tetranomicon import arithmetic as ar
from companion.games.tetranomicon import engine, present
from companion.games.tetranomicon.state import State
from companion.journal import Journal
from companion.rules.base import Entry, IllegalAction, SetupError, seat_of
from companion.table import Table

# --- TN-X1 (L346): building income -------------------------------------------------------------

SEVEN = [ar.FARM] * 3 + [ar.SAWMILL] * 2 + [ar.QUARRY, ar.MINE]


def test_income_of_three_farms_two_sawmills_a_quarry_and_a_mine_is_12_in_peace() -> None:
    # «В эпоху мира ее доход составит 12 монет (3 за фермы, 4 за лесопилки, 3 за
    # каменоломню и 2 за шахту)» (L346)
    assert ar.building_income(SEVEN, war=False) == 12
    assert [ar.building_income([kind], war=False) for kind in ar.BUILDINGS] == [1, 2, 3, 2]


def test_the_same_buildings_bring_13_in_war() -> None:
    # «в эпоху же войны он был бы равен 13 монетам (6 за фермы, 2 за лесопилки, 2 за
    # каменоломню и 3 за шахту)» (L346)
    assert ar.building_income(SEVEN, war=True) == 13
    assert [ar.building_income([kind], war=True) for kind in ar.BUILDINGS] == [2, 1, 2, 3]


# --- TN-X2 (L378), L383, TN-A5: scoring -------------------------------------------------------


def test_wealth_15_14_14_10_scores_3_1_1_0() -> None:
    # «А – 3 ПО, В – 1 ПО (равенство с игроком С, обгоняет только игрока D), С – 1 ПО,
    # D – 0 ПО» (L378)
    assert ar.standings_points([15, 14, 14, 10]) == [3, 1, 1, 0]


def test_equal_standings_score_nothing() -> None:
    assert ar.standings_points([0, 0, 0]) == [0, 0, 0]


def test_most_points_win_whatever_the_sums() -> None:
    assert ar.winners([3, 1, 1, 0], [10, 50, 50, 50]) == [1]


def test_a_tie_of_points_goes_to_the_greatest_sum_of_the_four_standings() -> None:
    # «В случае ничьи сравните суммы абсолютных значений по всем четырем направлениям у
    # игроков, претендующих на победу» (L383): only the tied leaders are compared
    assert ar.winners([4, 4, 2, 0], [30, 31, 90, 5]) == [2]


def test_a_tie_of_points_and_sums_is_a_shared_win() -> None:
    # TN-A5: the rulebook stops at the sums; the tied share the win
    assert ar.winners([4, 4, 4, 0], [30, 30, 29, 5]) == [1, 2]


# --- TN-X3 (L286-290): summons --------------------------------------------------------------


def test_a_first_summon_then_goetius_then_a_third_cost_1_2_2() -> None:
    # «первое существо … 1 монете, затем он призывает Гоэция, затратив на это уже 2 монеты
    # (умение Гоэция не распространяется на него самого), третье существо обойдется также
    # в 2 монеты (3 монеты за порядковый номер и - 1 монета за умение Гоэция)» (L288-290)
    first = ar.summon_cost(1, goetius=False)
    goetius = ar.summon_cost(2, goetius=False)
    third = ar.summon_cost(3, goetius=True)
    assert (first, goetius, third) == (1, 2, 2)


def test_a_summon_never_costs_less_than_1() -> None:
    # L205: «итоговая стоимость любого действия, кроме создания артефактов, не может быть
    # меньше 1 монеты»
    assert ar.summon_cost(1, goetius=True) == 1
    assert ar.summon_cost(3, goetius=True, discount=5) == 1


# --- TN-X4, TN-X5: building, route and expedition costs --------------------------------------


def test_the_building_example_costs() -> None:
    # L258: a farm 3; a route 4 − 1 for one castle with two buildings; a sawmill 3 + 1 over
    # the Brotherhood's canal
    assert ar.build_cost(0) == 3
    assert ar.route_cost(1) == 3
    assert ar.build_cost(1) == 4
    assert ar.route_cost(0) == 4
    assert ar.route_cost(2) == 2
    assert ar.route_cost(2, discount=3) == 1


def test_the_expedition_example_costs() -> None:
    # L356-360: epoch 4; Legion over one Brotherhood route 5, Brotherhood over its own canal
    # 4, Alliance with Caballus over its own road and two neutral trails 4
    assert ar.expedition_cost(4, 1) == 5
    assert ar.expedition_cost(4, 0) == 4
    assert ar.expedition_cost(1, 0, discount=3) == 1


def test_an_expedition_on_equal_strength_is_lost() -> None:
    # «Если сила армии игрока больше, чем сила армии нейтральных существ» (L300), TN-A4
    assert not ar.expedition_won(4, 4)
    assert ar.expedition_won(5, 4)
    assert not ar.expedition_won(0, 0)


# --- TN-X6 (L232): the per-castle limit ------------------------------------------------------


@pytest.mark.parametrize("war", [False, True])
def test_epoch_1_allows_one_own_building_per_castle(war: bool) -> None:
    # «в первой эпохе игрок может построить только по одному своему зданию в каждом замке»
    assert ar.build_limit(1, war, architectus=False) == 1


def test_epoch_3_allows_three_in_peace_and_two_in_war() -> None:
    # «а в третьей эпохе – не более трех, если это эпоха мира, и не более двух, если это
    # эпоха войны» (L232)
    assert ar.build_limit(3, war=False, architectus=False) == 3
    assert ar.build_limit(3, war=True, architectus=False) == 2
    assert ar.build_limit(4, war=True, architectus=False) == 2
    assert ar.build_limit(4, war=False, architectus=False) == 4


def test_architectus_lifts_the_limit() -> None:
    # «если в чьей-то армии присутствует Архитектус, то фракция игнорирует этот лимит»
    assert ar.build_limit(1, war=True, architectus=True) is None


# --- TN-R6 (L148-150), TN-A1: initiative -----------------------------------------------------


def test_the_fewest_coins_take_the_token() -> None:
    assert ar.initiative([9, 7, 8], holder=1) == 2


def test_on_a_tie_the_holder_keeps_the_token() -> None:
    # «жетон либо остается у прежнего владельца, если он оказался в их числе» (L150)
    assert ar.initiative([5, 9, 5, 5], holder=3) == 3
    assert ar.initiative([10, 10, 10, 10], holder=2) == 2


def test_on_a_tie_without_the_holder_the_nearest_clockwise_from_him_takes_it() -> None:
    # «либо передается ближайшему из них по часовой стрелке» (L150): from seat 3, seat 4
    # comes before seat 1
    assert ar.initiative([5, 9, 9, 5], holder=3) == 4
    assert ar.initiative([5, 9, 9, 5], holder=2) == 4
    assert ar.initiative([5, 5, 9, 9], holder=4) == 1


# --- TN-R8 (L166-169), TN-R23 (L401): peace or war -------------------------------------------


def test_the_armies_majority_decides_peace_or_war() -> None:
    assert ar.peace_or_war(3, 2) is False
    assert ar.peace_or_war(2, 3) is True
    assert ar.peace_or_war(2, 2) is None  # the last state, or the Carnifex's owner


def test_diplomacy_follows_the_relations_majority() -> None:
    pairs = [(1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)]
    assert ar.majority_war({pair: pair == (1, 2) for pair in pairs}) is False
    assert ar.majority_war({pair: pair[0] != 3 for pair in pairs}) is True
    assert ar.majority_war({pair: pair[0] == 1 for pair in pairs}) is None


# --- the setup -----------------------------------------------------------------------------


def test_diplomacy_is_refused_with_two_players() -> None:
    # «при игре вдвоем модуль не используется» (L397), TN-R5
    with pytest.raises(SetupError, match="3 or 4 players"):
        engine.start({"players": ["Anna", "Boris"], "diplomacy": True})


def test_diplomacy_is_refused_with_two_players_at_a_table(tmp_path: Any) -> None:
    with pytest.raises(SetupError, match=r"setup\.diplomacy"):
        Table.new_game(
            Journal(tmp_path / "journal.db"),
            "tetranomicon",
            {"players": ["Anna", "Boris"], "diplomacy": True},
        )


@pytest.mark.parametrize(
    ("players", "resources", "castles"),
    [
        (2, "scarce", 5),
        (2, "abundant", 7),
        (3, "moderate", 9),
        (4, "scarce", 11),
        (4, "abundant", 13),
    ],
)
def test_castles_by_players_and_resources(players: int, resources: str, castles: int) -> None:
    # L104-107
    names = ["Anna", "Boris", "Clara", "Dmitri"][:players]
    state = engine.start({"players": names, "resources": resources})
    assert state.setup.castles == castles


@pytest.mark.parametrize(("wealth", "coins"), [("scarce", 10), ("moderate", 15), ("abundant", 20)])
def test_starting_wealth(wealth: str, coins: int) -> None:
    # «10 монет – скудное богатство, 15 монет – умеренное, 20 монет – обильное» (L117)
    state = engine.start({"players": ["Anna", "Boris", "Clara"], "wealth": wealth})
    assert [f.coins for f in state.factions] == [coins] * 3


# --- component limits the goldens do not reach -----------------------------------------------


def _play(state: State, *actions: dict[str, Any]) -> State:
    for action in actions:
        state = engine.step(state, action)
    return state


def test_mechanicus_token_goes_on_a_road_only() -> None:
    # Boris's own four tokens lie on two roads and two canals; then he summons Mechanicus.
    # The one token left is the colourless one: «может быть размещен только на тропах» (L248)
    state = _play(
        engine.start({"players": ["Anna", "Boris"], "wealth": "abundant"}),
        {"do": "epoch_card", "type": "buildings"},
        {"do": "relation", "state": "peace"},
        {"do": "pass", "seat": 1},
        {"do": "route", "castles": [1, 2], "kind": "road", "discount": 3},
        {"do": "route", "castles": [2, 3], "kind": "road", "discount": 3},
        {"do": "route", "castles": [3, 4], "kind": "canal", "discount": 3},
        {"do": "route", "castles": [4, 5], "kind": "canal", "discount": 3},
        {"do": "summon", "strength": 0, "flag": "peace", "ability": "mechanicus"},
    )
    with pytest.raises(IllegalAction, match="no route token left"):
        engine.step(state, {"do": "route", "castles": [1, 3], "kind": "canal", "discount": 3})
    # a road takes it
    engine.step(state, {"do": "route", "castles": [1, 3], "kind": "road", "discount": 3})


def _at_war() -> State:
    """Epoch 1 of war; Anna has laid the road between castles 1 and 2, Boris is to act."""
    return _play(
        engine.start({"players": ["Anna", "Boris"], "wealth": "abundant"}),
        {"do": "epoch_card", "type": "buildings"},
        {"do": "relation", "state": "war"},
        {"do": "route", "castles": [1, 2], "kind": "road"},
    )


def test_a_farm_pays_for_no_route() -> None:
    # «увеличивается на 1 монету за каждый не принадлежащий игроку маршрут до зданий
    # нижестоящих уровней» (L235): a farm is level I (L216), it reaches nothing below it
    state = _at_war()
    farm = {"do": "build", "type": "farm", "castle": 2, "routes": {"Anna": 1}}
    try:
        after = engine.step(state, farm)
    except IllegalAction:
        return  # refusing the routes is as good as ignoring them
    built = after.events[0]
    assert (built["cost"], built["tolls"]) == (3, [])
    assert after.faction(1).coins == state.faction(1).coins


def test_the_war_toll_is_paid_even_when_the_cost_is_clamped() -> None:
    # TN-A2: «каждая получает по 1 монете за свой маршрут, использованный другой фракцией»
    # (L237); the cost is 3 + 2 − 5, clamped to 1 (L205), and Anna still gets 2
    state = _play(
        _at_war(),
        {"do": "build", "type": "farm", "castle": 1},
        {"do": "route", "castles": [2, 3], "kind": "canal"},
    )
    anna = state.faction(1).coins
    sawmill = {"do": "build", "type": "sawmill", "castle": 3, "routes": {"1": 2}, "discount": 5}
    after = engine.step(state, {**sawmill, "seat": 2})
    assert after.events[0]["cost"] == 1
    assert after.events[0]["tolls"] == [{"seat": 1, "coins": 2}]
    assert after.faction(1).coins == anna + 2


def test_no_toll_in_peace() -> None:
    # «в эпоху мира фракции не получают оплату за использование своих маршрутов» (L237)
    state = _play(
        engine.start({"players": ["Anna", "Boris"], "wealth": "abundant"}),
        {"do": "epoch_card", "type": "buildings"},
        {"do": "relation", "state": "peace"},
        {"do": "route", "castles": [1, 2], "kind": "road"},
        {"do": "build", "type": "farm", "castle": 1},
        {"do": "pass", "seat": 1},
    )
    after = engine.step(state, {"do": "build", "type": "sawmill", "castle": 2, "routes": {"1": 1}})
    assert after.events[0]["cost"] == 4
    assert after.events[0]["tolls"] == []
    assert after.faction(1).coins == state.faction(1).coins


def test_caballus_makes_neutral_roads_free_for_a_building_but_not_canals() -> None:
    # «Умение Кабаллуса позволяет считать нейтральные сухопутные маршруты (дороги) своими,
    # что может влиять на итоговую стоимость зданий» (L245)
    state = _play(
        engine.start({"players": ["Anna", "Boris"], "wealth": "abundant"}),
        {"do": "epoch_card", "type": "buildings"},
        {"do": "relation", "state": "peace"},
        {"do": "summon", "strength": 1, "flag": "peace", "ability": "caballus"},
        {"do": "pass", "seat": 2},
        {"do": "build", "type": "farm", "castle": 1},
    )
    roads = {"do": "build", "type": "sawmill", "castle": 2, "neutral_roads": 2}
    canals = {"do": "build", "type": "sawmill", "castle": 2, "neutral_canals": 2}
    assert present.cost(state, roads) == 3
    assert present.cost(state, canals) == 5
    # without Caballus a neutral road is paid for like any other (L235)
    plain = _play(
        _actions_phase(),
        {"do": "build", "type": "farm", "castle": 1},
        {"do": "build", "type": "farm", "castle": 2},
    )
    assert present.cost(plain, roads) == 5


def test_expedition_cards_are_refused_without_the_module() -> None:
    # «Если нет, то уберите карты походов и карту Темпуса в коробку» (L123)
    state = _play(_actions_phase(), {"do": "build", "type": "farm", "castle": 1})
    state = _play(state, {"do": "build", "type": "farm", "castle": 2})
    card = {"do": "expedition", "from": 1, "neutral": 0, "level": 1, "event_strength": 1}
    with pytest.raises(IllegalAction, match="random events module is off"):
        engine.step(state, card)


# --- the prompt and cost() -----------------------------------------------------------------


def _actions_phase(players: int = 2) -> State:
    names = ["Anna", "Boris", "Clara", "Dmitri"][:players]
    return _play(
        engine.start({"players": names}),
        {"do": "epoch_card", "type": "buildings"},
        {"do": "relation", "state": "peace"},
    )


def test_a_player_with_no_coins_is_offered_only_an_artifact_and_the_pass() -> None:
    # L326: «Игрок может пропустить ход … при нехватке монет»; an artifact is free (L269),
    # TN-A10
    state = _play(_actions_phase(), {"do": "build", "type": "farm", "castle": 1})
    state = state.pay(2, state.faction(2).coins)
    prompt = present.prompt(state)
    assert prompt.seat == 2
    assert [choice["do"] for choice in prompt.choices] == ["pass"]
    assert [entry.base["do"] for entry in prompt.entries] == ["artifact"]


def test_cost_shows_an_artifact_free_and_a_refused_action_as_none() -> None:
    state = _actions_phase()
    assert present.cost(state, {"do": "artifact", "influence": 2}) == 0
    assert present.cost(state, {"do": "build", "type": "farm", "castle": 1}) == 3
    assert present.cost(state, {"do": "build", "type": "mine", "castle": 1}) is None


def test_an_action_beyond_ones_coins_is_refused() -> None:
    # TN-R10 (L326): an action costing more than the player's coins is not taken
    state = _actions_phase()
    state = replace(state, factions=(replace(state.faction(1), coins=2), state.faction(2)))
    with pytest.raises(IllegalAction, match="costs 3 and Anna has 2"):
        engine.step(state, {"do": "build", "type": "farm", "castle": 1})
    assert present.cost(state, {"do": "build", "type": "farm", "castle": 1, "discount": 1}) == 2


# --- random legal play from the prompt --------------------------------------------------------


def _entered(data: st.DataObject, entry: Entry) -> dict[str, Any]:
    """An entry's action with a random value in every field it asks."""
    values: list[str | int] = []
    for field in entry.fields:
        if field.kind == "int":
            values.append(data.draw(st.integers(field.low, field.high)))
        elif field.kind == "text":
            values.append(data.draw(st.sampled_from(["Saxum", "Lignum", str(field.first)])))
        else:
            values.append(data.draw(st.sampled_from(field.options)))
    return entry.action(values)


def _setup(data: st.DataObject) -> dict[str, Any]:
    players = data.draw(st.integers(2, 4))
    setup: dict[str, Any] = {
        "players": ["Anna", "Boris", "Clara", "Dmitri"][:players],
        "youngest": data.draw(st.integers(1, players)),
        "wealth": data.draw(st.sampled_from(["scarce", "scarce", "moderate", "abundant"])),
        "resources": data.draw(st.sampled_from(["scarce", "moderate", "abundant"])),
        "random_events": data.draw(st.booleans()),
    }
    if players > 2:
        setup["diplomacy"] = data.draw(st.booleans())
    setup["edition"] = data.draw(st.sampled_from([1, 2]))  # both layouts of the buttons
    return setup


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_legal_play_keeps_coins_and_costs_within_the_rules(data: st.DataObject) -> None:
    state = engine.start(_setup(data))
    for _ in range(300):
        prompt = present.prompt(state)
        if prompt.seat is None:
            assert state.winners
            break
        if prompt.kind == "actions":
            coins = state.faction(prompt.seat).coins
            if coins == 0:
                # TN-A10: only the free artifact and the pass
                assert {c["do"] for c in prompt.choices} == {"pass"}
                assert {e.base["do"] for e in prompt.entries} == {"artifact"}
        offered: list[dict[str, Any] | Entry] = [*prompt.choices, *prompt.entries]
        # entries more often than the pass, so that coins run out
        pick = data.draw(st.sampled_from([*offered, *prompt.entries, *prompt.entries]))
        action = _entered(data, pick) if isinstance(pick, Entry) else dict(pick)
        shown = present.cost(state, action)
        try:
            after = engine.step(state, action)
        except IllegalAction as why:
            assert shown is None
            if state.setup.edition == 2 and action["do"] == "build":
                # Edition 2 offers only the castles below the limit and the levels whose
                # lower ones are built (L232, L233).
                assert "limit" not in str(why) and "lower level" not in str(why), why
            continue  # a value the rules refuse: the players would enter another
        for event in after.events:
            if "cost" in event:
                # L205: never below 1, except an artifact
                assert event["cost"] >= ar.LOWEST_COST, event
        if action["do"] == "artifact":
            assert shown == 0  # «За создание артефактов не нужно платить» (L269)
            assert after.faction(prompt.seat).coins >= state.faction(prompt.seat).coins
        elif action["do"] in ("build", "route", "summon", "expedition"):
            assert shown is not None and shown >= ar.LOWEST_COST
        for faction in after.factions:
            assert faction.coins >= 0  # TN-A10
        state = after


# --- the prompt along the goldens ------------------------------------------------------------

GOLDENS = sorted((Path(__file__).parent / "golden").glob("tetranomicon_*.yaml"))


@pytest.mark.parametrize("path", GOLDENS, ids=[p.stem for p in GOLDENS])
def test_the_prompt_asks_the_right_player_along_the_goldens(path: Path) -> None:
    """Before each action of each Tetranomicon golden: the prompt asks the seat the step
    names, offers that kind of action (a choice or an entry), and every choice it offers
    is legal (L198, L326, L399)."""
    script = yaml.safe_load(path.read_text(encoding="utf-8"))
    history = [engine.start(script["setup"])]
    undone: list[State] = []
    for number, step in enumerate(script["steps"], 1):
        where = f"{path.name} step {number}"
        for _ in range(step.get("undo", 0)):
            undone.append(history.pop())
        for _ in range(step.get("redo", 0)):
            history.append(undone.pop())
        if "do" not in step:
            continue
        state = history[-1]
        prompt = present.prompt(state)
        named = seat_of(step, state.seats)
        if named is not None:
            assert prompt.seat == named, where
        kinds = {c["do"] for c in prompt.choices} | {e.base["do"] for e in prompt.entries}
        assert step["do"] in kinds, f"{where}: {step['do']} not offered ({sorted(kinds)})"
        for choice in prompt.choices:
            try:
                engine.step(state, dict(choice))
            except IllegalAction as error:
                pytest.fail(f"{where}: offered {choice}, refused: {error}")
        history.append(engine.step(state, step))
        undone.clear()


def test_a_name_that_is_no_name_is_refused_not_kept_as_its_printout(tmp_path: Path) -> None:
    """A phone or a script sending ``creature: [a]`` (or an artifact named by a mapping)
    is told the field must be a name; it is not summoned as a creature called "['a']"."""
    table = Table.new_game(
        Journal(tmp_path / "j.sqlite"),
        "tetranomicon",
        {"players": ["Bora", "Olga"], "factions": ["brotherhood", "order"], "youngest": "Bora"},
    )
    table.apply({"do": "epoch_card", "type": "creatures"})
    table.apply({"do": "relation", "state": "war"})
    head = table.head
    summon = {"do": "summon", "strength": 3, "flag": "war"}
    for bad in ({**summon, "creature": ["a"]}, {"do": "artifact", "influence": 1, "name": {}}):
        with pytest.raises(IllegalAction, match="must be a name or a number") as refused:
            table.apply(bad)
        assert refusal(refused.value, "ru") != str(refused.value)  # said in Russian too
    assert table.head == head
    table.apply({**summon, "creature": "Saxum"})
    table.apply({"do": "artifact", "influence": 1, "name": 7})  # a number is a name
    names = [c["name"] for c in table.view()["seats"][0]["army"]]  # type: ignore[index]
    assert names == ["Saxum"]
