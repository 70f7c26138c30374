"""Whole lines out of the Pico's 256-byte USB transmit buffer.

CircuitPython's ``usb_cdc`` ``write()`` (``write_timeout = 0``) takes only what fits in the
transmit buffer and returns that count. A resend after an unplug is longer than that: the
firmware must send it over several passes, in whole lines, in order. Here the firmware's
transmitter against a port that takes little, then the virtual Pico (the same 256-byte
buffer, drained a USB packet per millisecond) against the Pi's real bridge on a real pty.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
import tty
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.hardware import bridge_codec as codec
from companion.hardware.bridge import Bridge
from companion.hardware.virtual_pico import TRANSMIT_BUFFER, VirtualCdc, VirtualPico

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "firmware"))

from sigil_bridge import protocol
from sigil_bridge.link import QUEUE_LIMIT, HostLink
from sigil_bridge.transmit import Transmitter

BOOT = "0A1B2C3D"
WAIT = 10.0  # seconds: a deadline, never a pause


class SmallPort:
    """A port whose transmit buffer holds ``size`` bytes and empties only when told."""

    def __init__(self, size: int = TRANSMIT_BUFFER, takes: int | None = None) -> None:
        self.size = size
        self.takes = takes  # at most this much per write, even with room (a stingy port)
        self.buffered = b""
        self.received = b""  # what the host got, in order

    @property
    def out_waiting(self) -> int:
        return len(self.buffered)

    def write(self, data: bytes) -> int:
        room = self.size - len(self.buffered)
        taken = data[: min(room, self.takes if self.takes is not None else room)]
        self.buffered += taken
        return len(taken)

    def drain(self) -> None:
        self.received += self.buffered
        self.buffered = b""


def hear(link: HostLink, *message: Any, now: int = 0) -> None:
    link.receive(protocol.encode(message)[:-1], now)


def pico_after_an_unplug(steps: int) -> HostLink:
    """A linked Pico that counted ``steps`` steps while unplugged and was just plugged back."""
    link = HostLink(24, BOOT, "2.0.0")
    link.tick(0, connected=False)
    for index in range(steps):
        link.disc_step(-1 if index % 3 == 2 else 1, index)
    hear(link, "HI", 2, now=1000)
    hear(link, "RESEND", BOOT, 1, now=1001)
    return link


def decoded(stream: bytes) -> list[codec.Message | codec.Rejected]:
    splitter = codec.LineSplitter()
    lines = splitter.feed(stream)
    assert splitter.too_long == 0
    assert stream.endswith(b"\n"), "the stream ends in the middle of a line"
    return [codec.decode(line) for line in lines]


def test_a_resend_longer_than_the_buffer_goes_out_whole_over_several_passes() -> None:
    link = pico_after_an_unplug(40)  # HELLO and 40 events: about 800 bytes
    port, transmitter = SmallPort(), Transmitter()
    passes = 0
    while link.queue and any(entry[2] is None for entry in link.queue):
        transmitter.send(port, link)
        assert port.out_waiting <= TRANSMIT_BUFFER
        assert port.buffered.endswith(b"\n")  # only whole lines ever enter the buffer
        port.drain()
        passes += 1
    messages = decoded(port.received)
    assert not [m for m in messages if isinstance(m, codec.Rejected)]
    events = [m for m in messages if isinstance(m, codec.Event)]
    assert [event.seq for event in events] == list(range(1, 41))
    assert passes == 4  # 256 bytes a pass: the HELLO and 40 events of 19 bytes
    assert transmitter.short_writes == 0


def test_a_full_buffer_leaves_the_events_due_and_a_short_write_is_finished_first() -> None:
    link = pico_after_an_unplug(20)
    port = SmallPort(takes=7)  # takes 7 bytes at a time whatever the room: lines get cut
    transmitter = Transmitter()
    transmitter.send(port, link)
    assert transmitter.unsent  # the rest of what was taken from the link waits here
    port.size = port.out_waiting  # and the buffer is full: nothing more is taken
    transmitter.send(port, link)
    port.size = TRANSMIT_BUFFER
    for _ in range(200):
        transmitter.send(port, link)
        port.drain()
    events = [m for m in decoded(port.received) if isinstance(m, codec.Event)]
    assert [event.seq for event in events] == list(range(1, 21))
    assert transmitter.short_writes > 0


def test_a_pi_that_reads_nothing_never_makes_the_pico_hold_more_than_its_limits() -> None:
    link = pico_after_an_unplug(10)
    port, transmitter = SmallPort(), Transmitter()
    for now in range(1002, 60_000, 7):  # a minute of passes, the buffer never emptied
        hear(link, "LED", now, ((1, 2, 3),), now=now)  # frames keep coming: OK lines pile
        link.shown(now, now)
        link.tick(now)
        transmitter.send(port, link)
    assert port.out_waiting <= TRANSMIT_BUFFER
    assert len(link.output) <= 16 and link.dropped_lines > 0
    assert len(link.queue) == 10  # the events wait for the Pi, whole
    port.drain()
    assert port.received.endswith(b"\n")


# --- the virtual Pico and the Pi's bridge, on a real pty -----------------------------------


@pytest.fixture
def pico() -> Iterator[VirtualPico]:
    board = VirtualPico()
    board.start()
    try:
        yield board
    finally:
        board.stop()
        assert board.crashed is None


class Steps:
    def __init__(self) -> None:
        self.taken: list[int] = []
        self.last_at = 0.0

    def step(self, delta: int, at: float) -> None:
        self.taken.append(delta)
        self.last_at = time.monotonic()


def turns(count: int) -> list[int]:
    """A pattern of steps whose order shows: two forward, one back."""
    return [-1 if index % 3 == 2 else 1 for index in range(count)]


def eventually(check: Any, timeout: float = WAIT) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.005)
    return bool(check())


@pytest.mark.parametrize("count", [40, 200, 300])
def test_steps_turned_while_unplugged_all_arrive_once_in_order_after_the_replug(
    pico: VirtualPico, count: int
) -> None:
    """Up to 256 steps (the Pico's queue) all arrive; of 300, the oldest 44 are reported
    lost (a GAP line before the events) and the 256 newest arrive."""
    lost = max(0, count - QUEUE_LIMIT)
    bridge = Bridge(lambda: pico.port, hello_timeout=1.0, backoff=(0.02, 0.2))
    steps = Steps()
    try:
        bridge.disc.start(steps.step)
        assert bridge.wait_linked(WAIT)
        pico.unplug()
        assert eventually(lambda: not bridge.linked)
        wanted = turns(count)
        for delta in wanted:
            pico.turn(delta)  # the Pico queues them while nobody listens
        plugged = time.monotonic()
        pico.replug()
        assert bridge.wait_linked(WAIT)
        linked = time.monotonic()
        kept = count - lost
        assert eventually(lambda: len(steps.taken) >= kept)
        delivered = steps.last_at
        pico.turn(-1)  # a marker: any doubled step would arrive before it
        assert eventually(lambda: len(steps.taken) == kept + 1)
        time.sleep(1.2)  # the Pico's resend period: a doubled step would show by now
        assert steps.taken == [*wanted[lost:], -1]
        assert bridge.stats.events == kept + 1
        assert bridge.stats.garbage == 0  # every line whole: nothing cut, nothing glued
        assert bridge.stats.too_long == 0
        assert bridge.stats.lost == lost
        print(
            f"\n{count} steps turned while unplugged: {kept} delivered once and in order "
            f"({lost} reported lost), {delivered - plugged:.3f} s after the replug "
            f"({delivered - linked:.3f} s after the link); garbage lines "
            f"{bridge.stats.garbage}, duplicates {bridge.stats.duplicates}, short writes "
            f"{pico.cdc.short_writes}"
        )
    finally:
        bridge.close()


def test_the_virtual_pico_port_behaves_as_circuitpython_s() -> None:
    cdc = VirtualCdc()
    path = cdc.plug()
    try:
        assert not cdc.connected  # nobody has the port open yet
        assert cdc.write(b"OLD*0000\n") == 9  # TinyUSB keeps it for the next opening
        host = os.open(path, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
        tty.setraw(host)
        try:
            assert cdc.connected
            lines = b"EV 1 DISC +1*A090\n" * 20  # 360 bytes
            taken = cdc.write(lines)  # what fits beside what is still in the buffer
            assert TRANSMIT_BUFFER - 9 <= taken <= TRANSMIT_BUFFER
            assert cdc.out_waiting <= TRANSMIT_BUFFER
            assert cdc.short_writes == 1
            wanted = b"OLD*0000\n" + lines[:taken]  # the rest was never taken
            received = bytearray()

            def read_all() -> bool:
                with contextlib.suppress(BlockingIOError):  # nothing to read yet
                    received.extend(os.read(host, 4096))
                return len(received) >= len(wanted)

            assert eventually(read_all, 2.0)
            time.sleep(0.05)
            read_all()
            assert bytes(received) == wanted
            assert cdc.out_waiting == 0
        finally:
            os.close(host)
        assert eventually(lambda: not cdc.connected, 2.0)  # the Pi closed the port
    finally:
        cdc.unplug()
    assert not cdc.connected
    assert cdc.out_waiting == 0
