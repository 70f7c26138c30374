"""The card library: the cards a table owns, learned once and kept in a YAML file.

One file per game that has cards (its spec's ``cards``), in the state directory beside the
journal: ``cards-<game>.yaml``, a mapping with ``cards:``, a list of cards. A missing file
is the game's starting library (what the rulebooks say). A file that cannot be used is
never overwritten and never stops a game: every problem is reported at once with its line
and key path (like the config), and the table goes on with the starting library.

Writes are atomic (a temporary file, fsync, rename), so a pulled plug leaves the old
library or the new one, never half of one.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import yaml

from companion import script as scripts
from companion import yamlfile
from companion.games.spec import AnySpec, Cards
from companion.rules.base import Action
from companion.rules.reading import Data
from companion.script import Script, ScriptError
from companion.yamlfile import KeyPath

if TYPE_CHECKING:
    import argparse


class LibraryError(Exception):
    """A library file that cannot be used; ``problems`` names each with its place."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


def path_for(journal: Path, game: str) -> Path:
    """The library file of ``game`` beside the journal."""
    return journal.parent / f"cards-{game}.yaml"


def _dotted(path: KeyPath) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


def parse(spec: AnySpec, name: str, text: str) -> Cards:
    """The cards in ``text``, or a LibraryError listing every problem as ``name:line: key:
    why``."""
    kit = spec.cards
    if kit is None:
        raise LibraryError([f"{name}: the game {spec.name} keeps no cards"])
    try:
        source = yamlfile.parse(name, text)
    except yamlfile.YamlError as error:
        raise LibraryError([str(error)]) from error
    data = source.data
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise LibraryError([f"{name}:1: a library is a mapping with cards: a list of cards"])
    problems = [(path, "key given twice") for path in source.duplicates]
    problems += [(("cards", *path), why) for path, why in kit.check(data["cards"])]
    if problems:
        ordered = sorted(problems, key=lambda item: source.nearest(item[0]))
        raise LibraryError(
            [f"{name}:{source.nearest(path)}: {_dotted(path)}: {why}" for path, why in ordered]
        )
    return tuple(dict(card) for card in data["cards"])


def dump(cards: Cards) -> str:
    header = (
        "# The card library of this table: edit, share (companion cards export/import).\n"
        "# null: not known yet; the box asks the first time the card is played.\n"
    )
    body = yaml.safe_dump(
        {"cards": [dict(card) for card in cards]},
        allow_unicode=True,
        sort_keys=False,
        width=100,
    )
    return header + body


@dataclass
class Library:
    """The library of one game, as the loop holds it: the cards, the file, and the last
    problem (said on the screen until it is fixed)."""

    spec: AnySpec
    path: Path | None  # None: in memory only (tests, scripts)
    cards: Cards = ()
    problems: list[str] = field(default_factory=list)

    @classmethod
    def open(cls, spec: AnySpec, path: Path | None) -> Library:
        kit = spec.cards
        starting = kit.starting() if kit is not None else ()
        library = cls(spec, path, starting)
        if path is None or kit is None or not path.exists():
            return library
        try:
            library.cards = parse(spec, str(path), yamlfile.read_text(path))
        except (OSError, UnicodeDecodeError) as error:
            library.problems = [f"{path}: cannot read: {error}"]
        except LibraryError as error:
            library.problems = error.problems
        return library

    def learn(self, action: Action) -> bool:
        """Remember what an action played from the library taught it; True if it did."""
        kit = self.spec.cards
        if kit is None:
            return False
        learned = kit.learn(dict(action), self.cards)
        if learned is None:
            return False
        self.cards = learned
        self.save()
        return True

    def keep(self, cards: Cards) -> None:
        """Take ``cards`` as the library (a card edited on the box) and write the file."""
        self.cards = tuple(cards)
        self.save()

    def save(self) -> None:
        """Write the file (atomically). A file with problems is left as it is: the table
        goes on in memory, and the problems stay on the screen."""
        if self.path is None or self.problems:
            return
        try:
            write_atomically(self.path, dump(self.cards))
        except OSError as error:
            self.problems = [f"{self.path}: cannot write: {error}"]


def played_cards(spec: AnySpec, actions: Iterable[Action], cards: Cards) -> Cards:
    """``cards`` with the cards ``actions`` play (a script's summons written with their
    cards): each in place of the library's card of the same creature, or added; the rest
    kept. A card is the creature's when learning the action from it adds no card."""
    kit = spec.cards
    if kit is None:
        return cards
    out = list(cards)
    for action in actions:
        learned = kit.learn(action, ())  # the card the action plays, alone
        if not learned:
            continue
        out = [card for card in out if len(kit.learn(action, (card,)) or (card,)) != 1]
        out.append(learned[0])
    return tuple(out)


def write_atomically(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


# --- companion cards ----------------------------------------------------------------------


def cards_main(argv: list[str]) -> int:
    """``companion cards [list|check|export [FILE]|import FILE] [--game G] [--config F]``:
    the table's library (beside the configured journal). ``export`` prints it, or writes
    FILE; ``import FILE`` checks a library file and takes it as the library, or takes the
    cards an action script's actions play (its summons written with their cards) into it."""
    import sys  # noqa: PLC0415 (the command only)

    from companion import games  # noqa: PLC0415
    from companion.config import ConfigError, load  # noqa: PLC0415

    with_cards = [spec.name for spec in games.GAMES.values() if spec.cards is not None]
    args = cards_parser(with_cards).parse_args(argv)
    try:
        spec = games.find(args.game)
        journal = Path(args.journal) if args.journal else load(args.config).journal_path
    except (ConfigError, ValueError) as error:
        print(f"companion: {error}", file=sys.stderr)
        return 2
    if spec.cards is None:
        print(f"companion: {spec.name} keeps no cards", file=sys.stderr)
        return 2
    path = path_for(journal, spec.name)
    library = Library.open(spec, path)
    if args.action == "import":
        if not args.file:
            print("companion: import needs the file to take", file=sys.stderr)
            return 2
        return _import(spec, path, library, args.file)
    if library.problems:
        for problem in library.problems:
            print(f"companion: {problem}", file=sys.stderr)
        return 2
    if args.action == "export" and args.file:
        try:
            write_atomically(Path(args.file), dump(library.cards))
        except OSError as error:
            print(f"companion: {args.file}: cannot write: {error}", file=sys.stderr)
            return 2
        print(f"{args.file}: {len(library.cards)} cards")
    elif args.action == "export":
        sys.stdout.write(dump(library.cards))
    elif args.action == "list":
        for card in library.cards:
            print(_card_line(card))
    else:
        where = path if path.exists() else "the starting library (no file yet)"
        print(f"{where}: ok, {len(library.cards)} cards")
    return 0


def cards_parser(with_cards: list[str]) -> argparse.ArgumentParser:
    """The library command's arguments (``companion cards``: :mod:`companion.cards_cli`
    adds ``--lang``); ``with_cards`` the games that keep cards, the first the default."""
    import argparse  # noqa: PLC0415 (the command only)

    parser = argparse.ArgumentParser(
        prog="companion cards",
        description="The table's card library (beside the journal): list it, check it, "
        "export it to a file or import one (docs/cards.md).",
    )
    parser.add_argument(
        "action",
        choices=("list", "check", "export", "import"),
        help="list the cards, check the library file, export it, or import FILE",
    )
    parser.add_argument(
        "file",
        nargs="?",
        help="import: a library file, or an action script whose cards to take; "
        "export: the file to write (default: print)",
    )
    parser.add_argument(
        "--game",
        default=with_cards[0],
        choices=with_cards,
        help=f"the game whose cards ({', '.join(with_cards)})",
    )
    parser.add_argument("--config", help="the config naming the journal (its folder)")
    parser.add_argument("--journal", help="the journal file (the library lies beside it)")
    return parser


def _import(spec: AnySpec, path: Path, library: Library, file: str) -> int:
    """``companion cards import FILE``: a library file taken whole, or the cards an action
    script plays taken into the library."""
    import sys  # noqa: PLC0415 (the command only)

    try:
        text = yamlfile.read_text(file)
        script = _script_in(file, text)
        if script is not None:
            if script.game != spec.name:
                print(f"companion: {file} is a {script.game} script", file=sys.stderr)
                return 2
            played = [item.action for item in script.actions]
            taken = played_cards(spec, played, ())
            cards = played_cards(spec, played, library.cards)
        else:
            cards = taken = parse(spec, file, text)
    except OSError as error:
        print(f"companion: {file}: cannot read: {error.strerror or error}", file=sys.stderr)
        return 2
    except UnicodeDecodeError as error:
        print(f"companion: {file}: cannot read: not UTF-8 text ({error.reason})", file=sys.stderr)
        return 2
    except (LibraryError, ScriptError) as error:
        for problem in getattr(error, "problems", [str(error)]):
            print(f"companion: {problem}", file=sys.stderr)
        return 2
    write_atomically(path, dump(cards))
    kept = f", {len(cards)} in all" if script is not None else ""
    print(f"{path}: {len(taken)} cards taken from {file}{kept}")
    return 0


def _script_in(name: str, text: str) -> Script | None:
    """The action script ``text`` holds (a mapping with ``actions``), or None (a library)."""
    try:
        data = yamlfile.parse(name, text).data
    except yamlfile.YamlError:
        return None  # parse() says where
    if not isinstance(data, dict) or "actions" not in data:
        return None
    return scripts.parse(text, name)


def _card_line(card: Data) -> str:
    def said(value: object) -> str:
        return "?" if value is None else str(value)

    name = card.get("name")
    names = f"{name.get('en')} / {name.get('ru')}" if isinstance(name, dict) else str(name)
    simple = [f"{key} {said(value)}" for key, value in card.items() if not _nested(key, value)]
    return f"{names}: {', '.join(simple)}"


def _nested(key: str, value: object) -> bool:
    return key in ("id", "name") or isinstance(value, list | dict)
