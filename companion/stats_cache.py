"""What the statistics keep of each finished game between two readings, so that a journal
of hundreds of games is told in a moment: each game's :class:`~companion.stats_replay.Played`
(its players, winners, lengths and digest: a few hundred bytes) in one meta row of the
journal (``stats_cache``), like the snapshots a cache and never the truth.

A game's entry is used only while its key holds: its creation time, head, status, the
checksum of the action at its head and the version of its game's digest. A finished game
whose last action was undone and played otherwise (the same head, the same status again)
has another action at its head, so another checksum, and is replayed. The checksums are read
in one query on a read-only connection of their own (the Journal reads actions whole, and
whole actions are what the cache saves reading).

A cache that cannot be read (damaged, from another version) is as none; one that cannot be
written (a read-only card, a journal another thread holds) only costs the next reading a
replay.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import asdict, replace
from urllib.parse import quote

from companion.games.spec import AnySpec
from companion.journal import GameRecord, Journal, JournalError
from companion.rules.reading import mapping
from companion.stats_replay import Played

META_KEY = "stats_cache"
CACHE_VERSION = 1  # the shape of an entry (Played's fields); another shape: all replayed


class StatsCache:
    """The games told before, by id: each ``(key, Played)``."""

    def __init__(self, journal: Journal) -> None:
        self.journal = journal
        self.entries: dict[int, tuple[str, Played]] = {}
        self.heads = head_checks(journal)
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
        """The game's key (None: its head's action could not be read: not cached)."""
        check = self.heads.get(record.id)
        if check is None:
            return None
        version = spec.stats.version if spec.stats else 0
        return f"{record.created_at}|{record.head}|{record.status}|{check}|{version}"

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
        """Write the cache when it changed; a refusal only costs a replay next time."""
        if not self.changed or self.journal.read_only:
            return
        games = {str(i): [key, asdict(p)] for i, (key, p) in sorted(self.entries.items())}
        text = json.dumps({"version": CACHE_VERSION, "games": games}, ensure_ascii=False)
        try:
            self.journal.set_meta(META_KEY, text)
        except JournalError:
            return
        self.changed = False


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


def head_checks(journal: Journal) -> dict[int, int]:
    """Each game's checksum of the action at its head (0 for a game of no actions), in one
    read-only query; {} when the file cannot be read so (a journal in memory)."""
    if str(journal.path) == ":memory:" or not journal.path.is_file():
        return {}
    uri = f"file:{quote(str(journal.path))}?mode=ro"
    try:
        db = sqlite3.connect(uri, uri=True)
    except sqlite3.Error:
        return {}
    try:
        rows = db.execute(
            "SELECT games.id, coalesce(actions.crc, 0) FROM games LEFT JOIN actions "
            "ON actions.game_id = games.id AND actions.seq = games.head"
        ).fetchall()
    except sqlite3.Error:
        return {}
    finally:
        db.close()
    return {int(i): int(c) for i, c in rows if isinstance(i, int) and isinstance(c, int)}
