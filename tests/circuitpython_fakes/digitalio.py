"""``digitalio``: inputs read the bench's levels (pulled up: True until pressed)."""

from world import world


class Direction:
    INPUT = "input"
    OUTPUT = "output"


class Pull:
    UP = "up"
    DOWN = "down"


class DigitalInOut:
    def __init__(self, pin):
        self.pin = pin
        self.direction = None
        self.pull = None

    @property
    def value(self):
        if self.direction != Direction.INPUT or self.pull != Pull.UP:
            raise RuntimeError(f"{self.pin}: a button needs an input pulled up")
        return world.levels.get(self.pin.name, True)
