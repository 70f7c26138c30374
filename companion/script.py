"""Reading ``companion play`` scripts: YAML with ``game``, ``setup`` and ``actions``.

Every problem names the file and line. The loader keeps the line of each action so that
an illegal action can be reported as ``file:line: action N (do): reason``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from companion.rules.base import did_you_mean

TOP_KEYS = ("game", "setup", "actions", "title", "description")


class ScriptError(Exception):
    """A malformed script; the message starts with ``file:line:``."""


@dataclass(frozen=True)
class ScriptAction:
    index: int  # 1-based, as messages count
    line: int
    action: dict[str, Any]


@dataclass(frozen=True)
class Script:
    path: str
    game: str
    setup: dict[str, Any]
    setup_line: int
    actions: tuple[ScriptAction, ...]


def _line(node: yaml.Node) -> int:
    return int(node.start_mark.line) + 1


def load(path: str | Path) -> Script:
    where = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError as error:
        raise ScriptError(f"{where}: no such file") from error
    except (OSError, UnicodeDecodeError) as error:
        raise ScriptError(f"{where}: cannot read: {error}") from error
    return parse(text, where)


def parse(text: str, where: str = "<script>") -> Script:
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark
        line = mark.line + 1 if mark is not None else 0
        raise ScriptError(f"{where}:{line}: not valid YAML: {error.problem}") from error
    except yaml.YAMLError as error:
        raise ScriptError(f"{where}: not valid YAML: {error}") from error
    if not isinstance(root, yaml.MappingNode) or not isinstance(data, dict):
        raise ScriptError(f"{where}:1: a script is a mapping with game, setup and actions")
    nodes = {key.value: value for key, value in root.value}
    for key_node, _ in root.value:
        if key_node.value not in TOP_KEYS:
            raise ScriptError(
                f"{where}:{_line(key_node)}: unknown key '{key_node.value}'"
                f"{did_you_mean(key_node.value, TOP_KEYS)}"
            )
    game = data.get("game")
    if not isinstance(game, str):
        raise ScriptError(f"{where}:1: missing 'game' (e.g. game: bestiary)")
    setup = data.get("setup") or {}
    setup_line = _line(nodes["setup"]) if "setup" in nodes else 1
    if not isinstance(setup, dict):
        raise ScriptError(f"{where}:{setup_line}: 'setup' must be a mapping")
    raw_actions = data.get("actions") or []
    actions_node = nodes.get("actions")
    if not isinstance(raw_actions, list) or (
        actions_node is not None and not isinstance(actions_node, yaml.SequenceNode) and raw_actions
    ):
        line = _line(actions_node) if actions_node is not None else 1
        raise ScriptError(f"{where}:{line}: 'actions' must be a list")
    items = actions_node.value if isinstance(actions_node, yaml.SequenceNode) else []
    actions = []
    for index, (node, action) in enumerate(zip(items, raw_actions, strict=True), 1):
        line = _line(node)
        if not isinstance(action, dict):
            raise ScriptError(f"{where}:{line}: action {index}: a mapping with 'do' and its fields")
        if not isinstance(action.get("do"), str):
            raise ScriptError(f"{where}:{line}: action {index}: missing 'do' (what to do)")
        actions.append(ScriptAction(index, line, action))
    return Script(where, game, setup, setup_line, tuple(actions))
