"""docs/club.md's access list on a real Mosquitto: started with exactly the file the page
shows and a password file made by ``mosquitto_passwd``, each table writes only its own
topics. A box's feed logged in as ``north`` reaches ``companion club``; ``north`` publishing
on ``south``'s topics reaches no one while ``south``'s own publishes do; a wrong password
and no user at all are refused."""

from __future__ import annotations

import getpass
import json
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from companion.config import MqttSettings
from tests.test_mqtt_club import BESTIARY, ROOT, Broker, _app, _until, mqtt

PASSWD = Path("/usr/bin/mosquitto_passwd")
pytestmark = pytest.mark.skipif(
    not PASSWD.exists(), reason="mosquitto_passwd is missing (Debian's mosquitto package)"
)
USERS = {"north": "north-secret", "south": "south-secret", "watch": "watch-secret"}
ANCHOR = "`/etc/mosquitto/sigillum.acl`:"


def documented_acl() -> str:
    """The access list as docs/club.md shows it: the code block after its file name."""
    page = (ROOT / "docs/club.md").read_text("utf-8")
    after = page[page.index(ANCHOR) + len(ANCHOR) :]
    block = after.split("```", 2)[1]
    return block.removeprefix("\n")


@pytest.fixture
def secured(tmp_path: Path) -> Any:
    """Mosquitto with docs/club.md's access list, no anonymous access and a user per table."""
    acl = tmp_path / "sigillum.acl"
    acl.write_text(documented_acl())
    passwd = tmp_path / "passwd"
    for number, (user, password) in enumerate(USERS.items()):
        create = ["-c"] if number == 0 else []
        subprocess.run(
            [str(PASSWD), *create, "-b", str(passwd), user, password], check=True, timeout=10
        )
    broker = Broker(tmp_path)
    broker.conf.write_text(
        f"listener {broker.port} 127.0.0.1\nallow_anonymous false\n"
        f"password_file {passwd}\nacl_file {acl}\n"
        f"user {getpass.getuser()}\n"  # run as root, it would read them as "mosquitto"
    )
    broker.start()
    yield broker
    broker.stop()


class Client:
    """A paho client logged in as ``user``: what it receives on ``topic`` and how its
    connection was answered."""

    def __init__(self, port: int, user: str | None, password: str = "", topic: str = "") -> None:
        self.got: list[tuple[str, str]] = []
        self.answered = threading.Event()
        self.refused = False
        self.lock = threading.Lock()
        self.topic = topic
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
        if user is not None:
            self.client.username_pw_set(user, password)
        self.client.on_connect = self._connected
        self.client.on_message = self._message
        self.subscribed = threading.Event()
        self.client.on_subscribe = lambda c, u, m, r, p: self.subscribed.set()
        self.client.connect("127.0.0.1", port)
        self.client.loop_start()
        assert self.answered.wait(10)

    def _connected(
        self, client: Any, userdata: object, flags: object, reason: Any, props: object
    ) -> None:
        self.refused = bool(reason.is_failure)
        if not self.refused and self.topic:
            client.subscribe(self.topic, qos=1)
        self.answered.set()

    def _message(self, client: Any, userdata: object, message: Any) -> None:
        with self.lock:
            self.got.append((message.topic, message.payload.decode()))

    def on(self, prefix: str) -> list[tuple[str, str]]:
        with self.lock:
            return [(t, p) for t, p in self.got if t.startswith(prefix)]

    def publish(self, topic: str, payload: str, retain: bool = True) -> None:
        self.client.publish(topic, payload, qos=1, retain=retain).wait_for_publish(10)

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def test_the_documented_acl_lets_each_table_write_only_its_own_topics(
    secured: Broker, tmp_path: Path
) -> None:
    from companion.feed.mqtt import Feed  # noqa: PLC0415

    port = secured.port
    watch = Client(port, "watch", USERS["watch"], "#")
    assert watch.subscribed.wait(10)
    settings = MqttSettings(
        True, "127.0.0.1", port, "north", USERS["north"], table="north", homeassistant=True
    )
    app, feed = _app(tmp_path / "north"), Feed(settings).start()
    forger = Client(port, "north", USERS["north"])
    south = Client(port, "south", USERS["south"])
    try:
        app.subscribe(feed)
        app.apply(BESTIARY[0])
        assert _until(lambda: any(_head(p) == 1 for _, p in watch.on("sigillum/north/state")))
        assert _until(lambda: ("sigillum/north/status", "online") in watch.on("sigillum/north/"))
        assert _until(lambda: bool(watch.on("homeassistant/sensor/sigillum_north/")))
        forged = json.dumps({"game": "bestiary", "head": 99, "view": {}, "said": ["forged"]})
        for topic, payload in (
            ("sigillum/south/state", forged),
            ("sigillum/south/events", forged),
            ("sigillum/south/status", "offline"),
            ("sigillum/south/games/1", json.dumps({"winner": {"name": "Forger"}})),
            ("homeassistant/sensor/sigillum_south/game/config", "{}"),
            ("sigillum/north/anything", "not a topic of the feed"),
        ):
            forger.publish(topic, payload)
        real = json.dumps({"game": "bestiary", "head": 2, "view": {}, "said": ["real"]})
        south.publish("sigillum/south/state", real)
        assert _until(lambda: ("sigillum/south/state", real) in watch.on("sigillum/south/"))
        time.sleep(0.3)  # anything forged was published before south's own state
        assert watch.on("sigillum/south/") == [("sigillum/south/state", real)]
        assert watch.on("homeassistant/sensor/sigillum_south/") == []
        assert watch.on("sigillum/north/anything") == []
        lines = _club(port)
        tables = {row["table"]: row for row in lines if "table" in row}
        assert tables["north"]["head"] == 1 and tables["north"]["online"] is True
        assert tables["south"]["last"] == "real" and lines[-1] == {"standings": {}}
    finally:
        feed.stop()
        app.close()
        for client in (watch, forger, south):
            client.close()
    for user, password in (("north", "wrong"), (None, ""), ("nobody", "x")):
        stranger = Client(port, user, password)
        assert stranger.refused, user
        stranger.close()


def _head(payload: str) -> int:
    return int(json.loads(payload).get("head", -1))


def _club(port: int) -> list[dict[str, Any]]:
    command = "import sys; from companion.cli import main; sys.exit(main())"
    options = ["--json", "--once", "1.5", "--host", "127.0.0.1", "--port", str(port)]
    login = ["--username", "watch", "--password", USERS["watch"]]
    done = subprocess.run(
        [sys.executable, "-c", command, "club", *options, *login],
        capture_output=True,
        text=True,
        timeout=30,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]
