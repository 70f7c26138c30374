"""The Pico's side of the link, pure: handshake, acknowledgements, resends, gaps, heartbeat."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "firmware"))

from sigil_bridge import protocol
from sigil_bridge.link import HOST_TIMEOUT_MS, OUTPUT_LIMIT, RESEND_MS, HostLink


def host(link: HostLink, *message: Any, now: int = 0) -> list[tuple[Any, ...]]:
    """The Pi sends one message; returns what the Pico answers."""
    link.receive(protocol.encode(message)[:-1], now)
    return said(link)


def said(link: HostLink) -> list[tuple[Any, ...]]:
    return [protocol.decode(line[:-1]) for line in link.take_output()]


BOOT = "0A1B2C3D"
HELLO = ("HELLO", 2, "2.0.0", 24, BOOT, 0)


def linked_pico(**options: Any) -> HostLink:
    link = HostLink(24, BOOT, "2.0.0", **options)
    host(link, "HI", 2)
    host(link, "RESEND", BOOT, 0)
    return link


def test_hi_is_answered_with_hello_and_events_wait_for_resend() -> None:
    link = HostLink(24, BOOT, "2.0.0")
    assert host(link, "HI", 2) == [HELLO]
    link.disc_step(1, 10)
    assert said(link) == []  # no events before the Pi says from where
    assert host(link, "RESEND", BOOT, 0, now=20) == [("EV", 1, "DISC", 1)]
    link.button("next", True, 30)
    assert said(link) == [("EV", 2, "BTN", "next", True)]


def test_unacknowledged_events_are_sent_again_after_a_new_handshake() -> None:
    link = linked_pico()
    for _ in range(3):
        link.disc_step(-1, 0)
    said(link)
    host(link, "ACK", BOOT, 1)
    link.tick(0, connected=False)  # unplugged
    link.disc_step(1, 5)
    assert said(link) == []
    # The HELLO says how far the Pi got: a Pi that restarted meanwhile starts there.
    assert host(link, "HI", 2, now=10) == [("HELLO", 2, "2.0.0", 24, BOOT, 1)]
    assert host(link, "RESEND", BOOT, 3, now=11) == [
        ("EV", 3, "DISC", -1),
        ("EV", 4, "DISC", 1),
    ]


def test_an_event_left_unacknowledged_is_sent_again_after_a_while() -> None:
    link = linked_pico()
    link.disc_step(1, 0)
    assert said(link) == [("EV", 1, "DISC", 1)]
    link.tick(RESEND_MS - 1)
    assert ("EV", 1, "DISC", 1) not in said(link)
    host(link, "HB", now=RESEND_MS - 1)
    link.tick(RESEND_MS)
    assert ("EV", 1, "DISC", 1) in said(link)


def test_a_full_queue_drops_the_oldest_and_says_so() -> None:
    link = linked_pico(queue_limit=3)
    link.tick(0, connected=False)
    for _ in range(5):
        link.disc_step(1, 0)
    host(link, "HI", 2)
    answer = host(link, "RESEND", BOOT, 1)
    assert answer[0] == ("GAP", 1, 2)
    assert [message[1] for message in answer[1:]] == [3, 4, 5]


def test_the_pico_notices_a_silent_pi_and_heartbeats_a_live_one() -> None:
    link = linked_pico()
    link.tick(1000)
    assert said(link) == [("HB",)]
    link.tick(HOST_TIMEOUT_MS + 1)
    assert not link.linked
    assert host(link, "HB", now=HOST_TIMEOUT_MS + 2)[0][0] == "HELLO"


def test_garbage_from_the_pi_is_counted_and_answered_with_err() -> None:
    link = linked_pico()
    link.receive(b"\x00\xffnoise", 0)
    link.receive(b"HB*0000", 0)
    assert said(link) == [("ERR", "not_ascii"), ("ERR", "checksum")]
    assert link.bad_lines == 2
    assert link.linked


def test_only_the_newest_led_frame_is_shown() -> None:
    link = linked_pico()
    host(link, "LED", 1, ((1, 2, 3),))
    host(link, "LED", 2, ((4, 5, 6),))
    assert link.take_frame() == (2, ((4, 5, 6),))
    assert link.take_frame() is None


@given(st.lists(st.binary(max_size=200), max_size=20))
def test_no_line_from_the_pi_breaks_the_link(lines: list[bytes]) -> None:
    link = linked_pico()
    for now, line in enumerate(lines):
        link.receive(line, now)
    answers = [protocol.decode(line[:-1]) for line in link.take_output()]
    assert all(answer[0] in ("ERR", "HELLO", "EV", "GAP", "HB", "OK") for answer in answers)
    link.disc_step(1, len(lines))
    host(link, "HI", 2, now=len(lines))
    assert ("EV", 1, "DISC", 1) in host(link, "RESEND", BOOT, 0, now=len(lines))


def test_a_resend_meant_for_the_boot_before_a_reset_is_not_taken_for_this_one() -> None:
    # The Pi asked boot 0A1B2C3D for event 6 on; the Pico reset before reading it, and the
    # disc turned twice while the new boot was still unlinked.
    link = HostLink(24, "00C0FFEE", "2.0.0")
    link.boot(0)
    assert said(link) == [("HELLO", 2, "2.0.0", 24, "00C0FFEE", 0)]
    link.disc_step(1, 10)
    link.disc_step(1, 20)
    assert host(link, "RESEND", BOOT, 6, now=600) == [("HELLO", 2, "2.0.0", 24, "00C0FFEE", 0)]
    assert not link.linked
    assert link.stale_lines == 1
    assert host(link, "ACK", BOOT, 5, now=700) == []  # another stale line: no second HELLO yet
    # The Pi answers the HELLO: both steps of this boot are still there.
    assert host(link, "RESEND", "00C0FFEE", 1, now=800) == [
        ("EV", 1, "DISC", 1),
        ("EV", 2, "DISC", 1),
    ]


def test_an_old_boots_ack_leaves_the_queue_and_no_ack_covers_unsent_events() -> None:
    link = linked_pico()
    link.disc_step(-1, 0)
    assert said(link) == [("EV", 1, "DISC", -1)]
    host(link, "ACK", "00C0FFEE", 1, now=10)  # for another boot: ignored
    assert link.acked == 0
    link.tick(RESEND_MS)
    assert ("EV", 1, "DISC", -1) in said(link)
    host(link, "ACK", BOOT, 99, now=RESEND_MS)  # past the last event numbered
    assert link.acked == 1
    link.disc_step(1, RESEND_MS)
    assert said(link) == [("EV", 2, "DISC", 1)]
    link.tick(2 * RESEND_MS + 1)
    assert ("EV", 2, "DISC", 1) in said(link)  # still unacknowledged, so sent again


@given(st.lists(st.integers(min_value=0, max_value=300), min_size=1, max_size=60))
def test_what_is_taken_fits_the_room_given_and_holds_every_event_once_in_order(
    rooms: list[int],
) -> None:
    link = HostLink(24, BOOT, "2.0.0")
    link.tick(0, connected=False)
    for index in range(30):  # turned while unplugged: 30 lines of 19-20 bytes
        link.disc_step(1 if index % 2 else -1, index)
    host(link, "HI", 2, now=100)
    link.receive(protocol.encode(("RESEND", BOOT, 1))[:-1], 101)
    stream = b""
    for now, room in enumerate([*rooms, 10_000], start=102):  # within the 1 s resend period
        link.tick(now)
        lines = link.take_output(room)
        assert sum(len(line) for line in lines) <= room
        assert all(line.endswith(b"\n") and line.count(b"\n") == 1 for line in lines)
        stream += b"".join(lines)
    messages = [protocol.decode(line) for line in stream.split(b"\n")[:-1]]
    assert [m[1] for m in messages if m[0] == "EV"] == list(range(1, 31))


def test_lines_waiting_for_room_are_bounded_and_dropped_when_nobody_has_the_port() -> None:
    link = linked_pico()
    for seq in range(1, 41):
        link.shown(seq, seq)  # OK lines, and the USB port has no room for any
        assert link.take_output(0) == []
    assert len(link.output) == OUTPUT_LIMIT
    assert link.dropped_lines == 40 - OUTPUT_LIMIT
    assert protocol.decode(link.output[-1][:-1]) == ("OK", 40)  # the newest kept
    link.tick(50, connected=False)  # the Pi closed the port: what waited is moot
    assert link.output == []


def test_an_event_that_does_not_fit_is_not_overtaken_by_the_next() -> None:
    link = linked_pico()
    link.disc_step(1, 0)
    link.disc_step(-1, 0)
    first = link.take_output(5)  # too small for EV 1: nothing goes, EV 2 waits behind it
    assert first == []
    assert [protocol.decode(line[:-1]) for line in link.take_output(100)] == [
        ("EV", 1, "DISC", 1),
        ("EV", 2, "DISC", -1),
    ]
