"""``companion cards``: the card library beside the journal, in the table's language.

The command itself is :func:`companion.library.cards_main` (list, check, export, import);
this adds ``--lang en|ru``, the language of the lines a table reads (the check's verdict,
every problem of a library file, what an import took). Its default is the config's
language when the command reads the config (no ``--journal``), else English. In English
the library's command runs as it is; in Russian what it prints is said line by line: its
own sentences from :data:`RU`, a problem's reason after its place from the refusals'
catalogue. An export's YAML and the card list (the cards' own keys and names) are printed
as they are.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
from collections.abc import Mapping

from companion.catalogue import commands
from companion.catalogue.refusals import compiled
from companion.i18n import LANGUAGES

PREFIX = "companion: "

# The library command's own sentences (a place, a count, a file in them): English -> Russian.
RU: dict[str, str] = {
    "{where}: ok, {count} cards": "{where}: в порядке, карт: {count}",
    "the starting library (no file yet): ok, {count} cards": (
        "начальная библиотека (файла ещё нет): в порядке, карт: {count}"
    ),
    "{path}: {count} cards taken from {file}, {total} in all": (
        "{path}: из {file} взято карт: {count}, всего: {total}"
    ),
    "{path}: {count} cards taken from {file}": "{path}: из {file} взято карт: {count}",
    "{file}: {count} cards": "{file}: карт: {count}",
    "{game} keeps no cards": "игра {game} не хранит карт",
    "import needs the file to take": "import: нужен файл, из которого брать карты",
    "{file} is a {game} script": "{file} — сценарий игры {game}",
}


def _parser(with_cards: list[str]) -> argparse.ArgumentParser:
    """The library command's arguments, and --lang (its help lists them all)."""
    from companion.library import cards_parser  # noqa: PLC0415 (the command only)

    parser = cards_parser(with_cards)
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        help="the language of the check's verdict and of the problems (default: the "
        "config's language; with --journal: en)",
    )
    return parser


def cards_main(argv: list[str]) -> int:
    """``companion cards ... [--lang en|ru]``: the library's command, said in the language."""
    from companion import games  # noqa: PLC0415 (the command only)
    from companion.games_cli import configured_language  # noqa: PLC0415
    from companion.library import cards_main as library_main  # noqa: PLC0415

    with_cards = [spec.name for spec in games.GAMES.values() if spec.cards is not None]
    args = _parser(with_cards).parse_args(argv)
    language = args.lang or configured_language(args)
    rest = _without_lang(argv)
    if language == "en":
        return library_main(rest)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = library_main(rest)
    said_out = out.getvalue()
    if args.action in ("check", "import") or (args.action == "export" and args.file):
        said_out = _said(said_out, language)
    sys.stdout.write(said_out)
    sys.stderr.write(_said(err.getvalue(), language))
    return code


def _without_lang(argv: list[str]) -> list[str]:
    kept: list[str] = []
    skip = False
    for item in argv:
        if skip:
            skip = False
        elif item == "--lang":
            skip = True
        elif not item.startswith("--lang="):
            kept.append(item)
    return kept


def _said(printed: str, language: str) -> str:
    """What the library's command printed, each line in ``language``."""
    lines = printed.split("\n")
    return "\n".join(said(line, language) for line in lines)


def said(line: str, language: str, own: Mapping[str, str] = RU) -> str:
    """One line of the command in ``language``: ``companion:`` kept, then one of its own
    sentences, else the commands' shared lines and a problem after its place
    (``cards.yaml:12: cards[0].vitality: why``)."""
    if language != "ru" or not line:
        return line
    prefix = PREFIX if line.startswith(PREFIX) else ""
    body = line[len(prefix) :]
    for template in compiled(own):  # the most specific first
        found = template.pattern.match(body)
        if found is not None:
            return prefix + template.russian.format(**found.groupdict())
    return prefix + commands.said(body, language)  # the commands' shared lines, the rules'


__all__ = ["RU", "cards_main", "said"]
