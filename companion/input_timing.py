"""Debounce and hold: pure code on timestamps, tested without pins.

gpiozero's mock pins ignore ``bounce_time`` and real contacts chatter, so the raw edges of
every button come here with the time the adapter took at the edge. :class:`InputTiming`
turns them into gestures:

- ``press``: at once on the press edge for a button with no second meaning (lowest
  latency); on release for a button that has a hold meaning, since only then do we know
  it was not one;
- ``hold``: the button stayed down ``hold`` seconds (fired while still down, reported
  once; its release then means nothing);
- ``repeat``: a seat's red or blue (up and down: a list's line, a value) held down goes
  on by itself, faster and faster (:class:`Repeat`), so a value far away takes one hold
  and a correction, not a press per step. The press itself came at the press edge, as
  ever; a tap never repeats.

There is no double press: no button has a meaning for one a player would guess, and
waiting to see whether a second press follows would delay every single press.

Debounce is a lockout: the first edge after a quiet spell is taken at once, the edges of
the next ``debounce`` seconds are only remembered, and when the lockout ends the button
takes whatever level it settled at. So chatter never counts twice, and a real release
inside the lockout is not lost.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

PRESS = "press"
HOLD = "hold"
REPEAT = "repeat"


@dataclass(frozen=True)
class Repeat:
    """When a held red or blue repeats: the first repeat ``delay`` seconds after the press
    (longer than a tap, so a tap never repeats), then every ``first`` seconds, each wait
    ``speedup`` times the one before, down to ``fastest``: 0.5 s, 0.7, 0.87, 1.01, 1.14...
    about 10 steps in 1.5 s and 30 in 2.5 s."""

    delay: float = 0.5
    first: float = 0.2
    speedup: float = 0.85
    fastest: float = 0.05
    colours: frozenset[str] = frozenset({"red", "blue"})

    def applies(self, button: str) -> bool:
        """A seat's up or down button (``seat2.blue``)."""
        seat, _, colour = button.partition(".")
        return seat.startswith("seat") and colour in self.colours

    def offset(self, index: int) -> float:
        """Seconds after the press that repeat ``index`` (0: the first) comes."""
        at, wait = self.delay, self.first
        for _ in range(index):
            at += wait
            wait = max(self.fastest, wait * self.speedup)
        return at

    def moves(self, seconds: float) -> int:
        """The steps a hold of ``seconds`` makes: the press and the repeats before release."""
        count = 0
        while self.offset(count) <= seconds:
            count += 1
        return 1 + count

    def hold_for(self, moves: int) -> float:
        """A hold that makes exactly ``moves`` steps (at least 2), released halfway
        between the last repeat it wants and the next, so a few milliseconds either way
        make no difference: what a press script writes as ``hold seat1.blue SECONDS``."""
        if moves < 2:
            raise ValueError("a hold makes at least two steps: one is a press")
        last, following = self.offset(moves - 2), self.offset(moves - 1)
        return round((last + following) / 2, 3)


REPEAT_TIMES = Repeat()


@dataclass(frozen=True)
class Gesture:
    button: str
    kind: str  # PRESS or HOLD
    at: float


@dataclass
class _Button:
    raw: bool = False  # the last level an edge reported
    down: bool = False  # the debounced level
    accepted_at: float = float("-inf")  # when ``down`` last changed
    pressed_at: float = 0.0
    held: bool = False
    repeats: int = 0  # repeats made since the press (a held red or blue)


@dataclass
class InputTiming:
    """Per-button state; ``edge`` and ``tick`` return the gestures that became due."""

    debounce: float = 0.03
    hold: float = 0.8
    hold_buttons: frozenset[str] = frozenset()
    hold_times: Mapping[str, float] = field(default_factory=dict)
    repeat: Repeat | None = REPEAT_TIMES  # None: a held button never repeats
    _buttons: dict[str, _Button] = field(default_factory=dict)

    def _state(self, name: str) -> _Button:
        return self._buttons.setdefault(name, _Button())

    def hold_time(self, name: str) -> float:
        return self.hold_times.get(name, self.hold)

    def is_down(self, name: str) -> bool:
        return self._state(name).down

    def edge(self, name: str, pressed: bool, at: float) -> list[Gesture]:
        """A raw edge from a pin (or a key). Returns the gestures it completes."""
        button = self._state(name)
        gestures = self._due(name, button, at)
        button.raw = pressed
        if at - button.accepted_at >= self.debounce and pressed != button.down:
            gestures.extend(self._accept(name, button, pressed, at))
        return gestures

    def tick(self, now: float) -> list[Gesture]:
        """Timers: lockouts ending, holds reached."""
        gestures: list[Gesture] = []
        for name, button in self._buttons.items():
            gestures.extend(self._due(name, button, now))
        return gestures

    def next_deadline(self) -> float | None:
        """The earliest time ``tick`` has something to do, or None when nothing waits."""
        times: list[float] = []
        for name, button in self._buttons.items():
            if button.raw != button.down:
                times.append(button.accepted_at + self.debounce)
            if button.down and not button.held and name in self.hold_buttons:
                times.append(button.pressed_at + self.hold_time(name))
            if button.down and self._repeats(name):
                times.append(self._next_repeat(button))
        return min(times) if times else None

    def _repeats(self, name: str) -> bool:
        return self.repeat is not None and self.repeat.applies(name)

    def _next_repeat(self, button: _Button) -> float:
        assert self.repeat is not None
        return button.pressed_at + self.repeat.offset(button.repeats)

    def _due(self, name: str, button: _Button, now: float) -> list[Gesture]:
        gestures: list[Gesture] = []
        settle = button.accepted_at + self.debounce
        if button.raw != button.down and now >= settle:
            gestures.extend(self._accept(name, button, button.raw, settle))
        if button.down and not button.held and name in self.hold_buttons:
            due = button.pressed_at + self.hold_time(name)
            if now >= due:
                button.held = True
                gestures.append(Gesture(name, HOLD, due))
        if button.down and self._repeats(name):
            due = self._next_repeat(button)
            while now >= due:  # a late tick catches up, each repeat at its own time
                button.repeats += 1
                gestures.append(Gesture(name, REPEAT, due))
                due = self._next_repeat(button)
        return gestures

    def _accept(self, name: str, button: _Button, pressed: bool, at: float) -> list[Gesture]:
        button.down = pressed
        button.accepted_at = at
        if pressed:
            button.pressed_at = at
            button.held = False
            button.repeats = 0
            return [] if name in self.hold_buttons else [Gesture(name, PRESS, at)]
        if button.held or name not in self.hold_buttons:
            return []
        return [Gesture(name, PRESS, at)]


def feed(timing: InputTiming, edges: Iterable[tuple[str, bool, float]], until: float) -> list[str]:
    """Run edges then timers up to ``until``; gestures as "button:kind" (for tests and docs)."""
    out: list[Gesture] = []
    for name, pressed, at in edges:
        out.extend(timing.tick(at))
        out.extend(timing.edge(name, pressed, at))
    out.extend(timing.tick(until))
    return [f"{g.button}:{g.kind}" for g in out]
