"""Four-path rules a player would notice that golden transcripts cannot say well: what the
prompt offers (only legal choices, never a passed ally's), the siege prompt's area entries,
the duel's respawn prompt, and the series rematch (seeds/001; RULES-EXPANSIONS.md §1)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from companion.games.four_path import rules
from companion.journal import Journal
from companion.rules.base import JSON, Entry, IllegalAction, Prompt
from companion.table import NewGame, Table

TEAMS = {"mode": "teams", "players": ["Anna", "Boris", "Clara", "Dmitri"], "keeper": "Anna"}
DUEL = {"mode": "duel", "players": ["Anna", "Boris"]}

BANS = ("Carnifex", "Toxicum", "Malleus", "Mortum")
# In summon order: clockwise from the keeper, twice (L73); teams: Anna and Clara (seats 1
# and 3) against Boris and Dmitri (2 and 4); the duel: Anna, Boris, Anna, Boris...
ARMY: tuple[tuple[str, list[JSON]], ...] = (
    (
        "Messum",
        [
            {"name": "Feebleness", "prep": 2, "effects": ["defense_down"], "target": "enemy"},
            {"name": "Faces of death", "prep": 3},
        ],
    ),
    (
        "Saxum",
        [
            {"name": "Stone skin", "prep": 2, "effects": ["defense_up"], "target": "ally"},
            {"name": "Quake", "prep": 4, "effects": ["inaction"], "target": "enemy"},
        ],
    ),
    (
        "Fidea",
        [
            {"name": "Resurrection", "prep": 3},
            {"name": "Winging", "prep": 2, "effects": ["flight"], "target": "ally"},
        ],
    ),
    (
        "Vinctum",
        [
            {"name": "Iron mask", "prep": 2},
            {"name": "Chains", "prep": 5, "effects": ["inaction"], "target": "enemy"},
        ],
    ),
    (
        "Illesbra",
        [
            {"name": "Temptation", "prep": 1},
            {"name": "Fury", "prep": 3, "effects": ["attack_up"], "target": "ally"},
        ],
    ),
    (
        "Ferrarius",
        [
            {"name": "Forge", "prep": 3, "effects": ["attack_up"], "target": "ally"},
            {"name": "Smoke", "prep": 2, "effects": ["attack_down"], "target": "enemy"},
        ],
    ),
    (
        "Lignum",
        [
            {"name": "Threads of life", "prep": 2},
            {"name": "Vampirism", "prep": 5, "effects": ["vampirism"], "target": "ally"},
        ],
    ),
    (
        "Cornibus",
        [
            {"name": "Horn", "prep": 2, "effects": ["control_up"], "target": "ally"},
            {"name": "Dread", "prep": 2, "effects": ["control_down"], "target": "enemy"},
        ],
    ),
)
DUEL_CASTLES = (
    "castle_1",
    "castle_3",
    "castle_1",
    "castle_3",
    "castle_2",
    "castle_4",
    "castle_2",
    "castle_4",
)


def drafted(tmp_path: Path, setup: dict[str, Any] = TEAMS) -> Table:
    """A table after the ban circle and the two summon circles (L73), the keeper about to
    turn the disc; every creature has 3 vitality and strength 1."""
    table = Table.new_game(Journal(tmp_path / "journal.db"), rules.name, setup)
    for creature in BANS:
        table.apply({"do": "ban", "creature": creature})
    for index, (creature, abilities) in enumerate(ARMY):
        action: JSON = {
            "do": "summon",
            "creature": creature,
            "vitality": 3,
            "attack_strength": 1,
            "abilities": abilities,
        }
        if setup.get("mode") == "duel":
            action["castle"] = DUEL_CASTLES[index]
        table.apply(action)
    assert table.view()["stage"] == "play"
    return table


def play(table: Table, *actions: JSON) -> Table:
    for action in actions:
        table.apply(action)
    return table


def is_legal(table: Table, action: JSON) -> bool:
    try:
        rules.step(table.state, action)
    except IllegalAction:
        return False
    return True


def offered(prompt: Prompt) -> list[JSON]:
    """Every action the prompt offers: its choices and its entries with their defaults."""
    return [*prompt.choices, *(e.action(e.values(())) for e in prompt.entries)]


def creatures_of(table: Table, seat: int) -> set[str]:
    return {c["id"] for c in table.view()["seats"][seat - 1]["creatures"]}


def assert_all_legal(table: Table) -> Prompt:
    prompt = table.prompt()
    actions = offered(prompt)
    assert actions, prompt
    illegal = [a for a in actions if not is_legal(table, a)]
    assert illegal == [], f"{prompt.kind}: the prompt offers illegal actions"
    return prompt


# --- the combined phase (L121-142) -----------------------------------------------------------

GOLDENS = sorted((Path(__file__).parent / "golden").glob("four_path_*.yaml"))


@pytest.mark.parametrize("path", GOLDENS, ids=[p.stem for p in GOLDENS])
def test_every_choice_offered_along_the_goldens_is_legal(path: Path) -> None:
    """Before each action of each Four-path golden: every choice and entry the prompt
    offers is legal, and in the combined phase it asks the ally whose turn it is, never one
    who has passed (L141-142)."""
    script = yaml.safe_load(path.read_text(encoding="utf-8"))
    state = rules.start(script["setup"])
    for number, step in enumerate(script["steps"], 1):
        if "do" not in step:
            continue
        prompt = rules.prompt(state)
        for action in offered(prompt):
            try:
                rules.step(state, action)
            except IllegalAction as error:
                pytest.fail(f"{path.name} step {number}: offered {action}, refused: {error}")
        combined = state.combined
        if state.stage == "play" and combined is not None and combined.to_act is not None:
            assert prompt.seat == combined.to_act, f"{path.name} step {number}"
            assert prompt.seat not in combined.passed, f"{path.name} step {number}"
        state = rules.step(state, step)


def test_the_prompt_offers_only_the_ally_whose_turn_it_is(tmp_path: Path) -> None:
    """«Применив одно умение, передайте ход союзнику» (L141): the prompt asks the ally to
    act, and offers only his creatures' actions, all of them legal."""
    table = play(drafted(tmp_path), {"do": "turn_disc"})
    for _ in range(2):  # period 1 passes quietly for both teams
        play(table, {"do": "siege"}, {"do": "open"}, {"do": "pass"}, {"do": "pass"})
    play(table, {"do": "turn_disc"}, {"do": "siege"})
    assert table.view()["period"] == 2
    open_prompt = assert_all_legal(table)
    assert open_prompt.kind == "open"
    # period 1 was opened by Anna: Clara is suggested, listed first; either may (FP-A5)
    assert [c["seat"] for c in open_prompt.choices] == [3, 1]
    table.apply({"do": "open", "seat": "Anna"})
    for seat, partner in ((1, 3), (3, 1)):
        prompt = assert_all_legal(table)
        assert prompt.seat == seat
        mine = creatures_of(table, seat)
        named = {c["creature"] for c in prompt.choices if "creature" in c}
        assert named and named <= mine
        assert not named & creatures_of(table, partner)
        assert {"do": "pass"} in prompt.choices
        table.apply({"do": "maneuver", "creature": sorted(mine)[0]})


def test_a_passed_allys_actions_are_never_offered(tmp_path: Path) -> None:
    """«Объявите пас … Союзник может продолжать … пока тоже не объявит пас» (L142): after
    Clara passes, every prompt is Anna's, with only Anna's creatures, until Anna passes;
    then the other team's siege (L142)."""
    table = play(
        drafted(tmp_path), {"do": "turn_disc"}, {"do": "siege"}, {"do": "open", "seat": "Anna"}
    )
    table.apply({"do": "support", "creature": "messum", "ability": "faces_of_death"})
    assert table.prompt().seat == 3
    table.apply({"do": "pass", "seat": "Clara"})
    claras = creatures_of(table, 3)
    for _ in range(5):
        prompt = assert_all_legal(table)
        assert prompt.seat == 1
        named = {c.get("creature") for c in offered(prompt)} - {None}
        assert not named & claras
        assert all(c.get("seat") in (None, 1) for c in offered(prompt))
        move = next((c for c in prompt.choices if c["do"] != "pass"), None)
        if move is None:
            break
        table.apply(move)
    assert table.prompt().choices[-1] == {"do": "pass"}
    with pytest.raises(IllegalAction, match="Clara has passed"):
        table.apply({"do": "pass", "seat": "Clara"})
    table.apply({"do": "pass"})
    view = table.view()
    assert (view["phase"], view["playing_side"]) == ("siege", 2)
    assert table.prompt().kind == "siege"


def test_only_the_keeper_is_asked_to_turn_the_disc(tmp_path: Path) -> None:
    """«хранитель времени поворачивает диск» (L95); the keeper here is Clara (seat 3)."""
    table = drafted(tmp_path, {**TEAMS, "keeper": "Clara"})
    prompt = assert_all_legal(table)
    assert (prompt.kind, prompt.seat, prompt.choices) == ("turn_disc", 3, ({"do": "turn_disc"},))
    with pytest.raises(IllegalAction, match="only the time keeper, Clara"):
        table.apply({"do": "turn_disc", "seat": "Anna"})
    table.apply({"do": "turn_disc"})
    assert table.view()["playing_side"] == 1


# --- the siege (L101) --------------------------------------------------------------------------


def test_the_siege_prompt_asks_where_each_creature_stands_starting_where_it_stood(
    tmp_path: Path,
) -> None:
    """Who stands in each tower's area is the players' to say (FP-R13): the siege prompt
    names the team and has one entry, a value a creature (its tower or none) starting where
    it stands, so a creature left alone stays out of the action; the sieging team's
    creatures are asked first, each player's together; the siege then counts it:
    «Каждая захваченная командой башня наносит одно повреждение»."""
    table = play(drafted(tmp_path), {"do": "turn_disc"})
    prompt = assert_all_legal(table)
    assert prompt.kind == "siege" and prompt.say("en").startswith("Anna & Clara: your siege")
    assert prompt.choices == ({"do": "siege"},)
    (entry,) = prompt.entries
    assert entry.base == {"do": "siege", "areas": {}}
    keys = [f.key for f in entry.fields]
    anna_clara = ("messum", "illesbra", "fidea", "lignum")
    boris_dmitri = ("saxum", "ferrarius", "vinctum", "cornibus")
    assert keys == [f"areas.{c}" for c in (*anna_clara, *boris_dmitri)]
    assert all(f.default == "none" for f in entry.fields)
    assert entry.fields[0].options == ("none", "tower_1", "tower_2", "tower_3", "tower_4")
    assert entry.fields[0].title("en") == "Where is Messum"
    assert entry.fields[0].say("tower_2", "ru") == "башня 2"
    where = {"messum": "tower_2", "fidea": "tower_2", "saxum": "tower_2", "lignum": "tower_1"}
    action = entry.action([where.get(key.split(".")[1], "none") for key in keys])
    assert action == {"do": "siege", "areas": where}
    table.apply(action)
    towers = table.view()["towers"]
    assert (towers[1]["creatures"], towers[1]["control"], towers[1]["held_at_last_siege"]) == (
        ["messum", "saxum", "fidea"],
        [2, 1],
        1,
    )
    assert towers[0]["creatures"] == ["lignum"]
    assert table.view()["sides"][1]["castle_damage"] == 2


def test_the_siege_entry_opens_on_where_creatures_stood_and_moves_one_alone(
    tmp_path: Path,
) -> None:
    """At the next siege (the other team's) the entry starts where each creature stood:
    NEXT at once keeps them all; moving one creature names only it, out of the area it
    was in."""
    table = play(drafted(tmp_path), {"do": "turn_disc"})
    table.apply({"do": "siege", "areas": {"tower_1": ["messum", "saxum"], "tower_3": ["fidea"]}})
    entry = siege_entry_of(play(table, {"do": "open"}, {"do": "pass"}, {"do": "pass"}))
    defaults = {f.key: f.default for f in entry.fields}
    assert defaults["areas.messum"] == "tower_1" and defaults["areas.fidea"] == "tower_3"
    assert entry.action(()) == {"do": "siege", "areas": {}}  # NEXT: as they stand
    values = ["tower_3" if f.key == "areas.saxum" else f.first for f in entry.fields]
    assert entry.action(values) == {"do": "siege", "areas": {"saxum": "tower_3"}}
    table.apply(entry.action(values))
    towers = table.view()["towers"]
    assert [t["creatures"] for t in towers] == [["messum"], [], ["fidea", "saxum"], []]


def test_a_players_second_creature_opens_at_the_tower_the_first_was_put_at(
    tmp_path: Path,
) -> None:
    """In the teams game a player's two creatures that stood nowhere go to a tower
    together more often than apart: once Anna puts Messum at tower 2, Illesbra opens there
    (but NEXT on Messum leaves her where she stood: never moved unseen); Clara's Fidea,
    another player's, still opens at none. In
    the duel every creature opens where it stood, whatever the one before it took."""
    (tmp_path / "teams").mkdir()
    (tmp_path / "duel").mkdir()
    entry = siege_entry_of(play(drafted(tmp_path / "teams"), {"do": "turn_disc"}))
    keys = [f.key for f in entry.fields]
    messum, illesbra, fidea = (keys.index(f"areas.{c}") for c in ("messum", "illesbra", "fidea"))
    assert (messum + 1, illesbra + 1) == (illesbra, fidea)
    assert entry.opening(illesbra, ["tower_2"]) == "tower_2"
    assert entry.opening(fidea, ["tower_2", "tower_2"]) == "none"
    assert entry.action(["tower_2"]) == {"do": "siege", "areas": {"messum": "tower_2"}}
    assert entry.action(["tower_2", "tower_2"]) == {
        "do": "siege",
        "areas": {"messum": "tower_2", "illesbra": "tower_2"},
    }
    assert entry.action(["tower_2", "none"]) == {"do": "siege", "areas": {"messum": "tower_2"}}
    duel = siege_entry_of(play(drafted(tmp_path / "duel", DUEL), {"do": "turn_disc"}))
    assert [f.key for f in duel.fields][:2] == ["areas.messum", "areas.fidea"]
    assert duel.opening(1, ["tower_2"]) == "none"
    assert duel.action(["tower_2"]) == {"do": "siege", "areas": {"messum": "tower_2"}}


def test_the_enemys_siege_asks_its_own_creatures_first_those_at_no_tower_first(
    tmp_path: Path,
) -> None:
    """At Boris and Dmitri's siege their creatures come first, and in each team those at
    no tower before those at one; a creature at a tower opens at it, whoever precedes it."""
    table = play(drafted(tmp_path), {"do": "turn_disc"})
    table.apply({"do": "siege", "areas": {"tower_1": ["messum", "saxum"], "tower_3": ["fidea"]}})
    entry = siege_entry_of(play(table, {"do": "open"}, {"do": "pass"}, {"do": "pass"}))
    order = [f.key.split(".")[1] for f in entry.fields]
    assert order == [
        *("ferrarius", "vinctum", "cornibus", "saxum"),
        *("illesbra", "lignum", "messum", "fidea"),
    ]
    assert entry.opening(order.index("saxum"), ["tower_4"] * 3) == "tower_1"


def test_a_creature_in_the_siege_areas_must_be_a_creature_and_a_tower(tmp_path: Path) -> None:
    table = play(drafted(tmp_path), {"do": "turn_disc"})
    with pytest.raises(IllegalAction, match=r"'areas.messum' must be one of none, tower_1"):
        table.apply({"do": "siege", "areas": {"messum": "tower_9"}})
    with pytest.raises(IllegalAction, match=r"'areas' must be one of tower_1"):
        table.apply({"do": "siege", "areas": {"tower_9": ["messum"]}})


def siege_entry_of(table: Table) -> Entry:
    prompt = table.prompt()
    assert prompt.kind == "siege", prompt.kind
    (entry,) = prompt.entries
    return entry


# --- the duel (L81-83) -------------------------------------------------------------------------


def test_the_duels_respawn_prompt_offers_only_castles_with_room(tmp_path: Path) -> None:
    """«может возродиться в любом из двух замков, где находится менее двух персонажей»
    (L83): with both of Anna's castles holding fewer than two, she is asked; once one holds
    two, it is no longer offered."""
    table = play(drafted(tmp_path, DUEL), {"do": "turn_disc"}, {"do": "siege"})
    play(
        table, {"do": "maneuver", "creature": "messum"}, {"do": "maneuver", "creature": "illesbra"}
    )
    table.apply({"do": "pass"})
    table.apply({"do": "siege"})
    table.apply(
        {"do": "attack", "creature": "saxum", "targets": ["messum", "illesbra"], "wounds": 3}
    )
    prompt = assert_all_legal(table)
    assert (prompt.kind, prompt.seat) == ("respawn", 1)
    assert prompt.choices == (
        {"do": "respawn", "castle": "castle_1"},
        {"do": "respawn", "castle": "castle_2"},
    )
    table.apply({"do": "respawn", "castle": "castle_1"})
    prompt = assert_all_legal(table)
    assert prompt.fields["creature"] == "Illesbra"
    assert prompt.choices == ({"do": "respawn", "castle": "castle_2"},)


# --- the end and the series (L61, L112) -----------------------------------------------------


def won(tmp_path: Path) -> Table:
    """Anna's team (Messum, Illesbra; Fidea, Lignum) holds all four towers and the scale is
    4 long: its first siege ends the game."""
    table = drafted(tmp_path, {**TEAMS, "scale_length": 4})
    areas = {
        "tower_1": ["messum"],
        "tower_2": ["fidea"],
        "tower_3": ["illesbra"],
        "tower_4": ["lignum"],
    }
    play(table, {"do": "turn_disc"}, {"do": "siege", "areas": areas})
    return table


def test_the_winning_team_is_both_its_players(tmp_path: Path) -> None:
    """«Объявите о победе, если маркер … переместился на последнее деление шкалы» (L112),
    the scale being the team's (L103)."""
    table = won(tmp_path)
    view = table.view()
    assert view["stage"] == "over"
    assert view["winner"] == {"side": 1, "seat": 1, "seats": [1, 3], "name": "Anna & Clara"}
    prompt = table.prompt()
    assert (prompt.kind, prompt.fields["player"], prompt.choices) == (
        "game_over",
        "Anna & Clara",
        (),
    )


def test_a_rematch_makes_the_second_team_first(tmp_path: Path) -> None:
    """«При серии игр первой становится та, которая в предыдущей партии была второй» (L61);
    the keeper is of the first team (L61)."""
    table = won(tmp_path)
    setup = rules.rematch(table.state, dict(table.record.setup))
    assert setup["first_team"] == 2 and setup["keeper"] == 2
    table.execute(NewGame())
    view = table.view()
    assert (view["first_team"], view["keeper"]["seat"]) == (2, 2)
    assert view["draft"]["next"] == {"kind": "ban", "seat": 2}
    assert [s["first"] for s in view["sides"]] == [False, True]
    # and back again in the game after
    again = rules.rematch(table.state, dict(table.record.setup))
    assert again["first_team"] == 1 and again["keeper"] in (1, 3)


# --- Resistance (L351-353) -----------------------------------------------------------------


def test_resistance_refuses_an_enemys_move_ability(tmp_path: Path) -> None:
    """«не может быть целью поддерживающих умений противника. То есть враг не сможет …
    переместить» (L351); in Four-path «от всех поддерживающих способностей противника»
    (L353): Messum's «Лики смерти» (a move, no marker) may push Ferrarius but not Saxum
    under Resistance."""
    table = play(drafted(tmp_path), {"do": "turn_disc"})
    play(table, {"do": "siege"}, {"do": "open"}, {"do": "pass"}, {"do": "pass"})
    table.apply({"do": "siege"})
    table.apply({"do": "open", "seat": "Boris"})
    table.apply(
        {
            "do": "support",
            "seat": "Boris",
            "creature": "saxum",
            "ability": "stone_skin",
            "effects": [{"effect": "resistance", "target": "saxum"}],
            "target": "saxum",
        }
    )
    play(table, {"do": "maneuver", "seat": "Dmitri", "creature": "vinctum"})
    play(table, {"do": "maneuver", "seat": "Boris", "creature": "saxum"})
    play(table, {"do": "maneuver", "seat": "Dmitri", "creature": "cornibus"})
    play(table, {"do": "maneuver", "seat": "Boris", "creature": "ferrarius"})
    play(table, {"do": "pass"}, {"do": "pass"}, {"do": "turn_disc"}, {"do": "siege"})
    table.apply({"do": "open", "seat": "Anna"})
    assert any(e["kind"] == "resistance" for e in table.view()["effects"])
    with pytest.raises(IllegalAction, match="Saxum is under Resistance"):
        table.apply(
            {"do": "support", "creature": "messum", "ability": "faces_of_death", "target": "saxum"}
        )
    table.apply(
        {"do": "support", "creature": "messum", "ability": "faces_of_death", "target": "ferrarius"}
    )
