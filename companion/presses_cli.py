"""``companion presses``: an action script as a press script.

Beside the planner (companion/planner.py: the presses of one action from a snapshot) and
the press runner (companion/presses.py: a script's presses on the box's own controls, and
:func:`~companion.presses.plan_all`, a whole script planned), so neither imports the other
back.
"""

from __future__ import annotations

import argparse
import json
import sys

from companion.presses import plan_all
from companion.rules.base import RulesError
from companion.script import Script, ScriptError
from companion.script import load as load_script


def plan_script(script: Script) -> list[tuple[str, str]]:
    """Play ``script``'s actions by planned presses on the box's own controls (mock pins);
    the presses, each with a comment on the last press of its action. A ScriptError at the
    first action no presses play (:func:`companion.presses.plan_all` goes on past it)."""
    planned = plan_all(script)
    if planned.unplanned:
        raise ScriptError(planned.unplanned[0].say(script.path))
    return planned.presses


def dump_presses(script: Script, planned: list[tuple[str, str]]) -> str:
    """The press script as YAML text: the game, the setup, one press per line (an action
    that was not pressed is a comment in its place)."""
    setup = json.dumps(script.setup, ensure_ascii=False)
    count = sum(1 for word, _ in planned if word)
    lines = [
        f"# {count} presses, planned from {script.path} by `companion presses`.",
        f"game: {script.game}",
        f"setup: {setup}",
        "presses:",
    ]
    for word, note in planned:
        if not word:
            lines.append(f"  # {note}")
        else:
            lines.append(f"  - {word}" + (f"  # {note}" if note else ""))
    return "\n".join(lines) + "\n"


def presses_main(argv: list[str]) -> int:
    """``companion presses SCRIPT.yaml``: print the press script that plays its actions.
    Each action no presses play is named on stderr with its line and the reason, and played
    directly so the rest is planned too; the exit status is then 2."""
    parser = argparse.ArgumentParser(
        prog="companion presses",
        description="Turn an action script into the button presses that play it on the box.",
    )
    parser.add_argument("script", help="a YAML script with game, setup and actions")
    parser.add_argument(
        "--holds",
        action="store_true",
        help="hold red or blue for a run of 3 or more (where a held button repeats)",
    )
    args = parser.parse_args(argv)
    try:
        script = load_script(args.script)
        if script.presses:
            raise ScriptError(f"{script.path}: already a press script")
        planned = plan_all(script, holds=args.holds)
    except (ScriptError, RulesError) as error:
        print(f"companion: {error}", file=sys.stderr)
        return 2
    sys.stdout.write(dump_presses(script, planned.presses))
    for missed in planned.unplanned:
        print(f"companion: {missed.say(script.path)}", file=sys.stderr)
    if planned.unplanned:
        print(
            f"companion: {len(planned.unplanned)} of {len(script.actions)} actions cannot be "
            "pressed; the press script above leaves them out",
            file=sys.stderr,
        )
        return 2
    return 0
