"""Hand of Manus's build entry opens where the table most likely is (issue 24): this
round's discovery one press from "keep" in the type list, and a part's conditions at what
that type's card had at this table (this hand's first, then another hand's), else at the
test site's. Only where the entry opens moves: every type and every pair stays offered."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pytest

from companion import cli
from companion.games.manus import rules as manus
from companion.games.manus.state import EDITION, MAGIC, TECHNOLOGY, TYPES
from companion.rules.base import Entry

SETUP = {"players": ["Anna", "Boris", "Vera"], "edition": EDITION}
PAIRS = ("warm wet", "warm dry", "cold wet", "cold dry")


def play(actions: Iterable[Mapping[str, Any]]) -> Any:
    state = manus.start(SETUP)
    for action in actions:
        state = manus.step(state, dict(action))
    return state


def site(temperature: str = "warm", humidity: str = "wet") -> dict[str, str]:
    return {"do": "place_site", "temperature": temperature, "humidity": humidity}


def build_entry(state: Any) -> Entry:
    (entry,) = manus.prompt(state).entries
    return entry


def field_index(entry: Entry, key: str) -> int:
    return next(i for i, f in enumerate(entry.fields) if f.key == key)


def opens_after(entry: Entry, part: str, kind: str) -> str | int:
    """What the part's conditions show once its type is chosen (the parts before kept)."""
    index = field_index(entry, f"elements.{part}.type")
    entered = [*entry.values(())[:index], kind]
    return entry.opening(index + 1, entered)


# --- the type list ---------------------------------------------------------------------


@pytest.mark.parametrize("discovery", [t for t in TYPES if t != "fire"])
def test_the_discovery_s_type_comes_just_after_keep(discovery: str) -> None:
    state = play([site(), {"do": "choose_discovery", "discovery": discovery}])
    options = build_entry(state).fields[0].options
    assert options[:2] == ("keep", discovery)
    assert sorted(map(str, options[1:])) == sorted(TYPES)  # every type, once
    assert list(options[2:]) == [t for t in TYPES if t != discovery]  # rulebook order


def test_fire_already_one_press_down_from_keep_leaves_the_list_as_it_was() -> None:
    state = play([site(), {"do": "choose_discovery", "discovery": "fire"}])
    assert build_entry(state).fields[0].options == ("keep", *TYPES)
    assert TYPES[-1] == "fire"


def test_the_combination_of_magic_lists_the_magic_types_first() -> None:
    state = play([site(), {"do": "choose_discovery", "discovery": "magic_pairs"}])
    assert build_entry(state).fields[0].options == ("keep", *MAGIC, *TECHNOLOGY)


@pytest.mark.parametrize("discovery", ["technology_pairs", "harmony"])
def test_the_other_combinations_keep_the_rulebook_s_order(discovery: str) -> None:
    state = play([site(), {"do": "choose_discovery", "discovery": discovery}])
    assert build_entry(state).fields[0].options == ("keep", *TYPES)


def test_keep_is_still_where_the_type_opens_and_what_next_takes() -> None:
    state = play([site(), {"do": "choose_discovery", "discovery": "steam"}])
    entry = build_entry(state)
    types = [f for f in entry.fields if f.key.endswith(".type")]
    assert [f.start for f in types] == ["keep"] * 3


def test_the_discovery_s_type_is_one_press_up_from_keep_on_the_box(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Anna keeps shoulder and forearm unrecorded and records a steam hand: one press up
    from "keep" after choosing the steam discovery (it was three)."""
    script = tmp_path / "steam.yaml"
    presses = [
        "seat1.cyan",  # the site: warm and wet
        "seat1.blue",
        "seat1.blue",
        "seat1.cyan",  # discovery: steam
        "seat1.blue",
        "seat1.cyan",  # the build entry
        "seat1.cyan",  # shoulder: keep
        "seat1.cyan",  # forearm: keep
        "seat1.red",  # hand: steam, its conditions fixed (L51): the entry is done
        "seat1.cyan",
    ]
    lines = "".join(f"  - {p}\n" for p in presses)
    script.write_text(
        f"game: manus\nsetup: {{players: [Anna, Boris, Vera]}}\npresses:\n{lines}", "utf-8"
    )
    assert cli.main(["play", str(script)]) == 0
    said = capsys.readouterr().out.splitlines()
    assert "Anna builds: hand → steam (warm, dry)." in said
    assert not [line for line in said if line.startswith("✗")]


# --- the conditions ----------------------------------------------------------------------


def round_one(builds: Mapping[int, Mapping[str, str]], where: dict[str, str]) -> list[Any]:
    """Round 1 to its tests: the hands build or skip, aim small, vote warm."""
    actions: list[Any] = [where, {"do": "choose_discovery", "discovery": "harmony"}]
    for hand in (1, 2, 3):
        if hand in builds:
            actions.append({"do": "build", "hand": hand, "elements": dict(builds[hand])})
        else:
            actions.append({"do": "skip", "hand": hand})
    actions += [{"do": "choose_target", "hand": h, "target": "small"} for h in (1, 2, 3)]
    actions += [{"do": "vote", "hand": h, "condition": "warm"} for h in (1, 2, 3)]
    return actions


def to_round_two(builds: Mapping[int, Mapping[str, str]], where: dict[str, str]) -> Any:
    """Round 2's construction, Boris first (hand 2), then Vera, then Anna."""
    state = play(round_one(builds, where))
    while manus.prompt(state).kind == "set_strength":
        hand = manus.prompt(state).entries[0].base["hand"]
        state = manus.step(state, {"do": "set_strength", "hand": hand, "strength": 4})
    return manus.step(state, {"do": "choose_discovery", "discovery": "harmony"})


def test_an_unknown_type_s_conditions_open_at_the_test_site_s() -> None:
    state = play([site("cold", "dry"), {"do": "choose_discovery", "discovery": "harmony"}])
    entry = build_entry(state)
    for part in ("shoulder", "forearm", "hand"):
        assert opens_after(entry, part, "earth") == "cold dry"
    assert entry.fields[1].options == PAIRS  # every pair still offered, in its order


def test_a_type_this_hand_has_opens_at_its_card_s_conditions() -> None:
    anna = {"shoulder": "fire cold dry", "forearm": "air warm dry", "hand": "earth cold wet"}
    state = to_round_two({1: anna}, site())
    state = manus.step(state, {"do": "skip", "hand": 2})
    state = manus.step(state, {"do": "skip", "hand": 3})
    entry = build_entry(state)  # Anna's
    assert entry.base["hand"] == 1
    assert opens_after(entry, "forearm", "fire") == "cold dry"  # her shoulder's fire card
    assert opens_after(entry, "hand", "air") == "warm dry"
    assert opens_after(entry, "shoulder", "electric") == "warm wet"  # none seen: the site's


def test_the_part_s_own_card_comes_before_the_hand_s_other_parts() -> None:
    anna = {"shoulder": "fire cold dry", "forearm": "fire warm dry", "hand": "steam"}
    state = to_round_two({1: anna}, site())
    state = manus.step(state, {"do": "skip", "hand": 2})
    state = manus.step(state, {"do": "skip", "hand": 3})
    entry = build_entry(state)
    assert opens_after(entry, "forearm", "fire") == "warm dry"
    assert opens_after(entry, "shoulder", "fire") == "cold dry"
    assert opens_after(entry, "hand", "fire") == "cold dry"  # the first part that has one


def test_another_hand_s_card_of_the_type_comes_before_the_site() -> None:
    """Vera has no biological card; Anna's (the same part's deck first, L152) is the guess."""
    anna = {"shoulder": "biological cold wet", "hand": "biological warm dry"}
    state = to_round_two({1: anna}, site())
    state = manus.step(state, {"do": "skip", "hand": 2})
    entry = build_entry(state)  # Vera's
    assert entry.base["hand"] == 3
    assert opens_after(entry, "hand", "biological") == "warm dry"
    assert opens_after(entry, "shoulder", "biological") == "cold wet"
    assert opens_after(entry, "forearm", "biological") == "cold wet"  # no forearm one


def test_next_after_the_type_takes_the_conditions_it_opened_at() -> None:
    """What the box's NEXT does with the entry: the shown conditions become the card's."""
    anna = {"shoulder": "fire cold dry", "forearm": "air warm dry", "hand": "earth cold wet"}
    state = to_round_two({1: anna}, site())
    state = manus.step(state, {"do": "skip", "hand": 2})
    state = manus.step(state, {"do": "skip", "hand": 3})
    entry = build_entry(state)
    entered, _ = entry.confirm((), "keep")  # shoulder: keep (its conditions not asked)
    entered, asked = entry.confirm(entered, "fire")  # forearm: fire
    assert asked is not None and entry.fields[asked].key == "elements.forearm.conditions"
    action = entry.action(entered)  # NEXT: the rest by default
    assert action["elements"] == {"forearm": {"type": "fire", "conditions": "cold dry"}}
    state = manus.step(state, {**action, "seat": 1})
    forearm = manus.view(state)["hands"][0]["elements"]["forearm"]
    assert forearm == {"type": "fire", "conditions": {"temperature": "cold", "humidity": "dry"}}
