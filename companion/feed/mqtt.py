"""The club feed: the table's public state on an MQTT broker (docs/club.md).

An app output (the snapshot subscription): after every change it publishes, through
paho-mqtt (the reference MQTT client, well kept, with its own network thread and
reconnection), the public payload the spectator page shows (retained, ``<prefix>/<table>/
state``), the action's events (QoS 1, ``…/events``), the table's availability (retained,
``…/status``, with a last will ``offline``) and, when a game ends, its whole public journal
(retained JSON Lines, ``…/games/<id>``). Never a secret: only what the public view holds.

The loop never waits for the broker. While it is away the feed hands paho nothing: it keeps
the newest state and a bounded number of event messages (``MAX_QUEUED``, the oldest go
first); on every (re)connection it sends the kept events in order, then the newest state
last, so the retained state is never older than the table (and a live subscriber never sees
it go back). The state goes at QoS 0: it is sent again on every reconnection, and a QoS 1
state left in flight would be resent after the newest one.
"""

from __future__ import annotations

import json
import logging
import threading
from collections import deque
from collections.abc import Mapping
from typing import Any

from companion.config import MqttSettings
from companion.rules.base import JSON
from companion.snapshot import Snapshot
from companion.web.hub import head_of, public_payload

log = logging.getLogger("companion.feed")
MAX_QUEUED = 100  # event messages kept while the broker is away (then the oldest go)


def topics(settings: MqttSettings) -> dict[str, str]:
    base = f"{settings.topic_prefix}/{settings.table}"
    return {"state": f"{base}/state", "events": f"{base}/events", "status": f"{base}/status"}


class Feed:
    """The publisher: an app output. ``client`` is a paho ``Client`` (tests may pass one
    built for them); :meth:`start` connects in the background and returns at once."""

    def __init__(self, settings: MqttSettings, client: Any = None) -> None:
        import paho.mqtt.client as mqtt  # noqa: PLC0415 (loaded only when the feed is on)
        from paho.mqtt.enums import CallbackAPIVersion  # noqa: PLC0415

        self.settings = settings
        self.topics = topics(settings)
        self._lock = threading.Lock()
        self._state = ""
        self._finished: set[int] = set()
        # Messages kept while the broker is away: (topic, payload, retain), oldest first.
        self._kept: deque[tuple[str, str, bool]] = deque(maxlen=MAX_QUEUED)
        if client is None:
            client = mqtt.Client(
                CallbackAPIVersion.VERSION2,
                client_id=f"companion-{settings.table}",
                clean_session=False,
            )
        self.client = client
        if settings.username:
            client.username_pw_set(settings.username, settings.password or None)
        if settings.tls_ca:
            client.tls_set(
                ca_certs=settings.tls_ca,
                certfile=settings.tls_cert or None,
                keyfile=settings.tls_key or None,
            )
        client.will_set(self.topics["status"], "offline", qos=1, retain=True)
        client.reconnect_delay_set(min_delay=1, max_delay=30)
        client.on_connect = self._connected

    def start(self) -> Feed:
        self.client.connect_async(self.settings.host, self.settings.port, keepalive=30)
        self.client.loop_start()
        return self

    def stop(self) -> None:
        self.client.publish(self.topics["status"], "offline", qos=1, retain=True)
        self.client.disconnect()
        self.client.loop_stop()

    def _connected(
        self, client: Any, userdata: object, flags: object, reason: Any, props: object
    ) -> None:
        """On every (re)connection: online, and the newest state again."""
        if getattr(reason, "is_failure", False):
            log.info("the broker refused the feed: %s", reason)
            return
        client.publish(self.topics["status"], "online", qos=1, retain=True)
        # paho is never called under the feed's lock (its network thread holds its own
        # while it calls this): the kept messages are taken out, sent in order, then the
        # state, again until the newest one was the last sent.
        with self._lock:
            kept, self._kept = list(self._kept), deque(maxlen=MAX_QUEUED)
            state = self._state
        for topic, payload, retain in kept:
            client.publish(topic, payload, qos=1, retain=retain)
        while state:
            client.publish(self.topics["state"], state, qos=0, retain=True)
            with self._lock:
                if self._state == state:
                    break
                state = self._state
        if self.settings.homeassistant:
            for topic, config in discovery(self.settings).items():
                client.publish(topic, json.dumps(config), qos=1, retain=True)

    # --- the snapshot subscription (the app's loop thread): never waits ------------------------

    def __call__(self, snapshot: Snapshot) -> None:
        public = public_payload(snapshot)
        state = json.dumps(public, ensure_ascii=False, sort_keys=True)
        messages: list[tuple[str, str, bool]] = []
        if snapshot.change.fresh and snapshot.change.events:
            events = {
                "head": head_of(snapshot),
                "game": snapshot.game,
                "events": [dict(e) for e in snapshot.change.events],
                "said": public["said"],
            }
            messages.append((self.topics["events"], json.dumps(events, ensure_ascii=False), False))
        game_id = _game_id(snapshot)
        if snapshot.view.get("winner") is not None and game_id not in self._finished:
            self._finished.add(game_id)
            topic = f"{self.settings.topic_prefix}/{self.settings.table}/games/{game_id}"
            messages.append((topic, journal_lines(snapshot), True))
        with self._lock:
            changed = state != self._state
            self._state = state
            connected = self.client.is_connected()
            if not connected:
                self._kept.extend(messages)  # the state goes on the next connection
        if not connected:
            return
        for topic, payload, retain in messages:
            self.client.publish(topic, payload, qos=1, retain=retain)
        if changed:
            self.client.publish(self.topics["state"], state, qos=0, retain=True)


def _game_id(snapshot: Snapshot) -> int:
    table = snapshot.view.get("table")
    game = table.get("game_id") if isinstance(table, dict) else None
    return int(game) if isinstance(game, int) else 0


def journal_lines(snapshot: Snapshot) -> str:
    """The finished game in JSON Lines, its public form: the setup, each action replayed
    with the public view's events after it (a vote only as revealed), and the result."""
    spec = snapshot.spec
    state = spec.rules.start(spec.journaled(dict(snapshot.setup)))
    lines = [json.dumps({"game": spec.name, "setup": snapshot.setup}, ensure_ascii=False)]
    for number, action in enumerate(snapshot.history, 1):
        state = spec.rules.step(state, dict(action))
        public = spec.rules.view(state)
        lines.append(
            json.dumps({"head": number, "events": _public_events(public)}, ensure_ascii=False)
        )
    lines.append(json.dumps({"winner": snapshot.view.get("winner")}, ensure_ascii=False))
    return "\n".join(lines) + "\n"


def _public_events(view: JSON) -> list[JSON]:
    """The events as the public view tells them (never the action itself: a vote is an
    action, and only its reveal is public)."""
    events = view.get("events")
    return [dict(e) for e in events] if isinstance(events, list) else []


def discovery(settings: MqttSettings) -> dict[str, Mapping[str, object]]:
    """Home Assistant's MQTT discovery: a device per table, sensors read from the state."""
    table = settings.table
    device = {"identifiers": [f"sigillum_{table}"], "name": f"Sigillum {table}"}
    state = topics(settings)["state"]
    sensors = {
        "game": "{{ value_json.game }}",
        "period": "{{ value_json.view.period | default(value_json.view.round) }}",
        "phase": "{{ value_json.phase_label }}",
        "turn": "{{ value_json.prompt.text }}",
        "winner": "{{ (value_json.view.winner or {}).name | default('') }}",
        "castle_damage": (
            "{{ value_json.view.sides | map(attribute='castle_damage') | join(' : ')"
            " if value_json.view.sides else '' }}"
        ),
    }
    configs: dict[str, Mapping[str, object]] = {}
    for name, template in sensors.items():
        configs[f"homeassistant/sensor/sigillum_{table}/{name}/config"] = {
            "name": name.replace("_", " "),
            "unique_id": f"sigillum_{table}_{name}",
            "state_topic": state,
            "value_template": template,
            "availability_topic": topics(settings)["status"],
            "device": device,
        }
    return configs
