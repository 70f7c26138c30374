"""The bridge end to end: the Pi's Bridge (real pyserial) and the virtual Pico on real ptys."""

from __future__ import annotations

import errno
import os
import queue
import subprocess
import sys
import threading
import time
import tty
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from serial.tools.list_ports_common import ListPortInfo

from companion import leds
from companion import script as scripts
from companion.hardware import bridge_codec as codec
from companion.hardware.bridge import Bridge, choose_port, open_bridge
from companion.hardware.ports import DiscStep
from companion.hardware.virtual_pico import VirtualPico
from companion.journal import Journal
from companion.table import Table

ROOT = Path(__file__).resolve().parent.parent
WAIT = 5.0  # seconds: a deadline, never a pause


def eventually(check: Callable[[], bool], timeout: float = WAIT) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.005)
    return check()


class Inbox:
    """Collects what a port reports (on the bridge's thread) for the test's thread."""

    def __init__(self) -> None:
        self.items: list[Any] = []
        self._queue: queue.Queue[Any] = queue.Queue()

    def put(self, *item: Any) -> None:
        self._queue.put(item[0] if len(item) == 1 else item)

    def take(self, count: int = 1, timeout: float = WAIT) -> list[Any]:
        deadline = time.monotonic() + timeout
        taken = []
        for _ in range(count):
            taken.append(self._queue.get(timeout=max(0.0, deadline - time.monotonic())))
        self.items += taken
        return taken

    def step(self, delta: int, at: float) -> None:
        self.put(delta)

    def empty(self) -> bool:
        return self._queue.empty()


@pytest.fixture
def pico() -> Iterator[VirtualPico]:
    board = VirtualPico(buttons={"next": "GP6"})
    board.start()
    try:
        yield board
    finally:
        board.stop()
        assert board.crashed is None


@pytest.fixture
def bridge(pico: VirtualPico) -> Iterator[Bridge]:
    link = Bridge(lambda: pico.port, hello_timeout=1.0, backoff=(0.02, 0.2))
    try:
        yield link
    finally:
        link.close()


def duel_at_the_disc(tmp_path: Path) -> Table:
    """The duel of docs/examples/duel_siege.yaml, up to its first turn of the disc."""
    script = scripts.load(ROOT / "docs" / "examples" / "duel_siege.yaml")
    table = Table.new_game(Journal(tmp_path / "journal.db"), script.game, script.setup)
    for item in script.actions:
        if item.action["do"] == "turn_disc":
            break
        table.apply(item.action)
    assert table.prompt().kind == "turn_disc"
    return table


def ring_frame(table: Table) -> list[tuple[int, int, int]]:
    return leds.frame(table.spec, table.view(), 0.0, leds.LedStyle(count=24))


def test_turning_the_disc_turns_the_period_and_the_new_frame_reaches_the_ring(
    pico: VirtualPico, bridge: Bridge, tmp_path: Path
) -> None:
    table = duel_at_the_disc(tmp_path)
    period = table.view()["period"]
    steps = Inbox()
    bridge.disc.start(steps.step)
    old_frame = ring_frame(table)
    bridge.ring.show(old_frame)
    assert pico.ring.wait_for(old_frame, WAIT)

    pico.turn(1)
    # The app's loop: the bridge's thread only reported the step; this thread applies it.
    assert steps.take() == [1]
    assert table.prompt().kind == "turn_disc"
    table.apply({"do": "turn_disc"})
    new_frame = ring_frame(table)
    bridge.ring.show(new_frame)  # the app's ring output, after the change

    assert table.view()["period"] == period + 1
    assert new_frame != old_frame
    assert pico.ring.wait_for(new_frame, WAIT)
    assert len(pico.ring.transmissions[-1]) == 3 * 24  # GRB bytes, one frame
    table.journal.close()


def test_unplugging_in_a_burst_of_steps_loses_and_doubles_none(
    pico: VirtualPico, bridge: Bridge
) -> None:
    steps = Inbox()
    bridge.disc.start(steps.step)
    assert bridge.wait_linked(WAIT)
    burst = [1, 1, -1, 1, 1, 1, -1, -1, 1, 1, 1, -1, 1, 1, -1, 1, 1, 1, 1, -1]
    for delta in burst[:8]:
        pico.turn(delta)
    pico.unplug()  # some steps are in flight: written, unread or unacknowledged
    for delta in burst[8:14]:
        pico.turn(delta)  # the Pico keeps them while nobody listens
    pico.replug()
    for delta in burst[14:]:
        pico.turn(delta)  # likely before the handshake is over
    assert steps.take(len(burst)) == burst
    pico.turn(-1)  # a marker: any doubled step would arrive before it
    assert steps.take() == [-1]
    assert steps.empty()
    assert bridge.stats.events == len(burst) + 1
    assert bridge.stats.lost == 0


def test_steps_sent_again_because_acks_were_lost_are_dropped(
    pico: VirtualPico, bridge: Bridge
) -> None:
    steps = Inbox()
    bridge.disc.start(steps.step)
    pico.turn(-1)
    assert steps.take() == [-1]  # linked both ways
    pico.cdc.deaf = True  # the Pi's ACKs never reach the Pico: it will send the steps again
    for delta in (1, -1, 1):
        pico.turn(delta)
    assert steps.take(3) == [1, -1, 1]
    assert eventually(lambda: bridge.stats.duplicates >= 3)
    pico.unplug()
    pico.cdc.deaf = False
    pico.replug()
    pico.turn(1)
    assert steps.take() == [1]
    assert steps.empty()
    assert bridge.stats.events == 5


def test_while_the_link_is_down_the_app_is_told_and_the_frame_follows_on_replug(
    pico: VirtualPico, bridge: Bridge
) -> None:
    links = Inbox()
    bridge.add_link_listener(links.put)
    bridge.disc.start(Inbox().step)
    assert links.take() == [True]
    pico.unplug()
    assert links.take() == [False]
    assert not bridge.linked
    frame = [(200, 0, 0), (0, 0, 0)] * 12
    bridge.ring.show(frame)  # the table went on while the Pico was away
    pico.replug()
    assert links.take() == [True]
    assert pico.ring.wait_for(frame, WAIT)


def test_the_ring_ends_on_the_newest_frame_whatever_the_replugs(
    pico: VirtualPico, bridge: Bridge
) -> None:
    bridge.disc.start(Inbox().step)
    assert bridge.wait_linked(WAIT)
    frames = [[(level, 255 - level, 7)] * 24 for level in range(60)]
    for index, frame in enumerate(frames):
        bridge.ring.show(frame)  # the app's thread, racing the handshake's resend
        if index % 20 == 10:
            pico.unplug()
            pico.replug()
    assert pico.ring.wait_for(frames[-1], WAIT)
    assert bridge.wait_linked(WAIT)
    assert pico.ring.pixels == frames[-1]


def test_a_pico_that_restarts_counts_again_from_one_and_gets_the_frame_back(
    pico: VirtualPico, bridge: Bridge
) -> None:
    steps = Inbox()
    bridge.disc.start(steps.step)
    frame = [(0, 90, 0)] * 24
    bridge.ring.show(frame)
    assert pico.ring.wait_for(frame, WAIT)
    pico.turn(1)
    assert steps.take() == [1]
    first_boot = bridge.hello
    pico.reset()  # power cycle: the ring goes dark, sequence numbers restart
    assert eventually(lambda: bridge.hello is not None and bridge.hello != first_boot)
    assert pico.ring.wait_for(frame, WAIT)
    pico.turn(-1)
    assert steps.take() == [-1]  # number 1 of the new boot: not taken for a resend
    assert bridge.stats.events == 2


def resend_in_flight_across_a_reset(pico: VirtualPico, bridge: Bridge, turns: int = 2) -> None:
    """The Pi asks the running boot to send again from its next event; the Pico resets
    before it reads the question, and the disc turns ``turns`` times before the new boot
    reads it.

    The old boot's last words are a HELLO (it says one to any line it did not expect);
    the Pi answers it with ``RESEND <old boot> <next>``, which waits in the USB buffers."""
    old = bridge.hello
    assert old is not None
    pico.cdc.held = True  # from now on, what the Pi writes waits in the wire
    pico.hang()
    pico.cdc.write(codec.encode(old))
    stale = f"RESEND {old.boot_id} ".encode()
    assert eventually(lambda: stale in pico.cdc.in_flight())
    pico.reset()
    for _ in range(turns):
        pico.turn(1)  # the new boot counts these, unlinked, before it reads the RESEND
    pico.cdc.held = False


def test_a_pico_reset_with_a_resend_in_flight_loses_no_step_afterwards(
    pico: VirtualPico, bridge: Bridge
) -> None:
    steps = Inbox()
    bridge.disc.start(steps.step)
    for delta in (1, 1, -1):
        pico.turn(delta)
    assert steps.take(3) == [1, 1, -1]
    old = bridge.hello

    resend_in_flight_across_a_reset(pico, bridge)

    assert steps.take(2) == [1, 1]  # both steps of the new boot, in order
    assert bridge.hello is not None and old is not None
    assert bridge.hello.boot_id != old.boot_id
    for delta in (-1, 1, 1):
        pico.turn(delta)
    assert steps.take(3) == [-1, 1, 1]  # and every step after them
    assert steps.empty()
    assert bridge.stats.events == 8
    assert bridge.stats.lost == 0


def test_the_first_event_heard_is_not_the_start_the_hello_is(hand: HandPlayedPico) -> None:
    # A Pico whose events 1..4 reached a Pi before this one started: event 7 happens live
    # while 5 and 6 are still to be sent again. Taking 7 as the start would lose 5 and 6.
    bridge = Bridge(hand.path, hello_timeout=2.0, backoff=(0.02, 0.05))
    steps = Inbox()
    bridge.disc.start(steps.step)
    try:
        hand.expect(codec.Hi)
        hand.write(codec.encode(codec.Hello(2, "2.0.0", 24, "00C0FFEE", 4)))
        assert hand.expect(codec.Resend) == codec.Resend("00C0FFEE", 5)
        hand.write(codec.encode(codec.Event(7, DiscStep(1, 0.0))))
        assert hand.expect(codec.Resend) == codec.Resend("00C0FFEE", 5)  # the hole
        for seq, delta in ((5, -1), (6, -1), (7, 1)):
            hand.write(codec.encode(codec.Event(seq, DiscStep(delta, 0.0))))
        assert steps.take(3) == [-1, -1, 1]
        assert hand.expect(codec.Ack) == codec.Ack("00C0FFEE", 5)
    finally:
        bridge.close()


def test_buttons_on_the_pico_arrive_as_debounced_edges(pico: VirtualPico, bridge: Bridge) -> None:
    edges = Inbox()
    bridge.buttons.start(edges.put)
    assert bridge.wait_linked(WAIT)
    pico.press("next")
    name, pressed, _ = edges.take()[0]
    assert (name, pressed) == ("next", True)
    pico.release("next")
    name, pressed, _ = edges.take()[0]
    assert (name, pressed) == ("next", False)


def test_a_pico_that_stops_reading_never_blocks_the_thread_that_draws(pico: VirtualPico) -> None:
    link = Bridge(lambda: pico.port, hello_timeout=1.0, backoff=(0.02, 0.2), link_timeout=1.0)
    try:
        link.ring.show([(9, 9, 9)] * 24)
        assert link.wait_linked(WAIT)
        assert pico.ring.wait_for([(9, 9, 9)] * 24, WAIT)
        pico.hang()
        # The loop draws for 1.5 s at full speed, long enough to fill the pty and stall
        # any write for its 0.5 s timeout; no show() may wait for the Pico.
        slowest, shown, start = 0.0, 0, time.monotonic()
        while time.monotonic() - start < 1.5:
            before = time.monotonic()
            link.ring.show([(shown % 256, 0, 0)] * 24)
            slowest = max(slowest, time.monotonic() - before)
            shown += 1
        assert slowest < 0.05, f"a frame waited {slowest:.3f} s for a hung Pico"
        assert link.stats.lines_out < shown  # the Pico could not have taken them all
        last = [(1, 2, 3)] * 24
        link.ring.show(last)
        pico.reset()  # power cycle: the firmware runs again; the latest frame reaches it
        assert pico.ring.wait_for(last, 3 * WAIT)
    finally:
        link.close()


class DeafPort:
    """A port to a Pico that says HELLO, then neither reads nor speaks: every write waits for
    its timeout and fails. A write on it once closed raises TypeError, as pyserial's does
    (``os.write(None, ...)``) when one thread closes the port while another writes."""

    def __init__(self) -> None:
        hello = codec.Hello(2, "2.0.0", 24, "00C0FFEE", 0)
        self.incoming = bytearray(codec.encode(hello))
        self.writing = self.closed = False
        self.closed_while_writing = 0

    @property
    def in_waiting(self) -> int:
        return len(self.incoming)

    def read(self, size: int = 1) -> bytes:
        if not self.incoming:
            time.sleep(0.005)  # the read timeout
        data = bytes(self.incoming[:size])
        del self.incoming[:size]
        return data

    def write(self, data: bytes) -> int:
        if self.closed:
            raise TypeError("an integer is required (got type NoneType)")
        self.writing = True
        time.sleep(0.03)  # the write timeout
        self.writing = False
        raise OSError("Write timeout")

    def close(self) -> None:
        self.closed_while_writing += self.writing
        self.closed = True


def test_a_deaf_pico_drops_frames_and_its_port_is_never_closed_under_a_write() -> None:
    ports: list[DeafPort] = []

    def open_port(path: str) -> DeafPort:
        ports.append(DeafPort())
        return ports[-1]

    link = Bridge(
        "deaf", open_port=open_port, link_timeout=0.15, hello_timeout=0.1, backoff=(0.01, 0.01)
    )
    link.disc.start(Inbox().step)
    try:
        slowest, shown, start = 0.0, 0, time.monotonic()
        while len(ports) < 3:  # three links, each given up when the Pico stays silent
            assert time.monotonic() - start < WAIT
            before = time.monotonic()
            link.ring.show([(shown % 256, 0, 0)] * 24)  # the app's loop draws
            slowest = max(slowest, time.monotonic() - before)
            shown += 1
            time.sleep(0.001)
    finally:
        link.close()  # an exception on the bridge's threads would fail the test here
    assert sum(port.closed_while_writing for port in ports) == 0
    assert slowest < 0.02, f"a frame waited {slowest:.3f} s for a deaf Pico"
    assert link.stats.write_failures > 0 and link.stats.lines_out == 0
    assert link.stats.frames_dropped > 0 and link.status.deaf


# --- a Pico played by the test on a bare pty ------------------------------------------------


class HandPlayedPico:
    """The far end of a pty, written and read by the test itself."""

    def __init__(self) -> None:
        self.master, slave = os.openpty()
        tty.setraw(slave)
        self.path = os.ttyname(slave)
        os.close(slave)
        self.reader = codec.LineSplitter()
        self.pending: list[bytes] = []

    def read_message(self, timeout: float = WAIT) -> codec.Message | codec.Rejected:
        deadline = time.monotonic() + timeout
        while not self.pending:
            if time.monotonic() > deadline:
                raise TimeoutError("the bridge said nothing")
            try:
                self.pending += self.reader.feed(os.read(self.master, 4096))
            except OSError as error:  # EAGAIN: nothing yet; EIO: the bridge has not opened it
                if error.errno not in (errno.EAGAIN, errno.EIO):
                    raise
                time.sleep(0.005)
        return codec.decode(self.pending.pop(0))

    def expect(self, kind: type, timeout: float = WAIT) -> Any:
        deadline = time.monotonic() + timeout
        while True:
            message = self.read_message(max(0.0, deadline - time.monotonic()))
            if isinstance(message, kind):
                return message

    def write(self, data: bytes) -> None:
        os.write(self.master, data)

    def close(self) -> None:
        os.close(self.master)


@pytest.fixture
def hand() -> Iterator[HandPlayedPico]:
    far_end = HandPlayedPico()
    os.set_blocking(far_end.master, False)
    try:
        yield far_end
    finally:
        far_end.close()


def test_a_silent_board_times_out_the_hello_and_a_late_one_still_links(
    hand: HandPlayedPico,
) -> None:
    bridge = Bridge(hand.path, hello_timeout=0.2, backoff=(0.02, 0.05))
    bridge.disc.start(Inbox().step)
    try:
        assert eventually(lambda: bridge.stats.hello_timeouts >= 2)
        assert not bridge.linked
        # The board wakes up at last and answers the next HI it reads.
        deadline = time.monotonic() + WAIT
        while not bridge.linked and time.monotonic() < deadline:
            hand.expect(codec.Hi)
            hand.write(codec.encode(codec.Hello(2, "2.0.0", 24, "00C0FFEE", 0)))
            bridge.wait_linked(0.1)
        assert bridge.linked
        assert hand.expect(codec.Resend) == codec.Resend("00C0FFEE", 1)
    finally:
        bridge.close()


def test_garbage_and_over_long_lines_are_counted_and_dropped(hand: HandPlayedPico) -> None:
    bridge = Bridge(hand.path, hello_timeout=2.0, backoff=(0.02, 0.05))
    steps = Inbox()
    bridge.disc.start(steps.step)
    try:
        hand.expect(codec.Hi)
        hand.write(b"\x00\xff\xfe boot noise\r\n")
        hand.write(codec.encode(codec.Hello(2, "2.0.0", 24, "00C0FFEE", 0)))
        hand.expect(codec.Resend)
        hand.write(b"EV 1 DISC +1*0000\n")  # bad checksum
        hand.write(b"Z" * 5000 + b"\n")  # over-long
        hand.write(b"just words\n")
        hand.write(codec.encode(codec.Event(1, DiscStep(-1, 0.0))))
        assert steps.take() == [-1]
        assert hand.expect(codec.Ack) == codec.Ack("00C0FFEE", 1)
        assert bridge.stats.garbage == 3
        assert bridge.stats.too_long == 1
        assert bridge.linked
    finally:
        bridge.close()


@pytest.mark.parametrize(
    "hello",
    [codec.Hello(3, "9.0.0", 24, "00C0FFEE", 0), codec.Hello(1, "1.0.0", 24, "00C0FFEE", None)],
    ids=["newer", "protocol 1"],
)
def test_a_pico_speaking_another_protocol_is_not_linked(
    hand: HandPlayedPico, caplog: pytest.LogCaptureFixture, hello: codec.Hello
) -> None:
    bridge = Bridge(hand.path, hello_timeout=0.3, backoff=(0.02, 0.05))
    bridge.disc.start(Inbox().step)
    try:
        hand.expect(codec.Hi)
        hand.write(codec.encode(hello))
        assert eventually(lambda: bridge.stats.hello_timeouts >= 1)
        assert not bridge.linked
        assert f"speaks protocol {hello.protocol}, this companion speaks 2" in caplog.text
    finally:
        bridge.close()


def test_a_missing_port_is_said_once_and_tried_again(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    missing = tmp_path / "ttyACM9"
    bridge = Bridge(str(missing), backoff=(0.01, 0.02))
    bridge.disc.start(Inbox().step)
    try:
        assert eventually(lambda: bridge.stats.open_failures >= 3)
        assert not bridge.linked
    finally:
        bridge.close()
    warnings = [record for record in caplog.records if record.levelname == "WARNING"]
    assert len(warnings) == 1
    assert str(missing) in warnings[0].getMessage()


def usb_port(
    device: str,
    ids: tuple[int, int],
    location: str,
    interface: str | None,
    product: str = "Pico",
) -> ListPortInfo:
    """A ``ListPortInfo`` as pyserial's Linux ``SysFS`` fills it for a USB tty: the ids,
    serial and strings of the device, the interface's string, and the location with the
    interface (``1-1:1.2``) when the device has several."""
    info = ListPortInfo(device)
    info.vid, info.pid = ids
    info.serial_number, info.location = "E6614C311B6F8A2B", location
    info.manufacturer, info.product, info.interface = "Raspberry Pi", product, interface
    info.apply_usb_info()
    return info


@pytest.mark.parametrize(
    ("ids", "product"), [((0x239A, 0x80F4), "Pico"), ((0x2E8A, 0x000B), "Pico 2")]
)
def test_the_pico_is_found_by_its_circuitpython_data_port(
    ids: tuple[int, int], product: str
) -> None:
    """Whatever order the ports are listed in, the protocol's port and never the REPL's
    (the port names and locations are what pyserial reports for CircuitPython 9)."""
    console = usb_port("/dev/ttyACM0", ids, "1-1:1.0", "CircuitPython CDC control", product)
    data = usb_port("/dev/ttyACM1", ids, "1-1:1.2", "CircuitPython CDC2 control", product)
    assert data.hwid.startswith(f"USB VID:PID={ids[0]:04X}:{ids[1]:04X}")
    other = usb_port("/dev/ttyUSB0", (0x1A86, 0x7523), "1-1.4", None, "USB Serial")
    feather = usb_port("/dev/ttyACM3", (0x239A, 0x80F2), "1-1.2:1.2", "CircuitPython CDC2 control")
    assert choose_port([other, console, data]) == "/dev/ttyACM1"
    assert choose_port([data, console, other]) == "/dev/ttyACM1"
    assert choose_port([other, console, feather]) is None  # another board; only the console
    # One clue is enough, and the console's either clue rules it out.
    nameless = usb_port("/dev/ttyACM1", ids, "1-1:1.2", None, product)
    assert choose_port([console, nameless]) == "/dev/ttyACM1"
    placeless = usb_port("/dev/ttyACM1", ids, "1-1", "CircuitPython CDC2 control", product)
    assert choose_port([console, placeless]) == "/dev/ttyACM1"
    assert choose_port([usb_port("/dev/ttyACM0", ids, "1-1", "CircuitPython CDC control")]) is None
    assert choose_port([usb_port("/dev/ttyACM0", ids, "1-1:1.0", None, product)]) is None


def test_auto_finds_the_pico_among_the_ports_pyserial_lists(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from serial.tools import list_ports  # noqa: PLC0415

    from companion.hardware.bridge import find_pico_port  # noqa: PLC0415

    ids = (0x239A, 0x80F4)
    ports = [
        usb_port("/dev/ttyACM0", ids, "1-1.3:1.0", "CircuitPython CDC control"),
        usb_port("/dev/ttyACM1", ids, "1-1.3:1.2", "CircuitPython CDC2 control"),
    ]
    monkeypatch.setattr(list_ports, "comports", lambda: ports)
    assert find_pico_port() == "/dev/ttyACM1"
    monkeypatch.setattr(list_ports, "comports", lambda: ports[:1])
    assert find_pico_port() is None


# --- the virtual Pico as a command and as the simulator's bridge ----------------------------


def test_companion_virtual_pico_serves_a_pty_and_takes_commands() -> None:
    command = [sys.executable, "-m", "companion.cli", "virtual-pico"]
    with subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT
    ) as process:
        assert process.stdin is not None and process.stdout is not None

        def ask(line: str) -> str:
            process.stdin.write(line + "\n")  # type: ignore[union-attr]
            process.stdin.flush()  # type: ignore[union-attr]
            return process.stdout.readline().strip()  # type: ignore[union-attr]

        try:
            word, path = process.stdout.readline().split()
            assert word == "port"
            bridge = Bridge(path, hello_timeout=2.0)
            steps = Inbox()
            bridge.start(steps.step)
            try:
                assert bridge.wait_linked(WAIT)
                assert bridge.hello is not None and bridge.hello.led_count == 24
                assert ask("turn 2") == "disc at 2"
                assert steps.take(2) == [1, 1]
                assert bridge.wait_shown(bridge.send_frame([(1, 2, 3)] * 24), WAIT)
                assert ask("leds") == " ".join(["010203"] * 24)
            finally:
                bridge.close()  # the companion stops: the ring goes dark
            assert ask("leds") == " ".join(["000000"] * 24)
            process.stdin.write("quit\n")
            process.stdin.close()
            assert process.wait(timeout=WAIT) == 0
        finally:
            if process.poll() is None:
                process.kill()


def test_open_bridge_virtual_runs_its_own_pico() -> None:
    bridge = open_bridge("virtual", backoff=(0.02, 0.2))
    steps = Inbox()
    done = threading.Event()
    bridge.on_close(done.set)
    try:
        bridge.disc.start(steps.step)
        assert bridge.wait_linked(WAIT)
        bridge.virtual_pico.turn(-2)
        assert steps.take(2) == [-1, -1]
    finally:
        bridge.disc.close()  # its last port closed: the bridge and its Pico stop
    assert done.is_set()
    assert bridge.virtual_pico.port is None
