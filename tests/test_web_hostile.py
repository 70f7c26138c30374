"""The phones' server against a hostile network (docs/phones.md, Security), with a real app
on its own thread (fake hardware, a real SQLite journal) and the real server on a loopback
port: WebSockets with no token sending 4 MB frames leave the box's memory and its presses
alone; sockets are capped per address and in total; a remote command the loop could choke
on is refused before it is posted; a POST from another site or without a JSON body is
refused; every answer carries the security headers and repeats at most an excerpt of what
was sent; odd paths are 404; and the loop survives a remote command that raises in it."""

from __future__ import annotations

import asyncio
import json
import secrets
import socket
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bench.web_hostile import FOUR_MB, Attack, press, rss_mb
from companion.web import guard
from companion.web import server as web_server
from companion.web.guard import HEADERS
from companion.web.server import serve_in_thread
from tests.test_web_api import MANUS, Running, fetch, origin_of

SELECT, UNDO = "seat1.cyan", "undo"  # Manus: Anna's site placed (head 1), and taken back


@pytest.fixture
def manus(tmp_path: Path) -> Iterator[Running]:
    running = Running(tmp_path, "manus", MANUS)
    yield running
    running.close()


def journal(table: Running) -> tuple[int, int, str]:
    """(games, the table's head, its last action) as the journal's SQLite file holds them,
    read beside the app as another program would."""
    with sqlite3.connect(f"file:{table.path}?mode=ro", uri=True, timeout=5) as db:
        games = int(db.execute("SELECT count(*) FROM games").fetchone()[0])
        game, head = db.execute("SELECT id, head FROM games ORDER BY id DESC").fetchone()
        row = db.execute("SELECT action FROM actions WHERE game_id=? AND seq=?", (game, head))
        last = row.fetchone()
    return games, int(head), str(last[0]) if last else ""


def press_reaches_the_table(table: Running) -> float:
    """Anna's select, pressed on the box: the head moves, the ring is redrawn and her site
    is the journal file's last action; then UNDO puts the table back. The press's seconds."""
    assert table.app is not None
    games, head, _ = journal(table)
    seconds, last = press(table.app, SELECT)
    assert seconds is not None, "the press never reached the table"
    now = journal(table)
    assert now[:2] == (games, head + 1) and "place_site" in now[2], now
    assert press(table.app, UNDO, last)[0] is not None
    assert journal(table)[:2] == (games, head)
    return seconds


def ws_url(table: Running, path: str) -> str:
    return table.server.url.replace("http://", "ws://") + path


def assert_headers(headers: Any, what: str) -> None:
    for name, value in HEADERS.items():
        assert headers.get(name) == value, (what, name)


# --- memory and the loop under hostile sockets -------------------------------------------------


def test_thirty_sockets_sending_4_mb_leave_memory_and_presses_alone(manus: Running) -> None:
    """30 sockets a round (25 on /ws/public, no token; 5 on a seat's), each from its own
    address and each sending a 4 MB frame, for two seconds of rounds, while Anna presses:
    every socket is closed by the server at once, the box's resident memory stays within
    40 MB of where it was (it was +100 MB with 10 such sockets, +290 MB with 30), and every
    press reaches the journal and the ring."""
    seat = manus.tokens()["seats"]["1"]
    urls = [ws_url(manus, f"/ws/seat/{seat}" if i % 6 == 0 else "/ws/public") for i in range(30)]
    press_reaches_the_table(manus)  # warm: the first press builds what later ones reuse
    before = rss_mb()
    attack = Attack(urls, FOUR_MB, seconds=2.0)
    latencies, highest = [], before
    while attack.running():
        latencies.append(press_reaches_the_table(manus))
        highest = max(highest, rss_mb())
    rounds = attack.rounds()
    after = rss_mb()
    latencies.append(press_reaches_the_table(manus))
    ms = sorted(s * 1000 for s in latencies)
    print(
        f"\nRSS {before:.1f} MB before, {highest:.1f} MB at most while attacked, "
        f"{after:.1f} MB after; {sum(len(r) for r in rounds)} sockets of 4 MB in "
        f"{len(rounds)} rounds; press to journal and ring while attacked: "
        f"p50 {ms[len(ms) // 2]:.1f} ms, max {ms[-1]:.1f} ms ({len(ms)} presses)"
    )
    assert rounds and all(len(sockets) == 30 for sockets in rounds)
    for sockets in rounds:
        for ended in sockets:
            assert "refused" not in ended and not ended.get("open"), ended
            assert ended["code"] in (1006, 1009) and ended["seconds"] < 5, ended
    assert highest - before < 40 and after - before < 40
    assert len(latencies) >= 3 and max(latencies) < 2.0  # a loaded machine; a dead loop: never


def test_a_page_socket_that_sends_anything_is_closed(manus: Running) -> None:
    """The pages' sockets only receive: a message of ten bytes, or an empty one, closes
    them with 1008 (policy violation)."""
    seat = manus.tokens()["seats"]["2"]
    for size in (10, 0):
        attack = Attack([ws_url(manus, "/ws/public"), ws_url(manus, f"/ws/seat/{seat}")], size)
        for ended in attack.rounds()[0]:
            assert ended["code"] == 1008, ended


async def _open(url: str, address: str, session: dict[str, aiohttp.ClientSession]) -> Any:
    """A socket from ``address`` (one session per address), or the refusal's status."""
    if address not in session:
        connector = aiohttp.TCPConnector(local_addr=(address, 0))
        session[address] = aiohttp.ClientSession(connector=connector)
    try:
        return await session[address].ws_connect(url)
    except aiohttp.WSServerHandshakeError as error:
        return error


def test_sockets_are_capped_per_address_and_in_total(manus: Running) -> None:
    """One address holds at most 8 live pages (the 9th: 429, said before the upgrade; one
    closed frees its place); the box at most 64 (the 65th, from a new address: 503)."""
    url = ws_url(manus, "/ws/public")
    per, total = guard.SOCKETS_PER_ADDRESS, guard.SOCKETS_IN_TOTAL
    assert (per, total) == (8, 64)

    async def go() -> None:
        sessions: dict[str, aiohttp.ClientSession] = {}
        try:
            mine = [await _open(url, "127.0.0.1", sessions) for _ in range(per + 1)]
            assert all(isinstance(s, aiohttp.ClientWebSocketResponse) for s in mine[:per])
            assert isinstance(mine[per], aiohttp.WSServerHandshakeError)
            assert mine[per].status == 429
            assert_headers(mine[per].headers, "429")
            await mine[0].close()
            again = await _open(url, "127.0.0.1", sessions)
            assert isinstance(again, aiohttp.ClientWebSocketResponse)
            others = []
            for index in range(total - per):  # from 127.0.0.2 on, 8 each
                address = f"127.0.0.{2 + index // per}"
                others.append(await _open(url, address, sessions))
            assert all(isinstance(s, aiohttp.ClientWebSocketResponse) for s in others)
            full = await _open(url, "127.0.0.200", sessions)
            assert isinstance(full, aiohttp.WSServerHandshakeError) and full.status == 503
            assert_headers(full.headers, "503")
            await others[0].close()
            assert isinstance(
                await _open(url, "127.0.0.200", sessions), aiohttp.ClientWebSocketResponse
            )
        finally:
            for session in sessions.values():
                await session.close()

    asyncio.run(go())
    press_reaches_the_table(manus)


def _connect(table: Running, address: str) -> socket.socket:
    return socket.create_connection(
        ("127.0.0.1", table.server.port), timeout=5, source_address=(address, 0)
    )


def _answers(connection: socket.socket) -> bool:
    """Does the server answer a request on this connection (or has it cut it)?"""
    try:
        connection.sendall(b"GET /api/public HTTP/1.1\r\nHost: box\r\n\r\n")
        return connection.recv(64).startswith(b"HTTP/1.1 200")
    except ConnectionError:
        return False


def test_connections_are_capped_per_address_and_in_total(manus: Running) -> None:
    """Half-sent requests held open (each costs the box memory and a file descriptor): one
    address keeps 32 connections, the 33rd is cut at once; the box keeps 256, the 257th
    is cut whatever its address; one closed makes room again."""
    per, total = guard.CONNECTIONS_PER_ADDRESS, guard.CONNECTIONS_IN_TOTAL
    assert (per, total) == (32, 256)
    held: list[socket.socket] = []
    try:
        for index in range(total):
            held.append(_connect(manus, f"127.0.0.{1 + index // per}"))
            held[-1].sendall(b"GET / HTTP/1.1\r\nX-Slow: ")  # never finished
        extra = _connect(manus, "127.0.0.1")  # the first address, at its 32
        assert not _answers(extra)
        extra.close()
        stranger = _connect(manus, "127.0.0.200")  # a new address, the box at 256
        assert not _answers(stranger)
        stranger.close()
        held.pop().close()  # 127.0.0.8 down to 31, the box to 255
        time.sleep(0.2)
        again = _connect(manus, "127.0.0.200")
        assert _answers(again)
        again.close()
    finally:
        for connection in held:
            connection.close()
    press_reaches_the_table(manus)


# --- remote commands checked before the loop -----------------------------------------------------


def test_a_new_game_the_loop_could_not_take_is_refused_before_it_is_posted(
    manus: Running,
) -> None:
    """The table's new game with a setup that is not an object (it killed the loop: three
    times put the box in safe mode), no game, a setup the game refuses, a huge body, the
    wrong content type, no or another site's origin: each its 4xx with the reason, nothing
    new in the journal, and a press still reaches the table after."""
    url = f"{manus.server.url}/api/table/{manus.tokens()['table']}/new_game"
    before = journal(manus)
    bodies = [
        ({"game": "manus", "setup": [1, 2]}, "setup: a JSON object"),
        ({"game": "manus", "setup": "x"}, "setup: a JSON object"),
        ({"game": None, "setup": {}}, "game: one of"),
        ({"setup": {}}, "game: one of"),
        ({"game": "manus", "setup": {"players": ["Anna"]}}, "2 to 4 players"),
        ([1, 2], "a JSON object"),
    ]
    for body, reason in bodies:
        status, headers, text = fetch(url, "POST", body)
        assert status == 400 and reason in json.loads(text)["error"], (body, text)
        assert_headers(headers, "400")
    huge = {"game": "manus", "setup": {"players": ["A" * 100_000, "B"]}}
    assert fetch(url, "POST", huge)[0] == 413
    raw = json.dumps({"game": "manus", "setup": {}})
    assert _post_raw(url, raw, {"Content-Type": "text/plain"} | origin_of(url))[0] == 415
    assert _post_raw(url, raw, {"Content-Type": "application/json"})[0] == 403  # no Origin
    for foreign in (
        {"Origin": "http://evil.example"},
        {"Origin": "null"},
        origin_of(url) | {"Sec-Fetch-Site": "cross-site"},
    ):
        status, _, text = _post_raw(url, raw, {"Content-Type": "application/json"} | foreign)
        assert status == 403, foreign
    cards = f"{manus.server.url}/api/table/{manus.tokens()['table']}/cards"
    status, _, text = fetch(cards, "POST", {"card": "x"})
    assert status == 400 and json.loads(text)["error"] == "card: a JSON object"
    deep = '{"game": "manus", "setup": {"players": ' + "[" * 3000 + "]" * 3000 + "}}"
    status, _, text = _post_raw(url, deep, {"Content-Type": "application/json"} | origin_of(url))
    assert status == 400 and json.loads(text)["error"] == "a JSON object"  # past recursion
    assert journal(manus) == before
    assert manus.public()["game"] == "manus" and manus.public()["head"] == 0
    press_reaches_the_table(manus)


def test_another_sites_page_cannot_open_a_socket(manus: Running) -> None:
    """A page elsewhere opening the box's socket (its browser sends its own Origin): 403;
    the box's own origin, or none (not a browser), is let in."""
    url = ws_url(manus, "/ws/public")

    async def status(origin: str | None) -> int:
        async with aiohttp.ClientSession() as session:
            try:
                async with session.ws_connect(url, origin=origin) as socket:
                    await socket.receive(timeout=5)
                    return 101
            except aiohttp.WSServerHandshakeError as error:
                assert_headers(error.headers, "403")
                return error.status

    async def all_of() -> list[int]:
        own = origin_of(manus.server.url)["Origin"]
        return [await status(o) for o in ("http://evil.example", "null", own, None)]

    assert asyncio.run(all_of()) == [403, 403, 101, 101]


def test_a_seat_action_that_is_not_an_action_is_refused_before_it_is_posted(
    manus: Running,
) -> None:
    url = f"{manus.server.url}/api/seat/{manus.tokens()['seats']['1']}/action"
    before = journal(manus)
    for body in (
        [],
        {"action": "place_site", "head": 0},
        {"action": {"do": 5}, "head": 0},
        {"action": {"temperature": "warm"}, "head": 0},
        {"action": {"do": "skip"}, "head": "0"},
        {"action": {"do": "skip"}, "head": True},
    ):
        status, _, text = fetch(url, "POST", body)
        assert status == 400 and "action" in json.loads(text)["error"], body
    nested = '{"action": ' + "[" * 1500 + "]" * 1500 + ', "head": 0}'  # 3 kB: over the limit
    assert _post_raw(url, nested, {"Content-Type": "application/json"} | origin_of(url))[0] == 413
    nested = '{"action": ' + "[" * 900 + "]" * 900 + "}"  # under it, nested past recursion
    deep = _post_raw(url, nested, {"Content-Type": "application/json"} | origin_of(url))
    assert deep[0] == 400, deep
    assert journal(manus) == before
    place = {"do": "place_site", "temperature": "warm", "humidity": "wet"}
    status, _, text = fetch(url, "POST", {"action": place, "head": 0})
    assert status == 200 and json.loads(text) == {"ok": True, "head": 1}


def _post_raw(url: str, body: str, headers: dict[str, str]) -> tuple[int, dict[str, str], str]:
    async def go() -> tuple[int, dict[str, str], str]:
        async with (
            aiohttp.ClientSession() as session,
            session.post(url, data=body.encode(), headers=headers) as response,
        ):
            return response.status, dict(response.headers), await response.text()

    return asyncio.run(go())


def test_the_loop_survives_a_remote_command_that_raises_in_it(
    manus: Running, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A request past the server's checks that still raises on the loop's thread (a bug a
    phone reaches: here the loop's handling of a phone's request raises a TypeError, as a
    setup of ``[1, 2]`` once did): that request alone fails with 500 (with the headers),
    the loop goes on and a press still reaches the journal and the ring."""
    assert manus.app is not None

    def broken(*args: object) -> None:
        raise TypeError("a bug a phone reached")

    monkeypatch.setattr(manus.app, "_table_request", broken)
    monkeypatch.setattr(manus.app, "_remote", broken)
    url, tokens = manus.server.url, manus.tokens()
    game = {"game": "manus", "setup": {"players": ["Dora", "Egor"]}}
    status, headers, text = fetch(f"{url}/api/table/{tokens['table']}/new_game", "POST", game)
    assert status == 500 and "Traceback" not in text, text
    assert_headers(headers, "500")
    place = {"do": "place_site", "temperature": "warm", "humidity": "wet"}
    action = f"{url}/api/seat/{tokens['seats']['1']}/action"
    status, headers, text = fetch(action, "POST", {"action": place, "head": 0})
    assert status == 500 and "Traceback" not in text, text
    assert manus.thread.is_alive()
    monkeypatch.undo()
    assert manus.public()["game"] == "manus" and manus.public()["head"] == 0
    press_reaches_the_table(manus)


# --- what every answer carries -----------------------------------------------------------------


def test_every_answer_carries_the_security_headers(
    manus: Running, monkeypatch: pytest.MonkeyPatch
) -> None:
    """200, 400, 403, 404, 405, 413, 415, 429 and a handler's own failure (500, said
    without a traceback), and what aiohttp answers by itself to a request it cannot read."""
    url, seats = manus.server.url, manus.tokens()["seats"]
    action = f"{url}/api/seat/{seats['1']}/action"
    answers = {
        200: fetch(url + "/"),
        400: fetch(action, "POST", {"action": "x", "head": 0}),
        403: fetch(url + "/api/seat/nope"),
        404: fetch(url + "/nothing/here"),
        405: fetch(url + "/api/public", "PUT", {}),
        413: fetch(action, "POST", {"action": {"do": "x" * 5000}, "head": 0}),
        415: _post_raw(action, "{}", {"Content-Type": "text/plain"} | origin_of(url)),
    }
    late = {"action": {"do": "skip"}, "head": 99}  # each answered 409 by the loop, until
    for _ in range(web_server.ACTIONS_PER_WINDOW + 1):
        answers[429] = fetch(f"{url}/api/seat/{seats['2']}/action", "POST", late)

    async def fails(request: object) -> None:
        raise RuntimeError("a handler's bug")

    monkeypatch.setattr(web_server, "_public", fails)
    failing = serve_in_thread(manus.app.hub())  # type: ignore[union-attr]
    try:
        answers[500] = fetch(failing.url + "/api/public")
    finally:
        failing.stop()
    for status, (got, headers, text) in answers.items():
        assert got == status, (status, got, text)
        assert_headers(headers, str(status))
    assert "Traceback" not in answers[500][2] and "bug" not in answers[500][2]
    unreadable = _raw_http(manus, b"BLAH / HTTP/1.1\r\n\r\n")
    assert unreadable.startswith("HTTP/1.") and " 400 " in unreadable.split("\r\n")[0]
    for name, value in HEADERS.items():
        assert f"{name}: {value}" in unreadable, name


def _raw_http(table: Running, request: bytes) -> str:
    """Bytes sent on a bare TCP connection; the server's whole answer."""
    with socket.create_connection(("127.0.0.1", table.server.port), timeout=5) as bare:
        bare.sendall(request)
        answer = b""
        while chunk := bare.recv(65536):
            answer += chunk
    return answer.decode("utf-8", "replace")


def test_a_refusal_repeats_at_most_an_excerpt_of_what_was_sent(manus: Running) -> None:
    """A 5000-character game name, player name or header: no refusal carries more than 80
    characters of it."""
    url, code = manus.server.url, manus.tokens()["table"]
    new_game = f"{url}/api/table/{code}/new_game"
    marker = secrets.token_hex(2500)
    answers = [
        fetch(new_game, "POST", {"game": marker, "setup": {}})[2],
        fetch(
            new_game,
            "POST",
            {"game": "manus", "setup": {"players": ["Anna", "Boris"], "first": marker}},
        )[2],
        fetch(new_game, "POST", {"game": "manus", "setup": {marker: 1}})[2],
        fetch(f"{url}/api/public", "GET", headers={"X-Anything": marker})[2],
        _raw_http(manus, f"GET /{marker} HTTP/1.1\r\nConnection: close\r\n\r\n".encode()),
        _raw_http(manus, f"GET / HTTP/1.1\r\nX: {marker * 2}\r\n\r\n".encode()),
    ]
    for text in answers:
        assert text and not any(marker[i : i + 81] in text for i in range(len(marker) - 80))


@pytest.mark.parametrize(
    "path",
    [
        "/static/%00",
        "/%00",
        "/seat/%00",
        "/api/seat/%C3%A9",
        "/static/%1b%5b2J",
        "/static/..%2fserver.py",
        "/api/public%0a",
        "/" + "a" * 300,
    ],
)
def test_odd_paths_are_404(manus: Running, path: str) -> None:
    status, headers, text = fetch(manus.server.url + path)
    assert status == 404 and "Traceback" not in text
    assert_headers(headers, path)
