"""``GET /api/table/<token>/stats``: the table's statistics for its phone page's
"Statistics" view (docs/phones.md), with the table token as the table's other calls; and
``GET /api/table/<token>/page``: the table's language and game, and whether it keeps cards
(what the page asks first).

The answer is the HTML report's sections (:func:`companion.stats_html.sections`: texts,
tables and charts as SVG text), in the table's language, the game on the table first::

    {"language": "en", "game": "<its name>", "title": "…", "sections": [{"id", "title",
     "items": [{"text"} | {"table": {"title", "columns", "rows"}} | {"chart": {"title",
     "svg"}}]}]}

The journal is read on a worker thread through a connection of its own (SQLite's
connection belongs to the thread that opened it, the app's loop; WAL lets a reader in
while the table writes), never on the loop: a journal of hundreds of games takes a moment,
and the table must not wait for it. One reading at a time, and an answer is kept until the
journal's files change, so a phone pressing "Statistics" again costs nothing.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Mapping
from pathlib import Path

from aiohttp import web

from companion import stats_html
from companion.games import GAMES
from companion.journal import Journal, JournalError
from companion.stats import table_stats
from companion.web.hub import Hub

log = logging.getLogger(__name__)

Answer = dict[str, object]
Kept = tuple[tuple[object, ...], Answer]  # (the journal files' state, language, game), answer
KEPT: web.AppKey[dict[str, Kept]] = web.AppKey("stats_kept", dict)
STATS_HUB: web.AppKey[Hub] = web.AppKey("stats_hub", Hub)
READING: web.AppKey[asyncio.Lock] = web.AppKey("stats_reading", asyncio.Lock)


def add_routes(app: web.Application, hub: Hub) -> None:
    """The statistics' route (called by :func:`companion.web.server.make_app` with its hub)."""
    app[STATS_HUB] = hub
    app[KEPT] = {}
    app.on_startup.append(_lock)
    app.router.add_get("/api/table/{token}/stats", _stats)
    app.router.add_get("/api/table/{token}/page", _page)


async def _lock(app: web.Application) -> None:
    app[READING] = asyncio.Lock()  # made on the server's own loop


def journal_path(hub: Hub) -> Path | None:
    """The file of the journal the hub writes tokens to (the app's), or None for one in
    memory (a test's: nothing to read from another thread)."""
    return hub.journal_path


def _state(path: Path | None) -> tuple[object, ...]:
    """What changes when the journal does: its file's and its write-ahead log's size and
    time (an action appended, a game finished)."""
    if path is None:
        return ()
    seen: list[object] = []
    for one in (path, path.with_name(path.name + "-wal")):
        try:
            info = one.stat()
        except OSError:
            seen.append(None)
        else:
            seen.append((info.st_size, info.st_mtime_ns))
    return tuple(seen)


def _game_on_table(hub: Hub) -> str | None:
    try:
        public = json.loads(hub.current().texts.get("public", "{}"))
    except ValueError:
        return None
    game = public.get("game") if isinstance(public, dict) else None
    return game if isinstance(game, str) else None


def read_stats(path: Path | None, language: str) -> Mapping[str, object]:
    """The statistics of the journal at ``path`` (on a worker thread: its own connection)."""
    if path is None or not path.is_file():
        return {"players": [], "games": {}, "unfinished": 0, "finished": 0}
    journal = Journal(path)
    try:
        return table_stats(journal, language=language)
    finally:
        journal.close()


def answer(stats: Mapping[str, object], language: str, game: str | None) -> Answer:
    """The page's answer: the report's sections, the game on the table first."""
    return {
        "language": language,
        "game": game,
        "title": stats_html.say("title", language),
        "sections": stats_html.sections(stats, language, first=game),
    }


async def _page(request: web.Request) -> web.StreamResponse:
    """``GET /api/table/<token>/page``: what the table page shows before it asks for more:
    the table's language and game, and whether that game keeps cards (when it keeps none,
    the page says so instead of asking /cards for a 404 the browser logs as an error)."""
    hub = request.app[STATS_HUB]
    if not hub.is_table(request.match_info["token"]):
        raise web.HTTPForbidden(text="forbidden")
    game = _game_on_table(hub)
    spec = GAMES.get(game) if game else None
    return web.json_response(
        {
            "language": hub.current().language,
            "game": game,
            "cards": spec is not None and spec.cards is not None,
        }
    )


async def _stats(request: web.Request) -> web.StreamResponse:
    hub = request.app[STATS_HUB]
    if not hub.is_table(request.match_info["token"]):
        raise web.HTTPForbidden(text="forbidden")  # as the table's other calls: no hint
    if request.query:
        raise web.HTTPBadRequest(text="no query is taken")
    language, game = hub.current().language, _game_on_table(hub)
    path = journal_path(hub)
    kept = request.app[KEPT]
    async with request.app[READING]:
        key = (*_state(path), language, game)
        held = kept.get("last")
        if held is not None and held[0] == key:
            return _compressed(held[1])
        loop = asyncio.get_running_loop()
        try:
            stats = await loop.run_in_executor(None, read_stats, path, language)
        except JournalError as error:
            log.warning("the statistics could not read the journal: %s", error)
            return web.json_response({"error": "the journal could not be read"}, status=503)
        made = answer(stats, language, game)
        # Kept by the files as they are now: reading may have written to them (the
        # statistics keep each game's digest in the journal, once).
        kept["last"] = ((*_state(path), language, game), made)
    return _compressed(made)


def _compressed(made: Answer) -> web.Response:
    """The answer gzipped when the phone takes it: a chart's dots are titled one by one,
    so a journal of 500 games answers some 400 KB of SVG, a tenth of it compressed."""
    response = web.json_response(made)
    response.enable_compression()
    return response
