"""The LED ring through Adafruit's pixelbuf: NeoPixel on PWM (GPIO18) or SPI (GPIO10).

All buffer work (colour order, brightness) is pixelbuf's pure code; the hardware is
touched in one method, ``_transmit``. ``RecordingStrip`` overrides only that seam and
keeps the bytes, so tests see exactly what the wire would carry.

PWM on GPIO18 (``neopixel.NeoPixel``) needs root, fights the Pi's analog audio and does
not run on a Pi 5; SPI on GPIO10 (``neopixel_spi.NeoPixel_SPI``, package
adafruit-circuitpython-neopixel-spi) needs only the ``spi`` group. Both are pixelbuf
subclasses created with ``auto_write=False``: the ring writes once per frame.
"""

from __future__ import annotations

import threading
import time
from typing import Protocol

from adafruit_pixelbuf import PixelBuf  # type: ignore[import-untyped]

from companion.hardware.ports import RGB, Frame


class Strip(Protocol):
    """A pixelbuf strip as the ring drives it (the Adafruit libraries ship no type hints:
    the parts used are named here)."""

    auto_write: bool
    brightness: float

    def __len__(self) -> int: ...

    def __setitem__(self, index: int, colour: RGB) -> None: ...

    def fill(self, colour: RGB) -> None: ...

    def show(self) -> None: ...


class PixelRing:
    """The ``LedRing`` port over any pixelbuf strip: one ``show()`` per frame."""

    def __init__(self, strip: Strip) -> None:
        self.strip = strip
        self.strip.auto_write = False

    @property
    def count(self) -> int:
        return len(self.strip)

    def show(self, frame: Frame) -> None:
        if len(frame) != self.count:
            raise ValueError(f"a frame of {len(frame)} colours for a ring of {self.count}")
        for index, colour in enumerate(frame):
            self.strip[index] = colour
        self.strip.show()

    def set_brightness(self, brightness: float) -> None:
        self.strip.brightness = brightness  # pixelbuf rescales the buffer it holds

    def close(self) -> None:
        self.strip.fill((0, 0, 0))
        self.strip.show()
        deinit = getattr(self.strip, "deinit", None)
        if deinit is not None:
            deinit()


class RecordingStrip(PixelBuf):  # type: ignore[misc]
    """A pixelbuf strip whose wire is a list: ``writes`` keeps (monotonic time, bytes)."""

    def __init__(self, count: int, *, byteorder: str = "GRB", brightness: float = 1.0) -> None:
        super().__init__(count, byteorder=byteorder, brightness=brightness, auto_write=False)
        self.writes: list[tuple[float, bytes]] = []
        self.written = threading.Event()

    def _transmit(self, buffer: bytearray) -> None:
        self.writes.append((time.monotonic(), bytes(buffer)))
        self.written.set()

    @property
    def last_bytes(self) -> bytes:
        return self.writes[-1][1] if self.writes else b""


def open_strip(driver: str, count: int, byteorder: str, brightness: float) -> Strip:
    """The real strip: ``pwm`` (GPIO18, root) or ``spi`` (GPIO10). Raises with a reason."""
    import board  # type: ignore[import-untyped]  # noqa: PLC0415 (lazy)

    if driver == "pwm":
        import neopixel  # type: ignore[import-untyped]  # noqa: PLC0415 (lazy)

        strip: Strip = neopixel.NeoPixel(
            board.D18, count, brightness=brightness, auto_write=False, pixel_order=byteorder
        )
        return strip
    if driver == "spi":
        try:
            import neopixel_spi  # type: ignore[import-not-found,import-untyped,unused-ignore]  # noqa: PLC0415 (lazy)
        except ImportError as error:
            raise RuntimeError(
                "the SPI LED driver needs adafruit-circuitpython-neopixel-spi "
                "(pip install adafruit-circuitpython-neopixel-spi), or use driver: pwm"
            ) from error
        spi: Strip = neopixel_spi.NeoPixel_SPI(
            board.SPI(), count, brightness=brightness, auto_write=False, pixel_order=byteorder
        )
        return spi
    raise ValueError(f"unknown LED driver '{driver}'")
