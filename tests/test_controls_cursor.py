"""The cursor after an action (issue 24): it stays on the choice it was on, or the one most
like it, so a second select does the same thing again, never whatever became the first
line of the list."""

from __future__ import annotations

from companion.controls.questions import kept_cursor
from companion.rules.base import Entry, Field, Prompt


def prompt(seat: int, *choices: dict[str, object], entries: tuple[Entry, ...] = ()) -> Prompt:
    return Prompt(seat, "act", "ui.prompt", choices=tuple(choices), entries=entries)


ABILITY = {"do": "support", "creature": "saxum", "ability": "1"}
MANEUVER_A = {"do": "maneuver", "creature": "saxum", "to": "c3"}
MANEUVER_B = {"do": "maneuver", "creature": "ignis", "to": "c3"}
END = {"do": "end_phase"}


def test_the_same_choice_keeps_the_cursor_wherever_it_moved_to() -> None:
    before = prompt(1, ABILITY, MANEUVER_A, MANEUVER_B, END)
    after = prompt(1, MANEUVER_B, ABILITY, MANEUVER_A, END)
    assert kept_cursor(2, before, after) == 0  # maneuver B, now the first line
    assert kept_cursor(1, before, after) == 2


def test_a_choice_gone_leaves_the_cursor_on_the_most_like_it() -> None:
    before = prompt(1, ABILITY, MANEUVER_A, MANEUVER_B, END)
    after = prompt(1, ABILITY, MANEUVER_B, END)  # saxum has maneuvered
    assert kept_cursor(1, before, after) == 1  # the other maneuver, not the ability
    assert kept_cursor(3, before, after) == 2  # end of phase stays the end of phase


def test_an_entry_keeps_the_cursor_after_the_choices_change() -> None:
    entry = Entry({"do": "gold"}, (Field("change", "int", "ui.value", low=-9, high=9),), "gold")
    before = prompt(1, ABILITY, END, entries=(entry,))
    after = prompt(1, END, entries=(entry,))
    assert kept_cursor(2, before, after) == 1


def test_another_seat_or_nothing_alike_starts_at_the_first_line() -> None:
    before = prompt(1, ABILITY, MANEUVER_A, END)
    assert kept_cursor(1, before, prompt(2, ABILITY, MANEUVER_A, END)) == 0
    assert kept_cursor(1, before, prompt(1, {"do": "choose_tempo", "tempo": 2})) == 0
    assert kept_cursor(5, prompt(1), prompt(1, END)) == 0
