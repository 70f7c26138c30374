"""The club feed against a real Mosquitto broker (Debian's ``mosquitto``, started here on a
free loopback port): the retained state after an action, the events in order and once each,
the last will when a box dies without a goodbye, no unrevealed vote in anything a Manus
table publishes, a table that plays on at full speed while the broker is down and sends its
newest state when it is back, and ``companion club`` showing three tables."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import yaml

from companion.app import App, build_app
from companion.club import Club
from companion.config import GameSettings, MqttSettings, load
from companion.presses import with_seat_pads
from tests.secrecy import values_of

MOSQUITTO = Path("/usr/sbin/mosquitto")
pytestmark = pytest.mark.skipif(
    not MOSQUITTO.exists(),
    reason="/usr/sbin/mosquitto is missing (apt-get install mosquitto; .ci/run installs it)",
)
mqtt = pytest.importorskip("paho.mqtt.client")
ROOT = Path(__file__).resolve().parent.parent

BESTIARY: list[dict[str, Any]] = [
    {"do": "choose_castle", "castle": "forest_edge"},
    *(
        {"do": "summon", "creature": name, "class": klass, "vitality": 5}
        for name, klass in (
            ("Saxum", "strength"),
            ("Vinctum", "strength"),
            ("Illesbra", "agility"),
            ("Ferrarius", "agility"),
            ("Manus", "intellect"),
            ("Cerberus", "intellect"),
        )
    ),
    {"do": "turn_disc"},
]
MANUS = {"players": ["Anna", "Boris", "Vera"], "first": "Anna"}
TO_THE_VOTE: list[dict[str, Any]] = [
    {"do": "place_site", "temperature": "warm", "humidity": "wet"},
    {"do": "choose_discovery", "discovery": "steam"},
    {"do": "skip"},
    {"do": "skip"},
    {"do": "skip"},
    {"do": "choose_target", "target": "medium"},
    {"do": "choose_target", "target": "medium"},
    {"do": "choose_target", "target": "small"},
]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _until(check: Callable[[], bool], seconds: float = 10) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.02)
    return check()


class Broker:
    """Mosquitto on 127.0.0.1:``port``, anonymous, no persistence: stop and start again."""

    def __init__(self, folder: Path) -> None:
        self.port = _free_port()
        self.conf = folder / "mosquitto.conf"
        self.conf.write_text(f"listener {self.port} 127.0.0.1\nallow_anonymous true\n")
        self.log = folder / "mosquitto.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [str(MOSQUITTO), "-c", str(self.conf)], stdout=log, stderr=subprocess.STDOUT
            )
        if not _until(self._listening, 10):
            self.stop()
            raise AssertionError(f"mosquitto did not listen: {self.log.read_text()}")

    def _listening(self) -> bool:
        try:
            socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
        except OSError:
            return False
        return True

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)
            self.process = None


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[Broker]:
    running = Broker(tmp_path)
    running.start()
    yield running
    running.stop()


class Listener:
    """A subscriber: every message on ``<prefix>/#`` as (topic, payload text, retained)."""

    def __init__(self, port: int, topic: str = "sigillum/#") -> None:
        self.got: list[tuple[str, str, bool]] = []
        self.lock = threading.Lock()
        self.ready = threading.Event()
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
        self.client.on_connect = lambda c, u, f, r, p: c.subscribe(topic, qos=1)
        self.client.on_subscribe = lambda c, u, m, r, p: self.ready.set()
        self.client.on_message = self._message
        self.client.connect("127.0.0.1", port)
        self.client.loop_start()
        assert self.ready.wait(10)

    def _message(self, client: Any, userdata: object, message: Any) -> None:
        with self.lock:
            self.got.append((message.topic, message.payload.decode(), bool(message.retain)))

    def on(self, topic: str) -> list[str]:
        with self.lock:
            return [payload for t, payload, _ in self.got if t == topic]

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def _feed(port: int, table: str) -> Any:
    """The box's own feed, with the config's settings (what ``companion run`` starts)."""
    from companion.feed.mqtt import Feed  # noqa: PLC0415

    return Feed(MqttSettings(True, "127.0.0.1", port, table=table)).start()


def _app(folder: Path, game: str = "bestiary", setup: dict[str, Any] | None = None) -> App:
    folder.mkdir(parents=True, exist_ok=True)
    config = load(None)
    if setup is not None:
        config = with_seat_pads(replace(config, game=GameSettings(game, setup)), setup)
    return build_app(config, fakes=True, journal_path=folder / "journal.sqlite")


def _head(payload: str) -> int:
    return int(json.loads(payload)["head"])


def _online(listener: Listener, table: str) -> bool:
    return listener.on(f"sigillum/{table}/status")[-1:] == ["online"]


def test_the_state_is_retained_after_an_action(broker: Broker, tmp_path: Path) -> None:
    app, feed = _app(tmp_path), _feed(broker.port, "t1")
    app.subscribe(feed)
    try:
        watch = Listener(broker.port)
        assert _until(lambda: _online(watch, "t1"))
        watch.close()
        app.apply(BESTIARY[0])
        late = Listener(broker.port)  # connects after the action: the broker kept it
        assert _until(lambda: bool(late.on("sigillum/t1/state")))
        state = json.loads(late.on("sigillum/t1/state")[-1])
        assert state["head"] == 1 and state["game"] == "bestiary"
        assert state["view"]["seats"][0]["castle"] == "forest_edge"
        assert any(t == "sigillum/t1/state" and kept for t, _, kept in late.got)
        late.close()
    finally:
        feed.stop()
        app.close()


def test_the_events_arrive_in_order_once_each(broker: Broker, tmp_path: Path) -> None:
    watch = Listener(broker.port)
    app, feed = _app(tmp_path), _feed(broker.port, "t1")
    app.subscribe(feed)
    try:
        assert _until(lambda: _online(watch, "t1"))
        for action in BESTIARY:
            app.apply(action)
        events = "sigillum/t1/events"
        assert _until(lambda: len(watch.on(events)) >= len(BESTIARY))
        time.sleep(0.3)  # a duplicate would come now
        messages = [json.loads(text) for text in watch.on(events)]
        assert [m["head"] for m in messages] == list(range(1, len(BESTIARY) + 1))
        assert messages[0]["events"][0]["event"] == "castle_chosen"
        assert all(m["game"] == "bestiary" and m["said"] for m in messages)
    finally:
        watch.close()
        feed.stop()
        app.close()


PUBLISHER = textwrap.dedent(
    """
    import sys, time
    sys.path.insert(0, {root!r})
    from companion.feed.mqtt import Feed
    from companion.config import MqttSettings
    feed = Feed(MqttSettings(True, "127.0.0.1", {port}, table="doomed"))
    feed.start()
    time.sleep(60)
    """
)


def test_the_last_will_says_offline_when_a_box_dies(broker: Broker) -> None:
    watch = Listener(broker.port)
    code = PUBLISHER.format(root=str(ROOT), port=broker.port)
    box = subprocess.Popen([sys.executable, "-c", code])
    try:
        assert _until(lambda: _online(watch, "doomed"), 20)
        box.kill()  # no DISCONNECT: the broker sends the will
        box.wait(10)
        assert _until(lambda: watch.on("sigillum/doomed/status")[-1] == "offline")
        late = Listener(broker.port)  # and keeps it
        assert _until(lambda: late.on("sigillum/doomed/status") == ["offline"])
        late.close()
    finally:
        box.kill()
        box.wait(10)
        watch.close()


def _after_the_vote(port: int, folder: Path, condition: str) -> list[tuple[str, str]]:
    """A Manus table played to the vote and Anna's vote for ``condition``: every message
    the table published after it, as (subtopic, payload)."""
    table = f"vote_{condition}"
    app, feed = _app(folder / condition, "manus", MANUS), _feed(port, table)
    app.subscribe(feed)
    watch = Listener(port, f"sigillum/{table}/#")
    state = f"sigillum/{table}/state"

    def at(head: int) -> Callable[[], bool]:
        return lambda: bool(watch.on(state)) and _head(watch.on(state)[-1]) == head

    try:
        assert _until(lambda: _online(watch, table))
        for action in TO_THE_VOTE:
            app.apply(action)
        vote = {"do": "vote", "hand": 1, "condition": condition}
        assert condition in json.dumps(app.snapshot.prompt.to_json("en"))
        assert _until(at(len(TO_THE_VOTE)))
        time.sleep(0.2)  # every message before the vote is in
        before = len(watch.got)
        app.apply(vote, seat=1)
        assert _until(at(len(TO_THE_VOTE) + 1))
        time.sleep(0.2)
        with watch.lock:
            after = [(t.removeprefix(f"sigillum/{table}/"), p) for t, p, _ in watch.got]
        for _, text in after:
            if text.startswith(("{", "[")):
                assert condition not in values_of(json.loads(text), vote)
        # The state names its table (each of the four its own): the rest is compared.
        return [(topic, text.replace(table, "<table>")) for topic, text in after[before:]]
    finally:
        watch.close()
        feed.stop()
        app.close()


def test_no_unrevealed_vote_in_anything_published(broker: Broker, tmp_path: Path) -> None:
    """Whatever Anna votes (four tables, one per condition), what the table publishes after
    her vote is byte-identical, and none of it holds her condition by her hand."""
    seen = [_after_the_vote(broker.port, tmp_path, c) for c in ("warm", "cold", "wet", "dry")]
    assert {topic for topic, _ in seen[0]} == {"state", "events", "entities"}
    assert all(row == seen[0] for row in seen[1:])


def test_a_table_plays_on_while_the_broker_is_down(broker: Broker, tmp_path: Path) -> None:
    app, feed = _app(tmp_path), _feed(broker.port, "t1")
    app.subscribe(feed)
    try:
        watch = Listener(broker.port)
        assert _until(lambda: _online(watch, "t1"))
        up = []
        for action in BESTIARY[:4]:
            start = time.perf_counter()
            app.apply(action)
            up.append(time.perf_counter() - start)
        watch.close()
        broker.stop()
        down = []
        for action in BESTIARY[4:]:
            start = time.perf_counter()
            app.apply(action)
            down.append(time.perf_counter() - start)
        assert max(down) < max(0.25, 5 * max(up)), (up, down)
        broker.start()  # no persistence: the retained state must come from the box again
        late = Listener(broker.port)
        state = "sigillum/t1/state"
        assert _until(lambda: bool(late.on(state)) and _head(late.on(state)[-1]) == 8, 20)
        assert _until(lambda: _online(late, "t1"))
        late.close()
    finally:
        feed.stop()
        app.close()


def test_companion_club_shows_three_tables(broker: Broker, tmp_path: Path) -> None:
    """Three bestiary tables at different points, and a Manus table whose finished game
    gives the tournament's standings."""
    tables = {"north": 1, "south": 3, "east": 8}
    script = yaml.safe_load((ROOT / "docs/examples/manus_three_players.yaml").read_text("utf-8"))
    running = []
    try:
        for name, count in tables.items():
            app, feed = _app(tmp_path / name), _feed(broker.port, name)
            app.subscribe(feed)
            running.append((app, feed))
            for action in BESTIARY[:count]:
                app.apply(action)
        manus, feed = _app(tmp_path / "west", "manus", script["setup"]), _feed(broker.port, "west")
        manus.subscribe(feed)
        running.append((manus, feed))
        for action in script["actions"]:
            manus.apply(action)
        winner = manus.snapshot.view["winner"]
        assert winner is not None
        heads = {*tables.values(), len(script["actions"])}
        watch = Listener(broker.port, "sigillum/#")
        assert _until(lambda: {_head(p) for t, p in _states(watch)} >= heads)
        assert _until(lambda: bool(watch.on("sigillum/west/games/1")))
        watch.close()
        command = "import sys; from companion.cli import main; sys.exit(main())"
        args = ["club", "--json", "--once", "2", "--host", "127.0.0.1"]
        done = subprocess.run(
            [sys.executable, "-c", command, *args, "--port", str(broker.port)],
            capture_output=True,
            text=True,
            timeout=30,
            cwd=ROOT,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        rows = [json.loads(line) for line in done.stdout.splitlines()]
        lines = {row["table"]: row for row in rows if "table" in row}
        assert sorted(lines) == sorted([*tables, "west"])
        for name, count in tables.items():
            line = lines[name]
            assert line["game"] == "bestiary" and line["online"] is True
            assert line["head"] == count and line["last"]
            assert line["standings"][1] == "Player 2 · Wasteland 0/16"  # the game's scales
        assert lines["north"]["standings"][0] == "Player 1 · Forest-edge 0/16"
        assert lines["east"]["round"] == "Period 1, cycle 1" and lines["north"]["round"] == ""
        west = lines["west"]
        assert west["game"] == "manus" and west["winner"] == ", ".join(winner["names"])
        assert [s.split()[0] for s in west["standings"]] == ["Anna", "Boris", "Vera"]
        assert rows[-1] == {"standings": dict.fromkeys(winner["names"], 1)}
    finally:
        for app, feed in running:
            feed.stop()
            app.close()


def _states(listener: Listener) -> list[tuple[str, str]]:
    with listener.lock:
        return [(t, p) for t, p, _ in listener.got if t.endswith("/state")]


def test_the_standings_count_wins_per_player_across_tables() -> None:
    club = Club("sigillum")
    journal = "\n".join(
        [
            json.dumps({"game": "manus", "setup": {}}),
            json.dumps({"head": 1, "events": []}),
            json.dumps({"winner": {"seat": 1, "name": "Anna"}, "winners": ["Anna", "Vera"]}),
        ]
    )
    club.take("sigillum/a/games/1", journal.encode())
    club.take("sigillum/b/games/4", json.dumps({"winner": {"seat": 2, "name": "Vera"}}).encode())
    club.take("sigillum/b/games/5", b"")  # a cleared retained message counts for nothing
    club.take("sigillum/b/status", b"offline")
    assert club.standings() == {"Vera": 2, "Anna": 1}
    assert [line.online for line in club.lines()] == [None, False]
