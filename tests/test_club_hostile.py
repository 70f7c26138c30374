"""``companion club`` against a hostile table on a real Mosquitto (started as
tests/test_mqtt_club.py starts it): whatever a table's name, state, events or finished
game's journal hold, nothing printed carries a control character or an escape sequence,
so nothing published can move the terminal's cursor, clear it or retitle it. (Mosquitto
itself refuses a topic with a C0 or C1 character as a malformed packet, so there a table's
name carries at most a bidirectional override; its payloads carry anything. Another
broker may pass more: the club's own parsing is tested with those too.)"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from companion.club import Club, TableLine, printable
from tests.test_mqtt_club import ROOT, Broker, broker, mqtt

__all__ = ["broker"]  # the fixture, started here as the club tests start it

HOSTILE_NAME = "ev\u202eil"  # the override: "ev" then "il" written right to left
STATE = {
    "game": "manus\x1b]0;pwned\x07",
    "title": "Manus",
    "head": 3,
    "picture": {
        "headline": "Round\x1b[2K 2",
        "summary": [
            {"label": "Anna\x1b[1A\x1b[2K", "value": 3},
            {"label": "Boris\u009b2J\u202e", "value": 1},
        ],
        "winner": ["\x1b[5mnobody"],
    },
    "said": ["hello\x1b[31m red\x1b[0m\r\nfake | line\x07"],
}
JOURNAL = json.dumps({"winner": {"name": "Vera\x1b[5m\x1bPq#0\x1b\\"}})


def _publish(port: int) -> None:
    """A hostile table's retained state, status and finished game, as any client may."""
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
    client.connect("127.0.0.1", port)
    client.loop_start()
    base = f"sigillum/{HOSTILE_NAME}"
    sent = [
        client.publish(f"{base}/state", json.dumps(STATE), qos=1, retain=True),
        client.publish(f"{base}/status", "online", qos=1, retain=True),
        client.publish(f"{base}/games/1", JOURNAL, qos=1, retain=True),
    ]
    for info in sent:
        info.wait_for_publish(10)
    client.disconnect()
    client.loop_stop()


def _club(port: int, *args: str) -> str:
    command = "import sys; from companion.cli import main; sys.exit(main())"
    options = ["--once", "1.5", "--host", "127.0.0.1", "--port", str(port), *args]
    done = subprocess.run(
        [sys.executable, "-c", command, "club", *options],
        capture_output=True,
        timeout=30,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.decode("utf-8")


def _controls(text: str) -> list[str]:
    """Every control character (C0 but the line ends, DEL, C1) in ``text``."""
    return [c for c in text if (ord(c) < 0x20 and c != "\n") or 0x7F <= ord(c) <= 0x9F]


@pytest.mark.parametrize("as_json", [False, True])
def test_companion_club_prints_no_control_character_from_the_broker(
    broker: Broker, as_json: bool
) -> None:
    _publish(broker.port)
    out = _club(broker.port, *(["--json"] if as_json else []))
    assert _controls(out) == [] and "\u202e" not in out
    if as_json:
        rows = [json.loads(row) for row in out.splitlines()]
        assert _controls(json.dumps(rows, ensure_ascii=False)) == []
        line = next(row for row in rows if "table" in row)
        assert line["table"] == "evil" and line["game"] == "manus"
        assert line["standings"] == ["Anna 3", "Boris 1"] and line["winner"] == "nobody"
        assert line["last"] == "hello red  fake | line"
        assert rows[-1] == {"standings": {"Vera": 1}}
    else:
        line = "evil | manus | Round 2 | Anna 3, Boris 1 | won by nobody | hello red  fake | line"
        line += " | online"
        assert out.splitlines() == [line, "standings: Vera 1"]
    assert "[2J" not in out and "pwned" not in out  # the sequences went whole


def test_printable_takes_out_sequences_whole_and_keeps_the_words() -> None:
    assert printable("a\x1b[2Jb\x1b]0;title\x07c\u009b1Ad\x1bPq\x1b\\e\x1b7f") == "abcdef"
    assert printable("Анна\tи\nБорис\x00\x7f\x85") == "Анна и Борис"
    assert printable("left\u202eright") == "leftright"


def test_a_table_named_with_escapes_by_another_broker_prints_clean() -> None:
    """A broker that passes control characters in topics (Mosquitto does not): the table's
    name printed without them, as text and as JSON."""
    club = Club("sigillum")
    name = "ev\x1b[2Jil\u009b2J\x1b]0;x\x07"
    assert club.take(f"sigillum/{name}/status", b"online") == name
    line = club.lines()[0]
    assert line.text() == "evil | - | - |  |  | online"
    assert line.to_json()["table"] == "evil"
    assert isinstance(line, TableLine)
