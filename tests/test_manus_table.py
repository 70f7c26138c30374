"""Hand of Manus through the real Table on a real SQLite journal file: undo of a vote,
and resume with votes cast but not revealed (a power cut loses no vote)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from companion.journal import Journal
from companion.table import Apply, Change, Redo, Table, Undo

# "none" (a marker left on the start tile) is a setting since edition 2: these games use it.
SETUP: dict[str, Any] = {"players": ["Anna", "Boris", "Vera"], "no_target": True}
TO_THE_VOTE: list[dict[str, Any]] = [
    {"do": "place_site", "temperature": "warm", "humidity": "wet"},
    {"do": "choose_discovery", "discovery": "fire"},
    {"do": "skip"},
    {"do": "skip"},
    {"do": "skip"},
    {"do": "choose_target", "target": "none"},
    {"do": "choose_target", "target": "none"},
    {"do": "choose_target", "target": "none"},
]


def _table(path: Path) -> Table:
    table = Table.new_game(Journal(path), "manus", SETUP)
    for action in TO_THE_VOTE:
        table.apply(action)
    return table


def test_undo_takes_a_vote_back_and_redo_casts_it_again(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite"
    table = _table(path)
    # What the app hands the screen and the ring after each change.
    published: list[dict[str, Any]] = []

    def run(command: Apply | Undo | Redo) -> Change:
        change = table.execute(command)
        published.append(table.view())
        return change

    run(Apply({"do": "vote", "hand": 2, "condition": "cold"}, seat=2))
    assert table.view()["hands"][1]["voted"] is True
    assert table.view("seat:2")["hands"][1]["vote"] == "cold"
    assert "vote" not in table.view("seat:1")["hands"][1]
    # The journal keeps the vote itself, so that a power cut cannot lose it.
    stored = Journal(path).actions(table.record.id)[-1]
    assert (stored.seat, stored.action["condition"]) == (2, "cold")

    undone = run(Undo())
    # The action as applied: with the seat that cast it, which the rules checked owns hand 2.
    cast = {"do": "vote", "hand": 2, "condition": "cold", "seat": 2}
    assert (undone.undone, undone.action) == (1, cast)
    assert table.view()["hands"][1]["voted"] is False
    assert table.view()["vote"]["waiting"] == [1, 2, 3]
    assert "vote" not in table.view("seat:2")["hands"][1]
    assert undone.events == ()

    redone = run(Redo())
    assert table.view("seat:2")["hands"][1]["vote"] == "cold"
    assert [e["event"] for e in redone.events] == ["vote_cast"]
    assert "cold" not in json.dumps(redone.events)
    # Everything published to the screen and LEDs was the public view: no vote in it.
    assert all("vote" not in hand for picture in published for hand in picture["hands"])
    assert len(published) == 3


def test_a_new_vote_after_undo_replaces_the_old_one(tmp_path: Path) -> None:
    table = _table(tmp_path / "journal.sqlite")
    table.apply({"do": "vote", "hand": 1, "condition": "cold"})
    table.execute(Undo())
    table.apply({"do": "vote", "hand": 1, "condition": "dry"})
    assert not table.can_redo
    table.apply({"do": "vote", "hand": 2, "condition": "dry"})
    table.apply({"do": "vote", "hand": 3, "condition": "warm"})
    reveal = table.view()["last_reveal"]
    assert [c["condition"] for c in reveal["cards"]] == ["dry", "dry", "warm"]
    assert table.view()["test_site"] == {"temperature": "warm", "humidity": "dry"}


def test_resume_keeps_votes_cast_but_not_revealed(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite"
    table = _table(path)
    table.apply({"do": "vote", "hand": 1, "condition": "cold"})
    table.apply({"do": "vote", "hand": 3, "condition": "cold"})
    table.journal.close()  # the power goes out

    resumed = Table.open(path)
    assert resumed is not None
    picture = resumed.view()
    assert picture["phase"] == "vote"
    assert picture["vote"]["voted"] == [1, 3] and picture["vote"]["waiting"] == [2]
    assert resumed.view("seat:1")["hands"][0]["vote"] == "cold"
    assert "vote" not in resumed.view("seat:2")["hands"][0]
    assert resumed.prompt().seat == 2
    resumed.apply({"do": "vote", "hand": 2, "condition": "dry"})
    picture = resumed.view()
    assert [c["condition"] for c in picture["last_reveal"]["cards"]] == ["cold", "dry", "cold"]
    assert picture["test_site"] == {"temperature": "cold", "humidity": "dry"}
    assert picture["round"] == 2
    resumed.journal.close()

    # The file on disk is an ordinary journal: nine actions, the votes among them.
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT action FROM actions ORDER BY seq").fetchall()
    assert [json.loads(r[0])["do"] for r in rows][-3:] == ["vote", "vote", "vote"]


def test_a_finished_game_is_not_resumed(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite"
    table = Table.new_game(
        Journal(path), "manus", {"players": ["A", "B"], "hands_per_player": 1, "no_target": True}
    )
    table.apply({"do": "place_site", "temperature": "warm", "humidity": "wet"})
    for _ in range(4):
        for action in (
            {"do": "choose_discovery", "discovery": "fire"},
            {"do": "skip"},
            {"do": "skip"},
        ):
            table.apply(action)
        for hand in table.view()["order"]:
            table.apply({"do": "choose_target", "target": "large" if hand == 1 else "none"})
        for hand in (1, 2):
            table.apply({"do": "vote", "hand": hand, "condition": "warm"})
        table.apply({"do": "set_strength", "hand": 1, "strength": 6})
    assert table.finished and table.view()["winner"]["name"] == "A"
    table.journal.close()
    assert Table.open(path) is None
