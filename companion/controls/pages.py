"""Pages the menu opens over the game: the game log, the phones' codes, the card library.
Any seat's buttons turn them; UNDO pressed closes them."""

from __future__ import annotations

from dataclasses import replace

from companion import game_log
from companion.controls.base import Closable, Input, Mode, Reaction, refuse
from companion.controls.entry import ValueEntry
from companion.rules.base import Action
from companion.rules.reading import rows
from companion.snapshot import Snapshot, UiState

# --- the game log ("Game log" in the menu) -------------------------------------------------


class GameLog(Closable):
    """Any seat's up and down scroll (up: older), select or back close the log."""

    name = "log"

    def move(self, press: Input, snap: Snapshot, now: float) -> Reaction:
        ui = snap.ui
        if press.move in ("up", "down"):
            last = max(0, game_log.count(snap) - 1)
            line = min(last, max(0, ui.log_line + (-1 if press.move == "up" else 1)))
            return Reaction(replace(ui, log_line=line).quiet())
        return Reaction(ui.pop().quiet())


def open_log(ui: UiState, snap: Snapshot, now: float) -> Reaction:
    """Every sentence of the game so far, the newest under the cursor."""
    newest = max(0, game_log.count(snap) - 1)
    return Reaction(replace(ui.push("log"), log_line=newest).quiet())


# --- joining from phones ("Phones" in the menu) -------------------------------------------

PHONE_PAGES_AFTER_SEATS = 2  # the spectator page's code, then the table's page's


class PhonePages(Closable):
    """Any seat's red and blue turn the pages (round), cyan and yellow close them."""

    name = "phones"

    def move(self, press: Input, snap: Snapshot, now: float) -> Reaction:
        ui = snap.ui
        pages = phone_pages(snap)
        if press.move in ("up", "down") and pages:
            step = -1 if press.move == "up" else 1
            return Reaction(replace(ui, phone_page=(ui.phone_page + step) % pages).quiet())
        return Reaction(ui.pop().quiet())


def phone_pages(snap: Snapshot) -> int:
    """The pages of MENU, Phones: one per seat of the game (its code), then the spectator
    page's code, then the table's page's (the card library, a new game: the table token)."""
    if snap.web is None:
        return 0
    return min(len(snap.web.seats), _seats_of(snap)) + PHONE_PAGES_AFTER_SEATS


def _seats_of(snap: Snapshot) -> int:
    players = snap.setup.get("players")
    if isinstance(players, list):
        return len(players)
    return len(rows(snap.view.get("seats"))) or len(snap.web.seats if snap.web else ())


def open_phones(ui: UiState, snap: Snapshot, now: float) -> Reaction:
    """Each seat's code to scan, a page at a time, from the first seat's."""
    if snap.web is None:
        return refuse(ui, "ui.phones.off", now)
    return Reaction(replace(ui.push("phones"), phone_page=0).quiet())


# --- the card library ("Cards" in the menu) ------------------------------------------------


class CardLibrary(Mode):
    """Any seat's buttons browse the library: up and down move through the cards, select
    edits the one shown (field by field, as value entry), back closes the view."""

    name = "cards"

    def move(self, press: Input, snap: Snapshot, now: float) -> Reaction:
        ui = snap.ui
        count = len(snap.cards)
        if press.move == "back" or not count:
            return Reaction(ui.pop().quiet())
        if press.move in ("up", "down"):
            step = -1 if press.move == "up" else 1
            return Reaction(replace(ui, card=(ui.card + step) % count).quiet())
        editing = replace(ui.push("entry"), entered=())
        entry = snap.with_ui(editing, now).entry_under_way
        if entry is None:
            return refuse(ui, "ui.cards.none", now, game=snap.spec.words("title", ui.language))
        return Reaction(replace(editing, value=entry.fields[0].start).quiet())


class CardEntry(ValueEntry):
    """The card shown, edited field by field; the card entered replaces it when the
    library stays valid (the app writes the file)."""

    name = "entry"

    def finish(self, values: Action, snap: Snapshot, now: float) -> Reaction:
        kit = snap.spec.cards
        ui = snap.ui
        if kit is None or not snap.cards:
            return Reaction(ui.pop())
        cards = list(snap.cards)
        index = ui.card % len(cards)
        cards[index] = kit.edited(values) if kit.edited is not None else values
        problems = kit.check(cards)
        if problems:
            return refuse(ui, "ui.cards.refused", now, reason=problems[0][1])
        return Reaction(ui.pop().say("ui.cards.kept", now), cards=tuple(cards))


def open_cards(ui: UiState, snap: Snapshot, now: float) -> Reaction:
    """The table's card library: browse with up and down, select edits a card."""
    if snap.spec.cards is None or not snap.cards:
        title = snap.spec.words("title", ui.language)
        return refuse(ui, "ui.cards.none", now, game=title)
    base = tuple(m for m in ui.modes if m not in ("cards", "entry"))
    return Reaction(replace(ui, modes=(*base, "cards"), card=0).quiet())


GAME_LOG = GameLog()
PHONE_PAGES = PhonePages()
CARD_LIBRARY = CardLibrary()
CARD_ENTRY = CardEntry()
