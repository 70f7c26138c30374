"""When the table cannot start, the screen says why and the buttons offer a way out; a
table that keeps crashing ends in safe mode, never in a dark restart loop."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from companion import safe_mode
from companion.app import _config_fixed
from companion.config import load
from companion.i18n import text
from companion.journal import Journal, JournalError
from tests.conftest import ROOT


def spoilt_journal(tmp_path: Path) -> Path:
    path = tmp_path / "journal.db"
    path.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)
    return path


def test_a_damaged_journal_is_shown_and_next_keeps_it_aside_for_a_fresh_one(
    tmp_path: Path,
) -> None:
    path = spoilt_journal(tmp_path)
    damaged = path.read_bytes()
    screen = safe_mode.SafeScreen((480, 320))
    pressed = iter([[], ["next"]])
    code = safe_mode.run(
        "journal.db: the journal is damaged", load(None), path,
        presses=lambda: next(pressed, []), screen=screen, seconds=5,
    )  # fmt: skip
    assert code == 0

    def said(role: str) -> str:  # a role's lines as read (a long one wraps)
        return " ".join(r.text for r in screen.painter.texts if r.role == role)

    assert said("safe.title") == text("safe.title", "en")
    assert "damaged" in said("safe.reason")
    assert said("safe.hint") == f"{text('safe.fresh', 'en')} {text('safe.retry', 'en')}"
    assert all(record.fits and not record.truncated for record in screen.painter.texts)
    assert min(r.px for r in screen.painter.texts) >= screen.layout.min_text  # 5 mm
    assert not path.exists()
    (kept,) = tmp_path.glob("journal.db.kept-*")
    assert kept.read_bytes() == damaged  # the old journal is kept as it was
    Journal(path).close()  # and the next start makes a fresh one


def test_undo_tries_again_and_a_fixed_config_is_picked_up(tmp_path: Path) -> None:
    screen = safe_mode.SafeScreen((800, 480))
    assert safe_mode.run("x", load(None), None, presses=lambda: ["undo"], screen=screen) == 0
    config = tmp_path / "table.yaml"
    config.write_text("leds: {driver: lasers}\n", encoding="utf-8")
    later = threading.Timer(0.3, lambda: config.write_text("language: ru\n", encoding="utf-8"))
    later.start()
    code = safe_mode.run(
        "leds.driver: lasers", load(None), None, fixed=_config_fixed(str(config)),
        presses=list, screen=safe_mode.SafeScreen(), seconds=8,
    )  # fmt: skip
    later.join()
    assert code == 0


def test_three_quick_crashes_in_a_row_and_a_good_run_clears_them(tmp_path: Path) -> None:
    record = safe_mode.StartRecord(tmp_path / "journal.db")
    for _ in range(3):
        record.crashed(RuntimeError("the loop broke"), uptime=2.0)
    assert record.read() == (3, "RuntimeError: the loop broke")
    record.crashed(RuntimeError("much later"), uptime=3600.0)  # a crash after a good hour
    assert record.read()[0] == 1
    record.ran_well()
    assert record.read() == (0, "")


def test_companion_run_in_safe_mode_tells_systemd_it_is_up_and_why(tmp_path: Path) -> None:
    path = spoilt_journal(tmp_path)
    address = str(tmp_path / "notify.sock")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(address)
    listener.settimeout(20)
    env = {**os.environ, "NOTIFY_SOCKET": address, "SDL_VIDEODRIVER": "dummy"}
    process = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "run", "--fakes", "--safe-mode",
         "--journal", str(path)],
        cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        with listener:
            assert listener.recv(256) == b"READY=1"  # not a restart loop: up, in safe mode
            assert listener.recv(256).startswith(b"STATUS=safe mode: ")
        process.send_signal(signal.SIGTERM)
        assert process.wait(20) == 0
    finally:
        process.kill()
        process.wait()
    assert process.stderr is not None
    err = process.stderr.read()
    process.stderr.close()
    assert "Traceback" not in err and "journal" in err
    assert path.exists()  # nothing is moved without a press


def test_the_ring_says_starting_before_the_journal_is_read(tmp_path: Path) -> None:
    from companion.app import STARTING, build_app  # noqa: PLC0415
    from companion.hardware.factory import open_adapters  # noqa: PLC0415
    from companion.hardware.fakes import FakeLedRing  # noqa: PLC0415

    adapters = open_adapters(load(None), fakes=True, strict=False)
    ring = adapters.ring
    assert isinstance(ring, FakeLedRing)
    app = build_app(load(None), journal_path=tmp_path / "j.sqlite", adapters=adapters)
    try:
        first = ring.frames[0]
        assert first[0] == STARTING and first.count(STARTING) == 6  # one dot a sector
        assert set(first) == {STARTING, (0, 0, 0)}
    finally:
        app.close()
    spoilt = spoilt_journal(tmp_path)
    adapters = open_adapters(load(None), fakes=True, strict=False)
    with pytest.raises(JournalError):  # the ports are given back for safe mode's buttons
        build_app(load(None), journal_path=spoilt, adapters=adapters)
    assert isinstance(adapters.ring, FakeLedRing) and adapters.ring.closed
