"""`companion run --safe-mode` (the unit's way) on a journal in a read-only folder: the
table starts (READY=1), says in its log that the journal is read-only, and keeps running
until it is stopped; the file is left as it was. It used to call the journal "not a
companion journal" and stop (safe mode, under the unit)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

from companion.cli import main
from tests.conftest import EXAMPLES, ROOT
from tests.read_only import read_only_folder


def test_companion_run_on_a_read_only_card_runs_the_game_read_only(tmp_path: Path) -> None:
    folder = tmp_path / "card"
    folder.mkdir()
    journal = folder / "j.sqlite"
    short = tmp_path / "short.yaml"  # a duel left in its summoning: the game to show
    short.write_text("\n".join((EXAMPLES / "duel_siege.yaml").read_text().splitlines()[:12]) + "\n")
    assert main(["play", str(short), "--db", str(journal)]) == 0
    before = journal.read_bytes()
    listener = tmp_path / "notify.sock"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(listener))
    sock.settimeout(30)
    code = "import sys; from companion.app import run_main; sys.exit(run_main(sys.argv[1:]))"
    env = {**os.environ, "NOTIFY_SOCKET": str(listener), "SDL_VIDEODRIVER": "dummy"}
    with read_only_folder(folder), sock:
        process = subprocess.Popen(
            [sys.executable, "-c", code, "--fakes", "--safe-mode", "--journal", str(journal)],
            cwd=ROOT,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        try:
            assert sock.recv(64) == b"READY=1"
            assert process.poll() is None  # running, not stopped nor in safe mode
            process.send_signal(signal.SIGTERM)
            assert process.wait(20) == 0
        finally:
            process.kill()
            process.wait()
            assert process.stderr is not None
            log = process.stderr.read()
            process.stderr.close()
    assert f"{journal}: read-only: the game is shown, nothing new is kept" in log
    assert "safe mode" not in log.lower() and "Traceback" not in log
    assert journal.read_bytes() == before
    assert sorted(p.name for p in folder.iterdir()) == ["j.sqlite"]
