"""The planner (companion/planner.py) on its own: a name typed letter by letter as the box
turns and cases its letters, a value the entry lacks never taken as its default, a list of
one for one value; ``companion presses`` names what it cannot press and goes on."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pytest

from companion import cli, planner, presses
from companion.planner import BACK, DOWN, SELECT, UP, Plan, _fill, _fit, _values
from companion.rules.base import END, Action, Entry, Field
from companion.snapshot import Snapshot

SNAP = cast(Snapshot, SimpleNamespace(prompt=SimpleNamespace(seat=1)))
NAME = Field("name", "text", "field.name", low=1, high=16)
KIND = Field("kind", "choice", "field.kind", options=("fire", "water", "earth"))
COUNT = Field("count", "int", "field.count", low=0, high=9)


def typed(entry: Entry, words: tuple[str, ...]) -> Action:
    """What the entry plays after ``words``, entered as controls/entry.py enters them."""
    colours = {f"seat1.{c}": c for c in (UP, DOWN, SELECT, BACK)}
    entered: tuple[str | int, ...] = ()
    value = entry.fields[0].start
    for word in words:
        item = entry.fields[len(entered)]
        colour = colours[word] if word != "next" else "next"
        if colour == "next":
            return entry.action((*entered, item.result(value)))
        if colour in (UP, DOWN):
            value = item.step(value, 1 if colour == UP else -1)
        elif colour == BACK:
            erased = item.erase(value)
            assert erased is not None, "back left the field"
            value = erased
        else:
            if item.kind == "text":
                letter = item.type_letter(value)
                if letter is not None:
                    value = letter
                    continue
            entered, following = entry.confirm(entered, item.result(value))
            if following is None:
                return entry.action(entered)
            value = entry.fields[following].start
    raise AssertionError(f"{words} did not finish the entry")


def planned(entry: Entry, action: Action) -> Plan:
    values = _fit(entry, action)
    assert not isinstance(values, str), values
    result = _fill(SNAP, entry, values)
    assert not isinstance(result, str), result
    return result


@pytest.mark.parametrize("name", ["Lantern", "Ab", "Zz", "Кот", "A", "Lamp ", "Ёж"])
def test_a_name_is_typed_letter_by_letter_and_ended(name: str) -> None:
    entry = Entry({"do": "artifact"}, (NAME, COUNT), "entry.artifact")
    plan = planned(entry, {"do": "artifact", "name": name, "count": 3})
    assert typed(entry, plan.words) == {"do": "artifact", "name": name, "count": 3}
    # Every press but the count's three and its select, and the name's own select, is a
    # letter's (a measure of the buttons leaves a name out).
    assert plan.counted == 1 + 3 + 1 or plan.words[-1] == "next"


def test_a_default_name_is_kept_or_changed_from_where_it_differs() -> None:
    named = Field("name", "text", "field.name", low=0, high=16, default="Lamp")
    entry = Entry({"do": "artifact"}, (named, COUNT), "entry.artifact")
    assert named.start == "Lamp" + END
    kept = planned(entry, {"do": "artifact", "name": "Lamp", "count": 1})
    assert typed(entry, kept.words)["name"] == "Lamp" and kept.typing == 0
    changed = planned(entry, {"do": "artifact", "name": "Lark", "count": 1})
    assert f"seat1.{BACK}" in changed.words
    assert typed(entry, changed.words) == {"do": "artifact", "name": "Lark", "count": 1}


def test_a_name_the_box_cannot_case_is_no_plan_with_the_reason() -> None:
    """The box cases the letters itself (rules/base.py ``_cased``: a capital first, then
    small letters, or a capital for every word): of "Stone skin" and "Old Oak" one cannot
    be typed, and the planner says so rather than typing another name."""
    entry = Entry({"do": "summon"}, (NAME,), "entry.summon")
    untypable = []
    for name in ("Stone skin", "Old Oak"):
        values = _fit(entry, {"do": "summon", "name": name})
        assert values == [name]
        result = _fill(SNAP, entry, values)
        if isinstance(result, str):
            assert f"cannot type the name '{name}'" in result
            untypable.append(name)
        else:
            assert typed(entry, result.words) == {"do": "summon", "name": name}
    assert len(untypable) == 1
    assert "the buttons have no #" in str(_fit(entry, {"do": "summon", "name": "Manus #2"}))


def test_a_value_the_field_lacks_is_never_taken_as_its_default() -> None:
    entry = Entry({"do": "cast"}, (KIND, COUNT), "entry.cast")
    assert _values(entry, {"do": "cast", "kind": "poison"}) is None
    assert "has no option 'poison'" in str(_fit(entry, {"do": "cast", "kind": "poison"}))
    assert "from 0 to 9, not 12" in str(_fit(entry, {"do": "cast", "count": 12}, nearest=False))
    # A number beyond the range is tried at its nearest end (kept only when the game is
    # then in the same state: an X preparation of 9 counts as 6, RULES.md §1).
    assert _values(entry, {"do": "cast", "count": 12}) == ["fire", 9]
    assert _values(entry, {"do": "cast", "count": -3}) == ["fire", 0]
    assert _values(entry, {"do": "cast", "count": True}) is None  # a flag is no number
    # Left out: the default; a list of one: its value; a phrase: the option it names.
    assert _values(entry, {"do": "cast"}) == ["fire", 0]
    assert _values(entry, {"do": "cast", "kind": ["water"], "count": [4]}) == ["water", 4]
    assert _values(entry, {"do": "cast", "kind": ["water", "fire"]}) is None
    nested = Field("parts.hand.kind", "choice", "field.kind", options=("fire", "water"))
    deep = Entry({"do": "build"}, (nested,), "entry.build")
    assert _values(deep, {"do": "build", "parts": {"hand": "water warm"}}) == ["water"]
    assert _values(deep, {"do": "build", "parts": {"hand": "earth"}}) == ["fire"]


def test_a_hex_written_as_one_word_gives_its_column_and_its_row() -> None:
    """A Barrier's hex is entered as a column, then a row; a script writes ``hex: C3``."""
    column = Field("hex.column", "choice", "field.hex_column", options=tuple("ABCDEFGH"))
    row = Field("hex.row", "int", "field.hex_row", low=1, high=9, default=1)
    entry = Entry({"do": "support", "hex": {}}, (column, row), "entry.barrier")
    assert _values(entry, {"do": "support", "hex": "C3"}) == ["C", 3]
    assert _values(entry, {"do": "support", "hex": {"column": "E", "row": 2}}) == ["E", 2]
    assert "is one number" in str(_fit(entry, {"do": "support", "hex": "C3 4"}))
    plan = planned(entry, {"do": "support", "hex": "C3"})
    assert typed(entry, plan.words) == {"do": "support", "hex": {"column": "C", "row": 3}}


def test_a_thing_left_out_of_its_place_s_list_leaves_it() -> None:
    """``areas: {tower_2: [fidea]}`` says who stands at tower 2 now: a creature that stood
    there and is not listed has left it (for no tower: the towers not listed keep theirs);
    one that stood at a tower not listed stays."""

    def where(stood: str) -> Field:
        towers = ("none", "tower_1", "tower_2")
        return Field("areas.malleus", "choice", "field.stands", options=towers, default=stood)

    def siege(stood: str) -> Entry:
        return Entry({"do": "siege", "areas": {}}, (replace(where(stood), omit=(stood,)),), "e")

    areas = {"do": "siege", "areas": {"tower_2": ["fidea"]}}
    assert _values(siege("tower_2"), areas) == ["none"]
    assert _values(siege("tower_1"), areas) == ["tower_1"]  # stays where it stood
    assert _values(siege("none"), areas) == ["none"]
    listed = {"do": "siege", "areas": {"tower_1": ["fidea", "malleus"]}}
    assert _values(siege("tower_2"), listed) == ["tower_1"]


def test_yaml_yes_and_no_choose_the_options_yes_and_no() -> None:
    flag = Field("psychic", "choice", "field.psychic", options=("no", "yes"))
    entry = Entry({"do": "battle"}, (flag,), "entry.battle")
    assert _values(entry, {"do": "battle", "psychic": True}) == ["yes"]
    assert _values(entry, {"do": "battle", "psychic": False}) == ["no"]


TWO = "game: manus\nsetup: {players: [A, B]}\nactions:\n"


def test_presses_names_each_action_it_cannot_press_and_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An action no presses play is said with its line and reason, played directly, and
    the rest is still planned; the exit status says the press script is incomplete."""
    script = tmp_path / "two.yaml"
    script.write_text(
        TWO + "  - {do: place_site, temperature: warm, humidity: wet}\n"
        "  - {do: choose_discovery, discovery: fire}\n",
        encoding="utf-8",
    )
    real = planner.plan

    def no_site(snap: Snapshot, action: Action, *, holds: bool = False) -> Plan:
        if action.get("do") == "place_site":
            raise planner.NoPlan("the site is not on the buttons today")
        return real(snap, action, holds=holds)

    monkeypatch.setattr(presses, "plan", no_site)
    assert cli.main(["presses", str(script)]) == 2
    out, err = capsys.readouterr()
    assert f"{script}:4: action 1 (place_site): no presses play it: the site is not" in err
    assert "1 of 2 actions cannot be pressed" in err and "Traceback" not in err
    assert "  # action 1 (line 4) not pressed" in out
    assert "# choose_discovery discovery fire" in out  # the action after it was planned


def test_an_action_the_rules_refuse_stops_presses_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "bad.yaml"
    script.write_text(TWO + "  - {do: choose_discovery, discovery: fire}\n", encoding="utf-8")
    assert cli.main(["presses", str(script)]) == 2
    err = capsys.readouterr().err
    assert f"{script}:4: action 1 (choose_discovery): no presses play it:" in err


def test_a_run_of_three_or_more_is_held_where_the_controls_repeat() -> None:
    timing = planner.repeats()
    words = ["seat1.blue"] * 5 + ["seat1.cyan", "seat1.red", "seat1.red", "seat1.cyan"]
    held = planner._held(words)
    if timing is None:  # the controls do not repeat a held button: taps stay taps
        assert held == tuple(words)
        return
    assert held == (f"hold seat1.blue {timing.hold_for(5)}", *words[5:])
    name = Entry({"do": "artifact"}, (NAME,), "entry.artifact")
    plan = _fill(SNAP, name, ["Zz"], holds=True)
    assert not isinstance(plan, str) and any(w.startswith("hold ") for w in plan.words)
    assert plan.typing == len(plan.words) - 1  # the held letters still count as the name's


def test_a_name_the_list_lacks_opens_another_name_and_is_typed() -> None:
    """A list of names ending "another name…", and a name field of the same key asked
    only after it: a listed name is chosen, another is typed."""
    other = "…"
    listed = Field("object", "choice", "field.object", options=("Mule", "Horse", other))
    typed_name = Field("object", "text", "field.name", low=1, high=12, only_if=("object", (other,)))
    entry = Entry({"do": "carry"}, (listed, typed_name), "entry.carry")
    assert _values(entry, {"do": "carry", "object": "Horse"}) == ["Horse", ""]
    assert _values(entry, {"do": "carry", "object": "Rope"}) == [other, "Rope"]
    plan = planned(entry, {"do": "carry", "object": "Rope"})
    assert typed(entry, plan.words) == {"do": "carry", "object": "Rope"}
    assert "has no option" in str(_fit(entry, {"do": "carry", "object": "Rope #2"}))


def test_a_hand_s_strength_is_pressed_on_its_own_seat_s_buttons() -> None:
    """A Manus hand's strength is its owner's to enter, in any order: the planner presses
    it on that seat's buttons, whose up and down go over that seat's own lines."""
    from companion.presses import PressRunner  # noqa: PLC0415 (gpiozero)
    from companion.script import load, parse_press  # noqa: PLC0415

    script = load(Path(__file__).resolve().parent.parent / "docs/examples/manus_two_players.yaml")
    runner = PressRunner(script, ":memory:", "en", lambda line: None)
    try:
        for item in script.actions:
            snap = runner.app.snapshot
            seats = {e.base.get("seat") for e in snap.prompt.entries}
            if snap.prompt.kind == "set_strength" and len(seats) > 1:
                break
            runner.app.apply(dict(item.action))
        else:
            pytest.fail("no tests phase with two seats' hands in this example")
        other = next(e for e in snap.prompt.entries if e.base.get("seat") != snap.prompt.seat)
        action = other.action([other.fields[0].first])
        words = planner.presses_for(snap, action)
        assert all(w.startswith(f"seat{other.base['seat']}.") or w == "next" for w in words)
        head = runner.app.table.head
        for number, word in enumerate(words, 1):
            runner.step(parse_press(word, number, 0))
        assert runner.app.table.head == head + 1
        assert runner.app.table.state == snap.spec.rules.step(snap.state, dict(action))
    finally:
        runner.close()
