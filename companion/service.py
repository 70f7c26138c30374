"""Living under systemd: readiness and watchdog notices, and the groups the hardware needs.

``notify("READY=1")`` tells systemd (``Type=notify``) the first frame is up; the event loop
calls :meth:`Watchdog.tick`, which sends ``WATCHDOG=1`` at half the unit's ``WatchdogSec``,
so a hung loop is killed and restarted. Outside systemd (no ``NOTIFY_SOCKET``) both do
nothing. ``companion service groups --config FILE`` prints the supplementary groups the
configured hardware needs, for the installer's drop-in (no ``input`` or ``audio`` unless
used).
"""

from __future__ import annotations

import argparse
import os
import socket
import sys
from collections.abc import Mapping

from companion.config import Config, ConfigError, load
from companion.service_network import network_main


def notify(message: str, environ: Mapping[str, str] | None = None) -> bool:
    """Send one ``sd_notify`` message; False when not under systemd or the socket fails."""
    env = os.environ if environ is None else environ
    address = env.get("NOTIFY_SOCKET", "")
    if not address:
        return False
    if address.startswith("@"):  # an abstract socket
        address = "\0" + address[1:]
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
            sock.connect(address)
            sock.sendall(message.encode("utf-8", "replace"))
    except OSError:
        return False
    return True


class Watchdog:
    """``WATCHDOG=1`` at half the interval systemd asks for (``WATCHDOG_USEC``)."""

    def __init__(self, environ: Mapping[str, str] | None = None) -> None:
        self.environ = dict(os.environ if environ is None else environ)
        usec = self.environ.get("WATCHDOG_USEC", "")
        pid = self.environ.get("WATCHDOG_PID", "")
        mine = not pid or pid == str(os.getpid())
        self.interval = int(usec) / 2_000_000 if usec.isdigit() and mine else None
        self._last = float("-inf")

    @property
    def enabled(self) -> bool:
        return self.interval is not None

    def next_wake(self, now: float) -> float | None:
        """Seconds until the next notice is due (None: no watchdog)."""
        if self.interval is None:
            return None
        return max(0.0, self._last + self.interval - now)

    def tick(self, now: float) -> None:
        if self.interval is not None and now - self._last >= self.interval:
            self._last = now
            notify("WATCHDOG=1", self.environ)


def groups_for(config: Config) -> list[str]:
    """The supplementary groups the configured hardware needs (Raspberry Pi OS names)."""
    groups = {"video", "render"}  # the screen through KMS/DRM
    gpio = (
        (config.buttons.enabled and config.buttons.source == "gpio")
        or config.disc.source == "gpio"
        or config.buzzer.enabled
        or config.leds.driver == "pwm"
    )
    if gpio:
        groups.add("gpio")
    if config.leds.driver == "spi":
        groups.add("spi")
    bridged = (
        config.buttons.source == "bridge"
        or config.disc.source == "bridge"
        or config.leds.driver == "bridge"
    )
    if bridged:
        groups.add("dialout")
    return sorted(groups)


def service_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion service", description="Help the installer set up the systemd unit."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, summary in (
        ("groups", "print the supplementary groups the configured hardware needs"),
        ("network", "print the systemd drop-in the config's network features need, if any"),
    ):
        command = commands.add_parser(name, help=summary, description=summary)
        command.add_argument(
            "--config",
            default=None,
            metavar="FILE",
            help="the box's config file (default: the shipped defaults)",
        )
    return parser


def service_main(argv: list[str]) -> int:
    args = service_parser().parse_args(argv)
    try:
        config = load(args.config)
    except ConfigError as error:
        print(f"companion: {error}", file=sys.stderr)
        return 2
    if args.command == "network":
        return network_main(config)
    print(" ".join(groups_for(config)))
    return 0
