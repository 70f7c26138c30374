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
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from companion import rules
from companion.rules.base import did_you_mean

Path_ = tuple[str | int, ...]
Check = Callable[[Any], str | None]
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
    def check(value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int):
            return f"a whole number from {low} to {high}, not {value!r}"
        return None if low <= value <= high else f"must be {low} to {high}, not {value}"

    return check


def _number(low: float, high: float) -> Check:
    def check(value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return f"a number from {low} to {high}, not {value!r}"
        return None if low <= value <= high else f"out of range: {low} to {high}, not {value}"

    return check


def _gpio(value: Any) -> str | None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= GPIO_MAX:
        return f"not a GPIO: a BCM GPIO number is 0 to {GPIO_MAX}, not {value!r}"
    return None


def _bool(value: Any) -> str | None:
    return None if isinstance(value, bool) else f"true or false, not {value!r}"


def _text(value: Any) -> str | None:
    return None if isinstance(value, str) else f"a text, not {value!r}"


def _choice(*options: str) -> Check:
    def check(value: Any) -> str | None:
        if value in options:
            return None
        return f"one of {', '.join(options)}, not {value!r}{did_you_mean(str(value), options)}"

    return check


def _order(value: Any) -> str | None:
    if isinstance(value, str) and len(value) == 3 and sorted(value) == ["B", "G", "R"]:
        return None
    return f"a colour order such as GRB or RGB, not {value!r}"


def _colours(value: Any) -> str | None:
    def is_colour(item: Any) -> bool:
        return (
            isinstance(item, list)
            and len(item) == 3
            and all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 255 for c in item)
        )

    if isinstance(value, list) and value and all(is_colour(item) for item in value):
        return None
    return "a list of [red, green, blue] colours, each 0 to 255"


def _anything(value: Any) -> str | None:
    return None


def _seat(value: Any) -> str | None:
    return None  # a mapping checked by SEAT_SCHEMA, or null for "no buttons for this seat"


SEAT_SCHEMA: dict[str, Any] = dict.fromkeys(BUTTON_COLOURS, _gpio)
SCHEMA: dict[str, Any] = {
    "language": _choice("en", "ru"),
    "journal": _text,
    "game": {"name": _text, "setup": _anything},
    "buttons": {
        "enabled": _bool,
        "pull_up": _bool,
        "debounce_ms": _int(0, 500),
        "hold_ms": _int(100, 10_000),
        "menu_hold_ms": _int(100, 20_000),
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
    "buzzer": {"enabled": _bool, "pin": _gpio, "mid_tone": _text},
    "bridge": {"port": _text},
}


# --- loading with line numbers -------------------------------------------------------------


def dotted(path: Path_) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


def _lines(node: yaml.Node, path: Path_, lines: dict[Path_, int], dupes: list[Path_]) -> None:
    lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        seen: set[Any] = set()
        for key_node, value_node in node.value:
            key = key_node.value
            if key in seen:
                dupes.append((*path, key))
            seen.add(key)
            lines[(*path, key)] = key_node.start_mark.line + 1
            _lines(value_node, (*path, key), lines, dupes)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _lines(item, (*path, index), lines, dupes)


@dataclass
class Source:
    """A parsed YAML file with the line of every key path."""

    name: str
    data: Any
    lines: dict[Path_, int] = field(default_factory=dict)
    duplicates: list[Path_] = field(default_factory=list)

    @classmethod
    def parse(cls, name: str, text: str) -> Source:
        try:
            node = yaml.compose(text, Loader=yaml.SafeLoader)
            data = yaml.safe_load(text)
        except yaml.YAMLError as error:
            mark = getattr(error, "problem_mark", None)
            where = f"{name}:{mark.line + 1}" if mark else name
            reason = getattr(error, "problem", None) or str(error)
            raise ConfigError([f"{where}: not valid YAML: {reason}"]) from error
        source = cls(name, {} if data is None else data)
        if node is not None:
            _lines(node, (), source.lines, source.duplicates)
        return source

    def where(self, path: Path_) -> str:
        line = self.lines.get(path)
        return f"{self.name}:{line}" if line else f"{self.name} (default)"


def default_source() -> Source:
    text = resources.files("companion").joinpath("default_config.yaml").read_text("utf-8")
    return Source.parse("default_config.yaml", text)


def _merge(base: Any, over: Any) -> Any:
    if isinstance(base, dict) and isinstance(over, dict):
        merged = dict(base)
        for key, value in over.items():
            merged[key] = _merge(base.get(key), value) if key in base else value
        return merged
    return copy.deepcopy(over)


# --- validation ------------------------------------------------------------------------------


def _walk(schema: Any, data: Any, path: Path_, problems: list[tuple[Path_, str]]) -> None:
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


def _section(data: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    """A mapping from the settings, or {} where the file put something else (reported)."""
    value = data.get(key)
    return value if isinstance(value, dict) else {}


def _pins_in_use(data: Mapping[str, Any]) -> list[tuple[Path_, Any]]:
    used: list[tuple[Path_, Any]] = []
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
    if leds.get("driver") in LED_PINS:
        used.append((("leds", "driver"), LED_PINS[leds["driver"]]))
    buzzer = _section(data, "buzzer")
    if buzzer.get("enabled") is True:
        used.append((("buzzer", "pin"), buzzer.get("pin")))
    return [(path, pin) for path, pin in used if _gpio(pin) is None]


def _cross_checks(
    data: Mapping[str, Any], written: Mapping[Path_, int], problems: list[tuple[Path_, str]]
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
    count = _section(data, "leds").get("count")
    if isinstance(count, int) and not isinstance(count, bool) and count % 6:
        problems.append((("leds", "count"), f"{count} LEDs: the count must be a multiple of 6"))
    game = _section(data, "game")
    if isinstance(game.get("name"), str):
        problems.extend(_game_problems(game))


def _game_problems(game: Mapping[str, Any]) -> list[tuple[Path_, str]]:
    try:
        module = rules.game(game["name"])
    except rules.SetupError as error:
        return [(("game", "name"), str(error))]
    try:
        module.start(game.get("setup") or {})
    except rules.RulesError as error:
        return [(("game", "setup"), str(error))]
    return []


def validate(user: Source, defaults: Source | None = None) -> dict[str, Any]:
    """The merged settings, or a ConfigError listing every problem with its place."""
    defaults = defaults or default_source()
    problems: list[tuple[Path_, str]] = [(p, "key given twice") for p in user.duplicates]
    if not isinstance(user.data, dict):
        raise ConfigError([f"{user.where(())}: a config is a mapping of settings"])
    _walk(SCHEMA, user.data, (), problems)
    merged: dict[str, Any] = _merge(defaults.data, user.data)
    _cross_checks(merged, user.lines, problems)
    if problems:
        ordered = sorted(problems, key=lambda item: user.lines.get(item[0], 0))
        raise ConfigError([f"{user.where(p)}: {dotted(p)}: {why}" for p, why in ordered])
    return merged


# --- the settings the app reads ----------------------------------------------------------------


@dataclass(frozen=True)
class Config:
    path: str
    data: dict[str, Any]

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    @property
    def button_pins(self) -> dict[str, int]:
        """Button name ("seat1.red", "next") to GPIO, for the enabled buttons."""
        pins: dict[str, int] = {}
        for name, value in self.data["buttons"]["pins"].items():
            if isinstance(value, dict):
                pins.update({f"{name}.{colour}": pin for colour, pin in value.items()})
            elif value is not None:
                pins[name] = value
        return pins

    @property
    def brightness(self) -> float:
        leds = self.data["leds"]
        return float(min(leds["brightness"], leds["max_brightness"]))

    @property
    def journal_path(self) -> Path:
        given = self.data.get("journal") or ""
        if given:
            return Path(os.path.expanduser(given))
        state = os.environ.get("STATE_DIRECTORY")
        base = Path(state) if state else Path.home() / ".local" / "state" / "companion"
        return base / "journal.sqlite"


def load(path: str | Path | None = None) -> Config:
    """The defaults, with the file at ``path`` over them; ConfigError if anything is wrong."""
    if path is None:
        return Config("(defaults)", validate(Source("(defaults)", {})))
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) else "not UTF-8 text"
        raise ConfigError([f"{path}: cannot read: {reason}"]) from error
    return Config(str(path), validate(Source.parse(str(path), text)))


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
