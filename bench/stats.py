"""Benchmark: ``companion stats --json`` over a journal of 500 finished games (budget: under
3 s and 100 MB here; the numbers are in docs/stats.md).

The journal is built the way a table builds one: the finished example games of docs/examples
are played once into a seed journal (``companion play --db``), then their actions are copied,
game after game, into new games through the Journal API (``new_game`` and ``append``, the
lines said with them), every tenth game archived, until there are 500. The build writes on
/dev/shm when there is one: the journal's durable writes (an fsync an action) would take a
minute on a card and tell nothing about the statistics. Then ``companion stats --json`` runs
as a subprocess, ``--runs`` times: its wall time and the child's peak resident memory (the
modules compiled once before; the first run replays every game, the later ones read each
game's digest as the first kept it).
Run: .venv/bin/python bench/stats.py [--games 500] [--runs 3] [--keep FILE]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion import cli  # noqa: E402
from companion.journal import Journal  # noqa: E402

EXAMPLES = ROOT / "docs" / "examples"
BUDGET_SECONDS = 3.0
BUDGET_MB = 100.0


def seed(folder: Path) -> Journal:
    """Every example game played into one journal (the press scripts too: several finish),
    in this process; a script that fails (a game being changed) is named and left out."""
    path = folder / "seed.sqlite"
    for script in sorted(EXAMPLES.glob("*.yaml")):
        why = ""
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                code = cli.main(["play", "--db", str(path), str(script)])
            why = f"exit {code}" if code != 0 else ""
        except Exception as error:  # a bench goes on with the other games
            why = f"{type(error).__name__}: {error}"
        if why:
            print(f"seed: {script.name} left out ({why})", file=sys.stderr)
    return Journal(path)


def build(target: Path, games: int, folder: Path) -> int:
    """A journal of ``games`` finished games at ``target``; the number of actions in it."""
    source = seed(folder)
    finished = [record for record in source.games() if record.status == "finished"]
    played = [
        (record, source.actions(record.id)[: record.head], source.said(record.id))
        for record in finished
    ]
    source.close()
    journal = Journal(target)
    count = 0
    for number in range(games):
        record, actions, said = played[number % len(played)]
        copy = journal.new_game(record.game, record.setup)
        for index, item in enumerate(actions):
            last = index == len(actions) - 1
            journal.append(
                copy.id,
                item.seat,
                item.action,
                status="finished" if last else None,
                said=said.get(item.seq),
            )
        if number % 10 == 9:
            journal.archive([copy.id])
        count += len(actions)
    journal.close()
    return count


def bytecode(folder: Path) -> dict[str, str]:
    """The child's environment: its modules compiled once and kept (in the bench's folder,
    not the tree), as an installed box runs them; a shell that says not to write bytecode
    would otherwise time the compiling of every module at every run."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")
    return env


def timed(path: Path, folder: Path) -> tuple[float, float, float, int]:
    """One ``companion stats --json`` run: seconds, the CPU seconds it used (its worker
    processes' too), its peak RSS in MB (its own, by wait4: not the seed's players), and
    the finished games it counted. The CPU time tells what a busy machine's wall time
    hides: the wall time of a machine shared with other work grows with its load."""
    output = folder / "stats.json"
    started = time.perf_counter()
    with output.open("w") as out:
        child = subprocess.Popen(
            [sys.executable, "-m", "companion", "stats", "--json", "--journal", str(path)],
            stdout=out,
            cwd=ROOT,
            env=bytecode(folder),
        )
        _, status, usage = os.wait4(child.pid, 0)
    took = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"companion stats failed: exit {child.returncode}")
    cpu = usage.ru_utime + usage.ru_stime
    finished = int(json.loads(output.read_text())["finished"])
    return took, cpu, usage.ru_maxrss / 1024, finished


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--keep", metavar="FILE", help="keep the journal built at FILE")
    args = parser.parse_args()
    shm = Path("/dev/shm")
    folder = Path(tempfile.mkdtemp(dir=shm if shm.is_dir() else None))
    try:
        path = folder / "journal.sqlite"
        started = time.perf_counter()
        actions = build(path, args.games, folder)
        print(
            f"built: {args.games} games, {actions} actions ({time.perf_counter() - started:.1f} s)"
        )
        # The modules compiled once, as an installed box has them, before any run.
        subprocess.run(
            [sys.executable, "-c", "import companion.cli, companion.stats_cli"],
            check=True,
            cwd=ROOT,
            env=bytecode(folder),
        )
        worst_s = worst_mb = 0.0
        for run in range(1, args.runs + 1):
            took, cpu, peak, finished = timed(path, folder)
            assert finished == args.games, finished
            worst_s, worst_mb = max(worst_s, took), max(worst_mb, peak)
            # The first reading replays every game and keeps its digest (the cache); the
            # later ones read the digests.
            said = "first reading, every game replayed" if run == 1 else "cached"
            print(f"run {run} ({said}): {took:.2f} s ({cpu:.2f} s CPU), max RSS {peak:.1f} MB")
        ok = worst_s < BUDGET_SECONDS and worst_mb < BUDGET_MB
        print(
            f"worst: {worst_s:.2f} s, {worst_mb:.1f} MB "
            f"(budget {BUDGET_SECONDS:g} s, {BUDGET_MB:g} MB): {'ok' if ok else 'OVER'}; "
            f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}"
        )
        if args.keep:
            shutil.copyfile(path, args.keep)
            os.chmod(args.keep, 0o600)
        return 0 if ok else 1
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
