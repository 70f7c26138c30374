"""``companion club``: every table's live line from an MQTT broker (docs/club.md).

Subscribes to ``<prefix>/+/state``, ``…/events``, ``…/status`` and ``…/games/+`` (the
topics the boxes' feed publishes, ``companion/feed/mqtt.py``) and prints a line per table
whenever it changes: the table, the game, its clock line and standings as the game itself
gives them (the state's ``picture``: its ``headline`` and ``summary`` rows, so the club
names no game), the last thing said and whether the box is online. The finished games'
journals (``games/<id>``, retained) give the tournament's standings: wins per player name
across the tables (every winner of a shared win). ``--json`` prints the same as JSON lines
for other tools; ``--once SECONDS`` listens that long, prints every table once and the
standings, and exits. ``--html FILE`` writes the tournament's standings and each table's
statistics from those journals (:func:`club_stats`, drawn by :mod:`companion.stats_html`):
at the end, and again whenever a game finishes while the club listens.

Anyone who can publish on the broker can name a table or say anything: every text taken
from it is :func:`printable` (no control character or escape sequence reaches the
terminal, so none can move its cursor, clear it or retitle it).
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from companion import stats_html
from companion.games import GAMES
from companion.stats import player_rows
from companion.stats_words import rounded

if TYPE_CHECKING:
    from paho.mqtt.client import Client, ConnectFlags, MQTTMessage
    from paho.mqtt.properties import Properties
    from paho.mqtt.reasoncodes import ReasonCode

EXIT_OK = 0
EXIT_REPORT = 1  # the --html report could not be written
EXIT_BROKER = 5  # the broker could not be reached
REPORT_EVERY = 1.0  # seconds: the --html report is written again at most this often

# Escape sequences whole (so no stray "[2J" is left of one): CSI (ESC [ or C1 0x9b) with its
# parameters and final byte; OSC, DCS, SOS, PM, APC strings (ESC ] P X ^ _ or C1) up to
# their terminator (BEL or ST) or the end; any other ESC and the character after it.
_SEQUENCES = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?"
    r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[ -/]*[0-~]?"
)
# What is left of C0 and C1, DEL, and the bidirectional overrides that reorder a line.
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """``text`` with every escape sequence and control character taken out (line breaks
    and tabs become spaces): safe to print on a terminal."""
    text = _SEQUENCES.sub("", text)
    return _CONTROLS.sub("", text.replace("\t", " ").replace("\n", " ").replace("\r", " "))


@dataclass
class TableLine:
    """What the club knows of one table."""

    table: str
    game: str = ""
    title: str = ""
    head: int = 0
    round: str = ""
    standings: list[str] = field(default_factory=list)
    last: str = ""
    winner: str = ""
    online: bool | None = None  # None: no status seen yet

    def to_json(self) -> dict[str, object]:
        """The line as printed, every text :func:`printable` (it came from the broker)."""
        return {
            "table": printable(self.table),
            "game": printable(self.game),
            "head": self.head,
            "round": printable(self.round),
            "standings": [printable(item) for item in self.standings],
            "last": printable(self.last),
            "winner": printable(self.winner),
            "online": self.online,
        }

    def text(self) -> str:
        status = {True: "online", False: "OFFLINE", None: "?"}[self.online]
        cells = [printable(self.table), printable(self.game) or "-", printable(self.round) or "-"]
        cells.append(", ".join(printable(item) for item in self.standings))
        winner = printable(self.winner)
        if winner:
            cells.append(f"won by {winner}")
        cells += [printable(self.last), status]
        return " | ".join(cells)


def _standings(picture: Mapping[str, object]) -> list[str]:
    """The game's summary rows as "label value" (or "label value/top")."""
    out: list[str] = []
    rows = picture.get("summary")
    for row in rows if isinstance(rows, list) else []:
        if not isinstance(row, dict):
            continue
        value, top = row.get("value"), row.get("top")
        said = f"{value}/{top}" if top not in (None, "") else str(value)
        out.append(f"{row.get('label', '')} {said}".strip())
    return out


def winner_names(result: object) -> list[str]:
    """The winning names of a finished game's result line: its ``winners`` (every one of
    a shared win), else the name of its ``winner``."""
    if not isinstance(result, dict):
        return []
    names = result.get("winners")
    if isinstance(names, list):
        return [str(name) for name in names]
    winner = result.get("winner")
    name = winner.get("name") if isinstance(winner, dict) else None
    return [str(name)] if name else []


class Club:
    """The broker's messages folded into one line per table and the standings. Thread-safe:
    paho's network thread feeds it, the printer reads it."""

    def __init__(self, prefix: str = "sigillum") -> None:
        self.prefix = prefix.rstrip("/")
        self.tables: dict[str, TableLine] = {}
        self.games: dict[tuple[str, str], PublicGame] = {}  # (table, game id) -> the game
        self.lock = threading.Lock()

    def topics(self) -> list[str]:
        return [f"{self.prefix}/+/{kind}" for kind in ("state", "events", "status")] + [
            f"{self.prefix}/+/games/+"
        ]

    def take(self, topic: str, payload: bytes | bytearray) -> str | None:
        """One message; the table whose line changed, if any."""
        if not topic.startswith(self.prefix + "/"):
            return None
        parts = topic[len(self.prefix) + 1 :].split("/")
        if len(parts) < 2:
            return None
        table, kind = parts[0], parts[1]
        text = payload.decode("utf-8", "replace")
        with self.lock:
            line = self.tables.setdefault(table, TableLine(table))
            if kind == "status" and len(parts) == 2:
                line.online = text.strip() == "online"
            elif kind == "state" and len(parts) == 2:
                return table if _state(line, text) else None
            elif kind == "events" and len(parts) == 2:
                return table if _events(line, text) else None
            elif kind == "games" and len(parts) == 3:
                if not text.strip():  # a retained message cleared
                    self.games.pop((table, parts[2]), None)
                    return None
                self.games[(table, parts[2])] = public_game(parts[2], text)
                return None
            else:
                return None
        return table

    def lines(self) -> list[TableLine]:
        with self.lock:
            return [self.tables[name] for name in sorted(self.tables)]

    def standings(self) -> dict[str, int]:
        """Wins per player name across the tables' finished games, most first."""
        wins: dict[str, int] = {}
        with self.lock:
            for game in self.games.values():
                for name in game.winners:
                    wins[name] = wins.get(name, 0) + 1
        return dict(sorted(wins.items(), key=lambda item: (-item[1], item[0])))


def _state(line: TableLine, text: str) -> bool:
    try:
        public = json.loads(text)
    except ValueError:
        return False
    if not isinstance(public, dict):
        return False
    picture = public.get("picture")
    picture = picture if isinstance(picture, dict) else {}
    named = public.get("table")  # the name as the box's config writes it (topics: its slug)
    if isinstance(named, str) and named:
        line.table = named
    line.game = str(public.get("game") or "")
    line.title = str(public.get("title") or "")
    head = public.get("head")
    line.head = head if isinstance(head, int) else 0
    line.round = str(picture.get("headline") or "")
    line.standings = _standings(picture)
    winners = picture.get("winner")
    line.winner = ", ".join(str(w) for w in winners) if isinstance(winners, list) else ""
    said = public.get("said") or public.get("log") or []
    if isinstance(said, list) and said:
        line.last = str(said[-1])
    return True


def _events(line: TableLine, text: str) -> bool:
    try:
        message = json.loads(text)
    except ValueError:
        return False
    said = message.get("said") if isinstance(message, dict) else None
    if isinstance(said, list) and said:
        line.last = str(said[-1])
        return True
    return False


# --- the statistics of the finished games' public journals (--html) ------------------------


@dataclass(frozen=True)
class PublicGame:
    """What a finished game's public journal tells: the game, its players (the setup's),
    its winners, its length in actions, and the game's own digest when the result line
    carries the final public view (``view``) the game's statistics read."""

    id: str
    game: str = ""
    players: tuple[str, ...] = ()
    winners: tuple[str, ...] = ()
    actions: int = 0
    digest: Mapping[str, object] | None = None


def public_game(game_id: str, text: str) -> PublicGame:
    """A ``games/<id>`` message read: the first line (the game and its setup), the actions'
    lines (their events), the result (the last line with a winner). Lines that are not
    JSON objects are passed over: anyone on the broker may publish anything."""
    head: dict[str, object] = {}
    result: dict[str, object] = {}
    events: list[Mapping[str, object]] = []
    actions = 0
    for raw in text.splitlines():
        try:
            row = json.loads(raw)
        except ValueError:
            continue
        if not isinstance(row, dict):
            continue
        if "game" in row and not head:
            head = row
        elif "winner" in row or "winners" in row:
            result = row
        elif isinstance(row.get("head"), int):
            actions = max(actions, int(row["head"]))
            told = row.get("events")
            events += [e for e in told if isinstance(e, dict)] if isinstance(told, list) else []
    setup = head.get("setup")
    players = setup.get("players") if isinstance(setup, dict) else None
    names = [str(p).strip() for p in players if str(p).strip()] if isinstance(players, list) else []
    game = str(head.get("game") or "")
    return PublicGame(
        id=game_id,
        game=game,
        players=tuple(names),
        winners=tuple(winner_names(result)),
        actions=actions,
        digest=_digest(game, events, result.get("view")),
    )


def _digest(
    game: str, events: Sequence[Mapping[str, object]], view: object
) -> Mapping[str, object] | None:
    """The game's own digest of a public journal, when it carries the final public view and
    the game keeps statistics of its own; None when the game's code cannot read them."""
    spec = GAMES.get(game)
    kit = spec.stats if spec is not None else None
    if kit is None or not isinstance(view, dict):
        return None
    try:
        return kit.digest([dict(e) for e in events], view)
    except (TypeError, ValueError, KeyError, AttributeError):  # published by anyone
        return None


def club_stats(games: Sequence[PublicGame], language: str = "en") -> dict[str, object]:
    """The statistics of public games in the shape of ``companion.stats.table_stats``
    (what the report draws): per player (matched as the table's statistics match them,
    trimmed and without regard to case), per game (played, average actions, the history by
    the box's game number). Minutes and the game's own units are not in a public journal;
    the game's own charts are there when its journals carry the final view."""
    by_game: dict[str, list[PublicGame]] = {}
    for played in games:
        by_game.setdefault(played.game, []).append(played)
    players = player_rows(games)  # as companion.stats counts and ranks them
    return {
        "players": players,
        "games": {name: _game(name, mine, language) for name, mine in by_game.items()},
        "unfinished": None,  # a public journal is published when its game ends
        "finished": len(games),
    }


def _number(game_id: str) -> tuple[int, str]:
    return (int(game_id), "") if game_id.isdigit() else (0, game_id)


def _game(name: str, games: Sequence[PublicGame], language: str) -> dict[str, object]:
    spec = GAMES.get(name)
    history = sorted(games, key=lambda g: _number(g.id))
    digests = [g.digest for g in history if g.digest is not None]
    own: object = {"charts": [], "tables": []}
    if spec is not None and spec.stats is not None and digests:
        try:
            own = spec.stats.report(digests, language)
        except (TypeError, ValueError, KeyError, AttributeError):
            own = {"charts": [], "tables": []}
    return {
        "title": spec.words("title", language) if spec is not None else name,
        "played": len(games),
        "unfinished": None,
        "avg_actions": rounded(sum(g.actions for g in games) / len(games), 2),
        "unit": "",
        "avg_units": None,
        "avg_minutes": None,
        "history": [
            {
                "id": g.id,
                "finished_at": "",
                "label": f"#{g.id}",
                "actions": g.actions,
                "units": None,
                "minutes": None,
                "players": list(g.players),
                "winners": list(g.winners),
            }
            for g in history
        ],
        "own": own,
    }


def club_report(club: Club, language: str = "en") -> str:
    """The HTML report: every table's finished games together (the tournament's players),
    then each table's own statistics (by its name as its box writes it)."""
    with club.lock:
        games = dict(club.games)
        names = {slug: line.table for slug, line in club.tables.items()}
    tables: dict[str, list[PublicGame]] = {}
    for (slug, _), played in sorted(games.items()):
        tables.setdefault(names.get(slug) or slug, []).append(played)
    everyone = [played for table in tables.values() for played in table]
    per_table = {name: club_stats(mine, language) for name, mine in tables.items()}
    return stats_html.club_report(club_stats(everyone, language), per_table, language)


def write_club_report(club: Club, path: Path, language: str) -> str | None:
    """The report written whole and readable by all, as ``companion stats --html`` writes
    its own (:func:`stats_html.write_whole`); why not."""
    try:
        stats_html.write_whole(path, club_report(club, language))
    except OSError as error:
        return f"companion club: cannot write {path}: {error.strerror or error}"
    return None


def _printer(as_json: bool, out: Callable[[str], None]) -> Callable[[TableLine], None]:
    def show(line: TableLine) -> None:
        out(json.dumps(line.to_json(), ensure_ascii=False) if as_json else line.text())

    return show


def _print_standings(club: Club, as_json: bool, out: Callable[[str], None]) -> None:
    wins: dict[str, int] = {}
    for name, count in club.standings().items():
        wins[printable(name)] = wins.get(printable(name), 0) + count
    if as_json:
        out(json.dumps({"standings": wins}, ensure_ascii=False))
    elif wins:
        out("standings: " + ", ".join(f"{name} {count}" for name, count in wins.items()))


def watch(
    host: str,
    port: int,
    *,
    prefix: str = "sigillum",
    as_json: bool = False,
    once: float | None = None,
    out: Callable[[str], None] = print,
    username: str = "",
    password: str = "",
    html: Path | None = None,
    language: str = "en",
) -> int:
    import paho.mqtt.client as mqtt  # noqa: PLC0415 (the club's own dependency)
    from paho.mqtt.enums import CallbackAPIVersion  # noqa: PLC0415

    club = Club(prefix)
    show = _printer(as_json, out)
    printing = threading.Lock()
    # A login the broker refuses (a wrong password, a user the access list shuts out) ends
    # the club: retrying it every few seconds would only print nothing, forever.
    refused: list[str] = []
    stop = threading.Event()
    finished = threading.Event()  # a game's journal came: the --html report is behind

    def on_connect(
        client: Client,
        userdata: object,
        flags: ConnectFlags,
        reason: ReasonCode,
        props: Properties | None,
    ) -> None:
        if getattr(reason, "is_failure", False):
            refused.append(str(reason))
            stop.set()
            return
        client.subscribe([(topic, 1) for topic in club.topics()])

    def on_message(client: Client, userdata: object, message: MQTTMessage) -> None:
        changed = club.take(message.topic, message.payload)
        if html is not None and once is None and "/games/" in message.topic:
            finished.set()  # a game finished: the report again, at most once a REPORT_EVERY
        if changed is not None and once is None:
            with printing:
                show(club.tables[changed])
                if "/games/" in message.topic:
                    _print_standings(club, as_json, out)
        elif once is None and "/games/" in message.topic:
            with printing:
                _print_standings(club, as_json, out)

    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="", clean_session=True)
    if username:
        client.username_pw_set(username, password or None)
    client.on_connect = on_connect
    client.on_message = on_message
    try:
        client.connect(host, port, keepalive=30)
    except (OSError, ValueError) as error:  # paho: ValueError for a host it cannot take
        why = getattr(error, "strerror", None) or str(error)  # not "[Errno 111] ..."
        print(f"companion club: cannot reach the broker {host}:{port}: {why}", file=sys.stderr)
        return EXIT_BROKER
    client.loop_start()
    try:
        _listen(stop, once, finished, lambda: _write(club, html, language), printing)
    except KeyboardInterrupt:
        pass
    finally:
        client.disconnect()
        client.loop_stop()
    if refused:
        login = f" as {username}" if username else " without a user name"
        print(
            f"companion club: the broker {host}:{port} refused the login{login}: {refused[0]} "
            "(check --username and --password)",
            file=sys.stderr,
        )
        return EXIT_BROKER
    if once is not None:
        for line in club.lines():
            show(line)
        _print_standings(club, as_json, out)
    return _write(club, html, language)


def _listen(
    stop: threading.Event,
    once: float | None,
    finished: threading.Event,
    write: Callable[[], int],
    printing: threading.Lock,
) -> None:
    """Wait for the end (``once`` seconds, or a stop), writing the report again when games
    came meanwhile: once for a burst (the broker's retained journals at subscribe come
    together), never once a message, so N games cost a few reports, not N."""
    deadline = None if once is None else time.monotonic() + once
    while not stop.is_set():
        left = None if deadline is None else deadline - time.monotonic()
        if left is not None and left <= 0:
            return
        stop.wait(REPORT_EVERY if left is None else min(REPORT_EVERY, left))
        if finished.is_set():
            finished.clear()
            with printing:
                write()


def _write(club: Club, path: Path | None, language: str) -> int:
    """The --html report written (if asked for): EXIT_OK, or EXIT_REPORT and why not."""
    why = None if path is None else write_club_report(club, path, language)
    if why is not None:
        print(why, file=sys.stderr)
    return EXIT_OK if why is None else EXIT_REPORT


def _port(word: str) -> int:
    try:
        port = int(word)
    except ValueError:
        port = 0
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 1 to 65535, not {word!r}")
    return port


def _host(word: str) -> str:
    if not word.strip():
        raise argparse.ArgumentTypeError("the broker's host name or address, not nothing")
    return word


def _prefix(word: str) -> str:
    if not word.strip("/") or any(mark in word for mark in "+#\0"):
        raise argparse.ArgumentTypeError(
            f"a topic prefix is a topic's first level(s), without + or #, not {word!r}"
        )
    return word


def _seconds(word: str) -> float:
    try:
        seconds = float(word)
    except ValueError:
        seconds = math.nan
    if not 0 < seconds <= threading.TIMEOUT_MAX:  # a NaN too
        raise argparse.ArgumentTypeError(f"a number of seconds above 0, not {word!r}")
    return seconds


def club_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion club",
        description="Every table's live line from an MQTT broker, and the tournament's "
        "standings (docs/club.md).",
        epilog="Exit codes: 0 done (Ctrl-C, or --once's time is up); 1 the --html report "
        "cannot be written; 2 a bad option; 5 the broker cannot be reached or refuses the "
        "login.",
    )
    parser.add_argument(
        "--host",
        type=_host,
        default="localhost",
        help="the broker's host name or address (default localhost)",
    )
    parser.add_argument(
        "--port", type=_port, default=1883, help="the broker's port, 1 to 65535 (default 1883)"
    )
    parser.add_argument(
        "--prefix",
        type=_prefix,
        default="sigillum",
        help="the tables' topic prefix (default sigillum)",
    )
    parser.add_argument("--username", default="", help="the user to log in as, if the broker asks")
    parser.add_argument("--password", default="", help="that user's password")
    parser.add_argument(
        "--json", action="store_true", help="one JSON object a line, for other tools"
    )
    parser.add_argument(
        "--once",
        type=_seconds,
        metavar="SECONDS",
        help="listen this many seconds, print every table and the standings, exit",
    )
    parser.add_argument(
        "--html",
        type=Path,
        metavar="FILE",
        help="write the tournament's standings and each table's statistics to FILE (one "
        "HTML file, no network needed to open it): at the end, and whenever a game finishes",
    )
    parser.add_argument(
        "--lang",
        choices=("en", "ru"),
        default="en",
        help="the language of the --html report (default: en)",
    )
    return parser


def club_main(argv: Sequence[str]) -> int:
    args = club_parser().parse_args(list(argv))
    return watch(
        args.host,
        args.port,
        prefix=args.prefix,
        as_json=args.json,
        once=args.once,
        username=args.username,
        password=args.password,
        html=args.html,
        language=args.lang,
    )
