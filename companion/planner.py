"""From an action to the presses that make it: the box's buttons, planned.

``presses_for(snap, action)`` answers "which buttons, from here, play this action?" using
only what a player sees: the prompt's choices and entries, where the cursor stands, the
game's secret choice (its colours) and the disc. It never touches the table; the result is
checked against the rules (the planned action must change the game exactly as ``action``
would). ``companion presses SCRIPT.yaml`` turns an action script into a press script with
it, and the tests use it to walk every game to its end from the buttons.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from companion.controls import NAVIGATION, secret_voters
from companion.rules.base import Action, Entry, Field, RulesError
from companion.rules.reading import rows, whole
from companion.script import Script, ScriptError, parse_press
from companion.script import load as load_script
from companion.snapshot import Snapshot

UP, DOWN, SELECT = ("red", "blue", "cyan")
assert (NAVIGATION[UP], NAVIGATION[DOWN], NAVIGATION[SELECT]) == ("up", "down", "select")


class NoPlan(Exception):
    """No presses from this state play the action (the message says why)."""


def presses_for(snap: Snapshot, action: Action) -> list[str]:
    """The presses (script words: ``seat1.cyan``, ``next``, ``disc 1``) that play
    ``action`` from ``snap``, fewest first; :class:`NoPlan` if the buttons cannot."""
    wanted = _outcome(snap, action)
    if wanted is None:
        raise NoPlan(f"the rules refuse {action}")
    secret = snap.spec.inputs.secret
    if secret is not None and action.get("do") == secret.action:
        return _secret(snap, action, wanted)
    plans: list[list[str]] = []
    inputs = snap.spec.inputs
    prompt = snap.prompt
    exact = [i for i, choice in enumerate(prompt.choices) if choice == action]
    for index, choice in enumerate(prompt.choices):
        if exact and index not in exact:
            continue  # the action is a choice as written: no need to ask the rules
        if not exact and _outcome(snap, choice) != wanted:
            continue
        do = choice.get("do")
        if do in inputs.next_actions and _first_of(snap, do) is choice:
            plans.append(["next"])
        if do == inputs.period_action:
            plans.append(["disc 1"] if snap.hardware.sensor_present else ["next"])
        plans.append([*_to_cursor(snap, index), _seat(snap, SELECT)])
    for number, entry in enumerate(prompt.entries):
        values = _values(entry, action)
        if values is None or _outcome(snap, entry.action(values)) != wanted:
            continue
        opening = [*_to_cursor(snap, len(prompt.choices) + number), _seat(snap, SELECT)]
        plans.append(opening + _fill(snap, entry, values))
    if not plans:
        raise NoPlan(f"no choice or entry of the prompt '{prompt.kind}' plays {action}")
    return min(plans, key=len)


def _outcome(snap: Snapshot, action: Action) -> object | None:
    """What the game would look like after ``action`` (None if refused)."""
    try:
        state = snap.spec.rules.step(snap.state, dict(action))
    except RulesError:
        return None
    return snap.spec.rules.view(state, "debug")


def _first_of(snap: Snapshot, do: object) -> Action | None:
    return next((c for c in snap.prompt.choices if c.get("do") == do), None)


def _seat(snap: Snapshot, colour: str) -> str:
    return f"seat{snap.prompt.seat}.{colour}"


def _to_cursor(snap: Snapshot, index: int) -> list[str]:
    """Round the list the short way from the cursor to ``index``."""
    count = len(snap.prompt.choices) + len(snap.prompt.entries)
    here = snap.ui.cursor % count
    down = (index - here) % count
    up = (here - index) % count
    return [_seat(snap, DOWN)] * down if down <= up else [_seat(snap, UP)] * up


def _secret(snap: Snapshot, action: Action, wanted: object) -> list[str]:
    secret = snap.spec.inputs.secret
    assert secret is not None
    voter = action.get(secret.voter_field)
    for hand in rows(snap.view.get("hands")):
        seat = whole(hand.get("seat"))
        if hand.get("hand") != voter or seat is None:
            continue
        voters = secret_voters(snap, seat)
        if not voters or voters[0] != voter:
            raise NoPlan(f"seat {seat}'s next press chooses for {voters[:1] or 'nobody'}")
        for colour, value in secret.values.items():
            if value == action.get(secret.field):
                return [f"seat{seat}.{colour}"]
    raise NoPlan(f"no button chooses {action}")


def _values(entry: Entry, action: Action) -> list[str | int] | None:
    """Each field's value as ``action`` gives it (a dotted key's place in it; an option
    whose words all appear in a phrase such as "fire warm wet"); a part the action leaves
    out takes the field's ``omit`` value, else its default."""
    values: list[str | int] = []
    for item in entry.fields:
        found = _lookup(action, item.key.split("."))
        if isinstance(found, str) and item.kind == "choice" and found not in item.options:
            found = _option_in(item, found)
        if found is _MISSING:
            found = item.omit[0] if item.omit else item.first
        if item.kind == "int" and not isinstance(found, int):
            return None
        if item.kind == "choice" and found not in item.options:
            return None
        assert isinstance(found, str | int)
        values.append(found)
    return values


_MISSING = object()


def _lookup(action: object, path: Sequence[str]) -> object:
    here = action
    for index, step in enumerate(path):
        if isinstance(here, dict) and step in here:
            here = here[step]
        elif isinstance(here, list) and step.isdigit() and int(step) < len(here):
            here = here[int(step)]
        elif isinstance(here, str) and index > 0:
            return here  # a phrase standing for the whole part ("fire warm wet")
        else:
            return _MISSING
    return here


def _option_in(item: Field, phrase: str) -> object:
    words = set(phrase.replace(",", " ").split())
    fitting = [o for o in item.options if isinstance(o, str) and set(o.split()) <= words]
    return max(fitting, key=len) if fitting else _MISSING


def _fill(snap: Snapshot, entry: Entry, values: Sequence[str | int]) -> list[str]:
    """Field by field: up or down to the value, select; NEXT once the rest are defaults."""
    presses: list[str] = []
    entered: tuple[str | int, ...] = ()
    index: int | None = entry.following(entered)
    while index is not None:
        item = entry.fields[index]
        if entry.action([*entered, *values[len(entered) :]]) == entry.action(list(entered)):
            return [*presses, "next"]  # the rest are the defaults
        presses += _steps(snap, item, item.first, values[index])
        entered, index = entry.confirm(entered, values[index])
        presses.append(_seat(snap, SELECT))
    return presses


def _steps(snap: Snapshot, item: Field, start: str | int, goal: str | int) -> list[str]:
    if item.kind == "int":
        assert isinstance(start, int) and isinstance(goal, int)
        colour = UP if goal > start else DOWN
        return [_seat(snap, colour)] * abs(goal - start)
    count = len(item.options)
    here = item.options.index(start)
    there = item.options.index(goal)
    up = (there - here) % count
    down = (here - there) % count
    return [_seat(snap, UP)] * up if up <= down else [_seat(snap, DOWN)] * down


# --- companion presses: an action script as a press script --------------------------------


def plan_script(script: Script) -> list[tuple[str, str]]:
    """Play ``script``'s actions by planned presses on the box's own controls (mock pins);
    the presses, each with a comment on the last press of its action."""
    from companion.presses import PressRunner  # noqa: PLC0415 (gpiozero loads only here)

    planned: list[tuple[str, str]] = []
    runner = PressRunner(script, ":memory:", "en", lambda line: None)
    try:
        for item in script.actions:
            snap = runner.app.snapshot
            try:
                words = presses_for(snap, item.action)
            except NoPlan as why:
                raise ScriptError(
                    f"{script.path}:{item.line}: action {item.index} ({item.action.get('do')}): "
                    f"no presses play it: {why}"
                ) from None
            head = runner.app.table.head
            for number, word in enumerate(words):
                runner.step(parse_press(word, len(planned) + 1, item.line))
                note = _summary(item.action) if number == len(words) - 1 else ""
                planned.append((word, note))
            if runner.app.table.head != head + 1:
                raise ScriptError(
                    f"{script.path}:{item.line}: action {item.index}: the planned presses "
                    f"{words} did not play it"
                )
    finally:
        runner.close()
    return planned


def _summary(action: Action) -> str:
    """An action in a few words: ``build hand 1: shoulder fire warm wet, forearm water``."""
    words = [str(action.get("do"))]
    for key, value in action.items():
        if key == "do":
            continue
        if isinstance(value, dict):
            words.append(", ".join(f"{k} {_flat(v)}" for k, v in value.items()))
        else:
            words.append(f"{key} {value}")
    return " ".join(words)


def _flat(value: object) -> str:
    if isinstance(value, dict):
        return " ".join(_flat(v) for v in value.values())
    return str(value)


def dump_presses(script: Script, planned: list[tuple[str, str]]) -> str:
    """The press script as YAML text: the game, the setup, one press per line."""
    setup = json.dumps(script.setup, ensure_ascii=False)
    lines = [
        f"# {len(planned)} presses, planned from {script.path} by `companion presses`.",
        f"game: {script.game}",
        f"setup: {setup}",
        "presses:",
    ]
    for word, note in planned:
        lines.append(f"  - {word}" + (f"  # {note}" if note else ""))
    return "\n".join(lines) + "\n"


def presses_main(argv: list[str]) -> int:
    """``companion presses SCRIPT.yaml``: print the press script that plays its actions."""
    parser = argparse.ArgumentParser(
        prog="companion presses",
        description="Turn an action script into the button presses that play it on the box.",
    )
    parser.add_argument("script", help="a YAML script with game, setup and actions")
    args = parser.parse_args(argv)
    try:
        script = load_script(args.script)
        if script.presses:
            raise ScriptError(f"{script.path}: already a press script")
        text = dump_presses(script, plan_script(script))
    except (ScriptError, RulesError) as error:
        print(f"companion: {error}", file=sys.stderr)
        return 2
    sys.stdout.write(text)
    return 0
