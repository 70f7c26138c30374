"""Journals written by companion 0.1 (before games moved into their folders) replay
unchanged: the journaled ``do:`` names and the view fields are a public API. Opened where
they can be written, they are migrated to schema 2 (a checksum on every row) in one
transaction; in a read-only folder they are read as they are."""

from __future__ import annotations

import contextlib
import copy
import json
import os
import shutil
import sqlite3
from collections.abc import Sequence
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from companion import journal as journal_module
from companion.journal import CHECKED, SCHEMA_VERSION, Journal, JournalError, row_check
from companion.table import Table
from tests.read_only import read_only_folder

DATA = Path(__file__).parent / "data"
# Fields the view gained since 0.1 (additions keep the API; nothing old changes): per
# creature of the duel, "respawned" (docs/bestiary.md).
ADDED_CREATURE_FIELDS = ("respawned",)
# Of the duel's whole view: "sides" (the castle scales by side, docs/bestiary.md).
ADDED_FIELDS = {"bestiary": ("sides",)}


def as_of_0_1(view: dict[str, Any]) -> dict[str, Any]:
    """The view without the fields added since 0.1, after checking they are there."""
    old = copy.deepcopy(view)
    for field in ADDED_FIELDS.get(str(view.get("game")), ()):
        assert field in old, f"the view lost {field}"
        del old[field]
    for seat in old.get("seats") or []:
        for creature in seat.get("creatures") or []:
            for field in ADDED_CREATURE_FIELDS:
                assert field in creature, f"{creature['id']} lost {field}"
                del creature[field]
    return old


OLD = ["v0_1_duel_cooldowns", "v0_1_manus_three_players"]
# The cells of schema 1, as they were written.
CELLS = {
    "games": "id, game, setup, created_at, head, status",
    "actions": "game_id, seq, at, seat, action",
}


def _rows(path: Path) -> dict[str, list[tuple[object, ...]]]:
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as raw:
        return {
            table: raw.execute(f"SELECT {cells} FROM {table} ORDER BY rowid").fetchall()
            for table, cells in CELLS.items()
        }


def _held() -> list[str]:
    """The files this process has open."""
    held = []
    for fd in os.listdir("/proc/self/fd"):
        with contextlib.suppress(OSError):  # the listing's own, closed by now
            held.append(os.readlink(f"/proc/self/fd/{fd}"))
    return held


def _assert_replays_as_0_1(journal: Journal, name: str) -> None:
    expected = json.loads((DATA / f"{name}.expected.json").read_text(encoding="utf-8"))
    (record,) = journal.games()
    table = Table(journal, record)
    assert table.game == expected["game"]
    assert as_of_0_1(table.view()) == expected["view"]
    prompt = table.prompt().to_json()
    for key in ("seat", "kind", "choices", "free"):
        assert prompt[key] == expected["prompt"][key]


@pytest.mark.parametrize("name", OLD)
def test_a_journal_of_the_previous_version_replays_to_the_same_view(
    name: str, tmp_path: Path
) -> None:
    """Opened where it can be written, it is migrated in one go: every row checksummed as
    it was, and no cell it had changed."""
    kept = tmp_path / f"{name}.db"
    shutil.copy(DATA / f"{name}.db", kept)
    before = _rows(kept)
    journal = Journal(kept)
    try:
        assert journal.meta("schema_version") == str(SCHEMA_VERSION) == "2"
        _assert_replays_as_0_1(journal, name)
    finally:
        journal.close()
    assert _rows(kept) == before  # the cells as they were: only their checksums were added
    with closing(sqlite3.connect(kept)) as raw:
        for table, cells in CHECKED.items():
            if table == "snapshots":  # none in these journals
                continue
            for *values, crc in raw.execute(f"SELECT {', '.join(cells)}, crc FROM {table}"):
                assert crc == row_check(table, values)
    again = Journal(kept)  # and it opens as a journal of this version, replaying the same
    try:
        _assert_replays_as_0_1(again, name)
    finally:
        again.close()


@pytest.mark.parametrize("name", OLD)
def test_a_migrated_old_journal_refuses_a_changed_action(name: str, tmp_path: Path) -> None:
    kept = tmp_path / f"{name}.db"
    shutil.copy(DATA / f"{name}.db", kept)
    Journal(kept).close()
    with closing(sqlite3.connect(kept)) as raw, raw:  # 6 -> 7, or any digit one up
        seq, text = raw.execute(
            "SELECT seq, action FROM actions WHERE action GLOB '*[0-8]*' ORDER BY seq"
        ).fetchone()
        digit = next(c for c in text if c in "012345678")
        changed = text.replace(digit, str(int(digit) + 1), 1)
        raw.execute("UPDATE actions SET action=? WHERE seq=?", (changed, seq))
    journal = Journal(kept)
    try:
        with pytest.raises(JournalError, match=rf"game 1, action {seq}: the row is damaged"):
            journal.actions(1)
    finally:
        journal.close()


@pytest.mark.parametrize("name", OLD)
def test_an_old_journal_in_a_read_only_folder_is_read_as_it_is(name: str, tmp_path: Path) -> None:
    """Nothing can be migrated there: it is read without checksums and written nothing."""
    folder = tmp_path / "card"
    folder.mkdir()
    kept = folder / f"{name}.db"
    shutil.copy(DATA / f"{name}.db", kept)
    before = kept.read_bytes()
    with read_only_folder(folder):
        journal = Journal(kept)
        try:
            assert journal.read_only and not journal.checked
            _assert_replays_as_0_1(journal, name)
        finally:
            journal.close()
    assert kept.read_bytes() == before
    assert sorted(p.name for p in folder.iterdir()) == [kept.name]  # no -wal, no -shm


def test_a_migration_cut_short_leaves_the_old_journal_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One transaction: a migration that fails half way (here the 30th row's checksum)
    keeps nothing of itself, and the next start migrates the journal whole."""
    name = OLD[0]
    kept = tmp_path / f"{name}.db"
    shutil.copy(DATA / f"{name}.db", kept)
    before = _rows(kept)
    made = []

    def failing(table: str, cells: Sequence[object]) -> int:
        made.append(table)
        if len(made) == 30:
            raise OSError("the card was pulled")
        return row_check(table, cells)

    monkeypatch.setattr(journal_module, "row_check", failing)
    with pytest.raises(OSError, match="the card was pulled"):
        Journal(kept)
    monkeypatch.undo()
    assert str(kept) not in _held()  # the failed open let go of the file
    with closing(sqlite3.connect(f"file:{kept}?mode=ro", uri=True)) as raw:
        version = raw.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
        columns = [row[1] for row in raw.execute("PRAGMA table_info(actions)")]
    assert version == ("1",) and "crc" not in columns  # nothing of the migration kept
    assert _rows(kept) == before
    journal = Journal(kept)
    try:
        assert journal.meta("schema_version") == "2"
        _assert_replays_as_0_1(journal, name)
    finally:
        journal.close()
