"""Benchmark: a long Four-path game of two teams: one action applied and committed, the
prompt built (every offered choice is checked against the rules), and the journal's replay.

Prints numbers (budgets in DESIGN.md: apply+commit well under 5 ms; replay < 0.5 s; the
screen's frame budget bounds the prompt).
Run: .venv/bin/python bench/four_path.py [--actions 5000]
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

SETUP = {"players": ["Anna", "Boris", "Clara", "Dmitri"], "scale_length": 1000}
# (seat, creature): the keeper's circle Anna, Boris, Clara, Dmitri, twice.
ARMY = [
    (1, "Saxum"),
    (2, "Vinctum"),
    (3, "Illesbra"),
    (4, "Ferrarius"),
    (1, "Manus"),
    (2, "Cerberus"),
    (3, "Messum"),
    (4, "Lignum"),
]
BANS = ["Carnifex", "Toxicum", "Malleus", "Mortum"]


def actions() -> Iterator[dict[str, Any]]:
    """The draft and a tower's area; then :func:`policy` plays from the prompt: sieges,
    attacks, supports with effects and Control effects, tokens on the shared halves
    coming and going, passes."""
    for name in BANS:
        yield {"do": "ban", "creature": name}
    for _seat, name in ARMY:
        yield {
            "do": "summon",
            "creature": name,
            "vitality": 20,
            "attack_strength": 1,
            "abilities": [
                {"name": "Guard", "prep": 2, "effects": ["defense_up"], "target": "ally"},
                {"name": "Weaken", "prep": 5, "effects": ["control_down"], "target": "enemy"},
            ],
        }
    yield {"do": "area", "tower": "tower_1", "creatures": ["saxum", "vinctum", "messum"]}


def policy(table: Table, step: int) -> dict[str, Any]:
    """The next action: from the prompt's choices, an attack, else an ability (every third
    step), else the first choice (the siege, the opener, the disc, a pass)."""
    choices = [dict(c) for c in table.prompt().choices]
    kinds = [c["do"] for c in choices]
    if "attack" in kinds and step % 2 == 0:
        return choices[kinds.index("attack")]
    if "support" in kinds and step % 3 == 0:
        return choices[kinds.index("support")]
    passing = [c for c in choices if c["do"] == "pass"]
    return passing[0] if passing else choices[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--actions", type=int, default=5_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.db"
        table = Table.new_game(Journal(db), "four_path", SETUP)
        timings, prompts = [], []
        source = actions()
        for step in range(args.actions):
            action = next(source, None) or policy(table, step)
            started = time.perf_counter()
            table.apply(action)
            timings.append(time.perf_counter() - started)
            started = time.perf_counter()
            table.prompt()
            prompts.append(time.perf_counter() - started)
        assert not table.finished
        for label, values in (("apply+commit one action", timings), ("prompt", prompts)):
            values.sort()
            median = statistics.median(values) * 1000
            p99 = values[int(len(values) * 0.99)] * 1000
            print(f"{label}: median {median:.3f} ms, p99 {p99:.3f} ms over {len(values)}")
        view = table.view()
        print(
            f"journal size: {db.stat().st_size / 1024:.0f} KiB, period reached {view['period']}, "
            f"scales {[side['castle_damage'] for side in view['sides']]}"
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
