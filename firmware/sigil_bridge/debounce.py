"""Debouncing as a pure function of samples and their times (milliseconds)."""


class Debouncer:
    """A level counts only once it has held for ``stable_ms``; returns the edges it makes."""

    def __init__(self, stable_ms=20, pressed=False):
        self.stable_ms = stable_ms
        self.pressed = pressed
        self.candidate = pressed
        self.since_ms = None

    def update(self, raw, now_ms):
        """Feed one sample: True on a press, False on a release, None otherwise."""
        raw = bool(raw)
        if raw != self.candidate or self.since_ms is None:
            self.candidate = raw
            self.since_ms = now_ms
        if raw != self.pressed and now_ms - self.since_ms >= self.stable_ms:
            self.pressed = raw
            return raw
        return None
