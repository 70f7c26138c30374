"""``companion games``: the journal's games, listed, resumed, exported and archived.

Archiving marks a game (the journal's ``archived`` table, added at the first archive): the
game stays whole in the same file, `companion games` lists and exports it, but neither a
restart nor the menu offers it any more. A mark rather than a move to another file: one
transaction, nothing to lose between two files under a power cut, undone by ``unarchive``,
and archiving leaves the schema as it is (an older companion reading it ignores the mark).

Exit codes as ``companion``'s: 0 done; 2 a command line asking for what is not there (no
such game, a game that cannot be resumed or archived); 4 a journal that cannot be used;
5 a journal the storage will not let be written (a resume or archive on a read-only card).
No journal at all is a fresh machine, not a damaged one: no games yet, exit 0.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TextIO

from companion.catalogue import commands
from companion.catalogue.refusals import compiled
from companion.games import GAMES
from companion.i18n import LANGUAGES
from companion.journal import FILE_MODE, GameRecord, Journal, JournalError, StorageError
from companion.rules.base import Wire
from companion.table import ACTIVE, FINISHED, Table

EXIT_OK = 0
EXIT_BAD_REQUEST = 2
EXIT_JOURNAL = 4
EXIT_STORAGE = 5  # the storage refuses the journal's writes (read-only, full): as `play`
# id, game (as wide as the longest game's name), players, status, actions, created
GAME_WIDTH = max(len(name) for name in GAMES) + 2
ROW = "{:>4}  {:<" + str(GAME_WIDTH) + "}{:<24}{:<14}{:<16}{}\n"


# The list's words: its heading, each game's status, the actions undone.
LIST_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "id": "id",
        "game": "game",
        "players": "players",
        "status": "status",
        "actions": "actions",
        "created": "created",
        "archived": "archived",
        "finished": "finished",
        "on the table": "on the table",
        "unfinished": "unfinished",
        "damaged": "damaged",
        "undone": " (+{count} undone)",
    },
    "ru": {
        "id": "№",
        "game": "игра",
        "players": "игроки",
        "status": "состояние",
        "actions": "ходов",
        "created": "начата",
        "archived": "в архиве",
        "finished": "окончена",
        "on the table": "на столе",
        "unfinished": "не окончена",
        "damaged": "повреждена",
        "undone": " (+{count} отменено)",
    },
}

# Every other line the command prints, English template -> Russian (a path, an id, a count
# in braces); a line none fits is printed as it is (a journal's own error).
RU: dict[str, str] = {
    "no games yet in {path}": "игр ещё нет в {path}",
    "no games yet ({path} is made when the table starts its first game)": (
        "игр ещё нет ({path} появится, когда стол начнёт первую игру)"
    ),
    "no game {game}: no games yet ({path} is made when the table starts its first game)": (
        "нет игры {game}: игр ещё нет ({path} появится, когда стол начнёт первую игру)"
    ),
    "nothing to archive: no games yet ({path} is made when the table starts its first game)": (
        "в архив нечего убрать: игр ещё нет ({path} появится, когда стол начнёт первую игру)"
    ),
    "{path}: a folder, not a journal: name the journal file in it": (
        "{path}: это папка, а не журнал: назовите файл журнала в ней"
    ),
    "{path}: not a journal file": "{path}: это не файл журнала",
    "{path}: which games? give their ids or --finished": (
        "{path}: какие игры? укажите их номера или --finished"
    ),
    "{path}: give game ids or --finished, not both": (
        "{path}: укажите номера игр или --finished, но не то и другое"
    ),
    "{path}: game {game} is archived; `companion games unarchive {game}` first": (
        "{path}: игра {game} в архиве; сначала `companion games unarchive {game}`"
    ),
    "{path}: game {game} is over: it cannot be resumed": (
        "{path}: игра {game} окончена: продолжить её нельзя"
    ),
    "{path}: game {game} is on the table; end it or resume another first": (
        "{path}: игра {game} на столе; сначала закончите её или продолжите другую"
    ),
    "{path}: game {game} is unfinished; add --unfinished to archive it anyway": (
        "{path}: игра {game} не окончена; добавьте --unfinished, чтобы всё же убрать её в архив"
    ),
    "{path}: no game {game} (`companion games` lists them)": (
        "{path}: нет игры {game} (их список: `companion games`)"
    ),
    "game {game} ({name}: {players}, {head} actions) is the one the table picks up at its "
    "next start (restart it: sudo systemctl restart companion)": (
        "игру {game} ({name}: {players}, ходов: {head}) стол продолжит при следующем запуске "
        "(перезапуск: sudo systemctl restart companion)"
    ),
    "{target}: a folder: name the export file (-o FILE)": (
        "{target}: это папка: назовите файл выгрузки (-o FILE)"
    ),
    "{target}: cannot write the export: {error}": "{target}: выгрузка не записывается: {error}",
    "{error}; left out of the export": "{error}; не вошла в выгрузку",
    "nothing to archive": "в архив нечего убрать",
    "archived: game {ids}": "в архиве: игра {ids}",
    "archived: games {ids}": "в архиве: игры {ids}",
    "not archived: game {ids}": "не в архиве: игра {ids}",
    "not archived: games {ids}": "не в архиве: игры {ids}",
    "back from the archive: game {ids}": "из архива возвращена игра {ids}",
    "back from the archive: games {ids}": "из архива возвращены игры {ids}",
}


class Refused(Exception):
    """A request that cannot be granted (exit 2): one the journal cannot grant, a config
    that cannot be read; the message names the file (``companion stats`` refuses so too)."""


def games_main(argv: list[str]) -> int:
    """``companion games [list|resume|export|archive|unarchive] [--journal FILE]
    [--lang en|ru]``: in English as it is; in Russian the list is drawn in Russian and every
    other line said from :data:`RU` (an export's JSON Lines printed as they are)."""
    args = _parser().parse_args(argv)
    language = args.lang or configured_language(args)
    if language == "en":
        return _games(args, language)
    out, err = io.StringIO(), io.StringIO()
    keep_out = (args.command or "list") == "export"  # JSON Lines: data, not words
    with contextlib.redirect_stderr(err):
        if keep_out:
            code = _games(args, language)
        else:
            with contextlib.redirect_stdout(out):
                code = _games(args, language)
    sys.stdout.write(_said(out.getvalue(), language))
    sys.stderr.write(_said(err.getvalue(), language))
    return code


def _games(args: argparse.Namespace, language: str) -> int:
    command = args.command or "list"
    try:
        path = journal_path(args)
        if not path.exists():
            return _no_games_yet(command, args, path)
        if path.is_dir():
            raise Refused(f"{path}: a folder, not a journal: name the journal file in it")
        if not path.is_file():
            raise JournalError(f"{path}: not a journal file")
        journal = Journal(path)
    except StorageError as error:
        return _fail(str(error), EXIT_STORAGE)
    except (JournalError, OSError) as error:
        return _fail(str(error), EXIT_JOURNAL)
    except Refused as problem:
        return _fail(str(problem), EXIT_BAD_REQUEST)
    try:
        if command == "list":
            return list_games(journal, sys.stdout, language)
        if command == "resume":
            return resume(journal, args.game)
        if command == "export":
            return export(journal, args.games, args.output)
        if command == "archive":
            return archive(journal, args.games, finished=args.finished, unfinished=args.unfinished)
        return unarchive(journal, args.games)
    except Refused as refused:
        return _fail(str(refused), EXIT_BAD_REQUEST)
    except StorageError as error:
        return _fail(str(error), EXIT_STORAGE)
    except JournalError as error:
        return _fail(str(error), EXIT_JOURNAL)
    finally:
        journal.close()


def _fail(message: str, code: int) -> int:
    print(f"companion: {message}", file=sys.stderr)
    return code


# --- the commands ---------------------------------------------------------------------------


def _no_games_yet(command: str, args: argparse.Namespace, path: Path) -> int:
    """No journal at ``path`` yet: a fresh machine, whose table makes it at its first game.
    Listed and exported, that is no games (exit 0, and the journal is not created here: the
    table makes it with its own schema); a game asked for by its id is not there (exit 2)."""
    yet = f"no games yet ({path} is made when the table starts its first game)"
    ids: list[int] = [args.game] if command == "resume" else list(getattr(args, "games", []))
    if ids:
        return _fail(f"no game {ids[0]}: {yet}", EXIT_BAD_REQUEST)
    if command == "archive" and not args.finished:
        return _fail(f"{path}: which games? give their ids or --finished", EXIT_BAD_REQUEST)
    if command == "export":
        print(yet, file=sys.stderr)  # stdout stays JSON Lines (none)
        if args.output is not None:
            try:
                _write_whole(Path(args.output), lambda out: EXIT_OK)
            except Refused as refused:
                return _fail(str(refused), EXIT_BAD_REQUEST)
        return EXIT_OK
    print(f"nothing to archive: {yet}" if command == "archive" else yet)
    return EXIT_OK


def list_games(journal: Journal, out: TextIO, language: str = "en") -> int:
    """One line a game, oldest first; a damaged game is listed as such and named on stderr.
    Its words in ``language`` (the games' and players' names as they are)."""
    words = LIST_WORDS.get(language, LIST_WORDS["en"])
    current = journal.current()
    damaged = 0
    game_ids = journal.game_ids()
    if not game_ids:
        out.write(f"no games yet in {journal.path}\n")
        return EXIT_OK
    heading = ("id", "game", "players", "status", "actions", "created")
    out.write(ROW.format(*(words[k] for k in heading)))
    for game_id in game_ids:
        try:
            record = journal.game(game_id)
            count = journal.action_count(game_id)
        except JournalError as error:
            damaged += 1
            print(f"companion: {error}", file=sys.stderr)
            out.write(ROW.format(game_id, "?", "", words["damaged"], "?", "?"))
            continue
        actions = str(record.head)
        if count > record.head:
            actions += words["undone"].format(count=count - record.head)
        players = _players(record)
        players = players if len(players) <= 22 else f"{players[:21]}…"
        status = words[_status(record, current)]
        created = record.created_at.replace("T", " ").removesuffix("Z")
        out.write(ROW.format(game_id, record.game, players, status, actions, created))
    return EXIT_JOURNAL if damaged else EXIT_OK


def resume(journal: Journal, game_id: int) -> int:
    """Make a game the one the next start picks up (it must replay first)."""
    record = _game(journal, game_id)
    if record.archived:
        raise Refused(
            f"{journal.path}: game {game_id} is archived; `companion games unarchive "
            f"{game_id}` first"
        )
    if record.status != ACTIVE:
        raise Refused(f"{journal.path}: game {game_id} is over: it cannot be resumed")
    Table(journal, record)  # a game that does not replay raises here, and is not chosen
    journal.set_current(game_id)
    print(
        f"game {game_id} ({record.game}: {_players(record)}, {record.head} actions) is the one "
        "the table picks up at its next start (restart it: sudo systemctl restart companion)"
    )
    return EXIT_OK


def export(journal: Journal, game_ids: list[int], output: str | None) -> int:
    """JSON Lines: for each game a header (the game and its setup), then one line an action.
    With ``-o FILE`` the file is written whole or not at all, readable by its owner only
    (the hidden votes are in it)."""
    chosen = game_ids or journal.game_ids()
    for game_id in game_ids:
        _game(journal, game_id)
    if output is None:
        return _export(journal, chosen, sys.stdout, whole=bool(game_ids))
    return _write_whole(
        Path(output), lambda out: _export(journal, chosen, out, whole=bool(game_ids))
    )


def _write_whole(target: Path, write: Callable[[TextIO], int]) -> int:
    """``write`` into ``target`` whole or not at all (a temporary file beside it, then
    renamed), readable by its owner only; its exit code."""
    if not target.name or target.is_dir():
        raise Refused(f"{target}: a folder: name the export file (-o FILE)")
    try:
        descriptor, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    except OSError as error:
        raise Refused(f"{target}: cannot write the export: {error.strerror}") from error
    try:
        os.fchmod(descriptor, FILE_MODE)
        with os.fdopen(descriptor, "w", encoding="utf-8") as out:
            code = write(out)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, target)
    except OSError as error:
        raise Refused(f"{target}: cannot write the export: {error.strerror}") from error
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
    return code


def _export(journal: Journal, game_ids: list[int], out: TextIO, *, whole: bool) -> int:
    """Every game asked for; when all are exported, a damaged one is left out and named
    (exit 4) instead of stopping the others."""
    left_out = 0
    for game_id in game_ids:
        try:
            lines = list(_game_lines(journal, game_id))
        except JournalError as error:
            if whole:
                raise
            left_out += 1
            print(f"companion: {error}; left out of the export", file=sys.stderr)
            continue
        for line in lines:
            out.write(json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n")
    return EXIT_JOURNAL if left_out else EXIT_OK


def _game_lines(journal: Journal, game_id: int) -> Iterator[Wire]:
    record = journal.game(game_id)
    actions = journal.actions(game_id)
    yield {
        "type": "game",
        "game_id": record.id,
        "game": record.game,
        "setup": record.setup,
        "created_at": record.created_at,
        "status": record.status,
        "archived": record.archived,
        "head": record.head,
        "actions": len(actions),
    }
    for action in actions:
        yield {
            "type": "action",
            "game_id": record.id,
            "seq": action.seq,
            "at": action.at,
            "seat": action.seat,
            "action": action.action,
            "undone": action.seq > record.head,  # the redo stack
        }


def archive(journal: Journal, game_ids: list[int], *, finished: bool, unfinished: bool) -> int:
    """Mark games archived: finished ones; unfinished ones only when asked (``--unfinished``),
    and never the unfinished game on the table."""
    if not game_ids and not finished:
        raise Refused(f"{journal.path}: which games? give their ids or --finished")
    if game_ids and finished:
        raise Refused(f"{journal.path}: give game ids or --finished, not both")
    if finished:
        records = [r for r in _readable(journal) if r.status == FINISHED and not r.archived]
    else:
        records = [_game(journal, game_id) for game_id in game_ids]
    current = journal.current()
    for record in records:
        if record.status == ACTIVE and record.id == current:
            raise Refused(
                f"{journal.path}: game {record.id} is on the table; end it or resume another first"
            )
        if record.status == ACTIVE and not unfinished:
            raise Refused(
                f"{journal.path}: game {record.id} is unfinished; add --unfinished to archive "
                "it anyway"
            )
    if not records:
        print("nothing to archive")
        return EXIT_OK
    journal.archive([r.id for r in records])
    print(f"archived: game{'s' if len(records) > 1 else ''} {_ids(records)}")
    return EXIT_OK


def unarchive(journal: Journal, game_ids: list[int]) -> int:
    records = [_game(journal, game_id) for game_id in game_ids]
    archived = [record for record in records if record.archived]
    if len(archived) < len(records):  # said, not refused: what was asked for holds
        kept = [record for record in records if not record.archived]
        print(f"not archived: game{'s' if len(kept) > 1 else ''} {_ids(kept)}")
    if not archived:
        return EXIT_OK
    journal.unarchive([record.id for record in archived])
    print(f"back from the archive: game{'s' if len(archived) > 1 else ''} {_ids(archived)}")
    return EXIT_OK


# --- helpers ----------------------------------------------------------------------------


def _game(journal: Journal, game_id: int) -> GameRecord:
    if game_id not in journal.game_ids():
        raise Refused(f"{journal.path}: no game {game_id} (`companion games` lists them)")
    return journal.game(game_id)


def _readable(journal: Journal) -> Iterator[GameRecord]:
    for game_id in journal.game_ids():
        try:
            yield journal.game(game_id)
        except JournalError:
            continue


def _ids(records: list[GameRecord]) -> str:
    return ", ".join(str(record.id) for record in records)


def _players(record: GameRecord) -> str:
    players = record.setup.get("players")
    if isinstance(players, list):
        return ", ".join(str(player) for player in players)
    return f"{players} players" if isinstance(players, int) else "?"


def _status(record: GameRecord, current: int | None) -> str:
    if record.archived:
        return "archived"
    if record.status == FINISHED:
        return "finished"
    return "on the table" if record.id == current else "unfinished"


def configured_language(args: argparse.Namespace) -> str:
    """The config's language when the command reads the config (no --journal), else en;
    a config that cannot be read is reported by the command itself (``companion games``,
    ``stats``, ``cards``: their ``--lang`` default)."""
    if args.journal:
        return "en"
    from companion.config import ConfigError, load  # noqa: PLC0415 (only without --journal)

    try:
        return load(args.config).language
    except (ConfigError, OSError, ValueError):
        return "en"


def _said(printed: str, language: str) -> str:
    """What the command printed, each line in ``language`` (``companion:`` kept)."""
    if language != "ru":
        return printed
    made = compiled(RU)
    lines = []
    for line in printed.split("\n"):
        prefix = "companion: " if line.startswith("companion: ") else ""
        body = line[len(prefix) :]
        for template in made:
            found = template.pattern.match(body)
            if found is not None:
                body = template.russian.format(**found.groupdict())
                break
        else:  # not this command's own: the commands' shared lines (a config's problem)
            body = commands.said(body, language)
        lines.append(prefix + body)
    return "\n".join(lines)


def journal_path(args: argparse.Namespace) -> Path:
    """The journal a command reads: --journal's, else the config's (--config or the
    shipped one); a config that cannot be read is :class:`Refused` (exit 2)."""
    if args.journal:
        return Path(args.journal)
    from companion.config import ConfigError, load  # noqa: PLC0415 (only without --journal)

    try:
        return load(args.config).journal_path
    except ConfigError as error:
        raise Refused("; ".join(error.problems)) from error


def _where(default: object) -> argparse.ArgumentParser:
    """--journal and --config, before or after the command (after it, an option left out
    must not overwrite one given before: hence SUPPRESS there)."""
    where = argparse.ArgumentParser(add_help=False)
    where.add_argument(
        "--journal",
        default=default,
        metavar="FILE",
        help="the journal file (the box's: /var/lib/companion/journal.db; default: the config's)",
    )
    where.add_argument(
        "--config",
        default=default,
        metavar="FILE",
        help="a config file whose 'journal' names it (default: the shipped config: "
        "$STATE_DIRECTORY/journal.sqlite, else ~/.local/state/companion/journal.sqlite)",
    )
    where.add_argument(
        "--lang",
        default=default,
        choices=LANGUAGES,
        help="the language of the list and the messages (default: the config's language; "
        "with --journal: en)",
    )
    return where


def _parser() -> argparse.ArgumentParser:
    where = _where(argparse.SUPPRESS)
    parser = argparse.ArgumentParser(
        prog="companion games",
        parents=[_where(None)],
        description="The journal's games: list (the default), resume, export, archive, "
        "unarchive. Games are named by the ids the list shows.",
        epilog="Exit codes: 0 done; 2 no such game or file, or a request the journal cannot "
        "grant; 4 a journal that cannot be used (damaged, not a journal); 5 a journal the "
        "storage will not let be written.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    def command(name: str, summary: str) -> argparse.ArgumentParser:
        return commands.add_parser(name, parents=[where], help=summary, description=summary)

    command("list", "list the games, one line a game: id, game, players, status, actions")
    resume_cmd = command("resume", "make a game the one the table picks up at its next start")
    resume_cmd.add_argument("game", type=int, metavar="ID", help="the game's id (from the list)")
    export_cmd = command("export", "print games as JSON Lines: a header, then one line an action")
    export_cmd.add_argument(
        "games", type=int, nargs="*", metavar="ID", help="the games' ids (default: every game)"
    )
    export_cmd.add_argument(
        "-o", "--output", metavar="FILE", help="write to FILE, 0600 (default: stdout)"
    )
    archive_cmd = command("archive", "no longer offer games to resume (they stay whole)")
    archive_cmd.add_argument("games", type=int, nargs="*", metavar="ID", help="the games' ids")
    archive_cmd.add_argument(
        "--finished", action="store_true", help="every finished game (instead of ids)"
    )
    archive_cmd.add_argument(
        "--unfinished", action="store_true", help="allow unfinished games (abandoned ones)"
    )
    unarchive_cmd = command("unarchive", "offer archived games to resume again")
    unarchive_cmd.add_argument("games", type=int, nargs="+", metavar="ID", help="the games' ids")
    return parser
