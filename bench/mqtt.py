"""The club feed's cost: publish latency on loopback, and press-to-LED with the broker up,
down and absent.

Usage: .venv/bin/python bench/mqtt.py [--actions 500] [--presses 400]

Publish latency: a real Mosquitto (``/usr/sbin/mosquitto``, started here on a free loopback
port), a table with the feed on, a subscriber on its state topic. Each action (a castle
chosen, then undone: the state changes every time) is timed from the moment ``app.apply``
is called (the rules, the journal's commit on disk, the outputs) to the subscriber's
callback holding the new state; ``app.apply`` alone is timed too.

Press-to-LED: bench/latency.py's measurement (a mock pin's edge to the LED strip's bytes,
the journal on disk) with the feed started as ``companion run`` starts it: the broker up;
the broker down (it was up, the feed connected, then the broker was stopped: the feed
keeps trying to reconnect while the presses run); absent (``mqtt.enabled`` false).
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import latency  # bench/latency.py
import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from companion.app import build_app, start_feed
from companion.config import Config, MqttSettings, load
from companion.table import Undo

MOSQUITTO = "/usr/sbin/mosquitto"


class Broker:
    def __init__(self, folder: str) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = int(probe.getsockname()[1])
        self.conf = Path(folder) / "mosquitto.conf"
        self.conf.write_text(f"listener {self.port} 127.0.0.1\nallow_anonymous true\n")
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Broker:
        self.process = subprocess.Popen(
            [MOSQUITTO, "-c", str(self.conf)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(500):
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return self
            except OSError:
                time.sleep(0.01)
        raise SystemExit("bench/mqtt.py: mosquitto did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)
            self.process = None


def _settings(port: int, table: str) -> MqttSettings:
    return MqttSettings(True, "127.0.0.1", port, table=table)


def _wait(check: Callable[[], bool], seconds: float = 10) -> None:
    end = time.monotonic() + seconds
    while not check():
        if time.monotonic() > end:
            raise SystemExit("bench/mqtt.py: timed out")
        time.sleep(0.005)


def publish_latency(config: Config, port: int, count: int, folder: str) -> tuple[list[float], ...]:
    """Seconds from app.apply to the subscriber holding the new state, and app.apply's own."""
    heads: list[tuple[int, float]] = []
    arrived = threading.Condition()

    def message(client: Any, userdata: object, msg: Any) -> None:
        at = time.perf_counter()
        with arrived:
            heads.append((int(json.loads(msg.payload)["head"]), at))
            arrived.notify_all()

    subscribed = threading.Event()
    sub = mqtt.Client(CallbackAPIVersion.VERSION2)
    sub.on_message = message
    sub.on_subscribe = lambda *_: subscribed.set()
    sub.connect("127.0.0.1", port)
    sub.subscribe("sigillum/bench/state", qos=1)
    sub.loop_start()
    subscribed.wait(10)
    config = replace(config, mqtt=_settings(port, "bench"))
    app = build_app(config, fakes=True, journal_path=Path(folder) / "publish.sqlite")
    feed = start_feed(app)
    assert feed is not None
    _wait(feed.client.is_connected)
    time.sleep(0.3)
    total: list[float] = []
    applied: list[float] = []
    for number in range(count):
        want = 1 - number % 2  # the castle chosen (head 1), then undone (head 0)
        with arrived:
            heads.clear()
        start = time.perf_counter()
        if want:
            app.apply(latency.SETUP[0])
        else:
            app.execute(Undo())
        applied.append(time.perf_counter() - start)
        with arrived:
            if not arrived.wait_for(lambda want=want: any(h == want for h, _ in heads), 10):
                raise SystemExit("bench/mqtt.py: a state never arrived")
            total.append(next(at for h, at in heads if h == want) - start)
    feed.stop()
    app.close()
    sub.disconnect()
    sub.loop_stop()
    return total, applied


def press_to_led(config: Config, presses: int, folder: str, when: Callable[[Any], None]) -> Any:
    """bench/latency.py's presses with the feed started on the app, then ``when(feed)``."""
    built = latency.build_app
    feeds: list[Any] = []

    def with_feed(*args: Any, **kwargs: Any) -> Any:
        app = built(*args, **kwargs)
        feed = start_feed(app)
        feeds.append(feed)
        when(feed)
        return app

    latency.build_app = with_feed
    try:
        journal = str(Path(folder) / f"press{len(os.listdir(folder))}.sqlite")
        timings, _, bare = latency.measure(config, presses, journal)
    finally:
        latency.build_app = built
        for feed in feeds:
            if feed is not None:
                feed.stop()
    return timings["select"] + timings["undo"], bare


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--actions", type=int, default=500)
    parser.add_argument("--presses", type=int, default=400)
    args = parser.parse_args()
    if not Path(MOSQUITTO).exists():
        raise SystemExit(f"bench/mqtt.py: {MOSQUITTO} is missing (apt-get install mosquitto)")
    base = load(None)
    base = replace(base, leds=replace(base.leds, driver="none", preview=False))
    pct = latency.percentile
    with tempfile.TemporaryDirectory() as folder:
        broker = Broker(folder).start()
        try:
            total, applied = publish_latency(base, broker.port, args.actions, folder)
            print(f"bench/mqtt.py: {args.actions} actions, Mosquitto on loopback, journal on disk")
            print(f"{'':40}{'p50':>10}{'p99':>10}{'max':>10}")
            for label, values in (
                ("app.apply -> state at the subscriber", total),
                ("app.apply alone (commit included)", applied),
            ):
                cells = [pct(values, 0.5), pct(values, 0.99), max(values)]
                print(f"{label:40}" + "".join(f"{v * 1000:>8.3f}ms" for v in cells))

            def connected(feed: Any) -> None:
                _wait(feed.client.is_connected)

            def stopped(feed: Any) -> None:
                _wait(feed.client.is_connected)
                broker.stop()
                _wait(lambda: not feed.client.is_connected())

            up_config = replace(base, mqtt=_settings(broker.port, "bench-up"))
            runs = {"broker up": press_to_led(up_config, args.presses, folder, connected)}
            runs["broker down"] = press_to_led(up_config, args.presses, folder, stopped)
            runs["absent (mqtt.enabled false)"] = press_to_led(
                base, args.presses, folder, lambda feed: None
            )
        finally:
            broker.stop()
    print(f"\npress -> LED bytes, {args.presses} presses each (bench/latency.py's path)")
    print(f"{'':40}{'p50':>10}{'p99':>10}{'max':>10}{'floor p99':>12}")
    for label, (every, bare) in runs.items():
        cells = [pct(every, 0.5), pct(every, 0.99), max(every), pct(bare, 0.99)]
        print(f"{label:40}" + "".join(f"{v * 1000:>8.3f}ms" for v in cells[:3]), end="")
        print(f"{cells[3] * 1000:>10.3f}ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
