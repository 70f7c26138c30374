"""`companion play --db` on a journal it cannot use: one line naming the file, an exit
code from the README's list, never a traceback, and never a game written into a file it
cannot read whole. Real refusals: a read-only bind mount (or modes, not as root), a tiny
tmpfs that fills up (root only), rows changed in a real SQLite file."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from companion.cli import EXIT_JOURNAL, EXIT_STORAGE, main
from companion.journal import Journal, JournalError, checksum_rows
from companion.table import Table
from tests.conftest import EXAMPLES
from tests.read_only import read_only_folder, tiny_disk

DUEL = EXAMPLES / "duel_siege.yaml"  # 25 actions


def _one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith("companion: ")
    return err.strip()


def _games(path: Path) -> list[tuple[int, int]]:
    """(id, stored actions) of every game, read without the companion."""
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as raw:
        rows = raw.execute(
            "SELECT g.id, (SELECT count(*) FROM actions a WHERE a.game_id=g.id) FROM games g"
        )
        return [(int(a), int(b)) for a, b in rows]


def test_a_journal_in_a_read_only_folder_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "card"
    folder.mkdir()
    db = folder / "game.db"
    assert main(["play", str(DUEL), "--db", str(db)]) == 0
    capsys.readouterr()
    before = db.read_bytes()
    with read_only_folder(folder):
        assert main(["play", str(DUEL), "--db", str(db)]) == EXIT_STORAGE
        said = _one_line(capsys)
        assert said == (
            f"companion: {db}: the journal is read-only (its file or folder takes no writes); "
            "no game was added to it"
        )
        fresh = folder / "new.db"
        assert main(["play", str(DUEL), "--db", str(fresh)]) == EXIT_STORAGE
        said = _one_line(capsys)
        assert said.startswith(f"companion: {fresh}: cannot create the journal: the storage")
        assert "read-only" in said
    assert db.read_bytes() == before and not fresh.exists()


def test_a_journal_that_fills_the_disk_stops_the_script_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with tiny_disk(tmp_path / "disk", "96k") as disk:
        db = disk / "game.db"
        assert main(["play", str(DUEL), "--db", str(db)]) == EXIT_STORAGE
        said = _one_line(capsys)
        (game,) = _games(db)
        kept = game[1]
        assert 0 < kept < 25  # the game started, and the disk filled before its end
        assert said.startswith(f"companion: {db}: cannot write the journal: the storage is full")
        assert f"game 1 is kept up to action {kept}; the script stopped at {DUEL}:" in said
        journal = Journal(db)  # what was kept reads back whole
        try:
            journal.check_whole()
            assert journal.game(1).head == kept
        finally:
            journal.close()


@pytest.mark.parametrize(
    ("damage", "named"),
    [
        ("UPDATE actions SET action=replace(action, '6', '7') WHERE seq=2", "game 1, action 2"),
        ("UPDATE games SET created_at='2001-01-01T00:00:00Z'", "game 1"),
    ],
)
def test_a_journal_with_a_damaged_row_gets_no_new_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], damage: str, named: str
) -> None:
    db = tmp_path / "game.db"
    assert main(["play", str(DUEL), "--db", str(db)]) == 0
    assert main(["play", str(DUEL), "--db", str(db)]) == 0  # the damage is in the first game
    with closing(sqlite3.connect(db)) as raw, raw:
        raw.execute(damage)
    capsys.readouterr()
    before = db.read_bytes()
    assert main(["play", str(DUEL), "--db", str(db)]) == EXIT_JOURNAL
    said = _one_line(capsys)
    assert said.startswith(f"companion: {db}: {named}: the row is damaged")
    assert said.endswith("no game was added to it")
    assert db.read_bytes() == before and len(_games(db)) == 2


@pytest.mark.parametrize("version", ["²", "1.0", "", "-1", "0", "٣"])
def test_a_malformed_schema_version_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], version: str
) -> None:
    db = tmp_path / "game.db"
    Journal(db).close()
    with closing(sqlite3.connect(db)) as raw, raw:  # written so (its checksum matches)
        raw.execute("UPDATE meta SET value=? WHERE key='schema_version'", (version,))
        checksum_rows(raw)
    before = db.read_bytes()
    assert main(["play", str(DUEL), "--db", str(db)]) == EXIT_JOURNAL
    said = _one_line(capsys)
    assert said.startswith(f"companion: {db}: not a companion journal (its schema version")
    assert db.read_bytes() == before


def test_a_changed_schema_version_is_refused_as_a_damaged_row(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "game.db"
    Journal(db).close()
    with closing(sqlite3.connect(db)) as raw, raw:  # '2' with a bit flipped: '3'
        raw.execute("UPDATE meta SET value='3' WHERE key='schema_version'")
    assert main(["play", str(DUEL), "--db", str(db)]) == EXIT_JOURNAL
    said = _one_line(capsys)
    assert said.startswith(f"companion: {db}: meta schema_version: the row is damaged")


def test_a_malformed_current_game_is_as_if_none(tmp_path: Path) -> None:
    db = tmp_path / "game.db"
    Journal(db).close()
    with closing(sqlite3.connect(db)) as raw, raw:  # written so (its checksum matches)
        raw.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('current_game', '²')")
        checksum_rows(raw)
    journal = Journal(db)
    try:
        assert journal.current() is None
    finally:
        journal.close()


def test_a_changed_current_game_is_refused_not_another_game_resumed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "game.db"
    short = tmp_path / "short.yaml"  # unfinished games: each one a restart could pick up
    short.write_text("\n".join(DUEL.read_text(encoding="utf-8").splitlines()[:12]) + "\n")
    for _ in range(3):
        assert main(["play", str(short), "--db", str(db)]) == 0
    with closing(sqlite3.connect(db)) as raw, raw:  # game 3 on the table; '3' -> '1'
        assert raw.execute("SELECT value FROM meta WHERE key='current_game'").fetchone() == ("3",)
        raw.execute("UPDATE meta SET value='1' WHERE key='current_game'")
    with pytest.raises(JournalError, match=r"meta current_game: the row is damaged"):
        Table.open(db)
    capsys.readouterr()
    assert main(["games", "--journal", str(db)]) == EXIT_JOURNAL
    assert "meta current_game: the row is damaged" in _one_line(capsys)


def test_companion_games_reads_a_read_only_journal_and_refuses_to_change_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "card"
    folder.mkdir()
    db = folder / "game.db"
    short = tmp_path / "short.yaml"  # a game left unfinished: one to resume
    short.write_text("\n".join(DUEL.read_text(encoding="utf-8").splitlines()[:12]) + "\n")
    assert main(["play", str(short), "--db", str(db)]) == 0
    assert main(["play", str(short), "--db", str(db)]) == 0
    capsys.readouterr()
    before = db.read_bytes()
    with read_only_folder(folder):
        assert main(["games", "--journal", str(db)]) == 0
        listed = capsys.readouterr().out
        assert "Anna, Boris" in listed and len(listed.splitlines()) == 3
        assert main(["games", "--journal", str(db), "resume", "1"]) == EXIT_STORAGE
        said = _one_line(capsys)
        assert said.startswith(f"companion: {db}: cannot write the journal: the storage is read")
    assert db.read_bytes() == before
