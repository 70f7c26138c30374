"""Every game lives in its folder: the shell (everything in companion/ outside
companion/games/) names no game, no action and no event of a game.

The vocabulary is gathered from the games themselves: their names, and every ``do:`` and
every event name met while playing the example scripts and gallery samples through the
rules. The shell's machine strings (string literals that look like identifiers or keys)
and its identifiers are then searched for those words.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import yaml

from companion import games
from tests.conftest import EXAMPLES, ROOT

PACKAGE = ROOT / "companion"
MACHINE_STRING = re.compile(r"^[a-z_][a-z0-9_.]*$")


def vocabulary() -> set[str]:
    words: set[str] = set(games.GAMES)
    plays = [
        (games.find(sample_spec.name), sample.setup, sample.actions)
        for sample_spec in games.GAMES.values()
        for sample in sample_spec.samples
    ]
    for path in sorted(EXAMPLES.glob("*.yaml")):
        script = yaml.safe_load(path.read_text(encoding="utf-8"))
        if "actions" in script:
            plays.append((games.find(script["game"]), script.get("setup") or {}, script["actions"]))
    for spec, setup, actions in plays:
        state = spec.rules.start(setup)
        for action in actions:
            if state.winner is not None:  # a sample may run past the end (it stops there)
                break
            words.add(str(action["do"]))
            for choice in spec.rules.prompt(state).choices:
                words.add(str(choice["do"]))
            state = spec.rules.step(state, action)
            words.update(str(event["event"]) for event in state.events)
    return words


def shell_files() -> list[Path]:
    return sorted(path for path in PACKAGE.rglob("*.py") if (PACKAGE / "games") not in path.parents)


def leaks(path: Path, words: set[str]) -> list[str]:
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if MACHINE_STRING.match(node.value):
                parts = set(node.value.split("."))
                found += [f"{node.lineno}: {node.value!r}" for _ in parts & words]
        elif isinstance(node, ast.Name | ast.Attribute | ast.FunctionDef | ast.ClassDef):
            name = getattr(node, "id", None) or getattr(node, "attr", None) or node.name
            if any(game in name.lower() for game in games.GAMES):
                found.append(f"{node.lineno}: identifier {name}")
    return [f"{path.relative_to(ROOT)}:{line}" for line in found]


def test_the_vocabulary_is_gathered_from_the_games() -> None:
    words = vocabulary()
    # The gathering works: it finds the names the reviewers grep for.
    assert {"bestiary", "manus", "turn_disc", "summon", "votes_revealed"} <= words
    assert {"creature_destroyed", "choose_castle", "vote", "reveal"} <= words


def test_the_check_would_catch_a_leak(tmp_path: Path) -> None:
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text('def cue(names):\n    return "turn_disc" in names\n', encoding="utf-8")
    sneaky = sneaky.rename(PACKAGE.parent / "tests" / "_sneaky_probe.py")
    try:
        assert leaks(sneaky, vocabulary()) == ["tests/_sneaky_probe.py:2: 'turn_disc'"]
    finally:
        sneaky.unlink()


def test_no_game_action_or_event_name_outside_the_game_folders() -> None:
    words = vocabulary()
    found = [leak for path in shell_files() for leak in leaks(path, words)]
    assert found == []
