"""A table belongs to the thread that built it, and a refused command changes nothing.

Only the app's loop may change the game: a bridge or a phone page calling the table from its
own thread is refused with :class:`WrongThread` before anything is read or written, so the
game, its history and the journal file are exactly as they were. Undo and redo with nothing
to do are refused the same way (an :class:`IllegalAction`, which the buttons turn into a
"no"), without a write to the journal.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from companion.app import App, build_app
from companion.config import load
from companion.hardware.ports import ButtonEdge
from companion.journal import Journal
from companion.rules.base import IllegalAction
from companion.snapshot import Snapshot
from companion.table import Apply, Command, EndGame, NewGame, Redo, Table, Undo, WrongThread
from tests.test_controls import DUEL_SETUP, TO_SUPPORT

# Boris's other summon: legal where the redo stack holds his Vinctum, so applying it would
# drop that redo stack.
FERRARIUS = DUEL_SETUP[4]

Call = Callable[[Table], object]

# Everything a caller can ask of a table that reads or changes the game; each succeeds on
# the owner's thread at the position the ``table`` fixture builds.
CALLS: dict[str, Call] = {
    "apply": lambda table: table.execute(Apply(FERRARIUS)),
    "apply shorthand": lambda table: table.apply(FERRARIUS),
    "undo": lambda table: table.execute(Undo()),
    "undo to the start": lambda table: table.execute(Undo(to_head=0)),
    "redo": lambda table: table.execute(Redo()),
    "rematch": lambda table: table.execute(NewGame()),
    "new game of another game": lambda table: table.execute(
        NewGame("manus", {"players": ["Anna", "Boris"]})
    ),
    "end the game": lambda table: table.execute(EndGame()),
    "prompt": lambda table: table.prompt(),
    "view": lambda table: table.view(),
    "a seat's view": lambda table: table.view("seat:1"),
}


@dataclass(frozen=True)
class Picture:
    """All that a refused call must leave as it was: the table and its journal file."""

    head: int
    history: tuple[dict[str, Any], ...]
    state: object
    can_undo: bool
    can_redo: bool
    record: object
    games: tuple[object, ...]
    stored: tuple[object, ...]

    @classmethod
    def of(cls, table: Table) -> Picture:
        journal = table.journal
        return cls(
            head=table.head,
            history=table.history(),
            state=table.state,
            can_undo=table.can_undo,
            can_redo=table.can_redo,
            record=table.record,
            games=tuple(journal.games()),
            stored=tuple(journal.actions(table.record.id)),  # the redo stack included
        )


def on_thread(call: Callable[[], object], name: str = "phone-page") -> BaseException | None:
    """Run ``call`` on a new thread of that name; what it raised, or None."""
    raised: list[BaseException] = []

    def run() -> None:
        try:
            call()
        except BaseException as error:  # handed back to the test
            raised.append(error)

    thread = threading.Thread(target=run, name=name)
    thread.start()
    thread.join(5)
    assert not thread.is_alive(), f"{name} did not finish"
    return raised[0] if raised else None


class SpyJournal(Journal):
    """A journal that counts the calls that write to its file."""

    def __init__(self, path: str | Path) -> None:
        super().__init__(path)
        self.writes: list[str] = []

    def new_game(self, game: str, setup: Any) -> Any:
        self.writes.append("new_game")
        return super().new_game(game, setup)

    def append(self, *args: Any, **kwargs: Any) -> int:
        self.writes.append("append")
        return super().append(*args, **kwargs)

    def set_head(self, *args: Any, **kwargs: Any) -> None:
        self.writes.append("set_head")
        super().set_head(*args, **kwargs)

    def set_status(self, *args: Any, **kwargs: Any) -> None:
        self.writes.append("set_status")
        super().set_status(*args, **kwargs)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    """Castles chosen, Anna's Saxum summoned; Boris's Vinctum summoned and undone, so
    there is both something to undo and something to redo."""
    built = Table.new_game(Journal(tmp_path / "j.sqlite"), "bestiary", {})
    for action in DUEL_SETUP[:3]:
        built.apply(action)
    built.execute(Undo())
    assert (built.head, built.can_undo, built.can_redo) == (2, True, True)
    try:
        yield built
    finally:
        built.journal.close()


# --- another thread ------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(CALLS))
def test_another_thread_is_refused_and_the_table_and_journal_are_as_before(
    table: Table, name: str
) -> None:
    call = CALLS[name]
    before = Picture.of(table)
    error = on_thread(lambda: call(table), name="phone-page")
    assert isinstance(error, WrongThread), f"{name} from another thread: {error!r}"
    assert "phone-page" in str(error)  # the message names the intruder
    assert Picture.of(table) == before
    assert table.history() == tuple(DUEL_SETUP[:2])
    # The refusal was the thread's: on the owner's thread the same call goes through.
    call(table)


def test_a_burst_of_calls_from_another_thread_leaves_the_game_to_its_owner(table: Table) -> None:
    before = Picture.of(table)

    def intruder() -> None:
        refused = 0
        for call in CALLS.values():
            try:
                call(table)
            except WrongThread:
                refused += 1
        assert refused == len(CALLS)

    assert on_thread(intruder, name="bridge") is None
    assert Picture.of(table) == before
    table.execute(Redo())  # the owner plays on where it left off
    assert table.history() == tuple(DUEL_SETUP[:3])


def test_the_thread_that_builds_a_table_owns_it(tmp_path: Path) -> None:
    """Not the main thread as such: a table built on a loop thread is that thread's."""
    built = threading.Event()
    done = threading.Event()
    box: dict[str, Any] = {}

    def loop() -> None:
        journal = Journal(tmp_path / "j.sqlite")
        owned = Table.new_game(journal, "bestiary", {})
        owned.apply(DUEL_SETUP[0])
        box["table"] = owned
        built.set()
        done.wait(5)
        try:
            box["after"] = (owned.head, owned.history())
            owned.apply(DUEL_SETUP[1])  # its owner still may
            box["played"] = owned.head
        finally:
            journal.close()

    thread = threading.Thread(target=loop, name="loop")
    thread.start()
    try:
        assert built.wait(5)
        owned: Table = box["table"]
        for call in CALLS.values():
            with pytest.raises(WrongThread, match="MainThread"):
                call(owned)
    finally:
        done.set()
        thread.join(5)
    assert box["after"] == (1, (DUEL_SETUP[0],))
    assert box["played"] == 2


def test_a_table_whose_thread_has_ended_is_refused_to_a_later_thread(tmp_path: Path) -> None:
    """The owner is a thread, not a number the system hands out again: a thread started
    after the owner ended (which may well be given the same thread id) is refused."""
    box: dict[str, Any] = {}

    def build() -> None:
        box["table"] = Table.new_game(Journal(tmp_path / "j.sqlite"), "bestiary", {})

    assert on_thread(build, name="builder") is None
    orphan: Table = box["table"]
    error = on_thread(orphan.prompt, name="later")
    assert isinstance(error, WrongThread), f"a later thread used the table: {error!r}"


def test_the_app_cannot_be_driven_from_another_thread_but_can_be_posted_to(
    tmp_path: Path,
) -> None:
    """``app.apply`` from another thread is refused with nothing shown or changed; posting
    an event is the way in, and the loop's thread handles it."""
    app: App = build_app(load(None), fakes=True, journal_path=tmp_path / "j.sqlite")
    try:
        for action in DUEL_SETUP + TO_SUPPORT:  # Anna's support phase
            app.apply(action)
        shown: list[Snapshot] = []

        def show(snapshot: Snapshot) -> None:
            shown.append(snapshot)

        app.subscribe(show)
        before, head, seen = app.snapshot, app.table.head, len(shown)

        error = on_thread(lambda: app.apply({"do": "end_phase"}), name="bridge")
        assert isinstance(error, WrongThread)
        assert app.snapshot is before and app.table.head == head and len(shown) == seen

        def post() -> None:
            app.post(ButtonEdge("next", True, 2000.0))
            app.post(ButtonEdge("next", False, 2000.1))

        assert on_thread(post, name="bridge") is None
        while not app.events.empty():  # the loop's turn
            app.handle(app.events.get_nowait(), 2000.2)
        assert app.table.head == head + 1  # NEXT ended Anna's support phase
        assert app.view["turn"]["seat"] == 2
        assert app.table.history()[-1] == {"do": "end_phase"}
        assert len(shown) > seen
    finally:
        app.close()


# --- nothing to undo, nothing to redo ------------------------------------------------------


def spy_table(tmp_path: Path) -> tuple[Table, SpyJournal]:
    journal = SpyJournal(tmp_path / "j.sqlite")
    return Table.new_game(journal, "bestiary", {}), journal


NOTHING_TO_DO: dict[str, tuple[int, int, Command, str]] = {
    # name: (actions applied, of which undone, command, what the refusal says)
    "undo at the start": (0, 0, Undo(), "nothing to undo"),
    "undo to the start at the start": (0, 0, Undo(to_head=0), "nothing to undo"),
    "redo at the start": (0, 0, Redo(), "nothing to redo"),
    "redo at the newest action": (3, 0, Redo(), "nothing to redo"),
    "undo to a later head": (3, 1, Undo(to_head=3), "nothing to undo"),
    "undo to where the game already is": (3, 1, Undo(to_head=2), "nothing to undo"),
    "undo to before the start": (3, 0, Undo(to_head=-1), "nothing to undo"),
}


@pytest.mark.parametrize("name", list(NOTHING_TO_DO))
def test_undo_and_redo_with_nothing_to_do_are_refused_without_a_journal_write(
    tmp_path: Path, name: str
) -> None:
    applied, undone, command, reason = NOTHING_TO_DO[name]
    table, journal = spy_table(tmp_path)
    for action in DUEL_SETUP[:applied]:
        table.apply(action)
    for _ in range(undone):
        table.execute(Undo())
    before, writes = Picture.of(table), list(journal.writes)
    with pytest.raises(IllegalAction, match=reason):
        table.execute(command)
    assert journal.writes == writes, f"{name} wrote to the journal"
    assert Picture.of(table) == before
    journal.close()


def test_after_the_redo_stack_runs_out_redo_is_refused_and_the_game_goes_on(
    tmp_path: Path,
) -> None:
    table, journal = spy_table(tmp_path)
    for action in DUEL_SETUP[:3]:
        table.apply(action)
    table.execute(Undo(to_head=1))
    table.execute(Redo())
    table.execute(Redo())
    writes = list(journal.writes)
    with pytest.raises(IllegalAction, match="nothing to redo"):
        table.execute(Redo())
    assert journal.writes == writes
    assert table.history() == tuple(DUEL_SETUP[:3])
    table.apply(DUEL_SETUP[3])  # a refused redo leaves the table playable
    assert table.head == 4
    journal.close()


def test_an_ended_game_has_nothing_to_redo(tmp_path: Path) -> None:
    """Ending a game keeps its journal but closes its redo stack: redo says no."""
    table, journal = spy_table(tmp_path)
    for action in DUEL_SETUP[:3]:
        table.apply(action)
    table.execute(Undo())
    table.execute(EndGame())
    before, writes = Picture.of(table), list(journal.writes)
    with pytest.raises(IllegalAction, match="nothing to redo"):
        table.execute(Redo())
    assert journal.writes == writes and Picture.of(table) == before
    journal.close()
