"""A refusal on a Russian table is Russian: every message the rules can raise has a Russian
template (read from the raise sites themselves, so a new message without one fails here),
and the box, the new-game form and a phone say it in the table's language."""

from __future__ import annotations

import ast
import random
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion import games
from companion.catalogue import refusals
from companion.catalogue.refusals import skeleton, translated
from companion.games.spec import AnySpec
from companion.rules.base import JSON, RulesError
from tests.test_never_stuck import SETUPS

ROOT = Path(__file__).resolve().parents[1] / "companion"
RAISED = ("IllegalAction", "SetupError")
LATIN_WORD = re.compile(r"[A-Za-z_]{3,}")
# English words a Russian template must not keep (a key or a typed value may be any other).
PLAIN = frozenset(
    re.findall(
        r"\w+",
        "the not and for with has have its are this that from only each but all any who "
        "which what when his her must may can cannot already now yet",
    )
)


def _messages(node: ast.expr) -> Iterator[str] | None:
    """A raise site's message as templates (``{}`` for each value): a constant, an
    f-string, either branch of a conditional, a sum of those; None for a message passed
    on whole (``str(error)``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return iter([node.value.replace("{", "{{").replace("}", "}}")])
    if isinstance(node, ast.JoinedStr):
        said = "".join(
            str(part.value).replace("{", "{{").replace("}", "}}")
            if isinstance(part, ast.Constant)
            else "{}"
            for part in node.values
        )
        return iter([said])
    if isinstance(node, ast.IfExp):
        body, orelse = _messages(node.body), _messages(node.orelse)
        assert body is not None and orelse is not None, ast.unparse(node)
        return iter([*body, *orelse])
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _messages(node.left), _messages(node.right)
        assert left is not None and right is not None, ast.unparse(node)
        rights = list(right)
        return iter([a + b for a in left for b in rights])
    return None


def raise_sites() -> list[tuple[str, int, str]]:
    """Every IllegalAction(...) and SetupError(...) message in companion/: (file, line,
    template)."""
    found: list[tuple[str, int, str]] = []
    for path in sorted(ROOT.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name not in RAISED:
                continue
            arg = node.args[0]
            messages = _messages(arg)
            if messages is None:
                passed_on = isinstance(arg, ast.Call) and ast.unparse(arg.func) == "str"
                assert passed_on, f"{path}:{node.lineno}: a message the test cannot read"
                continue
            for message in messages:
                found.append((str(path.relative_to(ROOT.parent)), node.lineno, message))
    return found


def test_every_raised_message_has_a_russian_template() -> None:
    known = {skeleton(english) for english in refusals.RU}
    sites = raise_sites()
    assert len(sites) > 200  # the reader found the raise sites
    missing = [f"{f}:{line}: {m}" for f, line, m in sites if m not in known]
    assert not missing, "no Russian template for:\n" + "\n".join(missing)


def test_templates_carry_the_same_fields_and_no_english_words() -> None:
    formatter = string.Formatter()
    for english, russian in refusals.RU.items():
        said = {n for _, n, _, _ in formatter.parse(english) if n is not None}
        kept = {n for _, n, _, _ in formatter.parse(russian) if n is not None}
        assert said == kept, english
        # What stays Latin is what a table types or reads in its files (keys, values of the
        # action vocabulary, rulebook line numbers, example names): all from the English
        # message, and none of its plain words.
        words = set(LATIN_WORD.findall(formatter.vformat(russian, (), dict.fromkeys(kept, ""))))
        assert words <= set(LATIN_WORD.findall(english)), (english, words)
        assert not words & PLAIN, (english, words & PLAIN)


def _tried(
    spec: AnySpec, state: object, chooser: random.Random, also: list[JSON]
) -> tuple[set[str], list[JSON]]:
    """Every offered action (the prompt's choices, its entries with their defaults and with
    values drawn from each field's range) and ``also``, from every seat: the messages of
    the refusals, and the actions taken."""
    prompt = spec.rules.prompt(state)
    offered = [dict(c) for c in prompt.choices]
    for entry in prompt.entries:
        offered.append(entry.action(()))
        for _ in range(3):
            values: list[str | int] = [
                chooser.randint(f.low, f.high)
                if f.kind == "int"
                else chooser.choice(f.options)
                if f.kind == "choice"
                else f.first
                for f in entry.fields
            ]
            offered.append(entry.action(values))
    met: set[str] = set()
    taken: list[JSON] = []
    for action in [*offered, *also]:
        for seat in range(1, 5):
            try:
                spec.authorize(state, action, seat, prompt)
                spec.rules.step(state, dict(action))
            except RulesError as error:
                met.add(str(error))
            else:
                taken.append(action)
    return met, taken


def refusals_met_in_play(game: str, setup: JSON, steps: int) -> set[str]:
    """The refusals met in play of a game: along each of its gallery samples' games, and
    along random play from ``setup``, every offered action is tried from every seat at
    each point, and the last action played again (a wrong seat, a wrong phase, an attack
    already made...)."""
    spec = games.find(game)
    chooser = random.Random(game)
    met: set[str] = set()
    for sample in spec.samples[:4]:
        state = spec.rules.start(spec.stamp(dict(sample.setup)))
        for before, action in zip((None, *sample.actions), sample.actions, strict=False):
            found, _ = _tried(spec, state, chooser, [dict(before)] if before else [])
            met |= found
            try:
                state = spec.rules.step(state, dict(action))
            except RulesError:  # a sample may end where its game is over
                break
    state = spec.rules.start(spec.stamp(dict(setup)))
    last: list[JSON] = []
    for _ in range(steps):
        found, taken = _tried(spec, state, chooser, last)
        met |= found
        taken = [a for a in taken if a not in last]
        if not taken:
            break
        last = [chooser.choice(taken)]
        state = spec.rules.step(state, dict(last[0]))
    return met


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_every_refusal_met_in_play_is_said_in_russian(name: str) -> None:
    game, setup = SETUPS[name]
    met = refusals_met_in_play(game, setup, 80)
    assert len(met) >= 5, met
    for message in sorted(met):
        said = translated(message)
        assert said is not None, f"no Russian for {message!r}"
        left = set(LATIN_WORD.findall(said)) & PLAIN
        assert not left, (message, said)
