"""Torn and damaged journal files: refused with a message, or recovered to a prefix of
what was written; never a traceback, never a different history."""

from __future__ import annotations

import random
import shutil
import sqlite3
from pathlib import Path

import pytest

from companion.journal import Journal, JournalError
from companion.table import Table
from tests.read_only import read_only_folder
from tests.test_journal_snapshots import SETUP, actions

MOVES = [a for _, a in zip(range(40), actions(), strict=False)]


def crashed_copy(tmp_path: Path) -> tuple[Path, Path]:
    """A journal as a pulled plug leaves it: the database and its WAL, not checkpointed."""
    live = tmp_path / "live.sqlite"
    game = Table.new_game(Journal(live), "bestiary", SETUP)
    for action in MOVES:
        game.apply(action)
    copy = tmp_path / "copy.sqlite"
    shutil.copy(live, copy)
    shutil.copy(Path(f"{live}-wal"), Path(f"{copy}-wal"))
    game.journal.close()
    return copy, Path(f"{copy}-wal")


def opened(path: Path) -> list[dict[str, object]] | None:
    """The actions in force after opening, or None if the journal was refused."""
    try:
        game = Table.open(path)
    except JournalError:
        return None
    if game is None:
        return []
    try:
        return list(game.history())
    finally:
        game.journal.close()


def test_a_wal_torn_anywhere_leaves_a_prefix_of_the_game(tmp_path: Path) -> None:
    copy, wal = crashed_copy(tmp_path)
    assert wal.stat().st_size > 0
    whole = wal.read_bytes()
    seen = set()
    for cut in sorted({0, 32, 100, *random.Random(7).sample(range(len(whole)), 25)}):
        case = tmp_path / f"cut{cut}"
        case.mkdir()
        shutil.copy(copy, case / "j.sqlite")
        (case / "j.sqlite-wal").write_bytes(whole[:cut])
        kept = opened(case / "j.sqlite")
        assert kept is not None and kept == MOVES[: len(kept)], cut
        seen.add(len(kept))
    assert max(seen) == len(MOVES) or len(seen) > 1  # a torn tail loses only the tail


@pytest.mark.parametrize("seed", range(12))
def test_damaged_bytes_are_refused_or_read_never_a_traceback(tmp_path: Path, seed: int) -> None:
    copy, wal = crashed_copy(tmp_path)
    Journal(copy).close()  # checkpoint into the main file
    data = bytearray(copy.read_bytes())
    chooser = random.Random(seed)
    for _ in range(chooser.choice([1, 4, 64])):
        data[chooser.randrange(100, len(data))] = chooser.randrange(256)
    copy.write_bytes(bytes(data))
    for side in (wal, Path(f"{copy}-shm")):
        side.unlink(missing_ok=True)
    before = copy.read_bytes()
    try:
        kept = opened(copy)
    except sqlite3.Error as error:  # pragma: no cover - the failure this test exists for
        pytest.fail(f"a raw SQLite error escaped: {error}")
    if kept is None:
        assert copy.read_bytes() == before  # refused: left untouched
    else:
        assert kept == MOVES[: len(kept)]


def test_a_pulled_plug_journal_in_a_read_only_folder_is_read_whole_or_refused(
    tmp_path: Path,
) -> None:
    """A card pulled mid-game, then mounted read-only: its last actions are in the -wal.
    With its -shm beside it, as a running table leaves it, SQLite reads the -wal read-only:
    the whole game. Without the -shm, reading it as immutable would lose them: refused,
    saying where they are."""
    live = tmp_path / "live.sqlite"
    game = Table.new_game(Journal(live), "bestiary", SETUP)
    for action in MOVES:
        game.apply(action)
    folder = tmp_path / "card"
    folder.mkdir()
    for suffix in ("", "-wal", "-shm"):  # the plug pulled: nothing checkpointed
        shutil.copy(f"{live}{suffix}", f"{folder / 'j.sqlite'}{suffix}")
    game.journal.close()
    assert (folder / "j.sqlite-wal").stat().st_size > 0
    with read_only_folder(folder):
        journal = Journal(folder / "j.sqlite")
        try:
            assert journal.read_only
            table = Table.resume(journal)
            assert table is not None and list(table.history()) == MOVES
        finally:
            journal.close()
    (folder / "j.sqlite-shm").unlink()
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    waiting = r"its last changes are still in j\.sqlite-wal"
    with read_only_folder(folder), pytest.raises(JournalError, match=waiting):
        Journal(folder / "j.sqlite")
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before


def test_a_folder_named_as_the_journal_is_one_line_naming_it(tmp_path: Path) -> None:
    """`companion run --journal DIR`: the folder is named, not a "disk I/O error"."""
    with pytest.raises(JournalError, match=r"a folder, not a journal: name the journal file"):
        Journal(tmp_path)
    assert list(tmp_path.iterdir()) == []  # nothing written into it
