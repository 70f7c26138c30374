"""`companion games`: list, resume, export (JSON Lines) and archive the journal's games."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
import yaml

from companion.cli import main
from companion.journal import SCHEMA_VERSION, Journal, checksum_rows
from companion.table import NewGame, Table, Undo
from tests.conftest import ROOT

SIEGE = yaml.safe_load((ROOT / "docs/examples/duel_siege.yaml").read_text(encoding="utf-8"))


@pytest.fixture
def journal(tmp_path: Path) -> Path:
    """Game 1 finished (won by siege), game 2 unfinished with 2 actions undone, game 3 on
    the table with none."""
    path = tmp_path / "journal.sqlite"
    table = Table.new_game(Journal(path), "bestiary", SIEGE["setup"])
    for action in SIEGE["actions"]:
        table.apply(action)
    table.execute(NewGame())
    for action in SIEGE["actions"][:5]:
        table.apply(action)
    table.execute(Undo())
    table.execute(Undo())
    table.execute(NewGame())
    table.journal.close()
    return path


def games(path: Path, *argv: str) -> int:
    return main(["games", "--journal", str(path), *argv])


def test_the_list_shows_each_game_its_players_status_and_actions(
    journal: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert games(journal) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["id", "game", "players", "status", "actions", "created"]
    assert lines[1].split()[:6] == ["1", "bestiary", "Anna,", "Boris", "finished", "25"]
    assert "unfinished" in lines[2] and "3 (+2 undone)" in lines[2]
    assert "on the table" in lines[3]
    assert len(lines) == 4


def test_the_columns_stay_apart_for_the_longest_game_and_an_undone_tail(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "journal.sqlite"
    table = Table.new_game(Journal(path), "tetranomicon", {"players": ["Anna", "Boris"]})
    table.journal.close()
    assert games(path) == 0
    header, row = capsys.readouterr().out.splitlines()
    assert row.split()[:4] == ["1", "tetranomicon", "Anna,", "Boris"]
    for column in ("players", "status", "actions", "created"):
        assert header[header.index(column) - 1] == " "  # each column starts past the one before
    assert row[header.index("players") - 2 : header.index("players")] == "  "


def test_resume_makes_the_next_start_pick_up_that_game(
    journal: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert games(journal, "resume", "2") == 0
    assert "game 2" in capsys.readouterr().out
    table = Table.open(journal)
    assert table is not None and table.record.id == 2 and table.head == 3 and table.can_redo


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["resume", "1"], "game 1 is over"),
        (["resume", "9"], "no game 9"),
        (["archive", "3"], "game 3 is on the table"),
        (["archive", "2"], "game 2 is unfinished; add --unfinished"),
        (["archive"], "which games?"),
        (["export", "7"], "no game 7"),
    ],
)
def test_a_request_the_journal_cannot_grant_is_one_message_naming_the_file(
    journal: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    before = journal.read_bytes()
    assert games(journal, *argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"companion: {journal}: ") and message in err and err.count("\n") == 1
    assert journal.read_bytes() == before


def test_a_game_that_no_longer_replays_is_not_resumed(
    journal: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with closing(sqlite3.connect(journal)) as raw, raw:  # as an older companion wrote it
        raw.execute('UPDATE actions SET action=\'{"do": "fly"}\' WHERE game_id=2 AND seq=2')
        checksum_rows(raw)
    assert games(journal, "resume", "2") == 4
    assert "game 2, action 2 (fly)" in capsys.readouterr().err
    table = Table.open(journal)
    assert table is not None and table.record.id == 3


def _lines(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines()]


def test_export_is_json_lines_that_replay_to_the_same_game(
    journal: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert games(journal, "export") == 0
    lines = _lines(capsys.readouterr().out)
    headers = [line for line in lines if line["type"] == "game"]
    assert [h["game_id"] for h in headers] == [1, 2, 3]
    assert headers[0]["setup"]["players"] == ["Anna", "Boris"] and headers[0]["game"] == "bestiary"
    second = [line for line in lines if line["type"] == "action" and line["game_id"] == 2]
    assert [a["seq"] for a in second] == [1, 2, 3, 4, 5]
    assert [a["undone"] for a in second] == [False] * 3 + [True] * 2
    assert all(set(a) >= {"seq", "at", "seat", "action"} for a in second)
    # The export holds the whole game: replayed, it is the game the journal resumes.
    replay = Table.new_game(Journal(":memory:"), headers[1]["game"], headers[1]["setup"])
    for line in second:
        if not line["undone"]:
            replay.apply(line["action"], line["seat"])
    games(journal, "resume", "2")
    resumed = Table.open(journal)
    assert resumed is not None and resumed.state == replay.state


def test_export_to_a_file_is_private_and_one_game_only_when_asked(
    journal: Path, tmp_path: Path
) -> None:
    out = tmp_path / "export" / "game1.jsonl"
    out.parent.mkdir()
    assert games(journal, "export", "1", "-o", str(out)) == 0
    lines = _lines(out.read_text(encoding="utf-8"))
    assert lines[0]["type"] == "game" and len(lines) == 1 + 25
    assert {line["game_id"] for line in lines} == {1}
    assert out.stat().st_mode & 0o777 == 0o600
    assert [p.name for p in out.parent.iterdir()] == ["game1.jsonl"]  # no temporary left


def test_archived_games_are_no_longer_offered_but_kept_whole(
    journal: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert games(journal, "archive", "--finished") == 0
    assert games(journal, "archive", "2", "--unfinished") == 0
    assert "archived: game 1" in capsys.readouterr().out
    opened = Journal(journal)
    assert [r.id for r in opened.unfinished()] == [3]  # the menu's resume list
    opened.set_current(2)  # even as the last game on the table, an archived one is not resumed
    table = Table.resume(opened)
    assert table is not None and table.record.id == 3
    opened.close()
    assert games(journal, "resume", "2") == 2
    assert "unarchive 2" in capsys.readouterr().err
    assert games(journal) == 0
    assert capsys.readouterr().out.count("archived") == 2
    assert games(journal, "export", "1") == 0
    assert len(_lines(capsys.readouterr().out)) == 26
    assert games(journal, "unarchive", "2") == 0
    assert games(journal, "resume", "2") == 0


def test_archiving_leaves_the_journal_schema_as_it_was(journal: Path) -> None:
    assert games(journal, "archive", "1") == 0
    with closing(sqlite3.connect(journal)) as raw:
        version = raw.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
        assert version == (str(SCHEMA_VERSION),) and SCHEMA_VERSION == 2  # 2: checksums
        # what an older companion asks for still answers
        assert raw.execute("SELECT count(*) FROM games WHERE status='active'").fetchone() == (2,)


def test_listing_an_old_journal_writes_nothing(
    journal: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = journal.read_bytes()
    assert games(journal) == 0
    assert games(journal, "export") == 0
    assert journal.read_bytes() == before


def test_a_damaged_game_is_named_and_the_others_still_listed_and_exported(
    journal: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with closing(sqlite3.connect(journal)) as raw, raw:
        raw.execute("UPDATE games SET setup=CAST(X'7bff7d' AS TEXT) WHERE id=2")
    assert games(journal) == 4
    captured = capsys.readouterr()
    assert "damaged" in captured.out.splitlines()[2] and "finished" in captured.out
    assert captured.err == (
        f"companion: {journal}: game 2: the setup is not UTF-8 text (byte 0xff at 1); "
        "the journal was left untouched\n"
    )
    assert games(journal, "export") == 4
    captured = capsys.readouterr()
    assert {line["game_id"] for line in _lines(captured.out)} == {1, 3}
    assert "game 2" in captured.err and "left out of the export" in captured.err
    assert games(journal, "export", "2") == 4


def test_a_journal_that_cannot_be_used_is_exit_4_naming_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "journal.sqlite"
    path.write_text("a shopping list\n" * 200)
    assert games(path) == 4
    err = capsys.readouterr().err
    assert err.startswith(f"companion: {path}: ") and err.count("\n") == 1


def test_a_fresh_machine_has_no_games_yet_and_no_journal_is_made(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before the table's first game there is no journal: that is no games (exit 0), not
    the damaged journal exit 4 means."""
    path = tmp_path / "state" / "journal.sqlite"
    assert games(path) == 0
    captured = capsys.readouterr()
    assert captured.out == f"no games yet ({path} is made when the table starts its first game)\n"
    assert captured.err == ""
    assert games(path, "export") == 0
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("no games yet")
    out = tmp_path / "all.jsonl"
    assert games(path, "export", "-o", str(out)) == 0
    assert out.read_text(encoding="utf-8") == "" and out.stat().st_mode & 0o777 == 0o600
    assert games(path, "archive", "--finished") == 0
    assert capsys.readouterr().out.startswith("nothing to archive: no games yet")
    assert not path.exists() and not path.parent.exists()


def test_a_journal_without_games_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "journal.sqlite"
    Journal(path).close()
    assert games(path) == 0
    assert capsys.readouterr().out == f"no games yet in {path}\n"


@pytest.mark.parametrize("argv", [["resume", "1"], ["export", "1"], ["archive", "1"]])
def test_a_game_asked_for_on_a_fresh_machine_is_not_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    path = tmp_path / "journal.sqlite"
    assert games(path, *argv) == 2
    assert capsys.readouterr().err.startswith("companion: no game 1: no games yet")
    assert not path.exists()


def test_the_default_journal_on_a_fresh_machine_is_no_games_yet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path))
    assert main(["games"]) == 0
    assert capsys.readouterr().out.startswith(f"no games yet ({tmp_path / 'journal.sqlite'} ")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--journal", "{tmp}"], "{tmp}: a folder, not a journal: name the journal file in it"),
        (["--journal", "{db}", "export", "-o", "{tmp}"], "{tmp}: a folder: name the export file"),
        (["--journal", "{db}", "archive", "1", "--finished"], "give game ids or --finished, not"),
    ],
)
def test_a_folder_or_a_muddled_request_is_one_line_exit_2(
    journal: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    message: str,
) -> None:
    filled = [arg.format(tmp=tmp_path, db=journal) for arg in argv]
    assert main(["games", *filled]) == 2
    err = capsys.readouterr().err
    assert message.format(tmp=tmp_path) in err and err.count("\n") == 1


def test_unarchiving_a_game_not_archived_says_so(
    journal: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert games(journal, "archive", "1") == 0
    capsys.readouterr()
    assert games(journal, "unarchive", "1", "2") == 0
    assert capsys.readouterr().out == "not archived: game 2\nback from the archive: game 1\n"


def test_the_journal_comes_from_the_config_without_journal(
    journal: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "config.yaml"
    config.write_text(f"journal: {journal}\n", encoding="utf-8")
    assert main(["games", "list", "--config", str(config)]) == 0
    assert "on the table" in capsys.readouterr().out
    config.write_text("journal: [1]\n", encoding="utf-8")
    assert main(["games", "--config", str(config)]) == 2
    assert str(config) in capsys.readouterr().err
