"""Button press to LED frame written: mock pin edge -> gpiozero -> queue -> loop thread ->
controls -> table (journal commit on disk) -> LED frame -> bytes at the pixelbuf seam.

Usage: .venv/bin/python bench/latency.py [--presses 1000] [--memory]

Presses alternate: seat 1's select (a support ability: a token appears on the ring) and
UNDO (fires on its release edge, since a hold means redo: the token goes). Each is timed
from the edge that completes it to the strip's ``_transmit``. The floor is measured in
the same run: a bare gpiozero Button's callback after the same kind of edge.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.app import App, build_app
from companion.config import load
from companion.hardware.factory import open_adapters
from companion.hardware.mock import mock_pins
from companion.hardware.pixels import PixelRing, RecordingStrip

SETUP = [
    {"do": "choose_castle", "castle": "forest_edge"},
    *(
        {
            "do": "summon",
            "creature": name,
            "class": klass,
            "vitality": 5,
            "abilities": [
                {"name": "Ward", "prep": 2, "effects": ["defense_up"], "target": "self"},
                {"name": "Rally", "prep": 3},
            ],
        }
        for name, klass in (
            ("Saxum", "strength"),
            ("Vinctum", "strength"),
            ("Illesbra", "agility"),
            ("Ferrarius", "agility"),
            ("Manus", "intellect"),
            ("Cerberus", "intellect"),
        )
    ),
    {"do": "turn_disc"},
    {"do": "siege", "towers": []},
    {"do": "end_phase"},
]
SELECT, UNDO = 12, 20  # seat1.cyan and undo in the default config


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def floor(pins: Any, count: int) -> list[float]:
    """The bare gpiozero path: edge on a mock pin to a no-op ``when_pressed`` callback."""
    from gpiozero import Button  # noqa: PLC0415 (after the mock factory is in place)

    button = Button(25, pull_up=True)
    called: list[float] = []
    button.when_pressed = lambda: called.append(time.monotonic())
    pin, out = pins.pin(25), []
    for _ in range(count):
        start = time.monotonic()
        pin.drive_low()
        out.append(called[-1] - start)
        pin.drive_high()
    button.close()
    return out


def measure(config: Any, presses: int, journal: str) -> tuple[dict[str, list[float]], list[float]]:
    """Edge-to-bytes times of select and undo presses, and the floor, in one run."""
    debounce = config["buttons"]["debounce_ms"] / 1000 + 0.001
    timings: dict[str, list[float]] = {"select": [], "undo": []}
    with mock_pins() as pins:
        strip = RecordingStrip(config["leds"]["count"], byteorder="GRB", brightness=0.3)
        ready = threading.Event()
        holder: dict[str, App] = {}

        def loop() -> None:  # the loop thread builds the app: it owns the journal
            adapters = open_adapters(config, fakes=False, strict=True)
            adapters.ring = PixelRing(strip)
            app = build_app(config, journal_path=journal, adapters=adapters)
            for action in SETUP:
                app.table.apply(action)
            holder["app"] = app
            ready.set()
            app.run()
            app.close()

        def timed(kind: str, pin: int, pressed: bool) -> None:
            before = len(strip.writes)
            start = time.monotonic()
            (pins.pin(pin).drive_low if pressed else pins.pin(pin).drive_high)()
            while len(strip.writes) == before:
                time.sleep(0)
            timings[kind].append(strip.writes[-1][0] - start)

        thread = threading.Thread(target=loop, name="loop")
        thread.start()
        ready.wait(10)
        time.sleep(0.1)
        for _ in range(presses // 2):
            timed("select", SELECT, pressed=True)
            time.sleep(debounce)
            pins.pin(SELECT).drive_high()
            pins.pin(UNDO).drive_low()
            time.sleep(debounce)
            timed("undo", UNDO, pressed=False)
            time.sleep(debounce)
        holder["app"].stop()
        thread.join(10)
        return timings, floor(pins, presses)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--presses", type=int, default=1000)
    parser.add_argument("--memory", action="store_true", help="journal in memory, not on disk")
    args = parser.parse_args()
    config = load(None)  # the shipped defaults: 30 ms debounce, 24 LEDs
    config.data["leds"]["driver"] = "none"  # the recording strip takes the ring's place
    # The cursor preview blinks a token on its own: its frames would pass for the press's.
    config.data["leds"]["preview"] = False
    with tempfile.TemporaryDirectory() as folder:
        journal = ":memory:" if args.memory else str(Path(folder) / "bench.sqlite")
        timings, bare = measure(config, args.presses, journal)
    every = timings["select"] + timings["undo"]
    where = "in memory" if args.memory else "on disk (WAL, synchronous=FULL)"
    print(f"bench/latency.py: {len(every)} presses, journal {where}")
    print(f"{'':34}{'p50':>10}{'p99':>10}{'max':>10}")
    rows = [
        ("edge -> LED bytes, all", every),
        ("  select (action journaled)", timings["select"]),
        ("  undo on release (head moved)", timings["undo"]),
        ("floor: edge -> bare gpiozero cb", bare),
    ]
    for label, values in rows:
        cells = [percentile(values, 0.5), percentile(values, 0.99), max(values)]
        print(f"{label:34}" + "".join(f"{v * 1000:>8.3f}ms" for v in cells))
    p99 = percentile(every, 0.99) * 1000
    print(f"budget: p99 < 10 ms: {'ok' if p99 < 10 else 'OVER'} ({p99:.2f} ms)")
    print(f"mean over the floor: {(statistics.mean(every) - statistics.mean(bare)) * 1000:.3f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
