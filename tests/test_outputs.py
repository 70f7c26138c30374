"""The app's outputs: one ordered list, each output a small object the loop shows every
snapshot to; a new one is a class and one line (docs/architecture.md)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from companion.app import App, ButtonEdge, build_app
from companion.config import load
from companion.display.screen import ScreenOutput
from companion.outputs import FEED, VOICE, Called, Outputs, name_of
from companion.snapshot import Snapshot
from companion.table import Table
from companion.voice import FakeSpeaker, Voice, VoiceOutput
from tests.test_controls import DUEL_SETUP, TO_SUPPORT


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    clock = [1000.0]
    built = build_app(
        load(None), fakes=True, journal_path=tmp_path / "j.sqlite", clock=lambda: clock[0]
    )
    for action in DUEL_SETUP + TO_SUPPORT:
        built.apply(action)
    try:
        yield built
    finally:
        built.close()


def press(app: App, name: str, at: float) -> None:
    app.handle(ButtonEdge(name, True, at), at)
    app.handle(ButtonEdge(name, False, at + 0.05), at + 0.05)


# --- a new output, as a builder would write one (docs/architecture.md) ------------------------


class Counter:
    """Counts the snapshots it is shown: a whole output in a few lines."""

    def __init__(self) -> None:
        self.seen: list[Snapshot] = []
        self.closed = False

    def show(self, snapshot: Snapshot) -> None:
        self.seen.append(snapshot)

    def close(self) -> None:
        self.closed = True


def test_a_new_output_is_a_class_and_one_line_and_a_press_reaches_it_once(app: App) -> None:
    counter = Counter()
    app.outputs.add(counter)  # the public registry
    press(app, "seat1.cyan", 2000.0)  # a support ability: the table changes
    assert len(counter.seen) == 1 and counter.seen[0] is app.snapshot
    assert counter.seen[0].change.kind == "action"
    press(app, "seat2.red", 2001.0)  # not seat 2's turn: refused, said on the screen
    assert len(counter.seen) == 2 and counter.seen[-1].ui.notice is not None
    app.close()
    assert counter.closed


# --- the list ----------------------------------------------------------------------------------


def test_outputs_stand_in_the_order_a_press_is_answered(app: App) -> None:
    """The ring first (the quickest answer), then the buzzer, the screen, the voice, the
    phones' hub, the feed; whatever order the composition root started them in."""
    feed = Called(lambda snapshot: None, FEED)
    app.subscribe(feed)
    app.hub()
    pygame.display.init()
    try:
        screen = ScreenOutput(app, pygame.display.set_mode((480, 320)))
        app.subscribe(screen)
        extra = Counter()
        app.subscribe(extra)
        listed = list(app.outputs)
        assert [name_of(output) for output in listed[:4]] == ["ring", "buzzer", "screen", "Hub"]
        assert listed[2] is screen and listed[-2:] == [feed, extra]  # the feed, then the rest
    finally:
        pygame.display.quit()


def test_every_output_sees_the_same_frozen_snapshot_in_order(app: App) -> None:
    order: list[str] = []

    class Named:
        def __init__(self, name: str) -> None:
            self.name = name
            self.seen: list[Snapshot] = []

        def show(self, snapshot: Snapshot) -> None:
            order.append(self.name)
            self.seen.append(snapshot)

        def close(self) -> None:
            pass

    first, second = Named("first"), Named("second")
    app.outputs.add(first)
    app.outputs.add(second)
    press(app, "seat1.blue", 2000.0)  # the cursor moves: the UI changed, not the table
    assert order == ["first", "second"]
    assert first.seen[0] is second.seen[0] is app.snapshot


def test_a_timed_output_that_fails_is_dropped_and_the_loop_goes_on(app: App) -> None:
    """A window whose pump raises (its display went away) is dropped with a notice, as
    an output that fails to show; the ring and the others go on."""

    class BrokenWindow(Counter):
        name = "window"

        def next_wake(self, snapshot: Snapshot, now: float) -> float | None:
            return 0.25

        def tick(self, snapshot: Snapshot, now: float) -> None:
            raise OSError("the display went away")

    window, after = BrokenWindow(), Counter()
    before = app.next_wake(2000.0)  # the ring's pulsing token
    app.subscribe(window)
    app.subscribe(after)
    assert app.next_wake(2000.0) == min(before or 0.25, 0.25)
    app.tick(2000.0)
    assert window not in app.outputs
    assert "window: the display went away" in app.snapshot.notices()[-1]
    assert after.seen[-1] is app.snapshot  # told at once
    assert app.next_wake(2000.0) == before  # it wakes the loop no more
    press(app, "seat1.cyan", 2001.0)
    assert after.seen[-1].change.kind == "action"
    assert app.adapters.ring.frames  # type: ignore[union-attr]  # the fake's history


def test_a_cue_sounds_once_even_when_another_output_fails_on_that_snapshot(app: App) -> None:
    class Failing(Counter):
        def show(self, snapshot: Snapshot) -> None:
            if self.seen:
                raise OSError("gone")
            self.seen.append(snapshot)

    app.subscribe(Failing())
    buzzer = app.adapters.buzzer
    heard = len(buzzer.cues)  # type: ignore[union-attr]
    press(app, "seat2.red", 2000.0)  # refused: "no"
    assert buzzer.cues[heard:] == ["no"]  # type: ignore[union-attr]
    assert app.snapshot.hardware.failed and app.snapshot.cue is None


def test_an_output_joining_while_the_loop_runs_joins_on_the_loop(tmp_path: Path) -> None:
    app = build_app(load(None), fakes=True, journal_path=tmp_path / "j.sqlite")
    threads: list[threading.Thread] = []

    class Joiner(Counter):
        def show(self, snapshot: Snapshot) -> None:
            threads.append(threading.current_thread())
            super().show(snapshot)

    loop = threading.Thread(target=app.run, name="loop")
    loop.start()
    try:
        deadline = time.monotonic() + 5
        while not app.running and time.monotonic() < deadline:
            time.sleep(0.01)
        joiner = Joiner()
        app.subscribe(joiner)  # from this thread: through the queue
        app.post(ButtonEdge("seat1.blue", True, time.monotonic()))
        app.events.join()
    finally:
        app.stop()
        loop.join(5)
        app.close()
    assert len(joiner.seen) == 2 and set(threads) == {loop}  # its first picture, the press
    assert joiner.closed


def test_no_output_touches_the_table_while_it_shows_a_snapshot(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Outputs read only the snapshot: while the ring, the buzzer, the screen, the voice
    and the phones' hub are shown a press, an undo and a tick, none of them asks the
    table for its prompt, view, history, state or head, nor executes anything."""
    pygame.display.init()
    fake = FakeSpeaker()
    spoken = Voice(fake)
    try:
        app.subscribe(ScreenOutput(app, pygame.display.set_mode((480, 320))))
        app.hub()
        app.subscribe(Called(VoiceOutput(spoken), VOICE))
        inside: list[bool] = [False]
        touched: list[str] = []

        def spied(name: str) -> Any:
            original = getattr(Table, name)
            if isinstance(original, property):
                getter = original.fget
                assert getter is not None

                def read(table: Table) -> Any:
                    if inside[0]:
                        touched.append(name)
                    return getter(table)

                return property(read)

            def spy(table: Table, *args: Any, **kwargs: Any) -> Any:
                if inside[0]:
                    touched.append(name)
                return original(table, *args, **kwargs)

            return spy

        for name in ("prompt", "view", "history", "execute", "state", "head"):
            monkeypatch.setattr(Table, name, spied(name))
        calling = Outputs._call

        def watched(outputs: Outputs, *args: Any) -> Snapshot:
            inside[0] = True
            try:
                return calling(outputs, *args)
            finally:
                inside[0] = False

        monkeypatch.setattr(Outputs, "_call", watched)
        press(app, "seat1.cyan", 2000.0)
        press(app, "undo", 2001.0)
        app.tick(2002.0)
        assert app.table.head  # the spies work outside the outputs
        assert touched == [] and len(app.outputs) == 5  # and no output was dropped
    finally:
        fake.release()
        spoken.close()
        pygame.display.quit()
