"""``rotaryio``: the disc's position in whole sectors (the hall sensors' four edges each)."""

from world import world


class IncrementalEncoder:
    def __init__(self, pin_a, pin_b, divisor=4):
        if divisor != 4:
            raise ValueError("one step per sector needs divisor=4")
        if int(pin_b.name[2:]) != int(pin_a.name[2:]) + 1:
            raise ValueError("rotaryio needs consecutive pins")

    @property
    def position(self):
        return world.position
