"""What the phones' server refuses before anything reaches the table (docs/phones.md,
Security): the network the box is on is not trusted.

- Memory is bounded: the pages' sockets take nothing but pings (any message, and any
  frame over :data:`SOCKET_MESSAGE_LIMIT` bytes, closes them before it is buffered),
  sockets and connections are capped per address and in total (the connections by
  ``server.Connection``), and every body has its route's limit.
- The loop cannot be reached with something it would choke on: a remote command is
  checked here, on the server's thread (a new game's setup by the game's own start), and
  refused with 400 and the reason before anything is posted to the loop.
- A request that changes anything comes from the box's own pages (same origin) with a JSON
  body; odd paths are 404; every answer carries :data:`HEADERS`; a refusal repeats at
  most a short excerpt of what was sent.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Awaitable, Callable
from typing import TypeGuard

from aiohttp import web

from companion import games
from companion.rules.base import JSON, RulesError
from companion.rules.reading import Data

log = logging.getLogger("companion.web")

HEADERS = {
    # Nothing from elsewhere, no inline script, never in a frame.
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
CLIENT_MAX_SIZE = 64 * 1024  # any body, any route: aiohttp itself refuses more with 413
BODY_LIMITS = {"action": 2 * 1024, "card": 16 * 1024, "new_game": 8 * 1024}
SOCKET_MESSAGE_LIMIT = 128  # bytes: the pages send nothing on their sockets but pings
SOCKETS_PER_ADDRESS = 8  # a phone's few tabs and its sockets left over from sleeping
SOCKETS_IN_TOTAL = 64  # six seats and a room of spectators
CONNECTIONS_PER_ADDRESS = 32  # a browser opens 6 at most, and one per live page
CONNECTIONS_IN_TOTAL = 256  # well under the service's 1024 file descriptors
MAX_PATH = 256  # the longest path the pages use is under 60 characters
EXCERPT = 40  # characters of something sent that a refusal may repeat
REASON_LIMIT = 160  # characters of a refusal's reason
ACTION_NAME_LIMIT = 64
ACTION_SHAPE = "a JSON object: {action: {do, ...}, head}"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def excerpt(value: object, limit: int = EXCERPT) -> str:
    """``value`` as text, cut to ``limit`` characters, control characters shown escaped."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    text = text.encode("unicode_escape").decode("ascii") if not text.isprintable() else text
    return text if len(text) <= limit else text[: limit - 1] + "…"


_QUOTED = re.compile("'([^']{" + str(EXCERPT + 1) + ",})'")


def clipped(reason: str, sent: object = None) -> str:
    """A refusal's reason with what was sent cut to an excerpt wherever it is repeated
    (the rules quote a bad value in full), and the whole kept short."""
    for value in sorted(_long_strings(sent), key=len, reverse=True):
        reason = reason.replace(value, excerpt(value))
    reason = _QUOTED.sub(lambda match: "'" + excerpt(match.group(1)) + "'", reason)
    return excerpt(reason, REASON_LIMIT) if len(reason) > REASON_LIMIT else reason


def _long_strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value] if len(value) > EXCERPT else []
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (*_long_strings(k), *_long_strings(v))]
    if isinstance(value, list):
        return [s for item in value for s in _long_strings(item)]
    return []


def refused(status: type[web.HTTPException], reason: str) -> web.HTTPException:
    """A refusal as the pages read it: ``{"error": reason}``."""
    return status(text=json.dumps({"error": reason}), content_type="application/json")


# --- every request ---------------------------------------------------------------------------


def add_headers(request: web.BaseRequest, response: web.StreamResponse) -> None:
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)


async def headers_on_every_answer(request: web.Request, response: web.StreamResponse) -> None:
    """``on_response_prepare``: pages, files, sockets' handshakes, errors and 500s alike."""
    add_headers(request, response)


def plain_path(path: str) -> bool:
    """Printable ASCII without spaces and not overlong: every path the box serves is."""
    return len(path) <= MAX_PATH and all("!" <= char <= "~" for char in path)


def same_origin(request: web.BaseRequest) -> bool:
    """Sent by one of the box's own pages: the browser says so (``Sec-Fetch-Site``), or its
    ``Origin`` is the box's own address as this request reached it."""
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None:
        return site == "same-origin"
    origin = request.headers.get("Origin")
    return origin is not None and origin.lower() == f"{request.scheme}://{request.host}".lower()


@web.middleware
async def guarded(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Odd paths, foreign origins and non-JSON bodies refused before any handler; a
    handler's failure a 500 with the headers, logged, never a traceback to the phone."""
    if not plain_path(request.path):
        raise web.HTTPNotFound(text="not found")
    routing = request.match_info.http_exception
    if routing is not None:  # 404 and 405 before the checks below
        raise routing
    if request.method not in SAFE_METHODS:
        if not same_origin(request):
            raise web.HTTPForbidden(text="forbidden: not from this box's pages")
        if request.content_type != "application/json":
            raise web.HTTPUnsupportedMediaType(text="Content-Type: application/json")
    elif "Origin" in request.headers and not same_origin(request):  # another site's socket
        raise web.HTTPForbidden(text="forbidden: not from this box's pages")
    try:
        return await handler(request)
    except (web.HTTPException, ConnectionError):  # a refusal; a page gone mid-answer
        raise
    except Exception:
        log.exception("the phones' server failed on %s %s", request.method, request.path)
        raise refused(web.HTTPInternalServerError, "the box could not answer that") from None


# --- bodies ----------------------------------------------------------------------------------


async def json_object(request: web.Request, limit: int, shape: str = "a JSON object") -> JSON:
    """The request's body: a JSON object of at most ``limit`` bytes, or 413, or 400 saying
    what it must be (``shape``). The wire's input: what it holds is checked below."""
    too_big = web.HTTPRequestEntityTooLarge(
        max_size=limit,
        actual_size=request.content_length or limit + 1,
        text=json.dumps({"error": f"a body of at most {limit} bytes"}),
        content_type="application/json",
    )
    if request.content_length is not None and request.content_length > limit:
        raise too_big
    data = bytearray()
    while chunk := await request.content.read(limit + 1 - len(data)):
        data += chunk
        if len(data) > limit:
            raise too_big
    try:
        value = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError):  # not UTF-8, not JSON, nested beyond reason
        raise refused(web.HTTPBadRequest, shape) from None
    if not isinstance(value, dict):
        raise refused(web.HTTPBadRequest, shape)
    return value


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def checked_action(body: Data) -> tuple[Data, int]:
    """A seat's action body ``{action: {do, ...}, head}``, or 400 saying what it must be."""
    action, head = body.get("action"), body.get("head")
    if not isinstance(action, dict) or not _whole(head):
        raise refused(web.HTTPBadRequest, ACTION_SHAPE)
    do = action.get("do")
    if not isinstance(do, str) or not 0 < len(do) <= ACTION_NAME_LIMIT:
        raise refused(web.HTTPBadRequest, 'action: an object with "do", the action\'s name')
    return action, head


def checked_table_request(kind: str, body: Data) -> None:
    """A table request's body as the loop will read it, or 400 with the reason."""
    if kind == "new_game":
        checked_new_game(body)
    elif kind == "card":
        card, index = body.get("card"), body.get("index")
        if not isinstance(card, dict):
            raise refused(web.HTTPBadRequest, "card: a JSON object")
        if index is not None and not _whole(index):
            raise refused(web.HTTPBadRequest, "index: the card's number in the list")


def checked_new_game(body: Data) -> None:
    """A new game: a known game and a setup its own start accepts (as the loop will run it:
    ``spec.rules.start(spec.stamp(setup))``; the rules are pure, so this thread may)."""
    game, setup = body.get("game"), body.get("setup", {})
    if not isinstance(game, str) or game not in games.GAMES:
        known = ", ".join(sorted(games.GAMES))
        raise refused(web.HTTPBadRequest, f"game: one of {known}, not {excerpt(game)}")
    if not isinstance(setup, dict):
        raise refused(web.HTTPBadRequest, 'setup: a JSON object, e.g. {"players": [...]}')
    spec = games.find(game)
    try:
        spec.rules.start(spec.stamp(dict(setup)))
    except RulesError as error:
        raise refused(web.HTTPBadRequest, clipped(str(error), body)) from None
    except Exception:  # the game's own check failed on it: still a setup it cannot take
        log.exception("%s's setup check failed on a phone's setup", game)
        raise refused(web.HTTPBadRequest, "setup: this game cannot start with it") from None
