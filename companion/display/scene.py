"""What a screen is drawn from: one :class:`Scene`, made from the loop's snapshot.

The screens never read the table or the rules: only a scene. Its UI state is the
snapshot's own (the one ``UiState``: cursor, menu, language, sound); its words (the
notices, the menu's lines) are said once here, in the table's language.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion import game_log, narration
from companion.controls import menu_items, phone_pages
from companion.controls.replay import Replaying, Standings, page_of
from companion.i18n import text
from companion.narration import narrate
from companion.rules.base import Action, Entry, View, Wire
from companion.rules.reading import rows
from companion.snapshot import Snapshot, UiState

if TYPE_CHECKING:
    from companion.games.spec import AnySpec, CardFace


@dataclass(frozen=True)
class EntryPicture:
    """The value entry under way, in words: what is being built, the field now and its
    value, where it stands among the fields, and the values already confirmed."""

    title: str
    label: str
    value: str
    index: int  # 1-based
    count: int
    done: tuple[tuple[str, str], ...] = ()  # (field, value) confirmed so far
    at_low: bool = False  # an integer at its lowest / highest: the arrow dims
    at_high: bool = False
    letter: str | None = None  # a name: the letter being chosen (``value`` is the rest)
    # What the action would mean if confirmed now (the game's ``entry_note``: a cost).
    note: str = ""
    note_refused: bool = False


@dataclass(frozen=True)
class CardsPicture:
    """The card library view: the card shown (in words), where it stands, its
    neighbours' names (what up and down lead to)."""

    face: CardFace
    index: int  # 1-based
    count: int
    before: str = ""
    after: str = ""


def _cards_picture(snap: Snapshot) -> CardsPicture | None:
    card, kit = snap.card_shown, snap.spec.cards
    if card is None or kit is None or kit.face is None:
        return None
    count, index = len(snap.cards), snap.ui.card % len(snap.cards)
    language = snap.language
    neighbours = (snap.cards[(index - 1) % count], snap.cards[(index + 1) % count])
    before, after = (kit.face(other, language).name for other in neighbours)
    return CardsPicture(kit.face(card, language), index + 1, count, before, after)


def entry_words(snap: Snapshot, entry: Entry) -> str:
    """An entry in words: the game's words for its action so far, else its own key."""
    return _entry_words(snap.spec, snap.view, entry, snap.language)


def _entry_words(spec: AnySpec, view: View, entry: Entry, language: str) -> str:
    words = spec.choice_words
    if words is not None and "do" in entry.base:  # an action (not a card being edited)
        return words(view, entry.base, language)
    return entry.say(language)


@dataclass(frozen=True)
class ListPicture:
    """A form of one choice shown as a list (the game to resume): its title, the lines top
    to bottom, and the line chosen."""

    title: str
    lines: tuple[str, ...]
    cursor: int
    browse: bool = False  # a list to read (the standings), not to pick a line of


def _list_picture(snap: Snapshot) -> ListPicture | None:
    page = page_of(snap.ui)
    if isinstance(page, Standings):  # MENU, Standings: a line a player, most wins first
        return _standings_picture(page, snap.language)
    if snap.ui.mode == "log":  # the game log: every sentence so far, then the notices
        said = game_log.lines(snap) or (text("ui.log.empty", snap.language),)
        cursor = min(snap.ui.log_line, len(said) - 1)
        return ListPicture(text("ui.log.title", snap.language), said, cursor)
    form = snap.ui.form
    if snap.ui.mode != "form" or form is None or form.shown_as != "list":
        return None
    field = form.entry.fields[0]
    options = tuple(reversed(field.options))
    lines = tuple(field.say(option, snap.language) for option in options)
    cursor = options.index(snap.ui.value) if snap.ui.value in options else 0
    return ListPicture(form.entry.say(snap.language), lines, cursor)


def _standings_picture(page: Standings, language: str) -> ListPicture:
    lines = tuple(
        text("ui.standings.line", language, name=name, wins=wins, games=games)
        for name, wins, games in page.rows
    ) or (text("ui.standings.none", language),)
    title = text("ui.standings.title", language)
    return ListPicture(title, lines, page.line % len(lines), browse=True)


@dataclass(frozen=True)
class ReplayPicture:
    """MENU, "Replay this game": the step shown and the words that say it is a replay
    ("Replay: step 12 of 40"), drawn where the prompt stands in the live game."""

    step: int
    of: int
    marker: str


def _entry_picture(snap: Snapshot) -> EntryPicture | None:
    if _list_picture(snap) is not None:  # drawn as a list, not field by field
        return None
    entry = snap.entry_under_way
    if entry is None:
        return None
    language, ui = snap.language, snap.ui
    current = entry.fields[min(len(ui.entered), len(entry.fields) - 1)]
    asked = entry.asked((*ui.entered, ui.value))
    done = tuple(
        (entry.fields[i].title(language), entry.fields[i].say(ui.entered[i], language))
        for i in asked
        if i < len(ui.entered)
    )
    note = None
    playing = ui.mode == "entry" and "cards" not in ui.modes  # a prompt's entry, not a card
    if snap.spec.entry_note is not None and playing:
        shown = entry.action((*ui.entered, current.result(ui.value)))  # what NEXT would play
        note = snap.spec.entry_note(snap.state, shown, language)
    return EntryPicture(
        title=entry_words(snap, entry),
        label=current.title(language),
        value=current.say(current.result(ui.value), language),
        index=len(done) + 1,
        count=len(asked),
        done=done,
        at_low=current.kind == "int" and ui.value == current.low,
        at_high=current.kind == "int" and ui.value == current.high,
        letter=str(ui.value)[-1:] if current.kind == "text" else None,
        note=note.words if note else "",
        note_refused=bool(note and note.refused),
    )


@dataclass(frozen=True)
class PhonesPicture:
    """A page of MENU, Phones: the code to scan (a seat's private page; then the spectator
    page; then the table's page) and the words around it. The table token is on the last
    page and nowhere else: only the box's own screen shows it."""

    code: str  # the address the QR code carries
    index: int  # 1-based
    count: int
    title: str  # the seat's name, or the page's
    seat: int | None  # the seat whose page it is (its colour); None: a page for all
    caption: str  # what the code opens
    spectator: str  # the spectator page's address as typed (no "http://"); "" on the last
    language: str = "en"
    table_token: str = ""  # on the table's page only


def shown_address(address: str) -> str:
    """An address as a phone's browser takes it typed: without "http://" and the last "/"."""
    return address.removeprefix("http://").rstrip("/")


def _phones_picture(snap: Snapshot) -> PhonesPicture | None:
    web = snap.web
    if snap.ui.mode != "phones" or web is None:
        return None
    count = phone_pages(snap)
    page = snap.ui.phone_page % count
    language = snap.language
    spectator = shown_address(web.spectator_address)
    if page == count - 1:  # the table's page: the card library, a new game
        title = text("ui.phones.table", language)
        caption = text("ui.phones.table_does", language)
        return PhonesPicture(
            web.table_address, count, count, title, None, caption, "", language, web.table
        )
    if page == count - 2:  # the spectator page: for everyone, no token
        title = text("ui.phones.everyone", language)
        caption = text("ui.phones.watch_caption", language)
        address = web.spectator_address
        return PhonesPicture(address, page + 1, count, title, None, caption, spectator, language)
    seat = page + 1
    players = snap.setup.get("players")
    if isinstance(players, list) and len(players) >= seat:
        name = str(players[seat - 1])
    else:
        name = narration.player(snap.view, seat, language)
    caption = text("ui.phones.scan", language)
    address = web.seat_address(seat)
    return PhonesPicture(address, page + 1, count, name, seat, caption, spectator, language)


def happened(snap: Snapshot) -> tuple[str, ...]:
    """The events of the table's last change, said as the narration says them, kept while
    only the UI moves; after an undo or a redo, what it took back or played again."""
    change = snap.change
    if change.kind in ("undo", "redo"):
        return taken_back(snap)
    if not change.fresh:
        return ()
    said = change.said.get(snap.language)
    if said:  # said once, when the table applied it (a sample's change is said here)
        return tuple(said)
    return tuple(narrate(snap.spec, change.events, snap.view, snap.language))


def taken_back_short(snap: Snapshot) -> tuple[str, ...]:
    """What an undo took back or a redo played again in the prompt's words ("Undone:
    Saxum → Messum"): the event line's when the lines it said do not fit (a small panel,
    a long Russian sentence)."""
    change, words = snap.change, snap.spec.choice_words
    if change.kind not in ("undo", "redo") or change.action is None or words is None:
        return ()
    if change.kind == "undo" and change.undone > 1:
        return ()
    what = words(snap.view, change.action, snap.language)
    return (text(f"ui.{change.kind}ne", snap.language, what=what),) if what else ()


def taken_back(snap: Snapshot) -> tuple[str, ...]:
    """What an undo took back ("Undone: Anna attacks Saxum") or a redo played again
    ("Redone: ..."): the lines the action said when it was played, the first headed so,
    or the action in the prompt's words when it said none; an undo of several actions
    (back to a period's start) counts them."""
    change, language = snap.change, snap.language
    key = f"ui.{change.kind}ne"  # ui.undone, ui.redone
    if change.kind == "undo" and change.undone > 1:
        return (text("ui.undone_many", language, count=change.undone),)
    lines = tuple(change.said.get(language, ()))
    if not lines and change.action is not None:
        words = snap.spec.choice_words
        if words is not None:
            lines = (words(snap.view, change.action, language),)
    if not lines:
        return (text(f"{key}_action", language),)
    return (text(key, language, what=lines[0]), *lines[1:])


@dataclass(frozen=True)
class Scene:
    spec: AnySpec
    view: View
    prompt: Wire  # the prompt's picture (Prompt.to_json), its text said in the scene's language
    ui: UiState
    notes: tuple[str, ...] = ()  # the last message, then the parts that do not work
    menu: tuple[str, ...] = ()  # the menu's lines, in the scene's language
    entry_labels: tuple[str, ...] = ()  # the prompt's entries, in words (after the choices)
    entering: EntryPicture | None = None
    listing: ListPicture | None = None  # a form drawn as a list (the game to resume)
    cards: CardsPicture | None = None  # the card library view, when it is open
    phones: PhonesPicture | None = None  # MENU, Phones: a page of codes to scan
    # What the last action caused, in the narration's words (after an undo or a redo:
    # what it took back or played again), and after an undo or a redo the same in the
    # prompt's shorter words, for a panel where the sentences do not fit.
    happened: tuple[str, ...] = ()
    happened_short: tuple[str, ...] = ()
    replay: ReplayPicture | None = None  # the replay's step: the view and prompt are its

    @classmethod
    def of(cls, snap: Snapshot, *, notes: tuple[str, ...] = ()) -> Scene:
        page = page_of(snap.ui)
        if isinstance(page, Replaying):
            return cls.replayed(snap, page, notes=notes)
        return cls(
            spec=snap.spec,
            view=snap.view,
            prompt=snap.prompt.to_json(snap.language),
            ui=snap.ui,
            notes=(*snap.notices(), *notes),
            menu=tuple(item.label(snap.ui) for item in menu_items(phones=snap.web is not None)),
            entry_labels=tuple(entry_words(snap, entry) for entry in snap.prompt.entries),
            entering=_entry_picture(snap),
            listing=_list_picture(snap),
            cards=_cards_picture(snap),
            phones=_phones_picture(snap),
            happened=happened(snap),
            happened_short=taken_back_short(snap),
        )

    @classmethod
    def replayed(cls, snap: Snapshot, page: Replaying, *, notes: tuple[str, ...] = ()) -> Scene:
        """The game's own screen at a step of the replay: that step's public view and
        prompt (the cursor on its first choice, no menu), its action's lines on the event
        line; the notices are the table's now. The step's state is never read here: what
        the screen shows is what the public view showed then. The game is the replay's
        own (a phone may have started another meanwhile: the next press leaves)."""
        shown, spec, language = page.shown, page.stepper.spec, snap.language
        marker = text("ui.replay.step", language, step=shown.step, of=shown.of)
        return cls(
            spec=spec,
            view=shown.view,
            prompt=shown.prompt.to_json(language),
            ui=UiState(language=language, muted=snap.ui.muted),
            notes=(*snap.notices(), *notes),
            entry_labels=tuple(
                _entry_words(spec, shown.view, entry, language) for entry in shown.prompt.entries
            ),
            happened=tuple(shown.said.get(language, ())),
            replay=ReplayPicture(shown.step, shown.of, marker),
        )

    @property
    def language(self) -> str:
        return self.ui.language

    @property
    def game(self) -> str:
        return self.spec.name

    @property
    def note(self) -> str:
        return "  ·  ".join(self.notes)

    @property
    def choices(self) -> list[Action]:
        return rows(self.prompt.get("choices"))

    @property
    def option_count(self) -> int:
        """What the cursor moves through: the choices, then the entries."""
        return len(self.choices) + len(self.entry_labels)

    @property
    def cursor_choice(self) -> Action | None:
        """The complete action under the cursor (None when it is on an entry)."""
        choices, count = self.choices, self.option_count
        if not count or self.ui.cursor % count >= len(choices):
            return None
        return choices[self.ui.cursor % count]

    @property
    def cursor_entry(self) -> str | None:
        """The entry under the cursor, in words (None when it is on a choice)."""
        choices, count = self.choices, self.option_count
        if not count or self.ui.cursor % count < len(choices):
            return None
        return self.entry_labels[self.ui.cursor % count - len(choices)]

    @property
    def secret_choices(self) -> bool:
        """Is the prompt the game's secret choice (the screen must not show a value)?"""
        secret = self.spec.inputs.secret
        return secret is not None and any(c.get("do") == secret.action for c in self.choices)

    def key(self) -> str:
        """A fingerprint: two scenes with the same key draw the same pixels."""
        ui = self.ui
        return json.dumps(
            [
                self.game,
                self.view,
                self.prompt,
                ui.menu_open,
                ui.menu_cursor if ui.menu_open else ui.cursor,
                ui.language,
                ui.muted,
                ui.confirming,
                list(self.menu),
                list(self.notes),
                list(self.entry_labels),
                self.entering,
                self.listing,
                self.cards,
                self.phones,
                list(self.happened),
                list(self.happened_short),
                self.replay,
            ],
            sort_keys=True,
            default=str,
        )
