"""A refusal on a Russian table is Russian: every message the rules can raise has a Russian
template (read from the raise sites themselves, so a new message without one fails here),
and the box, the new-game form and a phone say it in the table's language."""

from __future__ import annotations

import ast
import random
import re
import string
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from companion import game_log, games
from companion import script as scripts
from companion.app import App, build_app
from companion.catalogue import refusals
from companion.catalogue.refusals import skeleton, translated
from companion.config import GameSettings, load
from companion.controls import Reaction
from companion.forms import new_game
from companion.games.bestiary import roster
from companion.games.bestiary.labels import ability_named
from companion.games.spec import AnySpec
from companion.loop import _reason_said
from companion.rules.base import JSON, RulesError, Wire
from companion.snapshot import Notice, UiState
from companion.web.hub import Remote, TableRequest
from tests.conftest import EXAMPLES
from tests.test_never_stuck import SETUPS

ROOT = Path(__file__).resolve().parents[1] / "companion"
RAISED = ("IllegalAction", "SetupError")
LATIN_WORD = re.compile(r"[A-Za-z_]{3,}")
# English words a Russian template must not keep (a key or a typed value may be any other).
PLAIN = frozenset(
    re.findall(
        r"\w+",
        "the not and for with has have its are this that from only each but all who "
        "which what when his her must may can cannot already now yet",
    )
)


def test_no_template_gives_a_name_a_gendered_past_tense() -> None:
    """A player, a creature or a hero may be of either gender: no "{player} уже открыл";
    the sentence is turned so that no verb agrees with the name (issue 24)."""
    # a name the sentence's subject (not after a noun it names: "цель {target} достигла")
    past = re.compile(r"(?<![а-яё]\s)\{\w+\}\s+(?:уже\s+)?[а-яё]+(?:ил|ал|ял|ел|ёл|ло|ла)\b")
    gendered = [ru for ru in refusals.RU.values() if past.search(ru)]
    assert not gendered, gendered


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
    # The shell's templates and each game's, in its folder and given in its spec.
    families = [refusals.OWN, *(spec.refusals.templates for spec in games.GAMES.values())]
    assert all(families[1:]), "a game whose spec gives no refusals"
    assert len(refusals.RU) == sum(len(f) for f in families), "a template in two families"
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


# --- where a refusal is said ----------------------------------------------------------------


def _app(tmp_path: Path, language: str, game: str = "bestiary") -> App:
    config = replace(load(None), language=language, game=GameSettings(game, {}))
    return build_app(config, fakes=True, journal_path=tmp_path / "j.sqlite")


def test_the_box_says_a_refusal_in_the_tables_language(tmp_path: Path) -> None:
    """A siege before the castles are chosen: what the screen's notice says."""
    for language, said in (
        ("en", "Not allowed: not now: the stage is castle choice"),
        ("ru", "Нельзя: не сейчас: сейчас выбор замка"),
    ):
        app = _app(tmp_path / language, language)
        try:
            snap = app.apply({"do": "siege", "towers": []}, 1)
            assert snap.notices()[0] == said
            snap = app.apply({"do": "choose_castle", "castle": "wasteland"}, 2)
            first, second = (str(name) for name in app.table.record.setup["players"])  # type: ignore[attr-defined]
            if language == "ru":
                turn = f"Нельзя: сейчас ходит {first} (место 1), а не {second}"
                assert snap.notices()[0] == turn
        finally:
            app.close()


def test_a_phone_is_told_why_in_the_tables_language(tmp_path: Path) -> None:
    app = _app(tmp_path, "ru")
    try:
        got: list[tuple[bool, str, int]] = []
        head = app.table.head
        app.handle(Remote({"do": "summon"}, 1, head + 5, lambda *a: got.append(a)), 0.0)
        wrong = {"do": "choose_castle", "castle": "nowhere"}
        app.handle(Remote(wrong, 1, head, lambda *a: got.append(a)), 0.0)
        assert got[0] == (False, "стол уже ушёл дальше", head)
        played, why, _ = got[1]
        assert not played
        assert why == "Нельзя: «castle» — одно из wasteland, forest_edge, а не 'nowhere'"
    finally:
        app.close()


def test_a_new_game_the_rules_refuse_is_said_in_the_forms_language() -> None:
    spec = games.find("four_path")
    form = new_game(spec, [], "ru")
    values = {"players": 3, "name": {"1": "Анна", "2": "Борис", "3": "Вера"}, "first": 1}
    notice = form.finish(values)
    assert isinstance(notice, Notice)
    said = notice.say("ru")
    assert said.startswith("Нельзя: setup.players: игроков в этой игре: 4, а не 3"), said
    assert not set(LATIN_WORD.findall(said)) & PLAIN, said
    english = new_game(spec, [], "en").finish(values)
    assert isinstance(english, Notice) and english.say("en").startswith("Not allowed: setup.")


def test_a_card_the_box_did_not_keep_is_said_in_the_tables_language() -> None:
    """The card view's refusal (the kit's problem, passed on by the controls in English)."""
    ui = UiState(language="ru").say(
        "ui.cards.refused", 1.0, refused=True, reason="a whole number from 1 to 20, not 30"
    )
    assert _reason_said(ui).notice is not None
    assert _reason_said(ui).notice.say("ru") == (  # type: ignore[union-attr]
        "Карта не сохранена: целое число от 1 до 20, а не 30"
    )
    english = replace(ui, language="en")
    assert _reason_said(english) == english


def test_a_library_problem_is_said_on_the_box_in_the_tables_language(tmp_path: Path) -> None:
    (tmp_path / "cards-bestiary.yaml").write_text(
        "cards:\n  - {name: Saxum, vitality: 30, abilities: [{name: Hit}, {name: Run}]}\n",
        encoding="utf-8",
    )
    app = _app(tmp_path, "ru")
    try:
        notes = app.snapshot.notices()
        line = next(n for n in notes if n.startswith("Библиотека карт"))
        assert line.endswith(".yaml:2: cards[0].vitality: целое число от 1 до 20, а не 30"), line
        assert not set(LATIN_WORD.findall(line)) & PLAIN, line
        # MENU, Language: the same problem said in English at once
        snap = app.snapshot
        english = app._react(Reaction(replace(snap.ui, language="en")), snap, 1.0)
        said = next(n for n in english.notices() if n.startswith("Card library"))
        assert said.endswith(":2: cards[0].vitality: a whole number from 1 to 20, not 30")
    finally:
        app.close()


# --- other English words a Russian table read (issue 24) --------------------------------


def test_an_unassigned_roster_ability_is_said_in_russian() -> None:
    """Mortum's Vampirism is one of the roster's abilities without an owner."""
    assert ability_named("Mortum", "Vampirism", "ru") == "Вампиризм"
    assert ability_named("mortum", "vampirism", "en") == "Vampirism"
    assert ability_named("Saxum", "Stone skin", "ru") == "Stone skin"  # as the table named it


def test_four_path_narration_names_vampirism_in_russian() -> None:
    lines = _narrated("four_path_teams_victory.yaml", "ru")
    assert any("Вампиризм → Мортум" in line for line in lines)
    assert not any("Vampirism" in line for line in lines)


def test_the_respawn_question_names_the_creature_in_the_tables_language() -> None:
    spec = games.find("four_path")
    script = scripts.load(EXAMPLES / "four_path_duel.yaml")
    state = spec.rules.start(spec.stamp(dict(script.setup)))
    asked = []
    for item in script.actions:
        state = spec.rules.step(state, dict(item.action))
        prompt = spec.rules.prompt(state)
        if prompt.kind == "respawn":
            asked.append(prompt)
    assert asked
    for prompt in asked:
        creature = str(prompt.fields["creature"])
        russian = roster.find(creature)
        assert russian is not None
        assert prompt.say("ru").endswith(f"в каком замке возродится {russian.name_ru}?")
        assert prompt.say("en").endswith(f"in which castle does {creature} come back?")


def _narrated(name: str, language: str) -> list[str]:
    script = scripts.load(EXAMPLES / name)
    spec = games.find(script.game)
    state = spec.rules.start(spec.stamp(dict(script.setup)))
    lines: list[str] = []
    for item in script.actions:
        state = spec.rules.step(state, dict(item.action))
        lines += game_log.say(spec, state.events, spec.rules.view(state)).get(language, ())
    return lines


def test_the_table_page_is_told_why_in_the_tables_language(tmp_path: Path) -> None:
    """The table token's requests: a card the library does not take, a new game the rules
    refuse."""
    app = _app(tmp_path, "ru")
    try:
        got: list[tuple[int, Wire]] = []
        card = {"name": "Saxum", "vitality": 30, "abilities": [{"name": "A"}, {"name": "B"}]}
        app.handle(TableRequest("card", {"card": card}, lambda *a: got.append(a)), 0.0)
        setup = {"players": ["Анна"]}
        app.handle(
            TableRequest("new_game", {"game": "manus", "setup": setup}, lambda *a: got.append(a)),
            0.0,
        )
        assert got[0][0] == 400 and str(got[0][1]["error"]).endswith(
            "то же существо, что и карта 2"
        )
        assert got[1] == (400, {"error": "setup.players: игроков в этой игре: 2–4, а не 1"})
    finally:
        app.close()
