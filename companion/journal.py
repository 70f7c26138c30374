"""The game journal: one SQLite row per action, the only truth about a game.

WAL mode with ``synchronous=FULL``: when ``append`` returns, the action is on disk, so a
pulled plug loses at most the action in flight. Undo and redo move the game's ``head``
(the number of actions in force); the rows past the head are the redo stack until a new
action replaces them. A file that is not a journal, is damaged, or comes from a newer
schema is refused with a message and never written to.
"""

from __future__ import annotations

import json
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


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


class Journal:
    """A journal file; ``Journal(path)`` creates it or checks an existing one."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        if self.path.exists() and self.path.stat().st_size > 0:
            self._check_existing()
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            if not self._has_schema():
                self._create()
        except sqlite3.Error as error:
            raise JournalError(f"{self.path}: cannot open the journal: {error}") from error

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
        self._db.execute(
            "INSERT OR REPLACE INTO meta VALUES ('current_game', ?)", (str(game_id),)
        )

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
