"""Opening the adapters the config asks for, each checked as it starts.

Called only from the composition root (``companion.app.build_app``). An adapter that
cannot start (no GPIO on this host, no SPI, an absent Pico) is replaced by its fake with
a logged warning, so the table still runs from the screen; with ``strict`` it is an
:class:`AdapterError` instead.
"""

from __future__ import annotations

import importlib
import logging
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

from companion.hardware import gpio, pixels
from companion.hardware.fakes import FakeButtonPanel, FakeBuzzer, FakeDiscSensor, FakeLedRing
from companion.hardware.ports import ButtonPanel, Buzzer, DiscSensor, LedRing

if TYPE_CHECKING:  # pyserial loads only when a config asks for the bridge
    from companion.config import Config
    from companion.hardware.bridge import Bridge

log = logging.getLogger("companion.hardware")
T = TypeVar("T")


class AdapterError(Exception):
    """A real adapter failed its start-up check and --strict forbids the fake."""


@dataclass
class Adapters:
    buttons: ButtonPanel
    disc: DiscSensor | None
    ring: LedRing | None
    buzzer: Buzzer | None
    sensor_present: bool = False  # a real sensor reads the disc (else NEXT turns the period)
    replaced: list[str] = field(default_factory=list)  # ports running as fakes after a failure
    link: Bridge | None = None  # the bridge, when the disc is on it: its link comes and goes
    # The config wired a disc sensor (not "none", not the simulator's on-screen disc): its
    # absence is worth a line on the screen.
    sensor_expected: bool = False


def _attempt(port: str, opener: Callable[[], T], strict: bool) -> T | None:
    """The adapter, or None (with a warning naming why) if it cannot start."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            return opener()
        except Exception as error:
            notes = "; ".join(str(w.message) for w in caught)
            reason = f"{type(error).__name__}: {error}" + (f" ({notes})" if notes else "")
            if strict:
                raise AdapterError(f"{port}: cannot start: {reason}") from error
            log.warning("%s: cannot start, using the on-screen fake instead: %s", port, reason)
            return None


def _bridge(config: Config) -> Bridge:
    module = importlib.import_module("companion.hardware.bridge")  # pyserial loads lazily
    bridge: Bridge = module.open_bridge(
        config.bridge.port, config.leds.count, brightness=config.brightness
    )
    return bridge


def _checked_ring(ring: LedRing) -> LedRing:
    """A dark frame written at once: PWM without root fails on its first write, not before."""
    ring.show([(0, 0, 0)] * ring.count)
    return ring


def open_adapters(config: Config, *, fakes: bool, strict: bool) -> Adapters:
    """Real adapters for what the config enables (fakes when asked or when one fails)."""
    replaced: list[str] = []
    leds, disc_cfg, buzzer_cfg = config.leds, config.disc, config.buzzer
    bridge: Bridge | None = None
    on_bridge = (leds.driver, disc_cfg.source, config.buttons.source)
    if not fakes and "bridge" in on_bridge:
        bridge = _attempt("bridge", lambda: _bridge(config), strict)

    def real(port: str, wanted: bool, opener: Callable[[], T]) -> T | None:
        if fakes or not wanted:
            return None
        adapter = _attempt(port, opener, strict)
        if adapter is None:
            replaced.append(port)
        return adapter

    pins = config.button_pins
    panel: ButtonPanel | None = None
    if config.buttons.source == "bridge":
        wanted = bool(config.buttons.enabled) and not fakes
        panel = bridge.buttons if bridge is not None and wanted else None
    else:
        panel = real(
            "buttons",
            bool(config.buttons.enabled),
            lambda: gpio.GpioButtonPanel(pins, pull_up=config.buttons.pull_up),
        )
    buttons = panel or FakeButtonPanel(tuple(pins))

    disc: DiscSensor | None = None
    if disc_cfg.source == "bridge":
        disc = bridge.disc if bridge is not None else None
    else:
        disc = real(
            "disc",
            disc_cfg.source == "gpio",
            lambda: gpio.GpioDiscSensor(disc_cfg.pin_a, disc_cfg.pin_b, disc_cfg.reverse),
        )
    # A bridge's sensor counts once its link is up (the app listens); a GPIO one at once.
    sensor_present = disc is not None and disc_cfg.source == "gpio"
    disc = disc or FakeDiscSensor()

    ring: LedRing | None = None
    if leds.driver == "bridge":
        ring = bridge.ring if bridge is not None else None
    else:
        ring = real(
            "leds",
            leds.driver in ("spi", "pwm"),
            lambda: _checked_ring(
                pixels.PixelRing(
                    pixels.open_strip(leds.driver, leds.count, leds.order, config.brightness)
                )
            ),
        )
    ring = ring or FakeLedRing(leds.count)

    buzzer: Buzzer | None = real(
        "buzzer",
        bool(buzzer_cfg.enabled),
        lambda: gpio.GpioBuzzer(buzzer_cfg.pin, buzzer_cfg.mid_tone),
    )
    buzzer = buzzer or FakeBuzzer()
    if bridge is None and not fakes and "bridge" in on_bridge:
        replaced.append("bridge")
    link = bridge if disc_cfg.source == "bridge" else None
    expected = not fakes and disc_cfg.source != "none"
    return Adapters(buttons, disc, ring, buzzer, sensor_present, replaced, link, expected)
