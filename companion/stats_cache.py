"""What the statistics keep of each finished game between two readings, so that a journal
of hundreds of games is told in a moment: each game's :class:`~companion.stats_replay.Played`
(its players, winners, lengths and digest: a few hundred bytes) in one meta row of the
journal (``stats_cache``), like the snapshots a cache and never the truth.

A game's entry is used only while its key holds: its creation time, head, status, the
version of its game's digest, and a seal over every action row the game has (the redo stack
too, as the replay reads them): how many, and two sums of their stored checksums. The seal is
made only when each of those rows still matches its checksum, checked here as the journal
checks a row it reads (:func:`companion.journal.action_check`); a game with a damaged row has
no seal, so it is never told from the cache: it is replayed, and the replay names the row
and leaves the game out, as it would without the cache. A finished game whose last action
was undone and played otherwise has another row, so another seal, and is replayed. The rows
are read in one query on a read-only connection of their own, as bytes (a CRC-32 each; the
Journal reads actions whole, parsed, and whole actions are what the cache saves reading):
about 0.1 s for 500 games here.

A cache that cannot be read (damaged, from another version) is as none; one that cannot be
written (a read-only card, a journal another thread holds, an older journal the command
only reads) only costs the next reading a replay.
"""

from __future__ import annotations

import json
import sqlite3
import zlib
from dataclasses import asdict, replace
from pathlib import Path
from urllib.parse import quote

from companion.games.spec import AnySpec
from companion.journal import SAID_COLUMNS, SCHEMA_VERSION, GameRecord, Journal, JournalError
from companion.journal_open import can_write
from companion.rules.reading import mapping
from companion.stats_replay import Played

META_KEY = "stats_cache"
CACHE_VERSION = 1  # the shape of an entry (Played's fields); another shape: all replayed


class StatsCache:
    """The games told before, by id: each ``(key, Played)``."""

    def __init__(self, journal: Journal) -> None:
        self.journal = journal
        self.entries: dict[int, tuple[str, Played]] = {}
        self.seals = game_seals(journal)
        self.changed = False
        self._read()

    def _read(self) -> None:
        try:
            text = self.journal.meta(META_KEY)
            data = mapping(json.loads(text)) if text else {}
        except (JournalError, ValueError, RecursionError):
            return
        if data.get("version") != CACHE_VERSION:
            return
        for game_id, entry in mapping(data.get("games")).items():
            try:
                if not isinstance(entry, list) or len(entry) != 2:
                    raise ValueError(entry)
                played = Played(**mapping(entry[1]))  # type: ignore[arg-type]  # checked below
                self.entries[int(game_id)] = (str(entry[0]), _checked(played))
            except (TypeError, ValueError):
                self.changed = True  # a damaged entry: written again without it
                continue

    def key(self, record: GameRecord, spec: AnySpec) -> str | None:
        """The game's key (None: a row of its actions is damaged or could not be read:
        not cached, replayed)."""
        seal = self.seals.get(record.id)
        if seal is None:
            return None
        version = spec.stats.version if spec.stats else 0
        return f"{record.created_at}|{record.head}|{record.status}|{seal}|{version}"

    def get(self, record: GameRecord, spec: AnySpec) -> Played | None:
        key = self.key(record, spec)
        kept = self.entries.get(record.id)
        return kept[1] if kept is not None and key is not None and kept[0] == key else None

    def put(self, record: GameRecord, spec: AnySpec, played: Played) -> None:
        key = self.key(record, spec)
        if key is not None:
            self.entries[record.id] = (key, played)
            self.changed = True

    def keep_only(self, game_ids: set[int]) -> None:
        """Forget the games no longer finished (or no longer there)."""
        gone = set(self.entries) - game_ids
        for game_id in gone:
            del self.entries[game_id]
        self.changed = self.changed or bool(gone)

    def save(self) -> None:
        """Write the cache when it changed; a refusal only costs a replay next time. A
        journal opened read-only (``companion stats`` opens every journal so) is written
        through a connection of its own, and only when it is a current journal that takes
        writes (:func:`takes_cache`): never an older one (that would migrate it) nor a file
        that is not a journal."""
        if not self.changed:
            return
        games = {str(i): [key, asdict(p)] for i, (key, p) in sorted(self.entries.items())}
        text = json.dumps({"version": CACHE_VERSION, "games": games}, ensure_ascii=False)
        try:
            if not self.journal.read_only:
                self.journal.set_meta(META_KEY, text)
            elif takes_cache(self.journal.path):
                writer = Journal(self.journal.path)
                try:
                    writer.set_meta(META_KEY, text)
                finally:
                    writer.close()
            else:
                return
        except (JournalError, OSError, sqlite3.Error):
            return
        self.changed = False


def takes_cache(path: Path) -> bool:
    """Whether a journal read read-only may have its cache written: a file and folder that
    take writes, holding a journal of the current schema, with every column and the WAL
    mode a table gives it, so that opening it for the write changes nothing else."""
    if str(path) == ":memory:" or not can_write(path):
        return False
    uri = f"file:{quote(str(path))}?mode=ro"
    try:
        db = sqlite3.connect(uri, uri=True)
    except sqlite3.Error:
        return False
    try:
        row = db.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
        columns = {c[1] for c in db.execute("PRAGMA table_info(actions)")}
        mode = db.execute("PRAGMA journal_mode").fetchone()
    except sqlite3.Error:
        return False
    finally:
        db.close()
    return (
        row is not None
        and row[0] == str(SCHEMA_VERSION)
        and {column.split()[0] for column in SAID_COLUMNS} | {"crc"} <= columns
        and mode is not None
        and str(mode[0]).lower() == "wal"
    )


def _checked(played: Played) -> Played:
    """A Played read back from JSON, its cells' types checked (a TypeError when one is
    not what was written), its lists as the tuples it holds."""
    numbers = (played.units, played.minutes)
    if not (
        isinstance(played.id, int)
        and isinstance(played.game, str)
        and isinstance(played.finished_at, str)
        and isinstance(played.actions, int)
        and all(n is None or isinstance(n, int | float) for n in numbers)
        and isinstance(played.players, list)
        and isinstance(played.winners, list)
        and isinstance(played.digest, dict)
    ):
        raise TypeError(played)
    return replace(
        played,
        players=tuple(str(name) for name in played.players),
        winners=tuple(str(name) for name in played.winners),
    )


# Each action row with what its checksum covers, as the bytes ``action_check`` sums
# ("actions|<game>|<seq>|<length>:<at>|<seat or ->|<length>:<action>", text by its UTF-8
# bytes), built by SQLite (a third quicker than in Python), and whether its cells are of the
# types the journal writes.
ROWS = (
    "SELECT game_id, seq, crc, typeof(game_id) = 'integer' AND typeof(seq) = 'integer' "
    "AND typeof(at) = 'text' AND typeof(action) = 'text' AND typeof(crc) = 'integer' "
    "AND (seat IS NULL OR typeof(seat) = 'integer'), "
    "CAST('actions|' || game_id || '|' || seq || '|' || length(CAST(at AS BLOB)) || ':' || at "
    "|| '|' || coalesce(seat, '-') || '|' || length(CAST(action AS BLOB)) || ':' || action "
    "AS BLOB) FROM actions"
)


def game_seals(journal: Journal) -> dict[int, str]:
    """Each game's seal over its action rows: how many, the sum of their checksums and
    that sum weighted by each row's place (``"<rows>:<sum>:<weighted>"``, in hex; in any
    order, so the rows are read as stored, without sorting), in one read-only query; a
    game with a row that does not match its checksum, or is not of the types the journal
    writes, has none. A row changed and sealed again has another checksum (it covers its
    game, its place and its cells), so another seal. {} when the file cannot be read so (a
    journal in memory, one without checksums)."""
    if str(journal.path) == ":memory:" or not journal.path.is_file() or not journal.checked:
        return {}
    uri = f"file:{quote(str(journal.path))}?mode=ro"
    try:
        db = sqlite3.connect(uri, uri=True)
    except sqlite3.Error:
        return {}
    try:
        games = [int(row[0]) for row in db.execute("SELECT id FROM games")]
        rows = db.execute(ROWS).fetchall()
    except sqlite3.Error:
        return {}
    finally:
        db.close()
    sums: dict[int, tuple[int, int, int]] = {}  # game -> rows, their checksums' two sums
    damaged: set[int] = set()
    crc32 = zlib.crc32
    for game_id, seq, check, typed, cells in rows:
        if not typed or not isinstance(cells, bytes) or crc32(cells) != check:
            damaged.add(game_id)
            continue
        count, total, weighted = sums.get(game_id, (0, 0, 0))
        sums[game_id] = (count + 1, total + check, weighted + check * seq)
    seals = dict.fromkeys(games, "0:0:0")
    for game_id, (count, total, weighted) in sums.items():
        seals[game_id] = f"{count}:{total:x}:{weighted:x}"
    for game_id in damaged:
        seals.pop(game_id, None)
    return seals
