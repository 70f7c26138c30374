"""The Pico's side of the link to the Pi, as pure code: feed it lines and times, take lines out.

Input events (disc steps, button edges) get sequence numbers and stay queued until the Pi
acknowledges them, so a broken link loses none: after the next handshake the Pi says from
where to send again (``RESEND``) and drops what it already has. See PROTOCOL.md.

``ACK`` and ``RESEND`` name the boot they answer: after a reset, a line the Pi wrote to the
previous boot (still in the USB buffers) is not taken for this one. It would otherwise
acknowledge events the Pi never had, and every later step would wait behind the hole.
"""

from sigil_bridge import protocol

HEARTBEAT_MS = 1000  # send HB when nothing else was sent for this long
HOST_TIMEOUT_MS = 3500  # no line from the Pi for this long: the link is down
RESEND_MS = 1000  # an event unacknowledged for this long is sent again
HELLO_GAP_MS = 500  # at most one unasked-for HELLO per this long
QUEUE_LIMIT = 256  # events kept for the Pi; the oldest go first (and are reported as a GAP)


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
        self.output = []
        self.frames = []  # (seq, pixels) the ring should show
        self.bad_lines = 0
        self.errors = {}
        self.stale_lines = 0  # ACK/RESEND meant for an earlier boot, ignored

    # --- what the main loop calls ---------------------------------------------------------

    def disc_step(self, delta, now_ms):
        self._event(("EV", self.next_seq, "DISC", 1 if delta > 0 else -1), now_ms)

    def button(self, name, pressed, now_ms):
        self._event(("EV", self.next_seq, "BTN", name, pressed), now_ms)

    def receive(self, line, now_ms):
        """One line from the Pi (bytes, without its newline)."""
        message = protocol.decode(line)
        kind = message[0]
        if kind == "BAD":
            self._refuse(message[1], now_ms)
            return
        if kind not in ("HI", "ACK", "RESEND", "LED", "HB"):
            self._refuse("unexpected", now_ms)
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
            self._send_queue(now_ms, everything=True)
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
        self._send(("OK", seq), now_ms)

    def tick(self, now_ms, connected=True):
        """Time passes: heartbeats, resends, and noticing that the Pi is gone."""
        if not connected or (
            self.linked and self.heard_ms is not None and now_ms - self.heard_ms > HOST_TIMEOUT_MS
        ):
            self.linked = False
        if not self.linked:
            return
        self._send_queue(now_ms, everything=False)
        if self.sent_ms is None or now_ms - self.sent_ms >= HEARTBEAT_MS:
            self._send(("HB",), now_ms)

    def boot(self, now_ms):
        """Say hello once at power-up, in case the Pi is already listening."""
        self._hello(now_ms)

    def take_output(self):
        lines = self.output
        self.output = []
        return lines

    # --- inside -------------------------------------------------------------------------

    def _event(self, message, now_ms):
        self.next_seq += 1
        entry = [message[1], protocol.encode(message), None]
        self.queue.append(entry)
        if len(self.queue) > self.queue_limit:
            dropped = self.queue.pop(0)
            self.lost_upto = dropped[0]
        if self.linked:
            self._send_entry(entry, now_ms)

    def _acknowledge(self, upto):
        # Never past the last event numbered: the Pi cannot have what was not sent.
        self.acked = max(self.acked, min(upto, self.next_seq - 1))
        while self.queue and self.queue[0][0] <= self.acked:
            self.queue.pop(0)

    def _send_queue(self, now_ms, everything):
        if everything and self.lost_upto > self.acked:
            # Until the Pi acknowledges the GAP, it is said again with every RESEND.
            self._send(("GAP", self.acked + 1, self.lost_upto), now_ms)
        for entry in self.queue:
            if everything or entry[2] is None or now_ms - entry[2] >= RESEND_MS:
                self._send_entry(entry, now_ms)

    def _send_entry(self, entry, now_ms):
        entry[2] = now_ms
        self.output.append(entry[1])
        self.sent_ms = now_ms

    def _hello(self, now_ms):
        self.hello_ms = now_ms
        version = protocol.PROTOCOL_VERSION
        hello = ("HELLO", version, self.firmware_version, self.led_count, self.boot_id, self.acked)
        self._send(hello, now_ms)

    def _refuse(self, reason, now_ms):
        self.bad_lines += 1
        self.errors[reason] = self.errors.get(reason, 0) + 1
        self._send(("ERR", reason), now_ms)

    def _send(self, message, now_ms):
        self.output.append(protocol.encode(message))
        self.sent_ms = now_ms
