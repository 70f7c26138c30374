"""A damaged journal row is a JournalError naming the game and the row, never a traceback;
`companion run` says so and exits 4 (a journal error), whatever the damage."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from companion.app import run_main
from companion.journal import Journal, JournalError, checksum_rows
from companion.table import Table

CASTLE = {"do": "choose_castle", "castle": "forest_edge"}


def _journal(path: Path, games: int = 1) -> Path:
    journal = Journal(path)
    for _ in range(games):
        table = Table.new_game(journal, "bestiary", {"players": ["Anna", "Boris"]})
        table.apply(CASTLE)
    journal.close()
    return path


def _damage(path: Path, statement: str) -> None:
    with closing(sqlite3.connect(path)) as raw, raw:
        raw.execute(statement)
        checksum_rows(raw)


# (statement, what the message says); game 1 is damaged, action 1 where it is a row's.
DAMAGE = {
    "action not UTF-8": (
        "UPDATE actions SET action=CAST(X'7b22646f223a22ff227d' AS TEXT)",
        r"game 1, action 1: the action is not UTF-8 text \(byte 0xff at 7\)",
    ),
    "time not UTF-8": (
        "UPDATE actions SET at=CAST(X'32303234fe' AS TEXT)",
        r"game 1, action 1: the at is not UTF-8 text \(byte 0xfe at 4\)",
    ),
    "setup not UTF-8": (
        "UPDATE games SET setup=CAST(X'7bff7d' AS TEXT)",
        r"game 1: the setup is not UTF-8 text \(byte 0xff at 1\)",
    ),
    "game name not UTF-8": (
        "UPDATE games SET game=CAST(X'6265c3' AS TEXT)",
        r"game 1: the game is not UTF-8 text \(byte 0xc3 at 2\)",
    ),
    "action not JSON": (
        "UPDATE actions SET action='{\"do\": '",
        r"game 1, action 1: action is not JSON",
    ),
    "action nested too deep": (
        "UPDATE actions SET action='" + "[" * 100_000 + "'",
        r"game 1, action 1: action is not JSON \(too deeply nested\)",
    ),
    "action a list": ("UPDATE actions SET action='[1]'", r"game 1, action 1: not a mapping"),
    "seat text": ("UPDATE actions SET seat='north'", r"game 1, action 1: the seat is damaged"),
    "time a number": ("UPDATE actions SET at=X'3132'", r"game 1, action 1: the time is damaged"),
    "action missing": ("UPDATE actions SET seq=2", r"game 1, action 1: missing"),
    "head text": ("UPDATE games SET head='one'", r"game 1: the head is damaged"),
    "head negative": ("UPDATE games SET head=-1", r"game 1: the head is damaged"),
    "head past the actions": ("UPDATE games SET head=5", r"game 1: head 5 is past"),
    "setup a list": ("UPDATE games SET setup='[]'", r"game 1: the setup is damaged"),
    "status unknown": (
        "PRAGMA ignore_check_constraints=ON; UPDATE games SET status='paused'",
        r"game 1: the status is damaged",
    ),
    "unknown game": ("UPDATE games SET game='chess'", r"game 1: unknown game 'chess'"),
    "action the rules cannot read": (
        'UPDATE actions SET action=\'{"do": "choose_castle", "castle": {"a": [1]}}\'',
        r"game 1, action 1 \(choose_castle\)",
    ),
}


def _damage_script(path: Path, statements: str, sealed: bool = True) -> None:
    """The rows changed by ``statements``; ``sealed``: with checksums that match them (a
    row written so: the checks of each cell must still name it), else as a flipped bit
    leaves them."""
    with closing(sqlite3.connect(path)) as raw:
        raw.executescript(statements)
        if sealed:
            checksum_rows(raw)
        raw.commit()


@pytest.mark.parametrize("case", sorted(DAMAGE))
def test_a_damaged_row_names_the_game_and_the_row(tmp_path: Path, case: str) -> None:
    statement, message = DAMAGE[case]
    path = _journal(tmp_path / "journal.sqlite")
    _damage_script(path, statement)
    before = path.read_bytes()
    with pytest.raises(JournalError, match=message) as error:
        journal = Journal(path)
        journal.game(1)  # the menu and `companion games` read it even when it is not resumed
        Table.open(path)
    assert str(error.value).startswith(f"{path}: ")
    assert path.read_bytes() == before


@pytest.mark.parametrize("case", sorted(DAMAGE))
def test_a_damaged_row_whose_checksum_was_not_redone_is_refused_too(
    tmp_path: Path, case: str
) -> None:
    statement, message = DAMAGE[case]
    path = _journal(tmp_path / "journal.sqlite")
    _damage_script(path, statement, sealed=False)
    before = path.read_bytes()
    with pytest.raises(JournalError, match=rf"{message}|the row is damaged") as error:
        journal = Journal(path)
        journal.game(1)
        Table.open(path)
    assert str(error.value).startswith(f"{path}: game 1")
    assert path.read_bytes() == before


@pytest.mark.parametrize("case", ["action not UTF-8", "unknown game", "seat text"])
def test_companion_run_reports_a_damaged_journal_as_a_journal_error(
    tmp_path: Path, case: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _journal(tmp_path / "journal.sqlite")
    _damage_script(path, DAMAGE[case][0])
    assert run_main(["--fakes", "--journal", str(path)]) == 4
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"companion: {path}: game 1")


def test_companion_run_reports_a_journal_folder_it_cannot_create(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "state").write_text("a file where the folder should be\n")
    path = tmp_path / "state" / "journal.sqlite"
    assert run_main(["--fakes", "--journal", str(path)]) == 4
    err = capsys.readouterr().err
    folder = f"the journal's folder {path.parent}"
    assert err == f"companion: {path}: cannot create {folder}: a file is in the way\n"


def test_a_damaged_game_left_behind_does_not_hide_the_others_from_the_menu(
    tmp_path: Path,
) -> None:
    path = _journal(tmp_path / "journal.sqlite", games=3)
    _damage(path, "UPDATE games SET setup=CAST(X'7bff7d' AS TEXT) WHERE id=2")
    journal = Journal(path)
    assert [record.id for record in journal.unfinished()] == [3, 1]
    table = Table.resume(journal)
    assert table is not None and table.record.id == 3
    journal.close()


def test_a_damaged_snapshot_cell_only_costs_a_longer_replay(tmp_path: Path) -> None:
    path = _journal(tmp_path / "journal.sqlite")
    journal = Journal(path)
    journal.keep_snapshot(1, 1, '{"shape": "x"}')
    journal.close()
    _damage(path, "UPDATE snapshots SET state=CAST(X'7bff' AS TEXT)")
    table = Table.open(path)
    assert table is not None and table.head == 1
