"""Journals written by companion 0.1 (before games moved into their folders) replay
unchanged: the journaled ``do:`` names and the view fields are a public API."""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from companion.journal import Journal
from companion.table import Table

DATA = Path(__file__).parent / "data"
# Fields the view gained since 0.1 (additions keep the API; nothing old changes): per
# creature of the duel, "respawned" (docs/bestiary.md).
ADDED_CREATURE_FIELDS = ("respawned",)
# Of the duel's whole view: "sides" (the castle scales by side, docs/bestiary.md).
ADDED_FIELDS = {"bestiary": ("sides",)}


def as_of_0_1(view: dict[str, Any]) -> dict[str, Any]:
    """The view without the fields added since 0.1, after checking they are there."""
    old = copy.deepcopy(view)
    for field in ADDED_FIELDS.get(str(view.get("game")), ()):
        assert field in old, f"the view lost {field}"
        del old[field]
    for seat in old.get("seats") or []:
        for creature in seat.get("creatures") or []:
            for field in ADDED_CREATURE_FIELDS:
                assert field in creature, f"{creature['id']} lost {field}"
                del creature[field]
    return old


@pytest.mark.parametrize("name", ["v0_1_duel_cooldowns", "v0_1_manus_three_players"])
def test_a_journal_of_the_previous_version_replays_to_the_same_view(
    name: str, tmp_path: Path
) -> None:
    kept = tmp_path / f"{name}.db"
    shutil.copy(DATA / f"{name}.db", kept)
    before = kept.read_bytes()
    expected = json.loads((DATA / f"{name}.expected.json").read_text(encoding="utf-8"))
    journal = Journal(kept)
    try:
        (record,) = journal.games()
        table = Table(journal, record)
        assert table.game == expected["game"]
        assert as_of_0_1(table.view()) == expected["view"]
        prompt = table.prompt().to_json()
        for key in ("seat", "kind", "choices", "free"):
            assert prompt[key] == expected["prompt"][key]
    finally:
        journal.close()
    assert kept.read_bytes() == before  # reading an old journal writes nothing
