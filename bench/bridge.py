"""Benchmark of the serial bridge against the virtual Pico on a pseudo-terminal.

1. Round trip: a disc step on the Pico -> the Pi's bridge reports it -> the Pi sends the
   LED frame for it -> the Pico shows it and acknowledges (OK). p50 and p99.
2. Soak (``--minutes``, default 10; 0 skips it): random steps in random bursts with random
   unplugs and replugs, then counts of events sent, received, lost and doubled.

    .venv/bin/python bench/bridge.py --minutes 1

Not a test: CI never runs it.
"""

from __future__ import annotations

import argparse
import difflib
import random
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.hardware.bridge import Bridge
from companion.hardware.virtual_pico import VirtualPico

LEDS = 24


def frame_for(position: int) -> list[tuple[int, int, int]]:
    lit = position % LEDS
    return [(255, 120, 0) if index == lit else (0, 0, 8) for index in range(LEDS)]


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def round_trips(count: int) -> list[float]:
    pico = VirtualPico(led_count=LEDS)
    pico.start()
    bridge = Bridge(lambda: pico.port, led_count=LEDS, backoff=(0.02, 0.2))
    position = 0
    shown: dict[int, int] = {}
    arrived = threading.Event()

    def on_step(delta: int, at: float) -> None:
        nonlocal position
        position += delta
        shown[position] = bridge.send_frame(frame_for(position))  # as the app's loop would
        arrived.set()

    bridge.disc.start(on_step)
    if not bridge.wait_linked(5.0):
        raise SystemExit("bench: the bridge did not link to the virtual Pico")
    times: list[float] = []
    try:
        for index in range(count + 20):
            arrived.clear()
            start = time.perf_counter()
            pico.turn(1)
            if not arrived.wait(2.0) or not bridge.wait_shown(shown[position], 2.0):
                raise SystemExit(f"bench: step {index} got no LED acknowledgement")
            if index >= 20:  # warm-up
                times.append(time.perf_counter() - start)
        if pico.ring.pixels != frame_for(position):
            raise SystemExit("bench: the ring does not show the last frame")
    finally:
        bridge.close()
        pico.stop()
    return times


def soak(minutes: float, seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    pico = VirtualPico(led_count=LEDS)
    pico.start()
    bridge = Bridge(lambda: pico.port, led_count=LEDS, backoff=(0.05, 1.0))
    received: list[int] = []
    sent: list[int] = []
    bridge.disc.start(lambda delta, at: received.append(delta))
    bridge.wait_linked(5.0)
    unplugs = 0
    end = time.monotonic() + minutes * 60
    try:
        while time.monotonic() < end:
            for _ in range(rng.randint(1, 12)):  # a burst of steps
                delta = rng.choice((1, 1, 1, -1))
                pico.turn(delta)
                sent.append(delta)
                if rng.random() < 0.05:
                    pico.unplug()
                    unplugs += 1
                    time.sleep(rng.uniform(0.0, 1.5))
                    pico.replug()
                time.sleep(rng.uniform(0.0, 0.05))
            time.sleep(rng.uniform(0.0, 0.5))
        deadline = time.monotonic() + 15.0
        while len(received) < len(sent) and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(1.5)  # long enough for any resend to arrive and be counted
    finally:
        bridge.close()
        pico.stop()
    lost = doubled = 0
    matcher = difflib.SequenceMatcher(a=sent, b=received, autojunk=False)
    for tag, a1, a2, b1, b2 in matcher.get_opcodes():
        if tag in ("delete", "replace"):
            lost += a2 - a1
        if tag in ("insert", "replace"):
            doubled += b2 - b1
    stats = bridge.stats
    return {
        "sent": len(sent),
        "received": len(received),
        "lost": lost,
        "doubled": doubled,
        "unplugs": unplugs,
        "handshakes": stats.connects,
        "resent and dropped": stats.duplicates,
        "reported lost by the Pico": stats.lost,
        "garbage lines": stats.garbage + stats.too_long,
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--round-trips", type=int, default=1000, help="samples (default 1000)")
    parser.add_argument("--minutes", type=float, default=10.0, help="soak length; 0 skips it")
    parser.add_argument("--seed", type=int, default=6)
    args = parser.parse_args(argv)

    times = round_trips(args.round_trips)
    print(
        f"round trip, disc step -> LED frame acknowledged, {len(times)} samples over a pty: "
        f"p50 {percentile(times, 0.50) * 1000:.2f} ms, "
        f"p99 {percentile(times, 0.99) * 1000:.2f} ms, "
        f"max {max(times) * 1000:.2f} ms, mean {statistics.mean(times) * 1000:.2f} ms"
    )
    if args.minutes > 0:
        counts = soak(args.minutes, args.seed)
        print(f"soak, {args.minutes:g} min with random unplugs:")
        for name, value in counts.items():
            print(f"  {name}: {value}")
        if counts["lost"] or counts["doubled"]:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
