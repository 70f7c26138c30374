"""Golden transcripts: scripts with expected views at checkpoints (tests/golden/*.yaml).

Each is played through a real Table on a real SQLite journal file; after the last step the
journal is reopened and replayed, and must give the same view.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from companion.journal import Journal
from companion.rules.base import IllegalAction
from companion.table import Redo, Table, Undo

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.glob("*.yaml"))


def lookup(view: Any, path: str) -> Any:
    node = view
    for part in path.split("."):
        if isinstance(node, list):
            node = node[int(part)]
        elif isinstance(node, dict):
            if part not in node:
                raise AssertionError(f"view has no '{part}' in {path}")
            node = node[part]
        else:
            raise AssertionError(f"cannot follow {path}: {node!r} at '{part}'")
    return node


def tokens_of(view: dict[str, Any]) -> set[tuple[Any, ...]]:
    return {
        (t["owner"], t["creature"], t["ability"], t["returns_at_period"], t["sector"])
        for t in view["tokens"]
    }


def effects_of(view: dict[str, Any]) -> set[tuple[Any, ...]]:
    return {
        (e["kind"], e["creature"], e["applied_by"], e["ends_at_period"]) for e in view["effects"]
    }


def check(view: dict[str, Any], expected: dict[str, Any], where: str) -> None:
    for path, want in expected.items():
        if path == "tokens":
            assert tokens_of(view) == {tuple(t) for t in want}, where
        elif path == "effects":
            assert effects_of(view) == {tuple(e) for e in want}, where
        else:
            assert lookup(view, path) == want, f"{where}: {path}"


def play(path: Path, db: Path) -> Table:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    table = Table.new_game(Journal(db), data["game"], data["setup"])
    for number, step in enumerate(data["steps"], 1):
        where = f"{path.name} step {number}"
        if "expect" in step:
            check(table.view(), step["expect"], where)
        elif "illegal" in step:
            before = table.view()
            with pytest.raises(IllegalAction, match=step["reason"]):
                table.apply(step["illegal"])
            assert table.view() == before, f"{where}: an illegal action changed the table"
        elif "undo" in step:
            for _ in range(step["undo"]):
                assert table.execute(Undo()).kind == "undo", where
        elif "redo" in step:
            for _ in range(step["redo"]):
                assert table.execute(Redo()).kind == "redo", where
        else:
            table.apply(step)
    return table


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden(path: Path, tmp_path: Path) -> None:
    db = tmp_path / "journal.db"
    table = play(path, db)
    final = table.view()
    table.journal.close()
    replayed = Table(Journal(db), Journal(db).game(table.record.id))
    assert replayed.view() == final


def test_there_are_goldens() -> None:
    assert len(FILES) >= 6
