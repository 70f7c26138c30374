"""YAML with line numbers, read once, for the config file and ``companion play`` scripts.

:func:`parse` composes the document once and builds the data from the same nodes, keeping
the line of every key path (``("buttons", "pins", "next")``, ``("actions", 3)``) and every
key given twice, so each problem can be reported as ``file:line: ...``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import yaml

KeyPath = tuple[str | int, ...]


class YamlError(Exception):
    """Not valid YAML; the message starts with ``file:line:`` when the line is known."""


@dataclass
class Sourced:
    """A parsed YAML file: its data and the line of every key path."""

    name: str
    data: object
    lines: dict[KeyPath, int] = field(default_factory=dict)
    duplicates: list[KeyPath] = field(default_factory=list)

    def line(self, path: KeyPath, default: int = 0) -> int:
        return self.lines.get(path, default)

    def where(self, path: KeyPath) -> str:
        line = self.lines.get(path)
        return f"{self.name}:{line}" if line else f"{self.name} (default)"

    def nearest(self, path: KeyPath) -> int:
        """The line of ``path``, or of the nearest key above it that the file has (a key
        missing from a mapping is reported at the mapping)."""
        for end in range(len(path), -1, -1):
            line = self.lines.get(path[:end])
            if line:
                return line
        return 1


def parse(name: str, text: str) -> Sourced:
    """The document in ``text`` (``name`` says where it came from in messages)."""
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark
        where = f"{name}:{mark.line + 1}" if mark is not None else name
        raise YamlError(f"{where}: not valid YAML: {error.problem}") from error
    except yaml.YAMLError as error:
        raise YamlError(f"{name}: not valid YAML: {error}") from error
    finally:
        loader.dispose()
    sourced = Sourced(name, data)
    if node is not None:
        _lines(node, (), sourced)
    return sourced


def _lines(node: yaml.Node, path: KeyPath, into: Sourced) -> None:
    into.lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        seen: set[str] = set()
        for key_node, value_node in node.value:
            key = str(key_node.value)
            if key in seen:
                into.duplicates.append((*path, key))
            seen.add(key)
            into.lines[(*path, key)] = key_node.start_mark.line + 1
            _lines(value_node, (*path, key), into)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _lines(item, (*path, index), into)
