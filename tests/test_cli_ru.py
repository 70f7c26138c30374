"""``companion check-config`` and ``companion presses`` in Russian (issue 24: "no English word
is left in Russian output of any command"): with ``--lang ru`` (or a config that sets
``language: ru``) every line they print is Russian but for what the user typed (a path, a
key, a value, a name, a press); in English they print what they always did."""

from __future__ import annotations

import ast
import re
import sqlite3
from pathlib import Path

import pytest

from companion import cli, planner, presses
from companion.catalogue import commands
from companion.catalogue.commands import MESSAGES, said
from companion.games import GAMES
from companion.planner import Plan
from companion.rules.base import Action
from companion.snapshot import Snapshot

WORD = re.compile(r"[A-Za-z][A-Za-z_]+")
# Not English words: acronyms and literals a config or a script writes as they are.
LITERALS = frozenset(
    {"GPIO", "BCM", "YAML", "UTF", "NUL", "GRB", "RGB", "null", "true", "false", "ud", "udfff"}
)
QUOTED = re.compile(r"'[^']*'|«[^»]*»|`[^`]*`|\{[^{}]*\}|\[[^\[\]]*\]")

BAD_CONFIG = """\
language: ru
leds:
  count: 13
  offset: 40
  brigthness: 0.5
buttons:
  pins:
    seat1: {red: 40, blue: 5, cyan: 5, yellow: x}
    next: 99
buzzer:
  enabled: true
  pin: 5
disc:
  source: gpoi
game:
  name: besitary
sound:
  voice: maybe
"""
# The values disc.source takes and the games: words a config writes.
OPTIONS = {"gpio", "bridge", "none", *GAMES}
TWO = "game: manus\nsetup: {players: [Anna, Boris]}\nactions:\n"


def english_left(line: str, typed: str) -> list[str]:
    """The English words of ``line`` besides what the user typed (``typed``: the file's
    text), the quoted (a key, a value, an action as written) and the literals."""
    bare = QUOTED.sub(" ", line)
    allowed = set(WORD.findall(typed)) | LITERALS | OPTIONS | {"companion"}
    return [w for w in WORD.findall(bare) if w not in allowed]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def bad_config(tmp_path: Path) -> Path:
    path = tmp_path / "table.yaml"
    path.write_text(BAD_CONFIG, encoding="utf-8")
    return path


def test_a_russian_configs_problems_are_said_in_russian(
    bad_config: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "check-config", str(bad_config))
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) > 10
    typed = BAD_CONFIG + str(bad_config)
    for line in lines:
        assert english_left(line, typed) == [], line
    assert lines[-1] == f"companion: {bad_config}: 11 ошибок"
    assert f"{bad_config}:5: leds.brigthness: неизвестный ключ (может быть, «brightness»?)" in err


def test_lang_en_says_the_problems_as_before(
    bad_config: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "check-config", str(bad_config), "--lang", "en")
    assert code == 2
    assert f"companion: {bad_config}:3: leds.count: 13 LEDs: the count must be a multiple" in err
    assert err.strip().splitlines()[-1] == f"companion: 11 problems in {bad_config}"


def test_a_config_without_a_language_is_checked_in_english(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "table.yaml"
    path.write_text("leds:\n  count: 7\n", encoding="utf-8")
    assert run(capsys, "check-config", str(path))[2] == (
        f"companion: {path}:2: leds.count: 7 LEDs: the count must be a multiple of 6\n"
        f"companion: 1 problem in {path}\n"
    )
    path.write_text("sound:\n  voice: false\n", encoding="utf-8")
    assert run(capsys, "check-config", str(path))[1] == f"{path}: ok\n"
    assert run(capsys, "check-config", str(path), "--lang", "ru")[1] == f"{path}: в порядке\n"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("language: ru\n\tleds: 1\n", "не YAML: символ '\\t' не может начинать лексему"),
        ("language: ru\nleds: [1\n", "не YAML: ожидалось ',' или ']', а найдено 'конец файла'"),
        ("language: ru\nleds:\n  count: 12\n   offset: 1\n", "здесь не может быть значения"),
        ("language: ru\n- x\n", "не YAML: ожидалось конец блока, а найдено '-'"),
    ],
)
def test_a_file_that_is_not_yaml_is_said_in_its_own_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, expected: str
) -> None:
    """Its ``language:`` line is read even where the YAML is broken."""
    path = tmp_path / "table.yaml"
    path.write_text(text, encoding="utf-8")
    code, _, err = run(capsys, "check-config", str(path))
    assert code == 2 and expected in err, err
    assert err.strip().splitlines()[-1] == f"companion: {path}: 1 ошибка"


def test_a_missing_config_is_said_in_russian(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "none.yaml"
    err = run(capsys, "check-config", str(path), "--lang", "ru")[2]
    assert err.splitlines()[0] == f"companion: {path}: не читается: нет такого файла или папки"


def _no_site(monkeypatch: pytest.MonkeyPatch) -> None:
    real = planner.plan

    def no_site(snap: Snapshot, action: Action, *, holds: bool = False) -> Plan:
        if action.get("do") == "place_site":
            seat = "seat 1's buttons do not reach line 14 of the prompt"
            raise planner.NoPlan(
                f"no choice or entry of the prompt 'play' plays {action} ({seat}; "
                "the entry 'Strength': strength goes from 1 to 9, not 12)"
            )
        return real(snap, action, holds=holds)

    monkeypatch.setattr(presses, "plan", no_site)


SCRIPT = TWO + (
    "  - {do: place_site, temperature: warm, humidity: wet}\n"
    "  - {do: choose_discovery, discovery: fire}\n"
)


def test_presses_says_what_it_could_not_press_in_russian(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _no_site(monkeypatch)
    script = tmp_path / "two.yaml"
    script.write_text(SCRIPT, encoding="utf-8")
    code, out, err = run(capsys, "presses", str(script), "--lang", "ru")
    assert code == 2
    typed = f"{SCRIPT} {script} strength"  # the key the planner names is the action's
    comments = [line.split("#", 1)[1] for line in out.splitlines() if "#" in line]
    said_lines = err.strip().splitlines() + comments[:1]
    said_lines += [c for c in comments if "действие" in c]
    assert len(said_lines) == 4, out + err
    for line in said_lines:
        assert english_left(line, typed) == [], line
    assert f"{script}:4: действие 1 (place_site): кнопками не сыграть:" in err
    assert "кнопки места 1 не достают до строки 14 запроса" in err
    assert "# choose_discovery discovery fire" in out  # the action as the script says it
    assert "  # действие 1 (строка 4) кнопками не сыграно" in out


def test_presses_in_english_is_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _no_site(monkeypatch)
    script = tmp_path / "two.yaml"
    script.write_text(SCRIPT, encoding="utf-8")
    code, out, err = run(capsys, "presses", str(script))
    assert (code, out, err) == run(capsys, "presses", str(script), "--lang", "en")
    assert out.startswith(f"# 5 presses, planned from {script} by `companion presses`.\n")
    assert f"{script}:4: action 1 (place_site): no presses play it: no choice or entry" in err
    assert "  # action 1 (line 4) not pressed" in out
    assert err.strip().splitlines()[-1] == (
        "companion: 1 of 2 actions cannot be pressed; the press script above leaves them out"
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (TWO + "  - {do: place_site, temperature: warm, humidity: wet}\n"
         "  - {do: choose_discovery, discovery: nonsense}\n",
         ":5: действие 2 (choose_discovery): кнопками не сыграть: «discovery» —"),
        ("game: manis\nsetup: {players: [A, B]}\nactions: []\n",
         ":1: неизвестная игра 'manis' (может быть, «manus»?); известные:"),
        ("game: manus\nsetup: {players: [A, B]}\npresses:\n  - next\n",
         ": это уже сценарий нажатий"),
        ("game: manus\nsetup: {players: [A, B]}\nactions:\n  - {discovery: fire}\n",
         ":4: действие 1: нет 'do' (что сделать)"),
    ],
)  # fmt: skip
def test_a_script_presses_refuses_is_refused_in_russian(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, expected: str
) -> None:
    script = tmp_path / "bad.yaml"
    script.write_text(text, encoding="utf-8")
    code, _, err = run(capsys, "presses", str(script), "--lang", "ru")
    assert code == 2 and f"companion: {script}{expected}" in err, err
    options = re.findall(r"одно из ([\w, ]+), а не", err)  # the values the action may take
    typed = f"{text} {script} {' '.join(GAMES)} {' '.join(options)}"
    assert english_left(err, typed) == [], err


def test_every_template_is_russian_but_its_fields_and_literals() -> None:
    keys = "game setup actions presses do seat cyan next undo menu hold disc wait bestiary"
    for russian in MESSAGES.values():
        assert english_left(russian, keys) == [], russian
    for key, russian in commands.RU.items():
        assert english_left(russian, "") == [], key


def test_english_is_never_rewritten() -> None:
    for english in MESSAGES:
        assert said(english, "en") == english


def _leaves(schema: object, path: str = "") -> list[tuple[str, object]]:
    if callable(schema):
        return [(path, schema)]
    assert isinstance(schema, dict)
    return [leaf for key, sub in schema.items() for leaf in _leaves(sub, f"{path}.{key}")]


def test_every_settings_check_is_said_in_russian() -> None:
    """Each check of the config's schema, given wrong values of every kind: what it says
    has a Russian template (so a new check without one fails here)."""
    from companion.config import SCHEMA  # noqa: PLC0415

    wrong: list[object] = ["x", "a\0b", -1, 10**6, 2.5, True, None, [1], {"k": 1}, "Q9", "C0"]
    said_any = 0
    for path, check in _leaves(SCHEMA):
        for value in wrong:
            problem = check(value)  # type: ignore[operator]
            if problem is None:
                continue
            russian = said(f"table.yaml:3: {path[1:]}: {problem}", "ru")
            assert russian != f"table.yaml:3: {path[1:]}: {problem}", problem
            options = " ".join(re.findall(r"одно из: ([^;]*);", russian))  # values to write
            typed = f"table.yaml {path} {value!r} {options} C1 G8 A5 A G b x"
            assert english_left(russian, typed) == [], russian
            said_any += 1
    assert said_any > 50


# The messages the commands pass on, by who raises them: (module, the calls whose first
# argument is a message, whether a function's returned f-strings are messages too).
SOURCES = (
    ("script.py", ("ScriptError",), False),
    ("planner.py", ("NoPlan",), True),
    ("presses.py", ("ScriptError",), True),
    ("yamlfile.py", ("YamlError",), False),
)
# Pieces, not messages: the planner's name of an entry (said inside the messages that hold
# it), a press's summary, a button's word.
PIECES = {"the entry 'X1'", "seatX1.X1", "X1 X1"}
# A message whose words are in a value: as the values make it.
SAMPLES = {
    "the tag {} {}": "the tag {} is not plain data (text, numbers, lists)",
    "more than {} {}": "more than {} keys in a mapping",
    "{}: no presses play it: {}": "action {} ({}): no presses play it: the rules refuse {}",
    "{}: {} {}": "the entry '{}': {} is a number, not {}",
    "{} ({})": "no choice or entry of the prompt '{}' plays {} (the rules refuse {})",
}


def _texts(node: ast.expr) -> list[str]:
    """A message as templates (``{}`` for each value; a name passed on whole is one)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value.replace("{", "{{").replace("}", "}}")]
    if isinstance(node, ast.JoinedStr):
        parts = [_texts(part) if isinstance(part, ast.Constant) else ["{}"] for part in node.values]
        return ["".join(part[0] for part in parts)]
    if isinstance(node, ast.IfExp):
        return [*_texts(node.body), *_texts(node.orelse)]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return [a + b for a in _texts(node.left) for b in _texts(node.right)]
    return ["{}"]


def _sent(module: str, calls: tuple[str, ...], returns: bool) -> list[tuple[int, str]]:
    root = Path(__file__).resolve().parents[1] / "companion"
    tree = ast.parse((root / module).read_text(encoding="utf-8"))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        arg: ast.expr | None = None
        if isinstance(node, ast.Call) and node.args:
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name in calls:
                arg = node.args[0]
            elif name == "_refuse" and len(node.args) == 2:
                arg = node.args[1]
        elif returns and isinstance(node, ast.Return) and isinstance(node.value, ast.JoinedStr):
            arg = node.value
        found += [(getattr(node, "lineno", 0), m) for m in (_texts(arg) if arg is not None else [])]
    return found


def _sample(module: str, template: str) -> str:
    """The message a raise site's template makes, each value ``X1`` (the planner's leading
    value its name of an entry, a "did you mean" empty)."""
    made = SAMPLES.get(template, template)
    if module == "planner.py" and made.startswith(("{} ", "{}: ")):
        made = "the entry '{}'" + made[2:]
    made = made.replace("'{}'{}", "'{}'")
    return made.replace("{}", "X1").replace("{{", "{").replace("}}", "}")


def test_every_message_the_commands_pass_on_has_a_russian_template() -> None:
    """Each message the script loader, the planner, the press runner and the YAML reader
    raise (their f-strings read from the source, each value a sample), said in Russian, so
    a new message without a template fails here. Those of fields alone are said by theirs."""
    missing = []
    count = 0
    for module, calls, returns in SOURCES:
        for line, template in _sent(module, calls, returns):
            sample = _sample(module, template)
            if sample in PIECES or not re.search(r"[a-z]{3,}", sample.replace("X1", "")):
                continue
            count += 1
            if said(f"f.yaml:3: {sample}", "ru") == f"f.yaml:3: {sample}":
                missing.append(f"{module}:{line}: {template}")
    assert count > 40
    assert not missing, "no Russian template for:\n" + "\n".join(missing)


def test_run_says_a_russian_configs_problems_in_russian(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "table.yaml"
    path.write_text("language: ru\nleds:\n  count: 7\n", encoding="utf-8")
    code, _, err = run(capsys, "run", "--config", str(path), "--fakes")
    assert code == 2
    assert err == f"companion: {path}:3: leds.count: светодиодов 7: их число должно быть кратно 6\n"


@pytest.mark.parametrize("command", [("games",), ("cards", "check"), ("stats",)])
def test_a_bad_config_named_to_games_cards_and_stats_is_said_in_russian(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: tuple[str, ...]
) -> None:
    """Each command with ``--lang ru`` and a config it cannot use: the config's problem in
    Russian (games and cards said it in English)."""
    path = tmp_path / "table.yaml"
    path.write_text("leds:\n  count: 7\n", encoding="utf-8")
    code, _, err = run(capsys, *command, "--config", str(path), "--lang", "ru")
    assert code == 2, err
    assert f"{path}:2: leds.count: светодиодов 7: их число должно быть кратно 6" in err, err


def test_a_file_with_no_tables_is_no_journal_in_russian(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "empty.sqlite"
    with sqlite3.connect(path) as db:  # an SQLite file, and no table in it
        db.execute("PRAGMA user_version = 0")
    code, _, err = run(capsys, "stats", "--journal", str(path), "--lang", "ru")
    assert code == 2, err
    assert "это не журнал компаньона (в нём нет таблиц)" in err, err
