"""A virtual Pico: the bridge firmware's own ``code.py`` run under CPython on a pseudo-terminal.

The CircuitPython modules it imports (``board``, ``digitalio``, ``rotaryio``, ``neopixel``,
``usb_cdc``, ``time``) are fakes handed to it through its own ``__import__``, so nothing is
put in ``sys.modules``. The ring is a real ``adafruit_pixelbuf`` buffer whose transmitted
bytes are recorded; the disc is driven through the quadrature decoder, as the hall sensors
would drive it. Unplugging closes the pseudo-terminal; replugging opens a new one.

``companion virtual-pico`` serves one and takes commands on stdin (``help`` lists them).
"""

from __future__ import annotations

import argparse
import builtins
import errno
import fcntl
import os
import select
import sys
import threading
import time
import tty
import types
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"
RGB = tuple[int, int, int]
# What the hall sensors (A, B) read as a magnet passes them, one sector either way.
CLOCKWISE = ((1, 0), (1, 1), (0, 1), (0, 0))
BACKWARDS = ((0, 1), (1, 1), (1, 0), (0, 0))


class PowerOff(BaseException):
    """Raised inside the firmware's loop to switch the virtual Pico off (not an error)."""


class FirmwareMissing(Exception):
    pass


def _firmware_module(name: str) -> types.ModuleType:
    if not (FIRMWARE / "code.py").is_file():
        raise FirmwareMissing(f"{FIRMWARE}: the bridge firmware is not there (a source checkout?)")
    if str(FIRMWARE) not in sys.path:
        sys.path.insert(0, str(FIRMWARE))
    return __import__(name, fromlist=["*"])


# --- the USB serial port: a pseudo-terminal --------------------------------------------------

TRANSMIT_BUFFER = 256  # bytes: TinyUSB's CDC transmit FIFO on the RP2040 (full speed)
USB_PACKET = 64  # bytes of one full-speed bulk packet
# The host takes one packet per 1-ms USB frame: the slowest a host polls (a real one often
# takes several per frame). It is the rate at which the transmit buffer empties.
DRAIN_BYTES_PER_S = USB_PACKET * 1000


class VirtualCdc:
    """``usb_cdc.data`` on a pty master, as CircuitPython's is on TinyUSB.

    ``write()`` (``write_timeout = 0``) copies only what fits in the 256-byte transmit
    buffer and returns that count; the buffer empties into the pty a packet at a time at
    :data:`DRAIN_BYTES_PER_S`, only while the host has the port open and takes what is
    read (a Pi that stops reading fills the pty, then the buffer: writes take nothing).
    :attr:`connected` is true only while the host has the port open (DTR, in USB); while it
    is closed the buffer keeps its bytes for the next opening, and a write overwrites the
    oldest (TinyUSB's FIFO is overwritable without DTR). Unplugged (a bus reset clears the
    buffer), reads are empty and writes vanish.
    """

    def __init__(self, drain_bytes_per_s: int = DRAIN_BYTES_PER_S) -> None:
        self.timeout: float | None = 0
        self.write_timeout: float | None = 0
        self.path: str | None = None
        self.deaf = False  # drop what the Pi sends (its ACKs get lost): a fault to inject
        # What the Pi sends waits in the wire (a slow USB, a Pico busy booting): a fault to
        # inject. Lines then reach the firmware late, perhaps after a reset.
        self.held = False
        self.drain_bytes_per_s = drain_bytes_per_s
        self.short_writes = 0  # writes that took less than they were given (a full buffer)
        self._master: int | None = None
        self._poll: select.poll | None = None
        self._pending = b""
        self._in_flight = b""  # read off the pty while held, not yet given to the firmware
        self._transmit = bytearray()  # the transmit buffer, not yet taken by the host
        self._lock = threading.Lock()
        self._transmit_changed = threading.Condition(self._lock)

    def plug(self) -> str:
        master, slave = os.openpty()
        tty.setraw(slave)  # no echo, no line editing, as a USB CDC port
        path = os.ttyname(slave)
        os.close(slave)
        flags = fcntl.fcntl(master, fcntl.F_GETFL)
        fcntl.fcntl(master, fcntl.F_SETFL, flags | os.O_NONBLOCK)
        poll = select.poll()
        poll.register(master, select.POLLIN)
        with self._lock:
            self._master, self.path, self._pending, self._in_flight = master, path, b"", b""
            self._poll = poll
            self._transmit = bytearray()
        threading.Thread(
            target=self._drain, args=(master, poll), name="virtual-pico-usb", daemon=True
        ).start()
        return path

    def unplug(self) -> None:
        with self._transmit_changed:
            master, self._master, self.path, self._poll = self._master, None, None, None
            self._transmit = bytearray()
            self._transmit_changed.notify_all()
        if master is not None:
            os.close(master)

    @property
    def connected(self) -> bool:
        """True while the host has the port open (the Pi's serial port is open)."""
        with self._lock:
            return self._host_has_it_open()

    def _host_has_it_open(self) -> bool:
        if self._poll is None:
            return False
        # A pty master reports a hang-up while no process has the other end open.
        return not any(events & select.POLLHUP for _, events in self._poll.poll(0))

    @property
    def out_waiting(self) -> int:
        """Bytes written that the host has not taken yet."""
        with self._lock:
            return len(self._transmit)

    @property
    def in_waiting(self) -> int:
        with self._lock:
            data = self._in_flight + self._take()
            self._in_flight = b""
            if self.held:
                self._in_flight = data
            elif not self.deaf:
                self._pending += data
            return len(self._pending)

    def in_flight(self) -> bytes:
        """What the Pi has written that the firmware has not read yet (while :attr:`held`)."""
        with self._lock:
            self._in_flight += self._take()
            return self._in_flight

    def _take(self) -> bytes:
        if self._master is None:
            return b""
        try:
            return os.read(self._master, 4096)
        except OSError as error:  # EAGAIN: nothing; EIO: nobody has the port open
            if error.errno not in (errno.EAGAIN, errno.EIO):
                raise
            return b""

    def read(self, size: int = 1) -> bytes:
        with self._lock:
            data, self._pending = self._pending[:size], self._pending[size:]
            return data

    def write(self, data: bytes) -> int:
        """Take what fits in the transmit buffer; returns how many bytes that was."""
        with self._transmit_changed:
            if self._master is None:
                return len(data)  # no USB: TinyUSB takes it and nobody ever gets it
            if not self._host_has_it_open():
                self._transmit = (self._transmit + data)[-TRANSMIT_BUFFER:]
                return len(data)
            taken = data[: TRANSMIT_BUFFER - len(self._transmit)]
            self._transmit += taken
            if len(taken) < len(data):
                self.short_writes += 1
            self._transmit_changed.notify_all()
            return len(taken)

    def _drain(self, master: int, plugged: select.poll) -> None:
        """The USB host taking the transmit buffer into the pty, a packet per frame, for
        as long as this plug lasts (``plugged``: its poll object, new at every plug)."""
        packet_time = USB_PACKET / self.drain_bytes_per_s
        with self._transmit_changed:
            while self._poll is plugged:
                if not self._transmit:
                    self._transmit_changed.wait()
                    continue
                sent = 0
                if self._host_has_it_open():
                    try:
                        sent = os.write(master, bytes(self._transmit[:USB_PACKET]))
                    except OSError as error:  # the pty is full: the host reads nothing
                        if error.errno not in (errno.EAGAIN, errno.EIO):
                            raise
                del self._transmit[:sent]
                # The next packet goes a frame later (an unplug ends the wait at once).
                self._transmit_changed.wait_for(lambda: self._poll is not plugged, packet_time)


# --- the ring, the disc and the buttons ----------------------------------------------------


class VirtualRing:
    """What the NeoPixel driver transmitted: the raw byte stream and the colours in it."""

    def __init__(self) -> None:
        self.transmissions: list[bytes] = []
        self._changed = threading.Condition()

    def record(self, buffer: bytes | bytearray) -> None:
        with self._changed:
            self.transmissions.append(bytes(buffer))
            self._changed.notify_all()

    @property
    def pixels(self) -> list[RGB]:
        """The colours last sent, decoded from the GRB byte stream."""
        with self._changed:
            data = self.transmissions[-1] if self.transmissions else b""
        return [(data[i + 1], data[i], data[i + 2]) for i in range(0, len(data) - 2, 3)]

    def wait_for(self, frame: Sequence[RGB], timeout: float) -> bool:
        """Wait until the ring shows ``frame``."""
        wanted = [tuple(colour) for colour in frame]
        with self._changed:
            return self._changed.wait_for(lambda: self.pixels == wanted, timeout)


class VirtualDisc:
    """The disc's hall sensors, fed through the same quadrature decoding the firmware uses.

    A hand turns a sector in a tenth of a second, far slower than the firmware's loop: so
    :meth:`turn` waits until the firmware has looked at the new position, step by step.
    """

    def __init__(self, running: Callable[[], bool]) -> None:
        quadrature = _firmware_module("sigil_bridge.quadrature")
        self._decoder = quadrature.QuadratureDecoder()
        self._running = running
        self._moved = 0
        self._seen = 0
        self._reads = 0  # since power-up: the first read is the firmware's starting point
        self._changed = threading.Condition()

    def powered_up(self) -> None:
        with self._changed:
            self._reads = 0

    def turn(self, steps: int) -> None:
        """Turn the disc ``steps`` sectors (negative: back), once the firmware is running."""
        sequence = CLOCKWISE if steps > 0 else BACKWARDS
        for _ in range(abs(steps)):
            with self._changed:
                self._changed.wait_for(self._booted, 5.0)
                for a, b in sequence:
                    self._decoder.feed(a, b)
                self._moved += 1
                self._changed.wait_for(self._looked_at, 2.0)

    def _looked_at(self) -> bool:
        return self._seen >= self._moved or not self._running()

    def _booted(self) -> bool:
        return self._reads > 0 or not self._running()

    @property
    def position(self) -> int:
        """Read by the firmware's encoder."""
        with self._changed:
            self._seen = self._moved
            self._reads += 1
            self._changed.notify_all()
            return int(self._decoder.position)


class _Pin:
    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"board.{self.name}"


class _Board(types.ModuleType):
    def __getattr__(self, name: str) -> _Pin:
        if name.startswith("GP") and name[2:].isdigit() and int(name[2:]) <= 28:
            pin = _Pin(name)
            setattr(self, name, pin)
            return pin
        raise AttributeError(f"board has no pin {name}")


# --- the Pico -------------------------------------------------------------------------------


class VirtualPico:
    """The bridge firmware running in a thread, with a disc to turn and buttons to press."""

    def __init__(
        self,
        led_count: int = 24,
        buttons: Mapping[str, str] | None = None,
        settings: Mapping[str, object] | None = None,
        by_id: str | Path | None = None,
    ) -> None:
        """``by_id``: keep a symlink there to the current pty while plugged in, as udev keeps
        ``/dev/serial/by-id/...`` (a replug gets a new pty; the link's name stays)."""
        self.by_id = Path(by_id) if by_id is not None else None
        defaults = _firmware_module("settings")
        values = {key: getattr(defaults, key) for key in dir(defaults) if key.isupper()}
        values["LED_COUNT"] = led_count
        values["BUTTONS"] = dict(buttons or {})
        values.update(settings or {})
        self.settings = values
        self.cdc = VirtualCdc()
        self.ring = VirtualRing()
        self._power = threading.Event()
        self.disc = VirtualDisc(self._power.is_set)
        self.levels: dict[str, bool] = {}  # pin name -> level (pulled up: True)
        self.crashed: BaseException | None = None
        self.boots = 0
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> str | None:
        """The pty the Pi should open, or None while unplugged."""
        return self.cdc.path

    def start(self) -> str:
        """Plug in and power up; returns the pty path."""
        path = self.cdc.path or self.replug()
        self._power_up()
        return path

    def _power_up(self) -> None:
        self.disc.powered_up()
        self._power.set()
        self.boots += 1
        self._thread = threading.Thread(target=self._firmware, name="virtual-pico", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._power.clear()
        if self._thread is not None:
            self._thread.join(timeout=2.0)
            self._thread = None
        self.unplug()

    def reset(self) -> None:
        """A power cycle: the firmware starts again (new boot id, empty queue)."""
        self._power.clear()
        if self._thread is not None:
            self._thread.join(timeout=2.0)
        self._power_up()

    def hang(self) -> None:
        """The firmware stops (a crash, a busy loop): the USB port stays, nobody reads it,
        and what the Pi writes piles up until its writes time out. :meth:`reset` revives it."""
        self._power.clear()
        if self._thread is not None:
            self._thread.join(timeout=2.0)
            self._thread = None

    def unplug(self) -> None:
        """Pull the USB data link; the Pico keeps running (and counting the disc)."""
        if self.by_id is not None:
            self.by_id.unlink(missing_ok=True)
        self.cdc.unplug()

    def replug(self) -> str:
        """Plug the USB data link back in: a new pty (and the ``by_id`` link to it)."""
        path = self.cdc.plug()
        if self.by_id is not None:
            fresh = self.by_id.with_name(self.by_id.name + ".new")
            fresh.unlink(missing_ok=True)
            fresh.symlink_to(path)
            fresh.replace(self.by_id)
        return path

    def turn(self, steps: int = 1) -> None:
        self.disc.turn(steps)

    def press(self, name: str) -> None:
        self.levels[self.settings["BUTTONS"][name]] = False

    def release(self, name: str) -> None:
        self.levels[self.settings["BUTTONS"][name]] = True

    # --- the firmware's world ---------------------------------------------------------

    def _modules(self) -> dict[str, types.ModuleType]:
        pixelbuf = __import__("adafruit_pixelbuf")
        ring, disc, levels, power = self.ring, self.disc, self.levels, self._power

        class NeoPixel(pixelbuf.PixelBuf):  # type: ignore[misc,name-defined]
            def __init__(
                self,
                pin: _Pin,
                n: int,
                *,
                brightness: float = 1.0,
                auto_write: bool = True,
                pixel_order: str = "GRB",
            ) -> None:
                self.pin = pin
                super().__init__(
                    n, brightness=brightness, byteorder=pixel_order, auto_write=auto_write
                )

            def _transmit(self, buffer: bytearray) -> None:
                ring.record(buffer)

        class IncrementalEncoder:
            def __init__(self, pin_a: _Pin, pin_b: _Pin, divisor: int = 4) -> None:
                if divisor != 4:
                    raise ValueError("the virtual disc counts whole sectors (divisor=4)")

            @property
            def position(self) -> int:
                return disc.position

        class DigitalInOut:
            def __init__(self, pin: _Pin) -> None:
                self.pin, self.direction, self.pull = pin, None, None

            @property
            def value(self) -> bool:
                return levels.get(self.pin.name, True)

        def sleep(seconds: float) -> None:
            if not power.is_set():
                raise PowerOff
            time.sleep(seconds)

        return {
            "board": _Board("board"),
            "digitalio": _module(
                "digitalio",
                DigitalInOut=DigitalInOut,
                Direction=types.SimpleNamespace(INPUT="input", OUTPUT="output"),
                Pull=types.SimpleNamespace(UP="up", DOWN="down"),
            ),
            "rotaryio": _module("rotaryio", IncrementalEncoder=IncrementalEncoder),
            "neopixel": _module("neopixel", NeoPixel=NeoPixel),
            "usb_cdc": _module("usb_cdc", data=self.cdc, console=None),
            "time": _module("time", monotonic_ns=time.monotonic_ns, sleep=sleep),
            "settings": _module("settings", **self.settings),
        }

    def _firmware(self) -> None:
        code_path = FIRMWARE / "code.py"
        code = compile(code_path.read_text(encoding="utf-8"), str(code_path), "exec")
        fakes = self._modules()
        real_import = builtins.__import__

        def pico_import(
            name: str,
            scope: Mapping[str, object] | None = None,
            local: Mapping[str, object] | None = None,
            fromlist: Sequence[str] = (),
            level: int = 0,
        ) -> types.ModuleType:
            # __import__'s own parameters: the interpreter passes them all, by position.
            if name in fakes:
                return fakes[name]
            return real_import(name, scope, local, fromlist, level)

        world = dict(vars(builtins))
        world["__import__"] = pico_import
        try:
            exec(code, {"__name__": "__main__", "__file__": str(code_path), "__builtins__": world})
        except PowerOff:
            pass
        except Exception as error:  # the firmware crashed: keep it for the tests to see
            self.crashed = error
            raise


def _module(name: str, **attributes: object) -> types.ModuleType:
    module = types.ModuleType(name)
    for key, value in attributes.items():
        setattr(module, key, value)
    return module


# --- companion virtual-pico ----------------------------------------------------------------

HELP = """commands: turn [N] | press NAME | release NAME | unplug | replug | reset | leds | quit"""


def _command(pico: VirtualPico, words: list[str], say: Callable[[str], None]) -> bool:
    """Run one stdin command; False to quit."""
    match words:
        case ["turn"] | ["turn", _]:
            pico.turn(int(words[1]) if len(words) > 1 else 1)
            say(f"disc at {pico.disc.position}")
        case ["press" | "release" as verb, name] if name in pico.settings["BUTTONS"]:
            getattr(pico, verb)(name)
            say(f"{name} {verb}d")
        case ["unplug"]:
            pico.unplug()
            say("unplugged")
        case ["replug"]:
            say(f"port {pico.replug()}")
        case ["reset"]:
            pico.reset()
            say("reset")
        case ["leds"]:
            say(" ".join(f"{r:02X}{g:02X}{b:02X}" for r, g, b in pico.ring.pixels))
        case ["quit"] | ["exit"]:
            return False
        case _:
            say(HELP)
    return True


def _led_count(text: str) -> int:
    """--leds: a whole number of LEDs, 1 to 1000 (argparse names the option otherwise)."""
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 1 <= count <= 1000:
        raise argparse.ArgumentTypeError(f"{count}: a ring has 1 to 1000 LEDs")
    return count


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="companion virtual-pico",
        description="Serve a virtual bridge Pico on a pseudo-terminal and print its path.",
    )
    parser.add_argument("--leds", type=_led_count, default=24, help="LEDs on the ring (default 24)")
    parser.add_argument(
        "--buttons",
        default="",
        help="buttons on the Pico, e.g. next,undo,menu (wired to GP6, GP7, ...)",
    )
    args = parser.parse_args(argv[1:] if argv[:1] == ["--"] else argv)
    names = [name for name in args.buttons.split(",") if name]
    buttons = {name: f"GP{6 + index}" for index, name in enumerate(names)}
    try:
        pico = VirtualPico(led_count=args.leds, buttons=buttons)
    except FirmwareMissing as error:
        print(f"companion: {error}", file=sys.stderr)
        return 2
    print(f"port {pico.start()}", flush=True)

    def say(text: str) -> None:
        print(text, flush=True)

    try:
        for line in sys.stdin:
            try:
                if not _command(pico, line.split(), say):
                    break
            except ValueError:
                say(HELP)
    except KeyboardInterrupt:
        pass
    finally:
        pico.stop()
    return 0
