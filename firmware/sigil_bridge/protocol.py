"""The bridge protocol, Pico side: framing, checksum and the messages of PROTOCOL.md.

Runs unchanged under CircuitPython and CPython: no typing, no dataclasses, only plain
f-strings. A message is a tuple whose first item names it, exactly the "fields" of the
golden frames file (``("EV", 7, "DISC", 1)``). ``decode`` never raises: a bad line comes
back as ``("BAD", reason)``, and the caller counts and drops it.
"""

PROTOCOL_VERSION = 2  # 2: boot ids in ACK and RESEND, the acknowledged number in HELLO
MAX_LINE = 1024  # bytes of one line, checksum and newline included
MAX_LEDS = 160
MAX_SEQ = 2147483647
MAX_NAME = 24  # button names and error reasons

REASONS = ("empty", "too_long", "not_ascii", "no_checksum", "checksum", "unknown", "malformed")


def _crc_table():
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
        table.append(crc & 0xFFFF)
    return table


_TABLE = _crc_table()


def crc16(data):
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF): ``crc16(b"123456789") == 0x29B1``."""
    crc = 0xFFFF
    for byte in data:
        crc = ((crc << 8) & 0xFFFF) ^ _TABLE[(crc >> 8) ^ byte]
    return crc


def frame(body):
    """One line on the wire for a message body (a str of printable ASCII)."""
    data = body.encode()
    return data + b"*" + f"{crc16(data):04X}".encode() + b"\n"


def _hex(value, width):
    text = f"{value:X}"
    return "0" * (width - len(text)) + text


def encode(message):
    """The line (bytes, newline included) for a message tuple."""
    kind = message[0]
    if kind == "LED":
        pixels = "".join(_hex(r, 2) + _hex(g, 2) + _hex(b, 2) for r, g, b in message[2])
        return frame(f"LED {message[1]} {pixels}")
    if kind == "EV" and message[2] == "DISC":
        sign = "+" if message[3] > 0 else "-"
        return frame(f"EV {message[1]} DISC {sign}1")
    if kind == "EV":
        state = "DOWN" if message[4] else "UP"
        return frame(f"EV {message[1]} BTN {message[3]} {state}")
    return frame(" ".join(str(part) for part in message))


# --- decoding ------------------------------------------------------------------------------


def _number(token, lowest=0, highest=MAX_SEQ):
    """A canonical decimal (no sign, no leading zero) in range, or None."""
    if not token or len(token) > 10 or not token.isdigit():
        return None
    if len(token) > 1 and token[0] == "0":
        return None
    value = int(token)
    return value if lowest <= value <= highest else None


def _is_upper_hex(token):
    return all(char in "0123456789ABCDEF" for char in token)


def _boot(token):
    """A boot id: 8 uppercase hex digits, or None."""
    return token if len(token) == 8 and _is_upper_hex(token) else None


def _is_name(token, alphabet):
    if not token or len(token) > MAX_NAME:
        return False
    return all(char in alphabet for char in token)


NAME_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789._"
REASON_CHARS = "abcdefghijklmnopqrstuvwxyz_"


def _pixels(token):
    if not token or len(token) % 6 or len(token) > 6 * MAX_LEDS or not _is_upper_hex(token):
        return None
    return tuple(
        (int(token[i : i + 2], 16), int(token[i + 2 : i + 4], 16), int(token[i + 4 : i + 6], 16))
        for i in range(0, len(token), 6)
    )


def _version(token):
    if not token or len(token) > MAX_NAME:
        return None
    for char in token:
        if char not in "0123456789.":
            return None
    return token


def unframe(line):
    """The body of one line (bytes, without its newline) or ``("BAD", reason)``."""
    if line[-1:] == b"\r":
        line = line[:-1]
    if not line:
        return ("BAD", "empty")
    if len(line) > MAX_LINE - 1:
        return ("BAD", "too_long")
    for byte in line:
        if byte < 32 or byte > 126:
            return ("BAD", "not_ascii")
    star = line.rfind(b"*")
    if star < 0 or len(line) - star != 5:
        return ("BAD", "no_checksum")
    body = line[:star]
    check = line[star + 1 :].decode()
    if not _is_upper_hex(check) or int(check, 16) != crc16(body):
        return ("BAD", "checksum")
    return body.decode()


def _parse(kind, args):
    """The message tuple for a body's tokens, or None when they do not fit."""
    count = len(args)
    if kind == "HB":
        return ("HB",) if count == 0 else None
    if kind in ("HI", "OK") and count == 1:
        value = _number(args[0], 1 if kind == "OK" else 0)
        return None if value is None else (kind, value)
    if kind in ("ACK", "RESEND") and count == 2:
        boot, value = _boot(args[0]), _number(args[1])
        return None if boot is None or value is None else (kind, boot, value)
    if kind == "ERR" and count == 1:
        return ("ERR", args[0]) if _is_name(args[0], REASON_CHARS) else None
    if kind == "LED" and count == 2:
        seq, pixels = _number(args[0], 1), _pixels(args[1])
        return None if seq is None or pixels is None else ("LED", seq, pixels)
    if kind == "GAP" and count == 2:
        first, last = _number(args[0], 1), _number(args[1], 1)
        if first is None or last is None or last < first:
            return None
        return ("GAP", first, last)
    if kind == "HELLO" and count in (4, 5):
        # Protocol 1 said no acknowledged number: such a HELLO still decodes, so that the
        # Pi can name the old firmware instead of calling its line garbage.
        protocol, firmware = _number(args[0]), _version(args[1])
        leds, boot = _number(args[2], 0, MAX_LEDS), _boot(args[3])
        if protocol is None or firmware is None or leds is None or boot is None:
            return None
        if count == 4:
            return ("HELLO", protocol, firmware, leds, boot)
        acked = _number(args[4])
        return None if acked is None else ("HELLO", protocol, firmware, leds, boot, acked)
    if kind == "EV" and count >= 3:
        seq = _number(args[0], 1)
        if seq is None:
            return None
        if args[1] == "DISC" and count == 3 and args[2] in ("+1", "-1"):
            return ("EV", seq, "DISC", 1 if args[2] == "+1" else -1)
        button = args[1] == "BTN" and count == 4 and args[3] in ("DOWN", "UP")
        if button and _is_name(args[2], NAME_CHARS):
            return ("EV", seq, "BTN", args[2], args[3] == "DOWN")
    return None


KINDS = ("HB", "HI", "ACK", "RESEND", "OK", "ERR", "LED", "GAP", "HELLO", "EV")


def decode(line):
    """A message tuple for one line (bytes, without its newline), or ``("BAD", reason)``."""
    body = unframe(line)
    if not isinstance(body, str):
        return body
    tokens = body.split(" ")
    if tokens[0] not in KINDS:
        return ("BAD", "unknown")
    message = _parse(tokens[0], tokens[1:])
    return ("BAD", "malformed") if message is None else message


class LineReader:
    """Splits a byte stream into lines; an over-long line is dropped whole and counted."""

    def __init__(self, limit=MAX_LINE):
        self.limit = limit
        self.buffer = b""
        self.skipping = False
        self.too_long = 0

    def feed(self, data):
        lines = []
        start = 0
        while True:
            end = data.find(b"\n", start)
            if end < 0:
                break
            if self.skipping:
                self.skipping = False
            elif len(self.buffer) + end - start + 1 > self.limit:
                self.too_long += 1
            else:
                lines.append(self.buffer + data[start:end])
            self.buffer = b""
            start = end + 1
        if not self.skipping:
            self.buffer += data[start:]
            if len(self.buffer) >= self.limit:
                self.buffer = b""
                self.skipping = True
                self.too_long += 1
        return lines
