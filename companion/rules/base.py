"""The contract every game meets, and the pieces all games share.

A game is a module (or object) with four pure functions:

- ``start(setup) -> State``: a validated setup; a bad one raises :class:`SetupError`.
- ``step(state, action) -> State``: an illegal action raises :class:`IllegalAction`
  naming why; the old state is never touched (states are frozen).
- ``prompt(state) -> Prompt``: who must decide what now, and the legal choices.
- ``view(state, audience) -> dict``: a JSON-ready picture for ``public``, a seat
  (``"seat:2"`` or the bare seat number) or ``debug``.

Actions are plain JSON-ready mappings with a ``do`` key, exactly as the table journals
them and as ``companion play`` scripts write them.
"""

from __future__ import annotations

import copy
import difflib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Self, TypeVar

from companion.i18n import text

# A game's action, event, view and setup as the shell holds them: read-only mappings whose
# values are ``object``, so whoever reads one outside the game narrows each value it uses
# (companion/rules/reading.py) and mypy checks it. Inside its folder a game types them as
# TypedDicts (its types.py), which are such mappings; the crossing back is one cast.
Action = Mapping[str, object]
Event = Mapping[str, object]
View = Mapping[str, object]
Setup = Mapping[str, object]
# A JSON-ready object the shell or a game builds to be sent or stored (a prompt's picture,
# a page's rows): written freely, read only by JSON encoders.
Wire = dict[str, object]
# A JSON object parsed from outside (YAML, JSON, a journal row, the wire): whatever JSON
# holds. Only the true boundaries name it.
JSON = dict[str, Any]

PUBLIC = "public"
DEBUG = "debug"


class RulesError(Exception):
    """Base of the errors a player or a script can cause."""


class SetupError(RulesError):
    """The setup of a game is not valid; the message names the key."""


class IllegalAction(RulesError):
    """The action is not legal now; the message says why."""


FieldKind = Literal["int", "choice", "text"]

# A short name entered letter by letter (a field of kind "text"): up and down turn the
# letter being chosen through this ring, select takes it, back erases the last one. The
# ring starts at END (the name is done); down from it come a space and the Cyrillic letters,
# up from it the Latin ones.
END = "✓"
LATIN = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
CYRILLIC = "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"
LETTERS = f"{END}{LATIN}{CYRILLIC} "


@dataclass(frozen=True)
class Field:
    """One value a player enters with the buttons: an integer from ``low`` to ``high``, one
    of ``options``, or a short name (``text``: ``low`` to ``high`` letters of
    :data:`LETTERS`, shown while entered as the letters so far and the letter being
    chosen, see :meth:`type_letter`). ``key`` is the action's key it sets (dotted for a nested one:
    ``abilities.0.prep``); ``label`` the catalogue key that names it; an option is said by
    ``names[option][language]`` when given, else by the catalogue key
    ``f"{words}.{option}"`` when ``words`` is given, else as written."""

    key: str
    kind: FieldKind
    label: str
    low: int = 0
    high: int = 0
    options: tuple[str | int, ...] = ()
    words: str | None = None
    default: str | int | None = None
    names: Mapping[str | int, Mapping[str, str]] = field(default_factory=dict)
    # The label's fields; a mapping of language to words says a name in each language.
    label_fields: Mapping[str, str | int | Mapping[str, str]] = field(default_factory=dict)
    # Options that leave the key out of the action ("keep this part as it is").
    omit: tuple[str | int, ...] = ()
    # Asked only when an earlier field (by key) holds one of these values; else skipped.
    only_if: tuple[str, tuple[str | int, ...]] | None = None
    # The default follows an earlier field (by key): the value it holds maps to this
    # field's default (a card's strength once the card is chosen); a value not mapped, or
    # one the field cannot hold, keeps ``default``. Not for names, and no chains (a field
    # followed follows none: the phones' form follows one step).
    default_by: tuple[str, Mapping[str | int, str | int]] | None = None
    # Whether NEXT, which plays the fields after the one shown without showing them, takes
    # the followed default too; False: the field only opens there, and NEXT leaves it at
    # ``default`` (a creature's place is never moved unseen).
    follows_unseen: bool = True

    def holds(self, value: object) -> bool:
        """Whether ``value`` is one of this field's (an option, a number in range)."""
        if self.kind == "choice":
            return value in self.options
        if self.kind == "int":
            return isinstance(value, int) and self.low <= value <= self.high
        return isinstance(value, str)

    def followed(self) -> list[object] | None:
        """``default_by`` as the phones take it: [key, [[its value, this default], ...]]."""
        if self.default_by is None:
            return None
        key, mapping = self.default_by
        return [key, [[value, then] for value, then in mapping.items()]]

    @property
    def first(self) -> str | int:
        """The value entry starts from (the field's value when it is not entered)."""
        if self.default is not None:
            return self.default
        if self.kind == "text":
            return ""
        return self.low if self.kind == "int" else self.options[0]

    @property
    def start(self) -> str | int:
        """What the field shows when it opens: its first value (a name: with the letter
        being chosen after it, END when it has a default to keep)."""
        return self.reopen(self.first)

    def reopen(self, value: str | int) -> str | int:
        """What the field shows when a player comes back to ``value``."""
        if self.kind != "text":
            return value
        name = str(value)
        return name + END if name else LATIN[0]

    def result(self, shown: str | int) -> str | int:
        """The field's value when it shows ``shown`` (a name: without the letter being
        chosen)."""
        return str(shown)[:-1] if self.kind == "text" else shown

    def type_letter(self, shown: str | int) -> str | None:
        """Select on a name: the letter being chosen is taken and the next one starts from
        it (a word goes on in small letters); None when it is END, the name is done."""
        typed, letter = str(shown)[:-1], str(shown)[-1:]
        if letter in ("", END):
            return None
        typed += letter
        if len(typed) >= self.high:
            return typed + END
        following = LATIN[0] if letter == " " else letter
        return typed + _cased(typed, following)

    def erase(self, shown: str | int) -> str | None:
        """Back on a name: the last letter taken is erased and becomes the letter being
        chosen again; None when nothing is typed (back leaves the field)."""
        typed = str(shown)[:-1]
        return typed if typed else None

    def step(self, value: str | int, by: int) -> str | int:
        """The next value up (``by`` 1) or down (-1): integers stop at the ends, options
        and letters go round."""
        if self.kind == "int":
            assert isinstance(value, int)
            return max(self.low, min(self.high, value + by))
        if self.kind == "text":
            typed, letter = str(value)[:-1], str(value)[-1:].upper()
            if len(typed) >= self.high:
                return typed + END
            index = LETTERS.index(letter) if letter in LETTERS else 0
            return typed + _cased(typed, LETTERS[(index + by) % len(LETTERS)])
        index = self.options.index(value) if value in self.options else 0
        return self.options[(index + by) % len(self.options)]

    def say(self, value: object, language: str) -> str:
        names = self.names.get(value) if isinstance(value, str | int) else None
        if names:
            return names.get(language) or next(iter(names.values()))
        if self.words is not None and isinstance(value, str):
            return text(f"{self.words}.{value}", language)
        return str(value)

    def title(self, language: str) -> str:
        said = {
            key: (value.get(language) or value.get("en", ""))
            if isinstance(value, Mapping)
            else value
            for key, value in self.label_fields.items()
        }
        return text(self.label, language, **said)


def _cased(typed: str, letter: str) -> str:
    """A name starts with a capital; every letter after it is small, the next words' too
    ("Stone skin", as the cards print it): a capital inside a name is rare."""
    return letter.lower() if typed else letter


@dataclass(frozen=True)
class Entry:
    """A legal action whose values no list can hold: ``base`` with each of ``fields``
    entered in turn (a varying attack strength, an X preparation time). ``key`` and
    ``words`` name it among the prompt's choices."""

    base: Action
    fields: tuple[Field, ...]
    key: str
    words: Mapping[str, str | int] = field(default_factory=dict)

    def values(self, entered: Sequence[str | int]) -> tuple[str | int, ...]:
        """Every field's value: those entered so far, then the defaults (each following
        the values before it where the field's ``default_by`` says so)."""
        out = list(entered[: len(self.fields)])
        for index in range(len(out), len(self.fields)):
            out.append(self.default(index, out))
        return tuple(out)

    def default(self, index: int, before: Sequence[str | int], *, shown: bool = False) -> str | int:
        """Field ``index``'s value when it is not entered, given the values of the fields
        before it: its ``default_by`` mapping of an earlier field's value, else its own
        (``shown``: where it opens; else what NEXT plays unseen, see ``follows_unseen``)."""
        item = self.fields[index]
        if item.default_by is not None and (shown or item.follows_unseen):
            key, mapping = item.default_by
            for earlier in range(min(index, len(before))):
                if self.fields[earlier].key == key:
                    found = mapping.get(before[earlier])
                    if found is not None and item.holds(found):
                        return found
                    break
        return item.first

    def opening(self, index: int, entered: Sequence[str | int]) -> str | int:
        """What field ``index`` shows when it opens after the ``entered`` values."""
        item = self.fields[index]
        if item.default_by is None:
            return item.start
        return item.reopen(self.default(index, self.values(entered)[:index], shown=True))

    def asks(self, index: int, entered: Sequence[str | int]) -> bool:
        """Whether field ``index`` is asked, given the values before it (``only_if``)."""
        condition = self.fields[index].only_if
        if condition is None:
            return True
        key, wanted = condition
        values = self.values(entered)
        for earlier, item in enumerate(self.fields[:index]):
            if item.key == key:
                return self.asks(earlier, entered) and values[earlier] in wanted
        return False

    def following(self, entered: Sequence[str | int]) -> int | None:
        """The next field asked after the ``entered`` ones, or None when all are done."""
        for index in range(len(entered), len(self.fields)):
            if self.asks(index, entered):
                return index
        return None

    def confirm(
        self, entered: Sequence[str | int], value: str | int
    ) -> tuple[tuple[str | int, ...], int | None]:
        """Confirm ``value`` for the current field: the values entered after it (skipped
        fields hold their defaults) and the next field asked, or None when complete."""
        done = (*entered, value)
        index = self.following(done)
        end = len(self.fields) if index is None else index
        return self.values(done)[:end], index

    def back(self, entered: Sequence[str | int]) -> tuple[str | int, ...]:
        """The values entered before the previous field asked (back over skipped ones)."""
        done = tuple(entered)
        while done:
            done = done[:-1]
            if self.asks(len(done), done):
                break
        return done

    def asked(self, entered: Sequence[str | int]) -> list[int]:
        """The fields asked with these values (the defaults for those not yet entered)."""
        return [index for index in range(len(self.fields)) if self.asks(index, entered)]

    def action(self, values: Sequence[str | int]) -> Wire:
        """The action with the values entered so far and the defaults for the rest;
        a field not asked, or holding an ``omit`` value, leaves its key out."""
        filled: Wire = copy.deepcopy(dict(self.base))
        for index, value in enumerate(self.values(values)):
            entry_field = self.fields[index]
            if not self.asks(index, values) or value in entry_field.omit:
                continue
            _set_path(filled, entry_field.key.split("."), value)
        return filled

    def say(self, language: str) -> str:
        return text(self.key, language, **self.words)


def _set_path(target: Wire, path: list[str], value: object) -> None:
    """``target[a][0][b] = value`` for the path ``["a", "0", "b"]``."""
    here: object = target
    for step in path[:-1]:
        if isinstance(here, list):
            here = here[int(step)]
        elif isinstance(here, dict):
            here = here.setdefault(step, {})
    if isinstance(here, list):
        index = int(path[-1])
        if index == len(here):  # the next item (an ability's first effect)
            here.append(value)
        else:
            here[index] = value
    elif isinstance(here, dict):
        here[path[-1]] = value


@dataclass(frozen=True)
class Prompt:
    """Who must decide what now.

    ``seat`` is None when nobody has to act (the game is over). What the prompt says is
    the catalogue entry ``key`` formatted with ``fields``, in the table's language.
    ``choices`` are complete actions that are legal now; a UI offers them in order.
    ``free`` lists the actions that are legal but take values no list can enumerate (a
    script may still send them); ``entries`` are those the buttons can build, field by
    field, offered after the choices.
    """

    seat: int | None
    kind: str
    key: str
    fields: Mapping[str, str | int] = field(default_factory=dict)
    choices: tuple[Action, ...] = ()
    free: tuple[str, ...] = ()
    entries: tuple[Entry, ...] = ()

    def say(self, language: str = "en") -> str:
        return text(self.key, language, **self.fields)

    def to_json(self, language: str = "en") -> Wire:
        picture: Wire = {
            "seat": self.seat,
            "kind": self.kind,
            "text": self.say(language),
            "key": self.key,
            "fields": dict(self.fields),
            "choices": [dict(choice) for choice in self.choices],
            "free": list(self.free),
        }
        if self.entries:  # only where the buttons enter values (older readers never see it)
            picture["entries"] = [_entry_json(entry, language) for entry in self.entries]
        return picture


def _entry_json(entry: Entry, language: str) -> Wire:
    fields: list[Wire] = []
    for item in entry.fields:
        described: Wire = {"key": item.key, "kind": item.kind, "default": item.first}
        if item.default_by is not None:
            described["default_by"] = item.followed()
        if item.kind == "int":
            described.update(low=item.low, high=item.high)
        elif item.kind == "text":
            described.update(letters=LETTERS[1:], shortest=item.low, longest=item.high)
        else:
            described["options"] = list(item.options)
        fields.append(described)
    return {"action": dict(entry.base), "text": entry.say(language), "fields": fields}


NO_PROMPT = Prompt(None, "", "ui.prompt.nobody")


# --- helpers shared by the games: reading actions and setups with clear errors ------------


def did_you_mean(word: str, options: Iterable[str]) -> str:
    """A " (did you mean 'x'?)" suffix, or "" when nothing is close."""
    close = difflib.get_close_matches(str(word), list(options), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


H = TypeVar("H")


def handler_for(handlers: Mapping[str, H], action: object) -> H:
    """The handler an action's ``do`` names, or an IllegalAction suggesting the nearest."""
    if not isinstance(action, Mapping):
        raise IllegalAction("an action is a mapping with a 'do' key")
    kind = action.get("do")
    handler = handlers.get(str(kind))
    if handler is None:
        raise IllegalAction(f"unknown action '{kind}'{did_you_mean(str(kind), handlers)}")
    return handler


def check_fields(
    where: str,
    given: Mapping[str, object],
    allowed: Iterable[str],
    error: Callable[[str], RulesError] = IllegalAction,
) -> None:
    """Refuse unknown keys, naming the nearest known one."""
    allowed_set = set(allowed)
    for key in given:
        if key not in allowed_set:
            raise error(f"{where}: unknown field '{key}'{did_you_mean(key, allowed_set)}")


def require(action: Action, key: str, what: str = "", *, scalar: bool = True) -> object:
    """``action[key]``, given and (unless ``scalar`` is False) a name or a whole number:
    ``creature: [a]`` or ``creature: yes`` is refused here, not taken for a creature
    named "['a']" or "True"."""
    if key not in action or action[key] is None:
        raise IllegalAction(f"missing field '{key}'{': ' + what if what else ''}")
    value = action[key]
    if scalar and (isinstance(value, bool) or not isinstance(value, str | int)):
        hint = f" ({what})" if what else ""
        raise IllegalAction(f"'{key}' must be a name or a number{hint}, not {value!r}")
    return value


def as_int(value: object, key: str, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalAction(f"'{key}' must be a whole number, not {value!r}")
    if low is not None and value < low:
        raise IllegalAction(f"'{key}' must be at least {low}, not {value}")
    if high is not None and value > high:
        raise IllegalAction(f"'{key}' must be at most {high}, not {value}")
    return value


def as_list(value: object, key: str) -> list[object]:
    if value is None:
        return []
    if isinstance(value, (str, int)):
        return [value]
    if isinstance(value, Sequence):
        return list(value)
    raise IllegalAction(f"'{key}' must be a list, not {value!r}")


def pick(options: Iterable[str], value: object, key: str) -> str:
    """``value`` if it is one of ``options``, else an IllegalAction listing them."""
    opts = list(options)
    if value in opts:
        return str(value)
    raise IllegalAction(
        f"'{key}' must be one of {', '.join(opts)}, not {value!r}{did_you_mean(str(value), opts)}"
    )


@dataclass(frozen=True)
class Seats:
    """Seat numbers (1-based, the physical places at the table) and player names."""

    names: tuple[str, ...] = field(default_factory=tuple)

    @property
    def count(self) -> int:
        return len(self.names)

    def name(self, seat: int) -> str:
        return self.names[seat - 1]

    def numbers(self) -> range:
        return range(1, self.count + 1)

    def after(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places clockwise after ``seat``."""
        return (seat - 1 + steps) % self.count + 1


def parse_players(setup: Mapping[str, object], low: int, high: int) -> Seats:
    players = setup.get("players")
    span = f"{low}" if low == high else f"{low} to {high}"
    if players is None:
        players = [f"Player {n}" for n in range(1, low + 1)]
    if isinstance(players, int) and not isinstance(players, bool):
        if not low <= players <= high:  # before a list of a billion names is made
            raise SetupError(f"setup.players: this game takes {span} players, not {players}")
        players = [f"Player {n}" for n in range(1, players + 1)]
    if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
        raise SetupError("setup.players: a list of player names, e.g. [Anna, Boris]")
    if not low <= len(players) <= high:
        raise SetupError(f"setup.players: this game takes {span} players, not {len(players)}")
    if len(set(players)) != len(players):
        raise SetupError("setup.players: two players have the same name")
    return Seats(tuple(players))


def parse_first(setup: Mapping[str, object], seats: Seats) -> int:
    """``setup.first``: the seat that plays first, by number or by a player's name (1)."""
    first = setup.get("first", 1)
    if isinstance(first, str) and first in seats.names:
        return seats.names.index(first) + 1
    if isinstance(first, bool) or not isinstance(first, int) or first not in seats.numbers():
        raise SetupError(
            f"setup.first: the seat that plays first, 1 to {seats.count} or a player's name, "
            f"not {first!r}"
        )
    return first


def seat_of(action: Action, seats: Seats) -> int | None:
    """The seat an action names (by number or by player name), or None."""
    seat = action.get("seat")
    if seat is None:
        return None
    if isinstance(seat, str):
        if seat in seats.names:
            return seats.names.index(seat) + 1
        if seat.isdigit():
            seat = int(seat)
        else:
            raise IllegalAction(f"no player named '{seat}'{did_you_mean(seat, seats.names)}")
    number = as_int(seat, "seat")
    if number not in seats.numbers():
        raise IllegalAction(f"no seat {number}: seats are 1 to {seats.count}")
    return number


def authorize_by_prompt(
    prompt: Prompt,
    action: Action,
    seat: int,
    seats: Seats,
    anytime: Iterable[str] = (),
) -> None:
    """Refuse ``action`` from ``seat`` unless it is the seat's own to take now: a ``seat``
    the action names must be this one, and the prompt must name this seat, except for the
    actions every seat takes for itself at once (``anytime``: the hidden vote), whose
    rules then check that the seat owns what it acts on (its hand). The table hands the
    acting seat to the rules this way for every command that comes from a seat: the
    buttons pressed, a phone's token, a script's ``seat:``.

    A table where one seat could act for another would let a phone cast another player's
    hidden vote: the check lives with the rules, not only in the web server."""
    if seat not in seats.numbers():
        raise IllegalAction(f"no seat {seat}: seats are 1 to {seats.count}")
    named = seat_of(action, seats)
    if named is not None and named != seat:
        raise IllegalAction(
            f"{seats.name(seat)} (seat {seat}) cannot act for {seats.name(named)} (seat {named})"
        )
    if action.get("do") in tuple(anytime):
        return
    if prompt.seat is None:
        return  # nobody is asked (the game is over): the rules refuse the action themselves
    if prompt.seat != seat:
        raise IllegalAction(
            f"it is {seats.name(prompt.seat)}'s to decide now (seat {prompt.seat}), "
            f"not {seats.name(seat)}'s"
        )


def audience_seat(audience: str) -> int | None:
    """The seat number a view audience names (``"seat:2"`` or ``"2"``), else None."""
    text = audience.removeprefix("seat:")
    return int(text) if text.isdigit() else None


# --- the skeleton of a game's state ---------------------------------------------------------

_FIELDS: dict[type, frozenset[str]] = {}


class Evolving:
    """For a game's frozen dataclass state: :meth:`evolve`, a copy with changes about ten
    times faster than ``dataclasses.replace`` (replaying a long journal calls it several
    times per action), and the ``events`` the last action caused."""

    events: tuple[Event, ...]

    def evolve(self, **changes: object) -> Self:
        kind = type(self)
        names = _FIELDS.get(kind)
        if names is None:
            names = _FIELDS[kind] = frozenset(getattr(kind, "__dataclass_fields__", {}))
        unknown = changes.keys() - names
        if unknown:
            raise TypeError(f"{kind.__name__} has no field {', '.join(sorted(unknown))}")
        new = object.__new__(kind)
        new.__dict__.update(self.__dict__)
        new.__dict__.update(changes)
        return new


E = TypeVar("E", bound=Evolving)


def emit(state: E, *events: Event) -> E:
    """The state with ``events`` added to what the current action caused."""
    return state.evolve(events=(*state.events, *events))


def require_phase(phase: str, allowed: Iterable[str]) -> None:
    """IllegalAction unless the game is in one of the ``allowed`` phases."""
    wanted = tuple(allowed)
    if phase not in wanted:
        names = " or ".join(name.replace("_", " ") for name in wanted)
        raise IllegalAction(f"not now: the phase is {phase.replace('_', ' ')}, not {names}")
