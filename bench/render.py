"""Benchmark of the screens: frame time per screen at 800x480, and an idle simulator's CPU.

1. Every screen of the gallery (English and Russian), drawn ``--frames`` times at 800x480
   with the SDL dummy driver: the first (cold: fonts opened, strings rendered) frame, the
   median and the p95 of the rest. A redraw is forced each time; on the table a frame is
   drawn only when the scene changed.
2. ``companion sim`` left alone for ``--idle`` seconds (after 4 s to settle): CPU seconds
   used, as a share of one core. Measured headless (dummy driver) and, when Xvfb is
   installed, in a real X window under Xvfb.

    .venv/bin/python bench/render.py [--frames 60] [--idle 10]

Prints numbers; not a test (CI never runs it). Budget (DESIGN.md): idle < 1% of one core.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from companion.display import samples  # noqa: E402
from companion.display.renderer import Renderer  # noqa: E402


def frame_times(frames: int) -> None:
    pygame.display.init()
    surface = pygame.display.set_mode((800, 480))
    print(f"frame time at 800x480, {frames} forced redraws per screen (ms)")
    print(f"  {'screen':<16} {'lang':<4} {'first':>7} {'median':>7} {'p95':>7}")
    for name, build in samples.gallery().items():
        for language in ("en", "ru"):
            scene = build(language)
            renderer = Renderer(surface)
            start = time.perf_counter()
            renderer.render(scene, 0.0, force=True)
            first = (time.perf_counter() - start) * 1000
            times = []
            for index in range(frames):
                start = time.perf_counter()
                renderer.render(scene, float(index), force=True)
                times.append((time.perf_counter() - start) * 1000)
            times.sort()
            p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
            median = statistics.median(times)
            print(f"  {name:<16} {language:<4} {first:7.2f} {median:7.2f} {p95:7.2f}")
    pygame.display.quit()


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def errors(process: subprocess.Popen[bytes]) -> str:
    return process.stderr.read().decode(errors="replace") if process.stderr else ""


def idle_cpu(seconds: float, env: dict[str, str], label: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        command = [
            sys.executable,
            "-m",
            "companion.display.sim",
            "--mute",
            "--seconds",
            str(seconds + 6),
            "--journal",
            str(Path(folder) / "j.sqlite"),
        ]
        process = subprocess.Popen(
            command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        try:
            time.sleep(4.0)  # start-up and the first frames are not idle
            if process.poll() is not None:  # a simulator that died uses no CPU: not a number
                raise SystemExit(f"companion sim stopped at start ({label}):\n{errors(process)}")
            before, wall = cpu_seconds(process.pid), time.monotonic()
            time.sleep(seconds)
            used, elapsed = cpu_seconds(process.pid) - before, time.monotonic() - wall
        finally:
            process.wait(timeout=seconds + 30)
        if process.returncode != 0:
            raise SystemExit(f"companion sim failed ({label}):\n{errors(process)}")
    share = 100 * used / elapsed
    print(
        f"idle simulator, {label}: {used:.3f} CPU s in {elapsed:.1f} s = {share:.2f}% of one core"
    )


def with_xvfb(seconds: float) -> None:
    if not shutil.which("Xvfb"):
        print("idle simulator, X window: Xvfb is not installed (apt install xvfb), not measured")
        return
    display = next(n for n in range(90, 100) if not Path(f"/tmp/.X11-unix/X{n}").exists())
    server = subprocess.Popen(
        ["Xvfb", f":{display}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(50):
            if Path(f"/tmp/.X11-unix/X{display}").exists():
                break
            time.sleep(0.1)
        env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
        env["DISPLAY"] = f":{display}"
        idle_cpu(seconds, env, "X window under Xvfb")
    finally:
        server.terminate()
        server.wait(timeout=10)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=60, help="redraws per screen")
    parser.add_argument("--idle", type=float, default=10.0, help="seconds of idle to measure")
    args = parser.parse_args()
    frame_times(args.frames)
    headless = dict(os.environ, SDL_VIDEODRIVER="dummy")
    idle_cpu(args.idle, headless, "headless (SDL dummy driver)")
    if not os.environ.get("DISPLAY"):
        with_xvfb(args.idle)
    else:
        idle_cpu(
            args.idle, {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}, "X window"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
