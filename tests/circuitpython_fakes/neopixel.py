"""``neopixel``: the ring's colours, recorded at every ``show()``."""

from world import world


class NeoPixel:
    def __init__(self, pin, n, brightness=1.0, auto_write=True, pixel_order=None):
        self.pin = pin
        self.n = n
        self.brightness = brightness
        self.auto_write = auto_write
        self.pixels = [(0, 0, 0)] * n

    def __len__(self):
        return self.n

    def __setitem__(self, index, colour):
        if len(colour) != 3 or not all(0 <= part <= 255 for part in colour):
            raise ValueError(f"not a colour: {colour}")
        self.pixels[index] = tuple(colour)

    def __getitem__(self, index):
        return self.pixels[index]

    def fill(self, colour):
        for index in range(self.n):
            self[index] = colour

    def show(self):
        world.ring.append(list(self.pixels))
