"""The table's web server: the spectator page, each seat's private page and their API.

Built on aiohttp (asyncio HTTP and WebSocket in one well-kept library, no C build needed
on the Pi, a test client of its own). It runs on its own thread with its own event loop
and talks to the app only through the :class:`~companion.web.hub.Hub`: payloads read from
the snapshot subscription, actions posted to the app's queue. Every asset is served by
the box (tables have no internet). What it refuses from a hostile network (limits, origins,
bodies checked before the loop sees them) is :mod:`companion.web.guard`. docs/phones.md
describes the pages and the security.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections import defaultdict, deque
from collections.abc import Awaitable, Callable
from importlib import resources
from pathlib import Path
from typing import cast

from aiohttp import WSCloseCode, WSMsgType, web

from companion.web import guard
from companion.web.guard import HEADERS, excerpt, log
from companion.web.hub import LOOP_FAILED, Hub, Payloads
from companion.web.replay_routes import add_routes as add_replay_routes
from companion.web.stats_routes import add_routes as add_stats_routes

STATIC = Path(str(resources.files("companion.web").joinpath("static")))
ACTIONS_PER_WINDOW = 10  # a seat's actions in RATE_WINDOW seconds (a phone, not a script)
RATE_WINDOW = 5.0
REPLY_TIMEOUT = 5.0
HUB: web.AppKey[Hub] = web.AppKey("hub", Hub)
RATES: web.AppKey[dict[int, deque[float]]] = web.AppKey("rates", dict)
WAITERS: web.AppKey[set[asyncio.Event]] = web.AppKey("waiters", set)
SOCKETS: web.AppKey[dict[str, int]] = web.AppKey("sockets", dict)  # open, per address

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def make_app(hub: Hub) -> web.Application:
    app = web.Application(middlewares=[guard.guarded], client_max_size=guard.CLIENT_MAX_SIZE)
    app.on_response_prepare.append(guard.headers_on_every_answer)  # errors and 500s too
    app[HUB] = hub
    app[SOCKETS] = {}
    rates: dict[int, deque[float]] = defaultdict(deque)
    app[RATES] = rates
    app.on_startup.append(_wire)
    app.router.add_get("/", _page("spectator.html"))
    app.router.add_get("/api/public", _public)
    app.router.add_get("/ws/public", _ws_public)
    app.router.add_get("/api/log", _log)
    app.router.add_get("/seat/{token}", _seat_page)
    app.router.add_get("/api/seat/{token}", _seat_api)
    app.router.add_get("/ws/seat/{token}", _ws_seat)
    app.router.add_post("/api/seat/{token}/action", _action)
    app.router.add_get("/static/{name}", _static)
    app.router.add_get("/table/{token}", _table_page)
    app.router.add_get("/api/table/{token}/cards", _table_call("cards"))
    app.router.add_post("/api/table/{token}/cards", _table_call("card"))
    app.router.add_post("/api/table/{token}/new_game", _table_call("new_game"))
    add_replay_routes(app, hub)  # the spectator page's replay: /api/games, /api/replay/{id}
    add_stats_routes(app, hub)  # the table page's statistics: /api/table/{token}/stats
    return app


async def _wire(app: web.Application) -> None:
    """The hub wakes every waiting socket from the app's thread."""
    loop = asyncio.get_running_loop()
    waiters: set[asyncio.Event] = set()
    app[WAITERS] = waiters

    def wake() -> None:
        loop.call_soon_threadsafe(_wake_all, waiters)

    app[HUB].listen(wake)


def _wake_all(waiters: set[asyncio.Event]) -> None:
    for waiter in waiters:
        waiter.set()


def _forbidden() -> web.HTTPForbidden:
    return web.HTTPForbidden(text="forbidden")  # no hint of what would be right


def _seat(request: web.Request) -> int:
    seat = request.app[HUB].seat_of(request.match_info["token"])
    if seat is None:
        raise _forbidden()
    return seat


def _page(name: str) -> Handler:
    async def serve(request: web.Request) -> web.StreamResponse:
        return web.FileResponse(STATIC / name)

    return serve


async def _static(request: web.Request) -> web.StreamResponse:
    name = request.match_info["name"]
    path = (STATIC / name).resolve()
    if path.parent != STATIC.resolve() or not path.is_file():
        raise web.HTTPNotFound()
    return web.FileResponse(path)


async def _seat_page(request: web.Request) -> web.StreamResponse:
    _seat(request)
    return web.FileResponse(STATIC / "seat.html")


def _table(request: web.Request) -> None:
    """The table token (shown only on the box's screen) or 403, with no hint."""
    if not request.app[HUB].is_table(request.match_info["token"]):
        raise _forbidden()


async def _table_page(request: web.Request) -> web.StreamResponse:
    _table(request)
    page = STATIC / "table.html"
    if not page.is_file():
        raise web.HTTPNotFound()
    return web.FileResponse(page)


def _table_call(kind: str) -> Handler:
    """The card library (read, a card kept) and a new game, with the table token; rate
    limited as a seat's actions are (the table counts as seat 0)."""

    async def call(request: web.Request) -> web.StreamResponse:
        _table(request)
        body: dict[str, object] = {}
        if request.method == "POST":
            if _limited(request.app, 0):
                raise web.HTTPTooManyRequests(text="too many requests")
            body = await guard.json_object(request, guard.BODY_LIMITS[kind])
            guard.checked_table_request(kind, body)  # the loop gets only what it can take
        loop = asyncio.get_running_loop()
        done: asyncio.Future[tuple[int, object]] = loop.create_future()

        def reply(status: int, payload: object) -> None:
            loop.call_soon_threadsafe(_settle_any, done, (status, payload))

        request.app[HUB].ask(kind, body, reply)
        try:
            status, payload = await asyncio.wait_for(done, REPLY_TIMEOUT)
        except TimeoutError:
            return web.json_response({"error": "the table did not answer"}, status=503)
        return web.json_response(payload, status=status)

    return call


def _settle_any(done: asyncio.Future[tuple[int, object]], value: tuple[int, object]) -> None:
    if not done.done():
        done.set_result(value)


def _json(text: str) -> web.Response:
    return web.Response(text=text, content_type="application/json", charset="utf-8")


async def _public(request: web.Request) -> web.StreamResponse:
    return _json(request.app[HUB].current().texts.get("public", "{}"))


async def _log(request: web.Request) -> web.StreamResponse:
    """The public game log from line ``?from=N`` (0 when absent), a page at a time: the
    spectator page's lines older than its updates carried (docs/phones.md)."""
    if set(request.query) - {"from"} or len(request.query.getall("from", [])) > 1:
        raise guard.refused(web.HTTPBadRequest, "the only query is from=<line number>")
    given = request.query.get("from", "0")
    if not (given.isascii() and given.isdigit() and len(given) <= 9):
        raise guard.refused(
            web.HTTPBadRequest, f"from: a line number (0 or more), not {guard.excerpt(given)!r}"
        )
    return web.json_response(request.app[HUB].log_page(int(given)))


async def _seat_api(request: web.Request) -> web.StreamResponse:
    seat = _seat(request)
    return _json(request.app[HUB].current().texts.get(f"seat:{seat}", "{}"))


async def _ws_public(request: web.Request) -> web.StreamResponse:
    return await _capped(request, "public", lambda payloads: True)


async def _ws_seat(request: web.Request) -> web.StreamResponse:
    seat = _seat(request)
    token, hub = request.match_info["token"], request.app[HUB]
    return await _capped(
        request, f"seat:{seat}", lambda payloads: hub.seat_of(token, payloads) == seat
    )


async def _capped(
    request: web.Request, audience: str, still: Callable[[Payloads], bool]
) -> web.StreamResponse:
    """A socket if this address and the box have room for one: else 429 (this address has
    :data:`~guard.SOCKETS_PER_ADDRESS`) or 503 (the box has :data:`~guard.SOCKETS_IN_TOTAL`),
    refused before the upgrade."""
    held, address = request.app[SOCKETS], request.remote or "?"
    if sum(held.values()) >= guard.SOCKETS_IN_TOTAL:
        raise web.HTTPServiceUnavailable(text="the box has all the live pages it can take")
    if held.get(address, 0) >= guard.SOCKETS_PER_ADDRESS:
        raise web.HTTPTooManyRequests(text="too many live pages from this address")
    held[address] = held.get(address, 0) + 1
    try:
        return await _stream(request, audience, still)
    finally:
        held[address] -= 1
        if not held[address]:
            del held[address]


async def _stream(
    request: web.Request, audience: str, still: Callable[[Payloads], bool]
) -> web.StreamResponse:
    """The audience's payload on connect and on every change, until the page goes; a
    seat's socket closes the moment its token no longer holds (a new game: new tokens),
    before anything of the new game is sent."""
    socket = web.WebSocketResponse(heartbeat=30, max_msg_size=guard.SOCKET_MESSAGE_LIMIT)
    await socket.prepare(request)
    hub, waiters = request.app[HUB], request.app[WAITERS]
    wake = asyncio.Event()
    waiters.add(wake)
    sent = None
    reader = asyncio.ensure_future(_drain(socket))
    try:
        while not socket.closed and not reader.done():
            wake.clear()
            payloads = hub.current()  # the token and the text from one set of payloads
            if not still(payloads):
                await socket.close(code=4403, message=b"forbidden")
                break
            text = payloads.texts.get(audience)
            if text is not None and text != sent:
                await socket.send_str(text)
                sent = text
            waiter = asyncio.ensure_future(wake.wait())
            await asyncio.wait({waiter, reader}, return_when=asyncio.FIRST_COMPLETED)
            waiter.cancel()
    finally:
        waiters.discard(wake)
        reader.cancel()
    return socket


async def _drain(socket: web.WebSocketResponse) -> None:
    """Until the page goes. Pings are answered by aiohttp; a page sends nothing else, so
    any message closes the socket (a frame over the limit was refused unread, 1009)."""
    message = await socket.receive()  # the next message, pings and pongs answered on the way
    if message.type in (WSMsgType.TEXT, WSMsgType.BINARY):
        await socket.close(code=WSCloseCode.POLICY_VIOLATION, message=b"nothing to send")


def _limited(app: web.Application, seat: int) -> bool:
    now = time.monotonic()
    window = app[RATES][seat]
    while window and now - window[0] > RATE_WINDOW:
        window.popleft()
    if len(window) >= ACTIONS_PER_WINDOW:
        return True
    window.append(now)
    return False


async def _action(request: web.Request) -> web.StreamResponse:
    """A seat's action: played by the app's loop, as a press is; the first wins."""
    seat = _seat(request)
    if _limited(request.app, seat):
        raise web.HTTPTooManyRequests(text="too many actions")
    body = await guard.json_object(request, guard.BODY_LIMITS["action"], guard.ACTION_SHAPE)
    action, head = guard.checked_action(body)
    loop = asyncio.get_running_loop()
    done: asyncio.Future[tuple[bool, str, int]] = loop.create_future()

    def reply(played: bool, why: str, after: int) -> None:
        loop.call_soon_threadsafe(_settle, done, (played, why, after))

    request.app[HUB].submit(action, seat, head, reply)
    try:
        played, why, after = await asyncio.wait_for(done, REPLY_TIMEOUT)
    except TimeoutError:
        return web.json_response({"error": "the table did not answer"}, status=503)
    if not played and why == LOOP_FAILED:  # the box's own error (logged), not the table's no
        return web.json_response({"error": why, "head": after}, status=500)
    if not played:
        return web.json_response(
            {
                "error": "that is no longer possible",
                "reason": guard.clipped(why, action),  # the rules quote what was sent
                "head": after,
            },
            status=409,
        )
    return web.json_response({"ok": True, "head": after})


def _settle(done: asyncio.Future[tuple[bool, str, int]], value: tuple[bool, str, int]) -> None:
    if not done.done():
        done.set_result(value)


class Connection(web.RequestHandler):
    """aiohttp's handler of one connection: at most :data:`~guard.CONNECTIONS_PER_ADDRESS`
    open from one address and :data:`~guard.CONNECTIONS_IN_TOTAL` in all (``open``, shared
    by a server's connections: one more is cut at once, so a flood of idle or half-sent
    requests holds neither the box's memory nor its file descriptors); what its parser
    cannot read (not HTTP, a line over 8 KB, a control byte in the path) answered with the
    security headers, a word instead of aiohttp's quote of the request, and a log line
    instead of a traceback."""

    def __init__(
        self, manager: web.Server, *, open: dict[str, int], loop: asyncio.AbstractEventLoop
    ) -> None:
        # No access log (as AppRunner(access_log=None)): aiohttp takes None for it, though
        # its hint names only a Logger.
        super().__init__(manager, loop=loop, access_log=cast(logging.Logger, None))
        self._open = open
        self._address: str | None = None  # counted in ``open`` while it is

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if peer else "?"
        held = self._open.get(address, 0)
        if held >= guard.CONNECTIONS_PER_ADDRESS or sum(self._open.values()) >= (
            guard.CONNECTIONS_IN_TOTAL
        ):
            log.debug("a connection over the limits from %s cut", address)
            transport.close()
            return
        self._address = address
        self._open[address] = held + 1

    def connection_lost(self, exc: BaseException | None) -> None:
        address, self._address = self._address, None
        if address is not None:
            self._open[address] -= 1
            if not self._open[address]:
                del self._open[address]
        super().connection_lost(exc)

    def handle_error(
        self,
        request: web.BaseRequest,
        status: int = 500,
        exc: BaseException | None = None,
        message: str | None = None,
    ) -> web.StreamResponse:
        if status >= 500:
            log.error("the phones' server failed", exc_info=exc)
        else:
            said = excerpt(str(exc))
            log.debug("refused a request it cannot read from %s: %s", request.remote, said)
        if request.writer.output_size > 0:  # the answer had begun: only closing is left
            raise ConnectionError("the answer had begun")
        words = "the box could not answer that" if status >= 500 else "a request it cannot read"
        response = web.Response(status=status, text=words, headers=HEADERS)
        response.force_close()
        return response


class Server:
    """The server on its own thread (``companion run`` and ``companion sim``)."""

    def __init__(self, hub: Hub, host: str, port: int) -> None:
        self.hub = hub
        self.host = host
        self.port = port
        self._loop: asyncio.AbstractEventLoop | None = None
        self._runner: web.AppRunner | None = None
        self._listener: asyncio.Server | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="web", daemon=True)

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def start(self) -> Server:
        self._thread.start()
        self._ready.wait(10)
        if self._error is not None:
            raise self._error
        return self

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._serve())
        except BaseException as error:  # a port taken: said by start(), never the loop's end
            self._error = error
            self._ready.set()
            return
        self._ready.set()
        loop.run_forever()
        loop.run_until_complete(self._close())
        loop.close()

    async def _serve(self) -> None:
        self._runner = web.AppRunner(make_app(self.hub), access_log=None)
        await self._runner.setup()
        server, loop = self._runner.server, asyncio.get_running_loop()
        assert server is not None  # set up above
        connections: dict[str, int] = {}  # open, per address
        self._listener = await loop.create_server(
            lambda: Connection(server, open=connections, loop=loop),
            self.host,
            self.port,
        )
        if self.port == 0:  # a free port was asked for
            self.port = int(self._listener.sockets[0].getsockname()[1])

    async def _close(self) -> None:
        if self._listener is not None:
            self._listener.close()
        if self._runner is not None:
            await self._runner.cleanup()

    def stop(self) -> None:
        loop = self._loop
        if loop is not None and loop.is_running():
            loop.call_soon_threadsafe(loop.stop)
        self._thread.join(10)


def serve_in_thread(hub: Hub, host: str = "127.0.0.1", port: int = 0) -> Server:
    """Start the server on ``host``:``port`` (0: a free port) on its own thread."""
    return Server(hub, host, port).start()
