"""The game journal: one SQLite row per action, the only truth about a game.

WAL mode with ``synchronous=FULL``: when ``append`` returns, the action is on disk, so a
pulled plug loses at most the action in flight. Undo and redo move the game's ``head``
(the number of actions in force); the rows past the head are the redo stack until a new
action replaces them. A file that is not a journal, is damaged, or comes from a newer
schema is refused with a message and never written to.

Every row the replay reads (a game's, an action's, a snapshot's) carries a CRC-32 of its
cells (schema 2), checked as it is read: a flipped bit is a refusal naming the game and
the row, never another game. Actions are stored exactly as applied (key order and all).
A journal whose file or folder cannot be written is opened read-only (``read_only``).

In each action's row, the lines the table said of it (``said``: the narration in every
language, JSON, with its own checksum ``said_crc``), written with the action, so the game
log is read, never replayed. They can be said again from the actions: lines missing (a
journal older than them) or damaged are left out of :meth:`Journal.said` and filled again.

Its parts: :mod:`companion.journal_rows` (the schema, the records, the errors, the checksums
and the messages naming a damaged row) and :mod:`companion.journal_open` (the file made
private, and an existing one checked read-only before it is written to); every name is
importable from here too.
"""

from __future__ import annotations

import errno
import json
import sqlite3
from collections.abc import Mapping, Sequence
from pathlib import Path

from companion.journal_open import (
    FILE_MODE,
    FOLDER_MODE,
    can_write,
    check_existing,
    keep_private,
    private_file,
)
from companion.journal_rows import (
    ACTION_TEXT,
    APPLICATION_ID,
    ARCHIVED,
    CHECKED,
    GAME_TEXT,
    SAID_COLUMNS,
    SCHEMA,
    SCHEMA_VERSION,
    SNAPSHOTS,
    STATUSES,
    STORAGE_SAYS,
    ActionRecord,
    GameRecord,
    JournalError,
    StorageError,
    action_check,
    action_record,
    damaged,
    game_record,
    mismatch,
    row_check,
    said_check,
    unreadable_actions,
    unreadable_game,
    utc_now,
    version_number,
)
from companion.journal_rows import Transaction as _Transaction
from companion.rules.base import Action

__all__ = [
    "ACTION_TEXT",
    "APPLICATION_ID",
    "ARCHIVED",
    "CHECKED",
    "FILE_MODE",
    "FOLDER_MODE",
    "GAME_TEXT",
    "SAID_COLUMNS",
    "SCHEMA",
    "SCHEMA_VERSION",
    "SNAPSHOTS",
    "STATUSES",
    "STORAGE_SAYS",
    "ActionRecord",
    "GameRecord",
    "Journal",
    "JournalError",
    "StorageError",
    "action_check",
    "checksum_rows",
    "row_check",
    "said_check",
]


def checksum_rows(db: sqlite3.Connection) -> None:
    """Give every checked row the checksum of its cells as they are now (the migration of
    an older journal; tests make a row wrong but consistent with it), adding the column
    where it is missing. Inside the caller's transaction."""
    for table, cells in CHECKED.items():
        if db.execute("SELECT 1 FROM sqlite_master WHERE name=?", (table,)).fetchone() is None:
            continue
        columns = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
        if "crc" not in columns:
            db.execute(f"ALTER TABLE {table} ADD COLUMN crc INTEGER")
        # Text as its bytes: a cell that is not UTF-8 is checksummed, and named when read.
        read = ", ".join(
            f"CASE typeof({cell}) WHEN 'text' THEN CAST({cell} AS BLOB) ELSE {cell} END"
            for cell in cells
        )
        rows = db.execute(f"SELECT rowid, {read} FROM {table}").fetchall()
        db.executemany(
            f"UPDATE {table} SET crc=? WHERE rowid=?",
            [(row_check(table, row[1:]), row[0]) for row in rows],
        )


class Journal:
    """A journal file; ``Journal(path)`` creates it or checks an existing one."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        memory = str(path) == ":memory:"
        # A file or folder that takes no writes (a read-only mount, a card's lock switch):
        # the games are read and shown, every write is refused as a StorageError.
        self.read_only = False
        self.checked = True  # rows carry checksums (False: an old journal read read-only)
        if not memory and self.path.is_dir():
            raise JournalError(f"{self.path}: a folder, not a journal: name the journal file in it")
        try:
            existing = not memory and self.path.exists() and self.path.stat().st_size > 0
        except OSError as error:
            raise JournalError(f"{self.path}: cannot open the journal: {error.strerror}") from error
        version, uri = 0, ""
        if existing:
            self.read_only = not can_write(self.path)
            version, uri = check_existing(self.path, self.read_only)
        elif not memory:
            private_file(self.path)
        try:
            self._connect(uri, version)
        except sqlite3.Error as error:
            self._close_unopened()
            refused = StorageError(self.path, error, "cannot open the journal")
            if refused.kind != "failed":  # full or read-only: the storage's fault
                raise refused from error
            raise JournalError(f"{self.path}: cannot open the journal: {error}") from error
        except BaseException:
            self._close_unopened()
            raise
        self._crc = "crc" if self.checked else "NULL"  # the checksum's column, when there is one
        self.snapshots = self._has_table("snapshots")
        self.archive_kept = self._has_table("archived")
        self.said_kept = self._has_said()
        if not memory and not self.read_only:
            keep_private(self.path)

    def _connect(self, uri: str, version: int) -> None:
        """The connection: read-only by ``uri``, or read-write with the schema made or
        migrated (``version``: the file's, 0 for a new one)."""
        if self.read_only:
            self._db = sqlite3.connect(uri, uri=True, isolation_level=None)
            self.checked = version >= SCHEMA_VERSION
            if version == 0:
                raise StorageError(self.path, OSError(errno.EROFS, "read-only"))
            return
        self._db = sqlite3.connect(self.path, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        if not self._has_schema():
            self._create()
        elif version < SCHEMA_VERSION:
            self._migrate()

    def _close_unopened(self) -> None:
        """A journal that failed to open lets go of its file (safe mode moves it aside)."""
        db: sqlite3.Connection | None = getattr(self, "_db", None)
        if db is not None:
            db.close()

    def _has_table(self, name: str) -> bool:
        """Whether an optional table is there (snapshots, archived: each is added when first
        needed)."""
        row = self._db.execute("SELECT 1 FROM sqlite_master WHERE name=?", (name,)).fetchone()
        return row is not None

    def _has_said(self) -> bool:
        """The actions' said columns, added to a journal that takes writes and has none (a
        failure only means the game log is said again from the actions at each start)."""
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(actions)")}
        if "said" in columns or self.read_only:
            return "said" in columns
        try:
            with self._transaction():
                for column in SAID_COLUMNS:
                    self._db.execute(f"ALTER TABLE actions ADD COLUMN {column}")
        except JournalError:
            return False
        return True

    def _has_schema(self) -> bool:
        row = self._db.execute("SELECT 1 FROM sqlite_master WHERE name='meta'").fetchone()
        return row is not None

    def _create(self) -> None:
        with self._transaction():
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    self._db.execute(statement)
            self._put_meta("schema_version", str(SCHEMA_VERSION))
            self._db.execute(f"PRAGMA application_id={APPLICATION_ID}")

    def _migrate(self) -> None:
        """An older journal to schema 2 in one transaction: every row gets the checksum of
        its cells as they are (a row damaged before stays damaged, and is named when read)."""
        with self._transaction():
            checksum_rows(self._db)
            self._put_meta("schema_version", str(SCHEMA_VERSION))

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db, self.path)

    def writable(self) -> bool:
        """Try a small write: can the journal be written again? A journal opened read-only
        is opened again for writing once its file and folder take writes (the card's lock
        switch moved back, the mount made read-write)."""
        if self.read_only and not self._reopen():
            return False
        try:
            with self._transaction():
                self._put_meta("last_write", utc_now())
        except JournalError:
            return False
        return True

    def _reopen(self) -> bool:
        if not can_write(self.path):
            return False
        kept = self._db
        try:
            self.read_only = False
            version, _ = check_existing(self.path, self.read_only)
            self._connect("", version)
        except (JournalError, sqlite3.Error):
            if self._db is not kept:
                self._db.close()
            self.read_only, self._db = True, kept
            return False
        kept.close()
        self.checked = True  # written from here on: migrated if it was older
        self._crc = "crc"
        self.snapshots = self._has_table("snapshots")
        self.archive_kept = self._has_table("archived")
        self.said_kept = self._has_said()
        keep_private(self.path)
        return True

    def close(self) -> None:
        self._db.close()

    # --- games -------------------------------------------------------------------------

    def new_game(self, game: str, setup: Mapping[str, object]) -> GameRecord:
        text, created_at = json.dumps(dict(setup), ensure_ascii=False), utc_now()
        with self._transaction():
            cursor = self._db.execute(
                "INSERT INTO games (game, setup, created_at) VALUES (?, ?, ?)",
                (game, text, created_at),
            )
            game_id = cursor.lastrowid
            assert game_id is not None
            cells = (game_id, game, text, created_at, 0, "active")
            self._db.execute(
                "UPDATE games SET crc=? WHERE id=?", (row_check("games", cells), game_id)
            )
            self._set_current(game_id)
        return self.game(game_id)

    def set_current(self, game_id: int) -> None:
        """The game on the table (resumed from the menu): the one a restart picks up."""
        with self._transaction():
            self._set_current(game_id)

    def _set_current(self, game_id: int) -> None:
        self._put_meta("current_game", str(game_id))

    def game(self, game_id: int) -> GameRecord:
        """A game's record; a damaged row is a JournalError naming the game."""
        try:
            row = self._db.execute(
                f"SELECT id, game, setup, created_at, head, status, {self._crc} "
                "FROM games WHERE id=?",
                (game_id,),
            ).fetchone()
            archived = self._is_archived(game_id)
        except sqlite3.Error as error:
            raise unreadable_game(self._db, self.path, game_id, error) from error
        if row is None:
            raise JournalError(f"{self.path}: no game {game_id}")
        return game_record(self.path, game_id, row, archived, checked=self.checked)

    def latest_unfinished(self) -> GameRecord | None:
        """The game last on the table if it is unfinished, else the newest unfinished (an
        archived game is neither)."""
        current = self.current()
        shown = self._not_archived()
        if current is not None:
            row = self._db.execute(
                f"SELECT id FROM games WHERE id=? AND status='active' {shown}", (current,)
            ).fetchone()
            if row:
                return self.game(row[0])
        row = self._db.execute(
            f"SELECT id FROM games WHERE status='active' {shown} ORDER BY id DESC LIMIT 1"
        ).fetchone()
        return self.game(row[0]) if row else None

    def meta(self, key: str) -> str | None:
        """A value kept beside the games (the phones' tokens), or None (none, or a damaged
        row: the phones get new codes)."""
        try:
            row = self._db.execute(
                f"SELECT value, {self._crc} FROM meta WHERE key=?", (key,)
            ).fetchone()
        except sqlite3.Error:
            return None
        if row is None or (self.checked and row[1] != row_check("meta", (key, row[0]))):
            return None
        return str(row[0])

    def set_meta(self, key: str, value: str) -> None:
        with self._transaction():
            self._put_meta(key, value)

    def _put_meta(self, key: str, value: str) -> None:
        self._db.execute(
            "INSERT OR REPLACE INTO meta (key, value, crc) VALUES (?, ?, ?)",
            (key, value, row_check("meta", (key, value))),
        )

    def current(self) -> int | None:
        """The id of the game last on the table (None: none yet, or not a number). A row
        that does not match its checksum is refused: a restart would pick up another game."""
        try:
            row = self._db.execute(
                f"SELECT CAST(value AS BLOB), {self._crc} FROM meta WHERE key='current_game'"
            ).fetchone()
        except sqlite3.Error:
            return None
        if row is None:
            return None
        if self.checked and row[1] != row_check("meta", ("current_game", row[0])):
            raise JournalError(
                f"{self.path}: meta current_game: the row is damaged (it does not match its "
                "checksum: a changed bit); the journal was left untouched"
            )
        try:
            return version_number(row[0].decode("utf-8"))
        except (UnicodeDecodeError, AttributeError):  # not UTF-8 text: as if none
            return None

    def unfinished(self, limit: int = 10) -> list[GameRecord]:
        """The unfinished games not archived, newest first (at most ``limit``); a damaged
        one is left out (``companion games`` names it) rather than hiding all the others."""
        rows = self._db.execute(
            f"SELECT id FROM games WHERE status='active' {self._not_archived()} "
            "ORDER BY id DESC LIMIT ?",
            (limit,),
        )
        found = []
        for (game_id,) in rows.fetchall():
            try:
                found.append(self.game(game_id))
            except JournalError:
                continue
        return found

    def game_ids(self) -> list[int]:
        """Every game's id, archived ones included, oldest first."""
        return [int(row[0]) for row in self._db.execute("SELECT id FROM games ORDER BY id")]

    def games(self) -> list[GameRecord]:
        return [self.game(game_id) for game_id in self.game_ids()]

    def heads(self) -> tuple[tuple[int, int, str], ...]:
        """Every game's (id, head, status), oldest first, as the rows hold them unchecked:
        what changes when a game is played, ended or archived (a cheap key for what is
        read from the games; under a millisecond for 500)."""
        rows = self._db.execute("SELECT id, head, status FROM games ORDER BY id")
        return tuple((int(row[0]), int(row[1]), str(row[2])) for row in rows)

    def set_status(self, game_id: int, status: str) -> None:
        with self._transaction():
            self._update_game(game_id, status=status)

    def _update_game(
        self, game_id: int, head: int | None = None, status: str | None = None
    ) -> None:
        """Change a game's head or status, inside a transaction: its row is checked before
        it is sealed again, so a damaged row is never sealed as good."""
        cells = self._game_row(game_id)
        cells[4] = cells[4] if head is None else head
        cells[5] = cells[5] if status is None else status
        self._db.execute(
            "UPDATE games SET head=?, status=?, crc=? WHERE id=?",
            (cells[4], cells[5], row_check("games", cells), game_id),
        )

    def _game_row(self, game_id: int) -> list[object]:
        """A game's checked cells (``CHECKED["games"]``), read inside a write's transaction."""
        place = f"game {game_id}"
        try:
            row = self._db.execute(
                f"SELECT id, game, setup, created_at, head, status, {self._crc} "
                "FROM games WHERE id=?",
                (game_id,),
            ).fetchone()
        except sqlite3.OperationalError as error:
            if "decode" not in str(error).lower():
                raise  # the storage's fault: a StorageError from the transaction
            raise unreadable_game(self._db, self.path, game_id, error) from error
        if row is None:
            raise JournalError(f"{self.path}: no game {game_id}")
        if self.checked and row[6] != row_check("games", row[:6]):
            raise mismatch(self.path, place)
        if not isinstance(row[4], int) or row[4] < 0:
            raise damaged(self.path, place, "head", row[4])
        return list(row[:6])

    def check_whole(self) -> None:
        """Read every game's row and every action, checksums and all: a JournalError naming
        the first damaged one. Before a game is added: never write into a journal that
        cannot be read whole."""
        try:
            ids = self.game_ids()
            stray = self._db.execute(
                "SELECT min(game_id) FROM actions WHERE game_id NOT IN (SELECT id FROM games)"
            ).fetchone()[0]
        except sqlite3.Error as error:
            raise JournalError(f"{self.path}: cannot read the games: {error}") from error
        if stray is not None:
            raise JournalError(
                f"{self.path}: game {stray!r}: actions are stored for it but the journal has "
                "no such game (a damaged row); the journal was left untouched"
            )
        for game_id in ids:
            self.game(game_id)
            self.actions(game_id)

    # --- archive -----------------------------------------------------------------------

    def archive(self, game_ids: Sequence[int]) -> None:
        """Put games away (one transaction): kept whole, exported, no longer resumed."""
        with self._transaction():
            self._db.execute(ARCHIVED)
            self._db.executemany(
                "INSERT OR IGNORE INTO archived (game_id, at) VALUES (?, ?)",
                [(game_id, utc_now()) for game_id in game_ids],
            )

    def unarchive(self, game_ids: Sequence[int]) -> None:
        if not self._has_table("archived"):
            return
        with self._transaction():
            self._db.executemany(
                "DELETE FROM archived WHERE game_id=?", [(game_id,) for game_id in game_ids]
            )

    def _not_archived(self) -> str:
        """The SQL condition leaving archived games out (checked each time: `companion games`
        may archive while the table runs)."""
        if not self._has_table("archived"):
            return ""
        return "AND id NOT IN (SELECT game_id FROM archived)"

    def _is_archived(self, game_id: int) -> bool:
        if not self._has_table("archived"):
            return False
        query = "SELECT 1 FROM archived WHERE game_id=?"
        return self._db.execute(query, (game_id,)).fetchone() is not None

    # --- actions -----------------------------------------------------------------------

    def action_count(self, game_id: int) -> int:
        """How many actions are stored for a game, the redo stack included."""
        row = self._db.execute("SELECT count(*) FROM actions WHERE game_id=?", (game_id,))
        return int(row.fetchone()[0])

    def actions(self, game_id: int) -> list[ActionRecord]:
        """Every stored action of a game, the redo stack included, by sequence; a damaged
        or missing row is a JournalError naming the game and the action."""
        records: list[ActionRecord] = []
        known: dict[str, Action] = {}  # a long game repeats its actions: one object each
        rows = self._db.cursor()
        try:
            rows.execute(
                f"SELECT seq, at, seat, action, {self._crc} FROM actions "
                "WHERE game_id=? ORDER BY seq",
                (game_id,),
            )
            for expected, row in enumerate(rows, 1):
                records.append(
                    action_record(self.path, game_id, expected, row, known, checked=self.checked)
                )
        except sqlite3.Error as error:
            raise unreadable_actions(self._db, self.path, game_id, error) from error
        finally:
            # A refusal's traceback keeps this frame: an open statement would keep the
            # file open after close() (safe mode moves the journal aside right after).
            rows.close()
        return records

    def append(
        self,
        game_id: int,
        seat: int | None,
        action: Mapping[str, object],
        status: str | None = None,
        said: str | None = None,
    ) -> int:
        """Store an action after the head (dropping the redo stack), the lines the table
        said of it (``said``: JSON) and the game's new status if given, in one
        transaction; durable on return."""
        # As applied, key order and all: the rules may read a mapping in its order.
        text = json.dumps(dict(action), ensure_ascii=False)
        at = utc_now()
        with self._transaction():
            head = self._game_row(game_id)[4]
            assert isinstance(head, int)  # checked by _game_row
            self._db.execute("DELETE FROM actions WHERE game_id=? AND seq>?", (game_id, head))
            if self.snapshots:  # states after the head belonged to the history just dropped
                self._db.execute(
                    "DELETE FROM snapshots WHERE game_id=? AND head>?", (game_id, head)
                )
            self._db.execute(
                "INSERT INTO actions (game_id, seq, at, seat, action, crc) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    head + 1,
                    at,
                    seat,
                    text,
                    action_check(game_id, head + 1, at, seat, text),
                ),
            )
            if said is not None and self.said_kept:
                self._put_said(game_id, head + 1, said)
            self._update_game(game_id, head + 1, status)
        return head + 1

    def set_head(self, game_id: int, head: int, status: str | None = None) -> None:
        with self._transaction():
            self._update_game(game_id, head, status)

    # --- what the table said of each action (the game log) ----------------------------

    def keep_said(self, game_id: int, rows: Sequence[tuple[int, str]]) -> None:
        """Keep lines said again from the actions (``(seq, lines)``: an older journal's,
        once); a failure (read-only, full) only means they are said again next start."""
        if not self.said_kept or not rows:
            return
        try:
            with self._transaction():
                for seq, lines in rows:
                    self._put_said(game_id, seq, lines)
        except (sqlite3.Error, JournalError):
            return

    def _put_said(self, game_id: int, seq: int, lines: str) -> None:
        self._db.execute(
            "UPDATE actions SET said=?, said_crc=? WHERE game_id=? AND seq=?",
            (lines, said_check(game_id, seq, lines), game_id, seq),
        )

    def said(self, game_id: int) -> dict[int, str]:
        """The lines kept of each action (the redo stack's too), by sequence: the JSON
        text as written. A row that does not match its checksum, or cannot be read, is
        left out (it is said again from the actions)."""
        if not self.said_kept:
            return {}
        try:
            rows = self._db.execute(
                "SELECT seq, said, said_crc FROM actions WHERE game_id=? AND said IS NOT NULL",
                (game_id,),
            ).fetchall()
        except sqlite3.Error:
            return {}
        kept: dict[int, str] = {}
        for seq, lines, check in rows:
            if not isinstance(seq, int) or not isinstance(lines, str):
                continue
            if check != said_check(game_id, seq, lines):
                continue
            kept[seq] = lines
        return kept

    # --- snapshots (a cache of states) ---------------------------------------------------

    def keep_snapshot(self, game_id: int, head: int, state: str) -> None:
        """Keep the state after ``head`` actions; a failure only costs a longer replay."""
        try:
            with self._transaction():
                self._db.execute(SNAPSHOTS)
                self.snapshots = True
                cells = (game_id, head, state)
                self._db.execute(
                    "INSERT OR REPLACE INTO snapshots (game_id, head, state, crc) "
                    "VALUES (?, ?, ?, ?)",
                    (*cells, row_check("snapshots", cells)),
                )
        except (sqlite3.Error, JournalError):
            return

    def snapshot(self, game_id: int, at_most: int) -> tuple[int, str] | None:
        """The latest kept state at or before ``at_most`` actions: (head, state)."""
        if not self.snapshots:
            return None
        try:
            row = self._db.execute(
                f"SELECT head, state, {self._crc} FROM snapshots WHERE game_id=? AND head<=? "
                "ORDER BY head DESC LIMIT 1",
                (game_id, at_most),
            ).fetchone()
        except sqlite3.Error:  # a cache: one that does not read costs a longer replay
            return None
        if row is None or not isinstance(row[0], int) or row[0] < 0:
            return None
        # A snapshot that does not match its checksum is ignored like any damaged one: the
        # actions are replayed from the start instead (they are checked row by row).
        if self.checked and row[2] != row_check("snapshots", (game_id, row[0], row[1])):
            return None
        return (row[0], str(row[1]))
