"""No import circles in ``companion/``: a reader can start at any module and reach the
bottom of what it needs without coming back to where they began.

The graph is read with :mod:`ast`, as Python runs a module when it is first imported:
only the imports at module level count (also those under ``try`` or a plain ``if``),
not those under ``if TYPE_CHECKING:`` (never run) or inside a function or method (run
when called, after every module is loaded). ``from companion.x import y`` is an edge to
``companion.x.y`` when that is a module, else to ``companion.x``; and to every package
on the way (importing ``companion.x.y`` runs ``companion/x/__init__.py`` first), except
the importing module's own packages, which Python loaded before it.
"""

from __future__ import annotations

import ast
from itertools import pairwise
from pathlib import Path

from tests.conftest import ROOT

PACKAGE = ROOT / "companion"


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _module_level_imports(body: list[ast.stmt]) -> list[ast.Import | ast.ImportFrom]:
    """The imports run when the module is: the top level, into ``try``, ``with`` and
    ``if`` blocks (but not an ``if TYPE_CHECKING:``), never into a def or a class's def."""
    found: list[ast.Import | ast.ImportFrom] = []
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        elif isinstance(node, ast.If):
            if not _is_type_checking(node.test):
                found += _module_level_imports(node.body)
            found += _module_level_imports(node.orelse)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody):
                found += _module_level_imports(block)
            for handler in node.handlers:
                found += _module_level_imports(handler.body)
        elif isinstance(node, ast.With | ast.ClassDef):
            found += _module_level_imports(node.body)
    return found


def _every_import(body: list[ast.stmt]) -> list[ast.Import | ast.ImportFrom]:
    """Every import a reader meets: for types, inside functions, anywhere."""
    return [
        node
        for statement in body
        for node in ast.walk(statement)
        if isinstance(node, ast.Import | ast.ImportFrom)
    ]


def import_graph(root: Path, *, every: bool = False) -> dict[str, dict[str, int]]:
    """Each module of the package at ``root`` -> the package's modules it imports when it
    is loaded (``every``: anywhere, types and functions too), with the line of the first
    such import."""
    modules = {module_name(p, root): p for p in sorted(root.rglob("*.py"))}
    graph: dict[str, dict[str, int]] = {}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        edges: dict[str, int] = {}
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in (_every_import if every else _module_level_imports)(tree.body):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = node.module or ""
                if node.level:
                    parts = name.split(".")
                    parts = parts[: len(parts) - node.level + (1 if is_package else 0)]
                    base = ".".join([*parts, base] if base else parts)
                for alias in node.names:
                    whole = f"{base}.{alias.name}"
                    targets.append(whole if whole in modules else base)
            for target in targets:
                parts = target.split(".")
                on_the_way = [".".join(parts[:n]) for n in range(1, len(parts) + 1)]
                for reached in on_the_way:
                    own = name == reached or name.startswith(reached + ".")
                    if reached in modules and not own:
                        edges.setdefault(reached, node.lineno)
        graph[name] = edges
    return graph


def cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        # Iterative: a deep package must not hit Python's recursion limit.
        work = [(node, iter(sorted(graph[node])))]
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        while work:
            current, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[current] = min(low[current], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[current])
            if low[current] == index[current]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == current:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(groups)


def a_circle(graph: dict[str, dict[str, int]], group: list[str]) -> list[str]:
    """One concrete circle inside a strongly connected group, as ``module:line ->``."""
    members = set(group)
    start = group[0]
    # Breadth-first from start back to start, inside the group.
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following: list[str] = []
        for node in frontier:
            for child in sorted(graph[node]):
                if child not in members:
                    continue
                if child == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    path.reverse()
                    path.append(start)
                    return [f"{a}:{graph[a][b]}" for a, b in pairwise(path)]
                if child not in came_from:
                    came_from[child] = node
                    following.append(child)
        frontier = following
    return group


def test_the_package_has_no_import_circles() -> None:
    graph = import_graph(PACKAGE)
    found = cycles(graph)
    report = [
        f"{len(group)} modules in a circle, e.g. " + " -> ".join(a_circle(graph, group))
        for group in found
    ]
    assert not found, "\n".join(report)


# The loop and its outputs: the app's own modules.
THE_APP = (
    "companion.app",
    "companion.loop",
    "companion.cues",
    "companion.storage_faults",
    "companion.outputs",
    "companion.display.screen",
    "companion.display.sim",
)


def test_the_app_and_its_outputs_are_in_no_circle_even_through_types_or_functions() -> None:
    """Outputs never reach back into the app: no module of the loop or of its outputs is
    in a circle, counting also the imports made for types and those inside functions
    (the screen once named the App it subscribed itself to, and the app imported the
    screen to attach it)."""
    graph = import_graph(PACKAGE, every=True)
    ours = [
        group
        for group in cycles(graph)
        if any(m == name or m.startswith(name + ".") for m in group for name in THE_APP)
    ]
    report = [" -> ".join(a_circle(graph, group)) for group in ours]
    assert not ours, "\n".join(report)


# The imports that still close a circle when the imports made for types count, each in a
# module outside the change that untangled the rest (the game log is being changed this
# week): remove an entry when its import is gone.
def test_no_circle_in_the_package_even_through_types_or_functions() -> None:
    """A reader of any module, following also what it names only for types and what its
    functions import, never comes back to where they began: the games' contract names
    none of the display's types (the display reads it as ``ScreenModule[Scene, Screen]``)
    and the ring reads a game's spec through its own protocol, so the controls, the
    display, the ring and the games are in no circle (there were 71 modules in one: the
    controls, the spec, the display's scene, the controls)."""
    graph = import_graph(PACKAGE, every=True)
    found = cycles(graph)
    report = [
        f"{len(group)} modules in a circle, e.g. " + " -> ".join(a_circle(graph, group))
        for group in found
    ]
    assert not found, "\n".join(report)


def test_the_check_finds_a_circle_and_ignores_what_python_never_runs_at_import(
    tmp_path: Path,
) -> None:
    """The check can fail: two modules importing each other are a circle; the same import
    under TYPE_CHECKING or inside a function is none."""
    package = tmp_path / "toy"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from toy import b\n")
    (package / "b.py").write_text("from toy.c import thing\n")
    (package / "c.py").write_text("import toy.a\nthing = 1\n")
    graph = import_graph(package)
    assert cycles(graph) == [["toy.a", "toy.b", "toy.c"]]
    assert a_circle(graph, ["toy.a", "toy.b", "toy.c"]) == ["toy.a:1", "toy.b:1", "toy.c:1"]
    (package / "c.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    import toy.a\n"
        "def later():\n    from toy import a\n"
        "thing = 1\n"
    )
    assert cycles(import_graph(package)) == []
    assert cycles(import_graph(package, every=True)) == [["toy.a", "toy.b", "toy.c"]]
    (package / "c.py").write_text("from . import a\nthing = 1\n")  # relative counts too
    assert cycles(import_graph(package)) == [["toy.a", "toy.b", "toy.c"]]


def test_no_module_of_the_shell_is_over_700_lines_and_the_app_under_450() -> None:
    """A module fits on a few screens (STYLE.md): the shell's, outside the games' folders
    (tests/test_game_imports.py watches those), and the composition root well under."""
    long = {
        str(p.relative_to(ROOT)): n
        for p in PACKAGE.rglob("*.py")
        if "games" not in p.relative_to(PACKAGE).parts
        and (n := len(p.read_text(encoding="utf-8").splitlines())) > 700
    }
    assert not long, long
    assert len((PACKAGE / "app.py").read_text(encoding="utf-8").splitlines()) < 450
