"""``companion stats``: the table's statistics from its journal (docs/stats.md), as tables
in the table's language, as JSON (``--json``: what the report and the phones' page read) or
as an HTML report with its charts (``--html FILE``, :mod:`companion.stats_html`).

Exit codes as ``companion``'s: 0 done; 2 a command line asking for what is not there (no
journal at the path, an unknown game, a report that cannot be written); 4 a journal that
cannot be used, or one with games that could not be read (they are left out, named on
stderr, and the rest is still told).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import cast

from companion.games import find
from companion.games_cli import Refused, journal_path
from companion.journal import Journal, JournalError, StorageError
from companion.rules.base import SetupError, Wire
from companion.rules.reading import Data, mapping, rows
from companion.stats import gather, tell
from companion.stats_words import WORDS

EXIT_OK = 0
EXIT_BAD_REQUEST = 2
EXIT_JOURNAL = 4
EXIT_STORAGE = 5
# Processes a first reading shares its replays among (a Pi 4's cores; each ~40 MB, most of
# it shared with the others by the fork).
MAX_WORKERS = 4

WriteReport = Callable[[Wire, Path, str], None]


def stats_main(argv: list[str]) -> int:
    """``companion stats [--journal FILE] [--json] [--html FILE] [--game NAME] [--player NAME]
    [--lang en|ru]``."""
    args = _parser().parse_args(argv)
    try:
        if args.game is not None:
            find(args.game)  # an unknown game is named, with the known ones
        path = journal_path(args)
        write = _report_writer() if args.html else None
        journal = _open(path)
    except (Refused, SetupError) as refused:
        return _fail(str(refused), EXIT_BAD_REQUEST)
    except StorageError as error:
        return _fail(str(error), EXIT_STORAGE)
    except JournalError as error:
        return _fail(str(error), EXIT_JOURNAL)
    try:
        found = gather(journal, game=args.game, workers=min(os.cpu_count() or 1, MAX_WORKERS))
    except JournalError as error:
        return _fail(str(error), EXIT_JOURNAL)
    finally:
        journal.close()
    for problem in found.unreadable:
        print(f"companion: {problem}; left out of the statistics", file=sys.stderr)
    stats = tell(found, player=args.player, language=args.lang)
    if write is not None:
        try:
            write(stats, Path(args.html), args.lang)
        except OSError as error:
            return _fail(
                f"{args.html}: cannot write the report: {error.strerror}", EXIT_BAD_REQUEST
            )
    if args.json:
        print(json.dumps(stats, ensure_ascii=False, indent=2))
    elif write is None:
        print(plain(stats, args.lang), end="")
    return EXIT_JOURNAL if found.unreadable else EXIT_OK


def _fail(message: str, code: int) -> int:
    print(f"companion: {message}", file=sys.stderr)
    return code


def _open(path: Path) -> Journal:
    """The journal at ``path``: one that is not there is a request for nothing (exit 2),
    never a new empty journal made by reading statistics."""
    if path.is_dir():
        raise Refused(f"{path}: a folder, not a journal: name the journal file in it")
    if not path.exists():
        raise Refused(f"{path}: no journal there (the table makes it at its first game)")
    if not path.is_file():
        raise JournalError(f"{path}: not a journal file")
    return Journal(path)


def _report_writer() -> WriteReport:
    """The HTML report's writer, imported only when a report is asked for."""
    try:
        module = importlib.import_module("companion.stats_html")
    except ModuleNotFoundError as error:
        if error.name in ("companion.stats_html", "companion"):
            raise Refused("the HTML report (--html) is not built into this version") from error
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
                [p["name"], p["games"], p["wins"], f"{round(100 * _num(p['win_rate']))}%"]
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
    lines.append(
        "  "
        + say(
            "averages",
            actions=_shown(game.get("avg_actions"), language),
            units=_shown(game.get("avg_units"), language),
            unit=game.get("unit"),
            minutes=_shown(game.get("avg_minutes"), language),
        )
    )
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
    if value is None:
        return "–"
    if isinstance(value, float):  # as the JSON rounds it, without trailing zeros
        shown = f"{value:.2f}".rstrip("0").rstrip(".")
        return shown.replace(".", ",") if language == "ru" else shown  # 2,5 in Russian
    return str(value)


def _num(value: object) -> float:
    return float(value) if isinstance(value, int | float) else 0.0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion stats",
        description="The table's statistics from its journal's finished games (archived ones "
        "included, unfinished ones counted apart): per player, games, wins and win rate, by "
        "game; per game, how many were played and how long they ran, and each game's own "
        "numbers. docs/stats.md says each.",
        epilog="Exit codes: 0 done; 2 no journal there, an unknown game, or a report that "
        "cannot be written; 4 a journal that cannot be used, or games in it that could not be "
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
    parser.add_argument("--game", metavar="NAME", help="only this game's (bestiary, manus...)")
    parser.add_argument(
        "--player", metavar="NAME", help="only this player's games (the name in any case)"
    )
    parser.add_argument(
        "--lang",
        default="en",
        choices=("en", "ru"),
        help="the language of the tables and the report (default: en)",
    )
    return parser
