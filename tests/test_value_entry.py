"""Value entry from the buttons: an ability of preparation X is used by entering X, field by
field, with the seat's four buttons; NEXT takes the value shown; UNDO and back leave."""

from __future__ import annotations

from pathlib import Path

from companion.display.scene import Scene
from companion.journal import Journal
from companion.snapshot import Snapshot
from tests.test_controls import Driver, close_apps, cues, in_support

__all__ = ["close_apps"]


def to_first_entry(d: Driver) -> Snapshot:
    snap = d.app.snapshot
    assert snap.prompt.entries, "an ability without a printed preparation time is offered"
    for _ in range(len(snap.prompt.choices)):
        d.tap("seat1.blue")  # down past the choices to the first entry
    return d.app.snapshot


def stored(d: Driver, tmp_path: Path) -> dict[str, object]:
    journal = Journal(tmp_path / "j.sqlite")
    try:
        return dict(journal.actions(d.app.table.record.id)[-1].action)
    finally:
        journal.close()


def test_an_x_ability_is_used_by_entering_its_preparation_time(tmp_path: Path) -> None:
    d = in_support(tmp_path)
    snap = to_first_entry(d)
    entry = snap.prompt.entries[0]
    assert Scene.of(snap).cursor_entry is not None  # the prompt bar names the entry
    d.tap("seat1.cyan")  # select: the entry opens on its first field
    assert d.app.ui.entering and d.app.ui.value == 1
    d.tap("seat1.red")
    d.tap("seat1.red")  # up, up: 3
    scene = Scene.of(d.app.snapshot)
    assert scene.entering is not None and scene.entering.value == "3"
    head = d.app.table.head
    d.tap("seat1.cyan")  # confirm the last field: the action is played
    assert d.app.table.head == head + 1 and not d.app.ui.entering
    assert stored(d, tmp_path) == {**entry.base, "prep": 3, "seat": 1}  # with who entered it
    token = [t for t in d.app.view["tokens"] if t["ability"] == entry.base["ability"]]
    assert token and token[0]["returns_at_period"] == d.app.view["period"] + 3


def test_values_stop_at_the_ends_of_their_range(tmp_path: Path) -> None:
    d = in_support(tmp_path)
    to_first_entry(d)
    d.tap("seat1.cyan")
    d.tap("seat1.blue")  # down from 1: stays at 1 (preparation is 1 to 6)
    assert d.app.ui.value == 1
    for _ in range(9):
        d.tap("seat1.red")
    assert d.app.ui.value == 6


def test_next_plays_the_value_shown(tmp_path: Path) -> None:
    d = in_support(tmp_path)
    snap = to_first_entry(d)
    d.tap("seat1.cyan")
    d.tap("seat1.red")  # 2
    d.tap("next")
    assert stored(d, tmp_path) == {**snap.prompt.entries[0].base, "prep": 2, "seat": 1}


def test_back_and_undo_leave_the_entry_and_change_nothing(tmp_path: Path) -> None:
    d = in_support(tmp_path)
    to_first_entry(d)
    head = d.app.table.head
    d.tap("seat1.cyan")
    d.tap("seat1.yellow")  # back at the first field: leaves the entry
    assert not d.app.ui.entering and d.app.table.head == head
    d.tap("seat1.cyan")
    d.tap("undo")  # UNDO while entering: leaves the entry, the table is untouched
    assert not d.app.ui.entering and d.app.table.head == head
    assert "no" not in cues(d)


def test_another_seat_cannot_enter_for_the_seat_to_act(tmp_path: Path) -> None:
    d = in_support(tmp_path)
    to_first_entry(d)
    d.tap("seat1.cyan")
    d.tap("seat2.red")
    assert cues(d)[-1] == "no" and d.app.ui.value == 1
