"""The phones' server against a hostile network: the box's memory and its presses while
WebSockets with no token (and a seat's) send 4 MB frames.

Usage: .venv/bin/python bench/web_hostile.py [--sockets 30] [--size 4194304] [--presses 40]

The app runs on fake hardware on its own thread (its loop, as ``companion run``), the real
server beside it on a free loopback port. The attackers are another process (this script
with ``--attack``): aiohttp clients, each socket from an address of its own
(127.0.0.2, 127.0.0.3, ...: all of 127/8 is this machine), sending one ``--size`` frame
and reading how the server answers, round after round for ``--seconds``.

Printed: this process's resident memory (after ``gc.collect``) before, at its highest
while attacked, and after; how the sockets ended (close code 1009: refused unread); and
each press's latency, handed to the loop to the table's head moved and the LED ring
redrawn, p50 and p99, without and with the attack.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.app import App, build_app
from companion.config import GameSettings, load
from companion.hardware.fakes import FakeLedRing
from companion.hardware.ports import ButtonEdge
from companion.presses import with_seat_pads

MANUS = {"players": ["Anna", "Boris", "Vera"], "first": "Anna"}
FOUR_MB = 4 * 1024 * 1024 - 1024  # just under aiohttp's default limit: buffered whole by it


def rss_mb() -> float:
    """This process's resident memory after a collection (Linux /proc), in MB."""
    gc.collect()
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


# --- the attackers (a child process) --------------------------------------------------------


async def _one(url: str, address: str, size: int) -> dict[str, Any]:
    """One socket from ``address``: one frame of ``size`` bytes; how it ended."""
    import aiohttp  # noqa: PLC0415 (only the child needs the client)

    ended: dict[str, Any] = {"address": address, "url": url}
    connector = aiohttp.TCPConnector(local_addr=(address, 0))
    async with aiohttp.ClientSession(connector=connector) as session:
        try:
            socket = await session.ws_connect(url, max_msg_size=0)
        except aiohttp.WSServerHandshakeError as error:
            return ended | {"refused": error.status}
        started = time.monotonic()
        try:
            await socket.receive(timeout=5)  # the page's first payload
            await socket.send_bytes(b"x" * size if size else b"")
        except (aiohttp.ClientError, ConnectionError):
            pass  # closed while we were still sending: as good as an answer
        try:
            while True:
                message = await socket.receive(timeout=10)
                if message.type in (
                    aiohttp.WSMsgType.CLOSE,
                    aiohttp.WSMsgType.CLOSED,
                    aiohttp.WSMsgType.ERROR,
                ):
                    break
        except TimeoutError:
            return ended | {"open": True}
        await socket.close()
        return ended | {"code": socket.close_code, "seconds": time.monotonic() - started}


async def _rounds(urls: list[str], size: int, seconds: float) -> None:
    end = time.monotonic() + seconds
    number = 0
    while True:
        ended = await asyncio.gather(
            *(_one(url, f"127.0.0.{2 + index}", size) for index, url in enumerate(urls))
        )
        print(json.dumps({"round": number, "sockets": ended}), flush=True)
        number += 1
        if time.monotonic() >= end:
            return


class Attack:
    """The attackers' process: ``sockets`` WebSockets on ``urls`` (in turn), each from its
    own loopback address, each sending a ``size`` frame, round after round for ``seconds``."""

    def __init__(self, urls: list[str], size: int = FOUR_MB, seconds: float = 0.0) -> None:
        self.process = subprocess.Popen(
            [
                sys.executable,
                __file__,
                "--attack",
                *urls,
                *("--size", str(size)),
                *("--seconds", str(seconds)),
            ],
            stdout=subprocess.PIPE,
            text=True,
        )

    def rounds(self, timeout: float = 60) -> list[list[dict[str, Any]]]:
        """Every round's sockets, once the process is done."""
        out, _ = self.process.communicate(timeout=timeout)
        if self.process.returncode:
            raise RuntimeError(f"the attack failed ({self.process.returncode})")
        return [json.loads(line)["sockets"] for line in out.splitlines() if line.strip()]

    def running(self) -> bool:
        return self.process.poll() is None


# --- the box (this process) ------------------------------------------------------------------


def press(
    app: App | None, name: str, last: float = 0.0, timeout: float = 5.0
) -> tuple[float | None, float]:
    """A press and release of ``name`` posted to ``app``'s running loop as the pins would
    (at least 0.2 s after ``last``, the last edge, or the debounce would take it for
    chatter). The seconds until the table's head moved and the fake ring showed a frame
    after it (None: never), and the release's time."""
    assert app is not None
    ring = app.adapters.ring
    assert isinstance(ring, FakeLedRing)
    table = app.table
    head = table.head
    ring.shown.clear()
    at = max(time.monotonic(), last + 0.2)
    while time.monotonic() < at:
        time.sleep(0.005)
    app.post(ButtonEdge(name, True, at))
    app.post(ButtonEdge(name, False, at + 0.05))
    end = at + timeout
    while time.monotonic() < end:
        if table.head != head and ring.shown.is_set():
            return time.monotonic() - at, at + 0.05
        time.sleep(0.0005)
    return None, at + 0.05


class Box:
    """The app on fake hardware running its loop on its own thread (which owns the table and
    the journal), and the phones' server beside it."""

    def __init__(self, folder: Path, game: str = "manus", setup: dict[str, Any] | None = None):
        from companion.web.server import Server, serve_in_thread  # noqa: PLC0415

        setup = setup or MANUS
        config = with_seat_pads(replace(load(None), game=GameSettings(game, setup)), setup)
        self.path = folder / "journal.sqlite"
        self.ready = threading.Event()
        self.app: App | None = None
        self.thread = threading.Thread(target=self._run, args=(config,), daemon=True)
        self.thread.start()
        if not self.ready.wait(20) or self.app is None:
            raise RuntimeError("the app did not start")
        self.server: Server = serve_in_thread(self.app.hub())
        self.last = 0.0

    def _run(self, config: Any) -> None:
        self.app = build_app(config, fakes=True, journal_path=self.path)
        self.app.hub()  # subscribed on the loop's own thread, before it runs
        self.ready.set()
        try:
            self.app.run()
        finally:
            self.app.close()

    def press(self, name: str) -> float | None:
        seconds, self.last = press(self.app, name, self.last)
        return seconds

    def presses(self, count: int) -> list[float]:
        """``count`` presses (seat 1's select: Manus's site placed, then UNDO, in turn; each
        moves the head and redraws the ring): each one's latency."""
        took = []
        for number in range(count):
            seconds = self.press("seat1.cyan" if number % 2 == 0 else "undo")
            if seconds is None:
                raise RuntimeError(f"press {number} never reached the table")
            took.append(seconds)
        return took

    def close(self) -> None:
        self.server.stop()
        assert self.app is not None
        self.app.stop()
        self.thread.join(10)


def line(name: str, seconds: list[float]) -> str:
    values = [s * 1000 for s in seconds]
    median, p99 = statistics.median(values), percentile(values, 0.99)
    return f"{name}: p50 {median:.2f} ms, p99 {p99:.2f} ms ({len(values)} presses)"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sockets", type=int, default=30)
    parser.add_argument("--size", type=int, default=FOUR_MB)
    parser.add_argument("--presses", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=0.0)
    parser.add_argument("--attack", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.attack:
        asyncio.run(_rounds(args.attack, args.size, args.seconds))
        return 0

    with tempfile.TemporaryDirectory() as folder:
        box = Box(Path(folder))
        try:
            url = box.server.url.replace("http://", "ws://")
            assert box.app is not None
            seat = box.app.hub().tokens()["seats"]["1"]
            urls = [
                f"{url}/ws/seat/{seat}" if i % 5 == 0 else f"{url}/ws/public"
                for i in range(args.sockets)
            ]
            box.presses(4)  # warm
            before = rss_mb()
            quiet = box.presses(args.presses)
            attack = Attack(urls, args.size, seconds=3600)
            highest = before
            attacked: list[float] = []
            while len(attacked) < args.presses:
                attacked += box.presses(2)
                highest = max(highest, rss_mb())
            attack.process.terminate()
            out, _ = attack.process.communicate(timeout=30)
            after = rss_mb()
            ended = [
                s for row in out.splitlines() if row.strip() for s in json.loads(row)["sockets"]
            ]
            codes: dict[str, int] = {}
            for socket in ended:
                key = str(socket.get("code", socket.get("refused", "open")))
                codes[key] = codes.get(key, 0) + 1
            print(f"server: {box.server.url} (python {sys.version.split()[0]})")
            print(
                f"{args.sockets} sockets a round, {len(ended)} in all, each a "
                f"{args.size} byte frame; how they ended (close codes): {codes}"
            )
            print(
                f"RSS: {before:.1f} MB before, {highest:.1f} MB at most while attacked "
                f"(+{highest - before:.1f}), {after:.1f} MB after (+{after - before:.1f})"
            )
            print(line("press -> head moved and ring drawn, quiet", quiet))
            print(line("press -> head moved and ring drawn, attacked", attacked))
        finally:
            box.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
