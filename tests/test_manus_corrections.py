"""Hand of Manus after a second reading of the rulebook (RULES.md §3, "Corrections"):
water magic and steam have fixed conditions (L51), "no target" is a setup option that is
off by default, and two players may run one or two hands each (L294 «может»), seated side
by side or alternating. Games journaled by companion 0.1 keep their rules (edition 1)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pytest
import yaml

from companion.games import manus as manus_spec
from companion.games.manus import rules as manus
from companion.games.manus.state import EDITION, parse_setup, stamp
from companion.journal import Journal
from companion.rules.base import IllegalAction, SetupError
from companion.table import Table
from tests.conftest import EXAMPLES

TODAY = {"edition": EDITION}  # what stamp() writes into every new game's setup
SITE = {"do": "place_site", "temperature": "warm", "humidity": "wet"}


def play(setup: Mapping[str, Any], actions: Iterable[Mapping[str, Any]]) -> Any:
    state = manus.start(setup)
    for action in actions:
        state = manus.step(state, dict(action))
    return state


def at_construction(setup: Mapping[str, Any] | None = None) -> Any:
    """Round 1 of a two-hand game by today's rules, Anna to build."""
    base = {"players": ["Anna", "Boris"], "hands_per_player": 1, **TODAY, **(setup or {})}
    return play(base, [SITE, {"do": "choose_discovery", "discovery": "water"}])


def at_targets(setup: Mapping[str, Any] | None = None) -> Any:
    state = at_construction(setup)
    return manus.step(manus.step(state, {"do": "skip"}), {"do": "skip"})


# --- water magic and steam have fixed conditions (L51) -----------------------------------


@pytest.mark.parametrize(
    ("element", "reason"),
    [
        (
            "water cold dry",
            r"water magic elements are always cold and wet \(L51\), not cold and dry",
        ),
        (
            "water warm wet",
            r"water magic elements are always cold and wet \(L51\), not warm and wet",
        ),
        ("dry water cold", "water magic elements are always cold and wet"),
        ("water warm", r"always cold and wet \(L51\), not warm and wet"),
        ("steam cold dry", r"steam elements are always warm and dry \(L51\), not cold and dry"),
        ("steam warm wet", r"steam elements are always warm and dry \(L51\), not warm and wet"),
        ({"type": "water", "conditions": ["warm", "dry"]}, "not warm and dry"),
        ({"type": "steam", "conditions": "cold-wet"}, "not cold and wet"),
    ],
)
def test_water_and_steam_with_other_conditions_are_refused_naming_their_own(element, reason):
    state = at_construction()
    with pytest.raises(IllegalAction, match=f"^elements.forearm: .*{reason}"):
        manus.step(state, {"do": "build", "elements": {"forearm": element}})


def test_the_refusal_says_how_to_record_the_card():
    state = at_construction()
    with pytest.raises(IllegalAction, match="record 'water' alone, or the type the card shows"):
        manus.step(state, {"do": "build", "elements": {"hand": "water cold dry"}})


@pytest.mark.parametrize(
    ("element", "kind", "conditions"),
    [
        ("water", "water", ("cold", "wet")),
        ("steam", "steam", ("warm", "dry")),
        ("water cold", "water", ("cold", "wet")),
        ("wet water", "water", ("cold", "wet")),
        ("steam dry", "steam", ("warm", "dry")),
        ("water cold wet", "water", ("cold", "wet")),
        ("steam warm-dry", "steam", ("warm", "dry")),
        ({"type": "water"}, "water", ("cold", "wet")),
        ({"type": "steam", "conditions": []}, "steam", ("warm", "dry")),
        ({"type": "water", "conditions": ["cold"]}, "water", ("cold", "wet")),
    ],
)
def test_the_type_alone_fills_in_its_fixed_conditions(element, kind, conditions):
    state = manus.step(at_construction(), {"do": "build", "elements": {"shoulder": element}})
    want = {"type": kind, "conditions": {"temperature": conditions[0], "humidity": conditions[1]}}
    picture = manus.view(state)
    assert picture["hands"][0]["elements"]["shoulder"] == want
    (built,) = [e for e in picture["events"] if e["event"] == "hand_built"]
    assert built["elements"] == {"shoulder": want}


def test_the_other_types_keep_the_conditions_their_cards_show():
    state = at_construction()
    hand = {"shoulder": "fire cold dry", "forearm": "electric warm wet", "hand": "air cold wet"}
    state = manus.step(state, {"do": "build", "elements": hand})
    elements = manus.view(state)["hands"][0]["elements"]
    assert elements["shoulder"]["conditions"] == {"temperature": "cold", "humidity": "dry"}
    with pytest.raises(IllegalAction, match="one condition on each axis"):
        manus.step(at_construction(), {"do": "build", "elements": {"hand": "fire"}})


def test_a_filled_in_water_hand_is_counted_like_its_card():
    """Three water elements at cold and wet: 2 each, plus the water discovery +3."""
    state = manus.step(
        at_construction(),
        {"do": "build", "elements": {"shoulder": "water", "forearm": "water", "hand": "water"}},
    )
    state = manus.step(state, {"do": "skip"})
    state = manus.step(state, {"do": "choose_target", "target": "large"})
    state = manus.step(state, {"do": "choose_target", "target": "small"})
    state = manus.step(state, {"do": "vote", "hand": 1, "condition": "cold"})
    state = manus.step(state, {"do": "vote", "hand": 2, "condition": "cold"})
    picture = manus.view(state)
    assert picture["test_site"] == {"temperature": "cold", "humidity": "wet"}
    assert picture["hands"][0]["strength"] == 9


def test_a_refused_element_changes_nothing_at_the_table(tmp_path: Path):
    setup = {"players": ["Anna", "Boris"], "hands_per_player": 1, **TODAY}
    table = Table.new_game(Journal(tmp_path / "water.sqlite"), "manus", setup)
    table.apply(SITE)
    table.apply({"do": "choose_discovery", "discovery": "steam"})
    before, history = table.view(), table.history()
    with pytest.raises(IllegalAction, match="steam elements are always warm and dry"):
        table.apply({"do": "build", "elements": {"hand": "steam cold wet"}})
    assert table.view() == before and table.history() == history


def test_a_game_of_companion_0_1_keeps_water_as_it_was_recorded():
    """Edition 1 (a setup journaled without an edition) replays the old recordings; a
    bare type fills its conditions in there too."""
    old = {"players": ["Anna", "Boris"], "hands_per_player": 1}
    state = play(old, [SITE, {"do": "choose_discovery", "discovery": "water"}])
    state = manus.step(
        state, {"do": "build", "elements": {"hand": "water cold dry", "forearm": "steam"}}
    )
    elements = manus.view(state)["hands"][0]["elements"]
    assert elements["hand"]["conditions"] == {"temperature": "cold", "humidity": "dry"}
    assert elements["forearm"]["conditions"] == {"temperature": "warm", "humidity": "dry"}


# --- "no target" is a setup option, off by default --------------------------------------


def test_no_target_is_not_offered_nor_taken_by_default():
    state = at_targets()
    prompt = manus.prompt(state)
    assert [c["target"] for c in prompt.choices] == ["small", "medium", "large"]
    with pytest.raises(IllegalAction, match=r"no target is not a choice in this game.*L232"):
        manus.step(state, {"do": "choose_target", "target": "none"})
    with pytest.raises(IllegalAction, match="no_target: true"):
        manus.step(state, {"do": "choose_target", "target": "none"})
    assert manus.view(state)["options"]["no_target"] is False


def test_no_target_true_offers_the_cross_and_skips_the_test():
    state = at_targets({"no_target": True})
    assert [c["target"] for c in manus.prompt(state).choices] == [
        "small",
        "medium",
        "large",
        "none",
    ]
    state = manus.step(state, {"do": "choose_target", "target": "none"})
    state = manus.step(state, {"do": "choose_target", "target": "small"})
    state = manus.step(state, {"do": "vote", "hand": 1, "condition": "warm"})
    state = manus.step(state, {"do": "vote", "hand": 2, "condition": "warm"})
    assert manus.prompt(state).fields == {"player": "Boris"}  # only Boris is asked
    state = manus.step(state, {"do": "set_strength", "hand": 2, "strength": 4})
    tests = manus.view(state)["last_tests"]
    assert [(t["target"], t["points"]) for t in tests] == [("none", 0), ("small", 1)]


def test_without_the_medium_target_the_refusal_lists_the_tiles_in_play():
    state = at_targets({"medium_target": False})
    with pytest.raises(IllegalAction, match=r"a target \(L232\): small, large \("):
        manus.step(state, {"do": "choose_target", "target": "none"})


def test_a_game_of_companion_0_1_may_still_leave_the_marker_on_the_cross():
    old = {"players": ["Anna", "Boris"], "hands_per_player": 1}
    assert parse_setup(old).no_target is True
    assert parse_setup({**old, "no_target": False}).no_target is False
    state = play(old, [SITE, {"do": "choose_discovery", "discovery": "air"}])
    state = manus.step(manus.step(state, {"do": "skip"}), {"do": "skip"})
    state = manus.step(state, {"do": "choose_target", "target": "none"})
    assert manus.view(state)["hands"][0]["target"] == "none"


# --- editions and the stamp -------------------------------------------------------------


def test_stamp_gives_a_new_game_today_s_edition_and_keeps_a_named_one():
    given = {"players": ["Anna", "Boris"]}
    assert stamp(given) == {"players": ["Anna", "Boris"], "edition": 2}
    assert given == {"players": ["Anna", "Boris"]}  # not changed in place
    assert stamp({"edition": 1}) == {"edition": 1}
    setup = parse_setup(stamp({}))
    assert (setup.edition, setup.no_target, setup.fixed_conditions) == (2, False, True)
    old = parse_setup({})
    assert (old.edition, old.no_target, old.fixed_conditions) == (1, True, False)


def test_the_options_show_the_edition_from_edition_2_on():
    assert manus.view(manus.start({"players": ["A", "B", "C"], **TODAY}))["options"] == {
        "players": ["A", "B", "C"],
        "first": 1,
        "hands_per_player": 1,
        "reveal": "last_vote",
        "reveal_shows": "cards",
        "medium_target": True,
        "no_target": False,
        "after_tie": "repeat",
        "edition": 2,
    }
    assert "edition" not in manus.view(manus.start({"players": ["A", "B", "C"]}))["options"]


@pytest.mark.parametrize(
    ("setup", "reason"),
    [
        ({"edition": 3}, "setup.edition: 1 or 2, not 3"),
        ({"edition": True}, "setup.edition: 1 or 2, not True"),
        ({"edition": "2"}, "setup.edition: 1 or 2, not '2'"),
        ({"no_target": "no"}, "setup.no_target: true or false"),
        ({"editon": 2}, "did you mean 'edition'"),
    ],
)
def test_bad_editions_and_flags_name_the_key(setup, reason):
    with pytest.raises(SetupError, match=reason):
        manus.start({"players": ["A", "B", "C"], **setup})


# The action scripts (a press script, manus_presses.yaml, is played in test_press_scripts).
MANUS_EXAMPLES = sorted(p for p in EXAMPLES.glob("manus_*.yaml") if "presses" not in p.name)


@pytest.mark.parametrize("path", MANUS_EXAMPLES, ids=[p.name for p in MANUS_EXAMPLES])
def test_every_example_plays_by_today_s_rules_as_by_the_old_ones(path: Path):
    script = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert "edition" not in script["setup"]  # examples are written as a player writes them
    today = play(stamp(script["setup"]), script["actions"])
    old = play(script["setup"], script["actions"])
    assert today.winners and today.scores == old.scores and today.winners == old.winners


def test_a_new_table_game_is_journaled_with_today_s_edition(tmp_path: Path):
    assert manus_spec.SPEC.stamp is stamp
    path = tmp_path / "new.sqlite"
    table = Table.new_game(Journal(path), "manus", {"players": ["Anna", "Boris", "Vera"]})
    assert table.record.setup["edition"] == 2
    table.apply(SITE)
    table.apply({"do": "choose_discovery", "discovery": "water"})
    with pytest.raises(IllegalAction, match="water magic elements are always cold and wet"):
        table.apply({"do": "build", "elements": {"hand": "water cold dry"}})
    table.journal.close()
    resumed = Table.open(path)
    assert resumed is not None and resumed.view()["options"]["edition"] == 2


# --- two players: one or two hands each, side by side or alternating (L294) ----------------


def hands_and_seats(setup: Mapping[str, Any]) -> list[tuple[int, int]]:
    picture = manus.view(manus.start(setup))
    return [(h["hand"], h["seat"]) for h in picture["hands"]]


def test_two_players_may_run_one_hand_or_two():
    assert hands_and_seats({"players": ["A", "B"]}) == [(1, 1), (2, 1), (3, 2), (4, 2)]
    assert hands_and_seats({"players": ["A", "B"], "hands_per_player": 2}) == [
        (1, 1),
        (2, 1),
        (3, 2),
        (4, 2),
    ]
    assert hands_and_seats({"players": ["A", "B"], "hands_per_player": 1}) == [(1, 1), (2, 2)]


def test_alternate_seating_gives_each_player_every_other_hand():
    setup = {"players": ["Anna", "Boris"], "seating": "alternate"}
    assert hands_and_seats(setup) == [(1, 1), (2, 2), (3, 1), (4, 2)]
    seats = manus.view(manus.start(setup))["seats"]
    assert [s["hands"] for s in seats] == [[1, 3], [2, 4]]
    assert manus.view(manus.start(setup))["options"]["seating"] == "alternate"


def first_players(setup: Mapping[str, Any], rounds: int) -> list[tuple[int, int]]:
    """(hand, seat) of the first-player token in each of ``rounds`` rounds."""
    state = play({"no_target": True, **setup}, [SITE])
    seen = []
    for _ in range(rounds):
        picture = manus.view(state)
        seen.append((picture["first"]["hand"], picture["first"]["seat"]))
        assert manus.prompt(state).seat == picture["first"]["seat"]
        state = manus.step(state, {"do": "choose_discovery", "discovery": "air"})
        for hand in state.order():
            state = manus.step(state, {"do": "skip", "hand": hand})
        for hand in state.order():
            state = manus.step(state, {"do": "choose_target", "hand": hand, "target": "none"})
        for hand in state.order():
            state = manus.step(state, {"do": "vote", "hand": hand, "condition": "warm"})
    return seen


def test_the_token_passes_hand_to_hand_clockwise_by_the_seating():
    side = {"players": ["Anna", "Boris"]}
    assert first_players(side, 5) == [(1, 1), (2, 1), (3, 2), (4, 2), (1, 1)]
    alternate = {**side, "seating": "alternate"}
    assert first_players(alternate, 5) == [(1, 1), (2, 2), (3, 1), (4, 2), (1, 1)]
    boris_first = {**alternate, "first": "Boris"}
    assert first_players(boris_first, 3) == [(2, 2), (3, 1), (4, 2)]
    one_hand = {**side, "hands_per_player": 1}
    assert first_players(one_hand, 3) == [(1, 1), (2, 2), (1, 1)]


def test_alternate_seating_plays_the_hands_in_clockwise_order():
    setup = {"players": ["Anna", "Boris"], "seating": "alternate", "first": 2, **TODAY}
    state = play(setup, [SITE, {"do": "choose_discovery", "discovery": "air"}])
    assert state.order() == (2, 3, 4, 1)
    owners = []
    for _ in range(4):
        prompt = manus.prompt(state)
        owners.append((prompt.choices[0]["hand"], prompt.seat, prompt.fields["player"]))
        state = manus.step(state, dict(prompt.choices[0]))
    assert owners == [(2, 2, "Boris 2"), (3, 1, "Anna 3"), (4, 2, "Boris 4"), (1, 1, "Anna 1")]
    with pytest.raises(IllegalAction, match="it is Boris's hand 2's turn"):
        manus.step(state, {"do": "choose_target", "hand": 3, "target": "small"})
    with pytest.raises(IllegalAction, match="hand 2 is Boris's"):
        manus.step(state, {"do": "choose_target", "hand": 2, "seat": "Anna", "target": "small"})


def test_alternate_seating_adds_both_hands_to_the_owner_s_track():
    setup = {"players": ["Anna", "Boris"], "seating": "alternate", **TODAY}
    state = play(setup, [SITE, {"do": "choose_discovery", "discovery": "air"}])
    for hand in state.order():
        state = manus.step(state, {"do": "skip", "hand": hand})
    targets = {1: "small", 2: "large", 3: "medium", 4: "small"}
    for hand in state.order():
        state = manus.step(state, {"do": "choose_target", "hand": hand, "target": targets[hand]})
    with pytest.raises(IllegalAction, match="name the hand: Anna runs hands 1 and 3"):
        manus.step(state, {"do": "vote", "seat": "Anna", "condition": "warm"})
    for hand in state.order():
        state = manus.step(state, {"do": "vote", "hand": hand, "condition": "warm"})
    for hand, strength in ((1, 4), (2, 3), (3, 5), (4, 4)):
        state = manus.step(state, {"do": "set_strength", "hand": hand, "strength": strength})
    picture = manus.view(state)
    assert [s["score"] for s in picture["seats"]] == [1 + 2, 1]


@pytest.mark.parametrize(
    ("setup", "reason"),
    [
        (
            {"players": ["A", "B"], "seating": "facing"},
            "setup.seating: 'side_by_side' or 'alternate'",
        ),
        (
            {"players": ["A", "B"], "hands_per_player": 1, "seating": "alternate"},
            "only with two hands each",
        ),
        ({"players": ["A", "B", "C"], "seating": "side_by_side"}, "only with two hands each"),
        ({"players": ["A", "B"], "hands_per_player": 3}, "setup.hands_per_player: 1 or 2, not 3"),
        ({"players": ["A", "B"], "seatings": "alternate"}, "did you mean 'seating'"),
    ],
)
def test_bad_seatings_name_the_key(setup, reason):
    with pytest.raises(SetupError, match=reason):
        manus.start(setup)


def test_seating_shows_in_the_options_only_with_two_hands_each():
    assert manus.view(manus.start({"players": ["A", "B"]}))["options"]["seating"] == "side_by_side"
    one = manus.view(manus.start({"players": ["A", "B"], "hands_per_player": 1}))["options"]
    assert "seating" not in one
