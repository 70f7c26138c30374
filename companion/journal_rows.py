"""What the journal stores, row by row: the schema, the records read back, the errors, the
CRC-32 that seals each row (schema 2) and the messages naming a row that fails its checks.

Every checked row's checksum covers its cells (``CHECKED[table]``, in that order) as
:func:`row_check` reads them; :func:`action_check` and :func:`said_check` are the same sums
without the generic walk, for the rows a resume reads by the thousand. A change is written in
one :class:`Transaction`: a write the storage refuses is a :class:`StorageError` with nothing
kept.
"""

from __future__ import annotations

import errno
import json
import sqlite3
import time
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from companion.rules.base import JSON, Action, Setup

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


class JournalError(Exception):
    """The journal cannot be used; the message names the file and the reason."""


@dataclass(frozen=True)
class GameRecord:
    id: int
    game: str
    setup: Setup
    created_at: str
    head: int
    status: str
    archived: bool = False


@dataclass(frozen=True)
class ActionRecord:
    seq: int
    at: str
    seat: int | None
    action: Action


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


class Transaction:
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


def utc_now() -> str:
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


def version_number(value: object) -> int | None:
    """A schema version as written (ASCII digits); None for anything else ('²', '1.0')."""
    text = str(value)
    return int(text) if text.isascii() and text.isdigit() and len(text) < 10 else None


# --- a row read back as a record, checked ----------------------------------------------


def game_record(
    path: Path, game_id: int, row: tuple[object, ...], archived: bool, *, checked: bool
) -> GameRecord:
    """A game's row (``CHECKED["games"]`` and its checksum), checked: a JournalError
    naming the game and the damaged cell."""
    number, game, text, created_at, head, status, check = row
    place = f"game {game_id}"
    setup = parse_json(path, place, "setup", text)
    if not isinstance(game, str) or not game:
        raise damaged(path, place, "game name", game)
    if not isinstance(setup, dict):
        raise damaged(path, place, "setup", setup)
    if not isinstance(created_at, str):
        raise damaged(path, place, "creation time", created_at)
    if not isinstance(head, int) or head < 0:
        raise damaged(path, place, "head", head)
    if status not in STATUSES:
        raise damaged(path, place, "status", status)
    if checked and check != row_check("games", row[:6]):
        raise mismatch(path, place)
    assert isinstance(number, int)  # the primary key
    return GameRecord(number, game, setup, created_at, head, status, archived)


def action_record(
    path: Path,
    game_id: int,
    expected: int,
    row: tuple[object, ...],
    known: dict[str, Action],
    *,
    checked: bool,
) -> ActionRecord:
    """One action's row, checked (its place in words only when it is refused: a resume
    reads every row)."""
    seq, at, seat, text, check = row
    if seq != expected:
        raise JournalError(
            f"{path}: game {game_id}, action {expected}: missing (the next stored "
            f"is {seq!r}); the journal was left untouched"
        )
    action = known.get(text) if isinstance(text, str) else None
    if action is None:
        action = action_mapping(path, f"game {game_id}, action {seq}", text)
        if isinstance(text, str):
            known[text] = action
    if not isinstance(at, str):
        raise damaged(path, f"game {game_id}, action {seq}", "time", at)
    if seat is not None and not isinstance(seat, int):
        raise damaged(path, f"game {game_id}, action {seq}", "seat", seat)
    if not isinstance(text, str):  # a blob, not text: not what was written
        raise damaged(path, f"game {game_id}, action {seq}", "action", text)
    if checked and check != action_check(game_id, expected, at, seat, text):
        raise mismatch(path, f"game {game_id}, action {seq}")
    return ActionRecord(expected, at, seat, action)


# --- the messages naming a row that fails its checks ------------------------------------


def parse_json(path: Path, place: str, what: str, text: object) -> object:
    """The value a cell's text holds; its callers check its shape."""
    try:
        value: object = json.loads(text)  # type: ignore[arg-type]  # a TypeError if not text
    except (ValueError, TypeError, RecursionError) as error:
        reason = "too deeply nested" if isinstance(error, RecursionError) else str(error)
        raise JournalError(f"{path}: {place}: {what} is not JSON ({reason})") from error
    return value


def action_mapping(path: Path, place: str, text: object) -> JSON:
    action = parse_json(path, place, "action", text)
    if not isinstance(action, dict):
        raise JournalError(f"{path}: {place}: not a mapping")
    return action


def mismatch(path: Path, place: str) -> JournalError:
    return JournalError(
        f"{path}: {place}: the row is damaged (it does not match its checksum: a "
        "changed bit); the journal was left untouched"
    )


def damaged(path: Path, place: str, what: str, value: object) -> JournalError:
    shown = repr(value)
    shown = shown if len(shown) <= 40 else f"{shown[:37]}..."
    return JournalError(
        f"{path}: {place}: the {what} is damaged ({shown}); the journal was left untouched"
    )


def unreadable(
    db: sqlite3.Connection,
    path: Path,
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
        rows = db.execute(f"SELECT {key}, {cast} FROM {table} WHERE {match[0]}=?", (match[1],))
        for found, *cells in rows:
            for column, cell in zip(columns, cells, strict=True):
                if not isinstance(cell, bytes):
                    continue
                try:
                    cell.decode("utf-8")
                except UnicodeDecodeError as bad:
                    row = place if table == "games" else f"{place}, action {found}"
                    return JournalError(
                        f"{path}: {row}: the {column} is not UTF-8 text (byte "
                        f"0x{cell[bad.start]:02x} at {bad.start}); the journal was left "
                        "untouched"
                    )
    except sqlite3.Error:
        pass
    return JournalError(f"{path}: {place}: cannot read the journal: {error}")


def unreadable_game(
    db: sqlite3.Connection, path: Path, game_id: int, error: sqlite3.Error
) -> JournalError:
    return unreadable(
        db,
        path,
        f"game {game_id}",
        error,
        table="games",
        key="id",
        columns=GAME_TEXT,
        match=("id", game_id),
    )


def unreadable_actions(
    db: sqlite3.Connection, path: Path, game_id: int, error: sqlite3.Error
) -> JournalError:
    return unreadable(
        db,
        path,
        f"game {game_id}",
        error,
        table="actions",
        key="seq",
        columns=ACTION_TEXT,
        match=("game_id", game_id),
    )
