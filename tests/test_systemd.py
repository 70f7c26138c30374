"""The systemd unit passes `systemd-analyze verify` and keeps its promises."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.config import Config, parse, validate
from companion.service import service_main
from companion.service_network import network_dropin
from tests.conftest import ROOT
from tests.test_installer import Host, checkout, host, install, pi_root

__all__ = ["checkout", "host"]  # the installer's fixtures, used here too

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


# --- the unit as installed, with the drop-ins its config asks for ---------------------------


def _analyze() -> str:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        if os.environ.get("CI"):
            pytest.fail("systemd-analyze is missing in CI: .ci/run installs the systemd package")
        pytest.skip("systemd-analyze is not installed on this machine")
    return analyze


def exposure(analyze: str, root: Path) -> tuple[float, dict[str, str]]:
    """``systemd-analyze security`` of the unit installed under ``root``, drop-ins included:
    the overall exposure (0 safest, 10 most exposed) and each check's verdict by name."""
    command = [analyze, "security", "--offline=yes", f"--root={root}", "companion.service"]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    found = re.search(r"Overall exposure level for companion\.service: (\d+\.\d)", done.stdout)
    assert found, done.stdout + done.stderr
    as_json = subprocess.run(
        [*command[:2], "--json=short", *command[2:]], capture_output=True, text=True, check=True
    )
    verdicts = {check["name"]: check["description"] for check in json.loads(as_json.stdout)}
    return float(found[1]), verdicts


@pytest.mark.parametrize("web", [False, True], ids=["web-off", "web-on"])
@pytest.mark.parametrize("feed", [False, True], ids=["feed-off", "feed-on"])
def test_the_installed_unit_verifies_and_stays_at_most_2_0_exposed(
    tmp_path: Path, checkout: Path, host: Host, web: bool, feed: bool
) -> None:
    """For each of web server and club feed on or off: ``systemd-analyze verify`` finds
    nothing in the unit with its drop-ins, and the exposure stays at most 2.0 (measured:
    1.5 with both off, 1.8 with either on)."""
    analyze = _analyze()
    root = pi_root(tmp_path)
    config = root / "etc" / "companion" / "config.yaml"
    config.parent.mkdir(parents=True)
    config.write_text(
        f"web: {{enabled: {str(web).lower()}, bind: 0.0.0.0}}\n"
        f"mqtt: {{enabled: {str(feed).lower()}, host: 192.168.1.20}}\n"
    )
    install(checkout, "--root", str(root), env=host.env)
    installed = root / "etc" / "systemd" / "system"
    # verify wants the ExecStart program to exist: this venv's companion stands in for it.
    verify = tmp_path / "verify"
    shutil.copytree(installed / "companion.service.d", verify / "companion.service.d")
    companion = Path(sys.executable).parent / "companion"
    (verify / "companion.service").write_text(
        (installed / "companion.service")
        .read_text()
        .replace("/opt/companion/.venv/bin/companion", str(companion))
    )
    done = subprocess.run(
        [analyze, "verify", str(verify / "companion.service")],
        capture_output=True,
        text=True,
        check=False,
        env=dict(os.environ, SYSTEMD_LOG_TARGET="console"),
    )
    problems = [line for line in done.stderr.splitlines() if "companion.service" in line]
    assert done.returncode == 0 and not problems, done.stderr
    score, verdicts = exposure(analyze, root)
    assert score <= 2.0, score
    if web or feed:
        assert "non-localhost" in verdicts["IPAddressDeny="]
        assert (
            "may allocate Internet sockets" in verdicts["RestrictAddressFamilies=~AF_(INET|INET6)"]
        )
    else:
        assert "blocks all IP address ranges" in verdicts["IPAddressDeny="]
        assert "cannot allocate Internet" in verdicts["RestrictAddressFamilies=~AF_(INET|INET6)"]
        assert score < 1.8


def test_a_drop_in_that_says_nothing_valid_is_caught_by_verify(tmp_path: Path) -> None:
    """The verify above can fail: a drop-in's bad address is reported under its name."""
    analyze = _analyze()
    unit_dir = tmp_path / "units"
    (unit_dir / "companion.service.d").mkdir(parents=True)
    companion = Path(sys.executable).parent / "companion"
    (unit_dir / "companion.service").write_text(
        UNIT.read_text().replace("/opt/companion/.venv/bin/companion", str(companion))
    )
    (unit_dir / "companion.service.d" / "network.conf").write_text(
        "[Service]\nIPAddressAllow=the-club-broker\n"
    )
    done = subprocess.run(
        [analyze, "verify", str(unit_dir / "companion.service")],
        capture_output=True,
        text=True,
        check=False,
        env=dict(os.environ, SYSTEMD_LOG_TARGET="console"),
    )
    assert "companion.service.d/network.conf" in done.stderr


# --- what `companion service network` decides ---------------------------------------------


def _config(text: str) -> Config:
    return Config.of("test.yaml", validate(parse("test.yaml", text)))


def _allowed(text: str) -> list[str]:
    dropin = network_dropin(_config(text))
    return [
        entry
        for line in dropin.splitlines()
        if line.startswith("IPAddressAllow=")
        for entry in line.partition("=")[2].split()
    ]


def test_the_network_follows_where_the_server_and_the_broker_are() -> None:
    local = ["localhost", "link-local", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"]
    local.append("fc00::/7")
    assert network_dropin(_config("{}")) == ""  # the shipped config: no network at all
    assert _allowed("web: {enabled: true}") == ["localhost"]  # bound to 127.0.0.1
    assert _allowed("mqtt: {enabled: true}") == ["localhost"]  # a broker on the box
    assert _allowed("web: {enabled: true, bind: 0.0.0.0}") == [
        *local,
        "224.0.0.251",
        "ff02::fb",
    ]
    assert _allowed("web: {enabled: true, bind: 192.168.4.1}")[-2:] == ["224.0.0.251", "ff02::fb"]
    assert _allowed("mqtt: {enabled: true, host: 10.0.0.9}") == local
    assert _allowed("mqtt: {enabled: true, host: 203.0.113.7}") == [*local, "203.0.113.7"]
    assert _allowed("mqtt: {enabled: true, host: '2001:db8::7'}") == [*local, "2001:db8::7"]


def test_a_broker_by_name_gets_the_local_network_and_a_note(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    config = tmp_path / "config.yaml"
    config.write_text("mqtt: {enabled: true, host: broker.club.example}\n")
    assert service_main(["network", "--config", str(config)]) == 0
    out, err = capsys.readouterr()
    assert "IPAddressAllow=localhost link-local 10.0.0.0/8" in out
    assert "broker.club.example" in out and "203." not in out
    assert "mqtt.host 'broker.club.example' is a name" in err and "docs/install.md" in err
    config.write_text("mqtt: {enabled: yes please}\n")
    assert service_main(["network", "--config", str(config)]) == 2
    _, err = capsys.readouterr()
    assert "mqtt.enabled" in err and "Traceback" not in err
