"""Every game lives in its folder: the shell (everything in companion/ outside
companion/games/) names no game, no action and no event of a game; the phones' pages and
server, the club feed and ``companion club`` also read no key of a game's view (their
scripts, styles and pages included).

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
from companion.i18n import LANGUAGES
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


# --- the pages, the club and the feed: no game's name, no game's view key -------------------

# The phones' pages and server, the club feed and `companion club` draw and publish any
# game's picture (its spec's headline, summary, sections, chart and entities): they name no
# game and read no key of a game's view.
NO_GAME_HERE = (PACKAGE / "web", PACKAGE / "feed", PACKAGE / "club.py")
STATIC_KINDS = (".js", ".css", ".html")

# Words some game's view uses that these places use for their own things (each one theirs).
THEIRS = {
    "value": "a form field's, a picture row's and the DOM's input value",
    "type": "an input element's type",
    "number": "an input of type number",
    "options": "an entry field's options (rules/base.py Field)",
    "field": "an entry's fields (rules/base.py Field)",
    "target": "the DOM event's target",
    "actions": "the picture's action looks (docs/phones.md)",
    "points": "the victory chart's points (docs/phones.md)",
    "axis": "the victory chart's axes",
    "cards": "the table's card library (companion/library.py)",
    "players": "the setup's players, which every game takes",
    "tokens": "the phones' seat and table tokens (web/hub.py)",
    "from": "the game log's paging: /api/log?from=N (docs/phones.md)",
    "next": "the game log's next page in /api/log's answer (docs/phones.md)",
}
# And words one place uses for its own output: `companion club --json` prints a line per
# table with its "round" (the game's clock line) and "standings" (docs/club.md); a page that
# read view.round would still be caught.
THEIRS_IN = {
    "companion/club.py": {"round", "standings", "id"},  # "id": a finished game's, on the broker
    # "id": a statistics section's; "class": an SVG element's attribute kept by the page
    "companion/web/static/table.js": {"id", "class"},
}


def view_keys() -> set[str]:
    """The keys only some games' views have (public and every seat's), met while playing
    the gallery samples and the example scripts: a game's own words. A key every game's
    view has (seats, turn, winner, phase...) is the shell's contract with the games."""
    found: dict[str, set[str]] = {}

    def walk(value: object, game: str) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                found.setdefault(str(key), set()).add(game)
                walk(inner, game)
        elif isinstance(value, list):
            for inner in value:
                walk(inner, game)

    plays = [(spec, s.setup, s.actions) for spec in games.GAMES.values() for s in spec.samples]
    for path in sorted(EXAMPLES.glob("*.yaml")):
        script = yaml.safe_load(path.read_text(encoding="utf-8"))
        if "actions" in script:
            plays.append((games.find(script["game"]), script.get("setup") or {}, script["actions"]))
    for spec, setup, actions in plays:
        state = spec.rules.start(spec.stamp(dict(setup)))
        for action in actions:
            if state.winner is not None:
                break
            state = spec.rules.step(state, action)
            for audience in ("public", "seat:1", "seat:2"):
                walk(spec.rules.view(state, audience), spec.name)
    every = len(games.GAMES)
    return {k for k, g in found.items() if len(g) < every and not k.isdigit()} - set(THEIRS)


def game_names() -> set[str]:
    """Each game's name as scripts write it (and spelt with a dash or a space), and its
    title in every language, whole and before its colon ("Bestiary", "Длань Мануса")."""
    names: set[str] = set()
    for name, spec in games.GAMES.items():
        names |= {name, name.replace("_", "-"), name.replace("_", " ")}
        for language in LANGUAGES:
            title = spec.words("title", language)
            names |= {title, title.split(":")[0].strip()}
    return {name.lower() for name in names}


def _js_code(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"(^|\s)//.*$", r"\1", text, flags=re.M)  # not "http://" nor "}//$"


# A script's reads: a property (not a method call), a key in brackets, a quoted word.
JS_READS = re.compile(
    r"(?:\?\.|\.)\s*([A-Za-z_]\w*)\b(?!\s*\()|\[\s*[\"'](\w+)[\"']\s*\]|[\"'](\w+)[\"']"
)
CSS_NAMES = re.compile(r"(?:[.#]|--)(-?[A-Za-z_][\w-]*)")
HTML_NAMES = re.compile(r"(?:id|class|name|for|data-[\w-]+)=\"([^\"]*)\"|<option[^>]*>([^<]*)<")


def _words(names: list[str]) -> set[str]:
    """A name and its parts: "quadrant-warm-wet" is also quadrant, warm, wet."""
    out: set[str] = set()
    for name in names:
        for each in name.split():
            out |= {each, each.replace("-", "_"), *each.split("-")}
    return out


def static_leaks(name: str, text: str, keys: set[str], titles: set[str]) -> list[str]:
    """A page's game names (anywhere, comments too) and game view keys (in its code)."""
    found = [
        f"{name}: names the game {title!r}"
        for title in sorted(titles)
        if re.search(rf"(?<!\w){re.escape(title)}(?!\w)", text, flags=re.I)
    ]
    if name.endswith(".js"):
        used = {next(g for g in m.groups() if g) for m in JS_READS.finditer(_js_code(text))}
    elif name.endswith(".css"):
        used = _words(CSS_NAMES.findall(re.sub(r"/\*.*?\*/", "", text, flags=re.S)))
    else:
        used = _words([a or b for a, b in HTML_NAMES.findall(text)])
    return found + [f"{name}: reads the view key {key!r}" for key in sorted(used & keys)]


def _reads(tree: ast.AST) -> list[tuple[int, str]]:
    """A module's reads of a key: x["key"], x.get("key"), "key" in x."""
    found = []
    for node in ast.walk(tree):
        key: ast.expr | None = None
        if isinstance(node, ast.Subscript):
            key = node.slice
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in ("get", "pop", "setdefault") and node.args:
                key = node.args[0]
        elif isinstance(node, ast.Compare) and any(
            isinstance(o, ast.In | ast.NotIn) for o in node.ops
        ):
            key = node.left
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            found.append((node.lineno, key.value))
    return found


def _docstrings(tree: ast.AST) -> set[int]:
    kinds = ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
    return {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, kinds)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }


def python_leaks(name: str, text: str, keys: set[str], titles: set[str]) -> list[str]:
    """A module's reads of a game's view key, its string constants naming a game, and the
    keys inside its templates and paths ("value_json.view.period", "attribute='x'")."""
    tree = ast.parse(text)
    found = [
        f"{name}:{line}: reads the view key {key!r}" for line, key in _reads(tree) if key in keys
    ]
    docs = _docstrings(tree)
    for node in ast.walk(tree):
        if (
            not isinstance(node, ast.Constant)
            or not isinstance(node.value, str)
            or id(node) in docs
        ):
            continue
        value = node.value
        for title in titles:
            if re.search(rf"(?<!\w){re.escape(title)}(?!\w)", value, flags=re.I):
                found.append(f"{name}:{node.lineno}: names the game {title!r}")
        chains = re.findall(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+", value)
        quoted = re.findall(r"['\"](\w+)['\"]", value)
        machine = [value] if MACHINE_STRING.match(value) else []
        words = {part for chain in chains + machine for part in chain.split(".")} | set(quoted)
        found += [
            f"{name}:{node.lineno}: names the view key {key!r}" for key in sorted(words & keys)
        ]
    return found


def no_game_files() -> list[Path]:
    files: list[Path] = []
    for place in NO_GAME_HERE:
        files += [place] if place.is_file() else sorted(p for p in place.rglob("*") if p.is_file())
    return [p for p in files if p.suffix in (".py", *STATIC_KINDS)]


def no_game_leaks(files: dict[str, str]) -> list[str]:
    keys, titles = view_keys(), game_names()
    found: list[str] = []
    for name, text in files.items():
        check = python_leaks if name.endswith(".py") else static_leaks
        found += check(name, text, keys - THEIRS_IN.get(name, set()), titles)
    return found


def test_the_gathered_names_and_keys_are_the_games_own() -> None:
    keys, titles = view_keys(), game_names()
    assert {"castle_damage", "hands", "creatures", "test_site", "epoch", "sigil"} <= keys
    assert {"seats", "turn", "winner", "phase", "name", "seat"}.isdisjoint(keys)  # the contract
    assert {
        "bestiary",
        "four_path",
        "four-path",
        "manus",
        "hand of manus",
        "длань мануса",
    } <= titles
    assert {"talisman", "tetranomicon", "тетраномикон", "талисман", "бестиарий"} <= titles


def test_the_check_catches_a_page_that_knows_a_game() -> None:
    """What the pages did before the games drew themselves is caught, by name and by key."""
    old = {
        "seat.js": 'const rows = view.game === "manus" ? mineManus(p, v) : [];\n'
        "rows.push(meter(t('damage'), seat.castle_damage, seat?.scale_length));",
        "style.css": ".quadrant-warm-wet { color: red; }\n.sector-sun { color: gold; }",
        "spectator.html": '<section id="sigil-box" hidden></section>',
        "table.html": "<select><option>bestiary</option><option>talisman</option></select>",
        "mqtt.py": "TEMPLATE = \"{{ value_json.view.sides | map(attribute='castle_damage') }}\"\n"
        'PERIOD = "{{ value_json.view.period }}"\n',
        "club.py": 'def standings(seat):\n    return seat["castle_damage"], seat.get("score")\n',
    }
    found = "\n".join(no_game_leaks(old))
    for expected in (
        "seat.js: names the game 'manus'",
        "seat.js: reads the view key 'castle_damage'",
        "seat.js: reads the view key 'scale_length'",
        "style.css: reads the view key 'warm'",
        "style.css: reads the view key 'sector'",
        "spectator.html: reads the view key 'sigil'",
        "table.html: names the game 'bestiary'",
        "table.html: names the game 'talisman'",
        "mqtt.py:1: names the view key 'castle_damage'",
        "mqtt.py:1: names the view key 'sides'",
        "mqtt.py:2: names the view key 'period'",
        "club.py:2: reads the view key 'castle_damage'",
        "club.py:2: reads the view key 'score'",
    ):
        assert expected in found, (expected, found)


def test_the_pages_the_club_and_the_feed_know_no_game() -> None:
    """companion/web (its static pages too), companion/feed and companion/club.py: no
    game's name, no key of a game's view (docs/phones.md: the games draw themselves)."""
    files = {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in no_game_files()}
    assert any(name.endswith("static/seat.js") for name in files)  # the pages are looked at
    assert no_game_leaks(files) == []
