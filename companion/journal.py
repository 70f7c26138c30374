"""The game journal: one SQLite row per action, the only truth about a game.

WAL mode with ``synchronous=FULL``: when ``append`` returns, the action is on disk, so a
pulled plug loses at most the action in flight. Undo and redo move the game's ``head``
(the number of actions in force); the rows past the head are the redo stack until a new
action replaces them. A file that is not a journal, is damaged, or comes from a newer
schema is refused with a message and never written to.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from companion.rules.base import JSON

SCHEMA_VERSION = 1
APPLICATION_ID = 0x5161_6C01  # "Sigil" v1: marks the file as ours for `file(1)` and us

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    setup TEXT NOT NULL,
    created_at TEXT NOT NULL,
    head INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished'))
);
CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    at TEXT NOT NULL,
    seat INTEGER,
    action TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""
# A cache, not the truth: the state after ``head`` actions, so resuming a long game replays
# only what follows. Added to older journals as they open (readers of schema 1 ignore it).
SNAPSHOTS = """
CREATE TABLE IF NOT EXISTS snapshots (
    game_id INTEGER NOT NULL REFERENCES games(id),
    head INTEGER NOT NULL,
    state TEXT NOT NULL,
    PRIMARY KEY (game_id, head)
)
"""
FILE_MODE = 0o600  # the hidden vote is in the journal: no other user reads it
FOLDER_MODE = 0o700


class JournalError(Exception):
    """The journal cannot be used; the message names the file and the reason."""


@dataclass(frozen=True)
class GameRecord:
    id: int
    game: str
    setup: JSON
    created_at: str
    head: int
    status: str


@dataclass(frozen=True)
class ActionRecord:
    seq: int
    at: str
    seat: int | None
    action: JSON


def _private_file(path: Path) -> None:
    """Create the journal's folder (0700) and an empty file (0600), whatever the umask."""
    try:
        path.parent.mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_CREAT | os.O_WRONLY, FILE_MODE)
        os.close(descriptor)
    except OSError as error:
        raise JournalError(f"{path}: cannot create the journal: {error.strerror}") from error
    _keep_private(path)


def _keep_private(path: Path) -> None:
    """The journal and its WAL and shared-memory files: 0600 (best effort: not our file)."""
    for name in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        try:
            if name.exists() and name.stat().st_mode & 0o077:
                name.chmod(FILE_MODE)
        except OSError:
            continue


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


class Journal:
    """A journal file; ``Journal(path)`` creates it or checks an existing one."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        memory = str(path) == ":memory:"
        if not memory and self.path.exists() and self.path.stat().st_size > 0:
            self._check_existing()
        elif not memory:
            _private_file(self.path)
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            if not self._has_schema():
                self._create()
        except sqlite3.Error as error:
            raise JournalError(f"{self.path}: cannot open the journal: {error}") from error
        self.snapshots = self._add_snapshots()
        if not memory:
            _keep_private(self.path)

    def _add_snapshots(self) -> bool:
        """Whether the snapshot table is there (it is added at the first snapshot kept, so
        opening an older journal to read it writes nothing)."""
        row = self._db.execute("SELECT 1 FROM sqlite_master WHERE name='snapshots'").fetchone()
        return row is not None

    # --- checks ----------------------------------------------------------------------

    def _check_existing(self) -> None:
        """Read-only checks first, so that a bad file is never written to."""
        where = str(self.path)
        try:
            probe = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)
        except sqlite3.Error as error:
            raise JournalError(f"{where}: cannot open the journal: {error}") from error
        try:
            ok = probe.execute("PRAGMA quick_check").fetchone()
            if not ok or ok[0] != "ok":
                raise JournalError(
                    f"{where}: the journal is damaged ({ok[0] if ok else '?'}); "
                    "it was left untouched"
                )
            tables = {row[0] for row in probe.execute("SELECT name FROM sqlite_master")}
            if not tables:
                return
            if "meta" not in tables:
                raise JournalError(
                    f"{where}: not a companion journal (no meta table); it was left untouched"
                )
            row = probe.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
            version = int(row[0]) if row and str(row[0]).isdigit() else None
            if version is None:
                raise JournalError(f"{where}: not a companion journal (no schema version)")
            if version > SCHEMA_VERSION:
                raise JournalError(
                    f"{where}: written by a newer companion (journal schema {version}; this "
                    f"one reads up to {SCHEMA_VERSION}); update the companion. The file was "
                    "left untouched"
                )
            if not {"games", "actions"} <= tables:
                raise JournalError(f"{where}: the journal is missing its tables; left untouched")
        except sqlite3.DatabaseError as error:
            raise JournalError(
                f"{where}: not a companion journal ({error}); it was left untouched"
            ) from error
        finally:
            probe.close()

    def _has_schema(self) -> bool:
        row = self._db.execute("SELECT 1 FROM sqlite_master WHERE name='meta'").fetchone()
        return row is not None

    def _create(self) -> None:
        with self._transaction():
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    self._db.execute(statement)
            self._db.execute(
                "INSERT INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),)
            )
            self._db.execute(f"PRAGMA application_id={APPLICATION_ID}")

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)

    def close(self) -> None:
        self._db.close()

    # --- games -------------------------------------------------------------------------

    def new_game(self, game: str, setup: Mapping[str, object]) -> GameRecord:
        with self._transaction():
            cursor = self._db.execute(
                "INSERT INTO games (game, setup, created_at) VALUES (?, ?, ?)",
                (game, json.dumps(dict(setup), ensure_ascii=False, sort_keys=True), _now()),
            )
            game_id = cursor.lastrowid
            assert game_id is not None
            self._set_current(game_id)
        return self.game(game_id)

    def set_current(self, game_id: int) -> None:
        """The game on the table (resumed from the menu): the one a restart picks up."""
        with self._transaction():
            self._set_current(game_id)

    def _set_current(self, game_id: int) -> None:
        self._db.execute("INSERT OR REPLACE INTO meta VALUES ('current_game', ?)", (str(game_id),))

    def game(self, game_id: int) -> GameRecord:
        row = self._db.execute(
            "SELECT id, game, setup, created_at, head, status FROM games WHERE id=?", (game_id,)
        ).fetchone()
        if row is None:
            raise JournalError(f"{self.path}: no game {game_id}")
        try:
            setup = json.loads(row[2])
        except json.JSONDecodeError as error:
            raise JournalError(
                f"{self.path}: game {game_id}: setup is not JSON: {error}"
            ) from error
        return GameRecord(row[0], row[1], setup, row[3], row[4], row[5])

    def latest_unfinished(self) -> GameRecord | None:
        """The game last on the table if it is unfinished, else the newest unfinished."""
        current = self._db.execute("SELECT value FROM meta WHERE key='current_game'").fetchone()
        if current and str(current[0]).isdigit():
            row = self._db.execute(
                "SELECT id FROM games WHERE id=? AND status='active'", (int(current[0]),)
            ).fetchone()
            if row:
                return self.game(row[0])
        row = self._db.execute(
            "SELECT id FROM games WHERE status='active' ORDER BY id DESC LIMIT 1"
        ).fetchone()
        return self.game(row[0]) if row else None

    def unfinished(self, limit: int = 10) -> list[GameRecord]:
        """The unfinished games, newest first (at most ``limit``)."""
        rows = self._db.execute(
            "SELECT id FROM games WHERE status='active' ORDER BY id DESC LIMIT ?", (limit,)
        )
        return [self.game(row[0]) for row in rows.fetchall()]

    def games(self) -> list[GameRecord]:
        return [self.game(row[0]) for row in self._db.execute("SELECT id FROM games ORDER BY id")]

    def set_status(self, game_id: int, status: str) -> None:
        with self._transaction():
            self._db.execute("UPDATE games SET status=? WHERE id=?", (status, game_id))

    # --- actions -----------------------------------------------------------------------

    def actions(self, game_id: int) -> list[ActionRecord]:
        """Every stored action of a game, the redo stack included, by sequence."""
        records = []
        rows = self._db.execute(
            "SELECT seq, at, seat, action FROM actions WHERE game_id=? ORDER BY seq", (game_id,)
        )
        for seq, at, seat, text in rows:
            try:
                action = json.loads(text)
            except json.JSONDecodeError as error:
                raise JournalError(
                    f"{self.path}: game {game_id}, action {seq}: not JSON ({error})"
                ) from error
            if not isinstance(action, dict):
                raise JournalError(f"{self.path}: game {game_id}, action {seq}: not a mapping")
            records.append(ActionRecord(seq, at, seat, action))
        return records

    def append(
        self,
        game_id: int,
        seat: int | None,
        action: Mapping[str, object],
        status: str | None = None,
    ) -> int:
        """Store an action after the head (dropping the redo stack), and the game's new
        status if given, in one transaction; durable on return."""
        text = json.dumps(dict(action), ensure_ascii=False, sort_keys=True)
        with self._transaction():
            head = self._head(game_id)
            self._db.execute("DELETE FROM actions WHERE game_id=? AND seq>?", (game_id, head))
            if self.snapshots:  # states after the head belonged to the history just dropped
                self._db.execute(
                    "DELETE FROM snapshots WHERE game_id=? AND head>?", (game_id, head)
                )
            self._db.execute(
                "INSERT INTO actions (game_id, seq, at, seat, action) VALUES (?, ?, ?, ?, ?)",
                (game_id, head + 1, _now(), seat, text),
            )
            self._db.execute("UPDATE games SET head=? WHERE id=?", (head + 1, game_id))
            if status is not None:
                self._db.execute("UPDATE games SET status=? WHERE id=?", (status, game_id))
        return head + 1

    def set_head(self, game_id: int, head: int, status: str | None = None) -> None:
        with self._transaction():
            self._db.execute("UPDATE games SET head=? WHERE id=?", (head, game_id))
            if status is not None:
                self._db.execute("UPDATE games SET status=? WHERE id=?", (status, game_id))

    # --- snapshots (a cache of states) ---------------------------------------------------

    def keep_snapshot(self, game_id: int, head: int, state: str) -> None:
        """Keep the state after ``head`` actions; a failure only costs a longer replay."""
        try:
            with self._transaction():
                self._db.execute(SNAPSHOTS)
                self.snapshots = True
                self._db.execute(
                    "INSERT OR REPLACE INTO snapshots (game_id, head, state) VALUES (?, ?, ?)",
                    (game_id, head, state),
                )
        except sqlite3.Error:
            return

    def snapshot(self, game_id: int, at_most: int) -> tuple[int, str] | None:
        """The latest kept state at or before ``at_most`` actions: (head, state)."""
        if not self.snapshots:
            return None
        row = self._db.execute(
            "SELECT head, state FROM snapshots WHERE game_id=? AND head<=? "
            "ORDER BY head DESC LIMIT 1",
            (game_id, at_most),
        ).fetchone()
        return (int(row[0]), str(row[1])) if row else None

    def _head(self, game_id: int) -> int:
        row = self._db.execute("SELECT head FROM games WHERE id=?", (game_id,)).fetchone()
        if row is None:
            raise JournalError(f"{self.path}: no game {game_id}")
        return int(row[0])


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT``, or ``ROLLBACK`` on any error."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        self._db.execute("COMMIT" if kind is None else "ROLLBACK")
