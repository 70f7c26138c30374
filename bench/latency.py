"""Button press to LED frame written: mock pin edge -> gpiozero -> queue -> loop thread ->
controls -> table (journal commit on disk) -> snapshot -> LED frame -> bytes at the
pixelbuf seam; and the screen's frame after the press.

Usage: .venv/bin/python bench/latency.py [--presses 1000] [--memory] [--web] [--history N]

``--web``: everything on, as on a club's table: the phones' server on a loopback port with
two spectator pages connected (bench/web.py's page process, reading every update), and
the club feed publishing to a Mosquitto started here. ``--history N``: the duel is played
N actions in first (bench/rules.py's long legal duel) and the presses come after, late in
a long game.

Presses alternate: seat 1's select (a support ability: a token appears on the ring) and
UNDO (fires on its release edge, since a hold means redo: the token goes). Each is timed
from the edge that completes it to the strip's ``_transmit``.

The floor is measured in the same run, on the same journal file: a bare gpiozero Button
whose callback commits one row like the press's (WAL, synchronous=FULL, its own table in
the same file) and fills and shows the same pixelbuf ring. The companion's cost is the
ratio of the two: the budget is a median at most 3x and a p99 at most 2x the floor's.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import socket
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from companion.app import App, Refresh, build_app, start_feed, start_web
from companion.config import Config, load
from companion.display.screen import ScreenOutput
from companion.hardware.factory import open_adapters
from companion.hardware.mock import mock_pins
from companion.hardware.pixels import PixelRing, RecordingStrip
from companion.table import NewGame

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


def floor(pins: Any, count: int, journal: str, strip: RecordingStrip, pause: float) -> list[float]:
    """The bare path: edge on a mock pin -> gpiozero callback -> one SQLite commit of a row
    like the press's, on the same journal file -> fill and show the ring."""
    from gpiozero import Button  # noqa: PLC0415 (after the mock factory is in place)

    db = sqlite3.connect(journal, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("CREATE TABLE IF NOT EXISTS bench_floor (seq INTEGER, at TEXT, action TEXT)")
    row = json.dumps(SETUP[-1])
    colours = [(255, 40, 0), (0, 70, 255)]
    button = Button(25, pull_up=True)
    done: list[float] = []

    def pressed() -> None:
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO bench_floor VALUES (?, ?, ?)", (len(done), "now", row))
        db.execute("COMMIT")
        strip.fill(colours[len(done) % 2])
        strip.show()
        done.append(strip.writes[-1][0])

    button.when_pressed = pressed
    pin, out = pins.pin(25), []
    for _ in range(count):  # paced like the presses: a warm loop would flatter the floor
        time.sleep(pause)
        start = time.monotonic()
        pin.drive_low()
        out.append(done[-1] - start)
        time.sleep(pause)
        pin.drive_high()
    button.close()
    db.close()
    return out


def played_in(app: App, history: int) -> None:
    """The long duel of bench/rules.py played ``history`` actions in, then on to seat 1's
    support phase (where SELECT plays a support ability and UNDO takes it back)."""
    import rules as rules_bench  # noqa: PLC0415 (bench/rules.py)

    actions = rules_bench.actions()
    app.execute(NewGame("bestiary", rules_bench.SETUP))
    for action in itertools.islice(actions, history):
        app.table.apply(action)
    for action in actions:
        prompt = app.table.prompt()
        if prompt.kind == "support" and prompt.seat == 1 and len(prompt.choices) > 1:
            break
        app.table.apply(action)
    app.handle(Refresh(), time.monotonic())


def with_network(config: Config, folder: str) -> Config:
    """The phones' server on a free loopback port and the feed on a local broker."""
    import mqtt as mqtt_bench  # noqa: PLC0415 (bench/mqtt.py: its Broker)

    broker = mqtt_bench.Broker(folder).start()
    BROKERS.append(broker)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    web = replace(config.web, enabled=True, bind="127.0.0.1", port=port)
    feed = replace(config.mqtt, enabled=True, host="127.0.0.1", port=broker.port, table="bench")
    return replace(config, web=web, mqtt=feed)


BROKERS: list[Any] = []


def ready_to_press(app: App, history: int) -> list[Any]:
    """The table at seat 1's support phase (the short setup, or ``history`` actions in), and
    the phones' server and the feed started when the config turns them on."""
    if history:
        played_in(app, history)
    else:
        for action in SETUP:
            app.apply(action)
    return [running for running in (start_web(app), start_feed(app)) if running is not None]


def timed_screen(app: App, frames: list[float]) -> None:
    """The 800x480 screen as an output whose every frame's drawing time is kept."""
    pygame.display.init()
    screen = ScreenOutput(app, pygame.display.set_mode((800, 480)))
    draw = screen.show

    def timed_draw(snapshot: Any) -> None:
        start = time.perf_counter()
        draw(snapshot)
        frames.append(time.perf_counter() - start)

    app.subscribe(timed_draw)  # the timed wrapper draws in the screen's place


def open_pages(config: Config) -> Any:
    """With the web server on, two spectator pages reading every update (bench/web.py's
    page process), as phones at the table; else None."""
    if not config.web.enabled:
        return None
    import web as web_bench  # noqa: PLC0415 (bench/web.py: its page process)

    return web_bench.Pages(f"http://127.0.0.1:{config.web.port}", 2)


def measure(
    config: Config, presses: int, journal: str, history: int = 0
) -> tuple[dict[str, list[float]], list[float], list[float]]:
    """Edge-to-bytes times of select and undo presses, the screen's frame after each, and
    the floor, in one run on one journal file."""
    debounce = config.buttons.debounce_ms / 1000 + 0.001
    timings: dict[str, list[float]] = {"select": [], "undo": []}
    with mock_pins() as pins:
        strip = RecordingStrip(config.leds.count, byteorder="GRB", brightness=0.3)
        ready = threading.Event()
        holder: dict[str, App] = {}
        frames: list[float] = []

        def loop() -> None:  # the loop thread builds the app: it owns the journal
            adapters = open_adapters(config, fakes=False, strict=True)
            adapters.ring = PixelRing(strip)
            app = build_app(config, journal_path=journal, adapters=adapters)
            network = ready_to_press(app, history)
            timed_screen(app, frames)
            holder["app"] = app
            ready.set()
            try:
                app.run()
            finally:
                for running in network:
                    running.stop()
                app.close()

        def timed(kind: str, pin: int, pressed: bool) -> None:
            # Block (as the Pi's idle main thread would), not spin: a spinning waiter
            # holds the GIL the loop thread needs, and would time itself.
            strip.written.clear()
            start = time.monotonic()
            (pins.pin(pin).drive_low if pressed else pins.pin(pin).drive_high)()
            if not strip.written.wait(5):
                raise SystemExit(f"bench/latency.py: no LED frame within 5 s of a {kind} press")
            timings[kind].append(strip.writes[-1][0] - start)

        thread = threading.Thread(target=loop, name="loop")
        thread.start()
        ready.wait(120)
        pages = open_pages(config)
        time.sleep(0.1)
        for _ in range(presses // 2):
            timed("select", SELECT, pressed=True)
            time.sleep(debounce)
            pins.pin(SELECT).drive_high()
            pins.pin(UNDO).drive_low()
            time.sleep(debounce)
            timed("undo", UNDO, pressed=False)
            time.sleep(debounce)
        if pages is not None:
            pages.close()
        holder["app"].stop()
        thread.join(10)
        floor_strip = RecordingStrip(config.leds.count, byteorder="GRB", brightness=0.3)
        return timings, frames, floor(pins, presses, journal, floor_strip, debounce)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--presses", type=int, default=1000)
    parser.add_argument("--memory", action="store_true", help="journal in memory, not on disk")
    parser.add_argument("--web", action="store_true", help="phones' server, 2 pages, club feed")
    parser.add_argument("--history", type=int, default=0, help="actions played before")
    args = parser.parse_args()
    config = load(None)  # the shipped defaults: 30 ms debounce, 24 LEDs
    # The recording strip takes the ring's place. The cursor preview blinks a token on its
    # own: its frames would pass for the press's.
    config = replace(config, leds=replace(config.leds, driver="none", preview=False))
    with tempfile.TemporaryDirectory() as folder:
        if args.web:
            config = with_network(config, folder)
        journal = ":memory:" if args.memory else str(Path(folder) / "bench.sqlite")
        try:
            timings, frames, bare = measure(config, args.presses, journal, args.history)
        finally:
            for broker in BROKERS:
                broker.stop()
    every = timings["select"] + timings["undo"]
    where = "in memory" if args.memory else "on disk (WAL, synchronous=FULL)"
    on = "; phones' server, 2 pages, club feed on" if args.web else ""
    print(f"bench/latency.py: {len(every)} presses, journal {where}{on}; history {args.history}")
    print(f"{'':34}{'p50':>10}{'p99':>10}{'max':>10}")
    rows = [
        ("edge -> LED bytes, all", every),
        ("  select (action journaled)", timings["select"]),
        ("  undo on release (head moved)", timings["undo"]),
        ("floor: cb + commit + ring show", bare),
        ("screen frame after a press", frames),
    ]
    for label, values in rows:
        cells = [percentile(values, 0.5), percentile(values, 0.99), max(values)]
        print(f"{label:34}" + "".join(f"{v * 1000:>8.3f}ms" for v in cells))
    floor50, floor99 = percentile(bare, 0.5), percentile(bare, 0.99)
    for label, values in (("all", every), ("select", timings["select"]), ("undo", timings["undo"])):
        r50 = percentile(values, 0.5) / floor50
        r99 = percentile(values, 0.99) / floor99
        print(f"ratio to the floor, {label:7} p50 {r50:5.2f}x  p99 {r99:5.2f}x")
    r50, r99 = percentile(every, 0.5) / floor50, percentile(every, 0.99) / floor99
    verdict = "ok" if r50 <= 3 and r99 <= 2 else "OVER"
    print(f"budget: p50 <= 3x and p99 <= 2x the floor: {verdict}")
    print(f"mean over the floor: {(statistics.mean(every) - statistics.mean(bare)) * 1000:.3f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
