"""The bridge Pico on USB, as CircuitPython presents it: one table for every place that
looks for it (the bridge's ``bridge.port: auto``, the installer's udev rule).

CircuitPython gives a Pico its own ids (the boards' ``mpconfigboard.mk``): a Pico is
239A:80F4 (Adafruit's vendor id), a Pico 2 is 2E8A:000B (Raspberry Pi's). With
``usb_cdc.enable(console=True, data=True)`` (``firmware/boot.py``) it has two serial ports:
the REPL's console on interfaces 0 and 1, the protocol's data port on 2 and 3. The tty
hangs off each port's control interface, so the data port is interface 02, and pyserial
(which reads the interface's USB string) names it "CircuitPython CDC2 control"; the
console is "CircuitPython CDC control". Nothing says "data".
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PicoBoard:
    """A board the bridge firmware runs on, by its CircuitPython USB ids."""

    name: str
    vendor_id: int
    product_id: int

    @property
    def ids(self) -> str:
        """As ``lsusb`` and udev write them: ``239a:80f4``."""
        return f"{self.vendor_id:04x}:{self.product_id:04x}"


BOARDS = (
    PicoBoard("Raspberry Pi Pico", 0x239A, 0x80F4),
    PicoBoard("Raspberry Pi Pico 2", 0x2E8A, 0x000B),
)
DATA_INTERFACE = 2  # the second CDC's control interface: the protocol's port
CONSOLE_INTERFACE = 0  # the first CDC's: the REPL, never the protocol's
DATA_INTERFACE_NAME = "CircuitPython CDC2 control"
CONSOLE_INTERFACE_NAME = "CircuitPython CDC control"
DEVICE_LINK = "companion-pico"  # the udev rule's /dev/companion-pico
UDEV_RULE_FILE = "99-companion-pico.rules"


def board_of(vendor_id: int | None, product_id: int | None) -> PicoBoard | None:
    """The board with these USB ids, or None when it is not one of ours."""
    for board in BOARDS:
        if (board.vendor_id, board.product_id) == (vendor_id, product_id):
            return board
    return None


def interface_number(location: str | None) -> int | None:
    """The USB interface in a pyserial location (``1-1.3:1.2`` is interface 2); None when
    the location names the device alone (pyserial does so for one-interface devices)."""
    _, colon, tail = (location or "").rpartition(":")
    _, dot, number = tail.partition(".")
    return int(number) if colon and dot and number.isdigit() else None


def is_data_port(interface: str | None, location: str | None) -> bool:
    """Whether a port of a Pico is the protocol's: the second CDC by its interface number
    or by its name, and never the console by either."""
    number = interface_number(location)
    if interface == CONSOLE_INTERFACE_NAME or number == CONSOLE_INTERFACE:
        return False
    return interface == DATA_INTERFACE_NAME or number == DATA_INTERFACE


def udev_rule() -> str:
    """The udev rule naming the data port ``/dev/companion-pico``; the installer ships it as
    ``udev/99-companion-pico.rules`` (a test keeps the file equal to this).

    udev matches all the ``ATTRS`` of one rule on a single device, and the ids are on the
    USB device while the interface number is on its interface: the interface is matched by
    ``ID_USB_INTERFACE_NUM``, which udev's own 60-serial.rules sets for every USB tty.
    """
    lines = [
        "# Sigillum Table Companion: the bridge Pico's protocol port as /dev/companion-pico.",
        "# Written from companion/hardware/pico_usb.py (a test keeps them equal): a Pico or a",
        f"# Pico 2 under CircuitPython, its second serial port (interface {DATA_INTERFACE:02d},",
        f'# "{DATA_INTERFACE_NAME}"), never the REPL\'s console '
        f"(interface {CONSOLE_INTERFACE:02d}).",
    ]
    for board in BOARDS:
        lines.append(f"# {board.name}, {board.ids}")
        lines.append(
            f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{board.vendor_id:04x}", '
            f'ATTRS{{idProduct}}=="{board.product_id:04x}", '
            f'ENV{{ID_USB_INTERFACE_NUM}}=="{DATA_INTERFACE:02d}", '
            f'SYMLINK+="{DEVICE_LINK}", GROUP="dialout", MODE="0660"'
        )
    return "\n".join(lines) + "\n"
