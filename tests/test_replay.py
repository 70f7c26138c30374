"""The replay (companion/replay.py): every step of a journaled game is the public view the
table showed after that many actions, with the lines it said; a step inside a Manus vote
shows no vote; the spectator page's routes (companion/web/replay_routes.py) answer the
games and their steps, and refuse what is not one with a clear 4xx."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from companion import script, table
from companion.journal import Journal, JournalError
from companion.replay import CHECKPOINT_EVERY, Replay
from companion.table import Table
from companion.web.hub import Hub
from companion.web.replay_routes import payload
from companion.web.server import make_app
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


EXAMPLES_PLAYED = sorted(p for p in EXAMPLES.glob("*.yaml") if script.load(p).actions)


@pytest.mark.parametrize("path", EXAMPLES_PLAYED, ids=[p.stem for p in EXAMPLES_PLAYED])
def test_every_example_game_replays_as_it_was_played(journal: Journal, path: Path) -> None:
    """Each game (every example script that plays actions): every step the table's view,
    and the spectator page's payload of it JSON in either language."""
    game, seen = played(path, journal)
    replay = Replay(Journal(journal.path), game.record.id)
    for n in range(replay.of + 1):
        language = ("en", "ru")[n % 2]
        step = replay.step(n, language)
        assert step.view == seen[n]["view"], n
        assert step.said == tuple(seen[n]["said"][language]), n
        json.dumps(payload(replay, step, language))


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


def test_lines_the_journal_lacks_are_said_again_from_the_actions(journal: Journal) -> None:
    """A journal older than the kept lines (or a damaged row): the same lines, said again
    with the step's public view; the log at a step is the lines of its last actions."""
    game, seen = played(DUEL, journal)
    journal._db.execute("UPDATE actions SET said=NULL, said_crc=NULL WHERE seq % 2 = 0")
    replay = Replay(Journal(journal.path), game.record.id)
    for n in range(replay.of + 1):
        assert replay.step(n, "ru").said == tuple(seen[n]["said"]["ru"]), n
    wanted = [line for each in seen[replay.of - 4 :] for line in each["said"]["en"]]
    assert replay.log(replay.of, 5, "en") == tuple(wanted)
    assert replay.log(0, 5) == ()


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


# --- the routes ----------------------------------------------------------------------------


def _ask(journal: Journal, *paths: str) -> list[tuple[int, Any]]:
    """Each path's status and JSON from the phones' server over this journal's file."""

    async def go() -> list[tuple[int, Any]]:
        hub = Hub(lambda _: None, journal)
        async with TestClient(TestServer(make_app(hub))) as client:
            answers = []
            for path in paths:
                response = await client.get(path)
                answers.append((response.status, await response.json()))
            return answers

    return asyncio.run(go())


def test_the_games_are_listed_newest_first(journal: Journal) -> None:
    duel, _ = played(DUEL, journal)
    manus = Table.new_game(journal, "manus", {"players": ["Anna", "Boris", "Vera"]})
    manus.apply({"do": "place_site", "temperature": "warm", "humidity": "wet"})
    [(status, listed)] = _ask(journal, "/api/games?lang=ru")
    assert status == 200
    first, second = listed["games"]
    assert (first["game_id"], first["game"], first["status"], first["actions"]) == (
        manus.record.id,
        "manus",
        "active",
        1,
    )
    assert first["players"] == ["Anna", "Boris", "Vera"]
    assert (second["game_id"], second["status"], second["actions"]) == (
        duel.record.id,
        "finished",
        duel.head,
    )
    assert second["title"] == duel.spec.words("title", "ru")


def test_a_step_is_the_live_pages_public_payload(journal: Journal) -> None:
    """The picture is the spec's public picture of the step's public view; the step says
    its lines and the chart so far; no step given: the end."""
    game, seen = played(DUEL, journal)
    ident = game.record.id
    answers = _ask(
        journal,
        f"/api/replay/{ident}?step=9&lang=ru",
        f"/api/replay/{ident}",
        f"/api/replay/{ident}?step=0&lang=en",
    )
    (status, nine), (_, end), (_, start) = answers
    assert status == 200
    assert (nine["step"], nine["of"], nine["language"]) == (9, game.head, "ru")
    assert nine["picture"] == json.loads(json.dumps(game.spec.picture(seen[9]["view"], "ru")))
    assert nine["said"] == list(seen[9]["said"]["ru"])
    assert nine["view"] == json.loads(json.dumps(game.spec.page_view(seen[9]["view"])))
    assert nine["at"] and nine["title"] == game.spec.words("title", "ru")
    assert nine["picture"]["chart"] is None  # as the live page: its chart when it is over
    assert end["step"] == end["of"] == game.head
    assert end["picture"]["winner"] and end["picture"]["chart"]["series"]
    assert end["chart"] == end["picture"]["chart"]
    assert (start["step"], start["said"], start["at"]) == (0, [], "")
    assert nine["log"][-len(nine["said"]) :] == nine["said"] and len(nine["log"]) > 5


def test_a_game_that_moves_on_is_replayed_to_its_new_end(journal: Journal) -> None:
    """The server's replay of the game on the table follows it: an action, an undo."""
    game = Table.new_game(journal, "manus", {"players": ["Anna", "Boris", "Vera"]})

    async def go() -> list[int]:
        hub = Hub(lambda _: None, journal)
        ends = []
        async with TestClient(TestServer(make_app(hub))) as client:
            changes: list[table.Command] = [
                table.Apply({"do": "place_site", "temperature": "warm", "humidity": "wet"}),
                table.Apply({"do": "choose_discovery", "discovery": "steam"}),
                table.Undo(),
                table.Apply({"do": "choose_discovery", "discovery": "fire"}),
            ]
            for change in changes:
                game.execute(change)
                answer = await (await client.get(f"/api/replay/{game.record.id}")).json()
                ends.append(answer["of"])
                assert answer["view"] == json.loads(json.dumps(_bare(game.view())))
        return ends

    assert asyncio.run(go()) == [1, 2, 1, 2]


@pytest.mark.parametrize(
    ("path", "status", "says"),
    [
        ("/api/replay/99", 404, "no game 99"),
        ("/api/replay/1?step=999", 404, "step from 0 to"),
        ("/api/replay/1?step=-1", 400, "step: a whole number"),
        ("/api/replay/1?step=two", 400, "step: a whole number"),
        ("/api/replay/1?step=1&step=2", 400, "more than once"),
        ("/api/replay/1?lang=de", 400, "lang: en or ru"),
        ("/api/replay/1?seat=1", 400, "unknown query 'seat'"),
        ("/api/replay/x1", 400, "game: a whole number"),
        ("/api/replay/1234567890", 400, "game: a whole number"),
        ("/api/games?lang=xx", 400, "lang: en or ru"),
        ("/api/games?all=1", 400, "unknown query 'all'"),
    ],
)
def test_what_is_not_a_game_or_a_step_is_refused(
    journal: Journal, path: str, status: int, says: str
) -> None:
    played(DUEL, journal)
    [(got, answer)] = _ask(journal, path)
    assert got == status
    assert says in answer["error"]


def test_a_table_without_a_journal_file_has_nothing_to_replay() -> None:
    memory = Journal(":memory:")
    [(status, answer)] = _ask(memory, "/api/games")
    assert status == 503 and "no journal file" in answer["error"]
