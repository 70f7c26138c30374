"""The table's narration: what just happened, in a sentence or two, from the events.

A pure function of a step's events and the view after it, so the CLI, the screen and the
tests all say the same thing. Each game says its own events (its spec's ``sayers``); an
event without a sayer is said by its catalogue key ``<game>.narr.<event>`` with the
event's fields, when the catalogue has one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Protocol

from companion.i18n import has, text
from companion.rules.base import Event, View
from companion.rules.reading import rows


class SaysEvents(Protocol):
    """What the narration reads of a game's spec (``GameSpec`` is one): its name, the
    catalogue's namespace, and its own sayers by event name. Named here, not imported, so
    the narration (which every game's sayers use) does not lead back to the games."""

    @property
    def name(self) -> str: ...

    @property
    def sayers(self) -> Mapping[str, Callable[[Event, View, str], str]]: ...


def player(view: View, seat: object, language: str) -> str:
    """The name of the player at ``seat``, from the view's ``seats``."""
    for entry in rows(view.get("seats")):
        if entry.get("seat") == seat:
            return str(entry.get("name"))
    return text("ui.seat", language, seat=seat)


def narrate(
    spec: SaysEvents, events: Iterable[Event], view: View, language: str = "en"
) -> list[str]:
    """One line per event the game says; other events are left to its screen."""
    lines = []
    for event in events:
        name = str(event.get("event"))
        sayer = spec.sayers.get(name)
        if sayer is not None:
            said = sayer(event, view, language)
            if said:  # a sayer may leave an event unsaid ("" : said by another line)
                lines.append(said)
        elif has(key := f"{spec.name}.narr.{name}"):
            fields = {k: v for k, v in event.items() if k != "event"}
            if "seat" in event:
                fields.setdefault("player", player(view, event["seat"], language))
            lines.append(text(key, language, **fields))
    return lines
