"""The config file: one YAML file over the defaults shipped in the package.

Validation collects *every* problem at once, each with its key path and line
("table.yaml:14: buttons.pins.seat1.red: GPIO 23 is also disc.pin_a (line 30)"), with a
"did you mean" for unknown keys. ``companion check-config FILE`` prints them and exits 2,
or says the file is fine and exits 0.
"""

from __future__ import annotations

import argparse
import copy
import os
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Literal, TypeGuard

from companion import games, yamlfile
from companion.rules.base import JSON, RulesError, SetupError, did_you_mean
from companion.yamlfile import Sourced

Path_ = tuple[str | int, ...]
Check = Callable[[object], str | None]
GPIO_MAX = 27
BUTTON_COLOURS = ("red", "blue", "cyan", "yellow")
SEAT_KEYS = tuple(f"seat{n}" for n in range(1, 5))
LED_PINS = {"spi": 10, "pwm": 18}


class ConfigError(Exception):
    """A config that cannot be used; ``problems`` lists every one, each naming its place."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


# --- the schema: leaves are checks returning a problem or None ----------------------------


def _int(low: int, high: int) -> Check:
    def check(value: object) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int):
            return f"a whole number from {low} to {high}, not {value!r}"
        return None if low <= value <= high else f"must be {low} to {high}, not {value}"

    return check


def _diagonal_of(display: Mapping[str, object]) -> float | None:
    value = display.get("diagonal_inches")
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _number(low: float, high: float) -> Check:
    def check(value: object) -> str | None:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return f"a number from {low} to {high}, not {value!r}"
        return None if low <= value <= high else f"out of range: {low} to {high}, not {value}"

    return check


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _gpio(value: object) -> str | None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= GPIO_MAX:
        return f"not a GPIO: a BCM GPIO number is 0 to {GPIO_MAX}, not {value!r}"
    return None


def _bool(value: object) -> str | None:
    return None if isinstance(value, bool) else f"true or false, not {value!r}"


def _text(value: object) -> str | None:
    return None if isinstance(value, str) else f"a text, not {value!r}"


def _choice(*options: str) -> Check:
    def check(value: object) -> str | None:
        if value in options:
            return None
        return f"one of {', '.join(options)}, not {value!r}{did_you_mean(str(value), options)}"

    return check


def _diagonal(value: object) -> str | None:
    if value is None:  # the reference panel for the screen's size (docs/display.md)
        return None
    problem = _number(1.5, 40.0)(value)
    return None if problem is None else f"the panel's diagonal in inches: {problem}"


def _order(value: object) -> str | None:
    if isinstance(value, str) and len(value) == 3 and sorted(value) == ["B", "G", "R"]:
        return None
    return f"a colour order such as GRB or RGB, not {value!r}"


def _colours(value: object) -> str | None:
    def is_colour(item: object) -> bool:
        return (
            isinstance(item, list)
            and len(item) == 3
            and all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 255 for c in item)
        )

    if value is None:  # the screen's seat colours (companion.seats), one place for both
        return None
    if isinstance(value, list) and value and all(is_colour(item) for item in value):
        return None
    return "a list of [red, green, blue] colours, each 0 to 255 (or null: the screen's)"


def _note(value: object) -> str | None:
    """A note the buzzer can play an octave either side of (gpiozero's TonalBuzzer refuses
    the rest when the table starts)."""
    from gpiozero.tones import Tone  # type: ignore[import-untyped]  # noqa: PLC0415 (lazy)

    if isinstance(value, str) and Tone.regex.fullmatch(value):
        try:
            tone = Tone.from_note(value)
            Tone.from_midi(tone.midi - 12).note  # noqa: B018 (raises when out of range)
            Tone.from_midi(tone.midi + 12).note  # noqa: B018
        except ValueError:
            return (
                f"{value} is too low or too high: C1 to G8 leave the buzzer an octave either side"
            )
        return None
    return f"a note such as A5 (a letter A to G, then # or b, then an octave 0 to 9), not {value!r}"


def _path(value: object) -> str | None:
    if not isinstance(value, str):
        return f"a path, not {value!r}"
    if "\0" in value:
        return "a path cannot hold a NUL character"
    return None


def _anything(value: object) -> str | None:
    return None


def _seat(value: object) -> str | None:
    return None  # a mapping checked by SEAT_SCHEMA, or null for "no buttons for this seat"


Schema = Check | Mapping[str, "Schema"]  # a leaf's check, or a section of keys
SEAT_SCHEMA: dict[str, Schema] = dict.fromkeys(BUTTON_COLOURS, _gpio)
SCHEMA: dict[str, Schema] = {
    "language": _choice("en", "ru"),
    "journal": _path,
    "game": {"name": _text, "setup": _anything},
    "buttons": {
        "enabled": _bool,
        "source": _choice("gpio", "bridge"),
        "pull_up": _bool,
        "debounce_ms": _int(0, 500),
        "hold_ms": _int(100, 10_000),
        "menu_hold_ms": _int(100, 20_000),
        # No longer used (no button has a double-press meaning); an older config keeps it.
        "double_press_ms": _int(50, 2_000),
        "pins": {
            **dict.fromkeys(SEAT_KEYS, SEAT_SCHEMA),
            "next": _gpio,
            "undo": _gpio,
            "menu": _gpio,
        },
    },
    "disc": {
        "source": _choice("gpio", "bridge", "none"),
        "pin_a": _gpio,
        "pin_b": _gpio,
        "reverse": _bool,
    },
    "leds": {
        "driver": _choice("spi", "pwm", "bridge", "none"),
        "count": _int(6, 600),
        "order": _order,
        "brightness": _number(0.0, 1.0),
        "max_brightness": _number(0.0, 1.0),
        "max_milliamps": _int(50, 20_000),
        "offset": _int(0, 599),
        "reverse": _bool,
        "seat_colours": _colours,
        "preview": _bool,
    },
    "buzzer": {"enabled": _bool, "pin": _gpio, "mid_tone": _note},
    "sound": {"enabled": _bool, "voice": _bool},
    "display": {"diagonal_inches": _diagonal},
    "bridge": {"port": _path},
    "web": {"enabled": _bool, "bind": _text, "port": _int(0, 65535)},
    "mqtt": {
        "enabled": _bool,
        "host": _text,
        "port": _int(1, 65535),
        "username": _text,
        "password": _text,
        "table": _text,
        "topic_prefix": _text,
        "homeassistant": _bool,
        "tls_ca": _text,
        "tls_cert": _text,
        "tls_key": _text,
    },
}


# --- loading with line numbers -------------------------------------------------------------


def dotted(path: Path_) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


def parse(name: str, text: str) -> Sourced:
    """The file's YAML with its lines (:mod:`companion.yamlfile`), or a ConfigError."""
    try:
        return yamlfile.parse(name, text)
    except yamlfile.YamlError as error:
        raise ConfigError([str(error)]) from error


def default_source() -> Sourced:
    text = resources.files("companion").joinpath("default_config.yaml").read_text("utf-8")
    return parse("default_config.yaml", text)


def _merge(base: object, over: object) -> object:
    if isinstance(base, dict) and isinstance(over, dict):
        merged = dict(base)
        for key, value in over.items():
            merged[key] = _merge(base.get(key), value) if key in base else value
        return merged
    return copy.deepcopy(over)


# --- validation ------------------------------------------------------------------------------


def _walk(schema: Schema, data: object, path: Path_, problems: list[tuple[Path_, str]]) -> None:
    if callable(schema):
        problem = schema(data)
        if problem:
            problems.append((path, problem))
        return
    if data is None and path and path[-1] in SEAT_KEYS:
        return
    if not isinstance(data, dict):
        problems.append((path, f"a mapping of {', '.join(schema)}, not {data!r}"))
        return
    for key, value in data.items():
        if key not in schema:
            hint = did_you_mean(str(key), schema)
            problems.append(((*path, key), f"unknown key{hint}"))
            continue
        _walk(schema[key], value, (*path, key), problems)


def _section(data: Mapping[str, object], key: str) -> Mapping[str, object]:
    """A mapping from the settings, or {} where the file put something else (reported)."""
    value = data.get(key)
    return value if isinstance(value, dict) else {}


def _pins_in_use(data: Mapping[str, object]) -> list[tuple[Path_, int]]:
    used: list[tuple[Path_, object]] = []
    buttons = _section(data, "buttons")
    if buttons.get("enabled", True):
        for name, value in _section(buttons, "pins").items():
            if name in SEAT_KEYS and isinstance(value, dict):  # unknown keys: reported already
                used += [
                    (("buttons", "pins", name, c), value[c]) for c in value if c in SEAT_SCHEMA
                ]
            elif name in ("next", "undo", "menu"):
                used.append((("buttons", "pins", name), value))
    disc = _section(data, "disc")
    if disc.get("source") == "gpio":
        used += [(("disc", key), disc.get(key)) for key in ("pin_a", "pin_b")]
    leds = _section(data, "leds")
    driver = leds.get("driver")
    if isinstance(driver, str) and driver in LED_PINS:
        used.append((("leds", "driver"), LED_PINS[driver]))
    buzzer = _section(data, "buzzer")
    if buzzer.get("enabled") is True:
        used.append((("buzzer", "pin"), buzzer.get("pin")))
    return [(path, pin) for path, pin in used if isinstance(pin, int) and _gpio(pin) is None]


def _cross_checks(
    data: Mapping[str, object], written: Mapping[Path_, int], problems: list[tuple[Path_, str]]
) -> None:
    """Pins used twice (named where the file wrote one, so the line is known) and more."""
    first_user: dict[int, Path_] = {}
    for path, pin in _pins_in_use(data):
        if pin not in first_user:
            first_user[pin] = path
            continue
        here, other = path, first_user[pin]
        if here not in written and other in written:
            here, other = other, here
        problems.append((here, f"GPIO {pin} is used twice: also by {dotted(other)}"))
    leds = _section(data, "leds")
    count, offset = leds.get("count"), leds.get("offset")
    if _whole(count) and count % 6:
        problems.append((("leds", "count"), f"{count} LEDs: the count must be a multiple of 6"))
    if _whole(count) and _whole(offset) and count > 0 and offset >= count:
        where = f"the ring has {count} LEDs, 0 to {count - 1}"
        problems.append((("leds", "offset"), f"LED {offset} is past the ring's end: {where}"))
    journal = data.get("journal")
    if isinstance(journal, str) and journal and _path(journal) is None:
        folder = Path(os.path.expanduser(journal))
        if folder.is_dir():
            problems.append((("journal",), f"{journal} is a folder: name the journal file in it"))
    game = _section(data, "game")
    name, setup = game.get("name"), game.get("setup") or {}
    if not isinstance(setup, dict):
        problems.append((("game", "setup"), f"a mapping of the game's setup, not {setup!r}"))
    elif isinstance(name, str):
        problems.extend(_game_problems(name, setup))


def _game_problems(name: str, setup: JSON) -> list[tuple[Path_, str]]:
    try:
        spec = games.find(name)
    except SetupError as error:
        return [(("game", "name"), str(error))]
    try:
        spec.rules.start(setup)
    except RulesError as error:
        return [(("game", "setup"), str(error))]
    return []


def validate(user: Sourced, defaults: Sourced | None = None) -> dict[str, object]:
    """The merged settings, or a ConfigError listing every problem with its place."""
    defaults = defaults or default_source()
    problems: list[tuple[Path_, str]] = [(p, "key given twice") for p in user.duplicates]
    # An empty file, or one of comments only (YAML reads it as null), changes nothing: all
    # the defaults, not a refusal (under the unit that would be safe mode for no fault).
    data = {} if user.data is None else user.data
    if not isinstance(data, dict):
        raise ConfigError([f"{user.where(())}: a config is a mapping of settings"])
    _walk(SCHEMA, data, (), problems)
    merged = _merge(defaults.data, data)
    assert isinstance(merged, dict)  # both are mappings: the defaults' and the user's
    _cross_checks(merged, user.lines, problems)
    if problems:
        ordered = sorted(problems, key=lambda item: user.lines.get(item[0], 0))
        raise ConfigError([f"{user.where(p)}: {dotted(p)}: {why}" for p, why in ordered])
    return merged


# --- the settings the app reads ----------------------------------------------------------------

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class GameSettings:
    name: str
    setup: JSON


@dataclass(frozen=True)
class ButtonSettings:
    enabled: bool
    source: Literal["gpio", "bridge"]
    pull_up: bool
    debounce_ms: int
    hold_ms: int
    menu_hold_ms: int
    pins: Mapping[str, int]  # "seat1.red", "next" ... to its GPIO, for the buttons wired


@dataclass(frozen=True)
class DiscSettings:
    source: Literal["gpio", "bridge", "none"]
    pin_a: int
    pin_b: int
    reverse: bool


@dataclass(frozen=True)
class LedSettings:
    driver: Literal["spi", "pwm", "bridge", "none"]
    count: int
    order: str
    brightness: float  # as configured; Config.brightness caps it with max_brightness
    max_brightness: float
    max_milliamps: int
    offset: int
    reverse: bool
    seat_colours: tuple[RGB, ...] | None  # None: the screen's (companion.seats)
    preview: bool


@dataclass(frozen=True)
class BuzzerSettings:
    enabled: bool
    pin: int
    mid_tone: str


@dataclass(frozen=True)
class SoundSettings:
    enabled: bool  # the cues sound at start (the menu's Sound line turns them on and off)
    voice: bool = False  # the narration spoken aloud with espeak-ng (companion/voice.py)


@dataclass(frozen=True)
class DisplaySettings:
    diagonal_inches: float | None = None  # None: the reference panel for the size


@dataclass(frozen=True)
class WebSettings:
    """The phones' web server (docs/phones.md): off unless enabled; what it binds to."""

    enabled: bool = False
    bind: str = "127.0.0.1"
    port: int = 8080


@dataclass(frozen=True)
class MqttSettings:
    """The club feed (docs/club.md): off unless enabled; the broker and the table's name."""

    enabled: bool = False
    host: str = "localhost"
    port: int = 1883
    username: str = ""
    password: str = ""
    table: str = "table"
    topic_prefix: str = "sigillum"
    homeassistant: bool = False
    # TLS to the broker: its CA file, and this box's certificate and key when the broker
    # asks for one ("" each: plain MQTT).
    tls_ca: str = ""
    tls_cert: str = ""
    tls_key: str = ""


@dataclass(frozen=True)
class BridgeSettings:
    port: str  # a device path, "auto" or "virtual"


def _mqtt_of(mqtt: Mapping[str, object]) -> MqttSettings:
    def said(key: str, default: str) -> str:
        value = mqtt.get(key)
        return str(value) if value not in (None, "") else default

    return MqttSettings(
        enabled=bool(mqtt.get("enabled", False)),
        host=said("host", "localhost"),
        port=int(mqtt.get("port") or 1883),  # type: ignore[call-overload]
        username=said("username", ""),
        password=said("password", ""),
        table=said("table", "table"),
        topic_prefix=said("topic_prefix", "sigillum"),
        homeassistant=bool(mqtt.get("homeassistant", False)),
        tls_ca=said("tls_ca", ""),
        tls_cert=said("tls_cert", ""),
        tls_key=said("tls_key", ""),
    )


@dataclass(frozen=True)
class Config:
    """The validated settings, typed and frozen. ``data`` keeps them as read (merged over
    the defaults), for tools that derive a config of their own (:meth:`of`)."""

    path: str
    data: Mapping[str, object]
    language: str
    journal: str
    game: GameSettings
    buttons: ButtonSettings
    disc: DiscSettings
    leds: LedSettings
    buzzer: BuzzerSettings
    bridge: BridgeSettings
    sound: SoundSettings
    display: DisplaySettings = DisplaySettings()
    web: WebSettings = WebSettings()
    mqtt: MqttSettings = MqttSettings()

    @classmethod
    def of(cls, path: str, data: Mapping[str, object]) -> Config:
        """Typed settings from a validated mapping (:func:`validate`'s, or one derived from
        it: the simulator's)."""
        game, buttons = _mapping(data, "game"), _mapping(data, "buttons")
        disc, leds = _mapping(data, "disc"), _mapping(data, "leds")
        buzzer, bridge = _mapping(data, "buzzer"), _mapping(data, "bridge")
        colours = leds.get("seat_colours")
        return cls(
            path=path,
            data=data,
            language=_str(data, "language"),
            journal=str(data.get("journal") or ""),
            game=GameSettings(_str(game, "name"), dict(_mapping(game, "setup"))),
            buttons=ButtonSettings(
                enabled=_bool_of(buttons, "enabled"),
                source="bridge" if buttons.get("source") == "bridge" else "gpio",
                pull_up=_bool_of(buttons, "pull_up"),
                debounce_ms=_int_of(buttons, "debounce_ms"),
                hold_ms=_int_of(buttons, "hold_ms"),
                menu_hold_ms=_int_of(buttons, "menu_hold_ms"),
                pins=_button_pins(_mapping(buttons, "pins")),
            ),
            disc=DiscSettings(
                source=_disc_source(disc.get("source")),
                pin_a=_int_of(disc, "pin_a"),
                pin_b=_int_of(disc, "pin_b"),
                reverse=_bool_of(disc, "reverse"),
            ),
            leds=LedSettings(
                driver=_led_driver(leds.get("driver")),
                count=_int_of(leds, "count"),
                order=_str(leds, "order"),
                brightness=float(_number_of(leds, "brightness")),
                max_brightness=float(_number_of(leds, "max_brightness")),
                max_milliamps=_int_of(leds, "max_milliamps"),
                offset=_int_of(leds, "offset"),
                reverse=_bool_of(leds, "reverse"),
                seat_colours=_rgb_list(colours) if isinstance(colours, list) else None,
                preview=_bool_of(leds, "preview"),
            ),
            buzzer=BuzzerSettings(
                enabled=_bool_of(buzzer, "enabled"),
                pin=_int_of(buzzer, "pin"),
                mid_tone=_str(buzzer, "mid_tone"),
            ),
            bridge=BridgeSettings(port=str(bridge.get("port") or "auto")),
            sound=SoundSettings(
                enabled=_bool_of(_mapping(data, "sound"), "enabled"),
                voice=_bool_of(_mapping(data, "sound"), "voice"),
            ),
            display=DisplaySettings(_diagonal_of(_mapping(data, "display"))),
            web=WebSettings(
                enabled=_bool_of(_mapping(data, "web"), "enabled"),
                bind=str(_mapping(data, "web").get("bind") or "127.0.0.1"),
                port=_int_of(_mapping(data, "web"), "port"),
            ),
            mqtt=_mqtt_of(_mapping(data, "mqtt")),
        )

    @property
    def button_pins(self) -> Mapping[str, int]:
        return self.buttons.pins

    @property
    def brightness(self) -> float:
        return min(self.leds.brightness, self.leds.max_brightness)

    @property
    def journal_path(self) -> Path:
        if self.journal:
            return Path(os.path.expanduser(self.journal))
        state = os.environ.get("STATE_DIRECTORY")
        base = Path(state) if state else Path.home() / ".local" / "state" / "companion"
        return base / "journal.sqlite"


def _mapping(data: Mapping[str, object], key: str) -> Mapping[str, object]:
    value = data.get(key)
    return value if isinstance(value, dict) else {}


def _str(data: Mapping[str, object], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise ConfigError([f"{key}: a text, not {value!r}"])
    return value


def _int_of(data: Mapping[str, object], key: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError([f"{key}: a whole number, not {value!r}"])
    return value


def _number_of(data: Mapping[str, object], key: str) -> float:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ConfigError([f"{key}: a number, not {value!r}"])
    return float(value)


def _bool_of(data: Mapping[str, object], key: str) -> bool:
    value = data.get(key)
    if not isinstance(value, bool):
        raise ConfigError([f"{key}: true or false, not {value!r}"])
    return value


def _disc_source(value: object) -> Literal["gpio", "bridge", "none"]:
    return "bridge" if value == "bridge" else "none" if value == "none" else "gpio"


def _led_driver(value: object) -> Literal["spi", "pwm", "bridge", "none"]:
    for driver in ("spi", "pwm", "bridge"):
        if value == driver:
            return driver
    return "none"


def _rgb_list(colours: list[object]) -> tuple[RGB, ...]:
    out: list[RGB] = []
    for colour in colours:
        if isinstance(colour, list) and len(colour) == 3:
            out.append((int(colour[0]), int(colour[1]), int(colour[2])))
    return tuple(out)


def _button_pins(pins: Mapping[str, object]) -> dict[str, int]:
    """Button name ("seat1.red", "next") to GPIO, for the buttons wired."""
    flat: dict[str, int] = {}
    for name, value in pins.items():
        if isinstance(value, dict):
            flat.update({f"{name}.{colour}": int(pin) for colour, pin in value.items()})
        elif isinstance(value, int):
            flat[name] = value
    return flat


def load(path: str | Path | None = None) -> Config:
    """The defaults, with the file at ``path`` over them; ConfigError if anything is wrong."""
    if path is None:
        return Config.of("(defaults)", validate(Sourced("(defaults)", {})))
    try:
        source = yamlfile.load(path)
    except yamlfile.YamlError as error:
        raise ConfigError([str(error)]) from error
    return Config.of(str(path), validate(source))


def check_main(argv: list[str]) -> int:
    """``companion check-config FILE``: 0 if the file is fine, 2 with every problem if not."""
    parser = argparse.ArgumentParser(prog="companion check-config")
    parser.add_argument("file", help="the config file to check")
    args = parser.parse_args(argv)
    try:
        load(args.file)
    except ConfigError as error:
        for problem in error.problems:
            print(f"companion: {problem}", file=sys.stderr)
        count = len(error.problems)
        print(
            f"companion: {count} problem{'s' if count > 1 else ''} in {args.file}", file=sys.stderr
        )
        return 2
    print(f"{args.file}: ok")
    return 0
