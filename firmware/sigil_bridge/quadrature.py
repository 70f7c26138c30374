"""Disc steps from the two hall sensors, as pure code.

One magnet per sector passes sensor A, then both, then B: one full Gray-code cycle
(00 -> 10 -> 11 -> 01 -> 00) is one step clockwise, the reverse one step back. On the Pico
``rotaryio`` counts the edges in hardware (PIO) with ``divisor=4``, so :class:`StepCounter`
only turns its position into steps. :class:`QuadratureDecoder` decodes the same signal
from sampled levels, for boards without ``rotaryio`` and for the virtual Pico.
"""

# (previous state, new state) -> quarter steps. States are (a << 1) | b.
_MOVES = {
    (0b00, 0b10): 1,
    (0b10, 0b11): 1,
    (0b11, 0b01): 1,
    (0b01, 0b00): 1,
    (0b00, 0b01): -1,
    (0b01, 0b11): -1,
    (0b11, 0b10): -1,
    (0b10, 0b00): -1,
}


class QuadratureDecoder:
    """Counts quarter steps from (a, b) samples; a jump over a state is counted as an error."""

    def __init__(self, a=False, b=False, edges_per_step=4):
        self.state = (int(bool(a)) << 1) | int(bool(b))
        self.edges_per_step = edges_per_step
        self.quarters = 0
        self.errors = 0

    def feed(self, a, b):
        """Take one sample; returns the quarter steps it made (-1, 0 or +1)."""
        state = (int(bool(a)) << 1) | int(bool(b))
        if state == self.state:
            return 0
        move = _MOVES.get((self.state, state), 0)
        if move == 0:
            self.errors += 1  # both sensors changed between samples: direction unknown
        self.state = state
        self.quarters += move
        return move

    @property
    def position(self):
        """Whole steps so far, like ``rotaryio.IncrementalEncoder.position`` with a divisor."""
        whole = abs(self.quarters) // self.edges_per_step
        return whole if self.quarters >= 0 else -whole


class StepCounter:
    """Turns an encoder's absolute position into signed steps since the last look."""

    def __init__(self, position=0, reverse=False):
        self.last = position
        self.reverse = reverse

    def update(self, position):
        moved = position - self.last
        self.last = position
        return -moved if self.reverse else moved
