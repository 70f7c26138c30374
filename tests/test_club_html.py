"""``companion club --html FILE``: the tournament's standings and each table's statistics
from the finished games' public journals on the broker (the feed's ``games/<id>``, made
here by the feed's own ``journal_lines`` from example games played through a table).

The wins in the report are the club's standings; a table is named as its box names it,
escaped like every player's name; a public journal that carries the final view gives the
game's own charts; one that anyone published as nonsense is passed over. Against a real
Mosquitto (as tests/test_mqtt_club.py starts it), the command writes the file, in either
language, and says so in its exit code when it cannot."""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
import threading
from dataclasses import replace
from pathlib import Path

from companion import club as club_module
from companion import script, stats_html
from companion.club import Club, club_report, club_stats, public_game, write_club_report
from companion.feed.mqtt import journal_lines
from companion.journal import Journal
from companion.table import Table
from tests.conftest import EXAMPLES
from tests.test_game_log import snapshot_of
from tests.test_mqtt_club import ROOT, Broker, broker, mqtt
from tests.test_stats_html import _renamed, chart_texts, charts

__all__ = ["broker"]  # the fixture, started here as the club tests start it

HOSTILE = "<b>Eve</b> & co"  # a player who types markup
GAMES = [  # (table's topic, game id, example, players)
    ("north", "1", "duel_siege", ["Anna", "Boris"]),
    ("north", "2", "manus_three_players", ["Anna", "Boris", "Vera"]),
    ("south", "7", "manus_three_players", ["Boris", "Vera", HOSTILE]),
    ("south", "8", "duel_siege", ["Vera", "anna "]),  # Anna, as another box spelt her
]


def finished(name: str, players: list[str], *, with_view: bool = True) -> str:
    """An example game played to its end, as the feed publishes it (its result line carries
    the final public view; ``with_view=False``: an older feed's, without it)."""
    loaded = script.load(EXAMPLES / f"{name}.yaml")
    names = dict(zip(loaded.setup["players"], players, strict=True))
    table = Table.new_game(Journal(":memory:"), loaded.game, _renamed(dict(loaded.setup), names))
    for item in loaded.actions:
        table.apply(_renamed(dict(item.action), names))
    text = journal_lines(replace(snapshot_of(table), history=table.history()))
    *lines, result = text.splitlines()
    told = json.loads(result)
    assert told["view"] == {k: v for k, v in table.view().items() if k != "table"}
    if with_view:
        return text
    del told["view"]
    return "\n".join([*lines, json.dumps(told, ensure_ascii=False)]) + "\n"


def club_of(games: list[tuple[str, str, str, list[str]]] = GAMES) -> Club:
    club = Club()
    for table, game_id, name, players in games:
        club.take(f"sigillum/{table}/games/{game_id}", finished(name, players).encode())
    state = {"table": "<i>South</i> table", "game": "manus", "picture": {}}
    club.take("sigillum/south/state", json.dumps(state).encode())
    return club


def test_the_report_counts_the_club_s_wins_per_table_and_in_all(tmp_path: Path) -> None:
    club = club_of()
    path = tmp_path / "club.html"
    assert write_club_report(club, path, "en") is None
    document = path.read_text(encoding="utf-8")
    assert "<title>Sigillum · the club&#x27;s statistics</title>" in document
    headings = re.findall(r'<h2 class="group" id="[^"]+">(.*?)</h2>', document)
    assert headings == [
        "The tournament",
        "Table &lt;i&gt;South&lt;/i&gt; table",  # as its box names it, escaped
        "Table north",
    ]
    assert "<b>Eve" not in document and "&lt;b&gt;Eve&lt;/b&gt; &amp;amp; co" not in document
    assert "&lt;b&gt;Eve&lt;/b&gt; &amp; co" in document
    # The tournament: every table's games; anna and Anna are one player, as first seen.
    everyone = club_stats(list(club.games.values()))
    wins = {row["name"]: row["wins"] for row in everyone["players"]}
    standings = club.standings()  # the club's own count: by the name as published
    standings["Anna"] = standings.get("Anna", 0) + standings.pop("anna ", 0)
    assert {name: count for name, count in wins.items() if count} == standings
    assert sum(wins.values()) == len(GAMES)
    found = charts(document)
    wins_chart = next(  # the tournament's: the first of that title
        svg
        for svg in re.findall(r"<svg .*?</svg>", document, flags=re.S)
        if 'aria-label="Wins per player"' in svg
    )
    _, titles = chart_texts(wins_chart)
    assert [t for t in titles if ": " in t] == [
        f"{row['name']}: {row['wins']}" for row in everyone["players"]
    ]
    # Each table: its games, their lengths in actions by the box's game number.
    north = club_stats([club.games[("north", "1")], club.games[("north", "2")]])
    assert north["finished"] == 2 and set(north["games"]) == {"bestiary", "manus"}
    manus = north["games"]["manus"]
    assert manus["history"][0]["label"] == "#2" and manus["avg_actions"] == 56
    written, dot_titles = chart_texts(found["Hand of Manus: length of each game"])
    assert "#2" in written or "#7" in written
    assert any(t.startswith("Actions: 56 · #") for t in dot_titles)
    assert "Minutes" not in written  # a public journal has no times
    assert "Unfinished" not in document  # nor the games not finished
    assert "<th>Game</th><th>Players</th><th>Won</th><th class=n>Actions</th>" in document


def test_the_game_s_own_charts_when_the_journal_carries_the_final_view() -> None:
    club = Club()
    text = finished("manus_three_players", ["Anna", "Boris", "Vera"], with_view=True)
    club.take("sigillum/east/games/3", text.encode())
    game = club.games[("east", "3")]
    assert game.digest is not None and game.winners == ("Vera",)
    own = club_stats([game])["games"]["manus"]["own"]
    assert own["charts"], own
    document = club_report(club, "ru")
    assert own["charts"][0]["title"] != ""
    assert "Турнир" in document and "Стол east" in document


def test_nonsense_on_the_broker_is_passed_over() -> None:
    club = Club()
    for payload in (b"not json\n[1, 2]\n", b'{"game": 5, "setup": "x"}\n{"head": "a"}\n', b""):
        club.take("sigillum/x/games/1", payload)
    club.take("sigillum/x/games/2", b'{"game": "nope"}\n{"head": 3, "events": 7}\n{"winners": []}')
    game = public_game("2", '{"game": "nope"}\n{"head": 3, "events": 7}\n{"winners": []}')
    assert game.actions == 3 and game.players == () and game.digest is None
    document = club_report(club, "en")
    assert "Table x" in document  # a game no box plays is named as the journal names it
    assert stats_html.say("none", "en") in document  # nobody played: no standings


def _publish(port: int, games: list[tuple[str, str, str, list[str]]]) -> None:
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
    client.connect("127.0.0.1", port)
    client.loop_start()
    sent = [
        client.publish(f"sigillum/{table}/games/{game_id}", finished(name, players), 1, True)
        for table, game_id, name, players in games
    ]
    for info in sent:
        info.wait_for_publish(10)
    client.disconnect()
    client.loop_stop()


def _club(port: int, *args: str) -> subprocess.CompletedProcess[bytes]:
    command = "import sys; from companion.cli import main; sys.exit(main())"
    options = ["--once", "1.5", "--host", "127.0.0.1", "--port", str(port), *args]
    return subprocess.run(
        [sys.executable, "-c", command, "club", *options],
        capture_output=True,
        timeout=60,
        cwd=ROOT,
        check=False,
    )


def test_companion_club_html_writes_the_report_from_the_broker(
    broker: Broker, tmp_path: Path
) -> None:
    _publish(broker.port, GAMES)
    path = tmp_path / "club.html"
    done = _club(broker.port, "--html", str(path), "--lang", "ru")
    assert done.returncode == 0, done.stderr
    assert b"standings: " in done.stdout  # the club's lines as ever
    document = path.read_text(encoding="utf-8")
    assert '<html lang="ru">' in document
    headings = re.findall(r'<h2 class="group" id="[^"]+">(.*?)</h2>', document)
    assert headings == ["Турнир", "Стол north", "Стол south"]
    assert "Победы игроков" in document and "Длань Мануса: длина каждой игры" in document
    assert not list(tmp_path.glob(".*.part"))  # written whole, then put in place


def test_companion_club_says_when_it_cannot_write_the_report(
    broker: Broker, tmp_path: Path
) -> None:
    done = _club(broker.port, "--html", str(tmp_path / "missing" / "club.html"))
    assert done.returncode == 1
    assert b"companion club: cannot write" in done.stderr


def test_a_burst_of_finished_games_rewrites_the_report_once() -> None:
    """The broker's retained journals come together at subscribe: the report is written
    again once for them, not once a game (it was N whole reports for N games)."""
    stop, finished, printing = threading.Event(), threading.Event(), threading.Lock()
    written: list[int] = []
    for _ in range(50):  # fifty games' messages before the listener looks
        finished.set()
    club_module._listen(stop, 1.5, finished, lambda: written.append(1) or 0, printing)
    assert written == [1]


def test_the_report_is_readable_by_all_whatever_the_umask_and_leaves_no_part_file(
    tmp_path: Path,
) -> None:
    """The club hands its report round: 0644 under the CLI's umask 077, as `companion stats
    --html` writes its own; a folder it cannot write in is said, and nothing is left."""
    path = tmp_path / "club.html"
    old = os.umask(0o077)
    try:
        assert write_club_report(club_of(), path, "en") is None
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    assert [p.name for p in tmp_path.iterdir()] == ["club.html"]
    missing = tmp_path / "gone" / "club.html"
    said = write_club_report(club_of(), missing, "en")
    assert said is not None and said.startswith(f"companion club: cannot write {missing}")
