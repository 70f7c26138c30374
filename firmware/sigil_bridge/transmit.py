"""Whole lines out of a USB serial port that takes only part of a write.

With ``write_timeout = 0`` CircuitPython's ``usb_cdc`` ``write()`` copies only what fits in
the port's transmit buffer (256 bytes on the RP2040: TinyUSB's ``CFG_TUD_CDC_TX_BUFSIZE``)
and returns that count. Writing more than fits cuts a line, and its tail would be glued to
whatever came next. So :class:`Transmitter` asks the link only for whole lines that fit the
room left (``256 - out_waiting``); what does not fit stays with the link (events stay due,
other lines wait in order) for a later pass. Should ``write()`` still take less than it was
given (a smaller buffer than thought), the rest is kept and goes out first, before any
other line, even after the Pi closed and opened the port again (the buffer keeps its bytes
meanwhile). Only an unplug at that moment (a bus reset empties the buffer) could then cost
the Pi one garbage line, never an event: events are sent again until acknowledged.
"""

TRANSMIT_BUFFER = 256  # bytes the USB port's transmit buffer holds (RP2040, full speed)


class Transmitter:
    def __init__(self, buffer_size=TRANSMIT_BUFFER):
        self.buffer_size = buffer_size
        self.unsent = b""  # the rest of a line write() took only part of
        self.bytes_out = 0
        self.short_writes = 0  # writes that took less than they were given

    def send(self, serial, link):
        """One pass: write what the link has that fits the port's room now."""
        if self.unsent:
            self.unsent = self.unsent[self._write(serial, self.unsent) :]
            if self.unsent:
                return
        room = self.buffer_size - serial.out_waiting
        if room <= 0:
            return
        lines = link.take_output(room)
        if lines:
            data = b"".join(lines)
            self.unsent = data[self._write(serial, data) :]

    def _write(self, serial, data):
        written = serial.write(data) or 0  # None: nothing went
        self.bytes_out += written
        if written < len(data):
            self.short_writes += 1
        return written
