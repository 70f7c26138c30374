"""Safe mode: when the table cannot start, the screen says why instead of going dark.

``companion run --safe-mode`` (the systemd unit's way) never ends in a restart loop with a
black screen: a journal that cannot be used, a config with errors, or a table that crashed
three times in a row within a minute of starting shows the reason on the screen, keeps
systemd's watchdog fed, and offers what a player can do from the buttons:

- NEXT: start a fresh journal; the old one is kept beside it (``journal.db.kept-<time>``);
- UNDO: try again as it is (after freeing space, plugging the Pico back, ...).

A config that is fixed (``companion check-config``) is picked up by itself. The exit code
is 0 either way, and systemd starts the table again (``Restart=always``).
"""

from __future__ import annotations

import json
import logging
import os
import signal
import time
from collections.abc import Callable
from pathlib import Path

from companion.config import Config
from companion.hardware.gpio import GpioButtonPanel
from companion.i18n import text
from companion.library import write_atomically
from companion.service import Watchdog, notify

log = logging.getLogger("companion.safe")

CRASHES = 3  # crashes in a row, each within UPTIME of its start, before safe mode
UPTIME = 60.0  # seconds a table must run for its start to count as good


class StartRecord:
    """``starts.json`` beside the journal: crashes in a row, and the last one's reason."""

    def __init__(self, journal: Path) -> None:
        self.path = journal.parent / "starts.json"

    def read(self) -> tuple[int, str]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            return int(data["crashes"]), str(data["error"])
        except (OSError, ValueError, KeyError, TypeError):
            return 0, ""

    def write(self, crashes: int, error: str) -> None:
        """Atomically, and 0600 like the journal beside it (the reason may name players)."""
        try:
            write_atomically(self.path, json.dumps({"crashes": crashes, "error": error}))
        except OSError as failed:
            log.warning("cannot keep the start record %s: %s", self.path, failed)

    def crashed(self, error: BaseException, uptime: float) -> None:
        crashes, _ = self.read()
        reason = f"{type(error).__name__}: {error}"
        self.write(crashes + 1 if uptime < UPTIME else 1, reason)

    def ran_well(self) -> None:
        if self.read()[0]:
            self.write(0, "")


def keep_aside(journal: Path) -> Path:
    """Move the journal (and its WAL files) aside, kept; the next start makes a fresh one."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    kept = journal.with_name(f"{journal.name}.kept-{stamp}")
    for suffix in ("", "-wal", "-shm"):
        source = Path(f"{journal}{suffix}")
        if source.exists():
            os.replace(source, Path(f"{kept}{suffix}"))
    return kept


class SafeScreen:
    """The reason and the two choices, large, on whatever display there is."""

    def __init__(self, size: tuple[int, int] = (800, 480)) -> None:
        import pygame  # noqa: PLC0415 (pygame loads only when a screen is needed)

        from companion.display.layout import Layout  # noqa: PLC0415
        from companion.display.paint import Fonts, Painter  # noqa: PLC0415

        pygame.display.init()
        try:
            surface = pygame.display.set_mode(size)
        except pygame.error:
            surface = pygame.Surface(size)
        self.pygame = pygame
        self.layout = Layout(*size)
        self.painter = Painter(surface, Fonts(), self.layout.min_text)

    def draw(self, reason: str, language: str, fresh: bool) -> None:
        from companion.display import theme  # noqa: PLC0415

        pygame, painter, layout = self.pygame, self.painter, self.layout
        painter.reset()
        painter.surface.fill(theme.BACKGROUND)
        # Every line at 5 mm on the panel (layout.min_text): long lines wrap, never shrink.
        margin = layout.px(8)
        width = layout.width - 2 * margin
        px = layout.min_text

        def block(words: str, bold: bool) -> int:
            return len(painter.wrap(words, width, px, bold)) * layout.line

        title_words = text("safe.title", language)
        title = pygame.Rect(margin, margin, width, block(title_words, True))
        painter.lines(title, title_words, px, colour=theme.NEGATIVE, bold=True,
                      role="safe.title", max_lines=3, align="center")  # fmt: skip
        hints = [text("safe.retry", language)]
        if fresh:
            hints.insert(0, text("safe.fresh", language))
        bottom = layout.height - margin - sum(block(hint, True) for hint in hints)
        top = bottom
        for hint in hints:
            box = pygame.Rect(margin, top, width, block(hint, True))
            top = box.bottom
            painter.lines(box, hint, px, colour=theme.HIGHLIGHT, bold=True, role="safe.hint",
                          max_lines=3)  # fmt: skip
        body = pygame.Rect(margin, title.bottom + layout.px(4), width, 0)
        body.height = max(0, bottom - layout.px(4) - body.top)
        painter.lines(body, reason, px, colour=theme.TEXT, role="safe.reason",
                      max_lines=max(1, layout.lines_in(body.height)))  # fmt: skip
        if pygame.display.get_surface() is painter.surface:
            pygame.display.flip()

    def keys(self) -> list[str]:
        """NEXT and UNDO from a keyboard (a laptop, the simulator): n / u."""
        pressed = []
        for event in self.pygame.event.get():
            if event.type == self.pygame.KEYDOWN and event.unicode in ("n", "u"):
                pressed.append("next" if event.unicode == "n" else "undo")
        return pressed

    def close(self) -> None:
        self.pygame.display.quit()


def run(
    reason: str,
    config: Config,
    journal: Path | None,
    *,
    fixed: Callable[[], bool] | None = None,
    presses: Callable[[], list[str]] | None = None,
    screen: SafeScreen | None = None,
    seconds: float | None = None,
) -> int:
    """Show ``reason`` until a press (or ``fixed()``) says what to do; 0 then.

    ``presses`` yields the buttons pressed since the last call (the box's GPIO panel by
    default); ``seconds`` bounds the wait (tests)."""
    log.error("safe mode: %s", reason)
    screen = screen or SafeScreen()
    panel = _panel(config) if presses is None else None
    pressed: list[str] = []
    if panel is not None:
        panel.start(lambda name, down, at: pressed.append(name) if down else None)
    stop: list[int] = []
    previous = signal.signal(signal.SIGTERM, lambda n, f: stop.append(n))
    fresh = journal is not None and journal.exists()
    screen.draw(reason, config.language, fresh)
    notify("READY=1")
    notify(f"STATUS=safe mode: {reason}")
    dog = Watchdog()
    start = time.monotonic()
    try:
        while not stop:
            dog.tick(time.monotonic())
            got = [*pressed, *(presses() if presses else []), *screen.keys()]
            pressed.clear()
            if "next" in got and fresh and journal is not None:
                try:
                    kept = keep_aside(journal)
                except OSError as error:  # a read-only card: nothing can be moved; stay
                    log.warning("safe mode: the journal cannot be moved aside: %s", error)
                    continue
                log.info("safe mode: the journal is kept as %s; starting a fresh one", kept)
                return 0
            if "undo" in got or (fixed is not None and fixed()):
                log.info("safe mode: trying again")
                return 0
            if seconds is not None and time.monotonic() - start > seconds:
                return 1
            time.sleep(0.1)
        return 0
    finally:
        signal.signal(signal.SIGTERM, previous)
        if panel is not None:
            panel.close()
        screen.close()


def _panel(config: Config) -> GpioButtonPanel | None:
    """The box's buttons, if its pins can be opened (never a reason to fail here)."""
    try:
        return GpioButtonPanel(config.button_pins, pull_up=config.buttons.pull_up)
    except Exception as error:  # no GPIO here: the keyboard still works
        log.info("safe mode without buttons: %s", error)
        return None
