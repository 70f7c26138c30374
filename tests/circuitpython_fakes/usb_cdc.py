"""``usb_cdc`` as CircuitPython 9.2.9 has it on the RP2040 (shared-module/usb_cdc/Serial.c).

``data`` exists only once ``enable(data=True)`` ran (boot.py). With ``write_timeout = 0``
``write()`` takes only what fits in the 256-byte transmit buffer and returns that count;
``connected`` is true only while the Pi has the port open; ``out_waiting`` is what the
buffer holds. A ``write_timeout`` other than 0 would make a write wait for the host, and a
Pi that stops reading would stall the loop: refused here.
"""

from world import world

console = None
data = None


class Serial:
    def __init__(self, is_data):
        self.is_data = is_data
        self.timeout = None  # CircuitPython's defaults: wait forever
        self.write_timeout = None

    @property
    def connected(self):
        return self.is_data and world.host_open

    @property
    def in_waiting(self):
        return len(world.to_pico) if self.is_data else 0

    @property
    def out_waiting(self):
        return len(world.transmit) if self.is_data else 0

    def read(self, size=1):
        if self.timeout != 0:
            raise RuntimeError(f"usb_cdc: a read with timeout {self.timeout} waits for the Pi")
        return world.read(size) if self.is_data else b""

    def write(self, buffer):
        if self.write_timeout != 0:
            raise RuntimeError(
                f"usb_cdc: a write with write_timeout {self.write_timeout} waits for the Pi"
            )
        return world.write(bytes(buffer)) if self.is_data else len(buffer)


def enable(console=True, data=False):
    world.enabled = {"console": console, "data": data}
    globals()["console"] = Serial(False) if console else None
    globals()["data"] = Serial(True) if data else None
