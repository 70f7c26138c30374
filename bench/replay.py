"""Benchmark: stepping a replay (companion/replay.py) through a long journaled game.

A Bestiary duel of 2,000 actions is played through the table into a journal file (so the
journal keeps its snapshots, as on the box), then a replay opened on its own connection
(as the phones' server opens one) is stepped to random points of the game, and from each
one step forward or back (the arrow keys, play). The budget: any step under 100 ms.
Run: .venv/bin/python bench/replay.py [--actions 2000] [--jumps 300] [--seed 25]
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.rules import SETUP, actions
from companion.journal import Journal
from companion.replay import Replay
from companion.table import Table


def percentiles(values: list[float]) -> str:
    ordered = sorted(values)
    p50 = ordered[len(ordered) // 2] * 1000
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000
    return f"p50 {p50:.2f} ms, p99 {p99:.2f} ms, max {ordered[-1] * 1000:.2f} ms"


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
        first: list[float] = []
        jumps: list[float] = []
        beside: list[float] = []
        for index in range(args.jumps):
            target = draw.randrange(replay.of + 1)
            started = time.perf_counter()
            replay.step(target, draw.choice(("en", "ru")))
            took = time.perf_counter() - started
            (first if index < 10 else jumps).append(took)
            for by in (1, -1, -1, 1):
                target += by
                started = time.perf_counter()
                replay.step(target)
                beside.append(time.perf_counter() - started)
        played: list[float] = []
        for target in range(replay.of + 1):  # play from the start to the end
            started = time.perf_counter()
            replay.step(target)
            played.append(time.perf_counter() - started)
        journal.close()
    print(f"replay of a {args.actions}-action game: open {opened * 1000:.1f} ms")
    print(f"  first 10 jumps (nothing passed yet): {percentiles(first)}")
    print(f"  random jumps ({len(jumps)}): {percentiles(jumps)}")
    print(f"  one step forward or back ({len(beside)}): {percentiles(beside)}")
    print(f"  play, every step in order ({len(played)}): {percentiles(played)}")
    slowest = max(first + jumps + beside + played)
    print(f"  slowest step: {slowest * 1000:.2f} ms (budget 100 ms)")
    return 0 if slowest < 0.1 else 1


if __name__ == "__main__":
    sys.exit(main())
