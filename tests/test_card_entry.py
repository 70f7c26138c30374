"""A new creature in the middle of a summon: "A new creature…" walks through its whole
card from the buttons (a name letter by letter), and the card joins the library file,
offered next game."""

from __future__ import annotations

from pathlib import Path

from companion.games.bestiary import SPEC
from companion.games.bestiary.cards import card_id
from companion.library import parse, path_for
from companion.rules.base import END, LETTERS, Field
from tests.test_controls import Driver, close_apps, cues, make_app

__all__ = ["close_apps"]


def at_summon(tmp_path: Path) -> Driver:
    d = make_app(tmp_path)
    d.app.apply({"do": "choose_castle", "castle": "forest_edge"})
    return d


def open_new_creature(d: Driver) -> None:
    prompt = d.app.snapshot.prompt
    for _ in range(len(prompt.choices) + len(prompt.entries) - 1):
        d.tap("seat1.blue")  # down to the last line: "A new creature…"
    d.tap("seat1.cyan")
    assert d.app.ui.entering


def type_name(d: Driver, name: str) -> None:
    """Enter a name from the letter shown: up or down the shorter way round to each letter,
    select to take it; then to the end mark and select."""
    for wanted in [*name, END]:
        shown = str(d.app.ui.value)
        current = LETTERS.index(shown[-1].upper())
        target = LETTERS.index(wanted.upper())
        ahead = (target - current) % len(LETTERS)
        button, steps = (
            ("seat1.red", ahead)
            if ahead <= len(LETTERS) // 2
            else ("seat1.blue", len(LETTERS) - ahead)
        )
        for _ in range(steps):
            d.tap(button)
        d.tap("seat1.cyan")


def test_a_name_is_entered_letter_by_letter_and_back_erases() -> None:
    name = Field("name", "text", "field.name", low=1, high=5)
    shown = name.start
    assert shown == "A"
    shown = name.step(shown, 1)  # up: B
    shown = name.type_letter(shown) or ""  # taken: "B", and "b" is being chosen
    assert shown == "Bb" and name.result(shown) == "B"
    shown = name.step(name.step(shown, -1), -1)  # down twice: "a", then the end mark
    assert shown == "B" + END
    assert name.erase(shown) == "B"  # back: "B" is erased and being chosen again
    assert name.erase("B") is None  # nothing typed: back leaves the field
    assert name.type_letter("B" + END) is None  # the end mark: the name is done
    assert name.step("Б", 1) == "В" and name.step("Я", 1) == " "  # Cyrillic too, a space
    assert name.type_letter("Bcde" + "f") == "Bcdef" + END  # at the longest: only the end


def test_a_new_creature_is_summoned_from_the_buttons_and_offered_next_game(
    tmp_path: Path,
) -> None:
    d = at_summon(tmp_path)
    offered = len(d.app.snapshot.prompt.entries)
    open_new_creature(d)
    assert d.app.snapshot.entry_under_way is not None
    type_name(d, "Lupus")
    d.tap("seat1.red")  # class: agility
    d.tap("seat1.cyan")
    d.tap("seat1.cyan")  # vitality 5
    d.tap("seat1.cyan")  # attack strength 2
    type_name(d, "Howl")
    d.tap("seat1.red")  # preparation 2
    d.tap("seat1.cyan")
    for _ in range(2):  # effect: no effect, inaction, attack up
        d.tap("seat1.red")
    d.tap("seat1.cyan")
    d.tap("seat1.cyan")  # target: a positive effect goes on one's own: ally, as most cards
    type_name(d, "Bite")
    for _ in range(6):  # preparation X
        d.tap("seat1.red")
    d.tap("seat1.cyan")
    d.tap("seat1.cyan")  # no effect
    d.tap("seat1.blue")  # target: self, ally, enemy, any: down from any is enemy
    head = d.app.table.head
    d.tap("seat1.cyan")
    assert d.app.table.head == head + 1, d.app.snapshot.notices()
    summoned = d.app.table.history()[-1]
    assert summoned["creature"] == "Lupus" and summoned["class"] == "agility"
    lupus = next(c for s in d.app.view["seats"] for c in s["creatures"] if c["id"] == "lupus")
    assert lupus["vitality"] == 5
    file = path_for(tmp_path / "j.sqlite", "bestiary")
    cards = parse(SPEC, str(file), file.read_text(encoding="utf-8"))
    card = next(c for c in cards if card_id(c) == "lupus")
    assert (card["class"], card["vitality"], card["attack"]) == ("agility", 5, 2)
    first, second = card["abilities"]
    assert first == {"name": "Howl", "prep": 2, "effects": ["attack_up"], "target": "ally"}
    assert second == {"name": "Bite", "prep": "X", "effects": [], "target": "enemy"}
    assert "no" not in cues(d)
    # The next game on this table offers Lupus, complete: a choice with no questions.
    following = path_for(tmp_path / "next" / "j.sqlite", "bestiary")
    following.parent.mkdir()
    following.write_text(file.read_text(encoding="utf-8"), encoding="utf-8")
    other = at_summon(tmp_path / "next")
    prompt = other.app.snapshot.prompt
    again = [c for c in prompt.choices if c["creature"] == "Lupus"]
    assert again and again[0]["abilities"][1] == {"name": "Bite", "target": "enemy", "prep": "X"}
    assert len(prompt.entries) == offered  # the library's blanks, and "A new creature…"
    other.app.apply(again[0])
    assert other.app.table.history()[-1]["creature"] == "Lupus"


def test_a_name_needs_a_letter(tmp_path: Path) -> None:
    d = at_summon(tmp_path)
    open_new_creature(d)
    d.tap("seat1.blue")  # down from A: the end mark, on an empty name
    d.tap("seat1.cyan")
    assert cues(d)[-1] == "no" and d.app.ui.entering and not d.app.ui.entered
