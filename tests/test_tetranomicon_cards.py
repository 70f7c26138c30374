"""Tetranomicon's card library (companion/games/tetranomicon/cards.py): a creature's
strength and flag are on its card (RULES-EXPANSIONS.md §2.5), so a table enters them once;
the next game's summon offers the creature by name and opens at its card's values, and the
journal keeps the whole action (a replay never reads the library)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from companion import cli
from companion.config import GameSettings, load
from companion.games.tetranomicon import SPEC, engine, present
from companion.games.tetranomicon.cards import KIT, learn, offer
from companion.games.tetranomicon.catalogue import WORDS
from companion.games.tetranomicon.state import EDITION, State
from companion.library import Library, dump, parse, path_for, played_cards
from companion.presses import with_seat_pads
from companion.rules.base import Entry, Prompt
from tests.conftest import EXAMPLES
from tests.test_controls import OPEN, Driver, make_app
from tests.test_tetranomicon_buttons import _open, _spelt, _tap

PLAYERS = ["Anna", "Boris"]
START = ({"do": "epoch_card", "type": "buildings"}, {"do": "relation", "state": "peace"})
GOETIUS = {
    "do": "summon",
    "creature": "Goetius",
    "strength": 2,
    "flag": "peace",
    "ability": "goetius",
}


def _box(folder: Path) -> Driver:
    setup = {"players": PLAYERS}
    config = with_seat_pads(replace(load(None), game=GameSettings("tetranomicon", setup)), setup)
    d = make_app(folder, config=config)
    for action in START:
        d.app.apply(action)
    return d


def _state(*actions: dict[str, Any]) -> State:
    state = engine.start({"players": PLAYERS, "edition": EDITION})
    for action in (*START, *actions):
        state = engine.step(state, action)
    return state


def _summon(prompt: Prompt) -> Entry:
    """The summon entry (with a library: the one offering its creatures)."""
    return next(e for e in prompt.entries if e.key == WORDS.key("entry.summon"))


def _open_summon(d: Driver) -> None:
    """Down the list from the likely build to the summon entry, and select it."""
    prompt = d.app.snapshot.prompt
    index = len(prompt.choices) + [e.key for e in prompt.entries].index(WORDS.key("entry.summon"))
    _tap(d, *["seat1.blue"] * index, "seat1.cyan")


def _offered(state: State, cards: tuple[dict[str, Any], ...]) -> Entry:
    return _summon(offer(present.prompt(state), present.view(state), cards))


def _file(folder: Path) -> Path:
    return path_for(folder / "j.sqlite", "tetranomicon")


def test_a_creature_summoned_once_is_offered_by_name_at_its_cards_values(tmp_path: Path) -> None:
    d = _box(tmp_path)
    plain = _summon(d.app.snapshot.prompt)
    assert [f.key for f in plain.fields][:2] == ["ability", "creature"]  # no card: as it was
    _open(d, "summon")
    # no ability (select), the name, strength 1 up to 3, peace down to war, NEXT
    _tap(d, "seat1.cyan", *_spelt("Saxum"), "seat1.red", "seat1.red", "seat1.cyan")
    _tap(d, "seat1.red", "next")
    cards = parse(SPEC, "f", _file(tmp_path).read_text(encoding="utf-8"))
    assert cards == ({"name": "Saxum", "strength": 3, "flag": "war"},)
    d.app.apply(GOETIUS)  # Boris's Goetius: learned too, his name said in Russian as well
    cards = parse(SPEC, "f", _file(tmp_path).read_text(encoding="utf-8"))
    goetius = {"name": {"en": "Goetius", "ru": "Гоэций"}, "strength": 2, "flag": "peace"}
    assert cards[1] == {**goetius, "ability": "goetius"}

    # The next game on this table: both offered first, by name; Goetius is the card of his
    # ability (not a second option), and another creature is one press up.
    later = tmp_path / "next"
    later.mkdir()
    _file(later).write_text(_file(tmp_path).read_text(encoding="utf-8"), encoding="utf-8")
    e = _box(later)
    summon = _summon(e.app.snapshot.prompt)
    creature = summon.fields[0]
    assert creature.key == "creature" and creature.options[:2] == ("Goetius", "Saxum")
    assert "goetius" not in creature.options and creature.options[-1] == "none"
    assert creature.say("Goetius", "ru") == "Гоэций 2 ☮"  # what NEXT plays is shown
    _open_summon(e)
    _tap(e, "seat1.red", "seat1.cyan")  # Saxum
    assert (e.app.ui.value, e.app.ui.entered) == (3, ("Saxum",))  # the card's strength
    _tap(e, "seat1.cyan")
    assert e.app.ui.value == "war"  # and its flag
    _tap(e, "next")
    played = e.app.table.history()[-1]
    assert {k: v for k, v in played.items() if k != "seat"} == {
        "do": "summon",
        "creature": "Saxum",
        "strength": 3,
        "flag": "war",
        "discount": 0,
        "ability": "none",
    }
    # The journal alone replays it: the same creature without any library.
    replayed = engine.step(_state(), {k: v for k, v in played.items() if k != "seat"})
    box = e.app.table.state
    assert isinstance(box, State) and replayed.faction(1).army[0] == box.faction(1).army[0]
    assert box.faction(1).army[0].war


def test_a_known_creature_is_the_entry_its_name_and_next() -> None:
    state = _state()
    goetius = {k: v for k, v in GOETIUS.items() if k not in ("do", "creature")}
    cards = ({"name": "Cornibus", "strength": 2, "flag": "war"}, {**goetius, "name": "Goetius"})
    summon = _offered(state, cards)
    for name, strength, flag, ability in (
        ("Goetius", 2, "peace", "goetius"),
        ("Cornibus", 2, "war", "none"),
    ):
        # NEXT on the name takes every value after it from the card
        action = summon.action((name,))
        assert action == {
            "do": "summon",
            "creature": name,
            "strength": strength,
            "flag": flag,
            "discount": 0,
            "ability": ability,
        }
        assert engine.step(state, action).faction(1).army[0].ability == ability
    # An ability no card is known for plays as without a library: named after it.
    assert summon.action(("vinctum", 4, "war")) == {
        "do": "summon",
        "strength": 4,
        "flag": "war",
        "discount": 0,
        "ability": "vinctum",
    }
    assert summon.opening(1, ("vinctum",)) == state.epoch  # no card: the epoch's number


def test_a_new_creature_is_still_named_on_the_buttons_where_the_artifact_was() -> None:
    state = _state()
    plain = present.prompt(state)
    card = {"name": "Goetius", "strength": 2, "flag": "peace", "ability": "goetius"}
    offered = offer(plain, present.view(state), (card,))
    keys = [e.key for e in offered.entries]
    # the cursor's distances kept: the summon two up, the artifact three, the new one four
    assert [e.key for e in plain.entries][-3:] == keys[-3:]
    assert (
        keys.index(WORDS.key("entry.new_creature")) == keys.index(WORDS.key("entry.artifact")) - 1
    )
    new = offered.entries[keys.index(WORDS.key("entry.new_creature"))]
    ability = new.fields[0]
    assert "goetius" not in ability.options and "none" in ability.options  # not a second Goetius
    assert new.action(("none", "Armus", 3, "war")) == {
        "do": "summon",
        "ability": "none",
        "creature": "Armus",
        "strength": 3,
        "flag": "war",
        "discount": 0,
    }


def test_a_creature_in_an_army_is_not_offered_and_no_card_leaves_the_entry_as_it_is() -> None:
    state = _state(GOETIUS)
    plain = _summon(present.prompt(state))
    card = {"name": "Goetius", "strength": 2, "flag": "peace", "ability": "goetius"}
    assert _offered(state, ()) == plain
    assert _offered(state, (card,)) == plain  # Goetius serves Anna: Boris may not summon him
    fresh = _state()
    assert _offered(fresh, (card,)) != _summon(present.prompt(fresh))
    saxum = _state({"do": "summon", "creature": "Saxum", "strength": 3, "flag": "war"})
    assert _offered(saxum, ({"name": "saxum", "strength": 3, "flag": "war"},)) == _summon(
        present.prompt(saxum)
    )


def test_a_summon_corrects_its_card_and_keeps_its_russian_name() -> None:
    card = {"name": {"en": "Goetius", "ru": "Гоэций"}, "strength": 2, "flag": "peace"}
    card["ability"] = "goetius"
    stronger = learn({**GOETIUS, "strength": 3}, (card,))
    assert stronger == ({**card, "strength": 3},)
    assert learn(GOETIUS, (card,)) is None  # as the card says: nothing learned
    # One creature per ability: another name for Goetius replaces the card.
    renamed = learn({**GOETIUS, "creature": "Гоэций Древний"}, (card,))
    assert renamed is not None and [c["name"] for c in renamed] == ["Гоэций Древний"]
    # An unnamed creature of no ability: nothing to know it by.
    assert learn({"do": "summon", "strength": 1, "flag": "war"}, (card,)) is None
    assert learn({"do": "build", "type": "farm", "castle": 1}, (card,)) is None


def test_a_russian_name_is_offered_shown_and_edited_in_russian() -> None:
    dragon = {"name": {"en": "Dragon", "ru": "Дракон"}, "strength": 5, "flag": "war"}
    creature = _offered(_state(), (dragon,)).fields[0]
    assert creature.say("Dragon", "ru") == "Дракон 5 ⚔"
    assert creature.say("Dragon", "en") == "Dragon 5 ⚔"
    assert KIT.face is not None and KIT.editor is not None and KIT.edited is not None
    face = KIT.face(dragon, "ru")
    assert face.name == "Дракон" and ("Сила", "5") in face.stats
    editor = KIT.editor(dragon, "ru")
    assert editor.fields[0].key == "name.ru" and editor.fields[0].first == "Дракон"
    card = KIT.edited(editor.action(("Змей", 6)))
    assert card == {"name": {"en": "Dragon", "ru": "Змей"}, "strength": 6, "flag": "war"}
    assert KIT.check([card]) == []
    # a name typed on the box in Russian is a card's name as it is
    typed = learn({"do": "summon", "creature": "Змей", "strength": 4, "flag": "peace"}, ())
    assert typed == ({"name": "Змей", "strength": 4, "flag": "peace"},)
    assert "Змей" in dump(typed)


def test_every_problem_of_a_library_is_named() -> None:
    problems = KIT.check(
        [
            {"name": "Saxum", "strength": 12, "flag": "wra"},
            {"name": "saxum", "strength": 1, "flag": "war"},
            {"name": "Goetius", "strength": 1, "flag": "war", "ability": "goetius", "cost": 1},
            {"name": "Другой", "strength": 1, "flag": "war", "ability": "goetius"},
            {"name": "", "ability": "flying"},
        ]
    )
    said = {(path, why.split(",")[0]) for path, why in problems}
    assert ((0, "strength"), "a whole number from 0 to 9") in said
    assert any(p == (0, "flag") and "did you mean 'war'" in w for p, w in problems)
    assert ((1, "name"), "the same creature as card 1") in said
    assert any(p == (2, "cost") for p, _ in problems)
    assert ((3, "name"), "the same creature as card 3") in said
    assert any(p == (4, "name") for p, _ in problems)
    assert any(p == (4, "ability") for p, _ in problems)
    assert KIT.check([{"name": "Saxum", "strength": None, "flag": None}]) == []


def test_companion_cards_checks_exports_and_imports_tetranomicon_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--game", "tetranomicon", "--journal", str(tmp_path / "j.sqlite")]
    assert cli.main(["cards", "check", *args]) == 0
    assert "0 cards" in capsys.readouterr().out
    script = EXAMPLES / "tetranomicon_two_players.yaml"
    assert cli.main(["cards", "import", str(script), *args]) == 0
    capsys.readouterr()
    cards = Library.open(SPEC, _file(tmp_path)).cards
    names = {c["name"]["en"] if isinstance(c["name"], dict) else c["name"] for c in cards}
    assert {"Goetius", "Saxum"} <= names and len(cards) == len(names)
    assert cli.main(["cards", "export", *args]) == 0
    exported = capsys.readouterr().out
    assert "ru: Гоэций" in exported
    shared = tmp_path / "shared.yaml"
    shared.write_text(exported.replace("strength: 2", "strength: 7", 1), encoding="utf-8")
    assert cli.main(["cards", "import", str(shared), *args]) == 0
    taken = parse(SPEC, "f", _file(tmp_path).read_text(encoding="utf-8"))
    assert taken == parse(SPEC, "f", shared.read_text(encoding="utf-8")) != cards
    capsys.readouterr()
    bad = tmp_path / "bad.yaml"
    bad.write_text(exported.replace("flag: war", "flag: wra", 1), encoding="utf-8")
    assert cli.main(["cards", "import", str(bad), *args]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:" in err and ".flag" in err and "did you mean 'war'" in err
    assert parse(SPEC, "f", _file(tmp_path).read_text(encoding="utf-8")) == taken


def test_the_scripts_summons_fill_the_library_with_every_creature_once() -> None:
    script = EXAMPLES / "tetranomicon_four_diplomacy.yaml"
    from companion.script import load as load_script  # noqa: PLC0415

    played = [item.action for item in load_script(script).actions]
    cards = played_cards(SPEC, played, KIT.starting())
    summons = [a for a in played if a.get("do") == "summon"]
    assert len(cards) == len(summons) and KIT.check(list(cards)) == []


@pytest.fixture(autouse=True)
def _close_apps() -> Any:
    yield
    while OPEN:
        OPEN.pop().close()


def test_a_card_edited_in_the_menu_is_what_the_next_summon_opens_at(tmp_path: Path) -> None:
    from tests.test_card_library_view import open_cards  # noqa: PLC0415

    d = _box(tmp_path)
    d.app.apply({"do": "build", "type": "farm", "castle": 1})
    d.app.apply(GOETIUS)  # Boris's: the library learns Goetius, strength 2
    open_cards(d)
    assert d.app.ui.mode == "cards" and d.app.snapshot.card_shown is not None
    d.tap("seat1.cyan")  # edit: the name as it is, then the strength
    d.tap("seat1.cyan")
    assert d.app.ui.value == 2
    d.tap("seat1.red")
    d.tap("next")
    assert d.app.ui.mode == "cards"
    saved = parse(SPEC, "f", _file(tmp_path).read_text(encoding="utf-8"))
    assert saved == (
        {
            "name": {"en": "Goetius", "ru": "Гоэций"},
            "strength": 3,
            "flag": "peace",
            "ability": "goetius",
        },
    )
    # the phones' table page lists it and a new card's form
    from companion.web.cards import library_page  # noqa: PLC0415

    page = library_page(SPEC, saved, "ru")
    assert page["faces"][0]["name"] == "Гоэций" and page["new"] is not None
    assert ["Сила", "3"] in page["faces"][0]["stats"]
    # a new game on this table: Goetius opens at 3
    later = tmp_path / "next"
    later.mkdir()
    _file(later).write_text(_file(tmp_path).read_text(encoding="utf-8"), encoding="utf-8")
    e = _box(later)
    summon = _summon(e.app.snapshot.prompt)
    assert summon.fields[0].first == "Goetius" and summon.opening(1, ("Goetius",)) == 3
