"""Hand of Manus rules: the vote against an independent oracle, the rulebook's worked
examples, the tie round, the two-player variant, and the messages of illegal actions."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import combinations_with_replacement
from typing import Any

import pytest

from companion.games.manus import rules as manus
from companion.games.manus.engine import discovery_bonus, hand_strength
from companion.games.manus.state import Element, Hand, Site
from companion.rules.base import IllegalAction, SetupError

QUADRANTS = [(t, h) for t in ("warm", "cold") for h in ("wet", "dry")]
CONDITIONS = ("warm", "cold", "wet", "dry")


def play(setup: Mapping[str, Any], actions: Iterable[Mapping[str, Any]]) -> Any:
    """The bare rules, without the stamp a new table game gets: these setups name no
    edition, so they play edition 1, where a marker may stay on the cross ("none", the
    helpers' default target). Today's corrections: tests/test_manus_corrections.py."""
    state = manus.start(setup)
    for action in actions:
        state = manus.step(state, dict(action))
    return state


def to_vote(
    state: Any,
    discovery: str = "steam",
    builds: Mapping[int, Mapping[str, str]] | None = None,
    targets: Mapping[int, str] | None = None,
) -> Any:
    """Play discovery, construction and targets of the current round, in turn order."""
    builds = builds or {}
    targets = targets or {}
    state = manus.step(state, {"do": "choose_discovery", "discovery": discovery})
    for hand in state.order():
        if hand in builds:
            state = manus.step(state, {"do": "build", "hand": hand, "elements": builds[hand]})
        else:
            state = manus.step(state, {"do": "skip", "hand": hand})
    for hand in state.order():
        target = targets.get(hand, "none")
        state = manus.step(state, {"do": "choose_target", "hand": hand, "target": target})
    return state


def full_round(
    state: Any,
    targets: Mapping[int, str],
    strengths: Mapping[int, int],
    votes: Mapping[int, str] | None = None,
) -> Any:
    """A round with directly entered strengths; votes default to 'warm' for everyone."""
    state = to_vote(state, targets=targets)
    for hand in state.order():
        condition = (votes or {}).get(hand, "warm")
        state = manus.step(state, {"do": "vote", "hand": hand, "condition": condition})
    for hand in state.order():
        if targets.get(hand, "none") != "none":
            state = manus.step(
                state, {"do": "set_strength", "hand": hand, "strength": strengths[hand]}
            )
    return state


# --- the vote against an oracle ---------------------------------------------------------


def oracle(start: tuple[str, str], votes: Iterable[str]) -> tuple[str, str]:
    """Written from the rulebook text (L244, L246) without the engine's code: a signed
    count per axis, positive pulls toward warm / wet, negative toward cold / dry."""
    cast = list(votes)
    temperature_pull = sum(+1 if v == "warm" else -1 if v == "cold" else 0 for v in cast)
    humidity_pull = sum(+1 if v == "wet" else -1 if v == "dry" else 0 for v in cast)
    temperature, humidity = start
    if temperature_pull:
        temperature = "warm" if temperature_pull > 0 else "cold"
    if humidity_pull:
        humidity = "wet" if humidity_pull > 0 else "dry"
    return temperature, humidity


SETUPS_BY_HANDS = {
    "2 players": (2, {"players": ["A", "B"], "hands_per_player": 1}),
    "3 players": (3, {"players": ["A", "B", "C"]}),
    "4 players": (4, {"players": ["A", "B", "C", "D"]}),
    "2 players, 4 hands": (4, {"players": ["A", "B"]}),
}


@pytest.mark.parametrize("table", list(SETUPS_BY_HANDS))
def test_every_vote_multiset_from_every_quadrant_moves_the_site_like_the_oracle(table):
    hands, setup = SETUPS_BY_HANDS[table]
    checked = 0
    for start in QUADRANTS:
        placed = play(
            setup,
            [{"do": "place_site", "temperature": start[0], "humidity": start[1]}],
        )
        voting = to_vote(placed)
        for votes in combinations_with_replacement(CONDITIONS, hands):
            state = voting
            for hand, condition in zip(voting.order(), votes, strict=True):
                state = manus.step(state, {"do": "vote", "hand": hand, "condition": condition})
            picture = manus.view(state)
            expected = oracle(start, votes)
            assert picture["test_site"] == {"temperature": expected[0], "humidity": expected[1]}
            reveal = picture["last_reveal"]
            assert reveal["site_before"] == {"temperature": start[0], "humidity": start[1]}
            cast = {card["hand"]: card["condition"] for card in reveal["cards"]}
            assert cast == dict(zip(voting.order(), votes, strict=True))
            assert reveal["tallies"] == {c: votes.count(c) for c in CONDITIONS}
            moved = [axis["moved"] for axis in reveal["axes"]]
            assert moved == [expected[0] != start[0], expected[1] != start[1]]
            # the round went on: the vote is over and the next round has begun
            assert picture["round"] == 2 and picture["phase"] == "discovery"
            checked += 1
    assert checked == 4 * {2: 10, 3: 20, 4: 35}[hands]


def test_two_players_with_two_hands_each_cast_four_votes():
    setup = {"players": ["Anna", "Boris"]}
    state = to_vote(play(setup, [{"do": "place_site", "temperature": "cold", "humidity": "dry"}]))
    for hand, condition in zip((1, 2, 3, 4), ("warm", "warm", "cold", "wet"), strict=True):
        state = manus.step(state, {"do": "vote", "hand": hand, "condition": condition})
    assert manus.view(state)["test_site"] == {"temperature": "warm", "humidity": "wet"}


# --- the rulebook's worked examples (L272-L288) -------------------------------------------


def test_example_steam_discovery_lifts_the_right_hand_from_4_to_5_at_warm_and_wet():
    """L272-L278: both hands have strength 4 from their elements at a warm-and-wet site;
    the steam discovery adds 1 to the right hand, whose hand part is steam. The other
    cards are not in the text; these are consistent with every stated fact (notes §5)."""
    left = {"shoulder": "fire warm wet", "forearm": "water cold wet", "hand": "air warm dry"}
    right = {"shoulder": "earth warm wet", "forearm": "electric cold wet", "hand": "steam warm dry"}
    state = play(
        {"players": ["Left", "Right"], "hands_per_player": 1},
        [{"do": "place_site", "temperature": "warm", "humidity": "wet"}],
    )
    state = to_vote(
        state, discovery="steam", builds={1: left, 2: right}, targets={1: "small", 2: "medium"}
    )
    state = manus.step(state, {"do": "vote", "hand": 1, "condition": "warm"})
    state = manus.step(state, {"do": "vote", "hand": 2, "condition": "wet"})
    picture = manus.view(state)
    assert picture["last_reveal"]["site_after"] == {"temperature": "warm", "humidity": "wet"}
    tests = {t["hand"]: t for t in picture["last_tests"]}
    assert (tests[1]["strength"], tests[1]["hit"], tests[1]["points"]) == (4, True, 1)
    assert (tests[2]["strength"], tests[2]["hit"], tests[2]["points"]) == (5, True, 2)
    assert tests[1]["strength_from"] == "elements"
    assert [s["score"] for s in picture["seats"]] == [1, 2]
    # The caption's split: 4 from elements and +0 / +1 from the discovery.
    site = Site("warm", "wet")
    hands = [state.hand(1), state.hand(2)]
    assert [hand_strength(h, site, None) for h in hands] == [4, 4]
    assert [discovery_bonus("steam", tuple(p for p in h.parts if p)) for h in hands] == [0, 1]


def test_example_combination_discovery_lifts_the_right_hand_from_3_to_5_at_cold_and_wet():
    """L282-L288: left 5 from elements (+0), right 3 from elements and both neighbouring
    pairs matching the combination discovery (+2): both 5."""
    left = {"shoulder": "water cold wet", "forearm": "biological cold dry", "hand": "air cold wet"}
    right = {
        "shoulder": "steam warm dry",
        "forearm": "magnetic cold wet",
        "hand": "electric warm wet",
    }
    state = play(
        {"players": ["Left", "Right"], "hands_per_player": 1},
        [{"do": "place_site", "temperature": "warm", "humidity": "wet"}],
    )
    state = to_vote(
        state,
        discovery="technology_pairs",
        builds={1: left, 2: right},
        targets={1: "medium", 2: "large"},
    )
    state = manus.step(state, {"do": "vote", "hand": 1, "condition": "cold"})
    state = manus.step(state, {"do": "vote", "hand": 2, "condition": "cold"})
    picture = manus.view(state)
    assert picture["test_site"] == {"temperature": "cold", "humidity": "wet"}
    tests = {t["hand"]: t for t in picture["last_tests"]}
    assert (tests[1]["strength"], tests[1]["hit"]) == (5, True)
    assert (tests[2]["strength"], tests[2]["hit"], tests[2]["points"]) == (5, False, 0)
    site = Site("cold", "wet")
    assert hand_strength(state.hand(2), site, None) == 3
    assert hand_strength(state.hand(1), site, "technology_pairs") == 5
    # Under the harmony card the left hand's two mixed pairs would count instead.
    assert hand_strength(state.hand(1), site, "harmony") == 7
    assert hand_strength(state.hand(2), site, "magic_pairs") == 3


def test_type_bonus_counts_every_element_of_the_type_up_to_three():
    steam = Element("steam", "warm", "dry")
    hand = Hand(1, 1, (steam, steam, steam))
    assert hand_strength(hand, Site("cold", "wet"), "steam") == 3
    assert hand_strength(hand, Site("warm", "dry"), "steam") == 9
    assert hand_strength(hand, Site("warm", "dry"), "fire") == 6


# --- end of the game --------------------------------------------------------------------


def three_players_tied_at_12(setup_extra: Mapping[str, Any] | None = None) -> Any:
    """Anna and Boris miss round 1 and hit large targets in rounds 2-5: 12 each."""
    setup = {"players": ["Anna", "Boris", "Vera"], **(setup_extra or {})}
    state = play(setup, [{"do": "place_site", "temperature": "warm", "humidity": "wet"}])
    targets = {1: "large", 2: "large", 3: "small"}
    state = full_round(state, targets, {1: 0, 2: 0, 3: 0})
    for _ in range(4):
        state = full_round(state, targets, {1: 6, 2: 6, 3: 0})
    return state


def test_a_tie_at_12_calls_a_tie_round_for_the_tied_players_only():
    state = three_players_tied_at_12()
    picture = manus.view(state)
    assert [s["score"] for s in picture["seats"]] == [12, 12, 0]
    assert picture["winner"] is None
    assert picture["tie_round"] is True and picture["claimants"] == [1, 2]
    assert picture["round"] == 6
    # Round 5 was Boris's; the token passes clockwise past Vera, who does not play.
    assert picture["first"] == {"hand": 1, "seat": 1, "name": "Anna"}
    assert [h["playing"] for h in picture["hands"]] == [True, True, False]
    events = [e["event"] for e in picture["events"]]
    assert "tie_round_called" in events
    state = to_vote(state, targets={1: "large", 2: "small"})
    assert manus.view(state)["vote"]["waiting"] == [1, 2]
    with pytest.raises(IllegalAction, match="does not play this tie round"):
        manus.step(state, {"do": "vote", "hand": 3, "condition": "dry"})
    state = manus.step(state, {"do": "vote", "hand": 1, "condition": "cold"})
    state = manus.step(state, {"do": "vote", "hand": 2, "condition": "cold"})
    state = manus.step(state, {"do": "set_strength", "hand": 1, "strength": 6})
    state = manus.step(state, {"do": "set_strength", "hand": 2, "strength": 4})
    picture = manus.view(state)
    assert picture["winner"]["seat"] == 1 and picture["winner"]["score"] == 15
    assert picture["stage"] == "over" and manus.prompt(state).seat is None
    with pytest.raises(IllegalAction, match="the game is over: Anna won"):
        manus.step(state, {"do": "choose_discovery", "discovery": "air"})


def test_still_tied_after_a_tie_round_plays_another_by_default():
    state = full_round(three_players_tied_at_12(), {1: "large", 2: "large"}, {1: 6, 2: 6})
    picture = manus.view(state)
    assert picture["winner"] is None and picture["tie_round"] is True
    assert [s["score"] for s in picture["seats"]] == [15, 15, 0]
    assert picture["first"]["hand"] == 2


def test_still_tied_after_a_tie_round_shares_the_victory_when_set():
    state = three_players_tied_at_12({"after_tie": "shared"})
    state = full_round(state, {1: "large", 2: "large"}, {1: 6, 2: 6})
    winner = manus.view(state)["winner"]
    assert winner["shared"] is True and winner["seats"] == [1, 2] and winner["score"] == 15


def test_the_most_points_wins_when_several_pass_the_door():
    setup = {"players": ["Anna", "Boris", "Vera"]}
    state = play(setup, [{"do": "place_site", "temperature": "warm", "humidity": "wet"}])
    for _ in range(3):
        state = full_round(state, {1: "large", 2: "large"}, {1: 6, 2: 6})
    assert [s["score"] for s in manus.view(state)["seats"]] == [9, 9, 0]
    state = full_round(state, {1: "large", 2: "medium"}, {1: 6, 2: 5})
    picture = manus.view(state)
    assert [s["score"] for s in picture["seats"]] == [12, 11, 0]
    assert picture["winner"]["name"] == "Anna"


def test_score_is_kept_past_the_door():
    setup = {"players": ["Anna", "Boris"], "hands_per_player": 1}
    state = play(setup, [{"do": "place_site", "temperature": "warm", "humidity": "wet"}])
    for _ in range(3):
        state = full_round(state, {1: "large"}, {1: 6})
    state = full_round(state, {1: "medium"}, {1: 5})
    assert manus.view(state)["seats"][0]["score"] == 11
    state = full_round(state, {1: "large"}, {1: 9})
    picture = manus.view(state)
    assert picture["seats"][0]["score"] == 14 and picture["seats"][0]["track_sector"] == 2
    assert picture["winner"]["score"] == 14


# --- two players, two hands each (L294) ------------------------------------------------


def test_two_player_token_passes_hand_to_hand_and_points_add_up():
    state = play({"players": ["Anna", "Boris"]}, [])
    assert manus.prompt(state).seat == 1
    state = manus.step(state, {"do": "place_site", "temperature": "cold", "humidity": "dry"})
    seen = []
    for _ in range(5):
        picture = manus.view(state)
        seen.append((picture["first"]["hand"], picture["first"]["seat"], manus.prompt(state).seat))
        state = full_round(state, {1: "small", 2: "medium", 4: "large"}, {1: 4, 2: 4, 4: 2})
    assert seen == [(1, 1, 1), (2, 1, 1), (3, 2, 2), (4, 2, 2), (1, 1, 1)]
    assert [s["score"] for s in manus.view(state)["seats"]] == [5, 0]
    # Both of Anna's hands hit: their points add up on her one track.
    state = full_round(state, {1: "small", 2: "medium", 3: "small"}, {1: 4, 2: 5, 3: 4})
    picture = manus.view(state)
    assert [s["score"] for s in picture["seats"]] == [8, 1]
    assert [(t["hand"], t["points"]) for t in picture["last_tests"]] == [
        (2, 2),
        (3, 1),
        (4, 0),
        (1, 1),
    ]


def test_two_player_turn_order_follows_the_first_hand():
    state = play({"players": ["Anna", "Boris"]}, [])
    state = manus.step(state, {"do": "place_site", "temperature": "cold", "humidity": "dry"})
    state = full_round(state, {}, {})
    state = full_round(state, {}, {})
    state = manus.step(state, {"do": "choose_discovery", "discovery": "air", "seat": "Boris"})
    assert manus.view(state)["order"] == [3, 4, 1, 2]
    assert manus.prompt(state).seat == 2
    with pytest.raises(IllegalAction, match=r"it is Boris's hand 3's turn \(hand 3\), not hand 1"):
        manus.step(state, {"do": "skip", "hand": 1})


def test_a_seat_with_two_hands_must_name_the_hand():
    state = to_vote(play({"players": ["Anna", "Boris"]}, [_site()]))
    with pytest.raises(IllegalAction, match="name the hand: Anna runs hands 1 and 2"):
        manus.step(state, {"do": "vote", "seat": 1, "condition": "dry"})
    with pytest.raises(IllegalAction, match="hand 3 is Boris's"):
        manus.step(state, {"do": "vote", "seat": 1, "hand": 3, "condition": "dry"})


# --- phases, options, messages ------------------------------------------------------------


def _site() -> dict[str, str]:
    return {"do": "place_site", "temperature": "warm", "humidity": "wet"}


def test_construction_replaces_one_recorded_card_per_round():
    setup = {"players": ["Anna", "Boris", "Vera"]}
    start = {"shoulder": "fire warm wet", "forearm": "water cold wet", "hand": "air warm dry"}
    state = to_vote(play(setup, [_site()]), builds={1: start})
    for hand in (1, 2, 3):
        state = manus.step(state, {"do": "vote", "hand": hand, "condition": "warm"})
    state = manus.step(state, {"do": "choose_discovery", "discovery": "fire", "seat": 2})
    state = manus.step(state, {"do": "skip"})  # Boris is first now
    state = manus.step(state, {"do": "skip"})
    with pytest.raises(IllegalAction, match=r"one element card per round \(L220\), not 2"):
        manus.step(
            state,
            {
                "do": "build",
                "hand": 1,
                "elements": {"shoulder": "earth cold dry", "hand": "steam warm dry"},
            },
        )
    state = manus.step(state, {"do": "build", "elements": {"hand": "steam warm dry"}})
    picture = manus.view(state)
    assert picture["hands"][0]["elements"]["hand"] == {
        "type": "steam",
        "conditions": {"temperature": "warm", "humidity": "dry"},
    }
    assert picture["events"][0]["replaced"] == ["hand"]


@pytest.mark.parametrize(
    ("element", "reason"),
    [
        (
            "stam warm dry",
            "'stam' is neither an element type nor a condition .did you mean 'steam'",
        ),
        ("steam warm cold", "one condition on each axis"),
        ("steam fire warm dry", "one element type"),
        ({"type": "steam", "conditions": ["warm", "dry"], "power": 2}, "unknown field 'power'"),
    ],
)
def test_bad_elements_are_refused_with_a_reason(element, reason):
    state = to_vote(play({"players": ["A", "B"], "hands_per_player": 1}, [_site()]))
    state = manus.step(state, {"do": "vote", "hand": 1, "condition": "warm"})
    state = manus.step(state, {"do": "vote", "hand": 2, "condition": "warm"})
    state = manus.step(state, {"do": "choose_discovery", "discovery": "fire"})
    with pytest.raises(IllegalAction, match=reason):
        manus.step(state, {"do": "build", "elements": {"shoulder": element}})


def test_element_as_mapping_is_accepted():
    state = play({"players": ["A", "B"], "hands_per_player": 1}, [_site()])
    state = manus.step(state, {"do": "choose_discovery", "discovery": "fire"})
    state = manus.step(
        state,
        {"do": "build", "elements": {"forearm": {"type": "fire", "conditions": "warm-wet"}}},
    )
    assert manus.view(state)["hands"][0]["elements"]["forearm"]["type"] == "fire"


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ({"do": "choose_discovery", "discovery": "steem"}, "did you mean 'steam'"),
        ({"do": "choose_discovery", "discovery": "air", "seat": 2}, "only the first player"),
        ({"do": "choose_dicsovery"}, "unknown action 'choose_dicsovery' .did you mean"),
        ({"do": "vote", "hand": 1, "condition": "warm"}, "not now: the phase is discovery"),
        ({"do": "place_site", "temperature": "warm", "humidity": "dry"}, "already placed"),
        ({"do": "choose_discovery", "discovery": "air", "cards": 3}, "unknown field 'cards'"),
    ],
)
def test_illegal_actions_say_why(action, reason):
    state = play({"players": ["Anna", "Boris", "Vera"]}, [_site()])
    with pytest.raises(IllegalAction, match=reason):
        manus.step(state, action)


def test_targets_follow_the_setup_options():
    setup = {
        "players": ["A", "B"],
        "hands_per_player": 1,
        "medium_target": False,
        "no_target": False,
    }
    state = play(setup, [_site(), {"do": "choose_discovery", "discovery": "air"}])
    state = manus.step(manus.step(state, {"do": "skip"}), {"do": "skip"})
    assert [c["target"] for c in manus.prompt(state).choices] == ["small", "large"]
    with pytest.raises(IllegalAction, match="'target' must be one of small, large"):
        manus.step(state, {"do": "choose_target", "target": "medium"})


def test_reveal_waits_for_the_first_seat_when_set():
    setup = {"players": ["Anna", "Boris", "Vera"], "reveal": "confirm", "first": "Vera"}
    state = to_vote(play(setup, [{"do": "place_site", "temperature": "cold", "humidity": "wet"}]))
    assert state.order() == (3, 1, 2)
    for hand, condition in ((1, "warm"), (2, "warm"), (3, "dry")):
        state = manus.step(state, {"do": "vote", "hand": hand, "condition": condition})
    picture = manus.view(state)
    assert picture["phase"] == "vote" and picture["test_site"]["temperature"] == "cold"
    prompt = manus.prompt(state)
    assert (prompt.seat, prompt.kind, prompt.choices[0]) == (3, "reveal", {"do": "reveal"})
    with pytest.raises(IllegalAction, match="only the first player acts now: Vera"):
        manus.step(state, {"do": "reveal", "seat": 1})
    state = manus.step(state, {"do": "vote", "hand": 2, "condition": "cold"})  # a change
    state = manus.step(state, {"do": "reveal"})
    assert manus.view(state)["test_site"] == {"temperature": "cold", "humidity": "dry"}


def test_reveal_is_refused_before_every_vote_and_in_the_default_mode():
    state = to_vote(play({"players": ["A", "B", "C"], "reveal": "confirm"}, [_site()]))
    state = manus.step(state, {"do": "vote", "hand": 1, "condition": "warm"})
    with pytest.raises(IllegalAction, match="waiting for hand 2, 3"):
        manus.step(state, {"do": "reveal"})
    auto = to_vote(play({"players": ["A", "B", "C"]}, [_site()]))
    with pytest.raises(IllegalAction, match="turn over by themselves"):
        manus.step(auto, {"do": "reveal"})


def test_tallies_only_hide_who_voted_what_after_the_reveal():
    state = to_vote(play({"players": ["A", "B", "C"], "reveal_shows": "tallies"}, [_site()]))
    for hand, condition in ((1, "cold"), (2, "cold"), (3, "dry")):
        state = manus.step(state, {"do": "vote", "hand": hand, "condition": condition})
    picture = manus.view(state)
    reveal = picture["last_reveal"]
    assert reveal["cards"] is None
    assert reveal["tallies"] == {"warm": 0, "cold": 2, "wet": 0, "dry": 1}
    assert picture["test_site"] == {"temperature": "cold", "humidity": "dry"}
    revealed = next(e for e in picture["events"] if e["event"] == "votes_revealed")
    assert revealed["cards"] is None


def test_set_strength_only_for_hands_without_recorded_elements():
    builds = {1: {"shoulder": "fire warm wet", "forearm": "fire warm wet", "hand": "fire warm wet"}}
    state = to_vote(
        play({"players": ["A", "B", "C"]}, [_site()]),
        discovery="fire",
        builds=builds,
        targets={1: "large", 2: "large", 3: "none"},
    )
    for hand in (1, 2, 3):
        state = manus.step(state, {"do": "vote", "hand": hand, "condition": "wet"})
    picture = manus.view(state)
    assert picture["phase"] == "tests"
    assert (
        picture["hands"][0]["strength"] == 9 and picture["hands"][0]["strength_from"] == "elements"
    )
    assert manus.prompt(state).seat == 2
    with pytest.raises(IllegalAction, match=r"recorded elements \(9\)"):
        manus.step(state, {"do": "set_strength", "hand": 1, "strength": 3})
    with pytest.raises(IllegalAction, match="no target this round"):
        manus.step(state, {"do": "set_strength", "hand": 3, "strength": 3})
    with pytest.raises(IllegalAction, match="at most 9"):
        manus.step(state, {"do": "set_strength", "hand": 2, "strength": 10})
    state = manus.step(state, {"do": "set_strength", "hand": 2, "strength": 5})
    picture = manus.view(state)
    assert [s["score"] for s in picture["seats"]] == [3, 0, 0]
    assert picture["last_tests"][1] == {
        "hand": 2,
        "seat": 2,
        "target": "large",
        "need": 6,
        "strength": 5,
        "strength_from": "entered",
        "hit": False,
        "points": 0,
    }


@pytest.mark.parametrize(
    ("setup", "reason"),
    [
        ({"players": ["A"]}, "takes 2 to 4 players"),
        ({"players": ["A", "B", "C", "D", "E"]}, "takes 2 to 4 players"),
        ({"players": ["A", "B", "C"], "hands_per_player": 2}, "hands_per_player: 1"),
        ({"players": ["A", "B"], "first": 3}, "setup.first"),
        ({"players": ["A", "B"], "reveal": "now"}, "setup.reveal: 'last_vote' or 'confirm'"),
        ({"players": ["A", "B"], "reveal_show": "cards"}, "did you mean 'reveal_shows'"),
        ({"players": ["A", "B"], "medium_target": "yes"}, "true or false"),
    ],
)
def test_bad_setups_name_the_key(setup, reason):
    with pytest.raises(SetupError, match=reason):
        manus.start(setup)
