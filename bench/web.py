"""The phones' server: a button press on the box to the spectator page's update received.

Usage: .venv/bin/python bench/web.py [--presses 200] [--pages 1 20] [--idle 10]
       .venv/bin/python bench/web.py --history 10 2000 [--presses 200] [--pages 1]

The app runs on fake hardware (as tests/test_controls.py builds it) on this thread, which
owns its table and journal and calls ``app.handle`` with button edges, as the loop does;
its hub is subscribed and the real server runs on its own thread, on a free loopback
port. The pages are another process (this script with ``--listen``): aiohttp clients on
``/ws/public``, each printing when an update arrives, on the same monotonic clock.

Presses alternate seat 1's select (the first choice of the prompt: a castle chosen) and
UNDO (fired on its release edge), so every press changes the public page. Each is timed
from the press's first edge handed to the app ("press") and from the moment the table
had committed it and published the snapshot ("committed": an output subscribed before
the hub stamps it) to each page's WebSocket message received.

Then, with 20 pages connected and nothing pressed, the CPU this process (the app and the
server; the pages are elsewhere) takes over ``--idle`` seconds (``time.process_time``;
target under 2% of a core); and the resident memory the server adds: RSS before the
server's module is imported and started, after it started, and with the pages connected
(target under 15 MB).

With ``--history``, for each length a duel is first played to that many actions
(bench/rules.py's long duel, straight on the table, then one refresh), and one row says
the press-to-page p50 and p99 and the public payload's bytes per update: a press must cost
the same at 2,000 actions as at 10 (the p50 within 1.3x), and an update must not carry the
game's whole log.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import queue
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.rules import SETUP, actions
from companion.app import App, Refresh, build_app
from companion.config import load
from companion.hardware.ports import ButtonEdge
from companion.snapshot import Snapshot
from companion.table import NewGame

TIMEOUT = 10.0


def rss_mb() -> float:
    """This process's resident memory (Linux /proc), in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


# --- the pages (a child process) -----------------------------------------------------------


async def _listen(url: str, pages: int) -> None:
    """``pages`` spectator sockets; "ready" once each has its first payload, then one line
    per update: ``<page> <monotonic time>``."""
    import aiohttp  # noqa: PLC0415 (only the child needs the client)

    async with aiohttp.ClientSession() as session:
        sockets = [await session.ws_connect(f"{url}/ws/public") for _ in range(pages)]
        for socket in sockets:
            await socket.receive()
        print("ready", flush=True)

        async def read(index: int, socket: aiohttp.ClientWebSocketResponse) -> None:
            async for message in socket:
                if message.type == aiohttp.WSMsgType.TEXT:
                    print(index, time.monotonic(), flush=True)

        await asyncio.gather(*(read(i, s) for i, s in enumerate(sockets)))


# --- the box (this process) -----------------------------------------------------------------


class Pages:
    """The child process of pages, and its lines read on a thread."""

    def __init__(self, url: str, count: int) -> None:
        self.count = count
        self.lines: queue.Queue[str] = queue.Queue()
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--listen", url, "--pages", str(count)],
            stdout=subprocess.PIPE,
            text=True,
        )
        threading.Thread(target=self._read, daemon=True).start()
        if self.lines.get(timeout=30) != "ready":
            raise RuntimeError("the pages did not connect")

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.strip())

    def updates(self) -> list[float]:
        """The arrival times of one update on every page."""
        times = []
        for _ in range(self.count):
            _, at = self.lines.get(timeout=TIMEOUT).split()
            times.append(float(at))
        return times

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(10)


class Box:
    """The app on fake hardware; presses by ``handle`` with edges on the app's clock."""

    def __init__(self, folder: Path) -> None:
        self.app: App = build_app(load(None), fakes=True, journal_path=folder / "j.sqlite")
        self.app.start()
        self.committed = 0.0
        self.last = 0.0  # the last edge's time
        self.app.subscribe(self._stamp)  # before the hub: called first on each change

    def _stamp(self, snap: Snapshot) -> None:
        if snap.news:
            self.committed = time.monotonic()

    def tap(self, name: str) -> None:
        """A press and its release 50 ms later on the edges' clock (never before the last
        edge, or the debounce would take it for chatter); handed over at once."""
        at = max(time.monotonic(), self.last + 0.2)
        self.app.handle(ButtonEdge(name, True, at), at)
        self.last = at + 0.05
        self.app.handle(ButtonEdge(name, False, self.last), self.last)

    def close(self) -> None:
        self.app.close()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def latencies(
    box: Box, pages: Pages, presses: int, sizes: list[int] | None = None
) -> tuple[list[float], list[float]]:
    """Per press and page: ms from the press, and from the commit, to the update received
    (and into ``sizes`` the public payload's bytes after each press)."""
    from_press: list[float] = []
    from_commit: list[float] = []
    for number in range(presses):
        head = box.app.table.head
        seat = box.app.table.prompt().seat or 1  # the seat whose turn it is selects
        pressed = time.monotonic()
        box.tap(f"seat{seat}.cyan" if number % 2 == 0 else "undo")
        if box.app.table.head == head:
            raise RuntimeError(f"press {number} changed nothing")
        for arrived in pages.updates():
            from_press.append((arrived - pressed) * 1000)
            from_commit.append((arrived - box.committed) * 1000)
        if sizes is not None:
            sizes.append(len(box.app.hub().current().texts["public"].encode()))
    return from_press, from_commit


def played_to(box: Box, length: int) -> None:
    """A new duel played to ``length`` actions on the table, then shown once."""
    box.app.execute(NewGame("bestiary", SETUP))
    for action in itertools.islice(actions(), length):
        box.app.table.apply(action)
    box.app.handle(Refresh(), time.monotonic())


def history_rows(box: Box, url: str, lengths: list[int], pages: int, presses: int) -> None:
    """One row per history length: press -> page p50, p99, bytes per update."""
    for length in lengths:
        played_to(box, length)
        page = Pages(url, pages)
        try:
            sizes: list[int] = []
            from_press, _ = latencies(box, page, presses, sizes)
        finally:
            page.close()
        print(
            f"{length:>6} actions: press -> received p50 {statistics.median(from_press):.2f} ms, "
            f"p99 {percentile(from_press, 0.99):.2f} ms; public payload "
            f"{statistics.median(sizes):.0f} bytes per update (max {max(sizes)}; "
            f"{len(from_press)} updates)",
            flush=True,
        )


def line(name: str, values: list[float]) -> str:
    median, p99 = statistics.median(values), percentile(values, 0.99)
    return f"{name}: p50 {median:.2f} ms, p99 {p99:.2f} ms ({len(values)} updates)"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=200)
    parser.add_argument("--pages", type=int, nargs="+", default=[1, 20])
    parser.add_argument("--idle", type=float, default=10.0)
    parser.add_argument("--history", type=int, nargs="+", help="actions played first")
    parser.add_argument("--listen", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.listen:
        asyncio.run(_listen(args.listen, args.pages[0]))
        return 0

    with tempfile.TemporaryDirectory() as folder:
        box = Box(Path(folder))
        hub = box.app.hub()
        before = rss_mb()
        from companion.web.server import serve_in_thread  # noqa: PLC0415 (measured: RSS)

        server = serve_in_thread(hub, "127.0.0.1", 0)
        started = rss_mb()
        box.app.web_address = server.url  # as start_web does: snapshots carry the tokens
        box.app.handle(Refresh(), time.monotonic())
        print(f"server: {server.url} (python {sys.version.split()[0]}, {os.cpu_count()} cpus)")
        try:
            if args.history:
                history_rows(box, server.url, args.history, args.pages[0], args.presses)
                return 0
            most = max(args.pages)
            for count in args.pages:
                pages = Pages(server.url, count)
                try:
                    from_press, from_commit = latencies(box, pages, args.presses)
                    print(line(f"{count:>2} page(s), press -> received", from_press))
                    print(line(f"{count:>2} page(s), committed -> received", from_commit))
                    if count == most:
                        connected = rss_mb()
                        time.sleep(1.0)  # the last sends settle
                        cpu = time.process_time()
                        wall = time.monotonic()
                        time.sleep(args.idle)
                        share = (time.process_time() - cpu) / (time.monotonic() - wall)
                        print(
                            f"idle with {count} pages connected: {share * 100:.3f}% of a core "
                            f"over {args.idle:.0f} s (target < 2%)"
                        )
                        print(
                            f"RSS: {before:.1f} MB before the server, {started:.1f} MB started "
                            f"(+{started - before:.1f}), {connected:.1f} MB with {count} pages "
                            f"(+{connected - before:.1f}; target < 15 MB)"
                        )
                finally:
                    pages.close()
        finally:
            server.stop()
            box.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
