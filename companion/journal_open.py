"""Opening a journal file: its folder (0700) and file (0600) made private, and an existing
file checked read-only before anything is written to it (:func:`check_existing`: the schema
version it was written with, refused with a message when the file is not a journal, is
damaged or comes from a newer companion), with the URI that reads it read-only.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from urllib.parse import quote

from companion.journal_rows import (
    SCHEMA_VERSION,
    JournalError,
    StorageError,
    row_check,
    version_number,
)

FILE_MODE = 0o600  # the hidden vote is in the journal: no other user reads it
FOLDER_MODE = 0o700


def private_file(path: Path) -> None:
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
    keep_private(path)


def keep_private(path: Path) -> None:
    """The journal and its WAL and shared-memory files: 0600 (best effort: not our file)."""
    for name in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        try:
            if name.exists() and name.stat().st_mode & 0o077:
                name.chmod(FILE_MODE)
        except OSError:
            continue


def can_write(path: Path) -> bool:
    """Whether the file and its folder take writes (a read-only mount, an immutable file
    or, for another user, the modes: ``access`` says so for root too)."""
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)


def check_existing(path: Path, read_only: bool) -> tuple[int, str]:
    """Read-only checks first, so that a bad file is never written to: the schema
    version (0: no tables yet) and the URI that reads the file read-only."""
    uri = f"file:{quote(str(path))}?mode=ro"
    try:
        return probe_version(path, uri), uri
    except sqlite3.OperationalError as error:
        # A WAL journal in a read-only folder without its -shm file: SQLite reads it
        # only as immutable, which is right only when no change waits in the -wal.
        if not read_only or "unable to open" not in str(error):
            raise not_ours(path, error) from error
    wal = Path(f"{path}-wal")
    if wal.exists() and wal.stat().st_size > 0:
        raise JournalError(
            f"{path}: cannot be read in a read-only folder: its last changes are "
            f"still in {wal.name}; open it once where it can be written"
        )
    uri = f"{uri}&immutable=1"
    try:
        return probe_version(path, uri), uri
    except sqlite3.Error as error:
        raise not_ours(path, error) from error


def not_ours(path: Path, error: sqlite3.Error) -> JournalError:
    return JournalError(f"{path}: not a companion journal ({error}); it was left untouched")


def probe_version(path: Path, uri: str) -> int:
    """The schema version of the file ``uri`` reads (0: no tables yet); a JournalError
    naming the file when it is damaged, not a journal, or from a newer companion."""
    where = str(path)
    probe = sqlite3.connect(uri, uri=True)
    try:
        try:
            ok = probe.execute("PRAGMA quick_check").fetchone()
        except UnicodeDecodeError:  # SQLite's own report quotes the damaged bytes
            ok = ("its check names bytes that are not text",)
        if not ok or ok[0] != "ok":
            raise JournalError(
                f"{where}: the journal is damaged ({ok[0] if ok else '?'}); it was left untouched"
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
                f"SELECT value, {'crc' if checked else 'NULL'} FROM meta WHERE key='schema_version'"
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
        version = version_number(row[0])
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
        raise not_ours(path, error) from error
    finally:
        probe.close()
