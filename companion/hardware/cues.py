"""The buzzer's cues: short, distinct note patterns (pure data).

A note is (note name or None for a rest, seconds). Cues differ in contour and rhythm, not
only in pitch, so they are told apart without a musical ear. Nothing here depends on what
was voted: a vote sounds the same whatever condition it was.
"""

from __future__ import annotations

Note = tuple[str | None, float]

CUES: dict[str, tuple[Note, ...]] = {
    # two rising notes: "you"
    "your_turn": (("E5", 0.08), (None, 0.03), ("A5", 0.12)),
    # three quick even notes: tokens coming back
    "tokens_return": (("C6", 0.05), (None, 0.04), ("C6", 0.05), (None, 0.04), ("C6", 0.05)),
    # one long middle note: everyone has voted
    "vote_complete": (("G5", 0.30),),
    # a rising arpeggio and a held top
    "victory": (("C5", 0.10), ("E5", 0.10), ("G5", 0.10), ("C6", 0.40)),
    # one short low buzz: that press does not fit
    "no": (("A4", 0.09),),
}

CUE_NAMES = tuple(CUES)
# Which cue wins when several wait: the game's end over the vote over the sigil over turns.
CUE_RANK = {"no": 0, "your_turn": 1, "tokens_return": 2, "vote_complete": 3, "victory": 4}


def duration(cue: str) -> float:
    return sum(seconds for _, seconds in CUES[cue])
