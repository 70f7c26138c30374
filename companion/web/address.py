"""Where phones reach the box: its address on the table's network, and its name there.

With the server bound to every network (``web.bind: 0.0.0.0``) the address shown on the
box's screen is the one its outgoing interface has (found by a UDP socket's connect, which
sends nothing); with a bind address, that address. The box is also advertised by mDNS as
``sigillum.local`` (python-zeroconf, a well-kept pure-Python library) where the network and
the OS allow it; without it the numeric address still works.
"""

from __future__ import annotations

import logging
import socket
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from zeroconf import ServiceInfo, Zeroconf

log = logging.getLogger("companion.web")
NAME = "sigillum"
ANY = ("0.0.0.0", "", "::")


def lan_address() -> str:
    """The box's address on its network (127.0.0.1 when it has none)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 1))  # no packet is sent: only the route is chosen
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def address(bind: str, port: int) -> str:
    """What a phone opens: ``http://<address>:<port>``."""
    host = lan_address() if bind in ANY else bind
    return f"http://{host}:{port}"


class Advert:
    """``sigillum.local`` on mDNS while the server runs (nothing when it cannot be)."""

    def __init__(self, port: int) -> None:
        self._zeroconf: Zeroconf | None = None
        self._info: ServiceInfo | None = None
        try:
            from zeroconf import ServiceInfo, Zeroconf  # noqa: PLC0415 (optional at run time)

            host = lan_address()
            info = self._info = ServiceInfo(
                "_http._tcp.local.",
                f"{NAME}._http._tcp.local.",
                addresses=[socket.inet_aton(host)],
                port=port,
                server=f"{NAME}.local.",
            )
            self._zeroconf = Zeroconf()
            self._zeroconf.register_service(info, allow_name_change=True)
        except Exception as error:  # no multicast, no library: no advert
            log.info("no mDNS advert (%s): phones use the numeric address", error)
            self._zeroconf = None

    def close(self) -> None:
        if self._zeroconf is not None and self._info is not None:
            try:
                self._zeroconf.unregister_service(self._info)
            finally:
                self._zeroconf.close()
