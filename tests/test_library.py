"""The card library: summoning from the buttons asks a card's blanks once and remembers
them in the library file beside the journal; a broken library file loses no game."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from companion import cli
from companion.games.bestiary import SPEC
from companion.games.bestiary.cards import card_id, starting
from companion.library import Library, LibraryError, dump, parse, path_for
from tests.test_controls import Driver, close_apps, make_app

__all__ = ["close_apps"]


def at_summon(tmp_path: Path) -> Driver:
    d = make_app(tmp_path)
    d.app.apply({"do": "choose_castle", "castle": "forest_edge"})
    assert d.app.snapshot.prompt.kind == "summon"
    return d


def summon_first_card(d: Driver, values: dict[str, int]) -> dict[str, object]:
    """Select the first card offered and enter its blanks: class by presses down, numbers by
    presses up; returns the action the journal got."""
    prompt = d.app.snapshot.prompt
    for _ in range(len(prompt.choices)):
        d.tap("seat1.blue")
    d.tap("seat1.cyan")
    entry = prompt.entries[0]
    while d.app.ui.entering:
        field = entry.fields[len(d.app.ui.entered)]
        if field.kind == "text":  # an ability's name: none typed (down to the end mark)
            d.tap("seat1.blue")
        for _ in range(values.get(field.key.split(".")[-1], 0)):
            d.tap("seat1.red")
        d.tap("seat1.cyan")
    return dict(d.app.table.history()[-1])


def test_the_starting_library_is_the_roster_and_every_blank_is_asked(tmp_path: Path) -> None:
    d = at_summon(tmp_path)
    prompt = d.app.snapshot.prompt
    # Each card asks its blanks; the last line is "A new creature…" (the whole card).
    assert len(prompt.entries) == len(starting()) + 1 == 20 and prompt.choices == ()
    assert prompt.entries[-1].fields[0].kind == "text"
    keys = [f.key for f in prompt.entries[0].fields]
    assert keys[:2] == ["class", "vitality"]


def test_a_card_summoned_once_is_remembered_for_the_next_game(tmp_path: Path) -> None:
    d = at_summon(tmp_path)
    first = d.app.snapshot.prompt.entries[0]
    name = first.base["creature"]
    action = summon_first_card(d, {"class": 1, "vitality": 2, "prep": 2})  # ?, 1, 2
    assert action["creature"] == name and action["class"] == "agility"
    assert action["vitality"] == 7  # 5, up twice
    file = path_for(tmp_path / "j.sqlite", "bestiary")
    cards = parse(SPEC, str(file), file.read_text(encoding="utf-8"))
    card = next(c for c in cards if card_id(c) == card_id({"name": {"en": name}}))
    assert (card["class"], card["vitality"]) == ("agility", 7)
    assert all(a["prep"] == 2 for a in card["abilities"] if a["prep"] is not None)
    # A new game on this table: the card is complete now, a choice with no questions.
    other_file = path_for(tmp_path / "next" / "j.sqlite", "bestiary")
    other_file.parent.mkdir(parents=True, exist_ok=True)
    other_file.write_text(file.read_text(encoding="utf-8"), encoding="utf-8")
    other = make_app(tmp_path / "next")
    other.app.apply({"do": "choose_castle", "castle": "wasteland"})
    offered = other.app.snapshot.prompt
    complete = [c for c in offered.choices if c["creature"] == name]
    assert complete and complete[0]["class"] == "agility" and complete[0]["vitality"] == 7
    assert len(offered.entries) == 18 + 1  # the other cards' blanks, "A new creature…"


def test_a_broken_library_file_is_reported_kept_and_the_game_goes_on(tmp_path: Path) -> None:
    file = path_for(tmp_path / "j.sqlite", "bestiary")
    broken = "cards:\n  - name: {en: Saxum}\n    class: strenght\n    vitality: 99\n"
    file.write_text(broken, encoding="utf-8")
    d = at_summon(tmp_path)
    notes = d.app.snapshot.notices()
    said = [line for line in notes if str(file) in line]
    assert said and f"{file}:2: cards[0].abilities" in said[0] and "(and 2 more)" in said[0]
    problems = d.app.library().problems  # all three, for companion cards check
    assert any(
        f"{file}:3: cards[0].class" in p and "did you mean 'strength'" in p for p in problems
    )
    assert len(d.app.snapshot.prompt.entries) == 19 + 1  # the starting library meanwhile
    summon_first_card(d, {})
    assert d.app.snapshot.history[-1]["do"] == "summon"  # the game went on
    assert file.read_text(encoding="utf-8") == broken  # and the file is as the table left it


def test_every_problem_of_a_library_is_named_at_once(tmp_path: Path) -> None:
    text = (
        "cards:\n"
        "  - name: {en: Saxum}\n"
        "    class: strenght\n"
        "    abilities: []\n"
        "  - name: {en: Saxum}\n"
        "    vitality: 0\n"
        "    colour: red\n"
    )
    try:
        parse(SPEC, "cards.yaml", text)
    except LibraryError as error:
        problems = error.problems
    else:
        raise AssertionError("a broken library was read")
    assert [p.split(": ")[0] for p in problems] == [
        "cards.yaml:3",
        "cards.yaml:4",
        "cards.yaml:5",  # the same creature twice
        "cards.yaml:5",  # and no abilities (said at its card)
        "cards.yaml:6",
        "cards.yaml:7",
    ]
    assert "did you mean 'strength'" in problems[0]


def test_the_library_written_reads_back_the_same(tmp_path: Path) -> None:
    cards = starting()
    assert parse(SPEC, "x.yaml", dump(cards)) == cards
    assert yaml.safe_load(dump(cards))["cards"][0]["name"]["ru"]
    library = Library.open(SPEC, tmp_path / "cards.yaml")
    assert library.cards == cards and not library.problems


def test_companion_cards_exports_imports_and_refuses_a_bad_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = ["--journal", str(tmp_path / "j.sqlite")]
    assert cli.main(["cards", "check", *journal]) == 0
    assert cli.main(["cards", "export", *journal]) == 0
    exported = capsys.readouterr().out
    shared = tmp_path / "shared.yaml"
    shared.write_text(exported.replace("vitality: null", "vitality: 6", 1), encoding="utf-8")
    assert cli.main(["cards", "import", str(shared), *journal]) == 0
    file = path_for(tmp_path / "j.sqlite", "bestiary")
    taken = parse(SPEC, str(file), file.read_text(encoding="utf-8"))
    assert taken == parse(SPEC, str(shared), shared.read_text(encoding="utf-8"))
    assert taken[0]["vitality"] == 6 and taken != starting()
    capsys.readouterr()
    bad = tmp_path / "bad.yaml"
    bad.write_text(exported.replace("class: null", "class: strenght", 1), encoding="utf-8")
    assert cli.main(["cards", "import", str(bad), *journal]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:" in err and "cards[0].class" in err and "did you mean 'strength'" in err
    assert parse(SPEC, str(file), file.read_text(encoding="utf-8")) == taken  # untouched
