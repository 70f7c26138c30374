"""The Pico's side of the link to the Pi, as pure code: feed it lines and times, take lines out.

Input events (disc steps, button edges) get sequence numbers and stay queued until the Pi
acknowledges them, so a broken link loses none: after the next handshake the Pi says from
where to send again (``RESEND``) and drops what it already has. See PROTOCOL.md.

``ACK`` and ``RESEND`` name the boot they answer: after a reset, a line the Pi wrote to the
previous boot (still in the USB buffers) is not taken for this one. It would otherwise
acknowledge events the Pi never had, and every later step would wait behind the hole.

Nothing is sent the moment it happens: :meth:`HostLink.take_output` hands out whole lines
that fit the room the USB port has (its transmit buffer takes 256 bytes at a time), the
other lines first, then the events that are due, oldest first. An event that does not fit
stays due for the next pass, so a long resend after a replug goes out in order at the
speed the Pi reads, and never as a line cut in two.
"""

from sigil_bridge import protocol

HEARTBEAT_MS = 1000  # send HB when nothing else was sent for this long
HOST_TIMEOUT_MS = 3500  # no line from the Pi for this long: the link is down
RESEND_MS = 1000  # an event unacknowledged for this long is sent again
HELLO_GAP_MS = 500  # at most one unasked-for HELLO per this long
QUEUE_LIMIT = 256  # events kept for the Pi; the oldest go first (and are reported as a GAP)
# Lines other than events (HELLO, OK, ERR, GAP, HB) waiting for room in the USB port; when
# more wait (a Pi that keeps the port open and reads nothing) the oldest is dropped: each of
# them is said again by the protocol when it matters (HELLO, GAP) or only informs (OK, ERR).
OUTPUT_LIMIT = 16


class HostLink:
    def __init__(self, led_count, boot_id, firmware_version, queue_limit=QUEUE_LIMIT):
        self.led_count = led_count
        self.boot_id = boot_id
        self.firmware_version = firmware_version
        self.queue_limit = queue_limit
        self.linked = False
        self.next_seq = 1
        self.queue = []  # [seq, line, last sent ms or None], oldest first, none acknowledged
        self.acked = 0  # every event up to here reached the Pi
        self.lost_upto = 0  # events up to here were dropped from a full queue
        self.heard_ms = None
        self.sent_ms = None
        self.hello_ms = None
        self.now_ms = 0  # the latest time the loop gave: when taken lines count as sent
        self.output = []  # lines other than events, oldest first, not yet taken
        self.dropped_lines = 0  # lines other than events dropped from a full output
        self.frames = []  # (seq, pixels) the ring should show
        self.bad_lines = 0
        self.errors = {}
        self.stale_lines = 0  # ACK/RESEND meant for an earlier boot, ignored

    # --- what the main loop calls ---------------------------------------------------------

    def disc_step(self, delta, now_ms):
        self.now_ms = now_ms
        self._event(("EV", self.next_seq, "DISC", 1 if delta > 0 else -1))

    def button(self, name, pressed, now_ms):
        self.now_ms = now_ms
        self._event(("EV", self.next_seq, "BTN", name, pressed))

    def receive(self, line, now_ms):
        """One line from the Pi (bytes, without its newline)."""
        self.now_ms = now_ms
        message = protocol.decode(line)
        kind = message[0]
        if kind == "BAD":
            self._refuse(message[1])
            return
        if kind not in ("HI", "ACK", "RESEND", "LED", "HB"):
            self._refuse("unexpected")
            return
        if kind in ("ACK", "RESEND") and message[1] != self.boot_id:
            # Written to the boot before ours: its numbers are not ours. While unlinked
            # this falls through to "anything else", answered by a HELLO.
            self.stale_lines += 1
            if self.linked:
                return
            kind = "STALE"
        self.heard_ms = now_ms
        if kind == "HI":
            self.linked = False
            self._hello(now_ms)
        elif kind == "RESEND":
            self._acknowledge(message[2] - 1)
            self.linked = True
            if self.lost_upto > self.acked:
                # Until the Pi acknowledges the GAP, it is said again with every RESEND.
                self._send(("GAP", self.acked + 1, self.lost_upto))
            for entry in self.queue:
                entry[2] = None  # due again, from the Pi's number on
        elif not self.linked:
            # The Pi thinks we are linked but we timed out (or restarted): start over.
            if self.hello_ms is None or now_ms - self.hello_ms >= HELLO_GAP_MS:
                self._hello(now_ms)
            if kind == "LED":
                self.frames.append((message[1], message[2]))
        elif kind == "ACK":
            self._acknowledge(message[2])
        elif kind == "LED":
            self.frames.append((message[1], message[2]))

    def take_frame(self):
        """The newest frame the Pi sent (older ones are skipped), or None."""
        if not self.frames:
            return None
        newest = self.frames[-1]
        self.frames = []
        return newest

    def shown(self, seq, now_ms):
        self.now_ms = now_ms
        self._send(("OK", seq))

    def tick(self, now_ms, connected=True):
        """Time passes: noticing that the Pi is gone (resends and heartbeats fall due)."""
        self.now_ms = now_ms
        if not connected:
            self.output = []  # nobody has the port open: what was to be said is moot
        if not connected or (
            self.linked and self.heard_ms is not None and now_ms - self.heard_ms > HOST_TIMEOUT_MS
        ):
            self.linked = False

    def boot(self, now_ms):
        """Say hello once at power-up, in case the Pi is already listening."""
        self.now_ms = now_ms
        self._hello(now_ms)

    def take_output(self, room=None):
        """Whole lines (bytes, newline included) to write now, together at most ``room``
        bytes (None: no limit): the other lines first, then the due events, oldest first;
        a heartbeat if nothing was taken for a second. What does not fit waits, in order."""
        lines = []
        used = 0
        while self.output:
            if room is not None and used + len(self.output[0]) > room:
                return self._taken(lines)  # events never overtake a line waiting before them
            line = self.output.pop(0)
            lines.append(line)
            used += len(line)
        if not self.linked:
            return self._taken(lines)
        for entry in self.queue:
            if entry[2] is not None and self.now_ms - entry[2] < RESEND_MS:
                continue  # sent, and the Pi has had no time to acknowledge it yet
            if room is not None and used + len(entry[1]) > room:
                break  # the rest stays due: sent in order on a later pass
            entry[2] = self.now_ms
            lines.append(entry[1])
            used += len(entry[1])
        if not lines and (self.sent_ms is None or self.now_ms - self.sent_ms >= HEARTBEAT_MS):
            heartbeat = protocol.encode(("HB",))
            if room is None or len(heartbeat) <= room:
                lines.append(heartbeat)
        return self._taken(lines)

    # --- inside -------------------------------------------------------------------------

    def _event(self, message):
        self.next_seq += 1
        self.queue.append([message[1], protocol.encode(message), None])  # None: due
        if len(self.queue) > self.queue_limit:
            dropped = self.queue.pop(0)
            self.lost_upto = dropped[0]

    def _acknowledge(self, upto):
        # Never past the last event numbered: the Pi cannot have what was not sent.
        self.acked = max(self.acked, min(upto, self.next_seq - 1))
        while self.queue and self.queue[0][0] <= self.acked:
            self.queue.pop(0)

    def _taken(self, lines):
        if lines:
            self.sent_ms = self.now_ms
        return lines

    def _hello(self, now_ms):
        self.hello_ms = now_ms
        version = protocol.PROTOCOL_VERSION
        hello = ("HELLO", version, self.firmware_version, self.led_count, self.boot_id, self.acked)
        self._send(hello)

    def _refuse(self, reason):
        self.bad_lines += 1
        self.errors[reason] = self.errors.get(reason, 0) + 1
        self._send(("ERR", reason))

    def _send(self, message):
        self.output.append(protocol.encode(message))
        if len(self.output) > OUTPUT_LIMIT:
            self.output.pop(0)
            self.dropped_lines += 1
