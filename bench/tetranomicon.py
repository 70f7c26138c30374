"""Benchmark: Tetranomicon games of four factions with diplomacy, played from the prompt:
one action applied and committed, the prompt built, a finished game's journal replayed.

Prints numbers (budgets in DESIGN.md: apply+commit well under 5 ms; replay < 0.5 s).
Run: .venv/bin/python bench/tetranomicon.py [--games 20]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from companion.journal import Journal
from companion.rules.base import IllegalAction
from companion.table import Table

SETUP = {"players": ["Anna", "Boris", "Vera", "Gleb"], "diplomacy": True, "wealth": "moderate"}


def policy(table: Table, chooser: random.Random) -> dict[str, Any]:
    """A legal action: two times in three an entry with random values the rules take
    (three tries), else the first choice (keep, a card, peace or war, pass)."""
    prompt = table.prompt()
    entries = list(prompt.entries) if chooser.random() < 2 / 3 else []
    chooser.shuffle(entries)
    for entry in entries[:3]:
        values = [
            chooser.randint(f.low, f.high) if f.kind == "int" else chooser.choice(f.options)
            for f in entry.fields
        ]
        action = entry.action(values)
        try:
            table.spec.rules.step(table.state, action)
        except IllegalAction:
            continue
        return action
    return dict(prompt.choices[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    chooser = random.Random(7)
    applies: list[float] = []
    prompts: list[float] = []
    replays: list[float] = []
    lengths = []
    with tempfile.TemporaryDirectory() as folder:
        for number in range(args.games):
            db = Path(folder) / f"game{number}.db"
            table = Table.new_game(Journal(db), "tetranomicon", SETUP)
            while not table.finished:
                started = time.perf_counter()
                table.prompt()
                prompts.append(time.perf_counter() - started)
                action = policy(table, chooser)
                started = time.perf_counter()
                table.apply(action)
                applies.append(time.perf_counter() - started)
            lengths.append(table.head)
            record = table.record.id
            table.journal.close()
            started = time.perf_counter()
            journal = Journal(db)
            resumed = Table(journal, journal.game(record))
            replays.append(time.perf_counter() - started)
            assert resumed.finished
            journal.close()
    for label, values in (("apply+commit one action", applies), ("prompt", prompts)):
        values.sort()
        median = statistics.median(values) * 1000
        p99 = values[int(len(values) * 0.99)] * 1000
        print(f"{label}: median {median:.3f} ms, p99 {p99:.3f} ms over {len(values)}")
    print(
        f"{args.games} games of {min(lengths)}-{max(lengths)} actions; open + replay of a "
        f"finished game: median {statistics.median(replays) * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
