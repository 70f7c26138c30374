"""The config file: one YAML file over the defaults.

The settings' shape is written once, as the dataclasses below: each key's default, check
and words are its field's; the schema that validation walks, the defaults a file is merged
over, and the typed Config are made from them. default_config.yaml writes the same defaults
out with comments (tests/test_config.py keeps the two equal).

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
from collections.abc import Callable, Iterator, Mapping
from dataclasses import Field, dataclass, field, fields
from importlib import resources
from pathlib import Path
from typing import Any, Literal, TypeGuard, TypeVar

from companion import games, yamlfile
from companion.rules.base import RulesError, Setup, SetupError, did_you_mean
from companion.yamlfile import Sourced

Path_ = tuple[str | int, ...]
Check = Callable[[object], str | None]
GPIO_MAX = 27
BUTTON_COLOURS = ("red", "blue", "cyan", "yellow")
SEAT_KEYS = tuple(f"seat{n}" for n in range(1, 5))
LED_PINS = {"spi": 10, "pwm": 18}
T = TypeVar("T")


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


Schema = Check | Mapping[str, "Schema"]  # a leaf's check, or a section of keys
SEAT_SCHEMA: dict[str, Schema] = dict.fromkeys(BUTTON_COLOURS, _gpio)
PINS_SCHEMA: dict[str, Schema] = {
    **dict.fromkeys(SEAT_KEYS, SEAT_SCHEMA),  # or null: no buttons for this seat
    "next": _gpio,
    "undo": _gpio,
    "menu": _gpio,
}


# --- the settings: their shape, defaults, checks and words, written once ---------------------
#
# Each section is a frozen dataclass; each key a field made by ``setting`` (its default as
# the file writes it, the check, a line of docs, and how the file's value becomes the
# field's) or ``section``. The schema validation walks (SCHEMA), the defaults a file is
# merged over (DEFAULTS) and Config.of are made from them; tests/test_config.py keeps
# default_config.yaml equal to them.

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Setting:
    """What a field knows besides its type: the check of the file's value, the default as
    the file writes it, its words, and how the file's value becomes the field's."""

    check: Schema
    written: object
    doc: str
    convert: Callable[[object], object] | None = None


def setting(
    written: object, check: Schema, doc: str, convert: Callable[[object], object] | None = None
) -> Any:
    """A key of a section (``written``: its default as the file writes it)."""
    meta = {"setting": Setting(check, written, doc, convert)}
    value = convert(copy.deepcopy(written)) if convert else written
    if isinstance(value, (dict, list)):
        return field(default_factory=lambda: copy.deepcopy(value), metadata=meta)
    return field(default=value, metadata=meta)


RETIRED = object()  # a setting no longer used: an older file may keep it, the defaults do not


def retired(check: Schema, doc: str) -> Any:
    """A key no longer read: checked where a file keeps it, never in the defaults."""
    return field(default=None, metadata={"setting": Setting(check, RETIRED, doc)})


def section(doc: str) -> dict[str, object]:
    """A section's metadata: ``field(default_factory=ItsSettings, metadata=section(doc))``."""
    return {"section": True, "doc": doc}


def _text_or(default: str) -> Callable[[object], object]:
    """An empty text means the default (the club feed's host, table, prefix...)."""
    return lambda value: str(value) if value not in (None, "") else default


def _float(value: object) -> object:
    return float(value) if isinstance(value, (int, float)) else value


def _setup(value: object) -> object:
    return dict(value) if isinstance(value, dict) else {}


def _rgb_list(colours: object) -> object:
    if not isinstance(colours, list):
        return None  # the screen's seat colours
    out: list[RGB] = []
    for colour in colours:
        if isinstance(colour, list) and len(colour) == 3:
            out.append((int(colour[0]), int(colour[1]), int(colour[2])))
    return tuple(out)


def _button_pins(pins: object) -> object:
    """Button name ("seat1.red", "next") to GPIO, for the buttons wired."""
    flat: dict[str, int] = {}
    for name, value in (pins if isinstance(pins, dict) else {}).items():
        if isinstance(value, dict):
            flat.update({f"{name}.{colour}": int(pin) for colour, pin in value.items()})
        elif isinstance(value, int):
            flat[name] = value
    return flat


def _diagonal_value(value: object) -> object:
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    return float(value) if number else None  # type: ignore[arg-type]


@dataclass(frozen=True)
class GameSettings:
    name: str = setting(  # the registry's first game: the shell names no game itself
        next(iter(games.GAMES)), _text, "the game started when the journal has no unfinished one"
    )
    setup: Setup = setting(  # noqa: RUF009 (a field(), as every setting() is)
        {}, _anything, 'e.g. {players: [Anna, Boris]}; none: "Player 1", "Player 2"', _setup
    )


@dataclass(frozen=True)
class ButtonSettings:
    enabled: bool = setting(True, _bool, "the buttons are read")
    source: Literal["gpio", "bridge"] = setting(
        "gpio", _choice("gpio", "bridge"), "gpio (the Pi's pins) or bridge (wired to the Pico)"
    )
    pull_up: bool = setting(True, _bool, "buttons connect the pin to ground")
    debounce_ms: int = setting(30, _int(0, 500), "a bounce shorter than this is one press")
    hold_ms: int = setting(800, _int(100, 10_000), "UNDO held this long redoes")
    menu_hold_ms: int = setting(3000, _int(100, 20_000), "MENU held this long opens the menu")
    double_press_ms: None = retired(  # no button has a double-press meaning now
        _int(50, 2_000), "no longer used; an older config keeps it"
    )
    pins: Mapping[str, int] = setting(  # "seat1.red", "next" ... to its GPIO, those wired
        {
            "seat1": {"red": 5, "blue": 6, "cyan": 12, "yellow": 16},
            "seat2": {"red": 17, "blue": 22, "cyan": 27, "yellow": 4},
            "next": 26,
            "undo": 20,
            "menu": 21,
        },
        PINS_SCHEMA,
        "each seat's red, blue, cyan, yellow, then next, undo, menu (BCM GPIO numbers)",
        _button_pins,
    )


@dataclass(frozen=True)
class DiscSettings:
    source: Literal["gpio", "bridge", "none"] = setting(
        "gpio",
        _choice("gpio", "bridge", "none"),
        "gpio (two hall sensors), bridge (the Pico) or none (NEXT turns)",
    )
    pin_a: int = setting(23, _gpio, "the first hall sensor")
    pin_b: int = setting(24, _gpio, "the second hall sensor")
    reverse: bool = setting(False, _bool, "true if turning the disc clockwise counts backwards")


@dataclass(frozen=True)
class LedSettings:
    driver: Literal["spi", "pwm", "bridge", "none"] = setting(
        "spi",
        _choice("spi", "pwm", "bridge", "none"),
        "spi (GPIO10, no root), pwm (GPIO18, root), bridge or none",
    )
    count: int = setting(24, _int(6, 600), "a multiple of 6: LEDs per sector = count / 6")
    order: str = setting("GRB", _order, "the strip's colour order on the wire")
    brightness: float = setting(  # as configured; Config.brightness caps it
        0.3, _number(0.0, 1.0), "0.0 to 1.0", _float
    )
    max_brightness: float = setting(
        0.6, _number(0.0, 1.0), "a cap on brightness, whatever else asks for more", _float
    )
    max_milliamps: int = setting(
        900, _int(50, 20_000), "the frame is dimmed to stay under this supply budget"
    )
    offset: int = setting(0, _int(0, 599), "the physical LED at the start of sector 1")
    reverse: bool = setting(False, _bool, "true if the strip runs counter-clockwise")
    seat_colours: tuple[RGB, ...] | None = setting(
        None, _colours, "null: the screen's seat colours (companion.seats)", _rgb_list
    )
    preview: bool = setting(
        True, _bool, "a support ability under the cursor blinks where its token would go"
    )


@dataclass(frozen=True)
class BuzzerSettings:
    enabled: bool = setting(True, _bool, "the buzzer sounds the cues")
    pin: int = setting(13, _gpio, "a PWM-capable pin (12, 13, 18, 19) sounds cleanest")
    mid_tone: str = setting("A5", _note, "the middle of the cues' tones")


@dataclass(frozen=True)
class SoundSettings:
    enabled: bool = setting(  # the menu's Sound line turns them on and off
        True, _bool, "the cues (buzzer, the simulator's speaker) sound at start"
    )
    voice: bool = setting(  # companion/voice.py
        False, _bool, "speak what just happened aloud (espeak-ng, the table's language)"
    )


@dataclass(frozen=True)
class DisplaySettings:
    diagonal_inches: float | None = setting(
        None, _diagonal, "the panel's diagonal (null: the reference panel)", _diagonal_value
    )


@dataclass(frozen=True)
class WebSettings:
    """The phones' web server (docs/phones.md): off unless enabled; what it binds to."""

    enabled: bool = setting(False, _bool, "the phones' pages; the Pi's installer turns it on")
    bind: str = setting(
        "127.0.0.1", _text, "0.0.0.0: every network the box is on", _text_or("127.0.0.1")
    )
    port: int = setting(8080, _int(0, 65535), "the port the phones open")


@dataclass(frozen=True)
class MqttSettings:
    """The club feed (docs/club.md): off unless enabled; the broker and the table's name."""

    enabled: bool = setting(False, _bool, "the public state on an MQTT broker")
    host: str = setting("localhost", _text, "the broker", _text_or("localhost"))
    port: int = setting(1883, _int(1, 65535), "the broker's port")
    username: str = setting("", _text, "the broker's user for this table", _text_or(""))
    password: str = setting("", _text, "its password", _text_or(""))
    table: str = setting(
        "table", _text, "this box's name in the topics: sigillum/<table>/state", _text_or("table")
    )
    topic_prefix: str = setting("sigillum", _text, "the topics' first level", _text_or("sigillum"))
    homeassistant: bool = setting(
        False, _bool, "Home Assistant's MQTT discovery: a device and sensors per table"
    )
    # TLS to the broker: its CA file, and this box's certificate and key when the broker
    # asks for one ("" each: plain MQTT).
    tls_ca: str = setting("", _text, 'the broker\'s CA file ("": plain MQTT)', _text_or(""))
    tls_cert: str = setting("", _text, "this box's certificate, if asked", _text_or(""))
    tls_key: str = setting("", _text, "and its key", _text_or(""))


@dataclass(frozen=True)
class BridgeSettings:
    port: str = setting(
        "auto",
        _path,
        'a device path, "auto" (the Pico by its USB id) or "virtual"',
        _text_or("auto"),
    )


@dataclass(frozen=True)
class Config:
    """The validated settings, typed and frozen. ``data`` keeps them as read (merged over
    the defaults), for tools that derive a config of their own (:meth:`of`)."""

    path: str
    data: Mapping[str, object]
    language: str = setting("en", _choice("en", "ru"), "en or ru")
    journal: str = setting(
        "",
        _path,
        '"": $STATE_DIRECTORY/journal.sqlite, else ~/.local/state/companion/',
        _text_or(""),
    )
    game: GameSettings = field(default_factory=GameSettings, metadata=section("the game at start"))
    buttons: ButtonSettings = field(
        default_factory=ButtonSettings, metadata=section("the seats' buttons, NEXT, UNDO, MENU")
    )
    disc: DiscSettings = field(
        default_factory=DiscSettings, metadata=section("the time disc's sensor")
    )
    leds: LedSettings = field(default_factory=LedSettings, metadata=section("the LED ring"))
    buzzer: BuzzerSettings = field(default_factory=BuzzerSettings, metadata=section("the buzzer"))
    sound: SoundSettings = field(
        default_factory=SoundSettings, metadata=section("the cues and the voice")
    )
    display: DisplaySettings = field(
        default_factory=DisplaySettings, metadata=section("the screen")
    )
    bridge: BridgeSettings = field(
        default_factory=BridgeSettings, metadata=section("the Pico's USB link")
    )
    web: WebSettings = field(
        default_factory=WebSettings, metadata=section("the phones' web server")
    )
    mqtt: MqttSettings = field(default_factory=MqttSettings, metadata=section("the club feed"))

    @classmethod
    def of(cls, path: str, data: Mapping[str, object]) -> Config:
        """Typed settings from a validated mapping (:func:`validate`'s, or one derived from
        it: the simulator's); a key it lacks keeps its default."""
        return _built(cls, data, path=path, data=data)

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


def keys_of(kind: type) -> Iterator[tuple[str, Field[object]]]:
    """The keys a section's dataclass reads from the file, in its order, with their fields."""
    for item in fields(kind):
        if "setting" in item.metadata or "section" in item.metadata:
            yield item.name, item


def _kind(item: Field[object]) -> type:
    """A section's dataclass: its field's default_factory."""
    kind = item.default_factory
    assert isinstance(kind, type)
    return kind


def schema_of(kind: type) -> dict[str, Schema]:
    """The section's checks, by key (a section's own keys under its name)."""
    return {
        name: schema_of(_kind(item))
        if "section" in item.metadata
        else item.metadata["setting"].check
        for name, item in keys_of(kind)
    }


def defaults_of(kind: type) -> dict[str, object]:
    """The section's defaults as the file writes them."""
    return {
        name: defaults_of(_kind(item))
        if "section" in item.metadata
        else copy.deepcopy(item.metadata["setting"].written)
        for name, item in keys_of(kind)
        if "section" in item.metadata or item.metadata["setting"].written is not RETIRED
    }


def _built(kind: type[T], given: Mapping[str, object], **extra: object) -> T:
    """The section's dataclass from the file's values (a key not given keeps its default)."""
    values: dict[str, object] = dict(extra)
    for name, item in keys_of(kind):
        value = given.get(name)
        if "section" in item.metadata:
            values[name] = _built(_kind(item), value if isinstance(value, dict) else {})
        elif name in given and item.metadata["setting"].written is not RETIRED:
            about: Setting = item.metadata["setting"]
            values[name] = about.convert(value) if about.convert else value
    return kind(**values)


SCHEMA: dict[str, Schema] = schema_of(Config)
DEFAULTS: dict[str, object] = defaults_of(Config)

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
    """default_config.yaml: the defaults written out with their words, for a builder to copy
    (the installer's starting config); tests keep it equal to DEFAULTS."""
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


def _game_problems(name: str, setup: Setup) -> list[tuple[Path_, str]]:
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
    problems: list[tuple[Path_, str]] = [(p, "key given twice") for p in user.duplicates]
    # An empty file, or one of comments only (YAML reads it as null), changes nothing: all
    # the defaults, not a refusal (under the unit that would be safe mode for no fault).
    data = {} if user.data is None else user.data
    if not isinstance(data, dict):
        raise ConfigError([f"{user.where(())}: a config is a mapping of settings"])
    _walk(SCHEMA, data, (), problems)
    merged = _merge(DEFAULTS if defaults is None else defaults.data, data)
    assert isinstance(merged, dict)  # both are mappings: the defaults' and the user's
    _cross_checks(merged, user.lines, problems)
    if problems:
        ordered = sorted(problems, key=lambda item: user.lines.get(item[0], 0))
        raise ConfigError([f"{user.where(p)}: {dotted(p)}: {why}" for p, why in ordered])
    return merged


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
    """``companion check-config FILE [--lang en|ru]``: 0 if the file is fine, 2 with every
    problem if not; said in the file's own language unless --lang names one."""
    from companion.catalogue.commands import said, say, written_language  # noqa: PLC0415

    parser = argparse.ArgumentParser(prog="companion check-config")
    parser.add_argument("file", help="the config file to check")
    parser.add_argument(
        "--lang",
        choices=("en", "ru"),
        help="the language of the verdict and the problems (default: the file's language)",
    )
    args = parser.parse_args(argv)
    try:
        config = load(args.file)
    except ConfigError as error:
        language = args.lang or written_language(args.file)
        said_all = [said(problem, language) for problem in error.problems]
        said_all.append(say("config.problems", language, count=len(said_all), file=args.file))
        print("\n".join(f"companion: {line}" for line in said_all), file=sys.stderr)
        return 2
    print(say("config.ok", args.lang or config.language, file=args.file))
    return 0
