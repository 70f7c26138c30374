"""The TypedDicts of a game's seams (companion/games/<game>/types.py) say what the game
really builds: mypy checks the game against them, and the shell receives them through a
cast, so here every view, every event and every prompt choice met while playing the
game's gallery samples and example scripts is checked against its TypedDict at run time
(no key missing, none unknown, each value of its type, nested dicts too). A cast that
lied (a view key added without its TypedDict, an event renamed) fails here by name.
"""

from __future__ import annotations

import tokenize
import types
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Literal, NotRequired, Union, get_args, get_origin, get_type_hints

import pytest
import yaml

from companion import games
from companion.games.bestiary import types as bestiary
from companion.games.four_path import types as four_path
from companion.games.manus import types as manus
from companion.games.talisman import types as talisman
from companion.games.tetranomicon import types as tetranomicon
from companion.rules.base import DEBUG, JSON
from tests.conftest import EXAMPLES

SEAMS = {
    "bestiary": (
        bestiary.BestiaryView,
        bestiary.BestiaryEvent,
        bestiary.BestiaryAction,
        bestiary.EntryBase,
    ),
    "four_path": (
        four_path.FourPathView,
        four_path.FourPathEvent,
        four_path.FourPathAction,
        four_path.EntryBase,
    ),
    "manus": (manus.ManusView, manus.ManusEvent, manus.ManusAction, manus.EntryBase),
    "tetranomicon": (
        tetranomicon.TetraView,
        tetranomicon.TetraEvent,
        tetranomicon.TetraAction,
        tetranomicon.EntryBase,
    ),
    "talisman": (
        talisman.TalismanView,
        talisman.TalismanEvent,
        talisman.TalismanAction,
        talisman.EntryBase,
    ),
}


def _is_typeddict(kind: object) -> bool:
    return isinstance(kind, type) and typing.is_typeddict(kind)


def _members(kind: object) -> tuple[object, ...]:
    origin = get_origin(kind)
    return get_args(kind) if origin in (Union, types.UnionType) else (kind,)


def mismatches(value: object, kind: object, where: str) -> list[str]:
    """Where ``value`` is not of ``kind`` (a TypedDict, a union, a list, a literal...)."""
    if _is_typeddict(kind):
        assert isinstance(kind, type)
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not a {kind.__name__}"]
        hints = get_type_hints(kind, include_extras=True)
        found = []
        for key, hint in hints.items():
            marked = get_origin(hint) is NotRequired
            inner = get_args(hint)[0] if marked else hint
            optional = marked or key in kind.__optional_keys__  # NotRequired, total=False
            if key in value:
                found += mismatches(value[key], inner, f"{where}.{key}")
            elif not optional:
                found.append(f"{where}: no {key!r} ({kind.__name__})")
        found += [
            f"{where}: {key!r} is not in {kind.__name__}" for key in value if key not in hints
        ]
        return found
    origin = get_origin(kind)
    if origin in (Union, types.UnionType):
        tries = [mismatches(value, member, where) for member in get_args(kind)]
        return [] if any(not t for t in tries) else min(tries, key=len)
    if origin is Literal:
        return [] if value in get_args(kind) else [f"{where}: {value!r} not in {get_args(kind)}"]
    if origin in (list, tuple):
        if not isinstance(value, list | tuple):
            return [f"{where}: {value!r} is not a list"]
        (item,) = get_args(kind)[:1]
        return [e for i, v in enumerate(value) for e in mismatches(v, item, f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not a dict"]
        _, item = get_args(kind)
        return [e for k, v in value.items() for e in mismatches(v, item, f"{where}[{k!r}]")]
    if kind is None or kind is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if kind is typing.Any or kind == JSON:
        return []
    assert isinstance(kind, type), kind
    if kind is int and isinstance(value, bool):
        return [f"{where}: {value!r} is a bool, not an int"]
    return [] if isinstance(value, kind) else [f"{where}: {value!r} is not a {kind.__name__}"]


def tagged(union: object, tag: str, name: object) -> object:
    """The member of a tagged union whose ``tag`` literal holds ``name``."""
    for member in _members(union):
        hint = get_type_hints(member, include_extras=True)[tag]
        if name in get_args(hint):
            return member
    return None


def plays(game: str) -> Iterator[tuple[str, JSON, list[JSON]]]:
    spec = games.find(game)
    for sample in spec.samples:
        yield sample.name, sample.setup, list(sample.actions)
    for path in sorted(EXAMPLES.glob(f"{game}_*.yaml")):
        script = yaml.safe_load(path.read_text(encoding="utf-8"))
        if "actions" in script:
            yield path.name, script.get("setup") or {}, script["actions"]


def played(game: str) -> Iterator[tuple[str, object]]:
    """Every state met playing the game's samples and example scripts."""
    rules = games.find(game).rules
    for name, setup, actions in plays(game):
        state = rules.start(setup)
        yield f"{name} at the start", state
        for number, action in enumerate(actions, 1):
            if state.winner is not None:
                break
            state = rules.step(state, action)
            yield f"{name} after action {number}", state


@pytest.mark.parametrize("game", sorted(SEAMS))
def test_every_view_event_and_choice_is_what_its_typeddict_says(game: str) -> None:
    view_type, event_type, action_type, entry_type = SEAMS[game]
    rules = games.find(game).rules
    events_seen: set[str] = set()
    problems: list[str] = []
    states = 0
    for where, state in played(game):
        states += 1
        for audience in ("public", DEBUG):
            problems += mismatches(rules.view(state, audience), view_type, f"{where}: view")
        for event in state.events:
            name = event.get("event")
            events_seen.add(str(name))
            member = tagged(event_type, "event", name)
            if member is None:
                problems.append(f"{where}: event {name!r} has no TypedDict")
            else:
                problems += mismatches(event, member, f"{where}: {name}")
        asked = rules.prompt(state)
        for choice in asked.choices:
            member = tagged(action_type, "do", choice.get("do"))
            if member is None:
                problems.append(f"{where}: choice {choice.get('do')!r} has no TypedDict")
            else:
                problems += mismatches(choice, member, f"{where}: choice")
        for entry in asked.entries:
            problems += mismatches(entry.base, entry_type, f"{where}: entry")
    assert problems == []
    assert states > 50  # the samples and the scripts were played
    assert len(events_seen) > 8  # and said a good part of what the game can say


@pytest.mark.parametrize("game", sorted(SEAMS))
def test_every_sample_action_is_one_of_the_games_actions(game: str) -> None:
    _, _, action_type, _ = SEAMS[game]
    problems = []
    for name, _, actions in plays(game):
        for number, action in enumerate(actions, 1):
            member = tagged(action_type, "do", action.get("do"))
            where = f"{name} action {number}"
            if member is None:
                problems.append(f"{where}: {action.get('do')!r} has no TypedDict")
            else:
                problems += mismatches(action, member, where)
    assert problems == []


def test_a_view_that_strays_from_its_typeddict_is_named() -> None:
    """The check above can fail: a key missing, one unknown, a value of the wrong type,
    a nested seat's key, each said with its place."""
    rules = games.find("tetranomicon").rules
    view = rules.view(rules.start({"players": ["Anna", "Boris"]}))
    assert mismatches(view, tetranomicon.TetraView, "view") == []
    del view["epoch"]
    view["epochh"] = 1
    view["war"] = "no"
    view["seats"][1]["coins"] = True
    assert sorted(mismatches(view, tetranomicon.TetraView, "view")) == [
        "view.seats[1].coins: True is a bool, not an int",
        "view.war: 'no' is not a bool",
        "view: 'epochh' is not in TetraView",
        "view: no 'epoch' (TetraView)",
    ]
    built = {"event": "built", "seat": 1, "type": "farm", "castle": 1, "cost": 3}
    member = tagged(tetranomicon.TetraEvent, "event", "built")
    assert member is tetranomicon.BuiltEvent
    assert mismatches(built, member, "built") == ["built: no 'tolls' (BuiltEvent)"]


def test_every_manus_seat_view_is_a_manus_view_and_keeps_the_vote_hidden() -> None:
    """A seat's view adds ``audience`` and its own hands' ``vote`` (NotRequired): each is a
    ManusView, and no other seat's card is in it before the reveal."""
    rules = games.find("manus").rules
    problems: list[str] = []
    own_votes = 0
    for where, state in played("manus"):
        public = rules.view(state, "public")
        for seat in [each["seat"] for each in public["seats"]]:
            view = rules.view(state, f"seat:{seat}")
            problems += mismatches(view, manus.ManusView, f"{where}: seat {seat}'s view")
            for hand in view["hands"]:
                if "vote" in hand:
                    own_votes += 1
                    assert hand["seat"] == seat, f"{where}: seat {seat} sees hand {hand}"
        assert all("vote" not in hand for hand in public["hands"]), where
    assert problems == []
    assert own_votes > 10  # the seats' own cards were met, typed as HandView says


# --- where the untyped names may stay -------------------------------------------------------

UNTYPED_NAMES = {"JSON", "Any", "Untyped"}
UNTYPED_LINES_AT_MOST = 130  # issue 23: the true boundaries only (parsing, journal rows, wire)
PACKAGE = Path(games.__file__).resolve().parents[1]


def untyped_lines(path: Path) -> list[int]:
    """The lines of ``path`` where JSON, Any or Untyped is a name in the code (an import,
    an annotation, an alias): words in comments and strings do not count."""
    found: set[int] = set()
    with path.open("rb") as source:
        for token in tokenize.tokenize(source.readline):
            if token.type == tokenize.NAME and token.string in UNTYPED_NAMES:
                found.add(token.start[0])
    return sorted(found)


def test_the_untyped_names_stay_at_the_boundaries() -> None:
    """``JSON = dict[str, Any]`` and ``Any`` name data nobody has checked; the games' data
    crosses the shell typed (View, Event, Action: mappings whose values are narrowed where
    read, TypedDicts inside each game). At most 130 lines of companion/ name them, and no
    game folder more than a handful (its card files or scripts parsed from YAML)."""
    counts = {
        path.relative_to(PACKAGE).as_posix(): len(untyped_lines(path))
        for path in sorted(PACKAGE.rglob("*.py"))
    }
    total = sum(counts.values())
    busiest = sorted(counts.items(), key=lambda item: -item[1])[:8]
    assert total <= UNTYPED_LINES_AT_MOST, f"{total} lines; the most in {busiest}"
    for game in games.GAMES:
        in_folder = sum(n for name, n in counts.items() if name.startswith(f"games/{game}/"))
        assert in_folder <= 10, f"{game}: {in_folder} lines name JSON/Any/Untyped"


def test_the_count_sees_names_and_not_words(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from typing import Any\n"
        "# JSON in a comment\n"
        "x: dict[str, Any] = {}\n"
        "y = 'Untyped in a string'\n"
        "JSON = dict\n",
        encoding="utf-8",
    )
    assert untyped_lines(sample) == [1, 3, 5]
