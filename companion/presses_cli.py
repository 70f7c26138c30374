"""``companion presses``: an action script as a press script.

Beside the planner (companion/planner.py: the presses of one action from a snapshot) and
the press runner (companion/presses.py: a script's presses on the box's own controls, and
:func:`~companion.presses.plan_all`, a whole script planned), so neither imports the other
back.
"""

from __future__ import annotations

import argparse
import json
import re
import sys

from companion.catalogue.commands import said, say
from companion.i18n import LANGUAGES
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


# The comment :func:`companion.presses.plan_all` leaves where an action was not pressed.
NOT_PRESSED = re.compile(r"action (?P<index>\d+) \(line (?P<line>\d+)\) not pressed")


def dump_presses(script: Script, planned: list[tuple[str, str]], language: str = "en") -> str:
    """The press script as YAML text: the game, the setup, one press per line (an action
    that was not pressed is a comment in its place). The comments' words are in
    ``language``; the presses and the actions they end stay as the script says them."""
    setup = json.dumps(script.setup, ensure_ascii=False)
    count = sum(1 for word, _ in planned if word)
    lines = [
        "# " + say("presses.header", language, count=count, path=script.path),
        f"game: {script.game}",
        f"setup: {setup}",
        "presses:",
    ]
    for word, note in planned:
        if not word:
            skipped = NOT_PRESSED.fullmatch(note)
            shown = (
                note
                if skipped is None
                else say("presses.not_pressed", language, **skipped.groupdict())
            )
            lines.append(f"  # {shown}")
        else:
            lines.append(f"  - {word}" + (f"  # {note}" if note else ""))
    return "\n".join(lines) + "\n"


def presses_main(argv: list[str]) -> int:
    """``companion presses SCRIPT.yaml [--holds] [--lang en|ru]``: print the press script
    that plays its actions. Each action no presses play is named on stderr with its line
    and the reason, and played directly so the rest is planned too; the exit status is then
    2. The command's words (the header, the comments, every line on stderr) are in --lang;
    the presses and the script's own names and keys stay as written."""
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
    parser.add_argument(
        "--lang",
        default="en",
        choices=LANGUAGES,
        help="the language of the comments and of what stderr says (default: en)",
    )
    args = parser.parse_args(argv)
    language = args.lang
    try:
        script = load_script(args.script)
        if script.presses:
            raise ScriptError(say("presses.press_script", "en", path=script.path))
        planned = plan_all(script, holds=args.holds)
    except (ScriptError, RulesError) as error:
        print(f"companion: {said(str(error), language)}", file=sys.stderr)
        return 2
    sys.stdout.write(dump_presses(script, planned.presses, language))
    for missed in planned.unplanned:
        where = f"{script.path}:{missed.line}"
        reason = said(missed.reason, language)
        line = say(
            "presses.unplanned",
            language,
            where=where,
            index=missed.index,
            do=missed.do,
            reason=reason,
        )
        print(f"companion: {line}", file=sys.stderr)
    if planned.unplanned:
        total = len(script.actions)
        line = say("presses.missed", language, missed=len(planned.unplanned), total=total)
        print(f"companion: {line}", file=sys.stderr)
        return 2
    return 0
