"""The card library on the box: "Cards" in the menu shows the table's cards one at a time,
large; any seat browses them and edits a card field by field, and the library file is
rewritten whole (atomically). A game without cards says so; a broken file loses nothing."""

from __future__ import annotations

from pathlib import Path

from companion.controls import menu_items
from companion.games.bestiary import SPEC
from companion.games.bestiary.cards import card_id
from companion.library import parse, path_for
from companion.table import NewGame
from tests.test_controls import Driver, close_apps, cues, key_said, make_app

__all__ = ["close_apps"]


def open_cards(d: Driver) -> None:
    d.hold("menu", 3.0)
    assert d.app.ui.menu_open
    lines = [item.key for item in menu_items()]
    for _ in range(lines.index("ui.menu.cards")):
        d.tap("seat2.blue")
    d.tap("seat2.cyan")


def saxum_at(d: Driver) -> int:
    return next(i for i, card in enumerate(d.app.snapshot.cards) if card_id(card) == "saxum")


def library_file(tmp_path: Path) -> Path:
    return path_for(tmp_path / "j.sqlite", "bestiary")


def test_cards_opens_the_library_and_up_and_down_browse_it(tmp_path: Path) -> None:
    d = make_app(tmp_path)
    open_cards(d)
    snap = d.app.snapshot
    assert snap.ui.mode == "cards" and snap.card_shown == snap.cards[0]
    d.tap("seat1.red")  # up from the first: round to the last
    assert d.app.snapshot.card_shown == snap.cards[-1]
    d.tap("seat2.blue")
    d.tap("seat2.blue")
    assert d.app.snapshot.card_shown == snap.cards[1]
    d.tap("seat1.yellow")  # back: the game again, untouched
    assert d.app.ui.modes == () and d.app.table.head == 0


def test_a_card_edited_on_the_box_is_written_to_the_library_file(tmp_path: Path) -> None:
    d = make_app(tmp_path)
    open_cards(d)
    for _ in range(saxum_at(d)):
        d.tap("seat1.blue")
    d.tap("seat1.cyan")  # edit: the name first, kept as it is
    assert d.app.ui.entering and d.app.snapshot.entry_under_way is not None
    d.tap("seat1.cyan")  # the name, as it is (its end mark shown)
    d.tap("seat1.red")  # class: ? -> strength
    d.tap("seat1.cyan")
    for _ in range(7):  # vitality: ? -> 7
        d.tap("seat1.red")
    d.tap("next")  # NEXT: the rest as they are
    assert not d.app.ui.entering and d.app.ui.mode == "cards"
    assert key_said(d) == "ui.cards.kept" and "no" not in cues(d)
    file = library_file(tmp_path)
    saved = parse(SPEC, str(file), file.read_text(encoding="utf-8"))
    saxum = next(card for card in saved if card_id(card) == "saxum")
    assert (saxum["class"], saxum["vitality"], saxum["attack"]) == ("strength", 7, None)
    assert saxum["name"] == {"en": "Saxum", "ru": "Саксум"}
    assert [p.name for p in file.parent.iterdir() if p.name.startswith(".")] == []
    # The summon asks Saxum's blanks no more: class and vitality come from the card.
    d.tap("seat1.yellow")
    d.app.apply({"do": "choose_castle", "castle": "forest_edge"})
    entry = next(e for e in d.app.snapshot.prompt.entries if e.base.get("creature") == "Saxum")
    assert entry.base["class"] == "strength" and entry.base["vitality"] == 7
    assert [f.key for f in entry.fields if f.key in ("class", "vitality")] == []


def test_a_name_edited_keeps_the_other_language(tmp_path: Path) -> None:
    d = make_app(tmp_path)
    open_cards(d)
    d.tap("seat1.cyan")  # the first card: its English name
    name = str(d.app.ui.value)[:-1]
    d.tap("seat1.yellow")  # erase the last letter
    d.tap("seat1.yellow")
    d.tap("seat1.blue")  # the letter before the erased one, down: then the end mark
    d.tap("next")
    file = library_file(tmp_path)
    card = parse(SPEC, str(file), file.read_text(encoding="utf-8"))[0]
    assert card["name"]["en"] != name and card["name"]["en"].startswith(name[:-2])
    assert card["name"]["ru"] == d.app.snapshot.cards[0]["name"]["ru"] != ""


def test_a_game_without_cards_says_so(tmp_path: Path) -> None:
    d = make_app(tmp_path)
    d.app.execute(NewGame("manus", {}))
    open_cards(d)
    assert cues(d)[-1] == "no" and key_said(d) == "ui.cards.none"
    assert "cards" not in d.app.ui.modes


def test_a_broken_library_file_keeps_the_game_and_says_so_in_the_view(tmp_path: Path) -> None:
    file = library_file(tmp_path)
    broken = "cards:\n  - name: {en: Saxum}\n    class: strenght\n"
    file.write_text(broken, encoding="utf-8")
    d = make_app(tmp_path)
    d.app.apply({"do": "choose_castle", "castle": "forest_edge"})
    open_cards(d)
    snap = d.app.snapshot
    assert snap.ui.mode == "cards" and len(snap.cards) == 19  # the starting library
    assert any(str(file) in line for line in snap.notices())
    d.tap("seat1.cyan")
    d.tap("next")  # a card kept: in memory only, the file is as the table left it
    assert file.read_text(encoding="utf-8") == broken
    d.tap("seat1.yellow")
    d.app.apply({"do": "summon", "creature": "Saxum", "class": "strength", "vitality": 6})
    assert d.app.table.history()[-1]["creature"] == "Saxum"  # the game goes on
