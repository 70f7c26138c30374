"""The app with the ring and the disc on the Pico bridge (the virtual Pico, in-process):
a disc step on the Pico starts the period and the Pico's ring shows it; while the link is
down, NEXT turns the period instead."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.app import App, build_app
from companion.config import load
from companion.hardware.mock import mock_pins
from tests.test_controls import DUEL_SETUP

NEXT = 26


def wait_for(condition: Callable[[], bool], timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


@pytest.fixture
def pins() -> Iterator[Any]:
    with mock_pins() as factory:
        yield factory


def test_the_disc_on_the_bridge_turns_the_period_and_lights_the_pico_ring(
    pins: Any, tmp_path: Path
) -> None:
    path = tmp_path / "table.yaml"
    path.write_text(
        "disc: {source: bridge}\nleds: {driver: bridge}\nbridge: {port: virtual}\n"
        "buttons: {debounce_ms: 5}\n",
        encoding="utf-8",
    )
    config = load(path)
    ready, holder = threading.Event(), {}

    def loop() -> None:
        app = build_app(config, journal_path=tmp_path / "j.sqlite")
        for action in DUEL_SETUP:
            app.apply(action)
        holder["app"] = app
        ready.set()
        app.run()
        app.close()

    thread = threading.Thread(target=loop)
    thread.start()
    assert ready.wait(5)
    app: App = holder["app"]
    try:
        assert app.adapters.replaced == []
        pico = app.adapters.link.virtual_pico
        wait_for(lambda: app.snapshot.hardware.sensor_present)
        pins.pin(NEXT).drive_low()  # with a sensor, NEXT does not turn the period
        pins.pin(NEXT).drive_high()
        wait_for(lambda: app.ui.refused)
        notice = app.ui.notice
        assert notice is not None and notice.key == "hardware.turn_the_disc"
        assert app.view["period"] == 0
        pico.turn(1)
        wait_for(lambda: app.view["period"] == 1)
        wait_for(lambda: pico.ring.pixels[0] != (0, 0, 0))
        lit = pico.ring.pixels
        assert all(c != (0, 0, 0) for c in lit[:4]) and all(c == (0, 0, 0) for c in lit[4:])
        pico.unplug()  # the link goes down: NEXT takes over
        wait_for(lambda: not app.snapshot.hardware.sensor_present, timeout=8)
    finally:
        app.stop()
        thread.join(5)
