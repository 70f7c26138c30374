"""``companion stats``: the table's statistics from its journal (docs/stats.md), as tables
in the table's language, as JSON (``--json``: what the report and the phones' page read) or
as an HTML report with its charts (``--html FILE``, :mod:`companion.stats_html`).

Exit codes as ``companion``'s: 0 done; 2 a command line asking for what is not there (no
journal at the path, an empty file or one that is not a journal, an unknown game or player,
a report that cannot be written); 4 a journal that cannot be used (damaged), or one with
games that could not be read (they are left out, named on stderr, and the rest is still
told). Every refusal is one line naming the file, in the language asked for.

A read-only command: the journal is opened read-only (:class:`ReadJournal`), never made,
migrated or given columns; only the statistics' cache is written, through a connection of
its own, and only into a current journal (:func:`companion.stats_cache.takes_cache`).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import cast

from companion.games import GAMES, find
from companion.games_cli import Refused, configured_language, journal_path
from companion.journal import Journal, JournalError, StorageError
from companion.rules.base import SetupError, Wire
from companion.rules.reading import Data, mapping, rows
from companion.stats import gather, known_players, tell
from companion.stats_parts import name_key
from companion.stats_words import WORDS, Amount, passed_on, percent_shown, shown_number

EXIT_OK = 0
EXIT_BAD_REQUEST = 2
EXIT_JOURNAL = 4
EXIT_STORAGE = 5
# Processes a first reading shares its replays among (a Pi 4's cores; each ~40 MB, most of
# it shared with the others by the fork).
MAX_WORKERS = 4

WriteReport = Callable[[Wire, Path, str], None]
# How many players an unknown --player is told of.
NAMED_PLAYERS = 5
# SQLite's page header magic: a file without it is no journal.
SQLITE_MAGIC = b"SQLite format 3\x00"


class NotAJournal(Refused):
    """A file that is not a journal (empty, another SQLite database, not SQLite)."""


class ReadJournal(Journal):
    """A journal opened read-only whatever its file's modes: what ``companion stats``
    reads, never made, migrated nor given columns (the :class:`Journal` opens a file that
    takes no writes so; this asks it to for every file)."""

    def __init__(self, path: Path, language: str) -> None:
        self.language = language  # what a refusal is said in
        super().__init__(path)

    def _connect(self, uri: str, version: int) -> None:
        if version == 0:  # an SQLite file with no tables: not ours to make a journal of
            why = WORDS("why_no_tables", self.language)
            raise NotAJournal(WORDS("not_journal", self.language, path=self.path, why=why))
        self.read_only = True
        super()._connect(uri, version)


def stats_main(argv: list[str]) -> int:
    """``companion stats [--journal FILE] [--json] [--html FILE] [--game NAME] [--player NAME]
    [--lang en|ru]``."""
    args = _parser().parse_args(argv)
    language = args.lang or configured_language(args)

    def fail(message: str, code: int) -> int:
        """One line: a message of the command's own (said already), or one passed on from
        the journal, the rules or the config (said here)."""
        print(f"companion: {passed_on(message, language)}", file=sys.stderr)
        return code

    path = Path(args.journal or "journal")  # named by the config below, without --journal
    try:
        if args.game is not None:
            args.game = " ".join(args.game.split()).casefold()  # MANUS, " manus ": manus
            find(args.game)  # an unknown game is named, with the known ones
        path = journal_path(args)
        write = _report_writer(language) if args.html else None
        journal = _open(path, language)
    except (Refused, SetupError) as refused:
        return fail(_config_said(refused, language) or str(refused), EXIT_BAD_REQUEST)
    except StorageError as error:
        return fail(str(error), EXIT_STORAGE)
    except JournalError as error:
        return fail(_one_line(str(error), path, language), EXIT_JOURNAL)
    try:
        found = gather(journal, game=args.game, workers=min(os.cpu_count() or 1, MAX_WORKERS))
    except JournalError as error:
        return fail(_one_line(str(error), path, language), EXIT_JOURNAL)
    finally:
        journal.close()
    if args.player is not None:
        unknown = _unknown_player(args.player, known_players(found), language)
        if unknown:
            return fail(unknown, EXIT_BAD_REQUEST)
    for problem in found.unreadable:
        said = passed_on(_one_line(problem, path, language), language)
        print(f"companion: {WORDS('left_out', language, problem=said)}", file=sys.stderr)
    stats = tell(found, player=args.player, language=language)
    if write is not None:
        try:
            write(stats, Path(args.html), language)
        except OSError as error:
            said = WORDS("cannot_write", language, path=args.html, error=error.strerror)
            return fail(said, EXIT_BAD_REQUEST)
    if args.json:
        print(json.dumps(stats, ensure_ascii=False, indent=2))
    elif write is None:
        print(plain(stats, language), end="")
    return EXIT_JOURNAL if found.unreadable else EXIT_OK


def _config_said(refused: Exception, language: str) -> str | None:
    """A config that cannot be read (no --journal), each of its problems in ``language``
    as ``companion check-config`` says them; None for any other refusal."""
    from companion.config import ConfigError  # noqa: PLC0415 (loaded already: it refused)

    cause = refused.__cause__
    if language == "en" or not isinstance(cause, ConfigError):
        return None
    from companion.catalogue.commands import said  # noqa: PLC0415 (Russian only)

    return "; ".join(said(problem, language) for problem in cause.problems)


def _unknown_player(name: str, known: list[str], language: str) -> str | None:
    """Why ``--player NAME`` names nobody the journal's games name (None: it names one):
    the name as given, and the players it could have been (the first few, most games
    first)."""
    if name_key(name) and name_key(name) in {name_key(k) for k in known}:
        return None
    shown = ", ".join(known[:NAMED_PLAYERS]) or WORDS("nobody_yet", language)
    if len(known) > NAMED_PLAYERS:
        shown = WORDS("more_players", language, known=shown, more=len(known) - NAMED_PLAYERS)
    key = "unknown_player" if name.strip() else "no_name"
    return WORDS(key, language, name=name, known=shown)


def _open(path: Path, language: str) -> Journal:
    """The journal at ``path``, read-only: one that is not there is a request for nothing
    (exit 2), never a new empty journal made by reading statistics; so is an empty file or
    one that is not a journal (left untouched)."""
    if path.is_dir():
        raise Refused(WORDS("folder", language, path=path))
    if not path.exists():
        raise Refused(WORDS("no_journal", language, path=path))
    if not path.is_file():  # a device, a pipe: never read (it could wait for ever)
        why = WORDS("why_not_file", language)
        raise NotAJournal(WORDS("not_journal", language, path=path, why=why))
    try:
        with path.open("rb") as file:
            head = file.read(len(SQLITE_MAGIC))
    except OSError as error:
        raise JournalError(f"{path}: cannot open the journal: {error.strerror}") from error
    if not head:
        raise NotAJournal(WORDS("empty_file", language, path=path))
    if head != SQLITE_MAGIC:
        why = WORDS("why_not_sqlite", language)
        raise NotAJournal(WORDS("not_journal", language, path=path, why=why))
    try:
        return ReadJournal(path, language)
    except StorageError:
        raise
    except JournalError as error:
        if "malformed" in str(error):  # an SQLite file, damaged past reading its tables
            raise JournalError(_damaged(str(error), path, language)) from error
        if "not a companion journal" in str(error):
            raise NotAJournal(str(error)) from error
        raise


def _one_line(message: str, path: Path, language: str) -> str:
    """A journal's refusal as one line: SQLite's integrity check, which runs to several
    lines, said as the page it failed at."""
    if "\n" not in message and "*** in database" not in message:
        return message
    if "damaged" in message or "***" in message:
        return _damaged(message, path, language)
    return " ".join(message.split())


def _damaged(message: str, path: Path, language: str) -> str:
    """Say that the file is damaged, with the first page SQLite's check names, if any."""
    page = re.search(r"[Pp]age (\d+)", message)
    where = WORDS("at_page", language, page=page.group(1)) if page else ""
    return WORDS("damaged_file", language, path=path, where=where)


def _report_writer(language: str) -> WriteReport:
    """The HTML report's writer, imported only when a report is asked for."""
    try:
        module = importlib.import_module("companion.stats_html")
    except ModuleNotFoundError as error:
        if error.name in ("companion.stats_html", "companion"):
            raise Refused(WORDS("no_report", language)) from error
        raise
    return cast(WriteReport, module.write_report)


# --- the tables in words ------------------------------------------------------------------


def plain(stats: Wire, language: str) -> str:
    """The statistics as a reader reads them in a terminal: the players' table, then each
    game's numbers and its own tables."""

    def say(key: str, **fields: object) -> str:
        return WORDS(key, language, **fields)

    lines = [
        say("title"),
        say("finished_line", finished=stats["finished"], unfinished=stats["unfinished"]),
        "",
    ]
    players = rows(stats.get("players"))
    if players:
        lines += grid(
            [say("player"), say("games"), say("wins"), say("win_rate")],
            [
                [p["name"], p["games"], p["wins"], percent_shown(_num(p["wins"]), _num(p["games"]))]
                for p in players
            ],
            language,
        )
    else:
        lines.append(say("no_games"))
    for name, game in mapping(stats.get("games")).items():
        lines += ["", *_game_lines(name, mapping(game), players, say, language)]
    return "\n".join(lines) + "\n"


def _game_lines(
    name: str, game: Data, players: list[Data], say: Callable[..., str], language: str
) -> list[str]:
    title = str(game.get("title") or name)
    lines = [
        f"{title}: {say('played').lower()} {game.get('played')}, "
        f"{say('unfinished').lower()} {game.get('unfinished')}",
    ]
    if not game.get("played"):
        return lines
    parts = []
    for key, value in (("avg.actions", game.get("avg_actions")), (None, game.get("avg_units"))):
        if isinstance(value, int | float):
            amount = Amount(value, language)
            forms = _unit_forms(name, game, language)
            parts.append(say(key, n=amount) if key else f"{amount} {amount:{forms}}")
    minutes = game.get("avg_minutes")
    if isinstance(minutes, int | float):
        parts.append(say("avg.minutes", n=Amount(minutes, language)))
    if parts:
        lines.append("  " + say("averages", parts=", ".join(parts)))
    wins = []
    for player in players:
        counts = mapping(mapping(player.get("by_game")).get(name))
        if counts:
            wins.append(
                say("standing", name=player["name"], wins=counts["wins"], games=counts["games"])
            )
    if wins:
        lines.append(f"  {say('wins')}: " + ", ".join(wins))
    for each in rows(mapping(game.get("own")).get("tables")):
        columns, body = each.get("columns"), each.get("rows")
        columns = [str(c) for c in columns] if isinstance(columns, list) else []
        body = [list(r) for r in body if isinstance(r, list)] if isinstance(body, list) else []
        lines += ["", f"  {each.get('title')}"]
        lines += ["  " + line for line in grid(columns, body, language)]
    return lines


def grid(columns: Sequence[str], body: Sequence[Sequence[object]], language: str) -> list[str]:
    """Rows under their columns: the first column to the left, numbers to the right."""
    cells = [[_shown(c, language) for c in row] for row in body]
    widths = [
        max([len(columns[i]), *(len(row[i]) for row in cells if i < len(row))])
        for i in range(len(columns))
    ]

    def line(row: Sequence[str]) -> str:
        parts = [
            cell.ljust(widths[i]) if i == 0 else cell.rjust(widths[i]) for i, cell in enumerate(row)
        ]
        return "  ".join(parts).rstrip()

    shown = [line(columns)] if any(columns) else []
    return shown + [line(row) for row in cells]


def _shown(value: object, language: str) -> str:
    return shown_number(value, language)


def _unit_forms(name: str, game: Data, language: str) -> str:
    """The plural forms of the game's unit (``period|periods``; ``период|периода|периодов``):
    its catalogue's ``<unit key>_forms``; the unit's word alone when it has none."""
    spec = GAMES.get(name)
    kit = spec.stats if spec is not None else None
    if spec is not None and kit is None:
        return WORDS("unit.rounds_forms", language)
    if spec is not None and kit is not None and spec.words.has(f"{kit.unit}_forms"):
        return spec.words(f"{kit.unit}_forms", language)
    return str(game.get("unit"))


def _num(value: object) -> float:
    return float(value) if isinstance(value, int | float) else 0.0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion stats",
        description="The table's statistics from its journal's finished games (archived ones "
        "included, unfinished ones counted apart): per player, games, wins and win rate, by "
        "game; per game, how many were played and how long they ran, and each game's own "
        "numbers. docs/stats.md says each.",
        epilog="Exit codes: 0 done; 2 no journal there (or an empty file, or one that is not "
        "a journal: left untouched), an unknown game or player, or a report that cannot be "
        "written; 4 a journal that cannot be used (damaged), or games in it that could not be "
        "read (named, left out, the rest told).",
    )
    parser.add_argument(
        "--journal",
        metavar="FILE",
        help="the journal file (default: the config's; the box's: /var/lib/companion/journal.db)",
    )
    parser.add_argument(
        "--config",
        metavar="FILE",
        help="a config file whose 'journal' names it (default: the shipped config)",
    )
    parser.add_argument(
        "--json", action="store_true", help="print the statistics as JSON (docs/stats.md)"
    )
    parser.add_argument(
        "--html", metavar="FILE", help="write an HTML report with its charts to FILE"
    )
    parser.add_argument(
        "--game", metavar="NAME", help=f"only this game's ({', '.join(sorted(GAMES))})"
    )
    parser.add_argument(
        "--player", metavar="NAME", help="only this player's games (the name in any case)"
    )
    parser.add_argument(
        "--lang",
        choices=("en", "ru"),
        help="the language of the tables, the report and the messages (default: the "
        "config's language; with --journal: en)",
    )
    return parser
