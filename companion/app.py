"""The composition root: ``build_app`` makes the table and its outputs; ``companion run``.

The pieces, each in its own module (docs/architecture.md draws how they meet):

- ``companion.loop``: the :class:`App`, its queue and its loop (one pass per event);
- ``companion.outputs``: the ordered list of outputs; ``outputs.ring`` (the ring driver),
  ``outputs.buzzer``, ``outputs.network`` (the phones' server and the club feed);
  ``companion.display.screen`` (the screen) and ``companion.display.sim`` (the
  simulator's window) are outputs too, and ``companion.voice.VoiceOutput``;
- ``companion.cues``: which sound a change deserves;
- ``companion.storage_faults``: a journal that stops taking writes.

Adapters are built here and only here (``open_adapters``), never at import time. The
names other modules and tests know from ``companion.app`` are kept here for them.
"""

from __future__ import annotations

import argparse
import logging
import signal
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import FrameType

from companion import safe_mode
from companion.config import Config, ConfigError
from companion.config import load as load_config
from companion.cues import cue_for
from companion.hardware.factory import AdapterError, Adapters, open_adapters
from companion.hardware.ports import ButtonEdge, DiscStep
from companion.i18n import text
from companion.journal import Journal, JournalError
from companion.loop import App, Event, Refresh, SensorLink, Stop, Subscribe
from companion.outputs import VOICE, Called, Output, Outputs
from companion.outputs.buzzer import BuzzerOutput
from companion.outputs.network import WebRunning, run_with_network, start_feed, start_web
from companion.outputs.ring import STARTING, STORAGE_FAULT, RingOutput, starting
from companion.rules.base import RulesError, Setup
from companion.service import notify
from companion.storage_faults import STORAGE_RETRY
from companion.table import Table
from companion.voice import Espeak, Voice, VoiceOutput
from companion.voice import available as voice_available

__all__ = [
    "STARTING",
    "STORAGE_FAULT",
    "STORAGE_RETRY",
    "App",
    "ButtonEdge",
    "DiscStep",
    "Event",
    "Output",
    "Outputs",
    "Refresh",
    "RingOutput",
    "SensorLink",
    "Stop",
    "Subscribe",
    "WebRunning",
    "build_app",
    "cue_for",
    "first_setup",
    "run_main",
    "start_feed",
    "start_stats_fill",
    "start_web",
]

log = logging.getLogger("companion.app")


def first_setup(config: Config) -> Setup:
    """The first game's setup: the config's, with the players named in the table's language
    ("Игрок 1", "Игрок 2") when the config names none."""
    setup = dict(config.game.setup)
    if "players" not in setup:
        setup["players"] = [text("ui.player", config.language, number=n) for n in (1, 2)]
    return setup


def build_app(
    config: Config,
    *,
    fakes: bool = False,
    strict: bool = False,
    journal_path: str | Path | None = None,
    adapters: Adapters | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> App:
    """The app with its table (the journal's unfinished game, or a new one), its adapters
    (real ones as the config asks, fakes with ``fakes=True`` or where a real one fails; an
    AdapterError instead with ``strict``; ``adapters`` overrides the choice in tests) and
    its outputs on the box: the ring, the buzzer, the voice. The screen, the phones' hub
    and the feed join as ``companion run`` or ``companion sim`` starts them."""
    chosen = adapters or open_adapters(config, fakes=fakes, strict=strict)
    starting(chosen.ring)  # the ring says "starting" while the journal replays
    try:
        journal = Journal(journal_path if journal_path is not None else config.journal_path)
        table = Table.resume(journal)
        if table is None and journal.read_only and journal.game_ids():
            # Nothing to resume and no new game can be written: the last one, to be seen.
            table = Table(journal, journal.game(journal.game_ids()[-1]))
        if table is None:
            table = Table.new_game(journal, config.game.name, first_setup(config))
    except BaseException:
        for port in (chosen.buttons, chosen.disc, chosen.ring):
            if port is not None:
                port.close()
        raise
    voice = _voice(config)
    app = App(table, chosen, config, clock=clock, voice=voice, unvoiced=_unvoiced(config, voice))
    if chosen.ring is not None:
        app.subscribe(RingOutput(chosen.ring, config))
    if chosen.buzzer is not None:
        app.subscribe(BuzzerOutput(chosen.buzzer))
    if voice is not None:
        app.subscribe(Called(VoiceOutput(voice), VOICE))
    return app


def _voice(config: Config) -> Voice | None:
    """The voice (sound.voice), spoken by espeak-ng; without it, a note and silence."""
    if config.sound.voice and voice_available():
        return Voice(Espeak())
    if config.sound.voice:
        log.warning("sound.voice is on but espeak-ng is not installed: no voice")
    return None


def _unvoiced(config: Config, voice: Voice | None) -> bool:
    return config.sound.voice and voice is None


def _interrupt(signum: int, frame: FrameType | None) -> None:
    """SIGTERM as Ctrl-C. A handler must not take the queue's lock (the loop may hold it
    at that moment), so it raises instead of posting a Stop."""
    raise KeyboardInterrupt


START_ERRORS = (ConfigError, AdapterError, RulesError, JournalError)


def report_start_error(error: Exception, language: str = "en") -> int:
    """One clear message for a problem that stops the table from starting, a config's and
    a game setup's in the table's ``language``; the exit code (2 config, adapter or game
    setup; 4 journal)."""
    from companion.catalogue.commands import said  # noqa: PLC0415 (only when it fails)
    from companion.catalogue.refusals import refusal  # noqa: PLC0415

    if isinstance(error, ConfigError):
        for problem in error.problems:
            print(f"companion: {said(problem, language)}", file=sys.stderr)
        return 2
    if isinstance(error, AdapterError):
        print(f"companion: {error} (without --strict the fake is used)", file=sys.stderr)
        return 2
    if isinstance(error, RulesError):
        print(f"companion: game setup: {refusal(error, language)}", file=sys.stderr)
        return 2
    print(f"companion: {error}", file=sys.stderr)
    return 4


def _run_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion run")
    parser.add_argument("--config", help="a YAML config over the defaults (docs/config.md)")
    parser.add_argument("--strict", action="store_true", help="fail if any adapter fails")
    parser.add_argument("--fakes", action="store_true", help="no hardware: fake adapters")
    parser.add_argument("--journal", help="the journal file (default: from the config)")
    parser.add_argument(
        "--safe-mode",
        action="store_true",
        help="if the table cannot start, show why on the screen and wait (the systemd unit)",
    )
    return parser


def run_main(argv: list[str]) -> int:
    """``companion run [--config FILE] [--strict] [--fakes] [--journal FILE]``."""
    args = _run_parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="companion: %(message)s")
    try:
        config = load_config(args.config)
    except ConfigError as error:
        code = report_start_error(error, _written_language(args.config))
        if not args.safe_mode:
            return code
        reason = "; ".join(error.problems[:3])
        return safe_mode.run(reason, load_config(None), None, fixed=_config_fixed(args.config))
    journal = Path(args.journal) if args.journal else config.journal_path
    record = safe_mode.StartRecord(journal)
    crashes, last = record.read()
    if args.safe_mode and crashes >= safe_mode.CRASHES:
        reason = text("safe.crashed", config.language, count=crashes, reason=last)
        code = safe_mode.run(reason, config, journal)
        record.write(0, "")  # a fresh start either way: the next crash counts from one
        return code
    try:
        app = build_app(config, fakes=args.fakes, strict=args.strict, journal_path=journal)
    except START_ERRORS as error:
        code = report_start_error(error, config.language)
        if not args.safe_mode:
            return code
        spoilt = journal if isinstance(error, JournalError) else None
        return safe_mode.run(str(error), config, spoilt)
    from companion.display.screen import attach  # noqa: PLC0415 (pygame loads only here)

    started = time.monotonic()
    try:
        signal.signal(signal.SIGTERM, _interrupt)  # systemd stops with SIGTERM
        screen = attach(app)  # logs and carries on when there is no display
        if screen is not None:
            app.subscribe(screen)
        notify("READY=1")  # the first frame is up (Type=notify)
        start_stats_fill(app.table.journal.path)
        log.info("%s, game %s: running (Ctrl-C stops)", app.table.game, app.table.record.id)
        run_with_network(app)
    except KeyboardInterrupt:
        pass
    except Exception as error:
        record.crashed(error, time.monotonic() - started)  # three quick ones: safe mode
        raise
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a second one must not cut the close
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        app.close()
    record.ran_well()
    return 0


def start_stats_fill(journal: Path) -> threading.Thread | None:
    """Fill the journal's statistics cache on a daemon thread of its own (a connection of
    its own too: :func:`companion.stats.fill_cache`), so that the first MENU Standings reads
    digests instead of replaying hundreds of games on the loop's thread. Nothing for a
    journal in memory; a failure is logged and only costs that first reading its replays."""
    if str(journal) == ":memory:":
        return None
    thread = threading.Thread(target=_fill_stats, args=(journal,), name="stats-cache", daemon=True)
    thread.start()
    return thread


def _fill_stats(journal: Path) -> None:
    from companion.stats import fill_cache  # noqa: PLC0415 (on its thread, after the start)

    try:
        count = fill_cache(journal)
    except Exception:  # a thread's failure must never stop the table
        log.exception("the statistics cache was not filled: the first standings replay")
        return
    log.info("statistics cache: %d finished games told", count)


def _written_language(path: str | None) -> str:
    """The language a config that does not load sets (en for none)."""
    from companion.catalogue.commands import written_language  # noqa: PLC0415 (on failure)

    return written_language(path) if path else "en"


def _config_fixed(path: str | None) -> Callable[[], bool]:
    """Whether the config loads now (looked at every two seconds at most)."""
    looked = [time.monotonic()]

    def fixed() -> bool:
        if time.monotonic() - looked[0] < 2.0:
            return False
        looked[0] = time.monotonic()
        try:
            load_config(path)
        except ConfigError:
            return False
        return True

    return fixed
