"""The club feed: the table's public state on an MQTT broker (docs/club.md).

An app output (the snapshot subscription): after every change it publishes, through
paho-mqtt (the reference MQTT client, well kept, with its own network thread and
reconnection), the public payload the spectator page shows (retained, ``<prefix>/<table>/
state``), the action's events (QoS 1, ``…/events``), the table's availability (retained,
``…/status``, with a last will ``offline``) and, when a game ends, its whole public journal
(retained, one JSON object a line, ``…/games/<id>``). Never a secret: only what the public
view holds.

The loop never waits for the broker. While it is away the feed hands paho nothing: it keeps
the newest state and a bounded number of event messages (``MAX_QUEUED``, the oldest go
first); on every (re)connection it sends the kept events in order, then the newest state
last, so the retained state is never older than the table (and a live subscriber never sees
it go back). The state goes at QoS 0: it is sent again on every reconnection, and a QoS 1
state left in flight would be resent after the newest one.

Topics and ids use the table's :func:`slug` (``Table 2`` -> ``table_2``, ``стол1`` ->
``stol1``). The game's own entities (its spec's ``entities``: scores, epoch, round, whose
turn...) go retained to ``…/entities`` as one object, and with ``homeassistant`` each
is a sensor of Home Assistant's MQTT discovery. The discovery configs published are kept
in ``memory`` (a 0600 file beside the journal): a config no longer published (another
game's sensor, a renamed table, discovery switched off) is cleared with an empty retained
message, so Home Assistant forgets it.
"""

from __future__ import annotations

import json
import logging
import re
import threading
import unicodedata
from collections import deque
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

from companion.config import MqttSettings
from companion.games.spec import Entity, EntityValue, winner_names
from companion.library import write_atomically
from companion.rules.base import View, Wire
from companion.rules.reading import mapping, rows, whole
from companion.snapshot import Snapshot
from companion.web.hub import head_of, public_payload
from companion.web.messages import PublicPayload

if TYPE_CHECKING:
    from paho.mqtt.client import Client, ConnectFlags
    from paho.mqtt.properties import Properties
    from paho.mqtt.reasoncodes import ReasonCode

log = logging.getLogger("companion.feed")
MAX_QUEUED = 100  # event messages kept while the broker is away (then the oldest go)


class State(PublicPayload):
    """The ``…/state`` message: the spectator page's public payload, and the table."""

    table: str


class Events(TypedDict):
    """The ``…/events`` message: a change's events, and the lines they were said as."""

    head: int
    game: str
    events: list[Wire]
    said: list[str]


# Cyrillic in Latin letters as Russian passports write it (ICAO 9303), and the few
# Ukrainian and Belarusian letters a table's name may hold.
_CYRILLIC = "абвгдеёжзийклмнопрстуфхцчшщъыьэюяіїєґў"
_LATIN = "a b v g d e e zh z i i k l m n o p r s t u f kh ts ch sh shch ie y _ e iu ia i i ie g u"
_TO_LATIN = dict(zip(_CYRILLIC, _LATIN.replace("_", "").split(" "), strict=True))


def slug(name: str) -> str:
    """The table's name as topics and ids take it: lower case ``[a-z0-9_]``, Cyrillic
    in Latin letters, accents dropped, every other run of characters one ``_``
    (``Table 2`` -> ``table_2``, ``Стол №1`` -> ``stol_no1``); "table" when nothing is left."""
    lowered = "".join(_TO_LATIN.get(c, c) for c in name.lower())
    plain = unicodedata.normalize("NFKD", lowered).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "_", plain).strip("_") or "table"


def topics(settings: MqttSettings) -> dict[str, str]:
    base = f"{settings.topic_prefix}/{slug(settings.table)}"
    kinds = ("state", "events", "status", "entities")
    return {kind: f"{base}/{kind}" for kind in kinds}


def memory_for(journal: Path) -> Path | None:
    """The file beside ``journal`` that keeps the discovery configs published (None for a
    journal in memory: only the running feed remembers)."""
    if str(journal) == ":memory:":
        return None
    return journal.parent / "mqtt-configs.json"


class Feed:
    """The publisher: an app output. ``client`` is a paho ``Client`` (tests may pass one
    built for them); :meth:`start` connects in the background and returns at once."""

    def __init__(
        self, settings: MqttSettings, client: Client | None = None, memory: Path | None = None
    ) -> None:
        import paho.mqtt.client as mqtt  # noqa: PLC0415 (loaded only when the feed is on)
        from paho.mqtt.enums import CallbackAPIVersion  # noqa: PLC0415

        self.settings = settings
        self.topics = topics(settings)
        self._lock = threading.Lock()
        self._state = ""
        self._finished: set[int] = set()
        self._entities = ""  # the last entities message
        # The discovery configs to publish now, and those the broker holds (published by
        # this box, as far as it knows: the memory file's, then each one sent).
        self._memory = memory
        # None until the first snapshot: a connection before it neither publishes nor
        # clears a config (a restart would make Home Assistant drop and remake them all).
        self._configs: dict[str, str] | None = None
        self._sensors: tuple[tuple[str, str, str, bool], ...] = ()  # what _configs are of
        self._published: dict[str, str] = _remembered(memory)
        # Messages kept while the broker is away: (topic, payload, retain), oldest first.
        self._kept: deque[tuple[str, str, bool]] = deque(maxlen=MAX_QUEUED)
        if client is None:
            client = mqtt.Client(
                CallbackAPIVersion.VERSION2,
                client_id=f"companion-{slug(settings.table)}",
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
        self,
        client: Client,
        userdata: object,
        flags: ConnectFlags,
        reason: ReasonCode,
        props: Properties | None,
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
        with self._lock:
            entities = self._entities
        if entities:
            client.publish(self.topics["entities"], entities, qos=1, retain=True)
        self._publish_discovery(client, again=True)

    def _publish_discovery(self, client: Client, again: bool = False) -> None:
        """The configs that changed since the broker last had them (all ``again`` on a
        connection), and an empty retained message for each it holds no longer needed."""
        with self._lock:
            if self._configs is None:
                return
            wanted, published = dict(self._configs), dict(self._published)
        for topic in sorted(set(published) - set(wanted)):
            client.publish(topic, "", qos=1, retain=True)  # Home Assistant forgets it
        for topic, config in wanted.items():
            if again or published.get(topic) != config:
                client.publish(topic, config, qos=1, retain=True)
        with self._lock:
            changed = self._published != wanted
            self._published = wanted
        if changed:
            _remember(self._memory, wanted)

    # --- the snapshot subscription (the app's loop thread): never waits ------------------------

    def __call__(self, snapshot: Snapshot) -> None:
        public: State = {**public_payload(snapshot), "table": self.settings.table}
        state = json.dumps(public, ensure_ascii=False, sort_keys=True)
        found = entities_of(snapshot)
        values = json.dumps(
            entity_values(public, snapshot.view, found), ensure_ascii=False, sort_keys=True
        )
        configs = self._configs or {}
        sensors = tuple((e.key, e.name, e.unit, e.numeric) for e in found)
        if sensors != self._sensors:  # the configs change only with the game or its seats
            self._sensors = sensors
            configs = {}
            if self.settings.homeassistant:
                for topic, config in discovery(self.settings, found).items():
                    configs[topic] = json.dumps(config, ensure_ascii=False, sort_keys=True)
        messages: list[tuple[str, str, bool]] = []
        if snapshot.change.fresh and snapshot.change.events:
            events: Events = {
                "head": head_of(snapshot),
                "game": snapshot.game,
                "events": [dict(e) for e in snapshot.change.events],
                "said": public["said"],
            }
            messages.append((self.topics["events"], json.dumps(events, ensure_ascii=False), False))
        game_id = _game_id(snapshot)
        if snapshot.view.get("winner") is not None and game_id not in self._finished:
            self._finished.add(game_id)
            topic = f"{self.settings.topic_prefix}/{slug(self.settings.table)}/games/{game_id}"
            messages.append((topic, journal_lines(snapshot), True))
        with self._lock:
            changed = state != self._state
            self._state = state
            if values != self._entities:
                self._entities = values
                messages.append((self.topics["entities"], values, True))
            discover = configs != self._configs
            self._configs = configs
            connected = self.client.is_connected()
            if not connected:
                self._kept.extend(messages)  # the state goes on the next connection
        if not connected:
            return
        for topic, payload, retain in messages:
            self.client.publish(topic, payload, qos=1, retain=retain)
        if changed:
            self.client.publish(self.topics["state"], state, qos=0, retain=True)
        if discover:
            self._publish_discovery(self.client)


def _game_id(snapshot: Snapshot) -> int:
    return whole(mapping(snapshot.view.get("table")).get("game_id")) or 0


def journal_lines(snapshot: Snapshot) -> str:
    """The finished game, one JSON object a line, in its public form: the setup, each action
    replayed with the public view's events after it (a vote only as revealed), and the
    result."""
    spec = snapshot.spec
    state = spec.rules.start(spec.journaled(dict(snapshot.setup)))
    lines = [json.dumps({"game": spec.name, "setup": snapshot.setup}, ensure_ascii=False)]
    public = spec.rules.view(state)
    for number, action in enumerate(snapshot.history, 1):
        state = spec.rules.step(state, dict(action))
        public = spec.rules.view(state)
        lines.append(
            json.dumps({"head": number, "events": _public_events(public)}, ensure_ascii=False)
        )
    # The final public view goes with the result: the club's report reads each game's own
    # statistics from it (companion club --html), as `companion stats` does from the journal.
    result = {
        "winner": snapshot.view.get("winner"),
        "winners": winner_names(snapshot.view),
        "view": dict(public),
    }
    lines.append(json.dumps(result, ensure_ascii=False))
    return "\n".join(lines) + "\n"


def _public_events(view: View) -> list[Wire]:
    """The events as the public view tells them (never the action itself: a vote is an
    action, and only its reveal is public)."""
    events = view.get("events")
    return [dict(e) for e in rows(events)] if isinstance(events, list) else []


# --- the entities and Home Assistant's discovery ---------------------------------------------


def _none(view: View) -> EntityValue:
    return None  # filled from the public payload by entity_values


# Every table's entities, before its game's own.
TABLE_ENTITIES = (
    Entity("game", "game", _none),
    Entity("phase", "phase", _none),
    Entity("prompt", "prompt", _none),
    Entity("winner", "winner", _none),
)


def entities_of(snapshot: Snapshot) -> list[Entity]:
    """The table's entities: the game's title, its phase, the prompt and the winners
    (every game's), then the game's own (its spec's, read from the public view)."""
    table = {entity.key for entity in TABLE_ENTITIES}
    own = [e for e in snapshot.spec.entities(snapshot.view) if e.key not in table]
    return [*TABLE_ENTITIES, *own]


def entity_values(
    public: PublicPayload, view: View, entities: Sequence[Entity]
) -> dict[str, object]:
    """The entities message, from the public payload and view: every entity's value by key
    (null: none now), and ``winners``, the list of the winners' names (the winner sensor's
    attribute)."""
    winners = winner_names(view)
    values: dict[str, object] = {
        "game": public["title"],
        "phase": public["phase_label"],
        "prompt": public["prompt"]["text"][:255],
        "winner": " & ".join(winners) or None,
        "winners": winners,
    }
    for entity in entities:
        if entity.key not in values:
            values[entity.key] = _sensor_value(entity.value(view), entity.numeric)
    return values


def _sensor_value(value: EntityValue, numeric: bool) -> EntityValue:
    """A number for a numeric sensor (None if the game gave none), else text of at most
    255 characters (Home Assistant's limit for a state)."""
    if numeric:
        return value if isinstance(value, int | float) and not isinstance(value, bool) else None
    return None if value is None else str(value)[:255]


def discovery(
    settings: MqttSettings, entities: Sequence[Entity] = TABLE_ENTITIES
) -> dict[str, Mapping[str, object]]:
    """Home Assistant's MQTT discovery: a device per table, a sensor per entity, each read
    from the ``entities`` message by its key (``None``, an unknown state, while it has no
    value); the numeric ones graphed (``state_class: measurement``)."""
    table = slug(settings.table)
    device = {"identifiers": [f"sigillum_{table}"], "name": f"Sigillum {settings.table}"}
    where = topics(settings)
    configs: dict[str, Mapping[str, object]] = {}
    for entity in entities:
        config: dict[str, object] = {
            "name": entity.name,
            "unique_id": f"sigillum_{table}_{entity.key}",
            "state_topic": where["entities"],
            "value_template": f"{{{{ value_json.{entity.key} }}}}",
            "availability_topic": where["status"],
            "device": device,
        }
        if entity.numeric:
            config["state_class"] = "measurement"
        if entity.unit:
            config["unit_of_measurement"] = entity.unit
        if entity.key == "winner":
            config["json_attributes_topic"] = where["entities"]
            config["json_attributes_template"] = "{{ {'winners': value_json.winners} | tojson }}"
        configs[f"homeassistant/sensor/sigillum_{table}/{entity.key}/config"] = config
    return configs


def _remembered(memory: Path | None) -> dict[str, str]:
    """The discovery configs the memory file says the broker holds ({} if none)."""
    if memory is None or not memory.exists():
        return {}
    try:
        kept = json.loads(memory.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        log.warning("%s: the discovery configs published cannot be read (%s)", memory, error)
        return {}
    configs = kept.get("configs") if isinstance(kept, dict) else None
    if not isinstance(configs, dict):
        return {}
    return {str(topic): str(config) for topic, config in configs.items()}


def _remember(memory: Path | None, configs: Mapping[str, str]) -> None:
    """Keep the configs published (atomically, 0600 as every file of the companion)."""
    if memory is None:
        return
    try:
        write_atomically(memory, json.dumps({"configs": dict(configs)}, ensure_ascii=False))
    except OSError as error:
        log.warning("%s: the discovery configs published cannot be kept (%s)", memory, error)
