"""Under systemd: READY=1 after the first frame, WATCHDOG=1 from the loop, and the groups
the configured hardware needs."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion import cli
from companion.config import load
from companion.service import Watchdog, groups_for, notify
from tests.conftest import ROOT


def _listener(tmp_path: Path) -> tuple[socket.socket, str]:
    path = str(tmp_path / "notify.sock")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(path)
    sock.settimeout(10)
    return sock, path


def test_notify_reaches_systemds_socket_and_is_silent_outside_it(tmp_path: Path) -> None:
    sock, path = _listener(tmp_path)
    with sock:
        assert notify("READY=1", {"NOTIFY_SOCKET": path})
        assert sock.recv(64) == b"READY=1"
    assert not notify("READY=1", {})
    assert not notify("READY=1", {"NOTIFY_SOCKET": str(tmp_path / "gone.sock")})


def test_the_watchdog_pings_at_half_the_units_interval(tmp_path: Path) -> None:
    sock, path = _listener(tmp_path)
    with sock:
        dog = Watchdog({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "10000000"})
        assert dog.interval == 5.0
        dog.tick(100.0)
        assert sock.recv(64) == b"WATCHDOG=1"
        dog.tick(103.0)  # too soon: nothing sent
        assert dog.next_wake(103.0) == 2.0
        dog.tick(105.0)
        assert sock.recv(64) == b"WATCHDOG=1"
    assert not Watchdog({"WATCHDOG_USEC": "10000000", "WATCHDOG_PID": "1"}).enabled
    assert Watchdog({}).next_wake(0.0) is None


def test_companion_run_says_ready_after_the_first_frame_and_feeds_the_watchdog(
    tmp_path: Path,
) -> None:
    sock, path = _listener(tmp_path)
    code = "import sys; from companion.app import run_main; sys.exit(run_main(sys.argv[1:]))"
    env = {**os.environ, "NOTIFY_SOCKET": path, "WATCHDOG_USEC": "400000"}
    env.pop("WATCHDOG_PID", None)
    process = subprocess.Popen(
        [sys.executable, "-c", code, "--fakes", "--journal", str(tmp_path / "j.sqlite")],
        cwd=ROOT,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    try:
        with sock:
            heard = [sock.recv(64)]
            assert heard == [b"READY=1"]
            start = time.monotonic()
            for _ in range(3):  # an idle loop still wakes for the watchdog, every 0.2 s
                heard.append(sock.recv(64))
            assert heard[1:] == [b"WATCHDOG=1"] * 3
            assert time.monotonic() - start < 5
        process.send_signal(signal.SIGTERM)
        assert process.wait(20) == 0
    finally:
        process.kill()
        process.wait()


def test_the_groups_follow_the_configured_hardware(tmp_path: Path) -> None:
    assert groups_for(load(None)) == ["gpio", "render", "spi", "video"]
    bridged = tmp_path / "bridge.yaml"
    bridged.write_text(
        "buttons: {source: bridge}\ndisc: {source: bridge}\nleds: {driver: bridge}\n"
        "buzzer: {enabled: false}\n",
        encoding="utf-8",
    )
    assert groups_for(load(bridged)) == ["dialout", "render", "video"]
    for unused in ("input", "audio"):
        assert unused not in groups_for(load(None)) + groups_for(load(bridged))


def test_companion_service_groups_prints_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["service", "groups"]) == 0
    assert capsys.readouterr().out == "gpio render spi video\n"
    bad = tmp_path / "bad.yaml"
    bad.write_text("leds: {driver: lasers}\n", encoding="utf-8")
    assert cli.main(["service", "groups", "--config", str(bad)]) == 2
    assert str(bad) in capsys.readouterr().err
