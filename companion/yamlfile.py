"""YAML with line numbers and limits, the one reader of every file a user writes: the
config, ``companion play`` scripts and the card library.

:func:`parse` composes the document once and builds the data from the same nodes, keeping
the line of every key path (``("buttons", "pins", "next")``, ``("actions", 3)``) and every
key given twice, so each problem can be reported as ``file:line: key path: ...``.

A file is refused, with its place, before it can crash the table or fill its memory
(:class:`Limits`): too big, nested too deep, too many items in a list, too many aliases
or aliases that expand too far (a 500-byte "billion laughs" is refused in milliseconds),
a recursive alias, a number too long to print, a key that is not text, a lone surrogate,
and tags that JSON cannot hold (timestamps, binary, sets): what it gives is plain data
(text keys; text, numbers, booleans, null, lists and mappings), which the journal can
always store.
"""

from __future__ import annotations

import errno
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, TypeVar, cast

import yaml
from yaml.error import Mark
from yaml.events import (
    AliasEvent,
    Event,
    MappingEndEvent,
    MappingStartEvent,
    NodeEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
)
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

KeyPath = tuple[str | int, ...]
E = TypeVar("E", bound=Event)


class _Place(Protocol):
    """Where an event or a node is (either of PyYAML's marks): its line from 0."""

    line: int


class _Parser(Protocol):
    """PyYAML's methods the composer calls, as PyYAML defines them (its stubs leave the
    parser's and the resolver's without types, and give a scalar's anchor as a dict)."""

    def peek_event(self) -> Event: ...

    def get_event(self) -> Event: ...

    def resolve(self, kind: type[Node], value: str | None, implicit: bool) -> str: ...

    def compose_scalar_node(self, anchor: str | None) -> ScalarNode: ...


def _mark(event: Event) -> Mark | None:
    """Where ``event`` starts, as a node keeps it (the pure-Python parser's marks)."""
    mark = event.start_mark
    return mark if isinstance(mark, Mark) else None


class YamlError(Exception):
    """Not valid or not acceptable YAML; the message starts with ``file:line:`` when the
    line is known, else with the file's name."""


class FileTooBig(OSError):
    """A file larger than :attr:`Limits.max_bytes`; read as "cannot read: too big"."""

    def __init__(self, size: str) -> None:
        super().__init__(errno.EFBIG, f"too big: more than {size} (a file here is short text)")

    def __str__(self) -> str:
        return str(self.strerror)


@dataclass(frozen=True)
class Limits:
    """What a file may hold. The defaults are far beyond any real config, script or card
    library and far below what would slow the table or exhaust a Pi's memory."""

    max_bytes: int = 1024 * 1024
    max_depth: int = 32  # nesting, counted through aliases
    max_items: int = 10_000  # in one list or mapping
    max_values: int = 200_000  # every value of the document, an alias counting all it holds
    max_aliases: int = 100
    max_digits: int = 20  # a number's characters: a 5000-digit integer cannot even be printed


LIMITS = Limits()

STR, INT, FLOAT = "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float"
BOOL, NULL, MERGE = "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null", "tag:yaml.org,2002:merge"
SEQ, MAP = "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"
PLAIN_TAGS = {STR, INT, FLOAT, BOOL, NULL, MERGE, SEQ, MAP}


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


def dotted(path: KeyPath) -> str:
    """``("buttons", "pins", "next")`` as ``buttons.pins.next``, ``("actions", 3)`` as
    ``actions[3]``."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
            continue
        text += f".{_shown(part)}" if text else _shown(part)
    return text


def read_text(path: str | Path, limits: Limits = LIMITS) -> str:
    """The file's text: OSError (FileTooBig past ``limits.max_bytes``, read no further) or
    UnicodeDecodeError, as ``Path.read_text`` raises them."""
    with open(path, "rb") as handle:
        raw = handle.read(limits.max_bytes + 1)
    if len(raw) > limits.max_bytes:
        raise FileTooBig(_size(limits.max_bytes))
    return raw.decode("utf-8")


def load(path: str | Path, limits: Limits = LIMITS) -> Sourced:
    """The file at ``path``, parsed; a YamlError naming the file for any problem."""
    name = str(path)
    try:
        text = read_text(path, limits)
    except OSError as error:
        raise YamlError(f"{name}: cannot read: {error.strerror or error}") from error
    except UnicodeDecodeError as error:
        raise YamlError(f"{name}: cannot read: not UTF-8 text ({error.reason})") from error
    return parse(name, text, limits)


def parse(name: str, text: str, limits: Limits = LIMITS) -> Sourced:
    """The document in ``text`` (``name`` says where it came from in messages)."""
    if (
        len(text) > limits.max_bytes
        or len(text.encode("utf-8", "surrogatepass")) > limits.max_bytes
    ):
        raise YamlError(f"{name}: cannot read: too big: more than {_size(limits.max_bytes)}")
    loader: _Loader | None = None
    try:
        loader = _Loader(text, name, limits)
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except YamlError:
        raise
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark
        where = f"{name}:{mark.line + 1}" if mark is not None else name
        raise YamlError(f"{where}: not valid YAML: {error.problem}") from error
    except yaml.reader.ReaderError as error:
        line = text.count("\n", 0, error.position) + 1
        character = f"#x{error.character:04x}" if isinstance(error.character, int) else "a byte"
        raise YamlError(f"{name}:{line}: not valid YAML: the character {character}") from error
    except yaml.YAMLError as error:
        raise YamlError(f"{name}: not valid YAML: {error}") from error
    finally:
        if loader is not None:
            loader.dispose()
    sourced = Sourced(name, data)
    if node is not None:
        _lines(node, (), sourced)
    return sourced


def _size(count: int) -> str:
    return f"{count // (1024 * 1024)} MiB" if count % (1024 * 1024) == 0 else f"{count} bytes"


def _lines(node: Node, path: KeyPath, into: Sourced) -> None:
    into.lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, MappingNode):
        seen: set[str] = set()
        for key_node, value_node in node.value:
            key = str(key_node.value)
            if key in seen:
                into.duplicates.append((*path, key))
            seen.add(key)
            into.lines[(*path, key)] = key_node.start_mark.line + 1
            _lines(value_node, (*path, key), into)
    elif isinstance(node, SequenceNode):
        for index, item in enumerate(node.value):
            _lines(item, (*path, index), into)


# --- the loader: PyYAML's safe loader, composing with limits -------------------------------

# Dates stay text: a JSON journal cannot hold a datetime.date, and no field wants one.
_RESOLVERS = {
    first: [(tag, regexp) for tag, regexp in resolvers if not tag.endswith(":timestamp")]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_SURROGATE = re.compile("[\ud800-\udfff]")


class _Loader(yaml.SafeLoader):
    """The safe loader with a composer that counts: nesting, items, values, aliases and
    digits, each refused at its place with the key path composed so far."""

    yaml_implicit_resolvers = _RESOLVERS

    def __init__(self, text: str, name: str, limits: Limits) -> None:
        super().__init__(text)
        self._name, self._limits = name, limits
        self._path: list[str | int] = []
        self._values = 0  # values composed so far, an alias counting all it holds
        self._aliases = 0
        self._height = 0  # of the node composed last (a scalar: 1)
        self._open: set[str] = set()  # anchors of the collections being composed
        self._measured: dict[str, tuple[int, int]] = {}  # anchor: (values, height)
        self._parser = cast(_Parser, self)

    def _next(self, kind: type[E]) -> E:
        """The parser's next event, of the kind the composer knows comes next."""
        event = self._parser.get_event()
        assert isinstance(event, kind)  # peeked at (or PyYAML's grammar) before
        return event

    def _refuse(self, mark: _Place | None, problem: str) -> YamlError:
        line = f":{mark.line + 1}" if mark is not None else ""
        path = tuple(self._path)
        shown = dotted(path) if len(path) <= 8 else f"{dotted(path[:6])}..."
        at = f" {shown}:" if path else ""
        return YamlError(f"{self._name}{line}:{at} {problem}")

    def _count(self, values: int, mark: _Place | None) -> None:
        self._values += values
        if self._values > self._limits.max_values:
            raise self._refuse(
                mark,
                f"more than {self._limits.max_values:,} values (aliases count all they "
                "repeat): a file this big is not a config, script or card library",
            )

    def compose_node(self, parent: Node | None, index: int | Node | None) -> Node:
        event = self._parser.peek_event()
        depth = len(self._path) + 1
        if isinstance(event, AliasEvent):
            return self._compose_alias(depth)
        if not isinstance(event, NodeEvent):  # PyYAML's grammar gives a node here
            raise self._refuse(event.start_mark, "not a value")
        if depth > self._limits.max_depth:
            raise self._refuse(event.start_mark, f"nested more than {self._limits.max_depth} deep")
        anchor = event.anchor
        if anchor is not None and anchor in self.anchors:
            raise self._refuse(event.start_mark, f"the anchor &{anchor} is given twice")
        start = self._values
        self._count(1, event.start_mark)
        self.descend_resolver(parent, index)
        if isinstance(event, ScalarEvent):
            node: Node = self._parser.compose_scalar_node(anchor)
            self._check_scalar(node)
            self._height = 1
        elif isinstance(event, SequenceStartEvent | MappingStartEvent):
            if anchor is not None:
                self._open.add(anchor)
            if isinstance(event, SequenceStartEvent):
                node = self._compose_sequence(anchor)
            else:
                node = self._compose_mapping(anchor)
            self._open.discard(anchor or "")
        else:
            raise self._refuse(event.start_mark, "not a value")
        self.ascend_resolver()
        if node.tag not in PLAIN_TAGS:
            plain = "is not plain data (text, numbers, lists)"
            raise self._refuse(node.start_mark, f"the tag {_shown(node.tag)} {plain}")
        if anchor is not None:
            self._measured[anchor] = (self._values - start, self._height)
        return node

    def _compose_alias(self, depth: int) -> Node:
        event = self._next(AliasEvent)
        anchor = event.anchor
        self._aliases += 1
        if self._aliases > self._limits.max_aliases:
            raise self._refuse(event.start_mark, f"more than {self._limits.max_aliases} aliases")
        if anchor in self._open:
            raise self._refuse(event.start_mark, f"the alias *{anchor} is inside its own anchor")
        if anchor not in self._measured:
            raise self._refuse(event.start_mark, f"the alias *{anchor} has no anchor before it")
        values, height = self._measured[anchor]
        if depth - 1 + height > self._limits.max_depth:
            raise self._refuse(
                event.start_mark,
                f"the alias *{anchor} nests more than {self._limits.max_depth} deep",
            )
        self._count(values, event.start_mark)
        self._height = height
        node: Node = self.anchors[anchor]
        return node

    def _check_scalar(self, node: Node) -> None:
        value = str(node.value)
        if _SURROGATE.search(value):
            raise self._refuse(node.start_mark, "a lone surrogate (\\ud800 to \\udfff) is not text")
        if node.tag in (INT, FLOAT):
            digits = value.replace("_", "")
            if len(digits) > self._limits.max_digits and node.tag == INT:
                raise self._refuse(
                    node.start_mark,
                    f"a number {len(digits)} digits long (at most {self._limits.max_digits})",
                )
            try:
                self.construct_object(node)
            except (ValueError, IndexError):  # "0x_", an empty !!int
                raise self._refuse(node.start_mark, f"not a number: {_shown(value)}") from None
            finally:
                self.constructed_objects.pop(node, None)

    def _compose_sequence(self, anchor: str | None) -> Node:
        start = self._next(SequenceStartEvent)
        tag = start.tag
        if tag is None or tag == "!":
            tag = self._parser.resolve(SequenceNode, None, start.implicit)
        node = SequenceNode(tag, [], _mark(start), None, flow_style=start.flow_style)
        if anchor is not None:
            self.anchors[anchor] = node
        height = 0
        while not self.check_event(SequenceEndEvent):
            self._check_items(node, start)
            self._path.append(len(node.value))
            node.value.append(self.compose_node(node, len(node.value)))
            self._path.pop()
            height = max(height, self._height)
        node.end_mark = self._parser.get_event().end_mark
        self._height = height + 1
        return node

    def _compose_mapping(self, anchor: str | None) -> Node:
        start = self._next(MappingStartEvent)
        tag = start.tag
        if tag is None or tag == "!":
            tag = self._parser.resolve(MappingNode, None, start.implicit)
        node = MappingNode(tag, [], _mark(start), None, flow_style=start.flow_style)
        if anchor is not None:
            self.anchors[anchor] = node
        height = 0
        while not self.check_event(MappingEndEvent):
            self._check_items(node, start)
            key = self.compose_node(node, None)
            if key.tag not in (STR, MERGE) or not isinstance(key, ScalarNode):
                raise self._refuse(key.start_mark, _not_a_key(key))
            if not str(key.value).isprintable():  # a message names it: no line breaks, no codes
                raise self._refuse(key.start_mark, f"a key is printable text, not {key.value!r}")
            self._path.append(str(key.value))
            value = self.compose_node(node, key)
            self._path.pop()
            node.value.append((key, value))
            height = max(height, self._height)
        node.end_mark = self._parser.get_event().end_mark
        self._height = height + 1
        return node

    def _check_items(self, node: Node, start: yaml.Event) -> None:
        if len(node.value) >= self._limits.max_items:
            what = "items in one list" if isinstance(node, SequenceNode) else "keys in a mapping"
            raise self._refuse(start.start_mark, f"more than {self._limits.max_items:,} {what}")


def _not_a_key(key: Node) -> str:
    if not isinstance(key, ScalarNode):
        return "a key is text, not a list or mapping"
    if key.tag == NULL:
        return "a key is text, not null (a key is missing before the colon?)"
    if not str(key.value).isprintable():
        return f"a key is printable text, not {key.value!r}"
    return f"a key is text, not {key.value} (quote it to make it text: '{key.value}')"


def _shown(text: str) -> str:
    """``text`` as a message can hold it: on one line, without control codes."""
    return text if text.isprintable() else repr(text)
