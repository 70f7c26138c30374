"""Benchmark: the Talisman tracker: battles (seeded dice, a fate reroll), trophies traded,
turns ended: one action applied and committed, the prompt built, a long journal replayed.

Prints numbers (budgets in DESIGN.md: apply+commit well under 5 ms; replay < 0.5 s).
Run: .venv/bin/python bench/talisman.py [--actions 3000]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from companion.journal import Journal
from companion.table import Table

SETUP = {
    "players": ["Anna", "Boris", "Vera"],
    "heroes": [{"strength": 4, "fate": 99}, {"craft": 5}, {"lives": 99}],
    "seed": 11,
}


def actions(table: Table) -> Iterator[dict[str, Any]]:
    """Each turn: a battle of two enemies (rolled from the seed), a reroll when offered,
    accept; a lost battle's life; the turn ended, trading trophies when they make a point."""
    while True:
        yield {"do": "battle", "enemies": [2, 3]}
        choices = [c["do"] for c in table.prompt().choices]
        if "reroll" in choices:
            yield {"do": "reroll"}
        yield {"do": "accept"}
        prompt = table.prompt()
        if prompt.kind == "lose":
            yield {"do": "lose"}
            continue
        trade = [c for c in prompt.choices if c.get("trade")]
        yield dict(trade[0]) if trade else {"do": "end_turn"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--actions", type=int, default=3000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.db"
        table = Table.new_game(Journal(db), "talisman", SETUP)
        applies, prompts = [], []
        source = actions(table)
        for _ in range(args.actions):
            action = next(source)
            started = time.perf_counter()
            table.apply(action)
            applies.append(time.perf_counter() - started)
            started = time.perf_counter()
            table.prompt()
            prompts.append(time.perf_counter() - started)
        for label, values in (("apply+commit one action", applies), ("prompt", prompts)):
            values.sort()
            median = statistics.median(values) * 1000
            p99 = values[int(len(values) * 0.99)] * 1000
            print(f"{label}: median {median:.3f} ms, p99 {p99:.3f} ms over {len(values)}")
        print(f"dice rolled from the seed: {table.view()['dice_rolled']}")
        table.journal.close()
        runs = []
        for _ in range(5):
            started = time.perf_counter()
            resumed = Table.open(db)
            runs.append(time.perf_counter() - started)
            assert resumed is not None and resumed.head == args.actions
            resumed.journal.close()
        print(
            f"replay of a {args.actions}-action journal (open + replay): "
            f"median {statistics.median(runs) * 1000:.0f} ms"
        )


if __name__ == "__main__":
    main()
