"""A game uses another game only through its public names: no game module reaches for a
name starting with ``_`` in another game's folder.

Four-path is the Bestiary's variant and reuses its rules, its labels, its ring and its
screens; what it uses is the Bestiary's documented API (public functions, the rules
class's hooks and protected methods, inherited), so a change inside the Bestiary that
keeps that API cannot break Four-path silently. Every module under ``companion/games/``
is parsed with :mod:`ast`; an import of a private name from another game's module
(``from ...bestiary.engine import _wound``), an import of another game's private module,
and an attribute access on an imported module of another game (``duel._wound``) are
each reported with the module's path and line.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion.games.bestiary.engine import BestiaryRules
from companion.games.four_path.engine import FourPathRules
from tests.conftest import ROOT

GAMES = ROOT / "companion" / "games"
PREFIX = "companion.games."


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _game_of(dotted: str) -> str | None:
    """The game folder a dotted module name lies in (``companion.games.<game>...``)."""
    if not dotted.startswith(PREFIX):
        return None
    game = dotted[len(PREFIX) :].split(".", maxsplit=1)[0]
    return game if (GAMES / game).is_dir() else None


def _absolute(module: str, node: ast.ImportFrom) -> str:
    """The dotted module an ``from ... import`` names, relative levels resolved."""
    if not node.level:
        return node.module or ""
    parts = module.split(".")[: -node.level]
    return ".".join([*parts, node.module] if node.module else parts)


def trespasses(module: str, source: str) -> list[str]:
    """Each use in ``source`` (the module named ``module``) of a private name of another
    game's module: ``line: what``."""
    own = _game_of(module)
    found: list[str] = []
    # Local names bound to another game's modules: name -> that module's dotted name.
    foreign: dict[str, str] = {}
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                game = _game_of(alias.name)
                if game is None or game == own:
                    continue
                if any(_private(part) for part in alias.name.split(".")):
                    found.append(f"{node.lineno}: import {alias.name}")
                if alias.asname:
                    foreign[alias.asname] = alias.name
        elif isinstance(node, ast.ImportFrom):
            source_module = _absolute(module, node)
            game = _game_of(source_module)
            if game is None or game == own:
                continue
            if any(_private(part) for part in source_module.split(".")):
                found.append(f"{node.lineno}: from {source_module} import ...")
            for alias in node.names:
                if _private(alias.name):
                    found.append(f"{node.lineno}: from {source_module} import {alias.name}")
                foreign[alias.asname or alias.name] = f"{source_module}.{alias.name}"
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in foreign
            and _private(node.attr)
        ):
            found.append(f"{node.lineno}: {node.value.id}.{node.attr} ({foreign[node.value.id]})")
    return sorted(found, key=lambda where: int(where.split(":", maxsplit=1)[0]))


def _module_name(path: Path) -> str:
    # A package keeps its ``__init__``: a relative import counts its levels from it.
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def game_modules() -> list[Path]:
    return sorted(
        path
        for path in GAMES.rglob("*.py")
        if path.parent != GAMES and "__pycache__" not in path.parts
    )


def test_every_game_module_is_read() -> None:
    names = {_module_name(path) for path in game_modules()}
    assert "companion.games.four_path.engine" in names
    assert "companion.games.bestiary.engine" in names
    assert "companion.games.talisman.__init__" in names
    assert len(names) > 40


@pytest.mark.parametrize(
    ("source", "found"),
    [
        (
            "from companion.games.bestiary import engine as duel\nduel._wound(s, a, t, 1)\n",
            ["2: duel._wound (companion.games.bestiary.engine)"],
        ),
        (
            "from companion.games.bestiary.engine import _wound, step\n",
            ["1: from companion.games.bestiary.engine import _wound"],
        ),
        (
            "from ..bestiary import present\nkey = present._entry_key('attack')\n",
            ["2: present._entry_key (companion.games.bestiary.present)"],
        ),
        (
            "import companion.games.bestiary.draft as d\nd._available(scene)\n",
            ["2: d._available (companion.games.bestiary.draft)"],
        ),
        (
            "from companion.games.bestiary import _hidden\n",
            ["1: from companion.games.bestiary import _hidden"],
        ),
    ],
)
def test_the_check_catches_a_private_name_of_another_game(source: str, found: list[str]) -> None:
    assert trespasses("companion.games.four_path.engine", source) == found


def test_the_check_lets_public_names_and_a_game_s_own_private_names_pass() -> None:
    source = (
        "from companion.games.bestiary import engine as duel\n"
        "from companion.games.four_path import turns\n"
        "duel.step(s, a); duel.__name__; turns._private_of_its_own(s)\n"
        "class FourPathRules(duel.BestiaryRules):\n"
        "    def _hook(self): return self._creature(s, 'x', 'target')\n"
    )
    assert trespasses("companion.games.four_path.engine", source) == []
    own = "from companion.games.bestiary import engine\nengine._wound(s, a, t, 1)\n"
    assert trespasses("companion.games.bestiary.rules", own) == []


def test_no_game_uses_another_game_s_private_names() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{where}"
        for path in game_modules()
        for where in trespasses(_module_name(path), path.read_text(encoding="utf-8"))
    ]
    assert found == [], "a game reaches into another game's private names:\n" + "\n".join(found)


def test_four_path_overrides_only_the_bestiary_s_hooks_and_its_own_actions() -> None:
    """A variant's method that the Bestiary's rules never call (a hook misspelt, a hook
    the Bestiary renamed) would leave the base rule in force without a word: every method
    Four-path's rules define is one of its actions or a method the Bestiary's rules have."""
    assert issubclass(FourPathRules, BestiaryRules)
    for rules in (BestiaryRules, FourPathRules):
        for do, method in rules.HANDLERS.items():
            assert callable(getattr(rules, method, None)), f"{rules.__name__}: '{do}' runs nothing"
    actions = set(FourPathRules.HANDLERS.values())
    defined = {
        name
        for name, value in vars(FourPathRules).items()
        if callable(value) and not (name.startswith("__") and name.endswith("__"))
    }
    strays = sorted(name for name in defined - actions if not hasattr(BestiaryRules, name))
    assert strays == [], f"FourPathRules defines methods the Bestiary never calls: {strays}"
    # The hooks Four-path changes are there and overridden (the check above can fail).
    assert {"_actor", "_side_said", "_side_seats", "_attack_targets", "_comes_back"} <= defined
