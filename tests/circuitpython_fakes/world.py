"""The bench the firmware runs on under CircuitPython's own interpreter: a clock, a disc,
a button, the USB port and a Pi at its far end, all simulated in one place.

The fake hardware modules beside this file (``board``, ``digitalio``, ``rotaryio``,
``neopixel``, ``usb_cdc``, ``time``) read and drive it. Time passes only when the firmware
sleeps (``time.sleep``): every millisecond the USB host takes a 64-byte packet of the
transmit buffer, the Pi reads the lines that came and answers them, and the scenario moves
the disc and the button. Written in CircuitPython's subset: no typing, no dataclasses.
"""

import binascii
import os

TRANSMIT_BUFFER = 256  # TinyUSB's CDC transmit FIFO on the RP2040
USB_PACKET = 64  # one full-speed bulk packet per 1-ms frame: the slowest a host takes them
HI_EVERY_MS = 500
RESEND_EVERY_MS = 300
QUIET_MS = 2500  # after the last event: long enough for any resend to show as a duplicate
GIVE_UP_MS = 30000

STEPS = int(os.getenv("SIGIL_STEPS") or "40")  # disc steps turned while unplugged
# How long the Pi stops reading, after the link, while the disc turns 20 more steps
# (0: it never stops). The transmit buffer fills and write() takes nothing meanwhile.
STALL_MS = int(os.getenv("SIGIL_STALL_MS") or "0")


class ScenarioOver(Exception):
    """Raised from the firmware's sleep when the scenario has run: ends the firmware."""


def _crc16(data):
    crc = 0xFFFF
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
            crc &= 0xFFFF
    return crc


def line(body):
    """A line as the Pi writes it (its own framing, not the firmware's codec)."""
    data = body.encode()
    return data + b"*" + f"{_crc16(data):04X}".encode() + b"\n"


class Pi:
    """The Pi's end, by the rules of companion/hardware/bridge.py: HI until a HELLO, then
    RESEND from one past the last event delivered; an event is delivered only if it is the
    next one (then ACK); an event past a hole asks RESEND (at most every 0.3 s); a GAP
    covering the next event counts the events in it as lost and skips them."""

    def __init__(self):
        self.received = b""  # every byte the Pico sent, in order
        self.unread = b""
        self.boot = None
        self.last_seq = 0
        self.linked = False
        self.hi_at = None
        self.asked = None  # (seq, ms) of the last RESEND asked for a hole
        self.delivered = []  # (seq, "DISC +1" / "BTN next DOWN" ...), in delivery order
        self.delivered_at = []
        self.garbage = []  # lines that were not valid (cut, glued, noise)
        self.duplicates = 0
        self.lost = 0  # events the Pico reported gone (a GAP: its queue overflowed)
        self.lines = 0
        self.frames_shown = []

    def hear(self, data, now):
        self.received += data
        self.unread += data
        answers = b""
        while b"\n" in self.unread:
            raw, self.unread = self.unread.split(b"\n", 1)
            answers += self.handle(raw, now)
        return answers

    def handle(self, raw, now):
        self.lines += 1
        star = raw.rfind(b"*")
        body = raw[:star]
        valid = star > 0 and len(raw) - star == 5
        for byte in raw:
            if byte < 32 or byte > 126:
                valid = False
        if valid and raw[star + 1 :] != f"{_crc16(body):04X}".encode():
            valid = False
        if not valid:
            self.garbage.append(binascii.hexlify(raw).decode())
            return b""
        words = body.decode().split(" ")
        if words[0] == "HELLO":
            if words[4] != self.boot:
                self.boot, self.last_seq = words[4], int(words[5])
            self.linked = True
            self.asked = None
            return line(f"RESEND {self.boot} {self.last_seq + 1}") + line("LED 1 " + "102030" * 24)
        if words[0] == "OK":
            self.frames_shown.append(int(words[1]))
            return b""
        if words[0] == "EV" and self.linked:
            seq = int(words[1])
            if seq <= self.last_seq:
                self.duplicates += 1
                return line(f"ACK {self.boot} {self.last_seq}")
            if seq > self.last_seq + 1:
                asked = self.asked
                if asked and asked[0] == self.last_seq + 1 and now - asked[1] < RESEND_EVERY_MS:
                    return b""
                self.asked = (self.last_seq + 1, now)
                return line(f"RESEND {self.boot} {self.last_seq + 1}")
            self.last_seq = seq
            self.delivered.append((seq, " ".join(words[2:])))
            self.delivered_at.append(now)
            return line(f"ACK {self.boot} {seq}")
        if words[0] == "GAP" and self.linked:
            first, last = int(words[1]), int(words[2])
            if first <= self.last_seq + 1 <= last:
                self.lost += last - self.last_seq
                self.last_seq = last
            return line(f"ACK {self.boot} {self.last_seq}")
        if words[0] in ("HB", "ERR"):
            return b""
        self.garbage.append(binascii.hexlify(raw).decode())
        return b""


class World:
    def __init__(self, steps, stall_ms):
        self.now_ms = 0
        self.position = 0  # the disc, in whole sectors (rotaryio with divisor=4)
        self.levels = {}  # pin name -> level; buttons are pulled up (True: released)
        self.transmit = b""  # the Pico's USB transmit buffer
        self.to_pico = b""  # what the Pi wrote, not yet read by the firmware
        self.host_open = False  # the Pi has the port open (DTR)
        self.pi = Pi()
        self.writes = 0
        self.short_writes = 0
        self.most_offered = 0  # the longest write the firmware tried
        self.ring = []  # what the NeoPixel driver showed, one list of colours per show()
        self.enabled = None  # what boot.py asked usb_cdc.enable for
        self.reading = True  # the Pi takes what the USB brings
        self.fullest = 0  # the most the transmit buffer held
        self.script = self._plan(steps, stall_ms)
        self.turned = []
        self.plugged_at = None

    def _plan(self, steps, stall_ms):
        """(ms, action) pairs: steps while unplugged, a button press too, then the Pi opens
        the port; after the link, two more steps and a press, live; then, if ``stall_ms``,
        the Pi stops reading that long while 20 more steps are turned."""
        plan = []
        at = 100
        for index in range(steps):
            plan.append((at, "turn", -1 if index % 3 == 2 else 1))
            at += 5
            if index == steps // 2:
                plan.append((at, "press", "GP6"))
                plan.append((at + 40, "release", "GP6"))
                at += 80
        plan.append((at + 50, "open", None))
        live = at + 1500
        plan.append((live, "turn", 1))
        plan.append((live + 10, "press", "GP6"))
        plan.append((live + 60, "release", "GP6"))
        plan.append((live + 100, "turn", -1))
        if stall_ms:
            stall = live + 300
            plan.append((stall, "stall", None))
            for index in range(20):
                plan.append((stall + 10 + index * (stall_ms // 25), "turn", 1 - 2 * (index % 2)))
            plan.append((stall + stall_ms, "resume", None))
        plan.reverse()  # popped from the end
        return plan

    # --- the firmware's side (called by the fake modules) ---------------------------------

    def write(self, data):
        """usb_cdc's write() with write_timeout = 0: only what fits; returns the count."""
        self.writes += 1
        self.most_offered = max(self.most_offered, len(data))
        if not self.host_open:
            # TinyUSB's FIFO is overwritable without DTR: the write "succeeds", the oldest
            # bytes go, and what is left comes out when the Pi next opens the port.
            self.transmit = (self.transmit + data)[-TRANSMIT_BUFFER:]
            return len(data)
        taken = data[: TRANSMIT_BUFFER - len(self.transmit)]
        if len(taken) < len(data):
            self.short_writes += 1
        self.transmit += taken
        self.fullest = max(self.fullest, len(self.transmit))
        return len(taken)

    def read(self, size):
        data, self.to_pico = self.to_pico[:size], self.to_pico[size:]
        return data

    # --- time passing -----------------------------------------------------------------

    def sleep(self, seconds):
        for _ in range(max(1, int(seconds * 1000 + 0.5))):
            self.millisecond()

    def millisecond(self):
        self.now_ms += 1
        now = self.now_ms
        while self.script and self.script[-1][0] <= now:
            self._act(self.script.pop())
        if self.host_open and self.reading:
            packet, self.transmit = self.transmit[:USB_PACKET], self.transmit[USB_PACKET:]
            if packet:
                self.to_pico += self.pi.hear(packet, now)
            if not self.pi.linked and (self.pi.hi_at is None or now - self.pi.hi_at >= HI_EVERY_MS):
                self.pi.hi_at = now
                self.to_pico += line("HI 2")
        if self._done(now):
            raise ScenarioOver()

    def _act(self, action):
        _, what, value = action
        if what == "turn":
            self.position += value
            self.turned.append("DISC +1" if value > 0 else "DISC -1")
        elif what == "press":
            self.levels[value] = False
            self.turned.append("BTN next DOWN")
        elif what == "release":
            self.levels[value] = True
            self.turned.append("BTN next UP")
        elif what == "stall":
            self.reading = False
        elif what == "resume":
            self.reading = True
        elif what == "open":
            self.host_open = True
            self.plugged_at = self.now_ms

    def _done(self, now):
        if now >= GIVE_UP_MS:
            return True
        if self.script or len(self.pi.delivered) + self.pi.lost < len(self.turned):
            return False
        return now - self.pi.delivered_at[-1] >= QUIET_MS

    def report(self):
        pi = self.pi
        linked_at = self.plugged_at
        return {
            "received": binascii.hexlify(pi.received).decode(),
            "expected": self.turned,
            "delivered": [[seq, what] for seq, what in pi.delivered],
            "delivered_at": pi.delivered_at,
            "plugged_at": linked_at,
            "garbage": pi.garbage,
            "duplicates": pi.duplicates,
            "lost": pi.lost,
            "frames_shown": pi.frames_shown,
            "ring": self.ring[-1] if self.ring else None,
            "writes": self.writes,
            "short_writes": self.short_writes,
            "fullest": self.fullest,
            "most_offered": self.most_offered,
            "enabled": self.enabled,
            "now_ms": self.now_ms,
        }


world = World(STEPS, STALL_MS)
