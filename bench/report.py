"""Every benchmark in one table, against the budgets of DESIGN.md and docs/reliability.md.

    .venv/bin/python bench/report.py [--quick]

Each row is measured here, in this run, on this machine: one action applied and committed;
replay (open, replay to the head) of a 10,000- and a 100,000-action journal, time and the
child process's peak RSS; a button press to the LED frame written, p50 and p99, beside the
floor measured in the same run (bench/latency.py); a frame rendered at 800x480 (median of
the gallery's screens); ``companion run`` cold start to its first frame (systemd's
READY=1), its idle CPU and its resident memory. Prints numbers; not a test.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

Row = tuple[str, str, str, bool | None]  # what, measured, budget, within it

# A child process: write a journal of N actions, then replay it; prints the numbers.
REPLAY = """
import resource, sys, time
sys.path.insert(0, {root!r})
from bench.rules import SETUP, actions
from companion.journal import Journal
from companion.table import Table
count, db = int(sys.argv[1]), sys.argv[2]
if sys.argv[3] == "write":
    table = Table.new_game(Journal(db), "bestiary", SETUP)
    source = actions()
    times = []
    for _ in range(count):
        action = next(source)
        start = time.perf_counter()
        table.apply(action)
        times.append(time.perf_counter() - start)
    times.sort()
    print(times[len(times) // 2] * 1000, times[int(len(times) * 0.99)] * 1000)
else:
    start = time.perf_counter()
    table = Table.open(db)
    took = time.perf_counter() - start
    assert table is not None and table.head == count
    print(took, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""


def _child(code: str, *args: str) -> list[float]:
    done = subprocess.run(
        [sys.executable, "-c", code.format(root=str(ROOT)), *args],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return [float(word) for word in done.stdout.split()]


def journal_rows(sizes: list[int]) -> list[Row]:
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as folder:
        for count in sizes:
            db = str(Path(folder) / f"j{count}.sqlite")
            median, p99 = _child(REPLAY, str(count), db, "write")
            if count == sizes[0]:
                rows.append(
                    (
                        "action applied + committed (p50 / p99)",
                        f"{median:.2f} / {p99:.2f} ms",
                        "p50 well under 5 ms",
                        median < 2.5,
                    )
                )
            took, rss = _child(REPLAY, str(count), db, "replay")
            budget_s = 0.5 if count <= 10_000 else 1.0
            rows.append(
                (
                    f"resume of a {count:,}-action journal",
                    f"{took * 1000:.0f} ms, peak RSS {rss:.0f} MB",
                    f"< {budget_s * 1000:.0f} ms, < 80 MB",
                    took < budget_s and rss < 80,
                )
            )
    return rows


def latency_rows(presses: int) -> list[Row]:
    from bench.latency import measure, percentile  # noqa: PLC0415
    from companion.config import load  # noqa: PLC0415

    config = load(None)
    config = replace(config, leds=replace(config.leds, driver="none", preview=False))
    with tempfile.TemporaryDirectory() as folder:
        timings, frames, bare = measure(config, presses, str(Path(folder) / "l.sqlite"))
    every = timings["select"] + timings["undo"]
    p50, p99 = percentile(every, 0.5), percentile(every, 0.99)
    f50, f99 = percentile(bare, 0.5), percentile(bare, 0.99)
    return [
        (
            "press -> LED frame, p50 (floor)",
            f"{p50 * 1000:.2f} ms ({f50 * 1000:.2f}) = {p50 / f50:.2f}x",
            "<= 3x the floor",
            p50 <= 3 * f50,
        ),
        (
            "press -> LED frame, p99 (floor)",
            f"{p99 * 1000:.2f} ms ({f99 * 1000:.2f}) = {p99 / f99:.2f}x",
            "<= 2x the floor",
            p99 <= 2 * f99,
        ),
        (
            "press -> screen frame, p50",
            f"{percentile(frames, 0.5) * 1000:.2f} ms",
            "one frame (33 ms)",
            percentile(frames, 0.5) < 1 / 30,
        ),
    ]


def render_rows(frames: int) -> list[Row]:
    import pygame  # noqa: PLC0415

    from companion.display import samples  # noqa: PLC0415
    from companion.display.renderer import Renderer  # noqa: PLC0415

    pygame.display.init()
    surface = pygame.display.set_mode((800, 480))
    medians = []
    for build in samples.gallery().values():
        scene = build("en")
        renderer = Renderer(surface)
        renderer.render(scene, 0.0, force=True)
        times = []
        for index in range(frames):
            start = time.perf_counter()
            renderer.render(scene, float(index), force=True)
            times.append(time.perf_counter() - start)
        medians.append(statistics.median(times) * 1000)
    pygame.display.quit()
    worst = max(medians)
    return [
        (
            "frame render at 800x480 (median, worst screen)",
            f"{statistics.median(medians):.2f} ms, {worst:.2f} ms",
            "one frame (33 ms)",
            worst < 33,
        )
    ]


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def run_rows(idle: float) -> list[Row]:
    """``companion run --fakes`` as systemd starts it: READY=1 marks the first frame."""
    with tempfile.TemporaryDirectory() as folder:
        address = str(Path(folder) / "notify.sock")
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        listener.bind(address)
        listener.settimeout(30)
        env = dict(os.environ, NOTIFY_SOCKET=address)
        start = time.monotonic()
        process = subprocess.Popen(
            [sys.executable, "-m", "companion.cli", "run", "--fakes", "--journal",
             str(Path(folder) / "j.sqlite")],
            env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            while listener.recv(64) != b"READY=1":
                pass
            cold = time.monotonic() - start
            time.sleep(2.0)  # the first frames are not idle
            before, wall = _cpu_seconds(process.pid), time.monotonic()
            time.sleep(idle)
            share = 100 * (_cpu_seconds(process.pid) - before) / (time.monotonic() - wall)
            rss = _rss_mb(process.pid)
        finally:
            process.terminate()
            process.wait(20)
            listener.close()
    return [
        ("cold start to the first frame", f"{cold:.2f} s", "< 1.5 s", cold < 1.5),
        ("idle CPU (companion run, headless)", f"{share:.2f}% of one core", "< 1%", share < 1),
        ("resident memory after start", f"{rss:.0f} MB", "< 80 MB", rss < 80),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller runs (a smoke test)")
    args = parser.parse_args()
    sizes = [2_000, 10_000] if args.quick else [10_000, 100_000]
    rows = journal_rows(sizes)
    rows += latency_rows(100 if args.quick else 1000)
    rows += render_rows(10 if args.quick else 60)
    rows += run_rows(2.0 if args.quick else 10.0)
    width = max(len(row[0]) for row in rows)
    python = sys.version.split()[0]
    print(f"bench/report.py on {os.uname().nodename} ({sys.platform}, Python {python})")
    print(f"{'what':<{width}}  {'measured':<34} {'budget':<20} ok")
    for what, measured, budget, fine in rows:
        verdict = "-" if fine is None else ("yes" if fine else "OVER")
        print(f"{what:<{width}}  {measured:<34} {budget:<20} {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
