"""A flipped bit in a journal row is refused with the game and the row named, never read
as another game (issue 22: Saxum's vitality 6 read as 7). Flips are made in the file
itself, bit by bit over an action's stored text, and in every other cell the replay
reads (the game's row, the action's time, seat and sequence, the checksum itself); a
snapshot with a flipped bit is ignored and the game replayed from its actions; the
journal's meta rows (the game a restart picks up, the schema version) are checked too."""

from __future__ import annotations

import itertools
import json
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.journal import Journal, JournalError, action_check, row_check
from companion.rules import freeze
from companion.rules.base import DEBUG, PUBLIC
from companion.table import Table

SETUP = {"players": ["Anna", "Boris"], "first": 1, "scale_length": 6}
SAXUM = {"do": "summon", "creature": "Saxum", "class": "strength", "vitality": 6}
MOVES = [
    {"do": "choose_castle", "castle": "forest_edge"},
    SAXUM,
    {"do": "summon", "creature": "Vinctum", "class": "strength", "vitality": 6},
    {"do": "summon", "creature": "Illesbra", "class": "agility", "vitality": 4},
]


def _views(table: Table) -> list[object]:
    return [table.view(a) for a in (PUBLIC, DEBUG, "seat:1", "seat:2")]


@pytest.fixture(scope="module")
def journal_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[object]]:
    """A game of four actions (Saxum's summon the second), checkpointed into the file."""
    path = tmp_path_factory.mktemp("written") / "journal.sqlite"
    table = Table.new_game(Journal(path), "bestiary", SETUP)
    for action in MOVES:
        table.apply(action)
    views = _views(table)
    table.journal.close()  # the last connection: the WAL is checkpointed into the file
    return path, views


def _stored(path: Path, seq: int) -> bytes:
    """An action's text as the file holds it."""
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as raw:
        query = "SELECT CAST(action AS BLOB) FROM actions WHERE game_id=1 AND seq=?"
        text: bytes = raw.execute(query, (seq,)).fetchone()[0]
    return text


def _flipped(source: Path, target: Path, offset: int, bit: int) -> Path:
    data = bytearray(source.read_bytes())
    data[offset] ^= 1 << bit
    target.write_bytes(bytes(data))
    return target


def _refusal(path: Path) -> str:
    """What opening and reading the journal whole says (it must refuse)."""
    with pytest.raises(JournalError) as refused:
        journal = Journal(path)
        try:
            journal.check_whole()
            Table.resume(journal)
        finally:
            journal.close()  # before the next flip is copied over the file
    return str(refused.value)


def test_saxums_vitality_6_flipped_to_7_is_refused(
    journal_file: tuple[Path, list[object]], tmp_path: Path
) -> None:
    path, _ = journal_file
    text = _stored(path, 2)
    data = path.read_bytes()
    assert data.count(text) == 1 and json.loads(text) == SAXUM
    six = data.index(text) + text.index(b"6")
    broken = _flipped(path, tmp_path / "j.sqlite", six, 0)  # '6' (0x36) -> '7' (0x37)
    assert b'"vitality": 7' in broken.read_bytes()
    said = _refusal(broken)
    assert said == (
        f"{broken}: game 1, action 2: the row is damaged (it does not match its checksum: a "
        "changed bit); the journal was left untouched"
    )


def test_every_bit_of_an_actions_stored_text_flipped_is_refused_naming_the_row(
    journal_file: tuple[Path, list[object]], tmp_path: Path
) -> None:
    path, _ = journal_file
    text = _stored(path, 2)
    start = path.read_bytes().index(text)
    target = tmp_path / "j.sqlite"
    flips = 0
    for offset, bit in itertools.product(range(start, start + len(text)), range(8)):
        said = _refusal(_flipped(path, target, offset, bit))
        assert said.startswith(f"{target}: game 1, action 2: "), (offset - start, bit, said)
        for suffix in ("-wal", "-shm"):
            Path(f"{target}{suffix}").unlink(missing_ok=True)
        flips += 1
    assert flips == 8 * len(text) > 500


# Every other cell the replay reads: (table, column, the row's key, what the message names).
# The schema version, flipped, is refused as damaged, "newer" or "not a version number".
CELLS = [
    ("actions", "at", "game_id=1 AND seq=2", "game 1, action 2"),
    ("actions", "seat", "game_id=1 AND seq=2", "game 1, action 2"),
    ("actions", "seq", "game_id=1 AND seq=4", "game 1, action "),  # where the order breaks
    ("actions", "crc", "game_id=1 AND seq=3", "game 1, action 3"),
    ("actions", "game_id", "game_id=1 AND seq=4", "game "),
    ("games", "game", "id=1", "game 1"),
    ("games", "setup", "id=1", "game 1"),
    ("games", "created_at", "id=1", "game 1"),
    ("games", "head", "id=1", "game 1"),
    ("games", "status", "id=1", "game 1"),
    ("games", "crc", "id=1", "game 1"),
    ("meta", "value", "key='current_game'", "meta current_game"),  # which game a restart takes
    ("meta", "crc", "key='current_game'", "meta current_game"),
    ("meta", "value", "key='schema_version'", ""),  # refused, as damaged or not a version
]


def _bits(value: object) -> list[object]:
    """``value`` with each of its bits flipped in turn (text as its UTF-8 bytes, stored
    as text whatever they become; a whole number's 16 low bits and its sign)."""
    if isinstance(value, int):  # as SQLite keeps it: 64 bits, two's complement
        flipped = [(value ^ (1 << bit)) & (2**64 - 1) for bit in (*range(16), 40, 63)]
        return [v - 2**64 if v >= 2**63 else v for v in flipped]
    assert isinstance(value, str)
    raw = value.encode()
    texts: list[object] = []
    for offset, bit in itertools.product(range(len(raw)), range(8)):
        data = bytearray(raw)
        data[offset] ^= 1 << bit
        texts.append(bytes(data))
    return texts


@pytest.mark.parametrize("cell", CELLS, ids=[f"{c[0]}.{c[1]}" for c in CELLS])
def test_a_flipped_bit_in_any_cell_the_replay_reads_is_refused(
    journal_file: tuple[Path, list[object]], tmp_path: Path, cell: tuple[str, str, str, str]
) -> None:
    table, column, where, named = cell
    path, _ = journal_file
    with closing(sqlite3.connect(path)) as raw:
        (value,) = raw.execute(f"SELECT {column} FROM {table} WHERE {where}").fetchone()
    target = tmp_path / "j.sqlite"
    for flipped in _bits(value):
        shutil.copy(path, target)
        for suffix in ("-wal", "-shm"):
            Path(f"{target}{suffix}").unlink(missing_ok=True)
        new = "CAST(? AS TEXT)" if isinstance(flipped, bytes) else "?"
        with closing(sqlite3.connect(target)) as raw, raw:
            raw.execute("PRAGMA ignore_check_constraints=ON")  # a status no writer allows
            raw.execute("PRAGMA synchronous=OFF")  # a copy: no need to wait for the disk
            raw.execute(f"UPDATE {table} SET {column}={new} WHERE {where}", (flipped,))
        said = _refusal(target)
        assert said.startswith(f"{target}: {named}"), (flipped, said)


def test_a_snapshot_with_a_flipped_bit_is_ignored_and_the_game_replayed(
    journal_file: tuple[Path, list[object]], tmp_path: Path
) -> None:
    """A snapshot is a cache: one that does not match its checksum costs a longer replay,
    never another game (a flipped digit in it loaded fine before the checksums)."""
    path, views = journal_file
    target = tmp_path / "j.sqlite"
    shutil.copy(path, target)
    table = Table.open(target)
    assert table is not None
    state = {"shape": freeze.shape(type(table.state)), "state": freeze.dump(table.state)}
    text = json.dumps(state)
    table.journal.keep_snapshot(table.record.id, table.head, text)
    table.journal.close()
    kept = target.read_bytes()
    start = kept.index(text.encode())
    digits = [start + i for i, c in enumerate(text) if c.isdigit()]
    assert len(digits) > 20
    for offset in digits[:: max(1, len(digits) // 60)]:
        _flipped_copy = _flipped(target, tmp_path / "f.sqlite", offset, 0)
        again = Table.open(_flipped_copy)
        assert again is not None
        assert _views(again) == views, offset - start
        again.journal.close()
        for suffix in ("", "-wal", "-shm"):
            Path(f"{tmp_path / 'f.sqlite'}{suffix}").unlink(missing_ok=True)


@settings(max_examples=300, deadline=None)
@given(
    game_id=st.integers(1, 2**40),
    seq=st.integers(1, 2**40),
    at=st.text(),
    seat=st.none() | st.integers(-(2**63), 2**63 - 1),
    text=st.text(),
)
def test_the_quick_action_checksum_is_the_rows_checksum(
    game_id: int, seq: int, at: str, seat: int | None, text: str
) -> None:
    """What a resume checks each action with equals what the migration seals it with."""
    expected = row_check("actions", (game_id, seq, at, seat, text))
    assert action_check(game_id, seq, at, seat, text) == expected
