"""One finished game as the statistics read it (:class:`Played`): replayed by its rules from
the journal's actions, once, into what the statistics need and nothing more: its players
and winners by name, its length in actions, in its own units and in minutes, and the
game's own digest of its events (its spec's :class:`~companion.games.spec.StatsKit`).
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from companion.games.spec import AnySpec, GameState, round_of, winner_names
from companion.journal import ActionRecord, GameRecord, Journal, JournalError
from companion.rules.base import Event, View, Wire
from companion.rules.reading import mapping, rows, whole, words
from companion.stats_words import rounded
from companion.table import REPLAY_ERRORS


@dataclass(frozen=True)
class Played:
    """A finished game: what the statistics count of it."""

    id: int
    game: str
    finished_at: str  # the time of its last action (its creation's, with none)
    actions: int
    units: int | None  # its length in its own units (periods, rounds...), when it has them
    minutes: float | None  # from its first action to its last (None: no actions)
    players: tuple[str, ...]  # by seat, trimmed
    winners: tuple[str, ...]  # each winner's name (each partner of a winning team)
    digest: Wire  # the game's own numbers (empty when its spec has no StatsKit)


# Games to replay before the work is shared among processes (a journal told for the first
# time; after that its games come from the cache).
PARALLEL_AT = 40
_worker_journal: Journal | None = None  # a worker process's own connection


def replay_all(
    journal: Journal, games: Sequence[tuple[GameRecord, AnySpec]], workers: int = 1
) -> list[Played | str]:
    """Each game replayed (in order), or why it does not replay. With ``workers`` above 1
    and many games, the replays are shared among forked processes, each reading the
    journal on its own connection: only for a command, never in the table's process (it
    has threads, which a fork does not take along)."""
    if workers > 1 and len(games) >= PARALLEL_AT and str(journal.path) != ":memory:":
        ids = [record.id for record, _ in games]
        try:
            context = multiprocessing.get_context("fork")
            with context.Pool(workers, _open_worker, (str(journal.path),)) as pool:
                return pool.map(_replay_id, ids, chunksize=max(1, len(ids) // (workers * 4)))
        except (OSError, ValueError):  # no processes to be had: one after the other
            pass
    return [_replay_one(journal, record, spec) for record, spec in games]


def _open_worker(path: str) -> None:
    global _worker_journal  # noqa: PLW0603 (the worker process's one connection)
    _worker_journal = Journal(path)


def _replay_id(game_id: int) -> Played | str:
    from companion.games import GAMES  # noqa: PLC0415 (loaded already: the process forked)

    assert _worker_journal is not None
    try:
        record = _worker_journal.game(game_id)
    except JournalError as error:
        return str(error)
    return _replay_one(_worker_journal, record, GAMES[record.game])


def _replay_one(journal: Journal, record: GameRecord, spec: AnySpec) -> Played | str:
    try:
        return replayed(journal, record, spec)
    except JournalError as error:
        return str(error)


def replayed(journal: Journal, record: GameRecord, spec: AnySpec) -> Played:
    """Replay a finished game to its head: a JournalError naming the game and the action
    when it does not replay (a damaged row, or rules that changed under it)."""
    records = journal.actions(record.id)[: record.head]
    where = f"{journal.path}: game {record.id}"
    rules = spec.rules
    try:
        state: GameState = rules.start(spec.journaled(dict(record.setup)))
    except REPLAY_ERRORS as error:
        raise JournalError(f"{where}: setup: {error}") from error
    events: list[Event] = []
    for item in records:
        try:
            state = rules.step(state, item.action)
        except REPLAY_ERRORS as error:
            raise JournalError(
                f"{where}, action {item.seq} ({item.action.get('do')}): {error}"
            ) from error
        events.extend(state.events)
    view = rules.view(state)
    kit = spec.stats
    players = seat_names(view) or _setup_players(record)
    return Played(
        id=record.id,
        game=record.game,
        finished_at=records[-1].at if records else record.created_at,
        actions=len(records),
        units=kit.units(view) if kit else round_of(view),
        minutes=minutes(records),
        players=tuple(players.values()),
        winners=tuple(winners(view, players)),
        digest=kit.digest(events, view) if kit else {},
    )


def seat_names(view: View) -> dict[int, str]:
    """Each seat's player's name, trimmed, from the final view's ``seats``."""
    names: dict[int, str] = {}
    for seat in rows(view.get("seats")):
        number, name = whole(seat.get("seat")), words(seat.get("name")).strip()
        if number is not None and name:
            names[number] = name
    return names


def _setup_players(record: GameRecord) -> dict[int, str]:
    players = record.setup.get("players")
    if not isinstance(players, list):
        return {}
    return {seat: str(name).strip() for seat, name in enumerate(players, 1) if str(name).strip()}


def winners(view: View, players: dict[int, str]) -> list[str]:
    """The winners' names: each seat the view's winner names (a team's partners each), else
    the names it gives (a game over without seats named)."""
    winner = mapping(view.get("winner"))
    seats = winner.get("seats")
    numbers = [whole(s) for s in seats] if isinstance(seats, list) and seats else []
    if not numbers:
        numbers = [whole(winner.get("seat"))]
    named = [players[n] for n in numbers if n is not None and n in players]
    return named if named else [name.strip() for name in winner_names(view)]


def minutes(records: list[ActionRecord]) -> float | None:
    """From the first action to the last, in minutes (the journal's UTC seconds)."""
    if not records:
        return None
    try:
        first = datetime.fromisoformat(records[0].at)
        last = datetime.fromisoformat(records[-1].at)
    except ValueError:
        return None
    return rounded((last - first).total_seconds() / 60, 2)
