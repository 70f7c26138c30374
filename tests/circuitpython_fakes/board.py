"""``board`` of a Raspberry Pi Pico: its GP pins."""


class Pin:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board." + self.name


for _number in range(29):
    globals()[f"GP{_number}"] = Pin(f"GP{_number}")
