"""The serial bridge to the Pico: LED ring, disc sensor and buttons over USB serial.

Two threads of the bridge's own share the port. The reader opens it, waits for the Pico's
HELLO with a deadline (opening a port may reset the board), reads lines and decides what to
answer; the writer is the only code that writes. The reader hands it lines through a
bounded queue (the oldest dropped when full) and the app hands it LED frames through a
one-frame mailbox (the latest frame wins), so a Pico that stops reading stalls the writer
alone, never the reader or the app's loop; frames it could not take are counted
(:attr:`Bridge.status`). The reader closes the port only under the write lock, so no write
ever runs on a closed port. When the Pico goes away the reader tries again with growing
pauses; the table keeps working meanwhile (NEXT turns the period) and :attr:`Bridge.linked`
says so to the screen. Sequence numbers make every disc step and press arrive exactly once
across reconnects; ACK and RESEND name the Pico's boot, so a reset Pico takes none meant for
its previous boot, and the numbering of a boot the Pi has not met starts where its HELLO
says.
The protocol itself is pure code in :mod:`companion.hardware.bridge_codec`.
"""

from __future__ import annotations

import importlib
import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, TypedDict, Unpack

from companion.hardware import bridge_codec as codec
from companion.hardware import pico_usb
from companion.hardware.ports import ButtonEdge, DiscStep, EdgeCallback, Frame, StepCallback

if TYPE_CHECKING:
    from companion.hardware.virtual_pico import VirtualPico

log = logging.getLogger(__name__)

HI_EVERY = 0.5  # ask again for the HELLO this often while waiting for it
RESEND_EVERY = 0.3  # ask at most this often for the same missing event
OUTBOX_LIMIT = 64  # lines for the writer; a deaf Pico makes the oldest go (a later ACK covers)


class SerialPort(Protocol):
    """What the bridge needs of a ``serial.Serial``."""

    @property
    def in_waiting(self) -> int: ...

    def read(self, size: int = 1) -> bytes: ...

    def write(self, data: bytes, /) -> int | None: ...

    def close(self) -> None: ...


PortSource = str | Callable[[], str | None]
LinkListener = Callable[[bool], None]


@dataclass
class BridgeStats:
    """Counters for the log and the benchmarks; nothing here is ever fatal."""

    lines_in: int = 0
    lines_out: int = 0
    garbage: int = 0  # lines that were not messages (bad checksum, noise, unknown)
    too_long: int = 0  # over-long lines, dropped whole
    events: int = 0  # disc steps and presses delivered
    duplicates: int = 0  # events seen before (resent after a reconnect), dropped
    lost: int = 0  # events the Pico reported gone (its queue overflowed)
    refused: int = 0  # lines of ours the Pico refused (ERR)
    connects: int = 0  # handshakes completed
    hello_timeouts: int = 0  # ports opened where no HELLO came in time
    open_failures: int = 0  # ports missing or refusing to open
    frames_shown: int = 0  # LED frames the Pico confirmed (OK)
    frames_posted: int = 0  # frames the app drew
    frames_dropped: int = 0  # frames drawn while linked that never went out (replaced, failed)
    lines_dropped: int = 0  # other lines for the Pico dropped from a full queue or a failed write
    write_failures: int = 0  # writes that failed (timed out: a Pico that stopped reading)
    stale: int = 0  # lines for another boot or protocol, ignored


@dataclass(frozen=True)
class BridgeStatus:
    """What the screen can say about the link: up or down, and whether the Pico takes what
    is written to it (``deaf``: the last write failed; ``frames_dropped`` so far)."""

    linked: bool
    deaf: bool
    frames_dropped: int


def find_pico_port() -> str | None:
    """The data port of a CircuitPython board running the bridge firmware, if one is plugged."""
    list_ports = importlib.import_module("serial.tools.list_ports")
    return choose_port(list_ports.comports())


def choose_port(ports: Sequence[object]) -> str | None:
    """Pick the protocol's port among pyserial ``ListPortInfo``s: a Pico's or a Pico 2's
    second CDC, never its console (the ids and interfaces: :mod:`pico_usb`)."""
    for info in ports:
        if pico_usb.board_of(getattr(info, "vid", None), getattr(info, "pid", None)) is None:
            continue
        interface = getattr(info, "interface", None)
        location = getattr(info, "location", None)
        if pico_usb.is_data_port(interface, location):
            return str(getattr(info, "device", ""))
    return None


def open_serial(path: str) -> SerialPort:
    serial = importlib.import_module("serial")
    # A read waits at most 50 ms (the loop's tick); a write that cannot go out in 0.5 s (a
    # Pico that stopped reading) fails instead of blocking the app's thread.
    port: SerialPort = serial.Serial(
        path, baudrate=115200, timeout=0.05, write_timeout=0.5, exclusive=True
    )
    return port


class Bridge:
    """The Pi's end of the link. It is a ``LedRing`` and a ``DiscSensor`` itself; its ports
    :attr:`ring`, :attr:`disc` and :attr:`buttons` may also be handed out one by one (the
    bridge stops when the last one used is closed)."""

    def __init__(
        self,
        port: PortSource,
        *,
        led_count: int = 24,
        brightness: float = 1.0,
        hello_timeout: float = 3.0,
        heartbeat: float = 1.0,
        link_timeout: float = 3.5,
        backoff: tuple[float, float] = (0.1, 2.0),
        open_port: Callable[[str], SerialPort] = open_serial,
    ) -> None:
        self.port_source = port
        self.led_count = led_count
        self.brightness = brightness
        self.hello_timeout = hello_timeout
        self.heartbeat = heartbeat
        self.link_timeout = link_timeout
        self.backoff = backoff
        self.stats = BridgeStats()
        self.hello: codec.Hello | None = None
        self._open_port = open_port
        self._lock = threading.Lock()
        # Held by the writer while it writes and by the reader while it closes the port.
        self._write_lock = threading.Lock()
        self._changed = threading.Condition(self._lock)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._writer: threading.Thread | None = None
        self._frame_due = False  # the mailbox: a frame the Pico has not been sent yet
        self._outbox: deque[codec.Message] = deque()  # lines for the writer, oldest first
        self._queued = 0.0  # when the reader last queued a line (heartbeats count from it)
        self._deaf = False  # the last write failed
        self._port: SerialPort | None = None
        self._linked = False
        self._heard = 0.0
        self._sent = 0.0
        self._boot_id = ""  # the boot of the Pico last met ("": none yet)
        self._last_seq = 0  # the last event of boot _boot_id delivered
        self._resend_asked: tuple[int, float] | None = None
        self._said: set[str] = set()  # problems logged since the last link
        self._frame: tuple[codec.RGB, ...] | None = None
        self._frame_seq = 0
        self._shown_seq = 0
        self._on_step: StepCallback | None = None
        self._on_edge: EdgeCallback | None = None
        self._link_listeners: list[LinkListener] = []
        self._users: set[str] = set()  # ports in use; the last one closed closes the bridge
        self._on_close: list[Callable[[], None]] = []
        self.virtual_pico: VirtualPico | None = None  # open_bridge("virtual")'s, for the sim
        self.ring = BridgeLedRing(self)
        self.disc = BridgeDisc(self)
        self.buttons = BridgeButtons(self)

    # --- life --------------------------------------------------------------------------

    def start(self, on_step: StepCallback | None = None) -> None:
        """Start the link (idempotent). As a ``DiscSensor``: ``on_step`` gets the disc steps."""
        if on_step is not None:
            self._on_step = on_step
        if self._thread is None and not self._stop.is_set():
            self._thread = threading.Thread(target=self._run, name="bridge", daemon=True)
            self._writer = threading.Thread(
                target=self._write_frames, name="bridge-writer", daemon=True
            )
            self._thread.start()
            self._writer.start()

    def close(self) -> None:
        """Darken the ring (if the Pico is there to hear it) and stop. Idempotent."""
        if self._stop.is_set():
            return
        if self._linked:
            self.wait_shown(self.send_frame([(0, 0, 0)] * self.led_count), 0.5)
        with self._changed:
            self._stop.set()
            self._changed.notify_all()
        threads, self._thread, self._writer = (self._thread, self._writer), None, None
        for thread in threads:
            if thread is not None and thread is not threading.current_thread():
                thread.join(timeout=2.0)
        while self._on_close:
            self._on_close.pop()()

    def on_close(self, callback: Callable[[], None]) -> None:
        self._on_close.append(callback)

    def use(self, port: str) -> None:
        self._users.add(port)
        self.start()

    def release(self, port: str) -> None:
        self._users.discard(port)
        if not self._users:
            self.close()

    def add_link_listener(self, listener: LinkListener) -> None:
        """``listener(linked)`` on the bridge's thread whenever the link comes up or goes down."""
        self._link_listeners.append(listener)

    @property
    def linked(self) -> bool:
        return self._linked

    @property
    def status(self) -> BridgeStatus:
        return BridgeStatus(self._linked, self._deaf, self.stats.frames_dropped)

    def wait_linked(self, timeout: float) -> bool:
        with self._changed:
            return self._changed.wait_for(lambda: self._linked, timeout)

    def wait_shown(self, seq: int, timeout: float) -> bool:
        """Wait until the Pico confirms LED frame ``seq`` (or a later one)."""
        with self._changed:
            return self._changed.wait_for(lambda: self._shown_seq >= seq, timeout)

    # --- the LED ring -----------------------------------------------------------------

    @property
    def count(self) -> int:
        return self.led_count

    @property
    def frame(self) -> tuple[codec.RGB, ...] | None:
        """The frame the ring should show now (brightness applied), or None before the first."""
        return self._frame

    def show(self, frame: Frame) -> None:
        """As a ``LedRing``: show ``frame`` (sent again after every reconnect)."""
        self.send_frame(frame)

    def send_frame(self, frame: Frame) -> int:
        """Post a frame for the Pico and return at once; returns its sequence number, for
        :meth:`wait_shown`. A frame not yet sent is replaced by a newer one."""
        pixels = codec.scaled(frame, self.brightness)
        with self._changed:
            if self._frame_due and self._linked:
                self.stats.frames_dropped += 1  # the writer never got to the one before
            self._frame_seq += 1
            self.stats.frames_posted += 1
            self._frame = pixels
            self._frame_due = True
            self._changed.notify_all()
            return self._frame_seq

    def _write_frames(self) -> None:
        """The writer thread, the only one that writes: the reader's lines whenever a port
        is open, then the mailbox's frame whenever the link is up."""
        while True:
            with self._changed:
                self._changed.wait_for(self._writable)
                if self._stop.is_set():
                    return
                port, lines = self._port, list(self._outbox)
                self._outbox.clear()
                frame = self._due_frame() if self._linked else None
            if port is None:
                continue
            # After one failed write (0.5 s gone on a Pico that does not read), the rest of
            # the batch is dropped, not waited for line by line.
            went, lines_lost = True, 0
            for line in lines:
                went = went and self._write(port, line)
                lines_lost += not went
            frame_lost = frame is not None and not (went and self._write(port, frame))
            with self._lock:  # send_frame and _say count too, on the other threads
                self.stats.lines_dropped += lines_lost
                self.stats.frames_dropped += frame_lost

    def _writable(self) -> bool:
        if self._stop.is_set():
            return True
        if self._port is None:
            return False
        return bool(self._outbox) or (self._frame_due and self._linked)

    def _due_frame(self) -> codec.ShowFrame | None:
        """The mailbox's frame, fitted to the Pico's ring (the caller holds the lock)."""
        self._frame_due = False
        frame, hello = self._frame, self.hello
        if frame is None or hello is None or hello.led_count == 0:
            return None
        pixels = (frame + ((0, 0, 0),) * hello.led_count)[: hello.led_count]
        return codec.ShowFrame(self._frame_seq, pixels)

    # --- the thread -------------------------------------------------------------------

    def _run(self) -> None:
        delay = self.backoff[0]
        while not self._stop.is_set():
            path = self._resolve()
            port = self._try_open(path) if path else None
            if port is not None:
                try:
                    self._session(port)
                except OSError as error:  # serial.SerialException is an OSError
                    log.info("bridge: %s: link lost: %s", path, error)
                finally:
                    self._drop(port)
                if self.stats.connects:
                    delay = self.backoff[0]
            self._stop.wait(delay)
            delay = min(delay * 2, self.backoff[1])

    def _resolve(self) -> str | None:
        if isinstance(self.port_source, str):
            return self.port_source
        try:
            return self.port_source()
        except OSError as error:
            log.info("bridge: cannot look for the Pico: %s", error)
            return None

    def _try_open(self, path: str) -> SerialPort | None:
        try:
            port = self._open_port(path)
        except OSError as error:
            self.stats.open_failures += 1
            self._complain(f"cannot open {path}: {error}")
            return None
        return port

    def _complain(self, problem: str, level: int = logging.WARNING) -> None:
        """Log a problem once until the next link, not at every retry (the screen shows the
        link as down meanwhile)."""
        log.log(logging.DEBUG if problem in self._said else level, "bridge: %s", problem)
        self._said.add(problem)

    def _session(self, port: SerialPort) -> None:
        splitter = codec.LineSplitter()
        with self._changed:
            self._port = port
            self._outbox.clear()
        start = time.monotonic()
        deadline, next_hi = start + self.hello_timeout, start
        self._heard = start
        while not self._stop.is_set():
            now = time.monotonic()
            if not self._linked:
                if now >= deadline:
                    self.stats.hello_timeouts += 1
                    self._complain(f"no HELLO from the Pico within {self.hello_timeout:.1f} s")
                    return
                if now >= next_hi:
                    self._say(codec.Hi())
                    next_hi = now + HI_EVERY
            elif now - self._heard > self.link_timeout:
                log.warning("bridge: the Pico has been silent for %.1f s", self.link_timeout)
                return
            elif now - max(self._sent, self._queued) >= self.heartbeat:
                self._say(codec.Heartbeat())
            data = port.read(max(1, port.in_waiting))
            if data:
                for line in splitter.feed(data):
                    self._handle(line)
                self.stats.too_long += splitter.too_long
                splitter.too_long = 0

    def _drop(self, port: SerialPort) -> None:
        with self._changed:
            was_linked, self._linked, self._port = self._linked, False, None
            self._outbox.clear()
            self._changed.notify_all()
        try:
            # Not under a write: pyserial raises TypeError when its port is closed by one
            # thread while another writes. A write waits at most its write timeout.
            with self._write_lock:
                port.close()
        except OSError:
            log.debug("bridge: closing the port failed", exc_info=True)
        if was_linked:
            self._tell_link(False)

    def _say(self, message: codec.Message) -> None:
        """Queue a line for the writer (the reader's only way to write)."""
        with self._changed:
            if len(self._outbox) >= OUTBOX_LIMIT:
                self._outbox.popleft()
                self.stats.lines_dropped += 1
            self._outbox.append(message)
            self._queued = time.monotonic()
            self._changed.notify_all()

    def _write(self, port: SerialPort, message: codec.Message) -> bool:
        """Write one line (on the writer thread only); False if it did not go out."""
        line = codec.encode(message)
        with self._write_lock:
            if self._port is not port:
                return False  # the reader closed it (or is about to): the line is moot
            try:
                port.write(line)
            except OSError as error:
                # The Pico went away or stopped reading (write timeout). The reader
                # notices a silent Pico and reconnects; the frame is sent again then.
                self.stats.write_failures += 1
                self._deaf = True
                log.debug("bridge: write failed: %s", error)
                return False
        self._deaf = False
        self._sent = time.monotonic()
        self.stats.lines_out += 1
        return True

    def _tell_link(self, linked: bool) -> None:
        for listener in list(self._link_listeners):
            listener(linked)

    # --- messages ---------------------------------------------------------------------

    def _handle(self, line: bytes) -> None:
        self.stats.lines_in += 1
        message = codec.decode(line)
        if isinstance(message, codec.Rejected):
            self.stats.garbage += 1
            log.debug("bridge: dropped a line (%s): %r", message.reason, line[:80])
            return
        self._heard = time.monotonic()
        match message:
            case codec.Hello():
                self._on_hello(message)
            case codec.Event() if self._linked:
                self._on_event(message)
            case codec.Gap() if self._linked:
                self._on_gap(message)
            case codec.Shown(seq):
                with self._changed:
                    self.stats.frames_shown += 1
                    self._shown_seq = max(self._shown_seq, seq)
                    self._changed.notify_all()
            case codec.Refused(reason):
                self.stats.refused += 1
                log.info("bridge: the Pico refused a line: %s", reason)
            case codec.Heartbeat():
                pass
            case _:
                self.stats.garbage += 1  # a Pi-to-Pico message or an event before the handshake

    def _on_hello(self, hello: codec.Hello) -> None:
        if hello.protocol != codec.PROTOCOL_VERSION or hello.acked is None:
            self.stats.stale += 1
            self._complain(
                f"the Pico speaks protocol {hello.protocol}, this companion speaks "
                f"{codec.PROTOCOL_VERSION}: copy firmware/ of this version to the Pico",
                logging.ERROR,
            )
            return
        self._said.clear()
        if hello.boot_id != self._boot_id:
            # A boot we have not met (a reset Pico, or the first since we started): its
            # events up to `acked` reached a Pi before (this one, or this one's previous
            # run); everything after is still held for us. Never the first event heard,
            # which may be a live one racing the older ones still to be resent.
            self._boot_id, self._last_seq = hello.boot_id, hello.acked
        else:
            self._last_seq = max(self._last_seq, hello.acked)
        if hello.led_count != self.led_count:
            log.warning(
                "bridge: the Pico drives %d LEDs, the settings say %d",
                hello.led_count,
                self.led_count,
            )
        self._resend_asked = None
        self._say(codec.Resend(hello.boot_id, self._last_seq + 1))  # before any frame
        with self._changed:  # the ring shows again what it should (the writer sends it)
            was_linked = self._linked
            self.hello = hello
            self._linked = True
            self.stats.connects += 1
            self._frame_due = self._frame is not None
            self._changed.notify_all()
        if not was_linked:
            log.info("bridge: linked to the Pico (firmware %s)", hello.firmware)
            self._tell_link(True)

    def _on_event(self, event: codec.Event) -> None:
        last = self._last_seq
        if event.seq <= last:
            self.stats.duplicates += 1
            self._acknowledge(last)
            return
        if event.seq > last + 1:
            self._ask_again(last + 1)
            return
        self._last_seq = event.seq
        self.stats.events += 1
        match event.what:
            case DiscStep(direction) if self._on_step is not None:
                self._on_step(direction, time.monotonic())
            case ButtonEdge(name, pressed) if self._on_edge is not None:
                self._on_edge(name, pressed, time.monotonic())
        self._acknowledge(event.seq)

    def _on_gap(self, gap: codec.Gap) -> None:
        if gap.first <= self._last_seq + 1 <= gap.last:
            self.stats.lost += gap.last - self._last_seq
            log.warning("bridge: the Pico lost events %d..%d", self._last_seq + 1, gap.last)
            self._last_seq = gap.last
        self._acknowledge(self._last_seq)

    def _acknowledge(self, seq: int) -> None:
        self._say(codec.Ack(self._boot_id, seq))

    def _ask_again(self, expected: int) -> None:
        now = time.monotonic()
        asked = self._resend_asked
        if asked is not None and asked[0] == expected and now - asked[1] < RESEND_EVERY:
            return
        self._resend_asked = (expected, now)
        self._say(codec.Resend(self._boot_id, expected))


class BridgeOptions(TypedDict, total=False):
    """:class:`Bridge`'s keyword options that :func:`open_bridge` passes on."""

    hello_timeout: float
    heartbeat: float
    link_timeout: float
    backoff: tuple[float, float]
    open_port: Callable[[str], SerialPort]


def open_bridge(
    port: str = "auto",
    led_count: int = 24,
    *,
    brightness: float = 1.0,
    **options: Unpack[BridgeOptions],
) -> Bridge:
    """A bridge to ``port``: a device path, ``auto`` (find the Pico by its USB id) or
    ``virtual`` (start a virtual Pico in this process; ``bridge.virtual_pico`` turns its disc).
    The bridge's thread starts when the first of its ports is used.
    """
    if port == "virtual":
        virtual = importlib.import_module("companion.hardware.virtual_pico")
        pico = virtual.VirtualPico(led_count=led_count)
        pico.start()
        source: PortSource = lambda: pico.port  # noqa: E731
        bridge = Bridge(source, led_count=led_count, brightness=brightness, **options)
        bridge.virtual_pico = pico
        bridge.on_close(pico.stop)
        return bridge
    source = find_pico_port if port == "auto" else port
    return Bridge(source, led_count=led_count, brightness=brightness, **options)


class BridgeLedRing:
    """The LED ring on the Pico (the :class:`~companion.hardware.ports.LedRing` port)."""

    def __init__(self, bridge: Bridge) -> None:
        self._bridge = bridge

    @property
    def count(self) -> int:
        return self._bridge.led_count

    def show(self, frame: Frame) -> None:
        self._bridge.use("ring")
        self._bridge.show(frame)

    def set_brightness(self, brightness: float) -> None:
        self._bridge.brightness = brightness  # the next frame sent is scaled by it

    def close(self) -> None:
        self._bridge.release("ring")


class BridgeDisc:
    """The disc's hall sensors on the Pico (the ``DiscSensor`` port)."""

    def __init__(self, bridge: Bridge) -> None:
        self._bridge = bridge

    def start(self, on_step: StepCallback) -> None:
        self._bridge._on_step = on_step
        self._bridge.use("disc")

    def close(self) -> None:
        self._bridge._on_step = None
        self._bridge.release("disc")


class BridgeButtons:
    """Buttons wired to the Pico (the ``ButtonPanel`` port; ``buttons: {source: bridge}``)."""

    def __init__(self, bridge: Bridge) -> None:
        self._bridge = bridge

    def start(self, on_edge: EdgeCallback) -> None:
        self._bridge._on_edge = on_edge
        self._bridge.use("buttons")

    def close(self) -> None:
        self._bridge._on_edge = None
        self._bridge.release("buttons")
