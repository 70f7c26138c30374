"""The bridge protocol, Pi side: framing, checksum and the messages of firmware/PROTOCOL.md.

Pure and total: :func:`decode` never raises, a bad line comes back as :class:`Rejected`
with one of :data:`REASONS`. The Pico has its own codec (``firmware/sigil_bridge``); both
are held to ``firmware/golden_frames.json``.
"""

from __future__ import annotations

import binascii
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeAlias

from companion.hardware.ports import ButtonEdge, DiscStep

PROTOCOL_VERSION = 2  # 2: boot ids in ACK and RESEND, the acknowledged number in HELLO
MAX_LINE = 1024  # bytes of one line, checksum and newline included
MAX_LEDS = 160
MAX_SEQ = 2**31 - 1
MAX_NAME = 24
REASONS = ("empty", "too_long", "not_ascii", "no_checksum", "checksum", "unknown", "malformed")

RGB = tuple[int, int, int]
_HEX = frozenset("0123456789ABCDEF")
_NAME = frozenset("abcdefghijklmnopqrstuvwxyz0123456789._")
_REASON = frozenset("abcdefghijklmnopqrstuvwxyz_")
_VERSION = frozenset("0123456789.")


# --- messages: Pi to Pico -------------------------------------------------------------------


@dataclass(frozen=True)
class Hi:
    """Asks the Pico for its HELLO; starts a handshake."""

    protocol: int = PROTOCOL_VERSION


@dataclass(frozen=True)
class Ack:
    """Every input event of boot ``boot_id`` up to ``seq`` has arrived."""

    boot_id: str
    seq: int


@dataclass(frozen=True)
class Resend:
    """Events of boot ``boot_id`` before ``seq`` have arrived; send the rest again. Ends a
    handshake. A Pico of another boot ignores it (it was written before a reset)."""

    boot_id: str
    seq: int


@dataclass(frozen=True)
class ShowFrame:
    """LED colours to show now; the Pico answers :class:`Shown` with the same ``seq``."""

    seq: int
    pixels: tuple[RGB, ...]


@dataclass(frozen=True)
class Heartbeat:
    """Sent by either side when it has said nothing for a second."""


# --- messages: Pico to Pi -------------------------------------------------------------------


@dataclass(frozen=True)
class Hello:
    protocol: int
    firmware: str
    led_count: int
    boot_id: str  # 8 hex digits, new at every power-up: sequence numbers restart with it
    # Every event of this boot up to here has been acknowledged: the Pi's starting point
    # for a boot it has not met. None: a protocol 1 Pico, which did not say.
    acked: int | None = 0


@dataclass(frozen=True)
class Event:
    """``EV``: the Pico's numbered disc step or button edge. ``what`` is the app's own
    event; the wire carries no time, so its ``at`` is 0 until the bridge stamps it."""

    seq: int
    what: DiscStep | ButtonEdge


@dataclass(frozen=True)
class Gap:
    """Events ``first``..``last`` are gone (the Pico's queue overflowed while unlinked)."""

    first: int
    last: int


@dataclass(frozen=True)
class Shown:
    seq: int


@dataclass(frozen=True)
class Refused:
    """The other side dropped a line of ours, for ``reason``."""

    reason: str


Message: TypeAlias = (
    Hi | Ack | Resend | ShowFrame | Heartbeat | Hello | Event | Gap | Shown | Refused
)


@dataclass(frozen=True)
class Rejected:
    """A line that is not a message: counted and dropped."""

    reason: str
    line: bytes


# --- checksum and framing -------------------------------------------------------------------


def crc16(data: bytes) -> int:
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF): ``crc16(b"123456789") == 0x29B1``.
    The standard library's ``crc_hqx`` is this CRC; the Pico computes it by table."""
    return binascii.crc_hqx(data, 0xFFFF)


def frame(body: str) -> bytes:
    data = body.encode("ascii")
    return data + b"*" + f"{crc16(data):04X}".encode("ascii") + b"\n"


def _body(message: Message) -> str:
    match message:
        case Hi(protocol):
            return f"HI {protocol}"
        case Ack(boot_id, seq):
            return f"ACK {boot_id} {seq}"
        case Resend(boot_id, seq):
            return f"RESEND {boot_id} {seq}"
        case ShowFrame(seq, pixels):
            return f"LED {seq} " + "".join(f"{r:02X}{g:02X}{b:02X}" for r, g, b in pixels)
        case Heartbeat():
            return "HB"
        case Hello(protocol, firmware, led_count, boot_id, None):
            return f"HELLO {protocol} {firmware} {led_count} {boot_id}"
        case Hello(protocol, firmware, led_count, boot_id, acked):
            return f"HELLO {protocol} {firmware} {led_count} {boot_id} {acked}"
        case Event(seq, DiscStep(delta)):
            return f"EV {seq} DISC {'+1' if delta > 0 else '-1'}"
        case Event(seq, ButtonEdge(name, pressed)):
            return f"EV {seq} BTN {name} {'DOWN' if pressed else 'UP'}"
        case Gap(first, last):
            return f"GAP {first} {last}"
        case Shown(seq):
            return f"OK {seq}"
        case Refused(reason):
            return f"ERR {reason}"
    raise TypeError(f"not a bridge message: {message!r}")  # an Event of something else


def encode(message: Message) -> bytes:
    """The line for a message, newline included."""
    return frame(_body(message))


# --- decoding -------------------------------------------------------------------------------


def _number(token: str, lowest: int = 0, highest: int = MAX_SEQ) -> int | None:
    """A canonical decimal (no sign, no leading zero) within range, or None."""
    if not token or len(token) > 10 or not all("0" <= char <= "9" for char in token):
        return None
    if len(token) > 1 and token[0] == "0":
        return None
    value = int(token)
    return value if lowest <= value <= highest else None


def _word(token: str, alphabet: frozenset[str]) -> str | None:
    ok = 0 < len(token) <= MAX_NAME and all(char in alphabet for char in token)
    return token if ok else None


def _boot(token: str) -> str | None:
    """A boot id: 8 uppercase hex digits."""
    return token if len(token) == 8 and all(char in _HEX for char in token) else None


def _pixels(token: str) -> tuple[RGB, ...] | None:
    if not token or len(token) % 6 or len(token) > 6 * MAX_LEDS:
        return None
    if not all(char in _HEX for char in token):
        return None
    return tuple(
        (int(token[i : i + 2], 16), int(token[i + 2 : i + 4], 16), int(token[i + 4 : i + 6], 16))
        for i in range(0, len(token), 6)
    )


def _parse_event(args: Sequence[str]) -> Message | None:
    seq = _number(args[0], 1) if args else None
    if seq is None:
        return None
    if len(args) == 3 and args[1] == "DISC" and args[2] in ("+1", "-1"):
        return Event(seq, DiscStep(1 if args[2] == "+1" else -1, 0.0))
    if len(args) == 4 and args[1] == "BTN" and args[3] in ("DOWN", "UP"):
        name = _word(args[2], _NAME)
        return None if name is None else Event(seq, ButtonEdge(name, args[3] == "DOWN", 0.0))
    return None


def _parse(kind: str, args: Sequence[str]) -> Message | None:
    count = len(args)
    if kind == "HB":
        return Heartbeat() if count == 0 else None
    if kind in ("HI", "OK"):
        value = _number(args[0], 1 if kind == "OK" else 0) if count == 1 else None
        if value is None:
            return None
        return Hi(value) if kind == "HI" else Shown(value)
    if kind in ("ACK", "RESEND"):
        boot, seq = (_boot(args[0]), _number(args[1])) if count == 2 else (None, None)
        if boot is None or seq is None:
            return None
        return Ack(boot, seq) if kind == "ACK" else Resend(boot, seq)
    if kind == "ERR":
        reason = _word(args[0], _REASON) if count == 1 else None
        return None if reason is None else Refused(reason)
    if kind == "LED" and count == 2:
        seq, pixels = _number(args[0], 1), _pixels(args[1])
        return None if seq is None or pixels is None else ShowFrame(seq, pixels)
    if kind == "GAP" and count == 2:
        first, last = _number(args[0], 1), _number(args[1], 1)
        if first is None or last is None or last < first:
            return None
        return Gap(first, last)
    if kind == "HELLO" and count in (4, 5):
        # Protocol 1 said no acknowledged number: such a HELLO still decodes, so that the
        # bridge can name the old firmware instead of calling its line garbage.
        protocol, firmware = _number(args[0]), _word(args[1], _VERSION)
        leds, boot = _number(args[2], 0, MAX_LEDS), _boot(args[3])
        acked = _number(args[4]) if count == 5 else None
        if protocol is None or firmware is None or leds is None or boot is None:
            return None
        if count == 5 and acked is None:
            return None
        return Hello(protocol, firmware, leds, boot, acked)
    if kind == "EV":
        return _parse_event(args)
    return None


KINDS = frozenset({"HB", "HI", "ACK", "RESEND", "OK", "ERR", "LED", "GAP", "HELLO", "EV"})


def decode(line: bytes) -> Message | Rejected:
    """One line (without its newline) as a message, or :class:`Rejected`. Never raises."""
    raw = line[:-1] if line.endswith(b"\r") else line
    if not raw:
        return Rejected("empty", line)
    if len(raw) > MAX_LINE - 1:
        return Rejected("too_long", line)
    if any(byte < 32 or byte > 126 for byte in raw):
        return Rejected("not_ascii", line)
    star = raw.rfind(b"*")
    if star < 0 or len(raw) - star != 5:
        return Rejected("no_checksum", line)
    body, check = raw[:star], raw[star + 1 :].decode("ascii")
    if not all(char in _HEX for char in check) or int(check, 16) != crc16(body):
        return Rejected("checksum", line)
    tokens = body.decode("ascii").split(" ")
    if tokens[0] not in KINDS:
        return Rejected("unknown", line)
    message = _parse(tokens[0], tokens[1:])
    return Rejected("malformed", line) if message is None else message


def fields(message: Message) -> list[object]:
    """The message as the golden frames file writes it: ``["EV", 7, "DISC", 1]``."""
    body = _body(message).split(" ")
    kind = body[0]
    match message:
        case ShowFrame(seq, pixels):
            return [kind, seq, [list(pixel) for pixel in pixels]]
        case Hello(protocol, firmware, led_count, boot_id, None):
            return [kind, protocol, firmware, led_count, boot_id]
        case Hello(protocol, firmware, led_count, boot_id, acked):
            return [kind, protocol, firmware, led_count, boot_id, acked]
        case Ack(boot_id, seq) | Resend(boot_id, seq):
            return [kind, boot_id, seq]
        case Event(seq, DiscStep(delta)):
            return [kind, seq, "DISC", delta]
        case Event(seq, ButtonEdge(name, pressed)):
            return [kind, seq, "BTN", name, pressed]
        case Refused(reason):
            return [kind, reason]
        case _:
            return [kind, *(int(token) for token in body[1:])]


# --- lines from a byte stream ---------------------------------------------------------------


class LineSplitter:
    """Splits a byte stream into lines; an over-long line is dropped whole and counted."""

    def __init__(self, limit: int = MAX_LINE) -> None:
        self.limit = limit
        self.too_long = 0
        self._buffer = bytearray()
        self._skipping = False

    def feed(self, data: bytes) -> list[bytes]:
        lines: list[bytes] = []
        start = 0
        while (end := data.find(b"\n", start)) >= 0:
            if self._skipping:
                self._skipping = False
            elif len(self._buffer) + end - start + 1 > self.limit:
                self.too_long += 1
            else:
                lines.append(bytes(self._buffer) + data[start:end])
            self._buffer.clear()
            start = end + 1
        if not self._skipping:
            self._buffer += data[start:]
            if len(self._buffer) >= self.limit:
                self._buffer.clear()
                self._skipping = True
                self.too_long += 1
        return lines


def scaled(pixels: Sequence[RGB], brightness: float) -> tuple[RGB, ...]:
    """Colours clamped to 0..255 and scaled by ``brightness`` (0..1)."""
    factor = min(1.0, max(0.0, brightness))

    def channel(value: int) -> int:
        return round(min(255, max(0, int(value))) * factor)

    return tuple((channel(r), channel(g), channel(b)) for r, g, b in pixels)
