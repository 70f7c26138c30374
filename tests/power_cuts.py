"""Power cuts: a child process plays scripted games and is killed with SIGKILL, at random
points and at every commit boundary of undo, redo, new game, resume and end of game.

Run as ``python -m tests.power_cuts DIR`` (test_power_cuts.py does): it prints one JSON
report. This driver imports the companion once and forks each child from itself, so a
child starts in milliseconds; it is single-threaded, so forking it is safe. A child plays
the script from where the journal is, and writes the index of each command to a pipe once
``Table.execute`` has returned: that is its acknowledgement. After each kill the journal is
opened again and must hold every acknowledged command, and at most the one in flight: it
equals the clean run's journal after ``acknowledged`` or ``acknowledged + 1`` commands (each
game's status, head and stored actions, and the game on the table), the game the table
resumes is the clean run's, and its state equals the clean run's state there.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import select
import signal
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from companion import journal as journal_module
from companion.journal import Journal
from companion.table import Apply, Command, EndGame, NewGame, Redo, Resume, Table, Undo

ROOT = Path(__file__).resolve().parent.parent
SIEGE = yaml.safe_load((ROOT / "docs/examples/duel_siege.yaml").read_text(encoding="utf-8"))
SETUP: dict[str, Any] = SIEGE["setup"]
MOVES: list[dict[str, Any]] = SIEGE["actions"]  # 25 actions; the last one wins by siege
BOUNDARY_KINDS = (Undo, Redo, NewGame, Resume, EndGame)


def script() -> list[Command]:
    """Three games: game 1 won, its winning action undone and redone; game 2 left behind,
    resumed later and ended; game 3 ended at once; undo of several actions; redo stacks."""
    play = [Apply(move) for move in MOVES]
    return [
        *play[:6],
        Undo(),
        Undo(),
        Redo(),
        Redo(),
        *play[6:10],
        Undo(to_head=7),
        Redo(),
        Redo(),
        Redo(),
        NewGame(),  # game 2: the rematch, game 1 left unfinished
        *play[:3],
        Undo(),
        Resume(1),
        *play[10:24],
        play[24],  # the win: head and status in one transaction
        Undo(),  # the win taken back: the game is active again
        Redo(),  # and won again
        NewGame("bestiary", SETUP),  # game 3
        *play[:2],
        EndGame(),
        NewGame("bestiary", SETUP),  # game 4
        Resume(2),
        Redo(),
        EndGame(),
    ]


# --- the commit hook (installed in the driver, inherited by every child) -------------------


@dataclass
class Commits:
    """Counts the commits of the command running; in a child, stops at one boundary."""

    command: int = -1
    count: int = 0
    stop_at: tuple[int, int, str] | None = None  # (command, commit, "before" | "after")
    pipe: int = -1

    def boundary(self, phase: str) -> None:
        if self.stop_at == (self.command, self.count, phase):
            os.write(self.pipe, b"stop\n")
            os.kill(os.getpid(), signal.SIGSTOP)  # the parent's SIGKILL comes next


COMMITS = Commits()


def _install_hook() -> None:
    transaction = journal_module._Transaction
    original: Callable[..., None] = transaction.__exit__

    def exit_with_boundaries(self: Any, kind: object, error: object, trace: object) -> None:
        if kind is not None:
            original(self, kind, error, trace)
            return
        COMMITS.boundary("before")  # every write of the transaction done, COMMIT not yet
        original(self, kind, error, trace)
        COMMITS.boundary("after")  # committed, the command not yet returned
        COMMITS.count += 1

    transaction.__exit__ = exit_with_boundaries  # type: ignore[method-assign]


# --- what a journal holds ------------------------------------------------------------------


def observe(path: Path) -> tuple[Any, ...]:
    """Everything a restart can see: each game's status, head and stored actions, and the
    game ``Table.resume`` picks up."""
    journal = Journal(path)
    try:
        games = tuple(
            (r.id, r.status, r.head, tuple(json.dumps(a.action) for a in journal.actions(r.id)))
            for r in journal.games()
        )
        resumed = journal.latest_unfinished()
        return (games, resumed.id if resumed else None)
    finally:
        journal.close()


@dataclass
class Reference:
    """The clean run: after ``k`` commands, what the journal holds, the game on the table
    (the one the script plays on), and that game's state."""

    seen: list[tuple[Any, ...]]
    on_table: list[int]
    states: list[Any]
    commits: list[int]  # commits each command made


def reference(commands: list[Command], path: Path) -> Reference:
    table = Table.new_game(Journal(path), "bestiary", SETUP)
    table.journal.close()
    seen, on_table, states, commits = [observe(path)], [1], [table.state], []
    journal = Journal(path)
    table = Table(journal, journal.game(1))
    for index, command in enumerate(commands):
        COMMITS.command, COMMITS.count = index, 0
        table.execute(command)
        commits.append(COMMITS.count)
        seen.append(observe(path))
        on_table.append(table.record.id)
        states.append(table.state)
    table.journal.close()
    COMMITS.command = -1
    return Reference(seen, on_table, states, commits)


# --- one child, one kill -------------------------------------------------------------------


def child(path: Path, commands: list[Command], start: int, game_id: int, pipe: int) -> None:
    """Play ``commands[start:]`` on game ``game_id``; acknowledge each on the pipe."""
    journal = Journal(path)
    table = Table(journal, journal.game(game_id))
    COMMITS.pipe = pipe
    for index in range(start, len(commands)):
        COMMITS.command, COMMITS.count = index, 0
        table.execute(commands[index])
        os.write(pipe, f"{index}\n".encode())
    os.write(pipe, b"done\n")


def run_child(
    path: Path,
    commands: list[Command],
    start: int,
    game_id: int,
    *,
    stop_at: tuple[int, int, str] | None,
    kill_after: tuple[int, float] | None,
) -> int:
    """Fork a child from ``start`` and kill it; return how many commands (from the start
    of the script) it acknowledged."""
    read, write = os.pipe()
    COMMITS.stop_at = stop_at
    pid = os.fork()
    if pid == 0:  # the child
        os.close(read)
        code = 0
        try:
            child(path, commands, start, game_id, write)
        except BaseException:  # the parent learns it from the exit code
            traceback.print_exc()
            code = 70
        os._exit(code)
    os.close(write)
    COMMITS.stop_at = None
    acknowledged, buffer, killed = start, b"", False
    acks_seen = 0
    while True:
        if not killed and kill_after is not None and acks_seen >= kill_after[0]:
            time.sleep(kill_after[1])
            os.kill(pid, signal.SIGKILL)
            killed = True
        ready, _, _ = select.select([read], [], [], 10)
        if not ready:
            os.kill(pid, signal.SIGKILL)
            raise RuntimeError("the child went quiet for 10 s")
        chunk = os.read(read, 4096)
        if not chunk:
            break
        buffer += chunk
        *lines, buffer = buffer.split(b"\n")
        for line in lines:
            if line == b"stop":
                os.kill(pid, signal.SIGKILL)
                killed = True
            elif line != b"done":
                acknowledged = int(line) + 1
                acks_seen += 1
    os.close(read)
    _, status = os.waitpid(pid, 0)
    if os.WIFEXITED(status) and os.WEXITSTATUS(status) != 0:
        raise RuntimeError(f"the child failed from command {start} (its traceback is above)")
    return acknowledged


# --- the driver ----------------------------------------------------------------------------


@dataclass
class Report:
    random_kills: int = 0
    boundary_kills: int = 0
    acknowledged: int = 0  # commands acknowledged by the children
    actions_checked: int = 0  # actions in force found in the journal after the kills
    passes: int = 0
    commands: int = 0
    seconds: float = 0.0
    failures: list[str] | None = None


def check(
    path: Path, ref: Reference, acknowledged: int, exact: int | None, where: str
) -> tuple[int, list[str]]:
    """The journal after a kill: where in the script it is, and what is wrong with it."""
    seen = observe(path)
    allowed = [exact] if exact is not None else [acknowledged, acknowledged + 1]
    allowed = [k for k in allowed if k < len(ref.seen)]
    position = next((k for k in reversed(allowed) if ref.seen[k] == seen), None)
    if position is None:
        return acknowledged, [f"{where}: the journal is not the clean run's after {allowed}"]
    problems = []
    journal = Journal(path)
    try:
        resumed = Table.resume(journal)
        expected = ref.seen[position][1]
        if (resumed.record.id if resumed else None) != expected:
            problems.append(f"{where}: resumed {resumed and resumed.record.id}, not {expected}")
        if resumed is not None:
            resumed.prompt()  # the game goes on from there
        on_table = Table(journal, journal.game(ref.on_table[position]))
        if on_table.state != ref.states[position]:
            problems.append(f"{where}: game {on_table.record.id}: not the clean run's state")
    finally:
        journal.close()
    return position, problems


def drive(folder: Path, random_kills: int, seed: int) -> Report:
    began = time.perf_counter()
    _install_hook()
    commands = script()
    ref = reference(commands, folder / "reference.sqlite")
    multi = [i for i, n in enumerate(ref.commits) if n != 1]
    report = Report(failures=[f"command {i} made {ref.commits[i]} commits" for i in multi])
    assert report.failures is not None
    boundaries = [
        (index, commit, phase)
        for index, command in enumerate(commands)
        if isinstance(command, BOUNDARY_KINDS)
        for commit in range(ref.commits[index])
        for phase in ("before", "after")
    ]
    chance = random.Random(seed)
    path, position = Path(), len(commands)

    def fresh_pass() -> None:
        nonlocal path, position
        report.passes += 1
        path = folder / f"pass{report.passes}.sqlite"
        Table.new_game(Journal(path), "bestiary", SETUP).journal.close()
        position = 0

    fresh_pass()
    while boundaries or report.random_kills < random_kills:
        if position >= len(commands):
            fresh_pass()
        start = position
        if boundaries:
            stop_at = boundaries.pop(0)
            exact = stop_at[0] + (stop_at[2] == "after")
            kill = None
            report.boundary_kills += 1
            where = f"pass {report.passes}, command {stop_at[0]} ({stop_at[2]} its commit)"
        else:
            stop_at, exact = None, None
            kill = (chance.randrange(4), chance.uniform(0, 0.004))
            report.random_kills += 1
            where = f"pass {report.passes}, random kill {report.random_kills} from {start}"
        game_id = ref.on_table[start]
        acknowledged = run_child(path, commands, start, game_id, stop_at=stop_at, kill_after=kill)
        report.acknowledged += acknowledged - start
        report.commands += acknowledged - start
        position, problems = check(path, ref, acknowledged, exact, where)
        report.failures.extend(problems)
        report.actions_checked += sum(game[2] for game in ref.seen[position][0])
    report.seconds = round(time.perf_counter() - began, 1)
    return report


def split_undo() -> None:
    """The bug of issue 11 item 1, for the test that proves the check can fail: undo and
    redo commit the head, then the status, in two transactions."""

    def set_head(self: Journal, game_id: int, head: int, status: str | None = None) -> None:
        original(self, game_id, head)
        if status is not None:
            self.set_status(game_id, status)

    original = Journal.set_head
    Journal.set_head = set_head  # type: ignore[method-assign]


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.power_cuts")
    parser.add_argument("folder", help="where the journals go")
    parser.add_argument("--random", type=int, default=200, help="random kills")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--split-undo", action="store_true", help="break the journal (a check)")
    args = parser.parse_args()
    if args.split_undo:
        split_undo()
    report = drive(Path(args.folder), args.random, args.seed)
    print(json.dumps(report.__dict__))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
