"""Long games resume fast: the journal keeps a snapshot of the state every so many actions,
and every state the table shows equals a clean replay of the actions, whatever undo,
redo, a damaged snapshot or a restart did in between. And the journal is private."""

from __future__ import annotations

import itertools
import os
import sqlite3
import stat
from pathlib import Path
from typing import Any

import pytest

from bench.rules import SETUP, actions
from companion import games, table
from companion.journal import Journal
from companion.table import Table, Undo

RULES = games.find("bestiary").rules


@pytest.fixture(autouse=True)
def small_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table, "SNAPSHOT_EVERY", 50)
    monkeypatch.setattr(table, "KEEP_STATES", 80)


def clean_replay(moves: list[dict[str, Any]]) -> Any:
    state = RULES.start(games.find("bestiary").stamp(dict(SETUP)))
    for action in moves:
        state = RULES.step(state, action)
    return state


def play(path: Path, count: int) -> tuple[Table, list[dict[str, Any]]]:
    moves = list(itertools.islice(actions(), count))
    game = Table.new_game(Journal(path), "bestiary", SETUP)
    for action in moves:
        game.apply(action)
    return game, moves


def kept_heads(path: Path) -> list[int]:
    with sqlite3.connect(path) as db:
        return [row[0] for row in db.execute("SELECT head FROM snapshots ORDER BY head")]


def test_a_long_game_resumes_from_its_last_snapshot_to_the_same_state(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite"
    game, moves = play(path, 230)
    assert kept_heads(path) == [50, 100, 150, 200]
    assert game.state == clean_replay(moves)
    game.journal.close()
    resumed = Table.open(path)
    assert resumed is not None and resumed.head == 230
    assert resumed.state == clean_replay(moves)
    assert resumed.view() == game.view()


def test_undo_further_back_than_memory_and_redo_land_on_clean_states(tmp_path: Path) -> None:
    game, moves = play(tmp_path / "j.sqlite", 230)
    game.execute(Undo(to_head=95))  # 135 back: past the 80 states held
    assert game.head == 95 and game.state == clean_replay(moves[:95])
    game.execute(Undo(to_head=20))
    assert game.state == clean_replay(moves[:20])
    for _ in range(60):
        game.execute(table.Redo())
    assert game.head == 80 and game.state == clean_replay(moves[:80])


def test_a_new_action_after_undo_drops_the_snapshots_of_the_old_future(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite"
    game, moves = play(path, 230)
    back = next(  # a point between two snapshots where another action was possible
        t for t in range(101, 150) if len(RULES.prompt(clean_replay(moves[:t])).choices) > 1
    )
    game.execute(Undo(to_head=back))
    other = next(c for c in game.prompt().choices if c != moves[back])
    game.apply(other)  # a different history from here on
    assert kept_heads(path) == [50, 100]
    game.journal.close()
    resumed = Table.open(path)
    assert resumed is not None and resumed.state == clean_replay([*moves[:back], other])


@pytest.mark.parametrize(
    "damage",
    ["UPDATE snapshots SET state='not json'", "UPDATE snapshots SET state='{\"shape\": 1}'"],
)
def test_a_damaged_snapshot_is_ignored_and_the_actions_replayed(
    tmp_path: Path, damage: str
) -> None:
    path = tmp_path / "j.sqlite"
    game, moves = play(path, 120)
    game.journal.close()
    with sqlite3.connect(path) as db:
        db.execute(damage)
    resumed = Table.open(path)
    assert resumed is not None and resumed.state == clean_replay(moves)


@pytest.mark.parametrize("umask", [0o022, 0o000])
def test_the_journal_is_private_whatever_the_umask(tmp_path: Path, umask: int) -> None:
    old = os.umask(umask)
    try:
        path = tmp_path / "state" / "companion" / "journal.sqlite"
        game, _ = play(path, 3)
        game.journal.close()
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    for suffix in ("-wal", "-shm"):
        side = Path(f"{path}{suffix}")
        assert not side.exists() or stat.S_IMODE(side.stat().st_mode) & 0o077 == 0


def test_an_existing_world_readable_journal_is_made_private(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite"
    game, _ = play(path, 2)
    game.journal.close()
    path.chmod(0o644)
    Journal(path).close()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
