"""scripts/install-pi.sh: idempotent, exact file modes, the groups and the network the config
needs; ``--dry-run`` writes and runs nothing, ``--root`` touches nothing outside its folder;
the udev rule names the Pico's protocol port and never its console."""

from __future__ import annotations

import fnmatch
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.hardware import pico_usb
from tests.conftest import ROOT

SCRIPT = ROOT / "scripts" / "install-pi.sh"
UDEV_DATA = ROOT / "tests" / "data" / "udev"
# What the installer may run on a Pi and must never run from a dry run or into a --root.
HOST_TOOLS = ("useradd", "usermod", "groupadd", "systemctl", "udevadm", "python3", "pip")
CHECKOUT_FILES = (
    "scripts/install-pi.sh",
    "systemd/companion.service",
    "udev/99-companion-pico.rules",
    "companion/default_config.yaml",
    "pyproject.toml",
)
LOCAL_NETWORK = {
    "localhost",
    "link-local",
    "10.0.0.0/8",
    "172.16.0.0/12",
    "192.168.0.0/16",
    "fc00::/7",
}
MDNS = {"224.0.0.251", "ff02::fb"}
LIST_SETTINGS = {
    "RestrictAddressFamilies",
    "IPAddressAllow",
    "IPAddressDeny",
    "SupplementaryGroups",
    "DeviceAllow",
}


@dataclass
class Host:
    """This machine as the installer sees it: a PATH whose host tools only write down that
    they were called, and an empty home and temporary folder."""

    env: dict[str, str]
    calls_file: Path
    home: Path
    temp: Path

    def calls(self) -> list[str]:
        return self.calls_file.read_text().splitlines() if self.calls_file.exists() else []


@pytest.fixture
def host(tmp_path: Path) -> Host:
    stubs = tmp_path / "stubs"
    stubs.mkdir()
    calls = tmp_path / "host-calls.txt"
    for tool in HOST_TOOLS:
        stub = stubs / tool
        stub.write_text(f'#!/bin/sh\necho "{tool} $*" >> "{calls}"\n')
        stub.chmod(0o755)
    home, temp = tmp_path / "home", tmp_path / "tmp"
    home.mkdir()
    temp.mkdir()
    env = dict(os.environ, PATH=f"{stubs}:{os.environ['PATH']}", HOME=str(home), TMPDIR=str(temp))
    return Host(env, calls, home, temp)


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """The files the installer reads, as in a checkout (copied: others' edits in this work
    tree do not show as changes between two runs)."""
    tree = tmp_path / "checkout"
    for name in CHECKOUT_FILES:
        (tree / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, tree / name)
    return tree


def pi_root(tmp_path: Path, *, venv: bool = True) -> Path:
    """An empty Pi's root; with ``venv``, the companion already installed in /opt (this
    test environment's, so the installer reads configs as the Pi's would)."""
    root = tmp_path / "pi"
    root.mkdir()
    if venv:
        bin_dir = root / "opt" / "companion" / ".venv" / "bin"
        bin_dir.mkdir(parents=True)
        (bin_dir / "companion").symlink_to(Path(sys.executable).parent / "companion")
    return root


def install(
    checkout: Path, *options: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        ["bash", str(checkout / "scripts" / "install-pi.sh"), *options],
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done


def effective_service(unit_dir: Path) -> dict[str, list[str]]:
    """The unit's [Service] settings with its drop-ins applied as systemd applies them: in
    the drop-ins' name order, an empty assignment of a list setting resets it."""
    settings: dict[str, list[str]] = {}
    drop_ins = sorted((unit_dir / "companion.service.d").glob("*.conf"))
    for path in [unit_dir / "companion.service", *drop_ins]:
        section = ""
        for line in path.read_text().splitlines():
            if line.startswith("["):
                section = line
            elif section == "[Service]" and "=" in line and not line.startswith("#"):
                key, _, value = line.partition("=")
                if key not in LIST_SETTINGS:
                    settings[key] = [value]
                elif value:
                    settings.setdefault(key, []).extend(value.split())
                else:
                    settings[key] = []
    return settings


def files_under(folder: Path) -> list[Path]:
    return sorted(path for path in folder.rglob("*") if not path.is_dir())


# --- installing into a root --------------------------------------------------------------


def test_the_installer_writes_once_and_then_changes_nothing(
    tmp_path: Path, checkout: Path, host: Host
) -> None:
    root = pi_root(tmp_path)
    first_run = install(checkout, "--root", str(root), env=host.env).stdout
    first = first_run.splitlines()
    # New code into an existing venv: installed into it again (on the Pi).
    assert "/opt/companion/.venv/bin/pip install" in first_run.split("Left for the Pi")[1]
    unit = root / "etc" / "systemd" / "system" / "companion.service"
    groups = unit.parent / "companion.service.d" / "groups.conf"
    network = unit.parent / "companion.service.d" / "network.conf"
    rule = root / "etc" / "udev" / "rules.d" / "99-companion-pico.rules"
    config = root / "etc" / "companion" / "config.yaml"
    for path in (unit, groups, network, rule, config):
        assert path.exists() and path.stat().st_mode & 0o777 == 0o644, path
    assert unit.read_text() == (ROOT / "systemd" / "companion.service").read_text()
    assert "SupplementaryGroups=gpio render spi video" in groups.read_text()  # no input, audio
    assert rule.read_text() == pico_usb.udev_rule()
    assert "dtparam=spi=on" in (root / "boot" / "firmware" / "config.txt").read_text()
    assert (root / "opt" / "companion" / "companion" / "default_config.yaml").exists()
    wants = unit.parent / "multi-user.target.wants" / "companion.service"
    assert os.readlink(wants) == "/etc/systemd/system/companion.service"  # enabled at boot
    assert any(line.endswith(" done") for line in first)
    own = "language: ru\nweb: {enabled: true, bind: 0.0.0.0}\n"  # the table's own settings
    config.write_text(own, encoding="utf-8")
    second = install(checkout, "--root", str(root), env=host.env).stdout.splitlines()
    files = [line for line in second if line.startswith(str(root))]
    assert files and all(line.split()[-1] in ("ok", "(kept)") for line in files), second
    assert not any("pip install" in line for line in second)  # the same code: no reinstall
    assert config.read_text() == own
    assert (root / "boot" / "firmware" / "config.txt").read_text().count("spi=on") == 1


def test_a_root_install_runs_nothing_on_this_machine(
    tmp_path: Path, checkout: Path, host: Host
) -> None:
    """No useradd, pip, systemctl or udevadm: what is left for the Pi is listed instead,
    and nothing is written outside the folder."""
    root = pi_root(tmp_path, venv=False)
    (checkout / ".venv" / "bin").mkdir(parents=True)  # the checkout's venv reads the config
    (checkout / ".venv" / "bin" / "companion").symlink_to(Path(sys.executable).parent / "companion")
    out = install(checkout, "--root", str(root), env=host.env).stdout
    assert host.calls() == []
    assert files_under(host.home) == [] and files_under(host.temp) == []
    left = out.split("Left for the Pi", 1)[1]
    for command in ("useradd --system", "python3 -m venv /opt/companion/.venv", "systemctl"):
        assert command in left, out
    assert (root / "etc" / "systemd" / "system" / "companion.service.d" / "groups.conf").exists()


def test_a_root_install_without_any_companion_says_what_to_do(
    tmp_path: Path, checkout: Path, host: Host
) -> None:
    root = pi_root(tmp_path, venv=False)
    done = subprocess.run(
        ["bash", str(checkout / "scripts" / "install-pi.sh"), "--root", str(root)],
        capture_output=True,
        text=True,
        check=False,
        env=host.env,
    )
    assert done.returncode == 2 and "bash tools/setup.sh" in done.stderr
    assert "Traceback" not in done.stderr and host.calls() == []


def test_a_dry_run_into_a_root_writes_nothing_there(
    tmp_path: Path, checkout: Path, host: Host
) -> None:
    root = pi_root(tmp_path)
    before = files_under(root)
    out = install(checkout, "--dry-run", "--root", str(root), env=host.env).stdout
    assert files_under(root) == before and host.calls() == []
    assert "network.conf" in out and "to do" in out and "would run: systemctl" in out


def test_a_dry_run_on_this_machine_writes_nothing_anywhere(checkout: Path, host: Host) -> None:
    """Without --root a dry run reads this machine and changes nothing on it: no host tool
    runs and no file is opened for writing, created, renamed or removed (strace watches
    the whole process tree where it can)."""
    (checkout / ".venv" / "bin").mkdir(parents=True)
    (checkout / ".venv" / "bin" / "companion").symlink_to(Path(sys.executable).parent / "companion")
    system = [Path(p) for p in ("/opt/companion", "/etc/companion", "/boot/firmware/config.txt")]
    system += [Path("/etc/systemd/system/companion.service")]
    system += [Path("/etc/udev/rules.d/99-companion-pico.rules")]
    existed = {path: path.exists() for path in system}
    command = ["bash", str(checkout / "scripts" / "install-pi.sh"), "--dry-run"]
    strace = shutil.which("strace")
    log = host.temp.parent / "strace.log"
    if strace:
        command = [strace, "-f", "-qq", "-o", str(log), "-e", "trace=%file", *command]
    done = subprocess.run(command, capture_output=True, text=True, check=False, env=host.env)
    assert done.returncode == 0, done.stderr
    assert host.calls() == []
    assert {path: path.exists() for path in system} == existed
    assert files_under(host.home) == [] and files_under(host.temp) == []
    assert "would run: useradd" in done.stdout or "user companion" in done.stdout
    assert "would run: systemctl restart companion.service" in done.stdout
    if strace:
        writes = [line for line in log.read_text().splitlines() if _writes(line)]
        assert writes == [], "\n".join(writes[:20])


def _writes(strace_line: str) -> bool:
    """An strace line of a call that changes a file (not a /dev one such as /dev/null)."""
    if "= -1 " in strace_line or '"/dev/' in strace_line:
        return False
    changing = ("mkdir", "rename", "unlink", "rmdir", "symlink", "link", "chmod", "chown")
    call = strace_line.split(maxsplit=1)[-1]
    if call.startswith(changing) or call.startswith(tuple("f" + name for name in changing)):
        return True
    if call.startswith(("open(", "openat(", "creat(")):
        return "O_WRONLY" in call or "O_RDWR" in call or "O_CREAT" in call or "creat(" in call
    return False


def test_the_installer_refuses_an_unknown_option(tmp_path: Path) -> None:
    done = subprocess.run(
        ["bash", str(SCRIPT), "--frobnicate"], check=False, capture_output=True, text=True
    )
    assert done.returncode == 2 and "unknown option '--frobnicate'" in done.stderr


def test_the_pi_config_turns_the_phones_pages_on_for_the_tables_network(
    tmp_path: Path, checkout: Path, host: Host
) -> None:
    """The installed config is the shipped one with the web server on, bound to every
    network (docs/phones.md); everything else as shipped."""
    from companion.config import load  # noqa: PLC0415

    root = pi_root(tmp_path)
    install(checkout, "--root", str(root), env=host.env)
    installed = load(str(root / "etc" / "companion" / "config.yaml"))
    shipped = load(None)
    assert (installed.web.enabled, installed.web.bind, installed.web.port) == (
        True,
        "0.0.0.0",
        8080,
    )
    assert (shipped.web.enabled, shipped.web.bind) == (False, "127.0.0.1")
    assert installed.leds == shipped.leds and installed.buttons == shipped.buttons


# --- the network the unit allows -----------------------------------------------------------


@pytest.mark.parametrize("web", [False, True], ids=["web-off", "web-on"])
@pytest.mark.parametrize("feed", [False, True], ids=["feed-off", "feed-on"])
def test_the_installed_unit_allows_exactly_the_network_the_config_needs(
    tmp_path: Path, checkout: Path, host: Host, web: bool, feed: bool
) -> None:
    """Read back from the installed files: no IP at all with both off; the local network
    and mDNS for the phones' pages; the local network for a broker on it."""
    root = pi_root(tmp_path)
    config = root / "etc" / "companion" / "config.yaml"
    config.parent.mkdir(parents=True)
    config.write_text(
        f"web: {{enabled: {str(web).lower()}, bind: 0.0.0.0}}\n"
        f"mqtt: {{enabled: {str(feed).lower()}, host: 192.168.1.20}}\n"
    )
    install(checkout, "--root", str(root), env=host.env)
    unit_dir = root / "etc" / "systemd" / "system"
    service = effective_service(unit_dir)
    assert service["IPAddressDeny"] == ["any"]
    families = set(service["RestrictAddressFamilies"])
    allowed = set(service.get("IPAddressAllow", []))
    if not (web or feed):
        assert not (unit_dir / "companion.service.d" / "network.conf").exists()
        assert families == {"AF_UNIX", "AF_NETLINK"} and allowed == set()
        return
    assert families == {"AF_UNIX", "AF_NETLINK", "AF_INET", "AF_INET6"}
    assert allowed == (LOCAL_NETWORK | MDNS if web else LOCAL_NETWORK)


def test_a_network_drop_in_the_config_no_longer_needs_is_removed(
    tmp_path: Path, checkout: Path, host: Host
) -> None:
    root = pi_root(tmp_path)
    install(checkout, "--root", str(root), env=host.env)  # the Pi's config: web server on
    network = root / "etc" / "systemd" / "system" / "companion.service.d" / "network.conf"
    assert "AF_INET" in network.read_text()
    (root / "etc" / "companion" / "config.yaml").write_text("web: {enabled: false}\n")
    dry = install(checkout, "--dry-run", "--root", str(root), env=host.env).stdout
    assert network.exists() and f"{network}" in dry and "to remove" in dry
    out = install(checkout, "--root", str(root), env=host.env).stdout
    assert not network.exists() and f"{network}" in out and "removed" in out
    service = effective_service(network.parent.parent)
    assert set(service["RestrictAddressFamilies"]) == {"AF_UNIX", "AF_NETLINK"}


def test_a_broken_config_stops_the_installer_with_its_problems(
    tmp_path: Path, checkout: Path, host: Host
) -> None:
    root = pi_root(tmp_path)
    config = root / "etc" / "companion" / "config.yaml"
    config.parent.mkdir(parents=True)
    config.write_text("web: {enabled: maybe}\n")
    done = subprocess.run(
        ["bash", str(checkout / "scripts" / "install-pi.sh"), "--root", str(root)],
        capture_output=True,
        text=True,
        check=False,
        env=host.env,
    )
    assert done.returncode == 2, done.stdout
    assert "web.enabled" in done.stderr and f"{config} has the problems above" in done.stderr
    assert "Traceback" not in done.stderr


# --- the udev rule against udevadm's view of a Pico ----------------------------------------

RULE_KEY = re.compile(r'\s*([A-Z_]+(?:\{[^}]*\})?)\s*(==|!=|\+=|-=|:=|=)\s*"([^"]*)"\s*(?:,|$)')
WALK_KEY = re.compile(r'\s+([A-Z]+(?:\{[^}]*\})?)=="(.*)"$')
OWN_KEYS = {"KERNEL", "SUBSYSTEM", "DRIVER"}  # and ATTR{...}, ENV{...}: the device itself
PARENT_KEYS = {"KERNELS", "SUBSYSTEMS", "DRIVERS"}  # and ATTRS{...}: the device or a parent


@dataclass
class Recorded:
    """A tty as ``udevadm info`` recorded it: its properties and its attribute walk (the
    device first, then its parents up to the root)."""

    properties: dict[str, str]
    walk: list[dict[str, str]]

    @classmethod
    def read(cls, name: str) -> Recorded:
        properties = dict(
            line.split("=", 1)
            for line in (UDEV_DATA / f"{name}.property.txt").read_text().splitlines()
            if "=" in line
        )
        walk: list[dict[str, str]] = []
        for line in (UDEV_DATA / f"{name}.attribute-walk.txt").read_text().splitlines():
            if line.strip().startswith("looking at"):
                walk.append({})
            elif walk and (key := WALK_KEY.match(line)):
                walk[-1][key[1]] = key[2]
        return cls(properties, walk)


def _same(pattern: str, value: str | None) -> bool:
    """udev's match: shell glob patterns, alternatives separated by ``|``."""
    return value is not None and any(fnmatch.fnmatchcase(value, p) for p in pattern.split("|"))


def _own_value(device: dict[str, str], properties: dict[str, str], key: str) -> str | None:
    if key.startswith("ENV{"):
        return properties.get(key[4:-1])
    return device.get(key)


def rule_matches(line: str, port: Recorded) -> bool:
    """Whether one rule line's match keys all hold for the recorded tty, as udev decides:
    the device's own keys on the device, and all parent keys on one and the same device of
    the walk (the device itself included). An unknown key fails the test."""
    keys = [match.groups() for match in RULE_KEY.finditer(line)]
    assert keys and "".join(m[0] for m in RULE_KEY.finditer(line)).strip() == line.strip()
    own, parent = [], []
    for key, operator, value in keys:
        if operator not in ("==", "!="):
            continue  # an assignment
        name = key.split("{")[0]
        if name in OWN_KEYS or name in ("ATTR", "ENV"):
            own.append((key, operator, value))
        elif name in PARENT_KEYS or name == "ATTRS":
            parent.append((key, operator, value))
        else:
            raise AssertionError(f"the test's matcher does not know the key {key}")
    device = port.walk[0]
    for key, operator, value in own:
        if _same(value, _own_value(device, port.properties, key)) != (operator == "=="):
            return False

    def holds_on(index: int) -> bool:
        for key, operator, value in parent:
            # The device's own line names its keys without the S (KERNEL, ATTR{...}).
            name = key.replace("ATTRS{", "ATTR{") if index == 0 else key
            name = name[:-1] if index == 0 and name in PARENT_KEYS else name
            if _same(value, port.walk[index].get(name)) != (operator == "=="):
                return False
        return True

    return not parent or any(holds_on(index) for index in range(len(port.walk)))


def rules_of(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip() and not line.startswith("#")]


def test_the_shipped_udev_rule_is_made_from_the_pico_table() -> None:
    assert (ROOT / "udev" / "99-companion-pico.rules").read_text() == pico_usb.udev_rule()
    rules = rules_of(pico_usb.udev_rule())
    assert len(rules) == len(pico_usb.BOARDS)
    for rule, board in zip(rules, pico_usb.BOARDS, strict=True):
        assert f'ATTRS{{idVendor}}=="{board.vendor_id:04x}"' in rule
        assert f'ATTRS{{idProduct}}=="{board.product_id:04x}"' in rule
        assert 'ENV{ID_USB_INTERFACE_NUM}=="02"' in rule and 'SYMLINK+="companion-pico"' in rule


@pytest.mark.parametrize("board", ["pico", "pico2"])
def test_the_udev_rule_names_the_picos_protocol_port_and_never_its_console(board: str) -> None:
    data, console = Recorded.read(f"{board}-data"), Recorded.read(f"{board}-console")
    rules = rules_of((ROOT / "udev" / "99-companion-pico.rules").read_text())
    assert sum(rule_matches(rule, data) for rule in rules) == 1
    assert not any(rule_matches(rule, console) for rule in rules)
    # The recorded data agree with the table the bridge uses.
    assert data.walk[1]["ATTRS{interface}"] == pico_usb.DATA_INTERFACE_NAME
    assert console.walk[1]["ATTRS{interface}"] == pico_usb.CONSOLE_INTERFACE_NAME


def test_the_old_rule_missed_the_pico_so_the_matcher_can_fail() -> None:
    """The rule before this one (Raspberry Pi's vendor id and the console's interface) named
    no CircuitPython Pico's protocol port; and a rule asking its ids and its interface of
    one parent is never met (udev matches one rule's ATTRS on a single device)."""
    old = (
        'SUBSYSTEM=="tty", ATTRS{idVendor}=="2e8a", ENV{ID_USB_INTERFACE_NUM}=="00", '
        'SYMLINK+="companion-pico", GROUP="dialout", MODE="0660"'
    )
    assert not rule_matches(old, Recorded.read("pico-data"))
    assert not rule_matches(old, Recorded.read("pico2-data"))
    assert rule_matches(old, Recorded.read("pico2-console"))  # the REPL: the old bug
    one_parent = 'SUBSYSTEM=="tty", ATTRS{idVendor}=="239a", ATTRS{bInterfaceNumber}=="02"'
    assert not rule_matches(one_parent, Recorded.read("pico-data"))
    interface_only = 'SUBSYSTEM=="tty", ATTRS{bInterfaceNumber}=="02", DRIVERS=="cdc_acm"'
    assert rule_matches(interface_only, Recorded.read("pico-data"))
