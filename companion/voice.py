"""The table said aloud: the narration's sentences spoken in the table's language.

Why espeak-ng: it is in Debian and Raspberry Pi OS (``apt install espeak-ng``), runs
offline on a Pi Zero-class CPU with no model to download, speaks Russian and English
from the same package, starts in tens of milliseconds, and renders to a WAV file
(``-w``) so the tests can hear it. Its voice is robotic; the table wants the words, at
once, more than a natural voice (Piper/RHVoice sound better but need models fetched
outside the distribution, and are slow to start on a small Pi).

One worker thread speaks, one sentence at a time, from a queue: a burst of events never
overlaps. Each action starts a new *generation*: sentences queued for an older action
and not yet begun are dropped, so the voice never lags behind the game. Undo silences:
the queue is flushed and the sentence being spoken is stopped.

The speaker process is the one seam (:class:`Speaker`): tests give a fake that records
what it was asked to say and can be held mid-sentence.
"""

from __future__ import annotations

import logging
import queue
import shutil
import subprocess
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from companion.narration import narrate
from companion.table import NOTHING, Change

if TYPE_CHECKING:
    from companion.snapshot import Snapshot

log = logging.getLogger(__name__)

PROGRAM = "espeak-ng"
VOICES = {"en": "en-gb", "ru": "ru"}  # espeak-ng's voice for each table language
WORDS_PER_MINUTE = 150  # a little slower than espeak-ng's 175: heard across a table


class Utterance(Protocol):
    """One sentence being spoken."""

    def wait(self) -> None: ...

    def stop(self) -> None: ...


class Speaker(Protocol):
    """Starts speaking a sentence and returns at once."""

    def start(self, sentence: str, language: str) -> Utterance: ...


def available(program: str | None = None) -> bool:
    """Is the synthesizer installed?"""
    return shutil.which(program or PROGRAM) is not None


# What the screen writes as a sign and espeak-ng would skip: "Saxum → Messum: 3 wounds" is
# read "Saxum to Messum", and in Russian, where the word after the arrow stands in the
# nominative, as a pause ("Саксум, Мессум: три раны").
SPOKEN_SIGNS = {"en": {"→": "to"}, "ru": {"→": ","}}


def spoken(sentence: str, language: str) -> str:
    """The sentence as the voice says it: the screen's signs said as words or pauses."""
    for sign, said in SPOKEN_SIGNS.get(language, SPOKEN_SIGNS["en"]).items():
        sentence = sentence.replace(f" {sign} ", f" {said} " if said.isalpha() else f"{said} ")
    return sentence


def command(sentence: str, language: str, program: str = PROGRAM) -> list[str]:
    voice = VOICES.get(language, VOICES["en"])
    return [program, "-v", voice, "-s", str(WORDS_PER_MINUTE), "--", spoken(sentence, language)]


def render_wav(sentence: str, language: str, path: Path, program: str = PROGRAM) -> None:
    """The sentence as espeak-ng speaks it, written to a WAV file instead of the speaker."""
    args = command(sentence, language, program)
    args[1:1] = ["-w", str(path)]
    subprocess.run(args, check=True, capture_output=True, timeout=30)


@dataclass
class _Process:
    process: subprocess.Popen[bytes]

    def wait(self) -> None:
        self.process.wait()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=2)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@dataclass(frozen=True)
class Espeak:
    """espeak-ng speaking through the box's default audio output."""

    program: str = PROGRAM

    def start(self, sentence: str, language: str) -> Utterance:
        process = subprocess.Popen(
            command(sentence, language, self.program),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        return _Process(process)


@dataclass(frozen=True)
class _Line:
    generation: int
    sentence: str
    language: str


_CLOSE = _Line(-1, "", "")  # the worker ends
_IDLE = _Line(-2, "", "")  # the worker reached this point of the queue (tests wait on it)


class Voice:
    """Speaks queued sentences on its own thread; :meth:`say` and :meth:`silence` return
    at once (the loop thread calls them)."""

    def __init__(self, speaker: Speaker) -> None:
        self.speaker = speaker
        self._queue: queue.Queue[_Line] = queue.Queue()
        self._lock = threading.Lock()
        self._generation = 0
        self._current: Utterance | None = None
        self._waiters: list[threading.Event] = []
        self._thread = threading.Thread(target=self._run, name="voice", daemon=True)
        self._thread.start()

    def say(self, sentences: list[str] | tuple[str, ...], language: str) -> None:
        """Speak these sentences of a new action, after the one being spoken; sentences of
        older actions not yet begun are dropped."""
        with self._lock:
            self._generation += 1
            generation = self._generation
        for sentence in sentences:
            self._queue.put(_Line(generation, sentence, language))

    def silence(self) -> None:
        """Nothing more from what was said before: the queue flushed, the sentence being
        spoken stopped."""
        with self._lock:
            self._generation += 1
            current, self._current = self._current, None
        if current is not None:
            current.stop()

    def idle(self, timeout: float = 5.0) -> bool:
        """Wait until every queued sentence is spoken or dropped (tests)."""
        done = threading.Event()
        self._waiters.append(done)
        self._queue.put(_IDLE)
        return done.wait(timeout)

    def close(self) -> None:
        self.silence()
        self._queue.put(_CLOSE)
        self._thread.join(timeout=5)

    def _run(self) -> None:
        while True:
            line = self._queue.get()
            if line is _CLOSE:
                return
            if line is _IDLE:
                while self._waiters:
                    self._waiters.pop().set()
                continue
            with self._lock:
                if line.generation != self._generation:
                    continue  # an older action's, or silenced: dropped
                try:
                    utterance = self.speaker.start(line.sentence, line.language)
                except OSError as error:
                    log.warning("the voice cannot speak: %s", error)
                    continue
                self._current = utterance
            utterance.wait()
            with self._lock:
                if self._current is utterance:
                    self._current = None


class VoiceOutput:
    """The output the app subscribes: each fresh change's narration is spoken in the
    table's language; an undo silences; a muted table (the menu's Sound line) is quiet."""

    def __init__(self, voice: Voice) -> None:
        self.voice = voice
        self._change: Change = NOTHING

    def __call__(self, snapshot: Snapshot) -> None:
        snap = snapshot
        change = snap.change
        if change is self._change:
            return  # only the UI moved
        self._change = change
        if change.kind == "undo" or snap.ui.muted:
            self.voice.silence()
            return
        if change.fresh:
            lines = narrate(snap.spec, change.events, snap.view, snap.language)
            if lines:
                self.voice.say(lines, snap.language)


class FakeUtterance:
    """A sentence the fake is speaking: it lasts until released or stopped."""

    def __init__(self, speaker: FakeSpeaker, sentence: str) -> None:
        self.speaker = speaker
        self.sentence = sentence
        self.ended = threading.Event()
        if not speaker.holding:
            self.ended.set()

    def wait(self) -> None:
        self.ended.wait(timeout=10)
        with self.speaker.lock:
            self.speaker.speaking -= 1

    def stop(self) -> None:
        self.speaker.stopped.append(self.sentence)
        self.ended.set()


class FakeSpeaker:
    """A speaker for tests and the simulator: records what it was asked to say (``said``,
    ``stopped``) and how many sentences ever sounded at once (``most_at_once``); with
    :meth:`hold` each sentence lasts until :meth:`release`."""

    def __init__(self) -> None:
        self.said: list[tuple[str, str]] = []  # (sentence, language), in the order begun
        self.stopped: list[str] = []
        self.holding = False
        self.speaking = 0
        self.most_at_once = 0
        self.lock = threading.Lock()
        self.started = threading.Semaphore(0)  # one release per sentence begun
        self._utterances: list[FakeUtterance] = []

    def start(self, sentence: str, language: str) -> Utterance:
        with self.lock:
            self.said.append((sentence, language))
            self.speaking += 1
            self.most_at_once = max(self.most_at_once, self.speaking)
            utterance = FakeUtterance(self, sentence)
            self._utterances.append(utterance)
        self.started.release()
        return utterance

    def hold(self) -> None:
        """Sentences begun from now on last until released."""
        self.holding = True

    def release(self) -> None:
        """End the sentence being spoken (and speak the next ones at once)."""
        self.holding = False
        for utterance in self._utterances:
            utterance.ended.set()

    def forget(self) -> None:
        """Start the history afresh (what was said, stopped, begun)."""
        with self.lock:
            self.said.clear()
            self.stopped.clear()
            self.started = threading.Semaphore(0)

    def wait_for_start(self, timeout: float = 5.0) -> bool:
        """Wait until a sentence begins (one call per sentence)."""
        return self.started.acquire(timeout=timeout)
