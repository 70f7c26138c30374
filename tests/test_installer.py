"""scripts/install-pi.sh: idempotent, exact file modes, the groups the config needs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

SCRIPT = ROOT / "scripts" / "install-pi.sh"


def _install(root: Path) -> list[str]:
    done = subprocess.run(
        ["bash", str(SCRIPT), "--dry-run", "--root", str(root)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_the_installer_writes_once_and_then_changes_nothing(tmp_path: Path) -> None:
    venv = tmp_path / "opt" / "companion" / ".venv" / "bin"
    venv.mkdir(parents=True)
    (venv / "companion").symlink_to(Path(sys.executable).parent / "companion")
    first = _install(tmp_path)
    unit = tmp_path / "etc" / "systemd" / "system" / "companion.service"
    groups = unit.parent / "companion.service.d" / "groups.conf"
    rule = tmp_path / "etc" / "udev" / "rules.d" / "99-companion-pico.rules"
    config = tmp_path / "etc" / "companion" / "config.yaml"
    for path in (unit, groups, rule, config):
        assert path.exists() and path.stat().st_mode & 0o777 == 0o644, path
    assert unit.read_text() == (ROOT / "systemd" / "companion.service").read_text()
    assert "SupplementaryGroups=gpio render spi video" in groups.read_text()  # no input, audio
    assert 'SYMLINK+="companion-pico"' in rule.read_text()
    assert "dtparam=spi=on" in (tmp_path / "boot" / "firmware" / "config.txt").read_text()
    assert any(line.endswith("to do") for line in first)
    config.write_text("language: ru\n", encoding="utf-8")  # the table's own settings
    second = _install(tmp_path)
    files = [line for line in second if line.startswith(str(tmp_path))]
    assert files and all(line.split()[-1] in ("ok", "(kept)") for line in files), second
    assert config.read_text() == "language: ru\n"
    assert (tmp_path / "boot" / "firmware" / "config.txt").read_text().count("spi=on") == 1


def test_the_installer_refuses_an_unknown_option(tmp_path: Path) -> None:
    done = subprocess.run(
        ["bash", str(SCRIPT), "--frobnicate"], check=False, capture_output=True, text=True
    )
    assert done.returncode == 2 and "unknown option '--frobnicate'" in done.stderr


def test_the_pi_config_turns_the_phones_pages_on_for_the_tables_network(tmp_path: Path) -> None:
    """The installed config is the shipped one with the web server on, bound to every
    network (docs/phones.md); everything else as shipped."""
    from companion.config import load  # noqa: PLC0415

    venv = tmp_path / "opt" / "companion" / ".venv" / "bin"
    venv.mkdir(parents=True)
    (venv / "companion").symlink_to(Path(sys.executable).parent / "companion")
    _install(tmp_path)
    installed = load(str(tmp_path / "etc" / "companion" / "config.yaml"))
    shipped = load(None)
    assert (installed.web.enabled, installed.web.bind, installed.web.port) == (
        True,
        "0.0.0.0",
        8080,
    )
    assert (shipped.web.enabled, shipped.web.bind) == (False, "127.0.0.1")
    assert installed.leds == shipped.leds and installed.buttons == shipped.buttons
