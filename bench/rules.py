"""Benchmark: one action applied and committed; replay of a 10,000-action journal.

Prints numbers (budgets in DESIGN.md: apply+commit well under 5 ms; replay < 0.5 s).
Run: .venv/bin/python bench/rules.py [--actions 10000]
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

SETUP = {"players": ["Anna", "Boris"], "scale_length": 1000}
ARMY = [
    ("Saxum", "strength"),
    ("Vinctum", "strength"),
    ("Illesbra", "agility"),
    ("Ferrarius", "agility"),
    ("Manus", "intellect"),
    ("Cerberus", "intellect"),
]


def actions() -> Iterator[dict[str, Any]]:
    """A long legal duel: sieges, attacks, supports with effects, tokens coming and going."""
    yield {"do": "choose_castle", "castle": "forest_edge"}
    for name, klass in ARMY:
        yield {
            "do": "summon",
            "creature": name,
            "class": klass,
            "vitality": 20,
            "attack_strength": 1,
            "abilities": [
                {"name": "Guard", "prep": 2, "effects": ["defense_up"], "target": "ally"},
                {"name": "Curse", "prep": 5, "effects": ["attack_down"], "target": "enemy"},
            ],
        }
    mine = {1: ["saxum", "illesbra", "manus"], 2: ["vinctum", "ferrarius", "cerberus"]}
    period = 0
    while True:
        period += 1
        yield {"do": "turn_disc"}
        for seat, other in ((1, 2), (2, 1)):
            yield {"do": "siege", "towers": ["plain"] if period % 97 == 0 else []}
            if period > 1:  # in the first period every enemy is still in its castle
                yield {
                    "do": "attack",
                    "creature": mine[seat][period % 3],
                    "target": mine[other][0],
                }
            yield {"do": "end_phase"}
            if period % 2 == 1:
                yield {
                    "do": "support",
                    "creature": mine[seat][1],
                    "ability": "guard",
                    "target": mine[seat][1],
                }
            if period % 5 == 1 and period > 1:
                yield {
                    "do": "support",
                    "creature": mine[seat][2],
                    "ability": "curse",
                    "target": mine[other][1],
                }
            yield {"do": "end_phase"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--actions", type=int, default=10_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.db"
        table = Table.new_game(Journal(db), "bestiary", SETUP)
        timings = []
        source = actions()
        for _ in range(args.actions):
            action = next(source)
            started = time.perf_counter()
            table.apply(action)
            timings.append(time.perf_counter() - started)
        assert not table.finished
        timings.sort()
        median = statistics.median(timings) * 1000
        p99 = timings[int(len(timings) * 0.99)] * 1000
        print(
            f"apply+commit one action: median {median:.3f} ms, p99 {p99:.3f} ms "
            f"over {len(timings)} actions (SQLite WAL, synchronous=FULL, {db.parent})"
        )
        print(
            f"journal size: {db.stat().st_size / 1024:.0f} KiB, period reached "
            f"{table.view()['period']}"
        )
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
            f"median {statistics.median(runs) * 1000:.0f} ms, best {min(runs) * 1000:.0f} ms"
        )


if __name__ == "__main__":
    main()
