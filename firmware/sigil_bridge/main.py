"""The firmware's main loop: the only code that touches the Pico's hardware.

``code.py`` imports the CircuitPython modules and hands them in, so the same loop runs on
the Pico and, with fake modules, as the virtual Pico under CPython.
"""

from sigil_bridge import FIRMWARE_VERSION, protocol
from sigil_bridge.debounce import Debouncer
from sigil_bridge.link import HostLink
from sigil_bridge.quadrature import StepCounter
from sigil_bridge.transmit import Transmitter

LOOP_SLEEP_S = 0.001


def boot_id_of(random_bytes):
    return "".join(f"{byte:02X}" for byte in random_bytes[:4])


def _input(digitalio, pin):
    switch = digitalio.DigitalInOut(pin)
    switch.direction = digitalio.Direction.INPUT
    switch.pull = digitalio.Pull.UP
    return switch


def run(settings, random_bytes, *, board, digitalio, rotaryio, neopixel, usb_cdc, time):
    serial = usb_cdc.data or usb_cdc.console
    serial.timeout = 0
    serial.write_timeout = 0
    count = settings.LED_COUNT
    ring = neopixel.NeoPixel(
        getattr(board, settings.LED_PIN), count, brightness=settings.BRIGHTNESS, auto_write=False
    )
    ring.fill((0, 0, 0))
    ring.show()
    pin_a, pin_b = settings.DISC_PINS
    encoder = rotaryio.IncrementalEncoder(getattr(board, pin_a), getattr(board, pin_b), divisor=4)
    steps = StepCounter(encoder.position, settings.DISC_REVERSED)
    buttons = []
    for name in sorted(settings.BUTTONS):
        pin = _input(digitalio, getattr(board, settings.BUTTONS[name]))
        buttons.append((name, pin, Debouncer(settings.DEBOUNCE_MS)))

    link = HostLink(count, boot_id_of(random_bytes), FIRMWARE_VERSION)
    reader = protocol.LineReader()
    transmitter = Transmitter()
    link.boot(time.monotonic_ns() // 1000000)
    while True:
        now = time.monotonic_ns() // 1000000
        moved = steps.update(encoder.position)
        for _ in range(abs(moved)):
            link.disc_step(moved, now)
        for name, pin, debouncer in buttons:
            edge = debouncer.update(not pin.value, now)  # pulled up: pressed reads low
            if edge is not None:
                link.button(name, edge, now)
        waiting = serial.in_waiting
        if waiting:
            for line in reader.feed(serial.read(waiting)):
                link.receive(line, now)
        shown = link.take_frame()
        if shown is not None:
            seq, pixels = shown
            for index in range(min(count, len(pixels))):
                ring[index] = pixels[index]
            for index in range(len(pixels), count):
                ring[index] = (0, 0, 0)
            ring.show()
            link.shown(seq, now)
        connected = serial.connected
        link.tick(now, connected)
        if connected:
            transmitter.send(serial, link)  # whole lines only, as many as the port has room for
        time.sleep(LOOP_SLEEP_S)
