"""The club feed without a broker: a table plays on when the broker is away (the feed
connects in the background and queues a bounded number of messages), and a finished
game's public journal tells what the public view told, never a vote before its reveal."""

from __future__ import annotations

import json
import os
import threading
from dataclasses import replace
from pathlib import Path

import pytest
import yaml

from companion.app import build_app, start_feed
from companion.config import GameSettings, MqttSettings, load
from companion.feed.mqtt import MAX_QUEUED, journal_lines
from companion.table import Undo
from tests.conftest import EXAMPLES


def test_a_table_plays_on_with_no_broker(tmp_path: Path) -> None:
    settings = MqttSettings(True, "127.0.0.1", 1, table="lonely")  # nothing listens on 1
    config = replace(
        load(None),
        game=GameSettings("bestiary", {"players": ["Anna", "Boris"]}),
        mqtt=settings,
    )
    app = build_app(config, fakes=True, journal_path=tmp_path / "j.sqlite")
    feed = start_feed(app)
    try:
        assert feed is not None
        for _ in range(MAX_QUEUED + 20):  # more than the queue holds: the oldest go
            app.apply({"do": "choose_castle", "castle": "forest_edge"})
            app.execute(Undo())
        assert app.table.head == 0 and app.snapshot.hardware.failed == ()
    finally:
        if feed is not None:
            feed.stop()
        app.close()


def test_a_finished_games_journal_holds_no_vote_before_its_reveal() -> None:
    script = yaml.safe_load((EXAMPLES / "manus_three_players.yaml").read_text("utf-8"))
    from companion import games  # noqa: PLC0415
    from companion.snapshot import Snapshot  # noqa: PLC0415

    spec = games.find("manus")
    state = spec.rules.start(script["setup"])
    for action in script["actions"]:
        state = spec.rules.step(state, action)
    view = spec.rules.view(state)
    snap = Snapshot(
        spec=spec,
        state=state,
        view=view,
        prompt=spec.rules.prompt(state),
        history=tuple(script["actions"]),
        setup=script["setup"],
    )
    lines = [json.loads(line) for line in journal_lines(snap).splitlines()]
    assert lines[0]["game"] == "manus" and lines[-1]["winner"] == view["winner"]
    assert len(lines) == len(script["actions"]) + 2
    cast = [e for line in lines[1:-1] for e in line["events"] if e["event"] == "vote_cast"]
    revealed = [e for line in lines[1:-1] for e in line["events"] if e["event"] == "votes_revealed"]
    assert cast and revealed  # the game voted and revealed
    for event in cast:
        assert "condition" not in json.dumps(event)  # a vote is public only as revealed


def test_after_a_long_outage_the_retained_state_is_the_newest(tmp_path: Path) -> None:
    """More messages while the broker is away than the feed keeps: on its return the
    kept events go first and the newest state last, so the retained state is the box's
    (paho alone kept the oldest and sent them after the newest)."""
    from tests.test_mqtt_club import MOSQUITTO, Broker, Listener, _app, _feed, _head, _until  # noqa: PLC0415

    if not MOSQUITTO.exists():
        pytest.skip(f"{MOSQUITTO} is missing: .ci/run installs mosquitto")
    broker = Broker(tmp_path)
    broker.start()
    app, feed = _app(tmp_path / "box"), _feed(broker.port, "long")
    app.subscribe(feed)
    try:
        watch = Listener(broker.port)
        assert _until(lambda: watch.on("sigillum/long/status")[-1:] == ["online"])
        watch.close()
        broker.stop()
        for _ in range(MAX_QUEUED // 2 + 10):
            app.apply({"do": "choose_castle", "castle": "forest_edge"})
            app.execute(Undo())
        app.apply({"do": "choose_castle", "castle": "forest_edge"})
        head = app.table.head
        broker.start()
        late = Listener(broker.port)
        state = "sigillum/long/state"
        assert _until(lambda: bool(late.on(state)) and _head(late.on(state)[-1]) == head, 20)
        heads = [_head(p) for p in late.on(state)]
        assert heads == sorted(heads), heads  # never back in time
        late.close()
    finally:
        feed.stop()
        app.close()
        broker.stop()


def _certificates(folder: Path) -> tuple[Path, Path, Path]:
    """A CA and a broker certificate for 127.0.0.1 (openssl), for the TLS test."""
    import subprocess  # noqa: PLC0415

    ca_key, ca, key, csr, cert = (
        folder / n for n in ("ca.key", "ca.pem", "b.key", "b.csr", "b.pem")
    )
    ext = folder / "ext.cnf"
    ext.write_text("subjectAltName=IP:127.0.0.1\n")
    for command in (
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "2",
            "-subj",
            "/CN=club ca",
            "-keyout",
            str(ca_key),
            "-out",
            str(ca),
        ],
        [
            "openssl",
            "req",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-subj",
            "/CN=127.0.0.1",
            "-keyout",
            str(key),
            "-out",
            str(csr),
        ],
        [
            "openssl",
            "x509",
            "-req",
            "-in",
            str(csr),
            "-CA",
            str(ca),
            "-CAkey",
            str(ca_key),
            "-CAcreateserial",
            "-days",
            "2",
            "-extfile",
            str(ext),
            "-out",
            str(cert),
        ],
    ):
        subprocess.run(command, check=True, capture_output=True)
    return ca, cert, key


def test_the_feed_speaks_tls_and_home_assistants_discovery(tmp_path: Path) -> None:
    """mqtt.tls_ca: the feed reaches a broker that listens only on TLS, and with
    mqtt.homeassistant its discovery configs (a device per table, sensors read from the
    entities message) are retained under homeassistant/."""
    import shutil  # noqa: PLC0415

    from companion.feed.mqtt import Feed  # noqa: PLC0415
    from tests.test_mqtt_club import MOSQUITTO, Broker, _app, _until  # noqa: PLC0415

    if not MOSQUITTO.exists() or shutil.which("openssl") is None:
        pytest.skip("mosquitto or openssl is missing: .ci/run installs mosquitto")
    ca, cert, key = _certificates(tmp_path)
    broker = Broker(tmp_path)
    # As root, mosquitto drops to its own user, who cannot read the test's private folder.
    as_root = "user root\n" if os.geteuid() == 0 else ""
    broker.conf.write_text(
        f"{as_root}listener {broker.port} 127.0.0.1\nallow_anonymous true\n"
        f"cafile {ca}\ncertfile {cert}\nkeyfile {key}\n"
    )
    broker.start()
    settings = MqttSettings(
        True, "127.0.0.1", broker.port, table="secure", homeassistant=True, tls_ca=str(ca)
    )
    app = _app(tmp_path / "box")
    feed = Feed(settings).start()
    app.subscribe(feed)
    got: dict[str, str] = {}
    import paho.mqtt.client as mqtt  # noqa: PLC0415
    from paho.mqtt.enums import CallbackAPIVersion  # noqa: PLC0415

    reader = mqtt.Client(CallbackAPIVersion.VERSION2)
    reader.tls_set(ca_certs=str(ca))
    reader.on_message = lambda c, u, m: got.__setitem__(m.topic, m.payload.decode())
    try:
        app.apply({"do": "choose_castle", "castle": "forest_edge"})
        reader.connect("127.0.0.1", broker.port)
        reader.subscribe([("sigillum/#", 1), ("homeassistant/#", 1)])
        reader.loop_start()
        assert _until(lambda: "sigillum/secure/state" in got, 20)
        assert json.loads(got["sigillum/secure/state"])["head"] == 1
        config = "homeassistant/sensor/sigillum_secure/winner/config"
        assert _until(lambda: config in got, 10)
        sensor = json.loads(got[config])
        assert sensor["state_topic"] == "sigillum/secure/entities"
        assert sensor["device"]["identifiers"] == ["sigillum_secure"]
    finally:
        reader.loop_stop()
        feed.stop()
        app.close()
        broker.stop()


def test_events_arrive_in_order_once_each_across_a_broker_restart(tmp_path: Path) -> None:
    """A club listener with a lasting session (QoS 1) and a broker that keeps sessions
    (persistence): three actions before the broker stops, three while it is away, and the
    listener has every action's events once, in order, after the broker is back."""
    import paho.mqtt.client as mqtt  # noqa: PLC0415
    from paho.mqtt.enums import CallbackAPIVersion  # noqa: PLC0415

    from tests.test_mqtt_club import MOSQUITTO, Broker, _app, _feed, _until  # noqa: PLC0415

    if not MOSQUITTO.exists():
        pytest.skip(f"{MOSQUITTO} is missing: .ci/run installs mosquitto")
    broker = Broker(tmp_path)
    as_root = "user root\n" if os.geteuid() == 0 else ""
    broker.conf.write_text(
        f"{as_root}listener {broker.port} 127.0.0.1\nallow_anonymous true\n"
        f"persistence true\npersistence_location {tmp_path}/\n"
    )
    broker.start()
    heads: list[int] = []
    listener = mqtt.Client(
        CallbackAPIVersion.VERSION2, client_id="club-listener", clean_session=False
    )
    listener.reconnect_delay_set(min_delay=1, max_delay=2)
    listener.on_connect = lambda c, u, f, r, p: c.subscribe("sigillum/restart/events", qos=1)
    listener.on_message = lambda c, u, m: heads.append(json.loads(m.payload)["head"])
    listener.connect("127.0.0.1", broker.port)
    listener.loop_start()
    app, feed = _app(tmp_path / "box"), _feed(broker.port, "restart")
    app.subscribe(feed)
    moves = [
        {"do": "choose_castle", "castle": "forest_edge"},
        *(
            {"do": "summon", "creature": name, "class": klass, "vitality": 5}
            for name, klass in (
                ("Saxum", "strength"),
                ("Vinctum", "strength"),
                ("Illesbra", "agility"),
                ("Ferrarius", "agility"),
                ("Manus", "intellect"),
            )
        ),
    ]
    try:
        assert _until(feed.client.is_connected, 10)
        for move in moves[:3]:
            app.apply(move)
        assert _until(lambda: heads == [1, 2, 3], 10), heads
        broker.stop()
        for move in moves[3:]:
            app.apply(move)
        broker.start()
        assert _until(lambda: len(heads) >= 6, 30), heads
        threading.Event().wait(1.0)  # nothing more may come
        assert heads == [1, 2, 3, 4, 5, 6]
    finally:
        listener.loop_stop()
        feed.stop()
        app.close()
        broker.stop()
