"""One frozen picture of the table per event: what every output reads.

After each event the app's loop builds one :class:`Snapshot` (the game's spec and state,
the public view, the prompt, the UI state, the change that led here, the hardware's
status) and hands it to every output: ring, screen, buzzer, narration, and later the phone
page and the network feed. An output reads the snapshot and never calls back into the
table; the prompt and the public view are computed once per event, and the game log
(:attr:`Snapshot.log`) grows by the change's lines only. A seat's own view is
computed from the frozen state on demand (:meth:`Snapshot.view_for`), so an output on
another thread can ask for it safely.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal

from companion.game_log import GameLog
from companion.i18n import text
from companion.journal import GameRecord
from companion.rules.base import PUBLIC, Action, Entry, Prompt, Setup, View
from companion.rules.reading import Data, rows
from companion.table import NOTHING, Change, Command

if TYPE_CHECKING:
    from companion.games.spec import AnySpec, Cards, GameState

Mode = Literal[
    "menu",
    "confirm_undo_period",
    "entry",
    "cards",
    "form",
    "confirm_restart_period",
    "confirm_end_game",
    "log",
    "phones",
]


@dataclass(frozen=True)
class Notice:
    """A message for the table: a catalogue key, its fields, and when it was given."""

    key: str
    fields: Mapping[str, object] = field(default_factory=dict)
    at: float = 0.0

    def say(self, language: str) -> str:
        return text(self.key, language, **self.fields)


@dataclass(frozen=True)
class Form:
    """A value entry the menu opens (a new game's setup, the game to resume): its fields,
    and what the values entered (the entry's action) become: a command for the table, or
    a notice saying why not."""

    entry: Entry
    finish: Callable[[Action], Command | Notice]
    # "list": one choice drawn as a list of lines, its options bottom to top (so that up
    # goes up the list); "fields": the value entry's screen.
    shown_as: Literal["fields", "list"] = "fields"


@dataclass(frozen=True)
class UiState:
    """What the controls keep and the journal never sees: the mode stack (the base mode is
    navigating the prompt, or voting when the prompt is a secret choice), the cursors, the
    language and sound, the last message, and where the disc sensor stands."""

    modes: tuple[Mode, ...] = ()
    cursor: int = 0  # index into the prompt's choices
    menu_cursor: int = 0  # index into the menu
    language: str = "en"
    muted: bool = False
    notice: Notice | None = None
    refused: bool = False  # the notice answers a press that was refused (a "no")
    disc_position: int = 0  # net steps the sensor has reported
    disc_offset: int = 0  # disc_position - period when the two last agreed
    # Value entry (mode "entry"): which of the prompt's entries, the values confirmed so
    # far, and the value now shown for the next field.
    entry: int = 0
    entered: tuple[str | int, ...] = ()
    value: str | int = 0
    card: int = 0  # the card shown in the card library view (mode "cards")
    log_line: int = 0  # the game log's line under the cursor (mode "log"), oldest 0
    phone_page: int = 0  # the page of MENU, Phones (mode "phones"): a seat's, then the table's
    # A form the menu opened (mode "form": a new game's setup, the game to resume),
    # entered like a prompt's entry with ``entered`` and ``value``.
    form: Form | None = None
    names: tuple[str, ...] = ()  # players' names to offer, the most recent first
    brightness: float = 1.0  # the LED ring's, of 0..1 (the menu steps it)
    max_brightness: float = 1.0  # the config's cap on it

    @property
    def mode(self) -> Mode | None:
        return self.modes[-1] if self.modes else None

    @property
    def menu_open(self) -> bool:
        return self.mode == "menu"

    @property
    def confirming(self) -> bool:
        return self.mode in ("confirm_undo_period", "confirm_restart_period", "confirm_end_game")

    @property
    def entering(self) -> bool:
        return self.mode == "entry"

    def push(self, mode: Mode) -> UiState:
        return replace(self, modes=(*self.modes, mode))

    def pop(self) -> UiState:
        return replace(self, modes=self.modes[:-1])

    def say(self, key: str, at: float, *, refused: bool = False, **fields: object) -> UiState:
        return replace(self, notice=Notice(key, fields, at), refused=refused)

    def quiet(self) -> UiState:
        return replace(self, notice=None, refused=False)


@dataclass(frozen=True)
class HardwareStatus:
    """Which parts work: those replaced by their on-screen fake at start, and the links
    that can come and go (the disc sensor, the Pico bridge)."""

    replaced: tuple[str, ...] = ()
    sensor_present: bool = True
    bridge: Literal["linked", "unplugged", "none"] = "none"
    sensor_expected: bool = True  # the config wired one (not "none", not the sim's)
    failed: tuple[str, ...] = ()  # outputs switched off after they raised, with why
    library: tuple[str, ...] = ()  # the card library's problems (the file is kept)
    # The journal cannot be written ("full", "read_only", "failed"): the table is
    # read-only, kept up to ``storage_head`` actions, and tries again.
    storage: str = ""
    storage_head: int = 0
    deaf_frames: int = 0  # the Pico stopped reading: LED frames dropped (0: it reads)
    # The seats wired with all four buttons (empty: not known, every seat counts as wired).
    # A seat of the game without them is played by any seat's buttons, and said so.
    pads: tuple[int, ...] = ()

    def unpadded(self, seats: int) -> tuple[int, ...]:
        """The seats of a game of ``seats`` players that have no buttons of their own."""
        if not self.pads:
            return ()
        return tuple(seat for seat in range(1, seats + 1) if seat not in self.pads)

    def notes(self, language: str, seats: int = 0) -> tuple[str, ...]:
        """One line per part that does not work as built, in the table's language
        (``seats``: the players of the game on the table, whose buttons are checked)."""
        lines = []
        if self.storage:  # first: nothing the table does now is kept
            lines.append(text(f"hardware.storage.{self.storage}", language, head=self.storage_head))
        lines += [text(f"hardware.replaced.{port}", language) for port in self.replaced]
        lines += [text("hardware.output_failed", language, reason=why) for why in self.failed]
        if self.library:  # the first problem, and how many more (companion cards check)
            more = len(self.library) - 1
            first = self.library[0] + (
                f" ({text('ui.and_more', language, count=more)})" if more else ""
            )
            lines.append(text("hardware.library_problem", language, problem=first))
        if self.bridge == "unplugged":
            lines.append(text("hardware.bridge_unplugged", language))
        elif self.deaf_frames:
            lines.append(text("hardware.bridge_deaf", language, dropped=self.deaf_frames))
        elif self.sensor_expected and not self.sensor_present and "disc" not in self.replaced:
            lines.append(text("hardware.no_sensor", language))
        unpadded = self.unpadded(seats)
        if unpadded:  # one line for them all
            listed = ", ".join(str(seat) for seat in unpadded)
            lines.append(text("hardware.no_pad", language, seats=listed))
        return tuple(lines)


@dataclass(frozen=True)
class WebAccess:
    """Where phones reach the box and this game's tokens (docs/phones.md), for the box's
    own screen only (MENU, Phones): no output sends it anywhere."""

    address: str  # what a phone opens: "http://192.168.1.20:8080", no "/" at the end
    table: str  # the table token: the card library and a new game from a phone
    seats: tuple[str, ...] = ()  # seat 1's token first, this game's seats only

    @classmethod
    def of(cls, address: str, tokens: Mapping[str, object]) -> WebAccess:
        """From the web hub's tokens: ``{"table": t, "seats": {"1": t1, "2": t2}}``."""
        seats = tokens.get("seats")
        kept = seats if isinstance(seats, Mapping) else {}
        ordered = sorted((int(seat), str(token)) for seat, token in kept.items())
        return cls(
            address.rstrip("/"), str(tokens.get("table") or ""), tuple(t for _, t in ordered)
        )

    def seat_address(self, seat: int) -> str:
        """The seat's private page (its token in the path)."""
        return f"{self.address}/seat/{self.seats[seat - 1]}"

    @property
    def spectator_address(self) -> str:
        return f"{self.address}/"

    @property
    def table_address(self) -> str:
        """The table's page: the card library and a new game (the table token in the path)."""
        return f"{self.address}/table/{self.table}"


@dataclass(frozen=True)
class Snapshot:
    """The table after one event, for every output."""

    spec: AnySpec
    state: GameState
    view: View  # the public view, with the table's head and undo/redo flags
    prompt: Prompt
    history: tuple[Action, ...]  # the actions so far, oldest first
    ui: UiState = field(default_factory=UiState)
    change: Change = NOTHING  # the table's last change (kept while only the UI moves)
    changed_at: float = 0.0  # when the table last changed (animations count from it)
    news: bool = False  # this event changed the table
    hardware: HardwareStatus = field(default_factory=HardwareStatus)
    cue: str | None = None  # the sound this event deserves, if any
    at: float = 0.0
    cards: Cards = ()  # the table's card library (its game's spec has a card kit)
    resumable: tuple[GameRecord, ...] = ()  # the journal's other unfinished games, newest first
    setup: Setup = field(default_factory=dict)  # the game's setup
    # The game log in every language: the previous snapshot's and the change's new lines
    # (the table's log book), never replayed; read through companion.game_log.lines.
    log: GameLog = field(default_factory=GameLog)
    web: WebAccess | None = None  # the phones' server, when it is on (MENU, Phones)
    # The table's standings (MENU, Standings: name, wins, games, the most wins first): the
    # loop's reader of its journal, called on the loop's thread when the page opens (it
    # replays every finished game), never by an output.
    standings: Callable[[], Sequence[tuple[str, int, int]]] | None = None

    @property
    def game(self) -> str:
        return self.spec.name

    @property
    def language(self) -> str:
        return self.ui.language

    @property
    def period(self) -> int | None:
        return self.spec.period(self.view)

    @property
    def choice_under_cursor(self) -> Action | None:
        """The complete action under the cursor (None on an entry or in another mode)."""
        choices = self.prompt.choices
        count = len(choices) + len(self.prompt.entries)
        if not count or self.ui.modes or self.ui.cursor % count >= len(choices):
            return None
        return choices[self.ui.cursor % count]

    @property
    def entry_under_way(self) -> Entry | None:
        """The entry whose fields the player is entering, if any: one of the prompt's, or
        the card shown in the card library view, being edited."""
        if self.ui.mode == "form" and self.ui.form is not None:
            return self.ui.form.entry
        if not self.ui.entering:
            return None
        if "cards" in self.ui.modes:
            card = self.card_shown
            kit = self.spec.cards
            if card is None or kit is None or kit.editor is None:
                return None
            return kit.editor(card, self.language)
        entries = self.prompt.entries
        if self.ui.entry >= len(entries):
            return None
        return entries[self.ui.entry]

    @property
    def card_shown(self) -> Data | None:
        """The card the card library view shows (None when it is closed or empty)."""
        if "cards" not in self.ui.modes or not self.cards:
            return None
        return self.cards[self.ui.card % len(self.cards)]

    def view_for(self, audience: str = PUBLIC) -> View:
        """The view for ``audience`` ("public", "seat:2"), from the frozen state."""
        if audience == PUBLIC:
            return self.view
        return self.spec.rules.view(self.state, audience)

    def notices(self) -> tuple[str, ...]:
        """What the screen must say besides the game: the last message, then the parts
        that do not work, in the table's language."""
        lines = [self.ui.notice.say(self.language)] if self.ui.notice else []
        seats = len(rows(self.view.get("seats")))
        # Each once: a refused write says what the storage note says (issue 22).
        return tuple(dict.fromkeys((*lines, *self.hardware.notes(self.language, seats))))

    def with_ui(self, ui: UiState, at: float, cue: str | None = None) -> Snapshot:
        """The same table with another UI state: no news."""
        return replace(self, ui=ui, at=at, cue=cue, news=False)


def of_state(
    spec: AnySpec,
    state: GameState,
    ui: UiState | None = None,
    at: float = 0.0,
) -> Snapshot:
    """A snapshot straight from a game state (the gallery, tests, benches): no table."""
    return Snapshot(
        spec=spec,
        state=state,
        view=spec.rules.view(state, PUBLIC),
        prompt=spec.rules.prompt(state),
        history=(),
        ui=ui or UiState(),
        at=at,
    )


__all__ = ["Form", "HardwareStatus", "Notice", "Snapshot", "UiState", "WebAccess", "of_state"]
