"""The players' names a table used lately: a small text file beside the journal.

One name a line, the most recent first, at most :data:`KEPT`. The menu's new game offers
them for each seat. The file is a convenience: one that cannot be read or written is
treated as empty (logged), never as an error that stops the table.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path

from companion.library import write_atomically

log = logging.getLogger("companion.recent")

KEPT = 12
MAX_LENGTH = 40  # a name longer than this is no name a table typed


def path_for(journal: Path) -> Path | None:
    """The file beside ``journal`` (None for a journal in memory: nothing is kept)."""
    if str(journal) == ":memory:":
        return None
    return journal.parent / "recent-players.txt"


def merged(newest: Sequence[str], older: Sequence[str]) -> tuple[str, ...]:
    """``newest`` first (in their order), then the older names not among them."""
    names: list[str] = []
    for given in (*newest, *older):
        name = given.strip()
        if name and len(name) <= MAX_LENGTH and name not in names:
            names.append(name)
    return tuple(names[:KEPT])


def read(path: Path | None) -> tuple[str, ...]:
    if path is None or not path.exists():
        return ()
    try:
        return merged(path.read_text(encoding="utf-8").splitlines(), ())
    except (OSError, UnicodeDecodeError) as error:
        log.warning("%s: the recent names cannot be read (%s); none offered", path, error)
        return ()


def write(path: Path | None, names: Sequence[str]) -> None:
    """Replace the file with ``names`` (atomically: a cut never leaves half a list), its
    owner's alone (0600): who plays at this table is nobody else's business."""
    if path is None:
        return
    try:
        write_atomically(path, "".join(f"{name}\n" for name in names))
    except OSError as error:
        log.warning("%s: the recent names cannot be kept (%s)", path, error)
