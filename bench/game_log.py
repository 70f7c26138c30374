"""Benchmark: opening the menu's game log on a long game (the replay and narration of every
action, companion/game_log.py), then a scroll (served from its cache).

Prints numbers; the budget is the DESIGN.md press latency for a menu line (100 ms) for a
game of an evening (about 300 actions), and under a second for a 2,000-action one.
Run: .venv/bin/python bench/game_log.py [--actions 300 2000]
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from rules import SETUP, actions

from companion import game_log, games
from companion.snapshot import of_state


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--actions", type=int, nargs="+", default=[300, 2000])
    args = parser.parse_args()
    spec = games.find("bestiary")
    for count in args.actions:
        history = tuple(itertools.islice(actions(), count))
        state = spec.rules.start(SETUP)
        for action in history:
            state = spec.rules.step(state, action)
        snap = of_state(spec, state)
        snap = replace(snap, history=history, setup=dict(SETUP))
        game_log._CACHE.clear()
        started = time.perf_counter()
        lines = game_log.lines(snap)
        opened = time.perf_counter() - started
        started = time.perf_counter()
        game_log.lines(snap)
        again = time.perf_counter() - started
        print(
            f"game log, {count} actions: {len(lines)} sentences; opening {opened * 1000:.0f} ms,"
            f" a scroll after it {again * 1000:.1f} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
