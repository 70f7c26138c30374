"""The hardware ports: what the app needs from buttons, the disc, the LED ring and a buzzer.

Adapters (gpiozero, neopixel, the serial bridge, the simulator's fakes) implement these.
Callbacks may come on any thread; the app only ever puts what they report on its queue.
Times are ``time.monotonic()`` seconds, taken by the adapter at the edge.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

RGB = tuple[int, int, int]
Frame = Sequence[RGB]

# A raw button edge: (button name, pressed?, monotonic time). Button names are
# "seat1.red" ... "seat4.yellow", "next", "undo", "menu".
EdgeCallback = Callable[[str, bool, float], None]
# A disc step: (+1 clockwise / -1 back, monotonic time).
StepCallback = Callable[[int, float], None]


class ButtonPanel(Protocol):
    def start(self, on_edge: EdgeCallback) -> None: ...

    def close(self) -> None: ...


class DiscSensor(Protocol):
    def start(self, on_step: StepCallback) -> None: ...

    def close(self) -> None: ...


class LedRing(Protocol):
    @property
    def count(self) -> int: ...

    def show(self, frame: Frame) -> None:
        """Write one whole frame (``count`` colours, before brightness scaling)."""
        ...

    def set_brightness(self, brightness: float) -> None:
        """Scale the frames from now on by ``brightness`` (0..1); the next show uses it."""
        ...

    def close(self) -> None: ...


class Buzzer(Protocol):
    def play(self, cue: str) -> None:
        """Play a named cue: "your_turn", "tokens_return", "vote_complete", "victory", "no"."""
        ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class ButtonEdge:
    """A button went down (``pressed``) or up, at ``at`` (monotonic seconds)."""

    name: str
    pressed: bool
    at: float


@dataclass(frozen=True)
class DiscStep:
    """The time disc moved one sector: ``direction`` +1 forward, -1 back."""

    direction: int
    at: float
