"""The table's statistics (``companion stats``, docs/stats.md): who wins most, how long
each game runs, and each game's own numbers, from the journal's finished games.

Every finished game counts, archived ones included (an archived game was played); a game
still unfinished is counted apart and read no further. A finished game is replayed by its
rules once (:mod:`companion.stats_replay`): its final public view names its players, its
winners and its length in its own units, and the events its actions caused feed the game's
own numbers (its spec's :class:`~companion.games.spec.StatsKit`).

A player is a name: trimmed and matched without regard to case ("anna " is Anna), shown
as first seen. A team's win counts for each partner: the winners are the seats the final
view names, each by its player's name.

The result is plain JSON (:func:`table_stats`): the command prints it, the HTML report
and the phones' page draw it, and the box's MENU shows the top of :func:`standings`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from companion.games import GAMES
from companion.games.spec import AnySpec
from companion.journal import GameRecord, Journal, JournalError
from companion.rules.base import Wire
from companion.stats_cache import StatsCache
from companion.stats_parts import name_key
from companion.stats_replay import Played, replay_all
from companion.stats_words import WORDS, rounded

FINISHED = "finished"


def setup_players(record: GameRecord) -> list[str]:
    """The players a game's setup names (an unfinished game is not replayed)."""
    players = record.setup.get("players")
    if isinstance(players, list):
        return [str(player).strip() for player in players if str(player).strip()]
    return []


@dataclass
class Gathered:
    """The journal's games as the statistics read them: the finished ones replayed, the
    unfinished ones by their record, and those that could not be read (damaged, or a game
    this companion does not know), each with why."""

    played: list[Played] = field(default_factory=list)
    unfinished: list[GameRecord] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)


def gather(
    journal: Journal, *, game: str | None = None, cache: bool = True, workers: int = 1
) -> Gathered:
    """Every game of the journal (of ``game`` only, when named), oldest first. ``cache``:
    the games told before are read from the journal's cache, and those replayed now kept
    in it (companion/stats_cache.py). ``workers``: processes to share the replays among
    (a command's; see :func:`companion.stats_replay.replay_all`)."""
    found = Gathered()
    kept = StatsCache(journal) if cache else None
    finished: set[int] = set()
    slots: list[Played | None] = []  # the finished games in order, None: to replay
    missing: list[tuple[GameRecord, AnySpec]] = []
    for game_id in journal.game_ids():
        try:
            record = journal.game(game_id)
        except JournalError as error:
            found.unreadable.append(str(error))
            continue
        if record.status == FINISHED:
            finished.add(game_id)
        if game is not None and record.game != game:
            continue
        spec = GAMES.get(record.game)
        if spec is None:
            found.unreadable.append(
                f"{journal.path}: game {game_id}: '{record.game}' is not a game this "
                "companion knows"
            )
        elif record.status != FINISHED:
            found.unfinished.append(record)
        else:
            played = kept.get(record, spec) if kept else None
            slots.append(played)
            if played is None:
                missing.append((record, spec))
    replays = iter(zip(missing, replay_all(journal, missing, workers), strict=True))
    for slot in slots:
        if slot is not None:
            found.played.append(slot)
            continue
        (record, spec), result = next(replays)
        if isinstance(result, str):  # it does not replay: why
            found.unreadable.append(result)
            continue
        if kept:
            kept.put(record, spec, result)
        found.played.append(result)
    if kept and not found.unreadable:  # never a write into a journal with a damaged row
        kept.keep_only(finished)
        kept.save()
    return found


def table_stats(
    journal: Journal,
    *,
    game: str | None = None,
    player: str | None = None,
    language: str = "en",
) -> Wire:
    """The statistics of the journal's games (of one game, of one player's games), in a
    language: ``{"players": [...], "games": {...}, "unfinished": n, "finished": n}``
    (docs/stats.md says each key)."""
    return tell(gather(journal, game=game), player=player, language=language)


def tell(found: Gathered, *, player: str | None = None, language: str = "en") -> Wire:
    """:func:`table_stats` of games already gathered (the command reads the journal once,
    then says what it could not read)."""
    played, unfinished = found.played, found.unfinished
    if player is not None:
        wanted = name_key(player)
        played = [p for p in played if wanted in {name_key(n) for n in p.players}]
        unfinished = [r for r in unfinished if wanted in {name_key(n) for n in setup_players(r)}]
    players = player_rows(played)
    if player is not None:
        players = [row for row in players if name_key(str(row["name"])) == name_key(player)]
    return {
        "players": players,
        "games": _games(played, unfinished, language),
        "unfinished": len(unfinished),
        "finished": len(played),
    }


def known_players(found: Gathered) -> list[str]:
    """Every player the gathered games name (finished and unfinished), each once as first
    seen, the most games first: what an unknown ``--player`` is told it could have been."""
    shown: dict[str, str] = {}
    count: dict[str, int] = {}
    names = [n for p in found.played for n in p.players]
    names += [n for r in found.unfinished for n in setup_players(r)]
    for name in names:
        key = name_key(name)
        if key:
            shown.setdefault(key, name.strip())
            count[key] = count.get(key, 0) + 1
    return [shown[k] for k in sorted(shown, key=lambda k: (-count[k], k))]


def standings(journal: Journal, limit: int = 5) -> list[tuple[str, int, int]]:
    """The table's top players for the box's MENU: (name, wins, games), most wins first
    (as :func:`table_stats` orders them; the games' own numbers are not told)."""
    rows = player_rows(gather(journal).played)[:limit]
    return [(str(row["name"]), _int(row["wins"]), _int(row["games"])) for row in rows]


def fill_cache(path: Path) -> int:
    """Replay the journal's finished games not yet in its cache, on a connection of its
    own: for a thread of the table's process at its start, so that the first standings
    or statistics asked for on the box read digests instead of replaying (about 6 ms of
    CPU a game here, a journal of 500 told for the first time). The games it could read."""
    journal = Journal(path)
    try:
        return len(gather(journal).played)
    finally:
        journal.close()


# --- per player -----------------------------------------------------------------------------


class Tallied(Protocol):
    """A finished game as the players' table counts it (a journal's, or a club's public
    one): its game, its players by seat and its winners."""

    @property
    def game(self) -> str: ...
    @property
    def players(self) -> Sequence[str]: ...
    @property
    def winners(self) -> Sequence[str]: ...


def player_rows(played: Iterable[Tallied]) -> list[Wire]:
    """Per player (trimmed, matched without regard to case; a name at two seats plays one
    game): games, wins, win rate and by game, the most wins first."""
    shown: dict[str, str] = {}  # the key -> the name as first seen
    games: dict[str, int] = {}
    wins: dict[str, int] = {}
    by_game: dict[str, dict[str, dict[str, int]]] = {}
    for game in played:
        winners = {name_key(name) for name in game.winners}
        counted: set[str] = set()  # a name at two seats plays one game
        for name in game.players:
            key = name_key(name)
            if not key or key in counted:
                continue
            counted.add(key)
            shown.setdefault(key, name.strip())
            won = key in winners
            games[key] = games.get(key, 0) + 1
            wins[key] = wins.get(key, 0) + int(won)
            row = by_game.setdefault(key, {}).setdefault(game.game, {"games": 0, "wins": 0})
            row["games"] += 1
            row["wins"] += int(won)
    rows: list[Wire] = [
        {
            "name": shown[key],
            "games": games[key],
            "wins": wins[key],
            "win_rate": rounded(wins[key] / games[key], 4) if games[key] else 0.0,
            "by_game": by_game[key],
        }
        for key in shown
    ]
    rows.sort(key=lambda r: (-_int(r["wins"]), -_float(r["win_rate"]), name_key(str(r["name"]))))
    return rows


def _int(value: object) -> int:
    return value if isinstance(value, int) else 0


def _float(value: object) -> float:
    return float(value) if isinstance(value, int | float) else 0.0


# --- per game ---------------------------------------------------------------------------------


def _games(played: Sequence[Played], unfinished: Sequence[GameRecord], language: str) -> Wire:
    names = sorted({p.game for p in played} | {r.game for r in unfinished}, key=_game_order)
    return {name: _game(GAMES[name], played, unfinished, language) for name in names}


def _game_order(name: str) -> int:
    order = list(GAMES)
    return order.index(name) if name in order else len(order)


def _game(
    spec: AnySpec, played: Sequence[Played], unfinished: Sequence[GameRecord], language: str
) -> Wire:
    mine = [p for p in played if p.game == spec.name]
    history = sorted(mine, key=lambda p: (p.finished_at, p.id))
    kit = spec.stats
    unit = spec.words(kit.unit, language) if kit else WORDS("unit.rounds", language)
    own: Wire = {"charts": [], "tables": []}
    if kit is not None and mine:
        own = kit.report([p.digest for p in mine], language)
    return {
        "title": spec.words("title", language),
        "played": len(mine),
        "unfinished": sum(1 for r in unfinished if r.game == spec.name),
        "avg_actions": _mean([p.actions for p in mine]),
        "unit": unit,
        "avg_units": _mean([p.units for p in mine if p.units is not None]),
        "avg_minutes": _mean([p.minutes for p in mine if p.minutes is not None]),
        "history": [
            {
                "id": p.id,
                "finished_at": p.finished_at,
                "actions": p.actions,
                "units": p.units,
                "minutes": p.minutes,
                "players": list(p.players),
                "winners": list(p.winners),
            }
            for p in history
        ],
        "own": own,
    }


def _mean(values: Sequence[float]) -> float | None:
    """Two decimals, half away from zero; None when nothing was played (every average of a
    game with no finished plays is null, never 0)."""
    return rounded(sum(values) / len(values), 2) if values else None
