"""gpiozero adapters: the button panel, the disc's hall sensors and the buzzer.

gpiozero is imported only here, inside the constructors. Its callbacks run on gpiozero's
own threads (synchronously in MockFactory): they only stamp the time and hand the edge
on; the app puts it on its queue. ``bounce_time`` is left off on purpose: debounce is our
own code (companion.input_timing), because mock pins ignore it and tests must see it.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Mapping
from typing import Protocol

from companion.hardware.cues import CUE_RANK, CUES
from companion.hardware.ports import EdgeCallback, StepCallback

# gpiozero ships no type hints: the parts of its devices these adapters use are named here.


class _Button(Protocol):
    when_pressed: Callable[[], None] | None
    when_released: Callable[[], None] | None

    def close(self) -> None: ...


class _Encoder(Protocol):
    when_rotated_clockwise: Callable[[], None] | None
    when_rotated_counter_clockwise: Callable[[], None] | None

    def close(self) -> None: ...


class _TonalBuzzer(Protocol):
    # Tones are gpiozero's Tone, a float (its frequency in Hz).
    min_tone: float
    max_tone: float

    def play(self, tone: float) -> None: ...

    def stop(self) -> None: ...

    def close(self) -> None: ...


class GpioButtonPanel:
    """One gpiozero ``Button`` per named pin, pulled up (a press pulls the pin low)."""

    def __init__(
        self,
        pins: Mapping[str, int],
        pull_up: bool = True,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """``clock`` stamps the edges (a press script's own clock; the box's monotonic)."""
        from gpiozero import Button  # type: ignore[import-untyped]  # noqa: PLC0415 (lazy)

        self.clock = clock
        self.pins = dict(pins)
        self._buttons: dict[str, _Button] = {}
        try:
            for name, pin in self.pins.items():
                self._buttons[name] = Button(pin, pull_up=pull_up, bounce_time=None)
        except Exception:
            self.close()
            raise

    def start(self, on_edge: EdgeCallback) -> None:
        for name, button in self._buttons.items():
            button.when_pressed = _edge(on_edge, name, True, self.clock)
            button.when_released = _edge(on_edge, name, False, self.clock)

    def close(self) -> None:
        for button in self._buttons.values():
            button.close()
        self._buttons.clear()


def _edge(
    on_edge: EdgeCallback, name: str, pressed: bool, clock: Callable[[], float]
) -> Callable[[], None]:
    def callback() -> None:
        on_edge(name, pressed, clock())

    return callback


class GpioDiscSensor:
    """Two hall sensors in quadrature through gpiozero's ``RotaryEncoder``: one step a sector.

    The encoder's own state machine only reports a step when the pair goes through the
    whole quadrature cycle, so a magnet wobbling on one sensor reports nothing; a wobble
    across the whole boundary reports +1 then -1, which the controls net out.
    """

    def __init__(
        self,
        pin_a: int,
        pin_b: int,
        reverse: bool = False,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        from gpiozero import RotaryEncoder  # noqa: PLC0415 (lazy)

        self.clock = clock
        self.pin_a, self.pin_b = pin_a, pin_b
        self.reverse = reverse
        self._encoder: _Encoder = RotaryEncoder(pin_a, pin_b, max_steps=0, bounce_time=None)

    def start(self, on_step: StepCallback) -> None:
        sign = -1 if self.reverse else 1

        def clockwise() -> None:
            on_step(sign, self.clock())

        def counter_clockwise() -> None:
            on_step(-sign, self.clock())

        self._encoder.when_rotated_clockwise = clockwise
        self._encoder.when_rotated_counter_clockwise = counter_clockwise

    def close(self) -> None:
        self._encoder.close()


class GpioBuzzer:
    """A piezo through gpiozero's ``TonalBuzzer``. Cues play on a worker thread; of those
    that pile up meanwhile only the most important follows (a late cue misleads)."""

    def __init__(self, pin: int, mid_tone: str = "A5") -> None:
        from gpiozero import TonalBuzzer  # noqa: PLC0415 (lazy)
        from gpiozero.tones import Tone  # type: ignore[import-untyped]  # noqa: PLC0415 (lazy)

        self._tone: Callable[[str], float] = Tone
        self._buzzer: _TonalBuzzer = TonalBuzzer(pin, mid_tone=Tone(mid_tone), octaves=1)
        self._queue: queue.Queue[str | None] = queue.Queue()
        self.played: list[str] = []
        self.playing: str | None = None
        self._taken = 0  # cues taken off the queue (played or dropped) and not yet done
        self._closing = threading.Event()
        self._worker = threading.Thread(target=self._play_all, name="buzzer", daemon=True)
        self._worker.start()

    def play(self, cue: str) -> None:
        if cue not in CUES:
            raise ValueError(f"unknown cue '{cue}'")
        self._queue.put(cue)

    def wait_idle(self, timeout: float = 5.0) -> bool:
        """Wait until every cue asked for has been played or dropped."""
        done = self._queue.all_tasks_done
        with done:
            return done.wait_for(lambda: self._queue.unfinished_tasks == 0, timeout)

    def _play_all(self) -> None:
        while (cue := self._latest(self._queue.get())) is not None:
            for note, seconds in CUES[cue]:
                if note is None:
                    self._buzzer.stop()
                else:
                    self._buzzer.play(self._clamped(note))
                if self._closing.wait(seconds):
                    break
            self._buzzer.stop()
            self.played.append(cue)
            self.playing = None
            for _ in range(self._taken):
                self._queue.task_done()

    def _latest(self, cue: str | None) -> str | None:
        """Cues that piled up while one played are stale: only the most important (the
        newest among equals) is worth hearing."""
        self._taken = 1
        while cue is not None and not self._queue.empty():
            waiting = self._queue.get()
            self._taken += 1
            if waiting is None or CUE_RANK[waiting] >= CUE_RANK[cue]:
                cue = waiting
        self.playing = cue
        return cue

    def _clamped(self, note: str) -> float:
        tone = self._tone(note)
        low, high = self._buzzer.min_tone, self._buzzer.max_tone
        return min(max(tone, low), high)

    def close(self) -> None:
        self._closing.set()
        self._queue.put(None)
        self._worker.join(timeout=2.0)
        self._buzzer.close()
