"""Home Assistant's view of a table: every game's own sensors, their discovery configs as
Home Assistant reads them, and the retained configs cleared when they are no longer
wanted.

Home Assistant renders a sensor's ``value_template`` and ``json_attributes_template`` with
Jinja2 against the JSON of its state topic; a name the message lacks logs a template
warning at every state (57 for one Manus game, before). Here every config's templates are
rendered by Jinja2's sandbox with StrictUndefined (an undefined name fails) against the
entities message of every state of every game's example scripts and gallery samples, in
both languages. Against the real Mosquitto: a renamed table, a new game and discovery
switched off leave no config of the old sensors retained on the broker.
"""

from __future__ import annotations

import json
import re
import stat
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from jinja2 import StrictUndefined, Template, UndefinedError
from jinja2.sandbox import ImmutableSandboxedEnvironment

from companion import games
from companion.config import MqttSettings
from companion.feed.mqtt import (
    Feed,
    discovery,
    entities_of,
    entity_values,
    journal_lines,
    memory_for,
    slug,
    topics,
)
from companion.games.spec import AnySpec
from companion.snapshot import Snapshot, UiState
from companion.table import NewGame
from companion.web.hub import public_payload
from tests.conftest import EXAMPLES
from tests.test_manus_rules import full_round, three_players_tied_at_12
from tests.test_mqtt_club import MOSQUITTO, Broker, Listener, _app, _until

# Home Assistant's discovery topic (homeassistant/components/mqtt/discovery.py) and what
# its entity registry takes as an object id.
DISCOVERY_TOPIC = re.compile(r"^homeassistant/sensor/[a-zA-Z0-9_-]+/[a-zA-Z0-9_-]+/config$")
SLUG = re.compile(r"^[a-z0-9_]+$")
# The MQTT sensor's configuration keys the feed may use, as Home Assistant documents them
# (https://www.home-assistant.io/integrations/sensor.mqtt), and a device's.
SENSOR_KEYS = {
    "name",
    "unique_id",
    "state_topic",
    "value_template",
    "availability_topic",
    "device",
    "state_class",
    "unit_of_measurement",
    "json_attributes_topic",
    "json_attributes_template",
}
DEVICE_KEYS = {"identifiers", "name"}
TEMPLATES = ("value_template", "json_attributes_template")


JINJA = ImmutableSandboxedEnvironment(undefined=StrictUndefined)
COMPILED: dict[str, Template] = {}


def template(text: str) -> Template:
    """A template as Home Assistant renders it: sandboxed, and here strict about names
    (Home Assistant logs a warning for each undefined one and shows the sensor unknown)."""
    if text not in COMPILED:
        COMPILED[text] = JINJA.from_string(text)
    return COMPILED[text]


def snapshot_of(
    spec: AnySpec, setup: dict[str, Any], actions: list[Any], language: str
) -> Iterator[Snapshot]:
    """A snapshot after every action of a script, as the feed is given them (without the
    history: the game log, which the public payload replays from it, names no entity)."""
    state = spec.rules.start(spec.stamp(dict(setup)))
    for action in [None, *actions]:
        if action is not None:
            if state.winner is not None:
                break
            state = spec.rules.step(state, action)
        yield Snapshot(
            spec=spec,
            state=state,
            view=spec.rules.view(state),
            prompt=spec.rules.prompt(state),
            history=(),
            ui=UiState(language=language),
            setup=dict(setup),
        )


def every_games_scripts() -> Iterator[tuple[str, AnySpec, dict[str, Any], list[Any]]]:
    for path in sorted(EXAMPLES.glob("*.yaml")):
        script = yaml.safe_load(path.read_text(encoding="utf-8"))
        if "actions" in script:
            spec = games.find(script["game"])
            yield path.stem, spec, script.get("setup") or {}, script["actions"]
    for spec in games.GAMES.values():
        for sample in spec.samples:
            yield sample.name, spec, dict(sample.setup), list(sample.actions)


def rendered(config: dict[str, Any], message: str) -> dict[str, str]:
    """Each template of a config rendered against a state message, as Home Assistant does
    (``value_json``: the message's JSON; ``value``: its text)."""
    out = {}
    for key in TEMPLATES:
        if key in config:
            out[key] = template(config[key]).render(value_json=json.loads(message), value=message)
    return out


def test_every_sensors_templates_render_against_every_games_states() -> None:
    """Every state of every script of every game, in both languages: each discovery
    config's templates render with no undefined name; a graphed sensor renders a number or
    ``None`` (Home Assistant's unknown); the others at most 255 characters."""
    settings = MqttSettings(True, table="Table 2", homeassistant=True)
    sensors: dict[str, set[str]] = {}
    renders = 0
    for name, spec, setup, actions in every_games_scripts():
        for language in ("en", "ru"):
            for snap in snapshot_of(spec, setup, actions, language):
                found = entities_of(snap)
                message = json.dumps(entity_values(public_payload(snap), snap.view, found))
                for topic, config in discovery(settings, found).items():
                    assert DISCOVERY_TOPIC.match(topic), topic
                    assert set(config) <= SENSOR_KEYS and "state_topic" in config, config
                    assert set(config["device"]) <= DEVICE_KEYS  # type: ignore[arg-type]
                    assert config.get("state_class", "measurement") == "measurement"
                    values = rendered(dict(config), message)
                    renders += len(values)
                    state = values["value_template"]
                    if config.get("state_class") == "measurement":
                        assert state == "None" or float(state) == float(state), (name, topic, state)
                    else:
                        assert len(state) <= 255
                    if "json_attributes_template" in values:
                        assert isinstance(json.loads(values["json_attributes_template"]), dict)
                sensors.setdefault(spec.name, set()).update(e.key for e in found)
    assert renders > 10_000, renders
    # Each game's own sensors, from its folder: scores, epoch, round, whose turn, the seat.
    assert {"score_1", "score_2", "round", "turn", "seat", "test_site"} <= sensors["manus"]
    assert {"points_1", "points_2", "epoch", "war"} <= sensors["tetranomicon"]
    assert {"period", "cycle", "castle_damage_1", "castle_damage_2"} <= sensors["bestiary"]
    assert {"castle_damage_side_1", "castle_damage_side_2"} <= sensors["four_path"]
    assert {"turns", "lives_1", "strength_1", "craft_1"} <= sensors["talisman"]
    for game in ("manus", "tetranomicon", "talisman"):
        assert not any(key.startswith("castle_damage") for key in sensors[game])


def test_a_template_naming_what_the_message_lacks_fails_the_check() -> None:
    """The check can fail: the old castle-damage template against a Manus message."""
    old = "{{ value_json.view.sides | map(attribute='castle_damage') | join(' : ') }}"
    with pytest.raises(UndefinedError, match="has no attribute 'view'"):
        rendered({"value_template": old}, json.dumps({"game": "Hand of Manus"}))


def test_the_numeric_sensors_are_graphed_and_the_words_are_not() -> None:
    settings = MqttSettings(True, table="north", homeassistant=True)
    spec = games.find("manus")
    snap = next(snapshot_of(spec, {"players": ["Anna", "Boris", "Vera"]}, [], "en"))
    configs = discovery(settings, entities_of(snap))
    classes = {t.split("/")[3]: c.get("state_class") for t, c in configs.items()}
    assert classes["score_1"] == classes["round"] == classes["seat"] == "measurement"
    assert classes["turn"] is classes["winner"] is classes["game"] is None
    names = {t.split("/")[3]: c["name"] for t, c in configs.items()}
    assert names["score_2"] == "Boris points"


def test_a_shared_win_names_every_winner() -> None:
    """Manus with ``after_tie: shared``: Anna and Boris share it, and the winner sensor
    says both (its attribute lists them); the club's journal result too."""
    spec = games.find("manus")
    state = three_players_tied_at_12({"after_tie": "shared"})
    state = full_round(state, {1: "large", 2: "large"}, {1: 6, 2: 6})
    view = spec.rules.view(state)
    snap = Snapshot(spec=spec, state=state, view=view, prompt=spec.rules.prompt(state), history=())
    message = json.dumps(entity_values(public_payload(snap), view, entities_of(snap)))
    configs = discovery(MqttSettings(True, table="t", homeassistant=True), entities_of(snap))
    winner = dict(configs["homeassistant/sensor/sigillum_t/winner/config"])
    said = rendered(winner, message)
    assert said["value_template"] == "Anna & Boris"
    assert json.loads(said["json_attributes_template"]) == {"winners": ["Anna", "Boris"]}
    assert json.loads(journal_lines(snap).splitlines()[-1])["winners"] == ["Anna", "Boris"]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("table", "table"),
        ("Table 2", "table_2"),
        ("t.1", "t_1"),
        ("стол1", "stol1"),
        ("Стол №1", "stol_no1"),
        ("Щука-Ёж", "shchuka_ezh"),
        ("Café de la Paix", "cafe_de_la_paix"),
        ("+#/", "table"),
    ],
)
def test_the_table_name_is_slugified_for_topics_and_ids(name: str, expected: str) -> None:
    assert slug(name) == expected
    settings = MqttSettings(True, table=name, homeassistant=True)
    assert topics(settings)["state"] == f"sigillum/{expected}/state"
    for topic, config in discovery(settings).items():
        assert DISCOVERY_TOPIC.match(topic) and SLUG.match(str(config["unique_id"]))
        assert config["device"]["name"] == f"Sigillum {name}"  # type: ignore[index]


# --- against the real Mosquitto -------------------------------------------------------------


def _configs(listener: Listener) -> dict[str, str]:
    """The retained discovery configs a subscriber was given, by topic ("" cleared)."""
    with listener.lock:
        return {t: p for t, p, _ in listener.got if t.startswith("homeassistant/")}


def _held(port: int) -> dict[str, str]:
    """What the broker holds retained under homeassistant/ now (a fresh subscriber)."""
    late = Listener(port, "homeassistant/#")
    time.sleep(0.5)  # the retained messages come at once
    held = {t: p for t, p in _configs(late).items() if p}
    late.close()
    return held


def _box(broker: Broker, folder: Path, table: str, homeassistant: bool = True) -> Any:
    settings = MqttSettings(
        True, "127.0.0.1", broker.port, table=table, homeassistant=homeassistant
    )
    app = _app(folder)
    feed = Feed(settings, memory=memory_for(folder / "journal.sqlite")).start()
    app.subscribe(feed)
    return app, feed


@pytest.mark.skipif(not MOSQUITTO.exists(), reason="mosquitto is missing: .ci/run installs it")
def test_a_renamed_table_a_new_game_and_discovery_switched_off_leave_no_old_sensor(
    tmp_path: Path,
) -> None:
    broker = Broker(tmp_path)
    broker.start()
    folder = tmp_path / "box"
    try:
        app, feed = _box(broker, folder, "Table 2")
        try:
            assert _until(lambda: len(_held(broker.port)) >= 10, 20)
            first = _held(broker.port)
            assert all("/sigillum_table_2/" in topic for topic in first)
            assert "homeassistant/sensor/sigillum_table_2/castle_damage_1/config" in first
            # A new game of Manus: its scores come, the castles' damage goes.
            app.execute(NewGame("manus", {"players": ["Anna", "Boris", "Vera"]}))
            score = "homeassistant/sensor/sigillum_table_2/score_3/config"
            assert _until(lambda: score in _held(broker.port), 20)
            assert not any("castle_damage" in topic for topic in _held(broker.port))
        finally:
            feed.stop()
            app.close()
        memory = memory_for(folder / "journal.sqlite")
        assert memory is not None and stat.S_IMODE(memory.stat().st_mode) == 0o600
        # The same box renamed: the old table's sensors are cleared, the new one's kept.
        app, feed = _box(broker, folder, "стол1")
        try:
            assert _until(
                lambda: "homeassistant/sensor/sigillum_stol1/score_3/config" in _held(broker.port),
                20,
            )
            assert _until(lambda: all("/sigillum_stol1/" in t for t in _held(broker.port)), 20)
            held = _held(broker.port)
            sensor = json.loads(held["homeassistant/sensor/sigillum_stol1/score_1/config"])
            assert sensor["state_topic"] == "sigillum/stol1/entities"
            assert sensor["state_class"] == "measurement"
        finally:
            feed.stop()
            app.close()
        # Discovery switched off: nothing of the box's is left for Home Assistant.
        app, feed = _box(broker, folder, "стол1", homeassistant=False)
        try:
            assert _until(lambda: _held(broker.port) == {}, 20)
        finally:
            feed.stop()
            app.close()
    finally:
        broker.stop()


@pytest.mark.skipif(not MOSQUITTO.exists(), reason="mosquitto is missing: .ci/run installs it")
def test_a_box_restarted_as_it_was_clears_none_of_its_sensors(tmp_path: Path) -> None:
    """The same table, game and name after a restart: its configs are sent again and none
    is cleared (an empty config would make Home Assistant drop the sensor and make it anew,
    losing what the user set on it)."""
    broker = Broker(tmp_path)
    broker.start()
    folder = tmp_path / "box"
    try:
        app, feed = _box(broker, folder, "north")
        try:
            assert _until(lambda: len(_held(broker.port)) >= 10, 20)
            before = _held(broker.port)
        finally:
            feed.stop()
            app.close()
        watch = Listener(broker.port, "homeassistant/#")
        # The feed connects before the table's first snapshot reaches it (the app's loop
        # may hand it later): it must wait for it before touching a config.
        settings = MqttSettings(True, "127.0.0.1", broker.port, table="north", homeassistant=True)
        app = _app(folder)
        feed = Feed(settings, memory=memory_for(folder / "journal.sqlite")).start()
        try:
            assert _until(feed.client.is_connected, 10)
            time.sleep(0.5)
            app.subscribe(feed)
            assert _until(lambda: len(_configs(watch)) >= len(before), 20)
            time.sleep(1.0)  # a clearing would come now
            with watch.lock:
                cleared = [t for t, p, _ in watch.got if p == ""]
            assert cleared == []
            assert _held(broker.port) == before
        finally:
            watch.close()
            feed.stop()
            app.close()
    finally:
        broker.stop()
