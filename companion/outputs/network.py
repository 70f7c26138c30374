"""The outputs beyond the box: the phones' web server (its hub is an output of the app)
and the club feed over MQTT, each started when the config turns it on and stopped with
the table. A server or broker that cannot be reached is said in the log and on the
screen; the table plays on either way.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Protocol

from companion.loop import App, Refresh
from companion.outputs import FEED, Called

if TYPE_CHECKING:
    from companion.web.address import Advert

log = logging.getLogger("companion.app")


class Stoppable(Protocol):
    def stop(self) -> None: ...


class WebRunning:
    """The server and its mDNS advert, stopped together."""

    def __init__(self, server: Stoppable, advert: Advert | None) -> None:
        self.server, self.advert = server, advert

    def stop(self) -> None:
        if self.advert is not None:
            self.advert.close()
        self.server.stop()


def start_web(app: App) -> WebRunning | None:
    """The phones' web server when the config turns it on (docs/phones.md); a port that
    cannot be taken is said in the log and on the screen, and the table plays on."""
    settings = app.config.web
    if not settings.enabled:
        return None
    from companion.web.address import ANY, Advert, address  # noqa: PLC0415
    from companion.web.server import Server  # noqa: PLC0415 (aiohttp loads only here)

    try:
        server = Server(app.hub(), settings.bind, settings.port).start()
    except OSError as error:
        where = f"{settings.bind}:{settings.port}"
        log.warning("the phones' web server did not start on %s: %s", where, error)
        return None
    app.web_address = address(settings.bind, server.port)
    app.post(Refresh())  # the snapshot gains where phones reach the box
    advert = Advert(server.port) if settings.bind in ANY else None
    log.info("phones: %s", app.web_address)
    return WebRunning(server, advert)


def start_feed(app: App) -> Stoppable | None:
    """The club feed when the config turns it on (docs/club.md): it connects in the
    background, so a broker that is away never holds up the table."""
    settings = app.config.mqtt
    if not settings.enabled:
        return None
    from companion.feed.mqtt import Feed, memory_for  # noqa: PLC0415 (paho loads only here)

    # The discovery configs published are kept beside the journal (a renamed table clears
    # its old sensors: docs/club.md).
    feed = Feed(settings, memory=memory_for(app.table.journal.path)).start()
    app.subscribe(Called(feed, FEED))
    log.info("club feed: %s:%s as %s", settings.host, settings.port, settings.table)
    return feed


def run_with_network(app: App) -> None:
    """The app's loop, with the phones' server and the club feed beside it while it runs."""
    web = start_web(app)
    feed = start_feed(app)
    try:
        app.run()
    finally:
        for running in (feed, web):
            if running is not None:
                running.stop()
