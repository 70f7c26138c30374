"""The systemd unit passes `systemd-analyze verify` and keeps its promises."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

UNIT = ROOT / "systemd" / "companion.service"


def test_the_unit_verifies(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        if os.environ.get("CI"):
            pytest.fail("systemd-analyze is missing in CI: .ci/run installs the systemd package")
        pytest.skip("systemd-analyze is not installed on this machine")
    companion = Path(sys.executable).parent / "companion"
    assert companion.exists(), "the companion console script is not installed in this venv"
    text = UNIT.read_text(encoding="utf-8").replace(
        "/opt/companion/.venv/bin/companion", str(companion)
    )
    unit = tmp_path / "companion.service"
    unit.write_text(text, encoding="utf-8")
    done = subprocess.run(
        [analyze, "verify", str(unit)], capture_output=True, text=True, check=False
    )
    problems = [line for line in done.stderr.splitlines() if "companion.service" in line]
    assert done.returncode == 0 and not problems, done.stderr


def test_the_unit_runs_unprivileged_and_restarts() -> None:
    settings = {}
    for line in UNIT.read_text(encoding="utf-8").splitlines():
        if "=" in line and not line.startswith("#"):
            key, _, value = line.partition("=")
            settings.setdefault(key, value)
    assert settings["User"] == "companion"
    assert settings["Restart"] == "always"
    assert settings["StartLimitIntervalSec"] == "0"  # never gives up: no dark table
    assert settings["Type"] == "notify" and int(settings["WatchdogSec"]) > 0
    assert settings["StateDirectory"] == "companion"
    assert settings["StateDirectoryMode"] == "0700" and settings["UMask"] == "0077"
    groups = set(settings["SupplementaryGroups"].split())
    assert {"gpio", "spi", "dialout", "video"} <= groups and not {"input", "audio"} & groups
    assert settings["SystemCallFilter"] == "@system-service"
    assert settings["IPAddressDeny"] == "any" and settings["RemoveIPC"] == "yes"
    assert settings["NoNewPrivileges"] == "yes"
    assert settings["CapabilityBoundingSet"] == ""
    assert "pkill" not in UNIT.read_text(encoding="utf-8")
