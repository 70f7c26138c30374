"""The config file: defaults, every error at once with its place, check-config's exit codes."""

from __future__ import annotations

import copy
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from companion import cli
from companion.config import (
    DEFAULTS,
    RETIRED,
    ButtonSettings,
    Config,
    ConfigError,
    DisplaySettings,
    LedSettings,
    MqttSettings,
    check_main,
    default_source,
    keys_of,
    load,
)
from companion.display.layout import Layout

BAD = """\
language: en
buttons:
  debounce_ms: 20
  pins:
    seat1: {red: 5, blue: 6, cyan: 12, yelow: 16}
    next: 23
    undo: 40
leds:
  count: 25
  brightnes: 0.5
  max_brightness: 1.5
"""


def write(tmp_path: Path, text: str, name: str = "table.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems(path: Path) -> list[str]:
    with pytest.raises(ConfigError) as caught:
        load(path)
    return caught.value.problems


def test_the_defaults_load_and_name_every_button() -> None:
    config = load(None)
    pins = config.button_pins
    assert set(pins) == {
        *(f"seat{s}.{c}" for s in (1, 2) for c in ("red", "blue", "cyan", "yellow")),
        "next",
        "undo",
        "menu",
    }
    assert config.leds.count % 6 == 0
    assert config.brightness == 0.3


def test_a_file_changes_only_what_it_names(tmp_path: Path) -> None:
    path = write(tmp_path, "leds:\n  brightness: 0.9\nbuttons:\n  pins:\n    seat2: ~\n")
    config = load(path)
    assert config.brightness == 0.6  # capped by max_brightness
    assert config.leds.count == 24
    assert not any(name.startswith("seat2.") for name in config.button_pins)


def test_every_problem_is_reported_at_once_with_its_line(tmp_path: Path) -> None:
    path = write(tmp_path, BAD)
    assert problems(path) == [
        f"{path}:5: buttons.pins.seat1.yelow: unknown key (did you mean 'yellow'?)",
        f"{path}:6: buttons.pins.next: GPIO 23 is used twice: also by disc.pin_a",
        f"{path}:7: buttons.pins.undo: not a GPIO: a BCM GPIO number is 0 to 27, not 40",
        f"{path}:9: leds.count: 25 LEDs: the count must be a multiple of 6",
        f"{path}:10: leds.brightnes: unknown key (did you mean 'brightness'?)",
        f"{path}:11: leds.max_brightness: out of range: 0.0 to 1.0, not 1.5",
    ]


def test_a_pin_used_twice_and_a_ring_not_in_sixes(tmp_path: Path) -> None:
    path = write(tmp_path, "buttons:\n  pins:\n    next: 23\nleds:\n  count: 25\n")
    found = problems(path)
    assert found == [
        f"{path}:3: buttons.pins.next: GPIO 23 is used twice: also by disc.pin_a",
        f"{path}:5: leds.count: 25 LEDs: the count must be a multiple of 6",
    ]


def test_the_led_pin_counts_for_its_driver(tmp_path: Path) -> None:
    path = write(tmp_path, "buzzer:\n  pin: 10\n")
    assert problems(path) == [f"{path}:2: buzzer.pin: GPIO 10 is used twice: also by leds.driver"]
    assert load(write(tmp_path, "buzzer:\n  pin: 10\nleds:\n  driver: pwm\n", "pwm.yaml"))


def test_a_bad_game_setup_names_the_setup_line(tmp_path: Path) -> None:
    path = write(tmp_path, "game:\n  name: bestiary\n  setup:\n    players: [Anna]\n")
    (only,) = problems(path)
    assert only.startswith(f"{path}:3: game.setup: setup.players: this game takes 2")
    (unknown,) = problems(write(tmp_path, "game:\n  name: bestiery\n", "g.yaml"))
    assert "did you mean 'bestiary'?" in unknown


def test_yaml_syntax_and_repeated_keys(tmp_path: Path) -> None:
    (broken,) = problems(write(tmp_path, "leds:\n  count: [24\n"))
    assert broken.startswith(f"{tmp_path / 'table.yaml'}:3: not valid YAML")
    path = write(tmp_path, "leds:\n  count: 24\n  count: 12\n", "twice.yaml")
    assert problems(path) == [f"{path}:3: leds.count: key given twice"]


def test_wrong_types_are_named(tmp_path: Path) -> None:
    path = write(tmp_path, "leds: 24\nbuzzer:\n  enabled: yes please\n")
    leds, buzzer = problems(path)
    assert leds.startswith(f"{path}:1: leds: a mapping of driver, count, order, brightness")
    assert leds.endswith(", not 24")
    assert buzzer == f"{path}:3: buzzer.enabled: true or false, not 'yes please'"


def test_check_config_exits_0_or_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = write(tmp_path, "leds:\n  brightness: 0.2\n", "good.yaml")
    assert check_main([str(good)]) == 0
    assert capsys.readouterr().out == f"{good}: ok\n"
    bad = write(tmp_path, BAD)
    assert cli.main(["check-config", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "6 problems" in err and "Traceback" not in err
    assert check_main([str(tmp_path / "missing.yaml")]) == 2
    assert "cannot read: No such file or directory" in capsys.readouterr().err


def test_the_shipped_defaults_pass_their_own_check() -> None:
    defaults = Path(__file__).resolve().parent.parent / "companion" / "default_config.yaml"
    assert check_main([str(defaults)]) == 0


def test_a_section_of_the_wrong_shape_does_not_hide_the_other_problems(tmp_path: Path) -> None:
    path = write(tmp_path, "buttons: 3\nleds:\n  count: true\nbuzzer:\n  pin: 24\n")
    found = problems(path)
    assert [line.split(": ")[1] for line in found] == ["buttons", "leds.count", "buzzer.pin"]
    assert found[2].endswith("GPIO 24 is used twice: also by disc.pin_b")


def test_the_panel_diagonal_sets_the_text_floor(tmp_path: Path) -> None:
    assert load(None).display.diagonal_inches is None  # the reference panels
    path = write(tmp_path, "display:\n  diagonal_inches: 10.1\n")
    config = load(path)
    assert config.display.diagonal_inches == 10.1
    assert Layout(800, 480, config.display.diagonal_inches).min_text < Layout(800, 480).min_text
    bad = write(tmp_path, "display:\n  diagonal_inches: big\n")
    [problem] = problems(bad)
    assert problem.startswith(f"{bad}:2: display.diagonal_inches: the panel's diagonal in inches")


@pytest.mark.parametrize(
    "text",
    ["", "\n\n", "# the table in the club room\n# (everything as it comes)\n", "---\n", "  \n#\n"],
    ids=["empty", "blank lines", "comments", "document marker", "spaces and a hash"],
)
def test_an_empty_or_comment_only_config_is_all_the_defaults(tmp_path: Path, text: str) -> None:
    path = write(tmp_path, text)
    config = load(path)
    defaults = load(None)
    assert config.path == str(path)
    assert replace(config, path=defaults.path) == defaults
    assert cli.main(["check-config", str(path)]) == 0


@pytest.mark.parametrize("text", ["- a list\n", "just words\n", "42\n"])
def test_a_config_that_is_not_a_mapping_is_still_refused(tmp_path: Path, text: str) -> None:
    path = write(tmp_path, text)
    assert problems(path) == [f"{path}:1: a config is a mapping of settings"]


# --- the shape written once: the dataclasses, and the default file that writes them out ---


def differences(written: object, kind: type, path: str = "") -> list[str]:
    """Where a default file and the settings' dataclasses disagree, one line each: a key
    the file documents that is no setting, a setting the file leaves out, a default that
    differs (a retired setting must stay out of the file)."""
    if not isinstance(written, dict):
        return [f"{path or 'the file'}: a mapping of {kind.__name__}'s keys, not {written!r}"]
    found = [
        f"{path}{key}: documented, but no setting"
        for key in written
        if key not in dict(keys_of(kind))
    ]
    for name, item in keys_of(kind):
        where = f"{path}{name}"
        if "section" in item.metadata:
            assert isinstance(item.default_factory, type)
            found += differences(written.get(name), item.default_factory, f"{where}.")
        elif item.metadata["setting"].written is RETIRED:
            found += [f"{where}: retired, but in the defaults"] if name in written else []
        elif name not in written:
            found.append(f"{where}: a setting the file leaves out")
        elif written[name] != item.metadata["setting"].written:
            default = item.metadata["setting"].written
            found.append(f"{where}: {written[name]!r} in the file, {default!r} in the dataclass")
    return found


def test_the_shipped_default_file_writes_the_settings_dataclasses_out() -> None:
    """default_config.yaml (the installer's starting config) has every setting, no other
    key, and the dataclasses' defaults; validation and Config read the dataclasses."""
    assert differences(default_source().data, Config) == []
    assert default_source().data == DEFAULTS


def test_a_default_file_that_drifts_is_caught_key_by_key() -> None:
    drifted = copy.deepcopy(default_source().data)
    assert isinstance(drifted, dict)
    del drifted["leds"]["preview"]
    drifted["leds"]["brightnes"] = 0.3
    drifted["buzzer"]["mid_tone"] = "A4"
    drifted["buttons"]["double_press_ms"] = 400
    drifted["buttons"]["pins"]["seat3"] = {"red": 7, "blue": 8, "cyan": 9, "yellow": 10}
    drifted["web"] = 3
    assert sorted(differences(drifted, Config)) == [
        "buttons.double_press_ms: retired, but in the defaults",
        f"buttons.pins: {drifted['buttons']['pins']!r} in the file, "
        f"{DEFAULTS['buttons']['pins']!r} in the dataclass",  # type: ignore[index]
        "buzzer.mid_tone: 'A4' in the file, 'A5' in the dataclass",
        "leds.brightnes: documented, but no setting",
        "leds.preview: a setting the file leaves out",
        "web.: a mapping of WebSettings's keys, not 3",
    ]


def test_every_setting_has_words_and_a_default_its_own_check_accepts() -> None:
    def leaves(kind: type, path: str = "") -> list[tuple[str, Any]]:
        out: list[tuple[str, Any]] = []
        for name, item in keys_of(kind):
            if "section" in item.metadata:
                assert item.metadata["doc"] and isinstance(item.default_factory, type)
                out += leaves(item.default_factory, f"{path}{name}.")
            else:
                out.append((f"{path}{name}", item.metadata["setting"]))
        return out

    settings = leaves(Config)
    assert len(settings) == 47  # every key of the file, the retired double_press_ms too
    for where, about in settings:
        assert about.doc, where
        if about.written is not RETIRED and callable(about.check):
            assert about.check(about.written) is None, where


def test_the_typed_defaults_are_the_dataclasses_own() -> None:
    """What load() reads from nothing is what each section's dataclass says by itself
    (the file's way of writing a default, converted: pins flattened, numbers as floats)."""
    config = load(None)
    assert config.leds == LedSettings() and config.buttons == ButtonSettings()
    assert config.mqtt == MqttSettings() and config.display == DisplaySettings()
    assert config.buttons.pins["seat2.yellow"] == 4 and config.buttons.double_press_ms is None
    assert replace(config, data={}) == Config("(defaults)", {})
