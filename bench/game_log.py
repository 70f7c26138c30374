"""Benchmark: the game log's cost per press on a long game (companion/game_log.py), and the
once-per-game fill of a journal older than the kept lines.

A press says its action's events in every language (the view after it is the snapshot's,
computed anyway), appends them to the table's log book and hands the snapshot its log;
the phones' update reads the new lines. That must not grow with the game: the same at
10,000 actions as at 300. The fill (one replay of the game, narrated in every language,
when an old journal's game is opened) happens once per game; before the lines were kept,
every press paid a replay like it (21 ms at 300 actions, 151 ms at 2,000, 793 ms at
10,000 for one language, bench at head 40).
Run: .venv/bin/python bench/game_log.py [--actions 300 2000 10000] [--presses 500]
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.rules import SETUP, actions
from companion import game_log, games
from companion.rules.base import PUBLIC


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--actions", type=int, nargs="+", default=[300, 2000, 10_000])
    parser.add_argument("--presses", type=int, default=500)
    args = parser.parse_args()
    spec = games.find("bestiary")
    rules = spec.rules
    setup = spec.stamp(dict(SETUP))  # as the table keeps it (the rules' edition named)
    for count in args.actions:
        stream = actions()
        history = tuple(itertools.islice(stream, count))
        started = time.perf_counter()
        filled = game_log.said_by_replay(spec, setup, history, range(count))
        fill = time.perf_counter() - started
        book = game_log.LogBook()
        book.reset(filled[index] for index in range(count))
        lines = book.log().count("en")
        state = rules.start(setup)
        for action in history:
            state = rules.step(state, action)
        costs: list[float] = []
        for action in itertools.islice(stream, args.presses):
            state = rules.step(state, action)
            view = rules.view(state, PUBLIC)  # the snapshot's: computed once per press anyway
            before = book.log().count("en")
            started = time.perf_counter()
            book.extend(game_log.say(spec, state.events, view))
            log = book.log()  # the snapshot's
            new = log.lines("en", before)  # the phones' update
            costs.append(time.perf_counter() - started)
            assert log.count("en") == before + len(new)
        print(
            f"game log, {count} actions ({lines} lines in EN): a press's log "
            f"p50 {statistics.median(costs) * 1e6:.0f} µs, max {max(costs) * 1e6:.0f} µs "
            f"(say in {len(filled[0])} languages, append, hand out); an old journal's fill, "
            f"once per game: {fill * 1000:.0f} ms",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
