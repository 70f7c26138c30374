"""The outputs: everything that shows the table, in one ordered list the loop hands each
snapshot to.

An output is a small object with ``show(snapshot)`` and ``close()`` (:class:`Output`). It
reads only the snapshot: it never calls back into the table or the app (one that needs
the table to do something posts an event on the app's queue, as a phone does). The loop
calls it on its own thread after every event that changed anything, and once when it
joins. An output that also has to wake the loop without an event (the ring's animation,
a window's event pump) has ``next_wake(snapshot, now)`` and ``tick(snapshot, now)`` too
(:class:`Timed`).

The composition root (``companion.app.build_app``, ``companion run``, ``companion sim``)
registers them in the order a press should be answered: the ring first (the quickest
answer), the buzzer, the screen or the simulator's window, the voice, the phones' hub,
the club feed. An output that raises is dropped with a notice on the screen (and in the
log) and the rest go on; it is never called again until a restart.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Protocol, runtime_checkable

from companion.config import Config
from companion.snapshot import Snapshot

log = logging.getLogger("companion.outputs")

# Where each kind of output stands in the list (ties keep the order they joined in).
RING, BUZZER, SCREEN, VOICE, HUB, FEED, OTHER = range(7)


@runtime_checkable
class Output(Protocol):
    """Anything that shows a snapshot: called on the loop thread."""

    def show(self, snapshot: Snapshot) -> None: ...

    def close(self) -> None: ...


@runtime_checkable
class Timed(Protocol):
    """An output that wakes the loop between events (an animation, a window to answer)."""

    def next_wake(self, snapshot: Snapshot, now: float) -> float | None:
        """Seconds until it must be ticked, or None while it needs no wake."""
        ...

    def tick(self, snapshot: Snapshot, now: float) -> None: ...


class Host(Protocol):
    """What an output made with the app in hand (the screen) knows of it: the config and
    where outputs join (the composition root subscribes it). It is handed nothing else: it
    sees the table only in snapshots."""

    @property
    def config(self) -> Config: ...

    def subscribe(self, output: Output) -> None: ...


class Called:
    """A plain callable as an output (``app.subscribe(page.send)``, the hub, the feed)."""

    def __init__(self, call: Callable[[Snapshot], None], rank: int = OTHER) -> None:
        self.call = call
        self.rank = rank
        self.name = getattr(call, "__qualname__", type(call).__name__)

    def show(self, snapshot: Snapshot) -> None:
        self.call(snapshot)

    def close(self) -> None:
        pass


def name_of(output: object) -> str:
    return str(getattr(output, "name", "") or type(output).__name__)


class Outputs:
    """The ordered list of outputs. Only the loop's thread touches it while the loop runs
    (another thread joins through the app's queue: ``App.subscribe``)."""

    def __init__(self) -> None:
        self._outputs: list[Output] = []
        self._timed: list[Timed] = []  # those of them that wake the loop, in order

    def __iter__(self) -> Iterator[Output]:
        return iter(list(self._outputs))

    def __len__(self) -> int:
        return len(self._outputs)

    def __contains__(self, output: object) -> bool:
        return output in self._outputs

    def add(self, output: Output) -> None:
        """In its place: after every output of its rank or a lower one."""
        rank = int(getattr(output, "rank", OTHER))
        place = len(self._outputs)
        while place and int(getattr(self._outputs[place - 1], "rank", OTHER)) > rank:
            place -= 1
        self._outputs.insert(place, output)
        self._timed = [o for o in self._outputs if isinstance(o, Timed)]

    def remove(self, output: Output) -> None:
        if output in self._outputs:
            self._outputs.remove(output)
        self._timed = [o for o in self._outputs if isinstance(o, Timed)]

    def show(self, snapshot: Snapshot, only: Output | None = None) -> Snapshot:
        """Hand ``snapshot`` to every output (or ``only`` one) in order; the snapshot after
        it (with a notice for each output that failed and was dropped, the others shown
        that one at once, without the cue they have already sounded)."""
        shown = snapshot
        for output in [only] if only is not None else list(self._outputs):
            shown = self._call(output, shown, output.show)
        if shown is not snapshot and only is None:
            quiet = replace(shown, cue=None)
            for output in list(self._outputs):
                quiet = self._call(output, quiet, output.show)
            return quiet
        return shown

    def tick(self, snapshot: Snapshot, now: float) -> Snapshot:
        """Tick the timed outputs; the snapshot after it (as :meth:`show`)."""
        ticked = snapshot
        for timed in list(self._timed):
            ticked = self._call(timed, ticked, timed.tick, now)
        if ticked is not snapshot:
            return self.show(replace(ticked, cue=None))
        return ticked

    def next_wake(self, snapshot: Snapshot, now: float) -> float | None:
        waits = [
            wait for timed in self._timed if (wait := timed.next_wake(snapshot, now)) is not None
        ]
        return min(waits) if waits else None

    def close(self) -> None:
        """Close every output, the last in the list first, and empty the list; one that
        fails to close is logged and the others are still closed."""
        outputs, self._outputs, self._timed = self._outputs, [], []
        for output in reversed(outputs):
            try:
                output.close()
            except Exception:  # closing must reach every output
                log.exception("%s did not close cleanly", name_of(output))

    def _call(
        self, output: object, snapshot: Snapshot, method: Callable[..., None], *now: float
    ) -> Snapshot:
        try:
            method(snapshot, *now)
        except Exception as error:  # an output must never end the loop
            name = name_of(output)
            log.exception("%s failed and is switched off", name)
            self.remove(output)  # type: ignore[arg-type]  # one of them
            hardware = snapshot.hardware
            failed = (*hardware.failed, f"{name}: {error}")
            return replace(snapshot, hardware=replace(hardware, failed=failed))
        return snapshot
