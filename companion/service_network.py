"""The network the systemd unit opens: exactly what the config's web server and club feed
need, as a drop-in the installer writes (``companion service network --config FILE``).

The unit itself allows no IP at all (``RestrictAddressFamilies=AF_UNIX AF_NETLINK``,
``IPAddressDeny=any``). With the phones' pages or the club feed on, the drop-in adds the
Internet families and an ``IPAddressAllow=`` list:

- a server or broker on this box only (``web.bind: 127.0.0.1``, ``mqtt.host: localhost``):
  ``localhost``;
- the phones' pages on a network (``web.bind: 0.0.0.0`` or an address): the local network
  (loopback, link-local, the private ranges 10/8, 172.16/12, 192.168/16, fc00::/7) and
  mDNS's multicast groups (224.0.0.251, ff02::fb: ``sigillum.local``);
- a broker elsewhere: the local network, where a club's broker is (a laptop or a Pi at the
  venue, docs/club.md); a broker's literal address outside it is added as it is. A broker
  given by name is not looked up (its address may change after the install, and a name
  outside the table's network should not open the box to the Internet): the name must
  resolve inside the local network, and :func:`network_needs` says so in a note.

With both off the drop-in is empty: the installer removes any it wrote before.
"""

from __future__ import annotations

import ipaddress
import sys
from dataclasses import dataclass

from companion.config import Config

LOCALHOST = ("localhost",)
LOCAL_NETWORK = (
    "localhost",
    "link-local",
    "10.0.0.0/8",
    "172.16.0.0/12",
    "192.168.0.0/16",
    "fc00::/7",
)
MDNS = ("224.0.0.251", "ff02::fb")
INTERNET_FAMILIES = "AF_UNIX AF_NETLINK AF_INET AF_INET6"
LOOPBACK_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost")
ANY_ADDRESS = ("0.0.0.0", "", "::")


@dataclass(frozen=True)
class NetworkNeeds:
    """What the unit must allow: ``IPAddressAllow=`` entries in order, why, and notes for
    the person installing."""

    allow: tuple[str, ...]
    reasons: tuple[str, ...]
    notes: tuple[str, ...] = ()


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text.strip("[]"))
    except ValueError:
        return None


def _is_loopback(host: str) -> bool:
    address = _address(host)
    return address.is_loopback if address else host.lower() in LOOPBACK_NAMES


def _in_local_network(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    ranges = [ipaddress.ip_network(entry) for entry in LOCAL_NETWORK if "/" in entry]
    ranges += [ipaddress.ip_network("169.254.0.0/16"), ipaddress.ip_network("fe80::/10")]
    return address.is_loopback or any(address in network for network in ranges)


def network_needs(config: Config) -> NetworkNeeds | None:
    """What the configured web server and club feed need; None when both are off."""
    allow: list[str] = []
    reasons: list[str] = []
    notes: list[str] = []

    def add(*entries: str) -> None:
        allow.extend(entry for entry in entries if entry not in allow)

    if config.web.enabled:
        bind = config.web.bind
        if _is_loopback(bind):
            add(*LOCALHOST)
            reasons.append(f"the phones' pages on this box only (web.bind {bind})")
        else:
            add(*LOCAL_NETWORK, *MDNS)
            where = "every network" if bind in ANY_ADDRESS else bind
            reasons.append(
                f"the phones' pages on the table's network (web.bind {bind or '0.0.0.0'}:"
                f" {where}) and sigillum.local by mDNS"
            )
    if config.mqtt.enabled:
        host = config.mqtt.host
        address = _address(host)
        if _is_loopback(host):
            add(*LOCALHOST)
            reasons.append(f"the club feed's broker on this box (mqtt.host {host})")
        elif address is not None and not _in_local_network(address):
            add(*LOCAL_NETWORK, str(address))
            reasons.append(f"the club feed's broker at {address} (mqtt.host)")
        else:
            add(*LOCAL_NETWORK)
            reasons.append(f"the club feed's broker on the local network (mqtt.host {host})")
            if address is None:
                notes.append(
                    f"mqtt.host '{host}' is a name: the unit allows the local network only"
                    " (10/8, 172.16/12, 192.168/16, fc00::/7, link-local), so the name and"
                    " the DNS server must be there; for a broker elsewhere write its address"
                    " in mqtt.host (docs/install.md)"
                )
    if not allow:
        return None
    return NetworkNeeds(tuple(allow), tuple(reasons), tuple(notes))


def network_dropin(config: Config, config_path: str = "/etc/companion/config.yaml") -> str:
    """The drop-in's text (``companion.service.d/network.conf``); "" when none is needed.

    Both settings are reset first, so the drop-in says the whole list: what the unit allows
    is what this file says, and nothing more.
    """
    needs = network_needs(config)
    if needs is None:
        return ""
    # The local network on one line, mDNS and a broker's own address each on the next.
    local = [entry for entry in needs.allow if entry in LOCAL_NETWORK]
    others = [entry for entry in needs.allow if entry not in LOCAL_NETWORK]
    lines = [
        f"# Written by scripts/install-pi.sh from {config_path} (companion service network);",
        "# run it again after a change. The network this config needs:",
        *(f"# - {reason}" for reason in needs.reasons),
        "[Service]",
        "RestrictAddressFamilies=",
        f"RestrictAddressFamilies={INTERNET_FAMILIES}",
        "IPAddressAllow=",
        f"IPAddressAllow={' '.join(local)}",
    ]
    if others:
        lines.append(f"IPAddressAllow={' '.join(others)}")
    return "\n".join(lines) + "\n"


def network_main(config: Config) -> int:
    """``companion service network``: the drop-in on stdout (nothing when none is needed),
    the notes on stderr."""
    needs = network_needs(config)
    for note in needs.notes if needs else ():
        print(f"companion: {note}", file=sys.stderr)
    sys.stdout.write(network_dropin(config))
    return 0
