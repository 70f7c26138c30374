"""Every file the companion writes is its user's alone (0600): the journal (the hidden
votes) and its -wal and -shm, the recent players, starts.json, the card library. Made
under a umask of 022, the usual one, which gave recent-players.txt and starts.json 0644."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.cli import main
from companion.safe_mode import StartRecord
from companion.table import NewGame
from tests.conftest import EXAMPLES
from tests.test_controls import DUEL_SETUP, OPEN, make_app


@pytest.fixture
def usual_umask() -> Iterator[None]:
    before = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(before)


def _modes(folder: Path) -> dict[str, int]:
    return {
        str(path.relative_to(folder)): stat.S_IMODE(path.stat().st_mode)
        for path in folder.rglob("*")
        if path.is_file()
    }


@pytest.mark.usefixtures("usual_umask")
def test_every_file_the_companion_makes_is_0600(tmp_path: Path) -> None:
    folder = tmp_path / "state"
    folder.mkdir()
    assert main(["play", str(EXAMPLES / "duel_siege.yaml"), "--db", str(folder / "cli.db")]) == 0
    d = make_app(folder)  # the app's journal: state/j.sqlite
    d.app.execute(NewGame("bestiary", {"players": ["Anna", "Boris"]}))  # names remembered
    for action in DUEL_SETUP:  # the summons teach the card library its creatures
        d.app.apply(action)
    StartRecord(folder / "j.sqlite").crashed(RuntimeError("the disc sensor"), 1.0)
    while_open = _modes(folder)
    d.app.close()
    OPEN.remove(d.app)
    made = {**while_open, **_modes(folder)}
    expected = {
        "cli.db",
        "j.sqlite",
        "j.sqlite-wal",
        "j.sqlite-shm",
        "recent-players.txt",
        "starts.json",
        "cards-bestiary.yaml",
    }
    assert expected <= set(made), sorted(made)
    assert {name: oct(mode) for name, mode in made.items() if mode != 0o600} == {}
    assert stat.S_IMODE(folder.stat().st_mode) == 0o755  # the folder was the test's own


@pytest.mark.usefixtures("usual_umask")
def test_the_journal_s_folder_made_by_the_companion_is_0700(tmp_path: Path) -> None:
    journal = tmp_path / "new" / "deeper" / "j.db"
    assert main(["play", str(EXAMPLES / "duel_siege.yaml"), "--db", str(journal)]) == 0
    assert stat.S_IMODE(journal.parent.stat().st_mode) == 0o700
    assert stat.S_IMODE(journal.stat().st_mode) == 0o600
