"""The spectator page's replay: the journal's games, and any step of one as the live page
draws it (docs/phones.md).

``GET /api/games`` lists the journal's games, newest first; ``GET /api/replay/{id}?step=N
&lang=xx`` answers the public picture after ``N`` actions of game ``id`` in the shape of
the live public payload (its view, picture, prompt and phase), plus the step, the number
of actions, the lines the event line said of that action, and the game's chart at that step.
Only public views are ever read (:mod:`companion.replay`): a step inside a Manus vote shows
who has voted, never what, as the table showed it then.

The journal is the app's file, opened again on one worker thread of the server's own
(SQLite's connections belong to a thread; WAL lets it read while the loop writes): the
server's event loop is never held by a replay, and the worker keeps the last few games'
replays, so the next step of the game a page is scrubbing is a lookup.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from aiohttp import web

from companion.display import labels
from companion.games.spec import AnySpec
from companion.i18n import LANGUAGES
from companion.journal import Journal, JournalError
from companion.replay import Replay, Step
from companion.rules.base import RulesError, Wire
from companion.web import guard
from companion.web.hub import Hub


class NoJournal(JournalError):
    """The table keeps no journal file (an in-memory one): nothing to replay."""


REPLAYS_KEPT = 4  # games whose replay the worker keeps (a page or two scrubbing)
GAMES_LISTED = 500  # the newest games /api/games lists
DIGITS = 9  # the longest number a query takes
LOG_ACTIONS = 30  # the log a step shows: the lines of its last 30 actions,
LOG_LINES = 60  # at most 60 of them (the live page shows as many)

T = TypeVar("T")


class Replays:
    """The journal as the replay routes read it: opened on the worker's thread when first
    asked, with the replays of the last few games asked for."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="replay")
        self._journal: Journal | None = None
        self._kept: OrderedDict[int, tuple[tuple[object, ...], Replay]] = OrderedDict()
        self._thread: threading.Thread | None = None

    async def run(self, job: Callable[[], T]) -> T:
        """``job`` on the worker's thread (the journal's connection is that thread's)."""
        return await asyncio.get_running_loop().run_in_executor(self.worker, job)

    def journal(self) -> Journal:
        """The app's journal, opened once on the worker's thread."""
        if self._thread is None:
            self._thread = threading.current_thread()
        assert self._thread is threading.current_thread()  # one worker: its connection
        if self._journal is None:
            path = self.hub.journal_path  # the app's file (the hub holds the journal)
            if path is None or not path.is_file():
                raise NoJournal("this table keeps no journal file: no game can be replayed")
            self._journal = Journal(path)
        return self._journal

    def replay(self, game_id: int) -> Replay:
        """The game's replay, opened again when the game moved on since (an action, an
        undo: its head, its stored actions, or for the game on the table its log's key)."""
        journal = self.journal()
        record = journal.game(game_id)  # JournalError: no such game
        current = self.hub.current().log_key
        moved = current.split(".")[1] if current.startswith(f"{game_id}.") else ""
        key = (record.head, record.status, journal.action_count(game_id), moved)
        kept = self._kept.get(game_id)
        if kept is not None and kept[0] == key:
            self._kept.move_to_end(game_id)
            return kept[1]
        replay = Replay(journal, game_id)
        self._kept[game_id] = (key, replay)
        self._kept.move_to_end(game_id)
        while len(self._kept) > REPLAYS_KEPT:
            self._kept.popitem(last=False)
        return replay

    def close(self) -> None:
        """On the worker's thread, as it was opened."""
        self._kept.clear()
        if self._journal is not None:
            self._journal.close()
            self._journal = None


REPLAYS: web.AppKey[Replays] = web.AppKey("replays", Replays)


def add_routes(app: web.Application, hub: Hub) -> None:
    """The replay's two routes, reading the journal of ``make_app``'s hub."""
    replays = Replays(hub)
    app[REPLAYS] = replays
    app.cleanup_ctx.append(_worker)
    app.router.add_get("/api/games", _games)
    app.router.add_get("/api/replay/{game_id}", _replay)


async def _worker(app: web.Application) -> AsyncIterator[None]:
    """The worker's journal closed on its own thread, then the worker, with the server."""
    yield
    replays = app[REPLAYS]
    with contextlib.suppress(RuntimeError):  # never started: nothing opened
        await replays.run(replays.close)
    replays.worker.shutdown(wait=True)


# --- the queries -----------------------------------------------------------------------------


def _query(request: web.Request, allowed: set[str]) -> dict[str, str]:
    """The query's keys, each at most once and among ``allowed``, else 400."""
    extra = set(request.query) - allowed
    if extra:
        words = ", ".join(sorted(allowed))
        raise guard.refused(web.HTTPBadRequest, f"unknown query {sorted(extra)[0]!r}: {words}")
    for key in allowed:
        if len(request.query.getall(key, [])) > 1:
            raise guard.refused(web.HTTPBadRequest, f"{key}: given more than once")
    return {key: request.query[key] for key in allowed if key in request.query}


def _number(given: str, what: str) -> int:
    if not (given.isascii() and given.isdigit() and len(given) <= DIGITS):
        raise guard.refused(
            web.HTTPBadRequest, f"{what}: a whole number (0 or more), not {guard.excerpt(given)!r}"
        )
    return int(given)


def _language(request: web.Request, query: dict[str, str]) -> str:
    """The asked language, else the table's."""
    given = query.get("lang")
    if given is None:
        language = request.app[REPLAYS].hub.current().language
        return language if language in LANGUAGES else LANGUAGES[0]
    if given not in LANGUAGES:
        words = " or ".join(LANGUAGES)
        raise guard.refused(web.HTTPBadRequest, f"lang: {words}, not {guard.excerpt(given)!r}")
    return given


# --- the routes ----------------------------------------------------------------------------


async def _games(request: web.Request) -> web.StreamResponse:
    """The journal's games, newest first: what a page may replay."""
    language = _language(request, _query(request, {"lang"}))
    replays = request.app[REPLAYS]
    try:
        listed = await replays.run(lambda: _listed(replays, language))
    except JournalError as error:
        raise guard.refused(web.HTTPServiceUnavailable, guard.clipped(str(error))) from error
    return web.json_response({"games": listed, "current": _current(replays.hub)})


def _current(hub: Hub) -> int | None:
    """The game on the table, by the hub's log key ("<id>.<epoch>.<language>")."""
    head = hub.current().log_key.split(".")[0]
    return int(head) if head.isdigit() and int(head) > 0 else None


def _listed(replays: Replays, language: str) -> list[Wire]:
    from companion import games  # noqa: PLC0415 (every game's rules: loaded with the app)

    journal = replays.journal()
    found: list[Wire] = []
    for game_id in reversed(journal.game_ids()[-GAMES_LISTED:]):
        try:
            record = journal.game(game_id)
        except JournalError:  # a damaged row: left out (companion games names it)
            continue
        players = record.setup.get("players")
        spec = games.GAMES.get(record.game)
        found.append(
            {
                "game_id": record.id,
                "game": record.game,
                "title": spec.words("title", language) if spec else record.game,
                "players": [str(p) for p in players] if isinstance(players, list) else [],
                "status": record.status,
                "archived": record.archived,
                "actions": record.head,
                "created_at": record.created_at,
            }
        )
    return found


async def _replay(request: web.Request) -> web.StreamResponse:
    """Game ``game_id`` after ``step`` actions (the last when absent), in ``lang``."""
    game_id = _number(request.match_info["game_id"], "game")
    query = _query(request, {"step", "lang"})
    step = _number(query["step"], "step") if "step" in query else None
    language = _language(request, query)
    replays = request.app[REPLAYS]

    def answer() -> tuple[int, Wire]:
        try:
            replay = replays.replay(game_id)
        except JournalError as error:
            if str(error).endswith(f"no game {game_id}"):
                return 404, {"error": f"no game {game_id} in the journal"}
            raise
        if step is not None and step > replay.of:
            said = f"game {game_id} has {replay.of} actions: a step from 0 to {replay.of}"
            return 404, {"error": said, "of": replay.of}
        return 200, payload(
            replay, replay.step(replay.of if step is None else step, language), language
        )

    try:
        status, got = await replays.run(answer)
    except NoJournal as error:
        raise guard.refused(web.HTTPServiceUnavailable, str(error)) from error
    except JournalError as error:  # a damaged row, an action the rules refuse: not the page's
        said = {"error": guard.clipped(str(error))}
        return web.json_response(said, status=web.HTTPUnprocessableEntity.status_code)
    return web.json_response(got, status=status)


def payload(replay: Replay, step: Step, language: str) -> Wire:
    """A step as the live page's public payload has it (its drawing reads the same keys),
    with the replay's own: where it is, when it was played, and the chart so far."""
    spec: AnySpec = replay.spec
    view = step.view
    try:
        prompt = spec.rules.prompt(step.state)
        asked: Wire = {"seat": prompt.seat, "kind": prompt.kind, "text": prompt.say(language)}
        secret = spec.inputs.secret
        asked["everyone"] = secret is not None and any(
            c.get("do") == secret.action for c in prompt.choices
        )
    except RulesError:
        asked = {"seat": None, "kind": "", "text": "", "everyone": False}
    words = spec.phase_words
    record = replay.record
    players = record.setup.get("players")
    return {
        "game_id": record.id,
        "game": record.game,
        "title": spec.words("title", language),
        "players": [str(p) for p in players] if isinstance(players, list) else [],
        "status": record.status,
        "language": language,
        "step": step.step,
        "of": step.of,
        "at": step.at,
        "head": step.step,
        "said": list(step.said),
        "log": list(replay.log(step.step, LOG_ACTIONS, language)[-LOG_LINES:]),
        "phase_label": words(view, language) if words else labels.phase(view, language),
        "view": spec.page_view(view),
        "picture": spec.picture(view, language),  # the public picture, as the live page's
        "chart": spec.chart(view, language),  # the game's chart at this step (None: none)
        "prompt": asked,
    }
