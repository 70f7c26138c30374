"""Journals written by companion 0.1 (before games moved into their folders) replay
unchanged: the journaled ``do:`` names and the view fields are a public API."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from companion.journal import Journal
from companion.table import Table

DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize("name", ["v0_1_duel_cooldowns", "v0_1_manus_three_players"])
def test_a_journal_of_the_previous_version_replays_to_the_same_view(
    name: str, tmp_path: Path
) -> None:
    copy = tmp_path / f"{name}.db"
    shutil.copy(DATA / f"{name}.db", copy)
    before = copy.read_bytes()
    expected = json.loads((DATA / f"{name}.expected.json").read_text(encoding="utf-8"))
    journal = Journal(copy)
    try:
        (record,) = journal.games()
        table = Table(journal, record)
        assert table.game == expected["game"]
        assert table.view() == expected["view"]
        prompt = table.prompt().to_json()
        for key in ("seat", "kind", "choices", "free"):
            assert prompt[key] == expected["prompt"][key]
    finally:
        journal.close()
    assert copy.read_bytes() == before  # reading an old journal writes nothing
