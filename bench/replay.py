"""Benchmark: stepping a replay (companion/replay.py) through a long journaled game.

A Bestiary duel of 2,000 actions is played through the table into a journal file (so the
journal keeps its snapshots, as on the box), then a replay opened on its own connection
(as the phones' server opens one) is stepped to random points of the game, and from each
one step forward or back (the arrow keys, play); then the spectator page's question through
the phones' server (GET /api/replay/<id>?step=N). The budget: any step under 100 ms.
Run: .venv/bin/python bench/replay.py [--actions 2000] [--jumps 300] [--seed 25]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from aiohttp.test_utils import TestClient, TestServer

from bench.rules import SETUP, actions
from companion.journal import Journal
from companion.replay import Replay
from companion.table import Table
from companion.web.hub import Hub
from companion.web.server import make_app


class Timed:
    """Wall-clock times, and the CPU time this process spent (a loaded machine makes the
    first wait for a core; the second is the replay's own cost)."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def __call__(self, job: Callable[..., object], *given: object) -> None:
        wall, cpu = time.perf_counter(), time.process_time()
        job(*given)
        self.wall.append(time.perf_counter() - wall)
        self.cpu.append(time.process_time() - cpu)

    def __str__(self) -> str:
        return f"{percentiles(self.wall)} (CPU: {percentiles(self.cpu)})"


def percentiles(values: list[float]) -> str:
    ordered = sorted(values)
    p50 = ordered[len(ordered) // 2] * 1000
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000
    return f"p50 {p50:.2f} ms, p99 {p99:.2f} ms, max {ordered[-1] * 1000:.2f} ms"


async def through_the_server(
    journal: Journal, game_id: int, draw: random.Random, count: int
) -> list[float]:
    """The spectator page's question over HTTP (loopback, the server's own worker thread
    and journal connection, the payload as JSON): wall-clock times."""
    times: list[float] = []
    async with TestClient(TestServer(make_app(Hub(lambda _: None, journal)))) as client:
        for _ in range(count):
            target = draw.randrange(last_but_one(journal, game_id) + 1)
            for step in (target, target + 1, target):
                started = time.perf_counter()
                answer = await client.get(f"/api/replay/{game_id}?step={step}&lang=en")
                await answer.read()
                times.append(time.perf_counter() - started)
    return times


def last_but_one(journal: Journal, game_id: int) -> int:
    """The step before the last (a jump and the step after it stay in the game)."""
    return journal.game(game_id).head - 1


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--jumps", type=int, default=300)
    parser.add_argument("--seed", type=int, default=25)
    args = parser.parse_args()
    draw = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite"
        table = Table.new_game(Journal(path), "bestiary", SETUP)
        for action in itertools.islice(actions(), args.actions):
            table.apply(action)
        game_id = table.record.id
        table.journal.close()

        journal = Journal(path)
        started = time.perf_counter()
        replay = Replay(journal, game_id)
        opened = time.perf_counter() - started
        assert replay.of == args.actions
        first, jumps, beside, played = Timed(), Timed(), Timed(), Timed()
        for index in range(args.jumps):
            target = draw.randrange(replay.of + 1)
            language = draw.choice(("en", "ru"))
            (first if index < 10 else jumps)(replay.step, target, language)
            for by in (1, -1, -1, 1):
                target += by
                beside(replay.step, target)
        for target in range(replay.of + 1):  # play from the start to the end
            played(replay.step, target)
        served = asyncio.run(through_the_server(journal, game_id, draw, args.jumps // 3))
        journal.close()
    print(f"replay of a {args.actions}-action game: open {opened * 1000:.1f} ms")
    print(f"  first 10 jumps (nothing passed yet): {first}")
    print(f"  random jumps ({len(jumps.wall)}): {jumps}")
    print(f"  one step forward or back ({len(beside.wall)}): {beside}")
    print(f"  play, every step in order ({len(played.wall)}): {played}")
    print(
        f"  through the server, GET /api/replay/<id>?step=N, a jump and a step either side "
        f"({len(served)}): {percentiles(served)}"
    )
    every = (first, jumps, beside, played)
    slowest = max(max(t.wall) for t in every)
    costliest = max(max(t.cpu) for t in every)
    print(
        f"  slowest step: {slowest * 1000:.2f} ms, its CPU at most {costliest * 1000:.2f} ms "
        "(budget 100 ms)"
    )
    return 0 if costliest < 0.1 else 1


if __name__ == "__main__":
    sys.exit(main())
