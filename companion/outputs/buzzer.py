"""The buzzer: the one cue a change deserves (``companion.cues``), played once.

A cue sounds for the event that made it: a snapshot shown again (an output failed and the
others are told at once) carries none. A muted table (the menu's Sound line) is quiet.
"""

from __future__ import annotations

from companion.hardware.ports import Buzzer
from companion.outputs import BUZZER
from companion.snapshot import Snapshot


class BuzzerOutput:
    rank = BUZZER
    name = "buzzer"

    def __init__(self, buzzer: Buzzer) -> None:
        self.buzzer = buzzer

    def show(self, snapshot: Snapshot) -> None:
        if snapshot.cue and not snapshot.ui.muted:
            self.buzzer.play(snapshot.cue)

    def close(self) -> None:
        pass  # the port is the adapters', closed with them
