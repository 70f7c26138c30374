"""A press script plays the same game whatever card library lies beside the journal.

Its presses were planned against the game's starting library (the order of the summon
lists is that library's), so ``companion play --db`` in a folder where another game taught
the table cards (``cards-<game>.yaml``) must not change what they pick; and running it
leaves the table's library as it was (docs/buttons.md, "Press scripts").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import cli
from companion.library import path_for

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
TEAMS = EXAMPLES / "four_path_teams_presses.yaml"
DUEL = EXAMPLES / "four_path_presses.yaml"


def play(script: Path, db: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    """``companion play SCRIPT --db DB``: its lines."""
    assert cli.main(["play", str(script), "--db", str(db)]) == 0
    return capsys.readouterr().out.splitlines()


def test_a_second_script_in_the_folder_plays_as_in_an_empty_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The reviewer's repro: the teams' game first, then the duel, in one folder."""
    alone = play(DUEL, tmp_path / "alone" / "j.sqlite", capsys)
    assert alone[-1] == "> Anna won"
    db = tmp_path / "shared" / "j.sqlite"
    assert play(TEAMS, db, capsys)[-1] == "> Anna & Clara won"
    assert play(DUEL, db, capsys) == alone


def test_a_library_beside_the_journal_changes_nothing_and_is_left_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A library the table learned (here: the cards an action script's summons write,
    taken with ``companion cards import``) neither changes the game nor is written."""
    alone = play(DUEL, tmp_path / "alone" / "j.sqlite", capsys)
    db = tmp_path / "table" / "j.sqlite"
    db.parent.mkdir()
    source = EXAMPLES / "four_path_duel.yaml"
    argv = ["cards", "import", str(source), "--game", "four_path", "--journal", str(db)]
    assert cli.main(argv) == 0, capsys.readouterr().err
    capsys.readouterr()
    library = path_for(db, "four_path")
    kept = library.read_bytes()
    assert play(DUEL, db, capsys) == alone
    assert play(TEAMS, db, capsys)[-1] == "> Anna & Clara won"
    assert library.read_bytes() == kept


def test_a_press_script_writes_no_library(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The cards a script enters stay with its game (the journal keeps each summon with
    its card), not in a library file beside the journal."""
    db = tmp_path / "j.sqlite"
    play(TEAMS, db, capsys)
    assert db.exists() and not path_for(db, "four_path").exists()
