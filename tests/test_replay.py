"""The replay (companion/replay.py): every step of a journaled game is the public view the
table showed after that many actions, with the lines it said; a step inside a Manus vote
shows no vote; the spectator page's routes (companion/web/replay_routes.py) answer the
games and their steps, and refuse what is not one with a clear 4xx."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion import script, table
from companion.journal import Journal, JournalError
from companion.replay import CHECKPOINT_EVERY, Replay
from companion.table import Table
from tests.conftest import EXAMPLES

DUEL = EXAMPLES / "duel_siege.yaml"
MANUS = EXAMPLES / "manus_three_players.yaml"


def played(path: Path, journal: Journal) -> tuple[Table, list[dict[str, Any]]]:
    """An example script played through a table: each step's public view (without the
    table's own keys) and lines, 0 the setup."""
    loaded = script.load(path)
    game = Table.new_game(journal, loaded.game, loaded.setup)
    seen = [{"view": _bare(game.view()), "said": {"en": (), "ru": ()}}]
    for item in loaded.actions:
        change = game.apply(item.action)
        seen.append({"view": _bare(game.view()), "said": dict(change.said)})
    return game, seen


def _bare(view: Any) -> dict[str, Any]:
    return {key: value for key, value in view.items() if key != "table"}


@pytest.fixture
def journal(tmp_path: Path) -> Iterator[Journal]:
    kept = Journal(tmp_path / "j.sqlite")
    yield kept
    kept.close()


@pytest.mark.parametrize("path", [DUEL, MANUS], ids=["duel", "manus"])
def test_every_step_is_the_public_view_the_table_showed(journal: Journal, path: Path) -> None:
    """In order, backwards and at random: the same view and lines as playing the game."""
    game, seen = played(path, journal)
    replay = Replay(Journal(journal.path), game.record.id)
    assert replay.of == len(seen) - 1
    order = [*range(replay.of + 1), *reversed(range(replay.of + 1))]
    order += random.Random(25).choices(range(replay.of + 1), k=40)
    for n in order:
        for language in ("en", "ru"):
            step = replay.step(n, language)
            assert (step.step, step.of) == (n, replay.of)
            assert step.view == seen[n]["view"], n
            assert step.said == tuple(seen[n]["said"][language]), n
            assert bool(step.at) == (n > 0)
    assert replay.step(-5).step == 0
    assert replay.step(replay.of + 9).step == replay.of
    assert replay.step(replay.of).view.get("winner")


def test_a_long_game_steps_from_the_journals_snapshots(
    journal: Journal, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A snapshot kept every 40 actions: the replay starts from the nearest one and still
    gives the table's view; a snapshot of another shape is ignored."""
    from bench.rules import SETUP, actions  # noqa: PLC0415 (the bench's long duel)

    monkeypatch.setattr(table, "SNAPSHOT_EVERY", 40)
    game = Table.new_game(journal, "bestiary", SETUP)
    views = [_bare(game.view())]
    stream = actions()
    for _ in range(CHECKPOINT_EVERY * 3 + 17):
        game.apply(next(stream))
        views.append(_bare(game.view()))
    journal.keep_snapshot(game.record.id, 80, json.dumps({"shape": "other", "state": {}}))
    replay = Replay(Journal(journal.path), game.record.id)
    for n in (317, 5, 81, 120, 239, 240, 241, 80, 79, 0, 200, 199, 198):
        assert replay.step(n).view == views[n], n


def test_the_redo_stack_is_not_replayed(journal: Journal) -> None:
    game, seen = played(DUEL, journal)
    game.execute(table.Undo())
    game.execute(table.Undo())
    replay = Replay(journal, game.record.id)
    assert replay.of == len(seen) - 3
    assert replay.step(replay.of).view == seen[-3]["view"]


def test_an_unknown_game_is_a_journal_error(journal: Journal) -> None:
    with pytest.raises(JournalError, match="no game 7"):
        Replay(journal, 7)


# --- the vote ------------------------------------------------------------------------------


def test_no_step_of_a_manus_game_shows_a_vote_before_its_reveal(tmp_path: Path) -> None:
    """For each round's vote: the same game with every vote of that round changed is, at
    every step before the round's reveal, the same view, picture and lines in either
    language (so no step shows a vote), though the states differ."""
    loaded = script.load(MANUS)
    actions = [dict(item.action) for item in loaded.actions]
    real = Journal(tmp_path / "real.sqlite")
    game = Table.new_game(real, loaded.game, loaded.setup)
    for action in actions:
        game.apply(action)
    replay = Replay(real, game.record.id)
    reveals = [
        n
        for n in range(1, replay.of + 1)
        if any(e.get("event") == "votes_revealed" for e in _events(replay, n))
    ]
    assert len(reveals) >= 2
    compared, after = 0, 0
    for number, reveal in enumerate(reveals):
        other = [
            {**a, "condition": _another(str(a["condition"]))}
            if a["do"] == "vote" and after < index + 1 < reveal
            else a
            for index, a in enumerate(actions[: reveal - 1])
        ]
        assert other != actions[: reveal - 1]
        variant = Journal(tmp_path / f"variant{number}.sqlite")
        twin = Table.new_game(variant, loaded.game, loaded.setup)
        for action in other:
            twin.apply(action)
        replayed = Replay(variant, twin.record.id)
        differs = False
        for n in range(reveal):
            for language in ("en", "ru"):
                mine, theirs = replay.step(n, language), replayed.step(n, language)
                assert mine.view == theirs.view, (n, language)
                assert mine.said == theirs.said, (n, language)
                assert game.spec.picture(mine.view, language) == game.spec.picture(
                    theirs.view, language
                )
                differs = differs or mine.state != theirs.state
                compared += 1
        assert differs  # the votes were in the states, and nowhere in what was shown
        variant.close()
        after = reveal
    assert compared > 50
    real.close()


def _events(replay: Replay, n: int) -> list[Any]:
    return list(getattr(replay.step(n).state, "events", ()))


def _another(condition: str) -> str:
    order = ["warm", "cold", "wet", "dry"]
    return order[(order.index(condition) + 1) % len(order)]
