"""A field whose default follows an earlier field (``Field.default_by``): once a card is
chosen, its strength opens at the card's value; NEXT, the planner and the phones' form take
that value, and a value the mapping does not name keeps the field's own default."""

from __future__ import annotations

from types import SimpleNamespace
from typing import cast

from companion import planner
from companion.rules.base import Entry, Field, Prompt
from companion.snapshot import Snapshot
from companion.web.hub import _field

CARDS: dict[str | int, str | int] = {"saxum": 3, "fidea": 5}
FLAGS: dict[str | int, str | int] = {"saxum": "war"}


def summon() -> Entry:
    return Entry(
        {"do": "summon"},
        (
            Field("creature", "choice", "label.creature", options=("new", "saxum", "fidea")),
            Field(
                "strength",
                "int",
                "label.strength",
                low=0,
                high=9,
                default=1,
                default_by=("creature", CARDS),
            ),
            Field(
                "flag",
                "choice",
                "label.flag",
                options=("peace", "war"),
                default_by=("creature", FLAGS),
            ),
        ),
        "entry.summon",
    )


def test_a_chosen_card_gives_the_defaults_of_the_fields_after_it() -> None:
    entry = summon()
    assert entry.values(["saxum"]) == ("saxum", 3, "war")
    assert entry.values(["fidea"]) == ("fidea", 5, "peace")  # no flag mapped: its own
    assert entry.values(["new"]) == ("new", 1, "peace")
    assert entry.values([]) == ("new", 1, "peace")  # the first option, not mapped
    # NEXT after the creature: the action holds the card's values.
    assert entry.action(["saxum"]) == {
        "do": "summon",
        "creature": "saxum",
        "strength": 3,
        "flag": "war",
    }


def test_the_field_opens_at_the_followed_default_and_a_changed_value_stays() -> None:
    entry = summon()
    assert entry.opening(1, ("fidea",)) == 5
    assert entry.opening(2, ("saxum", 3)) == "war"
    assert entry.opening(1, ("new",)) == 1
    # A value the player changed is the player's, whatever the card says.
    assert entry.values(["saxum", 7]) == ("saxum", 7, "war")


def test_a_mapped_value_the_field_cannot_hold_keeps_its_own_default() -> None:
    entry = Entry(
        {"do": "x"},
        (
            Field("a", "choice", "l", options=("p", "q")),
            Field("b", "choice", "l", options=("u", "v"), default_by=("a", {"q": "w"})),
        ),
        "entry.x",
    )
    assert entry.values(["q"]) == ("q", "u")


def test_the_planner_presses_next_once_the_card_gives_the_rest() -> None:
    entry = summon()
    snap = cast(Snapshot, SimpleNamespace(prompt=Prompt(1, "turn", "k", entries=(entry,))))
    wanted = {"do": "summon", "creature": "fidea", "strength": 5}
    values = planner._values(entry, wanted)
    assert values == ["fidea", 5, "peace"]
    filled = planner._fill(snap, entry, values)
    assert isinstance(filled, planner.Plan)
    # Round the list to Fidea, then NEXT: her strength and flag are the card's.
    assert filled.words == ("seat1.blue", "next")
    # Another strength than the card's: select, up from the card's 5, then NEXT.
    other = planner._fill(snap, entry, ["fidea", 6, "peace"])
    assert isinstance(other, planner.Plan)
    assert other.words == ("seat1.blue", "seat1.cyan", "seat1.red", "next")


def test_the_phones_form_and_the_prompt_json_carry_the_mapping() -> None:
    entry = summon()
    form = _field(entry.fields[1], "en")
    assert form["default_by"] == ["creature", [["saxum", 3], ["fidea", 5]]]
    assert _field(entry.fields[0], "en")["default_by"] is None
    shown = Prompt(1, "turn", "k", entries=(entry,)).to_json()
    fields = shown["entries"][0]["fields"]  # type: ignore[index]
    assert fields[1]["default_by"] == ["creature", [["saxum", 3], ["fidea", 5]]]


def test_a_field_that_only_opens_at_the_followed_value_is_not_moved_unseen() -> None:
    """A Four-path pair: the second creature opens at the tower the first was just put at,
    but NEXT on the first leaves the second where it stood (never moved unseen)."""
    towers: dict[str | int, str | int] = {"none": "none", "tower_1": "tower_1"}
    entry = Entry(
        {"do": "siege"},
        (
            Field("areas.a", "choice", "l", options=("none", "tower_1"), omit=("none",)),
            Field(
                "areas.b",
                "choice",
                "l",
                options=("none", "tower_1"),
                omit=("none",),
                default_by=("areas.a", towers),
                follows_unseen=False,
            ),
        ),
        "entry.siege",
    )
    assert entry.opening(1, ("tower_1",)) == "tower_1"  # shown: where the first went
    assert entry.values(["tower_1"]) == ("tower_1", "none")  # NEXT: where it stood
    assert entry.action(["tower_1"]) == {"do": "siege", "areas": {"a": "tower_1"}}


def test_a_number_mapped_out_of_range_keeps_the_fields_own_default() -> None:
    entry = Entry(
        {"do": "x"},
        (
            Field("card", "choice", "l", options=("p", "q")),
            Field("n", "int", "l", low=1, high=6, default=3, default_by=("card", {"q": 9})),
        ),
        "entry.x",
    )
    assert entry.values(["q"]) == ("q", 3)
    assert entry.opening(1, ("q",)) == 3
