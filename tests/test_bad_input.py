"""Bad input: every file a user writes (a script, the config, the card library) is refused
with one message naming its place, ``file:line: key path: why``, and exit code 2; nothing
crashes, hangs or fills the memory, and a closed pipe ends ``companion`` quietly.

Each input of issue 11 ("bad input that crashes or eats memory") is a regression test
here, then a bounded hypothesis fuzz throws generated files at the three readers.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import yamlfile
from companion.app import build_app
from companion.cli import main
from companion.config import SCHEMA, load
from companion.games.bestiary.state import SETUP_KEYS as BESTIARY_SETUP
from companion.games.manus.state import SETUP_KEYS as MANUS_SETUP
from tests.conftest import EXAMPLES, ROOT

# 500 bytes: ten anchors, each a list of nine aliases of the one before (9**9 strings).
LAUGHS = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + "".join(
    f"{name}: &{name} [{', '.join([f'*{before}'] * 9)}]\n"
    for before, name in zip("abcdefghi", "bcdefghij", strict=True)
)
DUEL_START = "game: bestiary\nsetup:\n  players: [Anna, Boris]\n  first: 1\nactions:\n"


def run(*argv: str) -> tuple[int, str, str]:
    """``companion argv...`` in this process: the exit code, stdout and stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def refused(code: int, err: str, expected: str, exit_code: int = 2) -> None:
    """One message, the expected one (place and all), the exit code, no traceback."""
    assert code == exit_code, err
    assert "Traceback" not in err
    assert err.startswith(f"companion: {expected}"), err


@pytest.fixture
def script(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path / "script.yaml"


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


# --- scripts --------------------------------------------------------------------------------


def test_a_5000_digit_integer_is_refused_at_its_key(script: Path) -> None:
    write(script, f"game: bestiary\nsetup:\n  players: [A, B]\n  first: {'9' * 5000}\n")
    code, _, err = run("play", str(script))
    refused(code, err, f"{script}:4: setup.first: a number 5000 digits long (at most 20)")


def test_3000_levels_of_nesting_are_refused_without_recursing(script: Path) -> None:
    write(script, "game: bestiary\nsetup:\n  players: " + "[" * 3000 + "]" * 3000 + "\n")
    code, _, err = run("play", str(script))
    refused(code, err, f"{script}:3: setup.players[0][0][0][0]...: nested more than 32 deep")


def test_a_recursive_alias_is_refused(script: Path) -> None:
    write(script, "game: bestiary\nsetup: &setup\n  players: [A, B]\n  again: *setup\n")
    code, _, err = run("play", str(script))
    refused(code, err, f"{script}:4: setup.again: the alias *setup is inside its own anchor")


def test_a_null_key_is_refused(script: Path) -> None:
    write(script, "game: bestiary\nsetup:\n  players: [A, B]\n  ~: 1\n")
    code, _, err = run("play", str(script))
    refused(code, err, f"{script}:4: setup: a key is text, not null")


def test_a_key_yaml_reads_as_a_boolean_is_refused(script: Path) -> None:
    write(script, "game: bestiary\nsetup:\n  on: 1\n")
    code, _, err = run("play", str(script))
    refused(code, err, f"{script}:3: setup: a key is text, not on (quote it")


def test_a_billion_laughs_is_refused_fast_in_little_memory(script: Path) -> None:
    text = "game: bestiary\n" + LAUGHS
    assert len(text.encode()) <= 500
    tracemalloc.start()
    began = time.perf_counter()
    with pytest.raises(yamlfile.YamlError) as refusal:
        yamlfile.parse(str(script), text)
    took = time.perf_counter() - began
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert str(refusal.value).startswith(f"{script}:7: f[1]: more than 200,000 values")
    assert took < 1.0, f"{took:.2f} s"
    assert peak < 5_000_000, f"{peak} bytes"
    code, _, err = run("play", str(write(script, text)))
    refused(code, err, f"{script}:7: f[1]: more than 200,000 values")


def test_aliases_are_counted(script: Path) -> None:
    aliases = ", ".join(["*x"] * 101)
    write(script, f"game: bestiary\nsetup:\n  x: &x 1\n  many: [{aliases}]\n")
    code, _, err = run("play", str(script))
    refused(code, err, f"{script}:4: setup.many[100]: more than 100 aliases")


def test_an_alias_cannot_nest_past_the_depth_limit(script: Path) -> None:
    deep = "[" * 20 + "]" * 20
    write(script, f"game: bestiary\nsetup:\n  a: &a {deep}\n  b: [[[[[[[[[[[[[[*a]]]]]]]]]]]]]]\n")
    code, _, err = run("play", str(script))
    refused(code, err, f"{script}:4: setup.b[0][0][0][0]...: the alias *a nests more than 32")


def test_a_long_list_is_refused(script: Path) -> None:
    write(script, DUEL_START + "  - {do: end_phase}\n" * 10_001)
    code, _, err = run("play", str(script))
    refused(code, err, f"{script}:6: actions: more than 10,000 items in one list")


def test_a_file_too_big_is_not_read(script: Path) -> None:
    write(script, DUEL_START + "# " + "x" * (1024 * 1024) + "\n")
    code, _, err = run("play", str(script))
    refused(code, err, f"{script}: cannot read: too big: more than 1 MiB")


def test_a_billion_players_are_refused_before_a_list_is_made(script: Path) -> None:
    write(script, "game: bestiary\nsetup:\n  players: 1000000000\nactions: []\n")
    code, _, err = run("play", str(script))
    refused(code, err, f"{script}:2: setup.players: this game takes 2 players, not 1000000000")


def test_a_lone_surrogate_in_a_name_is_refused(script: Path) -> None:
    write(script, 'game: bestiary\nsetup:\n  players: ["Anna\\udc80", Boris]\n')
    code, _, err = run("play", str(script))
    refused(code, err, f"{script}:3: setup.players[0]: a lone surrogate")


@pytest.mark.parametrize(
    ("value", "why"),
    [
        ("[a]", "'creature' must be a name or a number (the creature to summon), not ['a']"),
        ("{a: 1}", "'creature' must be a name or a number (the creature to summon), not {'a': 1}"),
        ("yes", "'creature' must be a name or a number (the creature to summon), not True"),
    ],
)
def test_a_list_where_a_creature_belongs_is_an_illegal_action(
    script: Path, value: str, why: str
) -> None:
    write(
        script,
        DUEL_START + "  - {do: choose_castle, castle: forest_edge}\n"
        f"  - {{do: summon, creature: {value}, class: strength, vitality: 6}}\n",
    )
    code, _, err = run("play", str(script))
    refused(code, err, f"{script}:7: action 2 (summon): {why}", exit_code=3)


def test_a_list_where_a_manus_condition_belongs_is_an_illegal_action(script: Path) -> None:
    text = (EXAMPLES / "manus_two_players.yaml").read_text(encoding="utf-8")
    head, _, _ = text.partition("\nactions:")
    write(script, head + "\nactions:\n  - {do: place_site, temperature: [warm], humidity: wet}\n")
    code, _, err = run("play", str(script))
    assert code == 3 and "Traceback" not in err
    assert "action 1 (place_site): 'temperature' must be a name or a number" in err


def test_dates_stay_text_and_other_tags_are_refused(tmp_path: Path) -> None:
    assert yamlfile.parse("x.yaml", "when: 2024-05-01\n").data == {"when": "2024-05-01"}
    for text, why in [
        ("a: !!binary aGVsbG8=\n", "x.yaml:1: a: the tag tag:yaml.org,2002:binary is not plain"),
        ("a: !!set {b}\n", "x.yaml:1: a: the tag tag:yaml.org,2002:set is not plain"),
        ("a: 0x_\n", "x.yaml:1: a: not a number: 0x_"),
        ("a: &x 1\nb: &x 2\n", "x.yaml:2: b: the anchor &x is given twice"),
        ("a: *x\n", "x.yaml:1: a: the alias *x has no anchor before it"),
        ("a: [1, {b: \x01}]\n", "x.yaml:1: not valid YAML: the character #x0001"),
    ]:
        with pytest.raises(yamlfile.YamlError) as refusal:
            yamlfile.parse("x.yaml", text)
        assert str(refusal.value).startswith(why), str(refusal.value)


def test_merge_keys_and_a_few_aliases_still_work() -> None:
    text = "base: &base {red: 5, blue: 6}\nseat1: {<<: *base, cyan: 12}\nseat2: *base\n"
    data = yamlfile.parse("x.yaml", text).data
    assert data == {
        "base": {"red": 5, "blue": 6},
        "seat1": {"red": 5, "blue": 6, "cyan": 12},
        "seat2": {"red": 5, "blue": 6},
    }


@pytest.mark.parametrize("word", ["wait 1e9", "wait nan", "hold next inf", "disc 1000000000"])
def test_a_press_script_cannot_wait_or_turn_for_ever(script: Path, word: str) -> None:
    write(script, f"game: bestiary\nsetup: {{players: [A, B]}}\npresses:\n  - next\n  - {word}\n")
    code, _, err = run("play", str(script))
    refused(code, err, f"{script}:5: press 2: ")


# --- the config ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("leds:\n  driver: [spi]\n", "2: leds.driver: one of spi, pwm, bridge, none, not ['spi']"),
        ("buzzer:\n  mid_tone: Z9\n", "2: buzzer.mid_tone: a note such as A5"),
        ("buzzer:\n  mid_tone: B0\n", "2: buzzer.mid_tone: B0 is too low or too high"),
        ("leds:\n  offset: 500\n", "2: leds.offset: LED 500 is past the ring's end"),
        ("leds:\n  count: 12\n  offset: 12\n", "3: leds.offset: LED 12 is past the ring's end"),
        ("leds:\n  count: " + "9" * 5000 + "\n", "2: leds.count: a number 5000 digits long"),
        ("game:\n  setup:\n    players: 1000000000\n", "2: game.setup: setup.players: this"),
        ('game:\n  setup:\n    players: ["A\\udc80", B]\n', "3: game.setup.players[0]: a lone"),
        ("journal: [a]\n", "1: journal: a path, not ['a']"),
        ('journal: "/tmp/a\\0b"\n', "1: journal: a path cannot hold a NUL character"),
        ("bridge:\n  port: 5\n", "2: bridge.port: a path, not 5"),
        ("~: 1\n", "1: a key is text, not null"),
        ("leds: &l\n  x: *l\n", "2: leds.x: the alias *l is inside its own anchor"),
        (LAUGHS, "6: f[1]: more than 200,000 values"),
    ],
)
def test_check_config_refuses_what_run_cannot_start_with(
    tmp_path: Path, text: str, expected: str
) -> None:
    config = write(tmp_path / "table.yaml", text)
    code, _, err = run("check-config", str(config))
    refused(code, err, f"{config}:{expected}")


def test_check_config_refuses_a_journal_that_is_a_folder(tmp_path: Path) -> None:
    config = write(tmp_path / "table.yaml", f"journal: {tmp_path}\n")
    code, _, err = run("check-config", str(config))
    refused(code, err, f"{config}:1: journal: {tmp_path} is a folder")


def test_every_note_check_config_accepts_the_buzzer_takes() -> None:
    from gpiozero.tones import Tone  # type: ignore[import-untyped]  # noqa: PLC0415

    from companion.config import _note  # noqa: PLC0415 (the check itself)

    for octave in range(10):
        for letter in "CDEFGAB":
            for accidental in ("", "#", "b"):
                note = f"{letter}{accidental}{octave}"
                if _note(note) is None:  # what TonalBuzzer(mid_tone=..., octaves=1) checks
                    tone = Tone(note)
                    assert tone.down(12).note and tone.up(12).note


# --- the card library ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (LAUGHS, ":6: f[1]: more than 200,000 values"),
        ("cards: " + "[" * 100 + "]" * 100 + "\n", ":1: cards[0][0][0][0][0]...: nested more"),
        ("cards:\n  - {name: Saxum, vitality: " + "7" * 5000 + "}\n", ":2: cards[0].vitality: "),
        ("cards:\n  - {name: Saxum, ~: 1}\n", ":2: cards[0]: a key is text, not null"),
        ("cards: []\n# " + "x" * (1024 * 1024) + "\n", ": cannot read: too big"),
    ],
)
def test_companion_cards_refuses_a_bad_library(tmp_path: Path, text: str, expected: str) -> None:
    library = write(tmp_path / "cards-bestiary.yaml", text)
    journal = str(tmp_path / "journal.sqlite")
    code, _, err = run("cards", "check", "--journal", journal)
    refused(code, err, f"{library}{expected}")
    code, _, err = run("cards", "import", str(library), "--journal", journal)
    refused(code, err, f"{library}{expected}")


# --- a closed pipe --------------------------------------------------------------------------


def test_a_reader_that_goes_away_ends_companion_quietly() -> None:
    """``companion play ... | head``: the pipe's reading end is closed before companion
    writes, so the BrokenPipeError is certain (not a race with a fast reader)."""
    reading, writing = os.pipe()
    os.close(reading)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "companion.cli", "play", str(EXAMPLES / "duel_siege.yaml")],
            stdout=writing,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            timeout=60,
            check=False,
        )
    finally:
        os.close(writing)
    assert done.stderr.decode() == ""
    assert done.returncode == 1


def test_a_bad_script_through_the_command_line_prints_no_traceback(tmp_path: Path) -> None:
    path = write(tmp_path / "laughs.yaml", "game: bestiary\n" + LAUGHS)
    done = subprocess.run(
        [sys.executable, "-m", "companion.cli", "play", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr == f"companion: {path}:7: f[1]: {BILLION_WHY}\n"


BILLION_WHY = (
    "more than 200,000 values (aliases count all they repeat): "
    "a file this big is not a config, script or card library"
)


# --- a fuzz of the three readers -------------------------------------------------------------

FUZZ = settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "150")),
    deadline=None,
    derandomize=not os.environ.get("FUZZ_EXAMPLES"),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(10**40), max_value=10**40),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
    st.sampled_from(["saxum", "forest_edge", "strength", "plain", "warm", "wet", "X", "1"]),
)
VALUES = st.recursive(
    LEAVES,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
# Text from YAML's punctuation and a few words: anchors, aliases, flow, tags, escapes.
TOKENS = [*"[]{}:,-&*!|>'\"#%@`?~ \n\t0123456789abexyz.\\_+", "\n  ", "&a ", "*a", "!!int ", ": "]
RAW = st.lists(st.sampled_from(TOKENS), max_size=40).map("".join)


def _messages_name(err: str, path: Path) -> None:
    assert "Traceback" not in err
    for line in err.split("\n")[:-1]:
        assert line.startswith((f"companion: {path}", "companion: 1 problem in")) or (
            line.startswith("companion: ") and f"problems in {path}" in line
        ), line


@contextlib.contextmanager
def _folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as folder:
        yield Path(folder)


def _dump(data: object) -> str:
    return yaml.safe_dump(data, allow_unicode=True)


def _script_texts() -> st.SearchStrategy[str]:
    """An example script with an action's field, or the setup, replaced by anything."""
    examples = sorted(EXAMPLES.glob("*.yaml"))

    @st.composite
    def mutated(draw: st.DrawFn) -> str:
        data = yaml.safe_load(draw(st.sampled_from(examples)).read_text(encoding="utf-8"))
        where = draw(st.sampled_from(["action", "setup", "top", "presses"]))
        value = draw(VALUES)
        if where == "action" and data.get("actions"):
            actions = data["actions"]
            index = draw(st.integers(0, len(actions) - 1))
            key = draw(st.sampled_from([*actions[index], "seat", "creature", "target"]))
            actions[index] = {**actions[index], key: value}
            del actions[index + 1 :]
        elif where == "setup":
            key = draw(st.sampled_from([*BESTIARY_SETUP, *MANUS_SETUP]))
            data["setup"] = {**data["setup"], key: value}
        elif where == "presses" and data.get("presses"):
            data["presses"] = [*data["presses"][:3], value]
        else:
            data[draw(st.sampled_from(["game", "setup", "actions"]))] = value
        return _dump(data)

    return st.one_of(mutated(), RAW, RAW.map(lambda raw: "game: bestiary\nsetup: " + raw))


@FUZZ
@given(text=_script_texts())
def test_fuzz_scripts(text: str) -> None:
    with _folder() as folder:
        path = write(folder / "script.yaml", text)
        code, _, err = run("play", str(path))
    assert code in (0, 2, 3), err
    _messages_name(err, path)


def _config_texts() -> st.SearchStrategy[str]:
    keys = [
        (section, key)
        for section, schema in SCHEMA.items()
        for key in (schema if isinstance(schema, dict) else [""])
    ]

    @st.composite
    def configs(draw: st.DrawFn) -> str:
        data: dict[str, object] = {}
        for section, key in draw(st.lists(st.sampled_from(keys), min_size=1, max_size=3)):
            value = draw(
                VALUES
                | st.sampled_from(["A5", "Z9", "C1", "bridge", "spi", "GRB", "/dev/null"])
                | st.integers(0, 700)
            )
            if key:
                section_data = data.setdefault(section, {})
                if isinstance(section_data, dict):
                    section_data[key] = value
            else:
                data[section] = value
        return _dump(data)

    return st.one_of(configs(), RAW)


@FUZZ
@given(text=_config_texts())
def test_fuzz_configs(text: str) -> None:
    """What check-config accepts, run starts with (its adapters faked: no pins here)."""
    with _folder() as folder:
        path = write(folder / "table.yaml", text)
        code, _, err = run("check-config", str(path))
        assert code in (0, 2), err
        _messages_name(err, path)
        if code == 0:
            config = load(path)
            from gpiozero.tones import Tone  # noqa: PLC0415

            tone = Tone(config.buzzer.mid_tone)
            assert tone.down(12).note and tone.up(12).note
            assert 0 <= config.leds.offset < config.leds.count
            app = build_app(config, fakes=True, journal_path=folder / "j.sqlite")
            app.close()


def _library_texts() -> st.SearchStrategy[str]:
    card = st.fixed_dictionaries(
        {"name": VALUES | st.sampled_from(["Saxum", "Manus"])},
        optional={
            "class": VALUES | st.sampled_from(["strength", "agility"]),
            "vitality": VALUES | st.integers(0, 30),
            "attack": VALUES,
            "abilities": VALUES,
            "id": VALUES,
        },
    )
    return st.one_of(
        st.lists(card, max_size=3).map(lambda cards: _dump({"cards": cards})),
        VALUES.map(lambda value: _dump({"cards": value})),
        RAW,
    )


@FUZZ
@given(text=_library_texts())
def test_fuzz_card_libraries(text: str) -> None:
    with _folder() as folder:
        path = write(folder / "cards-bestiary.yaml", text)
        code, _, err = run("cards", "check", "--journal", str(folder / "journal.sqlite"))
    assert code in (0, 2), err
    _messages_name(err, path)
