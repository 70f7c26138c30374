"""One pass per event: a press computes the game's prompt and view once, every output gets
the same frozen snapshot once, an output that fails is dropped with a notice and the rest
go on; and only the loop's thread may touch the table."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.app import App, ButtonEdge, build_app
from companion.config import load
from companion.games.bestiary import rules as bestiary
from companion.i18n import text
from companion.journal import Journal
from companion.rules.base import IllegalAction
from companion.snapshot import Snapshot
from companion.table import Apply, Redo, Table, Undo, WrongThread
from tests.test_controls import DUEL_SETUP, TO_SUPPORT


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    clock = [1000.0]
    built = build_app(
        load(None), fakes=True, journal_path=tmp_path / "j.sqlite", clock=lambda: clock[0]
    )
    for action in DUEL_SETUP + TO_SUPPORT:
        built.apply(action)
    try:
        yield built
    finally:
        built.close()


def tap(app: App, name: str, at: float) -> None:
    app.handle(ButtonEdge(name, True, at), at)
    app.handle(ButtonEdge(name, False, at + 0.05), at + 0.05)


def counting(monkeypatch: pytest.MonkeyPatch, name: str) -> list[int]:
    calls: list[int] = []
    original: Callable[..., Any] = getattr(bestiary, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(bestiary, name, counted)
    return calls


@pytest.mark.parametrize("button", ["seat1.blue", "seat1.cyan", "undo"])
def test_a_press_computes_the_prompt_once_and_the_view_once(
    app: App, monkeypatch: pytest.MonkeyPatch, button: str
) -> None:
    """Moving the cursor computes neither; a choice or an undo computes each once."""
    prompts, views = counting(monkeypatch, "prompt"), counting(monkeypatch, "view")
    head = app.table.head
    tap(app, button, 2000.0)
    moved_the_table = app.table.head != head
    assert moved_the_table == (button != "seat1.blue")
    expected = 1 if moved_the_table else 0
    assert (len(prompts), len(views)) == (expected, expected)


def test_every_output_gets_the_same_snapshot_once_per_event(app: App) -> None:
    received: dict[str, list[Snapshot]] = {"ring": [], "screen": [], "phone": []}
    for name, got in received.items():
        app.subscribe(got.append)
        got.clear()  # the picture each gets when it joins
        assert name
    tap(app, "seat1.cyan", 2000.0)  # a support ability: the table changes
    first, second, third = received.values()
    assert len(first) == len(second) == len(third) == 1  # one press: one picture each
    assert first[0] is second[0] is third[0] is app.snapshot
    assert first[0].change.kind == "action"
    with pytest.raises(AttributeError):  # frozen: no output can change what others see
        first[0].view = {}  # type: ignore[misc]


def test_an_output_that_fails_is_dropped_with_a_note_and_the_others_go_on(app: App) -> None:
    good: list[Snapshot] = []
    calls: list[Snapshot] = []

    def broken(snapshot: Snapshot) -> None:
        calls.append(snapshot)
        if len(calls) > 1:  # its first picture draws; the next one fails
            raise OSError("the phone page lost its socket")

    app.subscribe(broken)
    app.subscribe(good.append)
    tap(app, "seat1.cyan", 2000.0)  # broken raises here and is switched off
    note = text("hardware.output_failed", "en", reason="")
    assert any(line.startswith(note) for line in app.snapshot.notices())
    assert "lost its socket" in app.snapshot.notices()[-1]
    assert any(line.startswith(note) for line in good[-1].notices())  # said at once
    assert good[-1].hardware.failed and app.snapshot.view_for("public")  # the table runs on
    tap(app, "undo", 2001.0)
    assert good[-1].change.kind == "undo"  # the healthy output still hears of changes
    assert len(calls) == 2  # the broken one is not called again
    assert good[-1].hardware.failed  # and the note stays until a restart
    english, russian = (good[-1].hardware.notes(lang)[-1] for lang in ("en", "ru"))
    assert english != russian


def test_another_thread_cannot_touch_the_table_and_changes_nothing(tmp_path: Path) -> None:
    table = Table.new_game(Journal(tmp_path / "j.sqlite"), "bestiary", {})
    table.apply(DUEL_SETUP[0])
    head, history = table.head, table.history()
    errors: list[BaseException] = []

    def intruder() -> None:
        for call in (
            lambda: table.execute(Apply(DUEL_SETUP[1])),
            lambda: table.execute(Undo()),
            table.prompt,
            table.view,
        ):
            try:
                call()
            except WrongThread as error:
                errors.append(error)

    thread = threading.Thread(target=intruder, name="phone-page")
    thread.start()
    thread.join(5)
    assert len(errors) == 4 and "phone-page" in str(errors[0])
    assert table.head == head and table.history() == history
    stored = table.journal.actions(table.record.id)
    assert [record.action for record in stored] == list(history)
    table.journal.close()


def test_undo_and_redo_with_nothing_to_do_are_refused_without_touching_the_journal(
    tmp_path: Path,
) -> None:
    path = tmp_path / "j.sqlite"
    table = Table.new_game(Journal(path), "bestiary", {})
    with pytest.raises(IllegalAction):
        table.execute(Undo())
    table.apply(DUEL_SETUP[0])
    with pytest.raises(IllegalAction):
        table.execute(Redo())
    assert table.head == 1
    assert [r.action for r in table.journal.actions(table.record.id)] == [DUEL_SETUP[0]]
    table.journal.close()
