"""The ``companion`` command.

Exit codes: 0 done; 1 the output's reader went away (``| head``); 2 a malformed script,
setup, config or command line; 3 an illegal action in a script; 4 a journal that cannot be
used (damaged, not a journal, from a newer companion); 5 a journal the storage will not
let be written (read-only or full); 130 stopped by Ctrl-C.

Every file the companion makes is its user's alone (0600): the hidden votes are in the
journal, and the names of the players beside it.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Sequence

from companion import script as scripts
from companion.catalogue.commands import said as said_in
from companion.catalogue.refusals import refusal
from companion.games import GAMES
from companion.journal import Journal, JournalError, StorageError
from companion.narration import narrate
from companion.rules.base import RulesError, SetupError
from companion.table import Table

EXIT_OK = 0
EXIT_BAD_INPUT = 2
EXIT_ILLEGAL = 3
EXIT_JOURNAL = 4
EXIT_STORAGE = 5
PRIVATE_UMASK = 0o077  # files 0600, folders 0700, whatever the shell's umask
EXIT_PIPE_CLOSED = 1  # as the Python docs' "Note on SIGPIPE" does
EXIT_INTERRUPTED = 130  # Ctrl-C, as shells report a command SIGINT ended (128 + 2)


def _fail(message: str, code: int) -> int:
    print(f"companion: {message}", file=sys.stderr)
    return code


def play(path: str, as_json: bool, db: str, language: str) -> int:
    """Run a script headless through the table (journal and all)."""
    try:
        script = scripts.load(path)
    except scripts.ScriptError as error:
        return _fail(said_in(str(error), language), EXIT_BAD_INPUT)
    journal = _open_whole(db)
    if isinstance(journal, int):
        return journal
    if script.presses:
        journal.close()
        return _play_presses(script, as_json, db, language)
    try:
        return _play_actions(script, as_json, journal, language)
    finally:
        journal.close()


def _play_actions(script: scripts.Script, as_json: bool, journal: Journal, language: str) -> int:
    try:
        table = Table.new_game(journal, script.game, script.setup)
    except SetupError as error:
        said = refusal(error, language)  # --lang ru: the reason in Russian, the place as it is
        return _fail(f"{script.path}:{script.setup_line}: {said}", EXIT_BAD_INPUT)
    except StorageError as error:
        return _fail(f"{error}; nothing of this game was kept", EXIT_STORAGE)
    for item in script.actions:
        try:
            table.apply(item.action)
        except StorageError as error:
            kept = f"game {table.record.id} is kept up to action {table.head}"
            stopped = f"the script stopped at {script.path}:{item.line}"
            return _fail(f"{error}; {kept}; {stopped}", EXIT_STORAGE)
        except RulesError as error:
            action = "действие" if language == "ru" else "action"  # the do stays: it is typed
            where = f"{script.path}:{item.line}: {action} {item.index} ({item.action['do']})"
            if as_json:
                _print_final(table, language)
            return _fail(f"{where}: {refusal(error, language)}", EXIT_ILLEGAL)
        if not as_json:
            for line in narrate(table.spec, table.state.events, table.view(), language):
                print(line)
    if as_json:
        _print_final(table, language)
    else:
        print(f"> {table.prompt().say(language)}")
    return EXIT_OK


def _open_whole(db: str) -> Journal | int:
    """The journal a script adds a game to, or the exit code after saying why not: it must
    be read whole first (a game is never written into a file with a damaged row) and the
    storage must take writes."""
    if os.path.isdir(db):  # SQLite would call it "disk I/O error"
        return _fail(f"{db}: a folder, not a journal: name the journal file in it", EXIT_BAD_INPUT)
    try:
        journal = Journal(db)
    except StorageError as error:
        return _fail(str(error), EXIT_STORAGE)
    except JournalError as error:
        return _fail(str(error), EXIT_JOURNAL)
    try:
        journal.check_whole()
    except JournalError as error:
        journal.close()
        return _fail(f"{error}; no game was added to it", EXIT_JOURNAL)
    if journal.read_only:
        journal.close()
        return _fail(
            f"{db}: the journal is read-only (its file or folder takes no writes); no game "
            "was added to it",
            EXIT_STORAGE,
        )
    return journal


def _play_presses(script: scripts.Script, as_json: bool, db: str, language: str) -> int:
    """A press script: the box's own controls on mock pins (``companion/presses.py``)."""
    from companion import presses  # noqa: PLC0415 (gpiozero loads only for presses)

    said: list[str] = []
    try:
        runner = presses.run(script, db, language, said.append)
    except scripts.ScriptError as error:
        return _fail(said_in(str(error), language), EXIT_BAD_INPUT)
    except SetupError as error:
        said_setup = refusal(error, language)
        return _fail(f"{script.path}:{script.setup_line}: {said_setup}", EXIT_BAD_INPUT)
    except StorageError as error:
        return _fail(f"{error}; nothing of this game was kept", EXIT_STORAGE)
    except JournalError as error:
        return _fail(str(error), EXIT_JOURNAL)
    try:
        if as_json:
            snap = runner.app.snapshot
            picture = {
                "game": snap.spec.name,
                "view": snap.view,
                "prompt": snap.prompt.to_json(language),
            }
            print(json.dumps(picture, ensure_ascii=False, indent=2))
        else:
            for line in said:
                print(line)
            print(f"> {runner.app.snapshot.prompt.say(language)}")
    finally:
        runner.close()
    return EXIT_OK


def _print_final(table: Table, language: str) -> None:
    prompt = table.prompt().to_json(language)
    picture = {"game": table.game, "view": table.view(), "prompt": prompt}
    print(json.dumps(picture, ensure_ascii=False, indent=2))


EXIT_CODES = (
    "Exit codes: 0 done; 1 the output's reader went away; 2 a malformed script, setup, config "
    "or command line (file:line: reason); 3 an illegal action in a script; 4 a journal that "
    "cannot be used (damaged, not a journal, from a newer companion); 5 a journal the storage "
    "will not let be written (read-only or full); 130 stopped by Ctrl-C."
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion",
        description="Sigillum Table Companion: keeps the clock and the books. "
        "`companion COMMAND --help` says what each command takes.",
        epilog=EXIT_CODES,
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    play_cmd = commands.add_parser(
        "play",
        help="SCRIPT: play a game script headless (actions or button presses)",
        description="Play a game script headless through the table, journal and all: narrate "
        "each action (or press), then say the prompt the table stops at.",
        epilog=f"A script is YAML: 'game' ({', '.join(sorted(GAMES))}), 'setup' (the game's "
        "setup keys), then either 'actions' (the game's action vocabulary: docs/<game>.md) or "
        "'presses' (the box's buttons, one a line: seat1.cyan, next, undo, menu, 'hold undo "
        "1.5', 'disc 1', 'disc -1', 'wait 0.5': docs/buttons.md). "
        "`companion presses SCRIPT` turns an action script into the presses that play it. "
        "Examples: docs/examples/. " + EXIT_CODES,
    )
    play_cmd.add_argument(
        "script",
        metavar="SCRIPT",
        help="a YAML script: game, setup, then actions or presses (docs/examples/)",
    )
    play_cmd.add_argument(
        "--json", action="store_true", help="print the end as JSON: game, view and prompt"
    )
    play_cmd.add_argument(
        "--db",
        default=":memory:",
        metavar="FILE",
        help="a journal file to keep the game in, made if missing (default: in memory, "
        "nothing kept)",
    )
    play_cmd.add_argument(
        "--lang",
        default="en",
        choices=("en", "ru"),
        help="the language of the narration and the prompt (default: en)",
    )
    for name, help_text in DELEGATED.items():
        sub = commands.add_parser(name, help=help_text[1], add_help=False)
        sub.add_argument("rest", nargs=argparse.REMAINDER)
    return parser


# Subcommands whose own module parses its arguments: name -> (module:function, help). The
# help names what each takes; its own --help says the rest.
DELEGATED: dict[str, tuple[str, str]] = {
    "run": ("companion.app:run_main", "start the table on the configured hardware [--config FILE]"),
    "sim": ("companion.display.sim:sim_main", "start the simulator window [--game, --players]"),
    "check-config": (
        "companion.config:check_main",
        "FILE: check a config file, every problem with its line (--lang en|ru); exit 0 or 2",
    ),
    "virtual-pico": ("companion.hardware.virtual_pico:main", "serve a virtual Pico on a pty"),
    "cards": (
        "companion.cards_cli:cards_main",
        "list|check|export|import [FILE] [--lang en|ru]: the card library beside the journal",
    ),
    "presses": (
        "companion.presses_cli:presses_main",
        "SCRIPT: turn an action script into the button presses that play it "
        "[--holds] [--lang en|ru]",
    ),
    "service": (
        "companion.service:service_main",
        "groups|network [--config FILE]: help the installer set up the systemd unit",
    ),
    "games": (
        "companion.games_cli:games_main",
        "[list|resume ID|export [ID..]|archive ID..|unarchive ID..]: the journal's games",
    ),
    "stats": (
        "companion.stats_cli:stats_main",
        "[--json] [--html FILE] [--game NAME] [--player NAME]: the table's statistics",
    ),
    "club": (
        "companion.club:club_main",
        "[--host HOST --port PORT]: every table's live line from an MQTT broker",
    ),
}


def _delegate(name: str, argv: list[str]) -> int:
    target, _ = DELEGATED[name]
    module_name, function = target.split(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name and module_name.startswith(error.name):
            return _fail(f"'{name}' is not built into this version", EXIT_BAD_INPUT)
        raise
    result: int = getattr(module, function)(argv)
    return result


def main(argv: Sequence[str] | None = None) -> int:
    umask = os.umask(PRIVATE_UMASK)  # put back after (tests call main in their process)
    try:
        code = _main(argv)
        sys.stdout.flush()  # a reader gone away shows here, not as a warning at exit
    except BrokenPipeError:
        # `companion play x.yaml | head`: the reader took what it wanted. As the Python docs
        # advise ("Note on SIGPIPE"), stdout goes to devnull so the exit flush stays quiet.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_PIPE_CLOSED
    except KeyboardInterrupt:  # Ctrl-C: the user knows why; no traceback
        print(file=sys.stderr)
        return EXIT_INTERRUPTED
    finally:
        os.umask(umask)
    return code


def _main(argv: Sequence[str] | None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    given = list(sys.argv[1:] if argv is None else argv)
    if given and given[0] in DELEGATED:
        # These commands parse their own options (argparse.REMAINDER drops leading ones).
        return _delegate(given[0], given[1:])
    parser = build_parser()
    args = parser.parse_args(given)
    if args.command == "play":
        return play(args.script, args.json, args.db, args.lang)
    return _delegate(args.command, list(args.rest))


if __name__ == "__main__":
    sys.exit(main())
