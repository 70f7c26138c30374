"""Benchmark: how many presses a decision takes on the box (issue 24: median <= 2, p95 <= 6).

Every action script of docs/examples is planned by ``companion presses`` (the planner on the
box's own controls, mock pins): each action's presses are counted from the prompt as the
table shows it (the cursor where the last action left it). A name's letters are not
counted (a name is the player's to spell, not the prompt's to offer); its select is.

Where the controls repeat a held red or blue, a second figure plans a run of three or more
of them as one hold (``hold seat1.blue 1.9``: one press, exactly as many steps).

Two figures for the games with a card library (the Bestiary, Four-path, Tetranomicon):
- **filled**: the library first holds the cards of the script's own summons, as
  ``companion cards import`` of those cards would give, so a summon is the card's choice;
- **starting**: the library a new table starts with (its cards' blanks asked at the summon).

An action the buttons cannot play is played directly and listed (``--why`` says why); the
figures are over the actions that were planned.

Run: .venv/bin/python bench/presses.py [--why] [--only four_path] [--costly 20]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion import games
from companion.planner import HOLD_FROM, repeats
from companion.presses import Planned, plan_all, script_cards
from companion.script import Script, load

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
TARGET_MEDIAN, TARGET_P95 = 2, 6


def p95(counts: list[int]) -> int:
    """The nearest-rank 95th percentile (the smallest count 95 % of the actions stay at)."""
    ordered = sorted(counts)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def scripts(only: str | None) -> list[Script]:
    """The action scripts of docs/examples (press scripts are already presses)."""
    found = [load(path) for path in sorted(EXAMPLES.glob("*.yaml"))]
    return [s for s in found if s.actions and (only is None or s.game == only)]


@dataclass(frozen=True)
class Row:
    name: str
    game: str
    actions: int
    counts: tuple[int, ...]
    planned: Planned


def measure(script: Script, filled: bool, holds: bool = False) -> Row:
    cards = script_cards(script) if filled else None
    if cards is not None:
        kit = games.find(script.game).cards
        problems = kit.check(list(cards)) if kit is not None else []
        if problems:  # the import would refuse them
            raise SystemExit(f"{script.path}: its summons' cards fail the checks: {problems}")
    planned = plan_all(script, cards, holds=holds)
    counts = tuple(found.counted for _, found in planned.plans)
    return Row(Path(script.path).name, script.game, len(script.actions), counts, planned)


def line(label: str, actions: int, counts: Iterable[int], unplanned: int) -> str:
    got = list(counts)
    if not got:
        return f"  {label:38} {actions:4} {0:5} {unplanned:5}     -     -     -"
    return (
        f"  {label:38} {actions:4} {len(got):5} {unplanned:5} {statistics.median(got):5g}"
        f" {p95(got):5} {max(got):5}  mean {statistics.mean(got):.2f}"
    )


def report(rows: list[Row], title: str, why: bool) -> list[int]:
    print(f"\n{title}")
    print(f"  {'script':38} {'acts':>4} {'plan':>5} {'not':>5} {'med':>5} {'p95':>5} {'max':>5}")
    everything: list[int] = []
    for row in rows:
        print(line(row.name, row.actions, row.counts, len(row.planned.unplanned)))
        everything += row.counts
        if why:
            for missed in row.planned.unplanned:
                print(f"      L{missed.line} #{missed.index} {missed.do}: {missed.reason[:220]}")
    for game in sorted({row.game for row in rows}):
        mine = [row for row in rows if row.game == game]
        counts = [c for row in mine for c in row.counts]
        skipped = sum(len(row.planned.unplanned) for row in mine)
        print(line(f"[{game}]", sum(row.actions for row in mine), counts, skipped))
    skipped = sum(len(row.planned.unplanned) for row in rows)
    print(line("OVERALL", sum(row.actions for row in rows), everything, skipped))
    return everything


def costliest(rows: list[Row], chosen: list[Script], count: int) -> None:
    """The ``count`` actions that take the most presses, with their line and presses."""
    lines = {
        (Path(s.path).name, i.index): (i.line, i.action.get("do"))
        for s in chosen
        for i in s.actions
    }
    ranked = sorted(
        (
            (found.counted, row.name, index, found.words)
            for row in rows
            for index, found in row.planned.plans
        ),
        key=lambda item: -item[0],
    )
    print(f"\nThe {count} costliest actions (presses, script:line, do, presses):")
    for cost, name, index, words in ranked[:count]:
        line_no, do = lines[(name, index)]
        print(f"  {cost:3} {name}:{line_no} {do}: {' '.join(words)[:150]}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--why", action="store_true", help="say why each unplanned action is")
    parser.add_argument("--only", help="one game's scripts")
    parser.add_argument("--costly", type=int, default=0, help="list the N costliest actions")
    args = parser.parse_args()
    chosen = scripts(args.only)
    title = "Presses per action, the library filled from the scripts' cards"
    filled = [measure(s, filled=True) for s in chosen]
    figures = {"taps": report(filled, f"{title}, every step a press:", args.why)}
    held: list[Row] = []
    if repeats() is not None:  # the controls repeat a held red or blue
        held = [measure(s, filled=True, holds=True) for s in chosen]
        figures["holds"] = report(held, f"{title}, a run of {HOLD_FROM}+ one hold:", False)
    if args.costly:
        costliest(held or filled, chosen, args.costly)
    if any(games.find(s.game).cards is not None for s in chosen):
        starting = [measure(s, filled=False) for s in chosen if games.find(s.game).cards]
        report(starting, "The card games with the starting library (blanks asked):", args.why)
    print()
    for name, counts in figures.items():
        if not counts:
            continue
        median, high = statistics.median(counts), p95(counts)
        met = median <= TARGET_MEDIAN and high <= TARGET_P95
        over = sum(1 for count in counts if count > TARGET_P95)
        allowed = len(counts) - math.ceil(0.95 * len(counts))
        print(
            f"Target (filled library, {name}): median <= {TARGET_MEDIAN}, p95 <= {TARGET_P95}: "
            f"median {median:g}, p95 {high}: {'met' if met else 'not met'} "
            f"({over} of {len(counts)} actions take more than {TARGET_P95}; at most {allowed} may)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
