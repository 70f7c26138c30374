"""Whatever a game's prompt offers, and whatever its example scripts play, the buttons play:
planned by ``companion.planner`` from what the box shows, pressed on the box's own controls
(mock pins), and the game is then in the very state the action itself gives.

Per game (and variant), an example script is walked action by action (its card library
filled from its own summons first, as ``companion cards import`` would). At seeded random
points the walk takes a detour: a random choice of the prompt, and an entry of it with
random values the rules take, each pressed, checked and undone. Half the steps hold a run
of red or blue (where the controls repeat a held button) rather than tap it. An action the
buttons cannot play fails the test unless docs/buttons.md lists it under "What the buttons
cannot enter" (game, action, the keys that make it so); nothing is skipped silently.
"""

from __future__ import annotations

import os
import random
import re
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.planner import NoPlan, plan
from companion.presses import PressRunner, hold_cards, script_cards
from companion.rules.base import LATIN, Action, Entry, RulesError
from companion.script import load, parse_press
from companion.table import Undo

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
SEED = int(os.environ.get("PRESSES_SEED", "24"))  # another walk: PRESSES_SEED=7 pytest ...
DETOURS = 0.5  # the share of the script's steps that take a detour first
# The walks: a game's example, and how many of its actions the walk takes (the whole test
# stays near 20 s: a press costs about as much as a rule step with the app around it).
WALKS = {
    "bestiary": ("duel_cooldowns.yaml", 40),
    "four_path": ("four_path_teams_victory.yaml", 40),
    "four_path duel": ("four_path_duel.yaml", 30),
    "manus": ("manus_three_players.yaml", 40),
    "talisman": ("talisman_toad.yaml", 23),
    "tetranomicon": ("tetranomicon_two_players.yaml", 32),
}
GAMES = {name.split(maxsplit=1)[0] for name in WALKS}


@dataclass(frozen=True)
class Exception_:
    """A row of docs/buttons.md's "What the buttons cannot enter": an action ``do`` of
    ``game`` the buttons cannot play when it holds one of ``keys`` (none: any such action)."""

    game: str
    do: str
    keys: tuple[str, ...]

    def covers(self, game: str, action: Action) -> bool:
        if game != self.game or action.get("do") != self.do:
            return False
        return not self.keys or any(key in action for key in self.keys)


def exceptions(text: str | None = None) -> list[Exception_]:
    """The table under "What the buttons cannot enter" in docs/buttons.md (or ``text``):
    rows of ``| game | do | keys | why |`` (keys in backquotes, comma separated; "any":
    every such action). It may list none."""
    if text is None:
        text = (ROOT / "docs" / "buttons.md").read_text(encoding="utf-8")
    start = text.index("## What the buttons cannot enter")
    section = text[start:].split("\n## ", 1)[0]
    found = []
    for row in section.splitlines():
        cells = [cell.strip() for cell in row.strip().strip("|").split("|")]
        if len(cells) < 4 or not row.startswith("|") or set(cells[0]) <= {"-", " "}:
            continue
        game, do, keys = (cell.strip("`") for cell in cells[:3])
        if game == "game":
            continue  # the header
        named = tuple(k for k in re.findall(r"`([^`]+)`", cells[2]) if k != "any")
        found.append(Exception_(game, do, named if keys != "any" else ()))
    return found


EXCEPTIONS = exceptions()


def test_the_exceptions_table_is_read() -> None:
    """docs/buttons.md's table is read (today it lists nothing), and a row it would list
    is read as written."""
    assert all(e.game in GAMES for e in EXCEPTIONS), [e.game for e in EXCEPTIONS]
    sample = (
        "## What the buttons cannot enter\n\n| game | do | keys | why |\n|---|---|---|---|\n"
        "| four_path | support | `hex`, `prep` | a reason |\n| manus | vote | any | another |\n"
        "\n## After\n| talisman | battle | `roll` | not in the section |\n"
    )
    assert exceptions(sample) == [
        Exception_("four_path", "support", ("hex", "prep")),
        Exception_("manus", "vote", ()),
    ]
    assert exceptions(sample)[0].covers("four_path", {"do": "support", "hex": "C3"})
    assert not exceptions(sample)[0].covers("four_path", {"do": "support"})


def a_name(rng: random.Random, low: int, high: int) -> str:
    """A name any casing rule of the box types: one word, a capital and small letters."""
    size = max(low, min(high, rng.randint(1, 5)))
    letters = [rng.choice(LATIN) for _ in range(size)]
    return "".join(letters[:1]) + "".join(letters[1:]).lower()


def entered(entry: Entry, rng: random.Random) -> Action:
    """The entry's action with a random value the box can enter in every field."""
    values: list[str | int] = []
    for item in entry.fields:
        if item.kind == "int":
            values.append(rng.randint(item.low, item.high))
        elif item.kind == "choice":
            values.append(rng.choice(item.options))
        else:
            kept = [item.first] if len(str(item.first)) >= item.low else []  # the box ends it
            values.append(rng.choice([*kept, a_name(rng, item.low, item.high)]))
    return entry.action(values)


def detours(runner: PressRunner, rng: random.Random) -> Iterator[tuple[str, Action]]:
    """A random choice of the prompt, and a random entry with values the rules take."""
    snap = runner.app.snapshot
    prompt = snap.prompt
    if prompt.choices:
        yield "a choice", rng.choice(prompt.choices)
    for _ in range(4):  # a few tries: random values are often not legal together
        if not prompt.entries:
            return
        action = entered(rng.choice(prompt.entries), rng)
        try:
            snap.spec.rules.step(snap.state, dict(action))
        except RulesError:
            continue
        yield "an entry", action
        return


class Walk:
    """One game's walk: presses checked, the problems gathered."""

    def __init__(self, game: str, runner: PressRunner) -> None:
        self.game = game
        self.runner = runner
        self.problems: list[str] = []
        self.pressed = 0
        self.excepted: list[str] = []

    def press(self, action: Action, source: str, keep: bool, holds: bool = False) -> None:
        """Plan ``action``, press it, check the state; undo it unless ``keep`` (an action
        the buttons cannot play is played directly when kept). ``holds``: runs of red or
        blue held, where the controls repeat them."""
        app = self.runner.app
        snap = app.snapshot
        wanted = snap.spec.rules.step(snap.state, dict(action))
        head = app.table.head
        try:
            found = plan(snap, action, holds=holds)
        except NoPlan as why:
            if any(e.covers(self.game, action) for e in EXCEPTIONS):
                self.excepted.append(f"{source}: {action}")
            else:
                self.problems.append(f"{source}: {action}: {why}")
            if keep:
                app.apply(dict(action))
            return
        for number, word in enumerate(found.words, 1):
            self.runner.step(parse_press(word, number, 0))
        self.pressed += 1
        if app.table.head != head + 1 or app.table.state != wanted:
            moved = app.table.head - head
            self.problems.append(
                f"{source}: {action}: the presses {list(found.words)} moved the table "
                f"{moved} actions on, to {'the same' if app.table.state == wanted else 'another'}"
                " state"
            )
            if app.table.head > head:
                app.execute(Undo(head))
            if keep:
                app.apply(dict(action))
            return
        if not keep:
            app.execute(Undo(head))


@pytest.mark.parametrize("name", sorted(WALKS))
def test_every_action_offered_or_scripted_is_played_by_presses(name: str) -> None:
    example, most = WALKS[name]
    script = load(EXAMPLES / example)
    game = script.game
    assert game == name.split(maxsplit=1)[0]
    rng = random.Random(SEED + zlib.crc32(name.encode()))
    runner = PressRunner(script, ":memory:", "en", lambda line: None)
    try:
        cards = script_cards(script)
        if cards is not None:
            hold_cards(runner.app, cards)
        walk = Walk(game, runner)
        for item in script.actions[:most]:
            holds = rng.random() < 0.5  # half the time, long runs are held
            if rng.random() < DETOURS:
                for source, action in list(detours(runner, rng)):
                    walk.press(action, f"{source} before line {item.line}", False, holds)
            walk.press(item.action, f"{example}:{item.line}", True, holds)
    finally:
        runner.close()
    assert not walk.problems, "\n".join(walk.problems)
    assert walk.pressed > most // 2, f"only {walk.pressed} actions pressed: {walk.excepted}"
