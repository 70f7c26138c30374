"""A game is played by the edition of the rules it started with: a new game is stamped with
today's (targets, signs and own-castle immunity checked); a game journaled by companion 0.1
has no stamp and replays as it was played."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from companion.journal import Journal, checksum_rows
from companion.table import Table
from tests.test_controls import DUEL_SETUP

TO_ANNAS_FIRST_ATTACK = [*DUEL_SETUP, {"do": "turn_disc"}, {"do": "siege", "towers": []}]


def attacks(table: Table) -> list[dict[str, object]]:
    return [dict(c) for c in table.prompt().choices if c.get("do") == "attack"]


def test_a_new_game_is_stamped_with_todays_edition(tmp_path: Path) -> None:
    table = Table.new_game(Journal(tmp_path / "j.sqlite"), "bestiary", {})
    assert table.record.setup["edition"] == 2
    for action in TO_ANNAS_FIRST_ATTACK:
        table.apply(action)
    assert table.view()["phase"] == "attack" and table.view()["period"] == 1
    assert attacks(table) == []  # Boris's creatures have not left their castle yet
    table.journal.close()


def test_an_unstamped_journaled_game_replays_by_the_first_edition(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite"
    table = Table.new_game(Journal(path), "bestiary", {})
    for action in TO_ANNAS_FIRST_ATTACK:
        table.apply(action)
    record_id = table.record.id
    table.journal.close()
    with sqlite3.connect(path) as db:  # what companion 0.1 wrote: no edition in the setup
        db.execute("UPDATE games SET setup=? WHERE id=?", (json.dumps({}), record_id))
        checksum_rows(db)  # as 0.1 wrote it, and as opening an 0.1 journal checksums it
    old = Table.open(path)
    assert old is not None
    offered = attacks(old)
    assert offered and {a["target"] for a in offered} == {"vinctum", "ferrarius", "cerberus"}
    old.apply(offered[0])  # and 0.1's rules take it, as they did then
    old.journal.close()
