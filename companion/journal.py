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
"""

from __future__ import annotations

import errno
import json
import os
import sqlite3
import time
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from companion.rules.base import JSON

SCHEMA_VERSION = 2  # 2: a checksum on every games, actions and snapshots row
APPLICATION_ID = 0x5161_6C01  # "Sigil" v1: marks the file as ours for `file(1)` and us

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL, crc INTEGER);
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    setup TEXT NOT NULL,
    created_at TEXT NOT NULL,
    head INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished')),
    crc INTEGER
);
CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    at TEXT NOT NULL,
    seat INTEGER,
    action TEXT NOT NULL,
    crc INTEGER,
    said TEXT,
    said_crc INTEGER,
    PRIMARY KEY (game_id, seq)
);
"""
# Games put away by ``companion games archive``: kept whole, no longer offered to resume.
# Added at the first archive, like the snapshots (readers of schema 1 ignore it).
ARCHIVED = """
CREATE TABLE IF NOT EXISTS archived (
    game_id INTEGER PRIMARY KEY REFERENCES games(id),
    at TEXT NOT NULL
)
"""
STATUSES = ("active", "finished")
GAME_TEXT = ("game", "setup", "created_at", "status")  # the text cells, to find one not UTF-8
ACTION_TEXT = ("at", "action")
# A cache, not the truth: the state after ``head`` actions, so resuming a long game replays
# only what follows. Added to older journals as they open (readers of schema 1 ignore it).
SNAPSHOTS = """
CREATE TABLE IF NOT EXISTS snapshots (
    game_id INTEGER NOT NULL REFERENCES games(id),
    head INTEGER NOT NULL,
    state TEXT NOT NULL,
    crc INTEGER,
    PRIMARY KEY (game_id, head)
)
"""
# What the table said of each action, by language ({"en": [...], "ru": [...]}), in the
# action's row: the game log, kept so that it is never replayed (a row past the head keeps
# its lines for a redo). Added to older journals' rows as they open (readers of schema 2
# ignore the columns); checksummed apart, as row_check("said", (game_id, seq, said)).
SAID_COLUMNS = ("said TEXT", "said_crc INTEGER")
# The cells of each checked row, in the order the checksum covers them.
CHECKED = {
    "meta": ("key", "value"),  # which game a restart picks up, the schema, the phones' tokens
    "games": ("id", "game", "setup", "created_at", "head", "status"),
    "actions": ("game_id", "seq", "at", "seat", "action"),
    "snapshots": ("game_id", "head", "state"),
}
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
    archived: bool = False


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
    except FileExistsError as error:  # a file where the folder (or one above it) should be
        raise JournalError(
            f"{path}: cannot create the journal's folder {path.parent}: a file is in the way"
        ) from error
    except OSError as error:
        raise StorageError(
            path, error, f"cannot create the journal's folder {path.parent}"
        ) from error
    try:
        descriptor = os.open(path, os.O_CREAT | os.O_WRONLY, FILE_MODE)
        os.close(descriptor)
    except OSError as error:
        raise StorageError(path, error, "cannot create the journal") from error
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


def _cell(value: object) -> bytes:
    """A cell as the checksum sees it: text by its UTF-8 bytes (as SQLite keeps it, so a
    row read as blobs checks the same), with its length so no two rows run together."""
    if value is None:
        return b"-"
    if isinstance(value, int):
        return b"%d" % value
    if isinstance(value, str):
        value = value.encode("utf-8", "surrogateescape")
    if isinstance(value, bytes):
        return b"%d:%b" % (len(value), value)
    return repr(value).encode()


def row_check(table: str, cells: Sequence[object]) -> int:
    """The CRC-32 of a row's cells (``CHECKED[table]``, in that order): any one flipped
    bit, and any burst of up to 32, changes it."""
    return zlib.crc32(b"|".join([table.encode(), *map(_cell, cells)]))


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


def action_check(game_id: int, seq: int, at: str, seat: int | None, text: str) -> int:
    """``row_check("actions", ...)`` for cells of the right types, without the generic
    walk: a resume checks every action (10,000 of them in a long game)."""
    who = "-" if seat is None else seat
    if at.isascii() and text.isascii():  # the usual case: lengths in characters are bytes
        row = f"actions|{game_id}|{seq}|{len(at)}:{at}|{who}|{len(text)}:{text}"
        return zlib.crc32(row.encode())
    when, action = at.encode("utf-8", "surrogateescape"), text.encode("utf-8", "surrogateescape")
    head = f"actions|{game_id}|{seq}|{len(when)}:".encode()
    return zlib.crc32(b"%b%b|%b|%d:%b" % (head, when, str(who).encode(), len(action), action))


def said_check(game_id: int, seq: int, lines: str) -> int:
    """``row_check("said", (game_id, seq, lines))`` without the generic walk: a resume
    checks every action's lines."""
    text = lines.encode("utf-8", "surrogateescape")
    return zlib.crc32(b"said|%d|%d|%d:%b" % (game_id, seq, len(text), text))


def _version(value: object) -> int | None:
    """A schema version as written (ASCII digits); None for anything else ('²', '1.0')."""
    text = str(value)
    return int(text) if text.isascii() and text.isdigit() and len(text) < 10 else None


def _can_write(path: Path) -> bool:
    """Whether the file and its folder take writes (a read-only mount, an immutable file
    or, for another user, the modes: ``access`` says so for root too)."""
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)


class Journal:
    """A journal file; ``Journal(path)`` creates it or checks an existing one."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        memory = str(path) == ":memory:"
        # A file or folder that takes no writes (a read-only mount, a card's lock switch):
        # the games are read and shown, every write is refused as a StorageError.
        self.read_only = False
        self.checked = True  # rows carry checksums (False: an old journal read read-only)
        try:
            existing = not memory and self.path.exists() and self.path.stat().st_size > 0
        except OSError as error:
            raise JournalError(f"{self.path}: cannot open the journal: {error.strerror}") from error
        version, uri = 0, ""
        if existing:
            self.read_only = not _can_write(self.path)
            version, uri = self._check_existing()
        elif not memory:
            _private_file(self.path)
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
            _keep_private(self.path)

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

    # --- checks ----------------------------------------------------------------------

    def _check_existing(self) -> tuple[int, str]:
        """Read-only checks first, so that a bad file is never written to: the schema
        version (0: no tables yet) and the URI that reads the file read-only."""
        uri = f"file:{quote(str(self.path))}?mode=ro"
        try:
            return self._probe(uri), uri
        except sqlite3.OperationalError as error:
            # A WAL journal in a read-only folder without its -shm file: SQLite reads it
            # only as immutable, which is right only when no change waits in the -wal.
            if not self.read_only or "unable to open" not in str(error):
                raise self._not_ours(error) from error
        wal = Path(f"{self.path}-wal")
        if wal.exists() and wal.stat().st_size > 0:
            raise JournalError(
                f"{self.path}: cannot be read in a read-only folder: its last changes are "
                f"still in {wal.name}; open it once where it can be written"
            )
        uri = f"{uri}&immutable=1"
        try:
            return self._probe(uri), uri
        except sqlite3.Error as error:
            raise self._not_ours(error) from error

    def _not_ours(self, error: sqlite3.Error) -> JournalError:
        return JournalError(
            f"{self.path}: not a companion journal ({error}); it was left untouched"
        )

    def _probe(self, uri: str) -> int:
        where = str(self.path)
        probe = sqlite3.connect(uri, uri=True)
        try:
            try:
                ok = probe.execute("PRAGMA quick_check").fetchone()
            except UnicodeDecodeError:  # SQLite's own report quotes the damaged bytes
                ok = ("its check names bytes that are not text",)
            if not ok or ok[0] != "ok":
                raise JournalError(
                    f"{where}: the journal is damaged ({ok[0] if ok else '?'}); "
                    "it was left untouched"
                )
            tables = {row[0] for row in probe.execute("SELECT name FROM sqlite_master")}
            if not tables:
                return 0
            if "meta" not in tables:
                raise JournalError(
                    f"{where}: not a companion journal (no meta table); it was left untouched"
                )
            checked = any(c[1] == "crc" for c in probe.execute("PRAGMA table_info(meta)"))
            try:
                row = probe.execute(
                    f"SELECT value, {'crc' if checked else 'NULL'} FROM meta "
                    "WHERE key='schema_version'"
                ).fetchone()
            except sqlite3.OperationalError as error:  # not UTF-8
                raise JournalError(
                    f"{where}: not a companion journal (its schema version is not text: "
                    f"{error}); it was left untouched"
                ) from error
            if row is None:
                raise JournalError(f"{where}: not a companion journal (no schema version)")
            if checked and row[1] != row_check("meta", ("schema_version", row[0])):
                raise JournalError(
                    f"{where}: meta schema_version: the row is damaged (it does not match its "
                    "checksum: a changed bit); the journal was left untouched"
                )
            version = _version(row[0])
            if version is None or version < 1:
                shown = repr(row[0]) if len(repr(row[0])) <= 40 else f"{repr(row[0])[:37]}..."
                raise JournalError(
                    f"{where}: not a companion journal (its schema version {shown} is not a "
                    "version number); it was left untouched"
                )
            if version > SCHEMA_VERSION:
                raise JournalError(
                    f"{where}: written by a newer companion (journal schema {version}; this "
                    f"one reads up to {SCHEMA_VERSION}); update the companion. The file was "
                    "left untouched"
                )
            if not {"games", "actions"} <= tables:
                raise JournalError(f"{where}: the journal is missing its tables; left untouched")
            return version
        except sqlite3.OperationalError:
            raise
        except sqlite3.DatabaseError as error:
            raise self._not_ours(error) from error
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
                self._put_meta("last_write", _now())
        except JournalError:
            return False
        return True

    def _reopen(self) -> bool:
        if not _can_write(self.path):
            return False
        kept = self._db
        try:
            self.read_only = False
            version, _ = self._check_existing()
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
        _keep_private(self.path)
        return True

    def close(self) -> None:
        self._db.close()

    # --- games -------------------------------------------------------------------------

    def new_game(self, game: str, setup: Mapping[str, object]) -> GameRecord:
        text, created_at = json.dumps(dict(setup), ensure_ascii=False), _now()
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
        place = f"game {game_id}"
        try:
            row = self._db.execute(
                f"SELECT id, game, setup, created_at, head, status, {self._crc} "
                "FROM games WHERE id=?",
                (game_id,),
            ).fetchone()
            archived = self._is_archived(game_id)
        except sqlite3.Error as error:
            raise self._unreadable(
                place, error, table="games", key="id", columns=GAME_TEXT, match=("id", game_id)
            ) from error
        if row is None:
            raise JournalError(f"{self.path}: no game {game_id}")
        number, game, text, created_at, head, status, check = row
        setup = self._json(place, "setup", text)
        if not isinstance(game, str) or not game:
            raise self._damaged(place, "game name", game)
        if not isinstance(setup, dict):
            raise self._damaged(place, "setup", setup)
        if not isinstance(created_at, str):
            raise self._damaged(place, "creation time", created_at)
        if not isinstance(head, int) or head < 0:
            raise self._damaged(place, "head", head)
        if status not in STATUSES:
            raise self._damaged(place, "status", status)
        if self.checked and check != row_check("games", row[:6]):
            raise self._mismatch(place)
        return GameRecord(number, game, setup, created_at, head, status, archived)

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
            return _version(row[0].decode("utf-8"))
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
            raise self._unreadable(
                place, error, table="games", key="id", columns=GAME_TEXT, match=("id", game_id)
            ) from error
        if row is None:
            raise JournalError(f"{self.path}: no game {game_id}")
        if self.checked and row[6] != row_check("games", row[:6]):
            raise self._mismatch(place)
        if not isinstance(row[4], int) or row[4] < 0:
            raise self._damaged(place, "head", row[4])
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
                [(game_id, _now()) for game_id in game_ids],
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
        known: dict[str, JSON] = {}  # a long game repeats its actions: one object each
        rows = self._db.cursor()
        try:
            rows.execute(
                f"SELECT seq, at, seat, action, {self._crc} FROM actions "
                "WHERE game_id=? ORDER BY seq",
                (game_id,),
            )
            for expected, row in enumerate(rows, 1):
                records.append(self._record(game_id, expected, row, known))
        except sqlite3.Error as error:
            raise self._unreadable(
                f"game {game_id}",
                error,
                table="actions",
                key="seq",
                columns=ACTION_TEXT,
                match=("game_id", game_id),
            ) from error
        finally:
            # A refusal's traceback keeps this frame: an open statement would keep the
            # file open after close() (safe mode moves the journal aside right after).
            rows.close()
        return records

    def _record(
        self, game_id: int, expected: int, row: tuple[object, ...], known: dict[str, JSON]
    ) -> ActionRecord:
        """One action's row, checked (its place in words only when it is refused: a resume
        reads every row)."""
        seq, at, seat, text, check = row
        if seq != expected:
            raise JournalError(
                f"{self.path}: game {game_id}, action {expected}: missing (the next stored "
                f"is {seq!r}); the journal was left untouched"
            )
        action = known.get(text) if isinstance(text, str) else None
        if action is None:
            action = self._action(f"game {game_id}, action {seq}", text)
            if isinstance(text, str):
                known[text] = action
        if not isinstance(at, str):
            raise self._damaged(f"game {game_id}, action {seq}", "time", at)
        if seat is not None and not isinstance(seat, int):
            raise self._damaged(f"game {game_id}, action {seq}", "seat", seat)
        if not isinstance(text, str):  # JSON in a blob: not what was written
            raise self._damaged(f"game {game_id}, action {seq}", "action", text)
        if self.checked and check != action_check(game_id, expected, at, seat, text):
            raise self._mismatch(f"game {game_id}, action {seq}")
        return ActionRecord(expected, at, seat, action)

    def _action(self, place: str, text: object) -> JSON:
        action = self._json(place, "action", text)
        if not isinstance(action, dict):
            raise JournalError(f"{self.path}: {place}: not a mapping")
        return action

    # --- damaged rows --------------------------------------------------------------------

    def _json(self, place: str, what: str, text: object) -> JSON:
        try:
            value: JSON = json.loads(text)  # type: ignore[arg-type]  # checked just below
        except (ValueError, TypeError, RecursionError) as error:
            reason = "too deeply nested" if isinstance(error, RecursionError) else str(error)
            raise JournalError(f"{self.path}: {place}: {what} is not JSON ({reason})") from error
        return value

    def _mismatch(self, place: str) -> JournalError:
        return JournalError(
            f"{self.path}: {place}: the row is damaged (it does not match its checksum: a "
            "changed bit); the journal was left untouched"
        )

    def _damaged(self, place: str, what: str, value: object) -> JournalError:
        shown = repr(value)
        shown = shown if len(shown) <= 40 else f"{shown[:37]}..."
        return JournalError(
            f"{self.path}: {place}: the {what} is damaged ({shown}); the journal was left untouched"
        )

    def _unreadable(
        self,
        place: str,
        error: sqlite3.Error,
        *,
        table: str,
        key: str,
        columns: tuple[str, ...],
        match: tuple[str, int],
    ) -> JournalError:
        """A read that failed: the row and column that is not UTF-8 when that is the cause
        (SQLite says "Could not decode to UTF-8" without the row), else SQLite's words."""
        cast = ", ".join(f"CAST({column} AS BLOB)" for column in columns)
        try:
            rows = self._db.execute(
                f"SELECT {key}, {cast} FROM {table} WHERE {match[0]}=?", (match[1],)
            )
            for found, *cells in rows:
                for column, cell in zip(columns, cells, strict=True):
                    if not isinstance(cell, bytes):
                        continue
                    try:
                        cell.decode("utf-8")
                    except UnicodeDecodeError as bad:
                        row = place if table == "games" else f"{place}, action {found}"
                        return JournalError(
                            f"{self.path}: {row}: the {column} is not UTF-8 text (byte "
                            f"0x{cell[bad.start]:02x} at {bad.start}); the journal was left "
                            "untouched"
                        )
        except sqlite3.Error:
            pass
        return JournalError(f"{self.path}: {place}: cannot read the journal: {error}")

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
        at = _now()
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


STORAGE_SAYS = {
    "full": "the storage is full",
    "read_only": "the storage is read-only",
    "failed": "the storage fails",
}


class StorageError(JournalError):
    """The journal cannot be written now (a full disk, a read-only file, a removed USB
    stick): nothing of the failed change was kept. ``kind`` is "full", "read_only" or
    "failed"; the table goes on read-only and tries again."""

    def __init__(
        self, path: Path, error: sqlite3.Error | OSError, doing: str = "cannot write the journal"
    ) -> None:
        if isinstance(error, OSError):
            said = error.strerror or str(error)
            if error.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
                self.kind = "full"
            elif error.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
                self.kind = "read_only"
            else:
                self.kind = "failed"
        else:
            said = str(error)
            lowered = said.lower()
            if "full" in lowered:
                self.kind = "full"
            elif "readonly" in lowered or "read-only" in lowered or "read only" in lowered:
                self.kind = "read_only"
            else:
                self.kind = "failed"
        super().__init__(f"{path}: {doing}: {STORAGE_SAYS[self.kind]} ({said})")


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT``, or ``ROLLBACK`` on any error; a write the
    storage refuses becomes a :class:`StorageError` with nothing kept."""

    def __init__(self, db: sqlite3.Connection, path: Path) -> None:
        self._db = db
        self._path = path

    def __enter__(self) -> None:
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise StorageError(self._path, error) from error

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        if kind is None:
            try:
                self._db.execute("COMMIT")
            except sqlite3.Error as failed:
                self._rollback()
                raise StorageError(self._path, failed) from failed
            return
        self._rollback()
        if isinstance(error, sqlite3.OperationalError | sqlite3.DatabaseError) and not isinstance(
            error, sqlite3.IntegrityError
        ):
            raise StorageError(self._path, error) from error

    def _rollback(self) -> None:
        if self._db.in_transaction:
            try:
                self._db.execute("ROLLBACK")
            except sqlite3.Error:
                return
