"""The journal on real SQLite files: resume after a kill, undo/redo, refusing bad files."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
import yaml

from companion.games.bestiary import rules as bestiary
from companion.journal import SCHEMA_VERSION, Journal, JournalError, checksum_rows
from companion.table import Redo, Table, Undo
from tests.conftest import ROOT

GOLDEN = ROOT / "tests" / "golden" / "tokens_and_effects.yaml"


def golden_actions() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    data = yaml.safe_load(GOLDEN.read_text(encoding="utf-8"))
    return data["setup"], [s for s in data["steps"] if "do" in s]


CHILD = """
import json, sys, time
from companion.journal import Journal
from companion.table import Redo, Table, Undo
setup, actions = json.loads(sys.stdin.read())
table = Table.new_game(Journal(sys.argv[1]), "bestiary", setup)
for number, action in enumerate(actions, 1):
    table.apply(action)
    print(number, flush=True)  # acknowledged only after the commit
    time.sleep(0.01)
time.sleep(60)
"""


@pytest.mark.parametrize("kill_after", [3, 17, 40])
def test_resume_after_the_process_is_killed_mid_game(tmp_path: Path, kill_after: int) -> None:
    setup, actions = golden_actions()
    db = tmp_path / "journal.db"
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(db)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert child.stdin and child.stdout
    child.stdin.write(json.dumps([setup, actions]))
    child.stdin.close()
    acknowledged = 0
    while acknowledged < kill_after:
        acknowledged = int(child.stdout.readline())
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=10)
    child.stdout.close()

    table = Table.open(db)
    assert table is not None, "the unfinished game was not resumed"
    assert table.head >= acknowledged, "an acknowledged action was lost"
    state = bestiary.start(setup)
    for action in actions[: table.head]:
        state = bestiary.step(state, action)
    assert table.state == state
    # and the game goes on from there
    table.apply(actions[table.head])
    assert table.head >= acknowledged + 1


def test_undo_and_redo_survive_a_restart(tmp_path: Path) -> None:
    setup, actions = golden_actions()
    db = tmp_path / "journal.db"
    table = Table.new_game(Journal(db), "bestiary", setup)
    for action in actions[:12]:
        table.apply(action)
    period_before = table.view()["period"]
    assert table.execute(Undo()).undone and table.execute(Undo()).undone
    table.journal.close()
    resumed = Table.open(db)
    assert resumed is not None
    assert resumed.head == 10 and resumed.can_redo
    assert resumed.execute(Redo()).kind == "redo"
    assert resumed.head == 11
    resumed.apply(actions[11])
    assert resumed.view()["period"] == period_before
    assert not resumed.can_redo


def test_a_finished_game_is_not_resumed_but_undo_reopens_it(tmp_path: Path) -> None:
    db = tmp_path / "journal.db"
    script = yaml.safe_load((ROOT / "docs/examples/duel_siege.yaml").read_text(encoding="utf-8"))
    table = Table.new_game(Journal(db), "bestiary", script["setup"])
    for action in script["actions"]:
        table.apply(action)
    assert table.finished
    assert Table.resume(table.journal) is None
    table.execute(Undo())
    resumed = Table.resume(table.journal)
    assert resumed is not None and resumed.view()["winner"] is None


def _corrupt_cases(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(b"this is not a database, it is a shopping list\n" * 100)
    foreign = tmp_path / "foreign.db"
    with closing(sqlite3.connect(foreign)) as db, db:
        db.execute("CREATE TABLE recipes (name TEXT)")
    newer = tmp_path / "newer.db"
    Journal(newer).close()
    with closing(sqlite3.connect(newer)) as db, db:
        db.execute("UPDATE meta SET value=? WHERE key='schema_version'", (str(SCHEMA_VERSION + 1),))
        checksum_rows(db)  # as the newer companion seals it
    return {
        "garbage": (garbage, "not a companion journal"),
        "foreign": (foreign, "not a companion journal"),
        "newer": (newer, "newer companion"),
    }


@pytest.mark.parametrize("case", ["garbage", "foreign", "newer"])
def test_a_bad_journal_is_refused_and_left_untouched(tmp_path: Path, case: str) -> None:
    path, message = _corrupt_cases(tmp_path)[case]
    before = path.read_bytes()
    with pytest.raises(JournalError, match=message) as error:
        Journal(path)
    assert str(path) in str(error.value)
    assert path.read_bytes() == before


def test_a_journal_action_that_no_longer_replays_names_its_place(tmp_path: Path) -> None:
    db = tmp_path / "journal.db"
    table = Table.new_game(Journal(db), "bestiary", {"players": ["Anna", "Boris"]})
    table.apply({"do": "choose_castle", "castle": "forest_edge"})
    table.journal.close()
    with closing(sqlite3.connect(db)) as raw, raw:  # as an older companion wrote it
        raw.execute(
            "UPDATE actions SET action=? WHERE seq=1",
            ('{"do": "choose_castle", "castle": "atlantis"}',),
        )
        checksum_rows(raw)
    with pytest.raises(JournalError, match=r"game 1, action 1 \(choose_castle\): 'castle' must"):
        Table.open(db)


def test_the_journal_is_wal_with_full_sync(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.db")
    mode = journal._db.execute("PRAGMA journal_mode").fetchone()[0]
    sync = journal._db.execute("PRAGMA synchronous").fetchone()[0]
    assert (mode, sync) == ("wal", 2)
