"""The phones' server through its HTTP API, against a real app on its own thread (fake
hardware, a real SQLite journal): tokens and 403s, the security headers, a phone's action
played through the table, a phone and a second action racing for one prompt, and the
vote's secrecy (the public and the other seats' payloads byte-identical whatever a seat
voted)."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from companion.app import App, build_app
from companion.config import GameSettings, load
from companion.presses import with_seat_pads
from companion.web.server import Server, serve_in_thread
from tests.secrecy import values_of

MANUS = {"players": ["Anna", "Boris", "Vera"], "first": "Anna"}
TO_THE_VOTE: list[dict[str, Any]] = [
    {"do": "place_site", "temperature": "warm", "humidity": "wet"},
    {"do": "choose_discovery", "discovery": "steam"},
    {"do": "skip"},
    {"do": "skip"},
    {"do": "skip"},
    {"do": "choose_target", "target": "medium"},
    {"do": "choose_target", "target": "medium"},
    {"do": "choose_target", "target": "small"},
]


class Running:
    """An app on its own thread (the table belongs to the thread that built it) and the
    server beside it."""

    def __init__(self, tmp_path: Path, game: str, setup: dict[str, Any]) -> None:
        config = with_seat_pads(replace(load(None), game=GameSettings(game, setup)), setup)
        self.path = tmp_path / "journal.sqlite"
        self.ready = threading.Event()
        self.app: App | None = None
        self.thread = threading.Thread(target=self._run, args=(config,), daemon=True)
        self.thread.start()
        assert self.ready.wait(20)
        assert self.app is not None
        self.server: Server = serve_in_thread(self.app.hub())

    def _run(self, config: Any) -> None:
        self.app = build_app(config, fakes=True, journal_path=self.path)
        self.app.hub()  # subscribed on the loop's own thread, before it runs
        self.ready.set()
        try:
            self.app.run()
        finally:
            self.app.close()  # the journal belongs to this thread

    def public(self) -> dict[str, Any]:
        assert self.app is not None
        return json.loads(self.app.hub().current().texts["public"])  # type: ignore[no-any-return]

    def play(self, *actions: dict[str, Any]) -> None:
        """Actions through the loop's own queue, each for the seat the prompt names (as the
        phones send them), waiting for each."""
        assert self.app is not None
        hub = self.app.hub()
        for action in actions:
            public = self.public()
            answer = _Answer()
            hub.submit(action, public["prompt"]["seat"], public["head"], answer.reply)
            assert answer.done.wait(10)
            assert answer.got[0], (action, answer.got)
            self._settle(answer.got[2])

    def _settle(self, head: int) -> None:
        """Until the hub's payloads show ``head`` (they are built right after the action)."""
        for _ in range(200):
            if self.public()["head"] == head:
                return
            threading.Event().wait(0.01)
        raise AssertionError("the hub never showed the new head")

    def tokens(self) -> dict[str, Any]:
        assert self.app is not None
        return self.app.hub().tokens()

    def close(self) -> None:
        self.server.stop()
        assert self.app is not None
        self.app.stop()
        self.thread.join(10)


class _Answer:
    """The loop's reply to a submitted action."""

    def __init__(self) -> None:
        self.done = threading.Event()
        self.got: tuple[bool, str, int] = (False, "", 0)

    def reply(self, played: bool, why: str, head: int) -> None:
        self.got = (played, why, head)
        self.done.set()


@pytest.fixture
def manus(tmp_path: Path) -> Iterator[Running]:
    running = Running(tmp_path, "manus", MANUS)
    yield running
    running.close()


def origin_of(url: str) -> dict[str, str]:
    """The header the box's own pages send with a POST: the box's own origin."""
    scheme, rest = url.split("://", 1)
    return {"Origin": f"{scheme}://{rest.split('/', 1)[0]}"}


def fetch(
    url: str, method: str = "GET", body: object = None, headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], str]:
    """One request as the box's pages make it (a POST from the page's own origin, a JSON
    body); ``headers`` replace those."""
    sent = ({} if method == "GET" else origin_of(url)) | (headers or {})

    async def go() -> tuple[int, dict[str, str], str]:
        async with (
            aiohttp.ClientSession() as session,
            session.request(method, url, json=body, headers=sent) as response,
        ):
            return response.status, dict(response.headers), await response.text()

    return asyncio.run(go())


def test_a_seat_token_opens_that_seat_only_and_a_wrong_one_gets_403(manus: Running) -> None:
    url, tokens = manus.server.url, manus.tokens()
    seats = tokens["seats"]
    assert sorted(seats) == ["1", "2", "3"] and len(set(seats.values())) == 3
    status, headers, body = fetch(f"{url}/api/seat/{seats['2']}")
    assert status == 200 and json.loads(body)["seat"] == 2 and json.loads(body)["name"] == "Boris"
    near = seats["1"][:-1] + ("y" if seats["1"].endswith("x") else "x")  # one letter off
    for wrong in ("nope", near, tokens["table"]):
        for path in (f"/api/seat/{wrong}", f"/seat/{wrong}", f"/ws/seat/{wrong}"):
            status, headers, body = fetch(url + path)
            assert (status, body) == (403, "forbidden"), path
            assert headers["X-Frame-Options"] == "DENY"
    status, _, _ = fetch(
        f"{url}/api/seat/nope/action", "POST", {"action": {"do": "skip"}, "head": 0}
    )
    assert status == 403


def test_every_answer_carries_the_security_headers(manus: Running) -> None:
    for path in ("/", "/api/public", "/static/nothing.js"):
        _, headers, _ = fetch(manus.server.url + path)
        policy = headers["Content-Security-Policy"]
        assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "no-referrer"


def test_the_public_payload_names_no_choice_and_a_seat_sees_its_own(manus: Running) -> None:
    status, _, body = fetch(manus.server.url + "/api/public")
    public = json.loads(body)
    assert status == 200 and public["game"] == "manus" and public["prompt"]["seat"] == 1
    assert "choices" not in public["prompt"]
    seats = manus.tokens()["seats"]
    anna = json.loads(fetch(f"{manus.server.url}/api/seat/{seats['1']}")[2])
    boris = json.loads(fetch(f"{manus.server.url}/api/seat/{seats['2']}")[2])
    assert anna["prompt"]["mine"] and anna["prompt"]["choices"]
    assert not boris["prompt"]["mine"] and boris["prompt"]["choices"] == []


def test_a_phone_action_is_played_and_a_late_one_is_no_longer_possible(manus: Running) -> None:
    """Anna's phone places the site; a second phone request at the same head (a press that
    came first, or a double tap) gets 409 and changes nothing."""
    url, seats = manus.server.url, manus.tokens()["seats"]
    head = manus.public()["head"]
    action = {"do": "place_site", "temperature": "warm", "humidity": "wet"}
    first = fetch(f"{url}/api/seat/{seats['1']}/action", "POST", {"action": action, "head": head})
    assert first[0] == 200 and json.loads(first[2]) == {"ok": True, "head": head + 1}
    late = fetch(f"{url}/api/seat/{seats['1']}/action", "POST", {"action": action, "head": head})
    assert late[0] == 409 and json.loads(late[2])["error"] == "that is no longer possible"
    manus._settle(head + 1)
    assert manus.public()["head"] == head + 1
    # Boris may not act on Anna's prompt, whatever he sends.
    skip = {"do": "choose_discovery", "discovery": "steam"}
    refused = fetch(
        f"{url}/api/seat/{seats['2']}/action", "POST", {"action": skip, "head": head + 1}
    )
    assert refused[0] == 409 and manus.public()["head"] == head + 1


def test_a_phone_and_a_press_racing_for_one_prompt_one_wins(manus: Running) -> None:
    """Two requests for the same prompt sent at once: exactly one is played."""
    url, seats = manus.server.url, manus.tokens()["seats"]
    head = manus.public()["head"]
    body = {"action": {"do": "place_site", "temperature": "cold", "humidity": "dry"}, "head": head}

    async def race() -> list[int]:
        async with aiohttp.ClientSession() as session:

            async def post() -> int:
                target = f"{url}/api/seat/{seats['1']}/action"
                async with session.post(target, json=body, headers=origin_of(url)) as response:
                    return response.status

            return sorted(await asyncio.gather(post(), post()))

    assert asyncio.run(race()) == [200, 409]


def test_the_vote_is_in_no_public_or_other_seats_payload(tmp_path: Path) -> None:
    """Whatever Anna votes (four tables, one per condition), the public payload and Boris's
    and Vera's are byte-identical, and none holds her condition by her hand."""
    seen = []
    for condition in ("warm", "cold", "wet", "dry"):
        table = Running(tmp_path / condition, "manus", MANUS)
        try:
            table.play(*TO_THE_VOTE)
            seats = table.tokens()["seats"]
            anna = json.loads(fetch(f"{table.server.url}/api/seat/{seats['1']}")[2])
            votes = [c["action"] for c in anna["prompt"]["choices"]]
            assert votes and all(v["do"] == "vote" for v in votes)
            vote = next(v for v in votes if v.get("condition") == condition)
            table.play(vote)
            public = fetch(table.server.url + "/api/public")[2]
            others = [fetch(f"{table.server.url}/api/seat/{seats[s]}")[2] for s in ("2", "3")]
            for text in (public, *others):
                assert condition not in values_of(json.loads(text), vote)
            mine = json.loads(fetch(f"{table.server.url}/api/seat/{seats['1']}")[2])
            assert condition in json.dumps(mine["view"])  # Anna sees her own vote
            seen.append((public, *others))
        finally:
            table.close()
    assert all(row == seen[0] for row in seen[1:])


def test_tokens_survive_a_restart_and_a_new_game_gets_new_ones(tmp_path: Path) -> None:
    from companion.journal import Journal  # noqa: PLC0415
    from companion.web.hub import tokens_for  # noqa: PLC0415

    journal = Journal(tmp_path / "j.sqlite")
    first = tokens_for(journal, 1)
    journal.close()
    again = Journal(tmp_path / "j.sqlite")
    assert tokens_for(again, 1) == first
    assert tokens_for(again, 2)["seats"]["1"] != first["seats"]["1"]
    again.close()


def test_the_box_screen_learns_the_address_and_no_payload_carries_the_table_token(
    tmp_path: Path,
) -> None:
    """``companion run`` with web.enabled: the server on its port, the snapshot (the box's
    own screen, MENU → Phones) with the address and this game's tokens, and the table
    token in no payload a page receives."""
    from companion.app import start_web  # noqa: PLC0415
    from companion.config import WebSettings  # noqa: PLC0415

    table = Running(tmp_path, "manus", MANUS)
    assert table.app is not None
    table.app.config = replace(table.app.config, web=WebSettings(True, "127.0.0.1", 0))  # type: ignore[misc]
    web = start_web(table.app)
    try:
        assert web is not None
        for _ in range(200):
            if table.app.snapshot.web is not None:
                break
            threading.Event().wait(0.01)
        access = table.app.snapshot.web
        assert access is not None and access.address == f"http://127.0.0.1:{web.server.port}"
        tokens = table.tokens()
        assert access.table == tokens["table"] and len(access.seats) == 3
        status, _, body = fetch(access.seat_address(2).replace("/seat/", "/api/seat/"))
        assert status == 200 and json.loads(body)["seat"] == 2
        for text in table.app.hub().current().texts.values():
            assert tokens["table"] not in text
            for token in tokens["seats"].values():
                assert token not in text
    finally:
        if web is not None:
            web.stop()
        table.close()


def test_the_card_library_and_a_new_game_need_the_table_token(tmp_path: Path) -> None:
    """The table token (only on the box's screen) reads the library and keeps a card the
    library's own check accepts (a bad one is refused with where and why, nothing kept);
    a new game with it starts; a seat's token or a wrong one gets 403."""
    table = Running(tmp_path, "bestiary", {"players": ["Anna", "Boris"]})
    try:
        url, tokens = table.server.url, table.tokens()
        cards = f"{url}/api/table/{tokens['table']}/cards"
        status, _, body = fetch(cards)
        assert status == 200 and json.loads(body)["game"] == "bestiary"
        before = len(json.loads(body)["cards"])
        for wrong in (tokens["seats"]["1"], "nope"):
            assert fetch(f"{url}/api/table/{wrong}/cards")[0] == 403
            assert fetch(f"{url}/table/{wrong}")[0] == 403
        abilities = [{"name": "Shade", "prep": 2}, {"name": "Veil", "prep": 3}]
        card = {"name": "Umbra", "class": "agility", "vitality": 5, "abilities": abilities}
        status, _, body = fetch(cards, "POST", {"card": card})
        assert status == 200, body
        listed = json.loads(fetch(cards)[2])["cards"]
        assert len(listed) == before + 1 and listed[-1]["name"] == "Umbra"
        bad = {"name": "Umbra two", "class": "wisdom", "vitality": 5, "abilities": abilities}
        status, _, body = fetch(cards, "POST", {"card": bad})
        assert status == 400 and "class" in json.loads(body)["error"]
        assert len(json.loads(fetch(cards)[2])["cards"]) == before + 1
        game = {"game": "manus", "setup": {"players": ["Anna", "Boris", "Vera"]}}
        new = f"{url}/api/table/{tokens['table']}/new_game"
        assert fetch(new, "POST", {"game": "nope", "setup": {}})[0] == 400
        status, _, body = fetch(new, "POST", game)
        assert status == 200, body
        for _ in range(200):
            if table.public()["game"] == "manus":
                break
            threading.Event().wait(0.01)
        assert table.public()["game"] == "manus"
        assert table.tokens()["seats"]["1"] != tokens["seats"]["1"]  # a new game, new tokens
        assert fetch(f"{url}/api/seat/{tokens['seats']['1']}")[0] == 403  # the old one is gone
    finally:
        table.close()


def test_a_seat_socket_closes_when_a_new_game_makes_its_token_old(tmp_path: Path) -> None:
    """A phone still connected with the last game's token gets nothing of the new game:
    its socket is closed before the new game's first payload."""
    table = Running(tmp_path, "manus", MANUS)
    try:
        url, tokens = table.server.url, table.tokens()
        ws_url = url.replace("http://", "ws://") + f"/ws/seat/{tokens['seats']['1']}"
        new = f"{url}/api/table/{tokens['table']}/new_game"
        game = {"game": "manus", "setup": {"players": ["Dora", "Egor", "Fedya"]}}

        async def watch() -> list[object]:
            got: list[object] = []
            async with aiohttp.ClientSession() as session, session.ws_connect(ws_url) as socket:
                first = await socket.receive(timeout=5)
                got.append(json.loads(first.data)["name"])
                async with session.post(new, json=game, headers=origin_of(url)) as response:
                    assert response.status == 200
                while True:
                    message = await socket.receive(timeout=5)
                    if message.type != aiohttp.WSMsgType.TEXT:
                        got.append(message.type)
                        return got
                    got.append(json.loads(message.data)["name"])

        got = asyncio.run(watch())
        assert got[0] == "Anna"
        assert "Dora" not in got  # nothing of the new game's seat 1
        assert got[-1] in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
    finally:
        table.close()
