"""Fakes of the hardware ports, shipped in the package: the simulator and the tests share them.

Like gpiozero's mock pins, each fake has *driving* methods (``press``, ``release``,
``turn``) that act as the hardware would, and a *recorded history* (``history``,
``frames``, ``cues``) of what the app did to it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from companion.hardware.ports import RGB, EdgeCallback, Frame, StepCallback

Clock = Callable[[], float]


class FakeButtonPanel:
    """Buttons driven by code (or the simulator's keyboard)."""

    def __init__(self, names: tuple[str, ...] = (), clock: Clock = time.monotonic) -> None:
        self.names = names
        self.clock = clock
        self.history: list[tuple[str, bool, float]] = []
        self._on_edge: EdgeCallback | None = None

    def start(self, on_edge: EdgeCallback) -> None:
        self._on_edge = on_edge

    def close(self) -> None:
        self._on_edge = None

    @property
    def started(self) -> bool:
        return self._on_edge is not None

    def edge(self, name: str, pressed: bool, at: float | None = None) -> None:
        when = self.clock() if at is None else at
        self.history.append((name, pressed, when))
        if self._on_edge is not None:
            self._on_edge(name, pressed, when)

    def press(self, name: str, at: float | None = None) -> None:
        self.edge(name, True, at)

    def release(self, name: str, at: float | None = None) -> None:
        self.edge(name, False, at)

    def tap(self, name: str, at: float | None = None, length: float = 0.05) -> None:
        """Press and release; with ``at`` given, the release comes ``length`` later."""
        self.press(name, at)
        self.release(name, None if at is None else at + length)


class FakeDiscSensor:
    """A disc turned by code: ``turn(+1)`` is one sector clockwise."""

    def __init__(self, clock: Clock = time.monotonic) -> None:
        self.clock = clock
        self.history: list[tuple[int, float]] = []
        self._on_step: StepCallback | None = None

    def start(self, on_step: StepCallback) -> None:
        self._on_step = on_step

    def close(self) -> None:
        self._on_step = None

    def turn(self, direction: int = 1, at: float | None = None) -> None:
        when = self.clock() if at is None else at
        self.history.append((direction, when))
        if self._on_step is not None:
            self._on_step(direction, when)


class FakeLedRing:
    """An LED ring that keeps every frame shown (the simulator draws the last one)."""

    def __init__(self, count: int = 24, keep: int = 1000) -> None:
        self._count = count
        self.keep = keep
        self.frames: list[tuple[RGB, ...]] = []
        self.brightness = 1.0  # as set by set_brightness (the frames are kept before it)
        self.shown = threading.Event()
        self.closed = False

    @property
    def count(self) -> int:
        return self._count

    @property
    def last(self) -> tuple[RGB, ...]:
        return self.frames[-1] if self.frames else ((0, 0, 0),) * self._count

    def show(self, frame: Frame) -> None:
        if len(frame) != self._count:
            raise ValueError(f"a frame of {len(frame)} colours for a ring of {self._count}")
        self.frames.append(tuple(frame))
        del self.frames[: -self.keep]
        self.shown.set()

    def set_brightness(self, brightness: float) -> None:
        self.brightness = brightness

    def close(self) -> None:
        self.closed = True


class FakeBuzzer:
    """A buzzer that records the cues it was asked to play."""

    def __init__(self) -> None:
        self.cues: list[str] = []

    def play(self, cue: str) -> None:
        self.cues.append(cue)

    def close(self) -> None:
        return None
