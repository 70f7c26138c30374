"""Sound cues through the screen's audio (pygame.mixer), muted by a setting.

The cues are the buzzer's (``companion.hardware.cues``): the same note patterns, so a
table with a piezo and one with speakers sound alike. Where there is no audio device the
player says so once and stays silent; nothing fails.
"""

from __future__ import annotations

import logging
import math
from array import array

import pygame

from companion.hardware.cues import CUES

log = logging.getLogger("companion.sound")

NOTE_STEPS = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
VOLUME = 0.35


def note_hz(note: str) -> float:
    """Equal-tempered frequency of a note name such as "A4", "C#5", "Bb3"."""
    letter, rest = note[0].upper(), note[1:]
    shift = 0
    if rest[:1] == "#":
        shift, rest = 1, rest[1:]
    elif rest[:1] == "b":
        shift, rest = -1, rest[1:]
    octave = int(rest)
    steps = NOTE_STEPS[letter] + shift + (octave - 4) * 12
    return 440.0 * 2 ** (steps / 12)


def samples(cue: str, rate: int, channels: int) -> array[int]:
    """16-bit PCM of a cue: sine notes with short fades (no clicks), rests as silence."""
    data: array[int] = array("h")
    for note, seconds in CUES[cue]:
        count = int(rate * seconds)
        fade = max(1, min(count // 4, int(rate * 0.005)))
        hz = note_hz(note) if note else 0.0
        for index in range(count):
            if not hz:
                value = 0
            else:
                envelope = min(1.0, index / fade, (count - index) / fade)
                value = int(32767 * VOLUME * envelope * math.sin(2 * math.pi * hz * index / rate))
            data.extend([value] * channels)
    return data


class Sounds:
    """Plays cues unless muted; ``played`` records what sounded (for tests)."""

    def __init__(self, muted: bool = False) -> None:
        self.muted = muted
        self.played: list[str] = []
        self._cache: dict[str, pygame.mixer.Sound] = {}
        self._available: bool | None = None

    @property
    def available(self) -> bool:
        if self._available is None:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init(frequency=22050, size=-16, channels=1)
                self._available = True
            except pygame.error as error:
                log.info("no audio here (%s): cues stay silent", error)
                self._available = False
        return self._available

    def sound(self, cue: str) -> pygame.mixer.Sound:
        found = self._cache.get(cue)
        if found is None:
            init = pygame.mixer.get_init()
            rate, _, channels = init if init else (22050, -16, 1)
            found = pygame.mixer.Sound(buffer=samples(cue, rate, channels).tobytes())
            self._cache[cue] = found
        return found

    def play(self, cue: str) -> bool:
        """Sound ``cue``; False when muted, unknown, or there is no audio."""
        if self.muted or cue not in CUES or not self.available:
            return False
        self.sound(cue).play()
        self.played.append(cue)
        return True

    def close(self) -> None:
        if self._available and pygame.mixer.get_init():
            pygame.mixer.quit()
        self._available = None
