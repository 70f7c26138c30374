"""What a game gives the shell: its :class:`GameSpec`.

The shell (table, controls, screen, ring, buzzer, narration, gallery) knows a game only
through its spec. Every field but ``name``, ``rules`` and ``words`` has a working default,
so a new game is playable on the box with rules and a catalogue alone: a generic screen
shows the view's headline and the prompt with its choices, a generic ring lights the seat
that must act, NEXT takes the prompt's end-of-phase choice, and the narration says each
event by its catalogue key.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast

from companion.catalogue.refusals import Refusals, learn
from companion.i18n import LANGUAGES, Words
from companion.rules.base import (
    PUBLIC,
    Action,
    Entry,
    Event,
    Field,
    FieldKind,
    IllegalAction,
    Prompt,
    Setup,
    View,
    Wire,
)
from companion.rules.reading import Data, mapping, rows, whole, words

if TYPE_CHECKING:
    from companion.leds import RGB, LedStyle, Overlay

S = TypeVar("S", bound="GameState")


class GameState(Protocol):
    """What the shell reads of any game's state."""

    @property
    def events(self) -> tuple[Event, ...]:
        """What the last action caused (past tense), for narration and cues."""
        ...

    @property
    def winner(self) -> int | None: ...


class Rules(Protocol[S]):
    """The pure rules: a module or an object with these four functions."""

    def start(self, setup: Mapping[str, object] | None) -> S: ...

    def step(self, state: S, action: Action) -> S: ...

    def prompt(self, state: S) -> Prompt: ...

    def view(self, state: S, audience: str = PUBLIC) -> View: ...


# A line of narration for one event: (event, public view after it, language) -> words.
Sayer = Callable[[Event, View, str], str]

_E = TypeVar("_E", bound=Event)  # one of a game's event TypedDicts
_V = TypeVar("_V", bound=View)  # the game's view TypedDict


def typed_sayers(viewed: Callable[[View], _V]) -> Callable[[Callable[[_E, _V, str], str]], Sayer]:
    """A game's sayer maker: it wraps a sayer written for one of the game's event TypedDicts
    and its view (``viewed``: the game's cast of the view) into the shell's :data:`Sayer`;
    the event's one cast at the seam is here (the shell hands back the events the rules
    emitted typed, under that name)."""

    def sayer(say: Callable[[_E, _V, str], str]) -> Sayer:
        def said(event: Event, view: View, language: str) -> str:
            return say(cast(_E, event), viewed(view), language)

        return said

    return sayer


# A choice of the prompt as a short phrase: (public view, action, language) -> words.
ChoiceWords = Callable[[View, Action, str], str]
# The ring's logical frame: (public view, time, style, overlay) -> one colour per LED.
RingPainter = Callable[[View, float, "LedStyle", "Overlay"], "list[RGB]"]
# Does the ring's frame change with time alone? (public view, overlay, time) -> bool.
RingAnimated = Callable[[View, "Overlay", float], bool]
# The banner's phase in words: (public view, language) -> words.
PhaseWords = Callable[[View, str], str]
# A seat's colour on the screen, when the game gives seats their own (public view, seat).
SeatColour = Callable[[View, int], "tuple[int, int, int]"]


@dataclass(frozen=True)
class EntryNote:
    """A line the value entry shows under the value: what the action as entered so far
    would mean if it were confirmed now (Tetranomicon: its cost); ``refused`` when the
    rules would refuse it."""

    words: str
    refused: bool = False


# What the display draws from and with: its Scene and its Screen. The contract names
# neither (the display reads the controls, which read this contract), so a reader of
# the games' contract never has to come back to it through the screen.
Scene_contra = TypeVar("Scene_contra", contravariant=True)
Screen_co = TypeVar("Screen_co", covariant=True)


class ScreenModule(Protocol[Scene_contra, Screen_co]):
    """A game's screens module: its screens by name, and which one a scene needs; the
    display reads it as ``ScreenModule[Scene, Screen]`` (pygame is the screen's alone)."""

    def screens(self) -> Mapping[str, Screen_co]: ...

    def screen_for(self, scene: Scene_contra) -> str: ...


@dataclass(frozen=True)
class Cue:
    """What the buzzer hears of a change: the events it caused and the prompts around it."""

    events: tuple[Event, ...]
    before: Prompt
    after: Prompt


CueRule = Callable[[Cue], "str | None"]


@dataclass(frozen=True)
class SecretChoice:
    """A choice every seat makes at once with its colour buttons, unseen by the others
    (the Manus vote): the choices whose ``do`` is ``action`` are made by the seat's four
    buttons, each setting ``field`` to ``values[colour]``, for the first of the seat's
    ``voters`` (from the public view) that has not chosen yet."""

    action: str
    field: str
    values: Mapping[str, str]  # button colour -> the field's value
    voter_field: str  # the key of a choice naming who chooses ("hand")
    voters: Callable[[View, int], list[int]]  # (public view, seat) -> who may still choose
    hint: str = ""  # catalogue key: the colour map in words
    # (public view, seat) -> who has chosen and may change it until the reveal; a press
    # from a seat with nobody left to choose changes these in turn.
    changers: Callable[[View, int], list[int]] | None = None


@dataclass(frozen=True)
class InputProfile:
    """How the shared buttons and the disc act in this game."""

    # NEXT applies the first of the prompt's choices whose ``do`` is in this list.
    next_actions: tuple[str, ...] = ()
    # The action that starts the next period (the disc's forward step, or NEXT without a
    # disc sensor); None: the game does not use the time disc.
    period_action: str | None = None
    secret: SecretChoice | None = None


@dataclass(frozen=True)
class Sample:
    """A named picture of the game for the gallery and the render bench: a state reached
    by playing actions from a setup, and the UI over it."""

    name: str
    setup: Setup
    actions: tuple[Action, ...]
    cursor: int = 0
    # Value entry under way: which of the prompt's entries, and the values confirmed
    # (the next field shows its first value).
    entry: int | None = None  # negative: from the end (the entries after the library's)
    entered: tuple[str | int, ...] = ()
    value: str | int | None = None  # shown in the field being entered (None: its start)
    card: int | None = None  # the card library open at this card (None: closed)
    # UNDO just took back the last ``undone`` actions: the table is before them and the
    # event line says what was undone (0: the actions are played, the last one said).
    undone: int = 0


Cards = tuple[Data, ...]


@dataclass(frozen=True)
class CardKit:
    """A game whose cards the table owns (the Bestiary's creatures): the companion learns
    them once and keeps them in a library file (``companion/library.py``).

    ``starting``: the library a table starts with (what the rulebooks say). ``check``: the
    problems of a library read from a file (each ``(key path, why)``; the path indexes the
    file's ``cards`` list). ``offer``: the prompt with the library's cards offered (as
    choices, or entries asking what the cards leave blank). ``learn``: the library after an
    action played from it (a blank value entered is remembered), or None if unchanged."""

    starting: Callable[[], Cards]
    check: Callable[[object], list[tuple[tuple[str | int, ...], str]]]
    offer: Callable[[Prompt, View, Cards], Prompt]
    learn: Callable[[Action, Cards], Cards | None]
    # The card library view ("Cards" in the menu): a card as a player reads it, in a
    # language; the entry that edits it (its fields open at the card's values); and the
    # card its completed entry builds, tidied (None: as built).
    face: Callable[[Data, str], CardFace] | None = None
    editor: Callable[[Data, str], Entry] | None = None
    edited: Callable[[Action], Data] | None = None
    # A new card as the table page's form starts it (the editor's card; None: the page
    # edits the library's cards but adds none).
    blank: Data | None = None


@dataclass(frozen=True)
class CardFace:
    """A card in words, for the card library view: its name, its statistics (a short
    label and a value each, drawn large), and longer lines (an ability and what it does)."""

    name: str
    stats: tuple[tuple[str, str], ...] = ()
    lines: tuple[tuple[str, str], ...] = ()


# --- reading a card of a library file (the games' card kits share its shape) -------------


def name_in(value: object, language: str = "en") -> str:
    """A card's name in ``language``: a name, or one per language ({en: ..., ru: ...}, the
    English one where ``language`` has none)."""
    if isinstance(value, Mapping):
        return str(value.get(language) or value.get("en") or "")
    return str(value or "")


def name_problem(value: object) -> str | None:
    """Why ``value`` is no card's name (None: it is one)."""
    if isinstance(value, str) and value.strip():
        return None
    if isinstance(value, Mapping) and isinstance(value.get("en"), str) and value["en"].strip():
        return None
    return "a name, or {en: ..., ru: ...}"


def name_key(at: str, value: object, language: str) -> str:
    """Where the name in the table's language is written (``at``, or ``at.ru``): a name
    given per language keeps the other language's."""
    if isinstance(value, Mapping):
        return f"{at}.{language if language in value else 'en'}"
    return at


def whole_in(value: object, low: int, high: int) -> bool:
    """A whole number from ``low`` to ``high`` (never a YAML yes/no)."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _as_given(setup: Setup) -> Setup:
    return setup


def _no_rematch(state: object, setup: Setup) -> Setup:
    return dict(setup)


def _no_period(view: View) -> int | None:
    return whole(view.get("period"))


# --- what the phones, the club line and Home Assistant show (docs/phones.md, docs/club.md) ----

# The clock line: (public view, language) -> "Round 2", "Period 1, cycle 1" ("": none).
Headline = Callable[[View, str], str]
# The standings: (public view, language) -> rows {"label", "value", "top"?, "seat"?}, one
# per seat or side; the spectator draws them as meters, the club prints them.
Summary = Callable[[View, str], Sequence[Data]]
# The game's own parts of a page: (the audience's view, language, seat or None for the
# public) -> sections (docs/phones.md: {"part", "title", "blocks": [...]}).
Sections = Callable[[View, str, "int | None"], Sequence[Data]]
# The victory chart: (public view, language) -> {"caption", "top", "series": [{"name",
# "seat", "points": [[x, y], ...]}]}, or None (the summary's meters then).
Chart = Callable[[View, str], "Data | None"]
# Words for a seat's choices and entries the rules' label leaves bare: (seat's view,
# language, seat) -> [{"when": {action key: value}, "label"?, "tone"?}].
ActionLooks = Callable[[View, str, int], Sequence[Data]]

EntityValue = str | int | float | None


@dataclass(frozen=True)
class Entity:
    """A Home Assistant sensor of a game, read from the public view by the game itself.
    ``key`` is [a-z0-9_] (the sensor's id and its key in the feed's ``entities`` message);
    ``numeric`` ones are graphed (``state_class: measurement``)."""

    key: str
    name: str
    value: Callable[[View], EntityValue]
    unit: str = ""
    numeric: bool = False


def round_of(view: View) -> int | None:
    """The view's round, else its period (the games' common counters), or None."""
    for key in ("round", "period"):
        value = whole(view.get(key))
        if value is not None:
            return value
    return None


def winner_names(view: View) -> list[str]:
    """Every winner's name (a shared win names each), or [] while the game goes on."""
    winner = mapping(view.get("winner"))
    names = winner.get("names")
    if isinstance(names, list) and names:
        return [str(name) for name in names]
    name = winner.get("name")
    return [str(name)] if name else []


def seats_of(view: View) -> list[Data]:
    return rows(view.get("seats"))


def turn_of(view: View) -> Data:
    return mapping(view.get("turn"))


_ROUND_WORDS = {"en": "Round", "ru": "Раунд"}


def _round_headline(view: View, language: str) -> str:
    value = round_of(view)
    return "" if value is None else f"{_ROUND_WORDS.get(language, 'Round')} {value}"


def _scores(view: View, language: str) -> list[Wire]:
    """Each seat's score, when the seats keep one."""
    return [
        {"label": words(seat.get("name")), "value": seat["score"], "seat": seat.get("seat")}
        for seat in seats_of(view)
        if whole(seat.get("score")) is not None
    ]


_STANDINGS = {"en": "Standings", "ru": "Положение"}


def _standings_title(language: str) -> str:
    return _STANDINGS.get(language, _STANDINGS["en"])


def _no_sections(view: View, language: str, seat: int | None) -> list[Data]:
    return []


def _no_chart(view: View, language: str) -> Data | None:
    return None


def _no_looks(view: View, language: str, seat: int) -> list[Data]:
    return []


def common_entities(view: View) -> list[Entity]:
    """The sensors every game has: its round (or period), whose turn it is (a name) and
    that seat's number, and each seat's score when the seats keep one."""
    entities = [
        Entity("round", "round", round_of, numeric=True),
        Entity("turn", "turn", lambda v: words(turn_of(v).get("name")) or None),
        Entity("seat", "seat to act", lambda v: whole(turn_of(v).get("seat")), numeric=True),
    ]
    for seat in seats_of(view):
        number = whole(seat.get("seat"))
        if number is not None and whole(seat.get("score")) is not None:
            entities.append(seat_entity(number, seat, "score", "points"))
    return entities


def seat_entity(number: int, seat: Data, key: str, said: str, unit: str = "") -> Entity:
    """A numeric sensor of one seat's ``key`` (``score_1``, named "Anna points")."""

    def value(view: View) -> EntityValue:
        for each in seats_of(view):
            if each.get("seat") == number:
                return whole(each.get(key))
        return None

    name = f"{words(seat.get('name')) or f'seat {number}'} {said}"
    return Entity(f"{key}_{number}", name, value, unit=unit, numeric=True)


# --- what the table's statistics read of a game (``companion stats``, docs/stats.md) ----------


@dataclass(frozen=True)
class StatsKit:
    """A game's own part of the table's statistics: its length in its own units, and its
    own numbers, gathered one finished game at a time and then told over all of them.

    ``unit``: the game's catalogue key of the units' word, plural ("periods").
    ``units``: a finished game's length in those units, from its final public view.
    ``digest``: one finished game's own numbers from the events its actions caused, in
    order, and its final public view: small JSON, so that a journal of hundreds of games
    is told at once (a digest is kept per game, not its events).
    ``report``: the finished games' digests (oldest first) told in a language:
    ``{"charts": [{"title", "labels", "series": [{"name", "values"}]}], "tables":
    [{"title", "columns", "rows"}]}``.
    ``version``: the digest's; a new one when it changes, so that the digests kept of the
    games told before are made again (companion/stats_cache.py)."""

    unit: str
    units: Callable[[View], int | None]
    digest: Callable[[Sequence[Event], View], Wire]
    report: Callable[[Sequence[Data], str], Wire]
    version: int = 1


@dataclass(frozen=True)
class GameSpec(Generic[S]):
    """Everything the shell knows of one game."""

    name: str  # as scripts and the journal write it
    rules: Rules[S]
    words: Words  # the game's catalogue (EN and RU), keys namespaced by ``name``
    sayers: Mapping[str, Sayer] = field(default_factory=dict)
    choice_words: ChoiceWords | None = None
    # The banner's phase (None: the catalogue's ``ui.phase.<phase>``).
    phase_words: PhaseWords | None = None
    # A seat's colour on the game's screens (None: the seat colours of companion/seats.py).
    seat_colour: SeatColour | None = None
    # What the action being entered would mean, before it is confirmed: (state, the action
    # with the values shown and the defaults after them, language) -> a line, or None.
    entry_note: Callable[[S, Action, str], EntryNote | None] | None = None
    ring: RingPainter | None = None
    ring_animated: RingAnimated | None = None
    cue: CueRule | None = None
    inputs: InputProfile = field(default_factory=InputProfile)
    # The dotted name of the game's screens module (a :class:`ScreenModule`), imported when
    # the screen first draws the game (pygame is the screen's alone); None: the generic ones.
    screens: str | None = None
    samples: Sequence[Sample] = ()
    # The setup of the next game in a series, from the last state and its setup.
    rematch: Callable[[S, Setup], Setup] = _no_rematch
    # The period the time disc should show, read from the public view (None: no disc).
    period: Callable[[View], int | None] = _no_period
    # The setup the simulator starts this game with when none is given.
    example_setup: Setup = field(default_factory=dict)
    # The fewest and the most players the rules take (the menu's new game offers these).
    players: tuple[int, int] = (2, 2)
    # The counts between those the rules take, when not every one is (Four-path: 2 or 4);
    # empty: all of them.
    player_counts: tuple[int, ...] = ()
    # The setup options the menu's new game asks after the players, in order: each a
    # field whose ``key`` is the setup's key (``only_if`` may name "players", the count).
    setup_fields: tuple[Field, ...] = ()
    # The cards the table owns, kept in a library file; None: the game has none.
    cards: CardKit | None = None
    # A new game's setup as the journal keeps it: the game may stamp the edition of its
    # rules, so a game journaled by an older companion replays by the rules it was played
    # by (the setup's absence of the stamp), and a new one by today's.
    stamp: Callable[[Setup], Setup] = _as_given
    # The setup a journaled game is replayed with (an unstamped one: the oldest edition).
    journaled: Callable[[Setup], Setup] = _as_given
    # What the phones, the club line and Home Assistant show of the game (docs/phones.md,
    # docs/club.md): the pages and the feed read these and never the view's own keys.
    headline: Headline = _round_headline
    summary: Summary = _scores
    summary_title: Callable[[str], str] = _standings_title
    sections: Sections = _no_sections
    chart: Chart = _no_chart
    action_looks: ActionLooks = _no_looks
    # The game's Home Assistant sensors for a public view (per-seat ones named by players).
    entities: Callable[[View], list[Entity]] = common_entities
    # The view's keys that grow with the game (the duel's damage line per period): the
    # pages' payload leaves them out, so an update costs the same at any length; the
    # game's own picture (its chart) still reads them from the whole view on the box.
    growing: tuple[str, ...] = ()
    # The game's own statistics (``companion stats``); None: its length in rounds (the
    # view's round or period) and nothing of its own.
    stats: StatsKit | None = None
    # Why its rules refused, in Russian (companion/catalogue/refusals.py says it): its
    # messages' templates and the words of their fields; they join the table's when the
    # spec is made.
    refusals: Refusals = field(default_factory=Refusals)

    def __post_init__(self) -> None:
        learn(self.refusals)

    def page_view(self, view: View) -> View:
        """The view as a page's payload carries it: without the :attr:`growing` keys."""
        if not self.growing:
            return view
        return {key: value for key, value in view.items() if key not in self.growing}

    def picture(self, view: View, language: str, seat: int | None = None) -> Wire:
        """What a phone's page draws of the game for an audience (``seat`` None: the
        public), from that audience's view: the pages name no game (docs/phones.md)."""
        picture: Wire = {
            "headline": self.headline(view, language),
            "summary": self.summary(view, language),
            "summary_title": self.summary_title(language),
            "sections": self.sections(view, language, seat),
            "winner": winner_names(view),
        }
        if seat is None:
            picture["chart"] = self.chart(view, language) if view.get("winner") else None
        else:
            picture["actions"] = self.action_looks(view, language, seat)
        return picture

    def authorize(self, state: S, action: Action, seat: int, asked: Prompt | None = None) -> None:
        """Refuse ``action`` (IllegalAction, naming why) unless it is ``seat``'s own to
        take now: the rules' own ``authorize(state, action, seat, prompt)`` when the game
        has one (the five games do: a hidden vote only for one's own hand, a sheet only
        one's own hero's), else only the seat the prompt names acts, as itself. ``asked``:
        the prompt of ``state`` when the caller has it (the table keeps it: a press
        computes the prompt once)."""
        prompt = asked if asked is not None else self.rules.prompt(state)
        check: Callable[[S, Action, int, Prompt], None] | None = getattr(
            self.rules, "authorize", None
        )
        if check is not None:
            check(state, action, seat, prompt)
            return
        named = action.get("seat")
        if named is not None and named != seat:
            raise IllegalAction(f"seat {seat} cannot act for seat {named}")
        if prompt.seat is not None and prompt.seat != seat:
            raise IllegalAction(f"it is seat {prompt.seat}'s to decide now, not seat {seat}'s")


def setup_option(
    words: Words,
    key: str,
    options: tuple[str | int, ...],
    *,
    default: str | int | None = None,
    only_if: tuple[str, tuple[str | int, ...]] | None = None,
) -> Field:
    """A setup option the menu's new game asks: one of ``options``, labelled by the game's
    catalogue ``setup.<key>`` and each option said by ``setup.<key>.<option>`` (a flag's
    ``true`` and ``false`` in lower case), in every language."""
    names = {
        option: {
            language: words(f"setup.{key}.{str(option).lower()}", language)
            for language in LANGUAGES
        }
        for option in options
    }
    return Field(
        key,
        "choice",
        words.key(f"setup.{key}"),
        options=options,
        names=names,
        default=default,
        only_if=only_if,
    )


def entry_field(catalogue: Words, key: str, kind: FieldKind = "int", **more: Any) -> Field:
    """A field of an entry, labelled by the game's catalogue ``field.<key>`` (a nested key,
    ``routes.Anna``, by its first part)."""
    label = catalogue.key(f"field.{key.split('.', maxsplit=1)[0]}")
    return Field(key, kind, label, **more)


# A spec of whichever game: the registry and the shell hold specs of different state types
# side by side, and a state never crosses from one game's spec to another's.
AnySpec = GameSpec[Any]
