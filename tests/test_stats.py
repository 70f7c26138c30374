"""``companion stats`` (docs/stats.md): a journal filled by ``companion play --db`` with the
example games reports the wins each game's own last line announced, counts archived games,
keeps unfinished ones apart, matches names without regard to case, credits each partner of
a winning team, and tells each game's own numbers as the table said them."""

from __future__ import annotations

import contextlib
import io
import json
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from companion.cli import main
from companion.journal import Journal
from companion.stats import fill_cache, gather, standings, table_stats
from companion.stats_cache import META_KEY
from tests.conftest import EXAMPLES

SCRIPTS = sorted(EXAMPLES.glob("*.yaml"))


def play(db: Path, script: Path) -> str:
    """``companion play --db`` as a table's user runs it: what it printed."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["play", "--db", str(db), str(script)])
    assert code == 0, script.name
    return out.getvalue()


def stats_command(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["stats", *argv])
    return code, out.getvalue(), err.getvalue()


class Played:
    """The example games played into one journal, with what each said at its end."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.said: dict[str, str] = {}
        self.winners: dict[int, list[str]] = {}  # game id -> the winners its last line named
        self.unfinished: Counter[str] = Counter()
        for game_id, script in enumerate(SCRIPTS, 1):
            said = play(db, script)
            self.said[script.stem] = said
            last = said.rstrip().splitlines()[-1]
            won = re.fullmatch(r"> (.+?) won( with \d+ points)?", last)
            game = yaml.safe_load(script.read_text())["game"]
            if won:
                self.winners[game_id] = won.group(1).split(" & ")
            else:
                self.unfinished[game] += 1

    def stats(self, **options: str) -> Any:
        journal = Journal(self.db)
        try:
            return told(journal, **options)
        finally:
            journal.close()


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Played:
    return Played(tmp_path_factory.mktemp("stats") / "journal.sqlite")


def told(journal: Journal, **options: str) -> Any:
    """table_stats as the report reads it: JSON (Any: the tests index it freely)."""
    return json.loads(json.dumps(table_stats(journal, **options)))


def history(stats: Any) -> dict[int, Any]:
    return {game["id"]: game for each in stats["games"].values() for game in each["history"]}


def test_each_finished_games_winners_are_those_its_last_line_named(played: Played) -> None:
    assert len(played.winners) >= 10  # the examples that finish: every game but Talisman's
    games = history(played.stats())
    assert {game_id: game["winners"] for game_id, game in games.items()} == played.winners


def test_a_players_wins_are_the_games_that_named_him(played: Played) -> None:
    stats = played.stats()
    expected = Counter(name for names in played.winners.values() for name in names)
    players = {p["name"]: p for p in stats["players"]}
    assert {name: p["wins"] for name, p in players.items() if p["wins"]} == dict(expected)
    anna = players["Anna"]
    assert anna["win_rate"] == round(anna["wins"] / anna["games"], 4)
    wins = [p["wins"] for p in stats["players"]]
    assert wins == sorted(wins, reverse=True)


def test_a_teams_win_counts_for_each_partner(played: Played) -> None:
    stats = played.stats(game="four_path")
    games = stats["games"]["four_path"]["history"]
    teams = [g["winners"] for g in games if len(g["players"]) == 4]
    # The team examples (played by their actions, and by presses) each end Anna & Clara's.
    assert teams and all(winners == ["Anna", "Clara"] for winners in teams)
    by_name = {p["name"]: p["by_game"]["four_path"] for p in stats["players"]}
    assert by_name["Clara"]["wins"] == len(teams)
    assert by_name["Dmitri"] == {"games": len(teams), "wins": 0}


def test_unfinished_games_are_counted_apart(played: Played) -> None:
    stats = played.stats()
    assert stats["finished"] == len(played.winners)
    assert stats["unfinished"] == sum(played.unfinished.values())
    games = stats["games"]
    for game, count in played.unfinished.items():
        assert (games[game])["unfinished"] == count
    # Only finished games are played games: a player's count leaves the others out.
    boris = next(p for p in stats["players"] if p["name"] == "Boris")
    assert boris["games"] == sum(
        1 for names in history(stats).values() if "Boris" in names["players"]
    )


def test_archived_games_still_count(played: Played, tmp_path: Path) -> None:
    db = tmp_path / "journal.sqlite"
    db.write_bytes(played.db.read_bytes())
    before = told(Journal(db))
    code = main(["games", "archive", "--finished", "--journal", str(db)])
    assert code == 0
    journal = Journal(db)
    assert all(r.archived for r in journal.games() if r.status == "finished")
    after = told(journal)
    assert after["finished"] == before["finished"] == len(played.winners)
    assert after["players"] == before["players"]


def test_names_are_trimmed_and_matched_without_regard_to_case(tmp_path: Path) -> None:
    db = tmp_path / "journal.sqlite"
    for players in (["Anna", "Boris"], [" anna ", "BORIS"], ["ANNA", "boris"]):
        script = yaml.safe_load((EXAMPLES / "duel_siege.yaml").read_text())
        script["setup"]["players"] = players
        path = tmp_path / "duel.yaml"
        path.write_text(yaml.safe_dump(script, allow_unicode=True))
        play(db, path)
    stats = told(Journal(db))
    assert [(p["name"], p["games"], p["wins"]) for p in stats["players"]] == [
        ("Anna", 3, 3),
        ("Boris", 3, 0),
    ]
    only = told(Journal(db), player="  aNNa")
    assert [p["name"] for p in (only["players"])] == ["Anna"]
    assert standings(Journal(db)) == [("Anna", 3, 3), ("Boris", 0, 3)]


def test_the_bestiarys_creatures_as_the_duel_summoned_them(tmp_path: Path) -> None:
    """duel_siege: Anna summons Saxum, Illesbra and Manus, Boris Vinctum, Ferrarius and
    Cerberus; Anna wins by siege, and nobody is destroyed."""
    db = tmp_path / "journal.sqlite"
    said = play(db, EXAMPLES / "duel_siege.yaml")
    pairs = re.findall(r"^(Anna|Boris) summons (\w+)\.$", said, re.M)
    stats = told(Journal(db), game="bestiary")
    game = stats["games"]["bestiary"]
    (creatures,) = game["own"]["tables"]
    table = {row[0]: row[1:] for row in creatures["rows"]}
    assert set(table) == {creature for _, creature in pairs}
    for who, creature in pairs:
        won = 100.0 if who == "Anna" else 0.0
        assert table[creature] == [1, 0, 1, won]  # summons, destroyed, fielded, side won %
    assert game["unit"] == "periods" and game["avg_units"] == 3


def test_manus_targets_and_strength_as_the_table_said_them(played: Played) -> None:
    """manus_two_players: the tests the table announced ("strength 8, large target
    destroyed"), counted by size, are the targets tried and hit."""
    tests = re.findall(
        r"strength (\d+), (small|medium|large) target (destroyed|missed)",
        played.said["manus_two_players"],
    )
    db = played.db.parent / "manus.sqlite"
    play(db, EXAMPLES / "manus_two_players.yaml")
    stats = told(Journal(db), game="manus")
    targets, hands = stats["games"]["manus"]["own"]["tables"]
    shown = {row[0]: row[1:3] for row in targets["rows"]}
    for size in ("small", "medium", "large"):
        tried = [t for t in tests if t[1] == size]
        hit = [t for t in tried if t[2] == "destroyed"]
        assert shown[f"{size} target"] == [len(tried), len(hit)]
    strengths = [int(t[0]) for t in tests]
    assert hands["rows"] == [
        ["Hands tested at a target", len(tests)],
        ["Average hand strength", round(sum(strengths) / len(strengths), 2)],
    ]
    russian = told(Journal(db), game="manus", language="ru")
    game = russian["games"]["manus"]
    assert game["unit"] == "раунды" and game["title"] == "Длань Мануса"


def test_tetranomicon_points_by_kind_add_up_to_the_points(played: Played) -> None:
    stats = played.stats(game="tetranomicon")
    game = stats["games"]["tetranomicon"]
    (points,) = game["own"]["tables"]
    kinds = [row[0] for row in points["rows"]]
    assert kinds == ["Wealth", "Influence", "Strength", "Fame"]
    assert game["unit"] == "epochs"


def test_the_json_has_the_shape_the_report_reads(played: Played) -> None:
    code, out, err = stats_command("--json", "--journal", str(played.db))
    assert (code, err) == (0, "")
    stats = json.loads(out)
    assert set(stats) == {"players", "games", "unfinished", "finished"}
    for player in stats["players"]:
        assert set(player) == {"name", "games", "wins", "win_rate", "by_game"}
        assert isinstance(player["win_rate"], float)
        for counts in player["by_game"].values():
            assert set(counts) == {"games", "wins"}
    for name, game in stats["games"].items():
        assert set(game) == {
            "title", "played", "unfinished", "avg_actions", "unit", "avg_units",
            "avg_minutes", "history", "own",
        }, name  # fmt: skip
        for line in game["history"]:
            assert set(line) == {
                "id",
                "finished_at",
                "actions",
                "units",
                "minutes",
                "players",
                "winners",
            }
        assert set(game["own"]) == {"charts", "tables"}
        for chart in game["own"]["charts"]:
            assert set(chart) == {"title", "labels", "series"}
            for series in chart["series"]:
                assert len(series["values"]) == len(chart["labels"])
        for table in game["own"]["tables"]:
            assert all(len(row) == len(table["columns"]) for row in table["rows"])


def test_the_plain_tables_are_in_the_tables_language(played: Played) -> None:
    code, out, _ = stats_command("--journal", str(played.db), "--lang", "ru")
    assert code == 0
    assert "Статистика стола" in out and "Доля побед" in out and "Длань Мануса" in out
    code, out, _ = stats_command("--journal", str(played.db), "--game", "manus")
    assert code == 0
    assert "Hand of Manus" in out and "Bestiary" not in out and "Average hand strength" in out


def test_a_missing_journal_and_an_unknown_game_are_one_line_exit_2(tmp_path: Path) -> None:
    missing = tmp_path / "none.sqlite"
    code, out, err = stats_command("--journal", str(missing))
    assert (code, out) == (2, "")
    assert err == f"companion: {missing}: no journal there (the table makes it at its first game)\n"
    assert not missing.exists()
    code, out, err = stats_command("--journal", str(missing), "--game", "manu")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "unknown game 'manu'" in err and "manus" in err


def test_a_journal_is_replayed_once_and_again_when_a_game_changes(
    played: Played, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "journal.sqlite"
    db.write_bytes(played.db.read_bytes())
    first = told(Journal(db))
    assert Journal(db).meta(META_KEY)
    from companion import stats_replay  # noqa: PLC0415

    replays: list[int] = []
    real = stats_replay.replayed

    def counted(journal: Journal, record: object, spec: object) -> object:
        replays.append(record.id)  # type: ignore[attr-defined]
        return real(journal, record, spec)  # type: ignore[arg-type]

    monkeypatch.setattr(stats_replay, "replayed", counted)
    assert told(Journal(db)) == first and replays == []
    # The last action of a finished game undone and played again (a new row at its head):
    # that game is replayed, the others are not.
    game_id = next(iter(played.winners))
    journal = Journal(db)
    last = journal.actions(game_id)[-1]
    journal.set_head(game_id, last.seq - 1, status="active")
    assert told(journal)["finished"] == first["finished"] - 1
    journal.append(game_id, last.seat, last.action, status="finished")
    again = told(journal)  # the same game, played later: only its times differ
    assert replays == [game_id]
    assert again["players"] == first["players"] and again["finished"] == first["finished"]
    assert history(again)[game_id]["winners"] == history(first)[game_id]["winners"]
    assert history(again)[game_id]["finished_at"] >= history(first)[game_id]["finished_at"]


def test_a_damaged_cache_is_as_none(played: Played, tmp_path: Path) -> None:
    db = tmp_path / "journal.sqlite"
    db.write_bytes(played.db.read_bytes())
    first = told(Journal(db))
    journal = Journal(db)
    journal.set_meta(META_KEY, '{"version": 1, "games": {"1": ["x", {"id": "one"}]}, ')
    assert told(journal) == first
    journal.set_meta(META_KEY, json.dumps({"version": 1, "games": {"1": ["k", {"id": 1}]}}))
    assert told(journal) == first
    assert gather(journal, cache=False).played == gather(journal).played


@pytest.fixture
def no_report(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    import sys  # noqa: PLC0415

    monkeypatch.setitem(sys.modules, "companion.stats_html", None)
    yield


def test_without_the_report_module_html_is_one_line_exit_2(
    played: Played, tmp_path: Path, no_report: None
) -> None:
    code, out, err = stats_command("--journal", str(played.db), "--html", str(tmp_path / "r.html"))
    assert (code, out) == (2, "")
    assert err == "companion: the HTML report (--html) is not built into this version\n"


def test_a_game_ended_without_a_winner_is_played_and_its_battles_counted(
    tmp_path: Path,
) -> None:
    """talisman_battle, then ended from the menu (the tracker names no winner): the Warrior
    won against the enemies and against the Sorceress he attacked, drew once; she lost her
    two battles and the one she was attacked in."""
    db = tmp_path / "journal.sqlite"
    said = play(db, EXAMPLES / "talisman_battle.yaml")
    results = re.findall(r"^(\w+): (won|lost|standoff)\.$", said, re.M)
    assert results == [
        ("Warrior", "won"),
        ("Warrior", "standoff"),
        ("Sorceress", "lost"),
        ("Warrior", "won"),
        ("Sorceress", "lost"),
    ]
    journal = Journal(db)
    assert told(journal)["finished"] == 0
    journal.set_status(1, "finished")  # what MENU, End game does
    stats = told(journal)
    game = stats["games"]["talisman"]
    assert (stats["finished"], game["played"], game["history"][0]["winners"]) == (1, 1, [])
    assert (game["unit"], game["avg_units"]) == ("turns", 7)
    battles = game["own"]["tables"][0]
    assert battles["columns"] == ["Player", "Battles", "Won", "Lost", "Drawn"]
    assert battles["rows"] == [["Warrior", 3, 2, 0, 1], ["Sorceress", 3, 0, 3, 0]]
    assert [(p["name"], p["games"], p["wins"]) for p in stats["players"]] == [
        ("Sorceress", 1, 0),
        ("Warrior", 1, 0),
    ]


def test_a_first_reading_shared_among_processes_tells_the_same(
    played: Played, monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion import stats_replay  # noqa: PLC0415

    monkeypatch.setattr(stats_replay, "PARALLEL_AT", 1)
    journal = Journal(played.db)
    alone = gather(journal, cache=False, workers=1)
    shared = gather(journal, cache=False, workers=2)
    assert shared.played == alone.played and shared.unreadable == alone.unreadable == []


def test_a_cache_filled_at_start_spares_the_first_standings_their_replays(
    played: Played, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion import stats_replay  # noqa: PLC0415

    db = tmp_path / "journal.sqlite"
    db.write_bytes(played.db.read_bytes())
    assert fill_cache(db) == len(played.winners)
    expected = [p["name"] for p in played.stats()["players"][:2]]

    def refused(*args: object) -> None:
        raise AssertionError("replayed")

    monkeypatch.setattr(stats_replay, "replayed", refused)
    top = standings(Journal(db), limit=2)
    assert [name for name, _, _ in top] == expected


def test_a_damaged_game_is_named_left_out_and_the_rest_told(played: Played, tmp_path: Path) -> None:
    import sqlite3  # noqa: PLC0415

    db = tmp_path / "journal.sqlite"
    db.write_bytes(played.db.read_bytes())
    game_id = next(iter(played.winners))
    with sqlite3.connect(db) as raw:  # a changed bit: the row no longer matches its checksum
        raw.execute("UPDATE games SET created_at = created_at || ' ' WHERE id = ?", (game_id,))
        raw.execute("DELETE FROM meta WHERE key = ?", (META_KEY,))
    raw.close()
    code, out, err = stats_command("--json", "--journal", str(db))
    assert code == 4
    assert err == (
        f"companion: {db}: game {game_id}: the row is damaged (it does not match its checksum: "
        "a changed bit); the journal was left untouched; left out of the statistics\n"
    )
    assert json.loads(out)["finished"] == len(played.winners) - 1
    assert Journal(db).meta(META_KEY) is None  # nothing written into a damaged journal
