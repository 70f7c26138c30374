"""From an action to the presses that make it: the box's buttons, planned.

``presses_for(snap, action)`` answers "which buttons, from here, play this action?" using
only what a player sees: the prompt's choices and entries, where the cursor stands, the
game's secret choice (its colours) and the disc. It never touches the table; the result is
checked against the rules: the planned action must leave the game in the very state
``action`` would (the states compared whole, not a view of them, which may leave details
out). ``companion presses SCRIPT.yaml`` turns an action script into a press script with
it, and the tests use it to walk every game to its end from the buttons.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import groupby

from companion import input_timing
from companion.controls import NAVIGATION, secret_voters
from companion.controls.table import options as listed_options
from companion.controls.table import playing_as, secret_open
from companion.rules.base import END, LETTERS, Action, Entry, Field, RulesError
from companion.rules.reading import rows, whole
from companion.snapshot import Snapshot

UP, DOWN, SELECT, BACK = ("red", "blue", "cyan", "yellow")
assert (NAVIGATION[UP], NAVIGATION[DOWN], NAVIGATION[SELECT], NAVIGATION[BACK]) == (
    "up",
    "down",
    "select",
    "back",
)


class NoPlan(Exception):
    """No presses from this state play the action (the message says why)."""


@dataclass(frozen=True)
class Plan:
    """The presses that play an action; ``typing`` of them turn and take the letters of a
    name (a measure of the buttons leaves them out: a name is the player's, not the
    prompt's)."""

    words: tuple[str, ...]
    typing: int = 0

    @property
    def counted(self) -> int:
        """The presses a player spends on the decision itself (a name's letters aside)."""
        return len(self.words) - self.typing


def presses_for(snap: Snapshot, action: Action, *, holds: bool = False) -> list[str]:
    """The presses (script words: ``seat1.cyan``, ``next``, ``disc 1``) that play
    ``action`` from ``snap``, fewest first; :class:`NoPlan` if the buttons cannot. With
    ``holds``, a run of red or blue presses is one hold (``hold seat1.blue 1.02``) where
    the controls repeat a held red or blue (:func:`repeats`)."""
    return list(plan(snap, action, holds=holds).words)


def plan(snap: Snapshot, action: Action, *, holds: bool = False) -> Plan:
    """:func:`presses_for` with the count of a name's letters among the presses."""
    wanted = outcome(snap, action)
    if wanted is None:
        raise NoPlan(f"the rules refuse {action}")
    secret = snap.spec.inputs.secret
    if secret is not None and action.get("do") == secret.action:
        return Plan(tuple(_secret(snap, action)))
    plans: list[Plan] = []
    inputs = snap.spec.inputs
    prompt = snap.prompt
    exact = [i for i, choice in enumerate(prompt.choices) if choice == action]
    for index, choice in enumerate(prompt.choices):
        if exact and index not in exact:
            continue  # the action is a choice as written: no need to ask the rules
        if not exact and not _same(outcome(snap, choice), wanted):
            continue
        do = choice.get("do")
        if do in inputs.next_actions and _first_of(snap, do) is choice:
            plans.append(Plan(("next",)))
        if do == inputs.period_action:
            plans.append(Plan(("disc 1",) if snap.hardware.sensor_present else ("next",)))
        taker = _taker(snap, choice)
        if taker is None:
            continue
        plans.append(Plan((*_to_cursor(snap, index, taker), _seat(taker, SELECT))))
    reasons: list[str] = []
    for number, entry in enumerate(prompt.entries):
        fitted = _fit(entry, action)
        if isinstance(fitted, str):
            if entry.base.get("do") == action.get("do"):
                reasons.append(fitted)
            continue
        if not _same(outcome(snap, entry.action(fitted)), wanted):
            if entry.base.get("do") == action.get("do"):
                strict = _fit(entry, action, nearest=False)  # a number taken at its end?
                reasons.append(
                    strict
                    if isinstance(strict, str)
                    else f"{_named(entry)} gives {entry.action(fitted)}, another outcome"
                )
            continue
        taker = _taker(snap, entry.base)
        if taker is None:
            reasons.append(f"no seat's buttons may take {_named(entry)} now")
            continue
        filled = _fill(taker, entry, fitted, holds)
        if isinstance(filled, str):
            reasons.append(filled)
            continue
        at = len(prompt.choices) + number
        opening = [*_to_cursor(snap, at, taker), _seat(taker, SELECT)]
        plans.append(Plan((*opening, *filled.words), filled.typing))
    if not plans:
        why = f"no choice or entry of the prompt '{prompt.kind}' plays {action}"
        raise NoPlan(f"{why} ({'; '.join(dict.fromkeys(reasons))})" if reasons else why)
    if holds:  # a name's runs are held already (they count as its letters)
        plans = [Plan(_held(p.words), p.typing) for p in plans]
    return min(plans, key=lambda p: len(p.words))


HOLD_FROM = 3  # presses in a row that become one hold (two are as quick tapped)


def repeats() -> input_timing.Repeat:
    """How the controls repeat a held red or blue (companion/input_timing.py)."""
    return input_timing.REPEAT_TIMES


def _held(words: Sequence[str]) -> tuple[str, ...]:
    """``words`` with each run of the same red or blue press (HOLD_FROM or more) made one
    hold that repeats it exactly as often (``hold seat1.blue 1.02``)."""
    timing = repeats()
    out: list[str] = []
    for word, run in groupby(words):
        count = len(list(run))
        if count >= HOLD_FROM and word.rpartition(".")[2] in (UP, DOWN):
            out.append(f"hold {word} {timing.hold_for(count)}")
        else:
            out += [word] * count
    return tuple(out)


def outcome(snap: Snapshot, action: Action) -> object | None:
    """The game's state after ``action`` (None if refused)."""
    try:
        state: object = snap.spec.rules.step(snap.state, dict(action))
    except RulesError:
        return None
    return state


def _same(state: object, wanted: object) -> bool:
    """Whether two states are the same game: frozen dataclasses compare field by field
    (the events the action caused among them, so a narration differs too)."""
    return state is not None and state == wanted


def _named(entry: Entry) -> str:
    return f"the entry '{entry.say('en')}'"


def _first_of(snap: Snapshot, do: object) -> Action | None:
    return next((c for c in snap.prompt.choices if c.get("do") == do), None)


def _taker(snap: Snapshot, option: Action) -> Snapshot | None:
    """``snap`` as the seat whose buttons take ``option`` sees it (its presses are that
    seat's): the prompted seat where it may, else the seat the option names (a Manus
    hand's strength is its owner's to enter), else any seat the controls let take it
    (``playing_as``); None when none may."""
    prompted = snap.prompt.seat
    if prompted is None:
        return None
    named = option.get("seat")
    seats = [prompted]
    if isinstance(named, int) and not isinstance(named, bool):
        seats.append(named)
    seats += [s for s in (whole(r.get("seat")) for r in rows(snap.view.get("seats"))) if s]
    for seat in dict.fromkeys(seats):
        if playing_as(seat, snap, option) is not None:
            if seat == prompted:
                return snap
            return replace(snap, prompt=replace(snap.prompt, seat=seat))
    return None


def _seat(snap: Snapshot, colour: str) -> str:
    return f"seat{snap.prompt.seat}.{colour}"


def _to_cursor(snap: Snapshot, index: int, taker: Snapshot) -> list[str]:
    """The fewest presses of the taker's seat that bring the cursor from where it stands
    to ``index``: down or up round the list, each press on to the next line that seat may
    take (as the controls move it), or yellow back to the first line and down from there
    (not while the colours vote)."""
    seat = taker.prompt.seat
    assert seat is not None
    listed = listed_options(snap.prompt)
    count = len(listed)
    own = [playing_as(seat, snap, option) is not None for option in listed]

    def moved(cursor: int, by: int) -> int:
        for step in range(1, count + 1):
            if own[(cursor + by * step) % count]:
                return (cursor + by * step) % count
        return (cursor + by) % count

    def route(start: int, by: int) -> int | None:
        here, presses = start, 0
        while here != index:
            if presses >= count:
                return None
            here, presses = moved(here, by), presses + 1
        return presses

    here = snap.ui.cursor % count
    routes: list[list[str]] = []
    for colour, by in ((DOWN, 1), (UP, -1)):
        presses = route(here, by)
        if presses is not None:
            routes.append([_seat(taker, colour)] * presses)
    if here != 0 and not secret_open(snap):
        presses = route(0, 1)
        if presses is not None:
            routes.append([_seat(taker, BACK), *[_seat(taker, DOWN)] * presses])
    if not routes:
        raise NoPlan(f"seat {seat}'s buttons do not reach line {index + 1} of the prompt")
    return min(routes, key=len)


def _secret(snap: Snapshot, action: Action) -> list[str]:
    secret = snap.spec.inputs.secret
    assert secret is not None
    voter = action.get(secret.voter_field)
    for hand in rows(snap.view.get("hands")):
        seat = whole(hand.get("seat"))
        if hand.get("hand") != voter or seat is None:
            continue
        voters = secret_voters(snap, seat)
        if not voters or voters[0] != voter:
            raise NoPlan(f"seat {seat}'s next press chooses for {voters[:1] or 'nobody'}")
        for colour, value in secret.values.items():
            if value == action.get(secret.field):
                return [f"seat{seat}.{colour}"]
    raise NoPlan(f"no button chooses {action}")


def _values(entry: Entry, action: Action) -> list[str | int] | None:
    """Each field's value as ``action`` gives it, or None when the entry cannot give it
    (:func:`_fit` says why)."""
    fitted = _fit(entry, action)
    return None if isinstance(fitted, str) else fitted


def _fit(entry: Entry, action: Action, *, nearest: bool = True) -> list[str | int] | str:
    """Each field's value as ``action`` gives it: a dotted key's place in it, a list of one
    for a single value, an option whose words all appear in a phrase such as "fire warm
    wet" (or the letter and the number of "C3"); a part the action leaves out, or gives as
    the entry itself does where the field cannot, takes the field's ``omit`` value, else
    its default (the outcome is checked); a field not asked (``only_if``), its default. A
    value the field cannot hold (an option it lacks, a name with a letter the buttons
    lack) is never replaced by the default: the reason is returned instead. A number
    beyond the field's range is taken at the range's nearest end (with ``nearest``), as
    the rules may count it (an X preparation of 9 is 6, RULES.md §1): the caller keeps it
    only if the game is then in the very same state."""
    values: list[str | int] = []
    for index, item in enumerate(entry.fields):
        default = entry.default(index, values)
        if not entry.asks(index, values):  # skipped: the action holds no value of it
            values.append(default)
            continue
        found = _lookup(action, item.key.split("."))
        if isinstance(found, list) and item.kind != "text":
            if len(found) != 1:
                return f"{_named(entry)} takes one {item.key}, not {found}"
            found = found[0]
        if isinstance(found, _Phrase) and item.kind == "choice":
            found = _option_in(item, found)  # a phrase need not say every part
        elif isinstance(found, _Phrase) and item.kind == "int":
            numbers = [int(word) for word in _words(found) if word.isdigit()]
            if len(numbers) > 1:
                return f"{_named(entry)}: {item.key} is one number, not '{found}'"
            found = numbers[0] if numbers else _MISSING
        if isinstance(found, _Unlisted):
            found = _left(item, found, default)
        if isinstance(found, bool) and item.kind == "choice":
            found = _YES_NO[found]  # YAML reads ``yes`` and ``no`` as true and false
        if found is _MISSING:
            values.append(item.omit[0] if item.omit else default)
            continue
        problem = _unfit(item, found)
        if problem is not None and found == _lookup(entry.base, item.key.split(".")):
            # The entry's own value, kept where the field is left out (or holds a default
            # it can be confirmed with).
            kept = item.omit[0] if item.omit else default
            if item.omit or _unfit(item, kept) is None:
                values.append(kept)
                continue
        if problem is not None and nearest and whole(found) is not None and item.kind == "int":
            assert isinstance(found, int)
            found, problem = max(item.low, min(item.high, found)), None
        opener = _opening(entry, index, found) if problem is not None else None
        if opener is not None:  # "another name…": the name is typed in the field it opens
            values.append(opener)
            continue
        if problem is not None:
            return f"{_named(entry)}: {item.key} {problem}"
        if item.kind == "choice" and found not in item.options:
            found = _option_in(item, str(found))
        assert isinstance(found, str | int)
        values.append(found)
    return values


def _opening(entry: Entry, index: int, found: object) -> str | int | None:
    """The option of choice field ``index`` that opens a later name field of the same key
    able to take ``found`` (a list of names and "another name…"), or None."""
    item = entry.fields[index]
    for later in entry.fields[index + 1 :]:
        if later.key != item.key or later.kind != "text" or later.only_if is None:
            continue
        key, wanted = later.only_if
        opens = [option for option in item.options if option in wanted]
        if key == item.key and opens and _unfit(later, found) is None:
            return opens[0]
    return None


def _unfit(item: Field, found: object) -> str | None:
    """Why ``found`` is no value of ``item`` (None: it is one)."""
    if item.kind == "int":
        if not isinstance(found, int) or isinstance(found, bool):
            return f"is a number, not {found!r}"
        if not item.low <= found <= item.high:
            return f"goes from {item.low} to {item.high}, not {found}"
        return None
    if item.kind == "text":
        if not isinstance(found, str):
            return f"is a name, not {found!r}"
        if not item.low <= len(found) <= item.high:
            return f"takes {item.low} to {item.high} letters, not '{found}'"
        kept = _common(str(item.first), found)  # a default's letters are kept, not typed
        missing = sorted({c for c in found[kept:] if c.upper() not in LETTERS or c == END})
        return f"'{found}': the buttons have no {' '.join(missing)}" if missing else None
    if found in item.options:
        return None
    if isinstance(found, str) and _option_in(item, found) is not _MISSING:
        return None
    shown = ", ".join(str(option) for option in item.options[:12])
    more = ", ..." if len(item.options) > 12 else ""
    return f"has no option {found!r} ({shown}{more})"


_MISSING = object()


_YES_NO = {True: "yes", False: "no"}


class _Phrase(str):
    """A phrase standing for a whole part of an action ("fire warm wet" for a hand): a
    field of the part takes the option it names, and the default where it names none."""

    __slots__ = ()


def _lookup(action: object, path: Sequence[str]) -> object:
    here = action
    for index, step in enumerate(path):
        if isinstance(here, dict) and step in here:
            here = here[step]
        elif isinstance(here, list) and step.isdigit() and int(step) < len(here):
            here = here[int(step)]
        elif isinstance(here, str) and index > 0:
            return _Phrase(here)  # a phrase standing for the whole part ("fire warm wet")
        elif isinstance(here, dict) and index == len(path) - 1:
            return _holder(here, step)
        else:
            return _MISSING
    return here


@dataclass(frozen=True)
class _Unlisted:
    """A thing no list of a mapping of a place to what stands there names: the places
    listed (:func:`_left` reads what that says of it)."""

    places: frozenset[object]


def _holder(mapping: dict[object, object], item: str) -> object:
    """The key whose list holds ``item``, in a mapping of a place to what stands there
    (``areas: {tower_1: [fidea, lignum]}`` says where ``areas.fidea`` is); missing when
    two lists name it; :class:`_Unlisted` (the places listed) when none does."""
    places = frozenset(key for key, held in mapping.items() if isinstance(held, list))
    holders = [key for key, held in mapping.items() if isinstance(held, list) and item in held]
    if not places or len(holders) > 1:
        return _MISSING
    return holders[0] if holders else _Unlisted(places)


def _left(item: Field, unlisted: _Unlisted, default: str | int) -> object:
    """What a field of a thing no place's list names takes: where it stood (missing, the
    field's ``omit`` or default) when its place is not listed; else it left that place
    for none of those listed, and none of those not listed either (they stay as they
    were): the field's first option that is no place listed and not where it stood (the
    entry puts "nowhere" first; the outcome is checked)."""
    stood = item.omit[0] if item.omit else default
    if stood not in unlisted.places:
        return _MISSING
    away = [o for o in item.options if o not in unlisted.places and o != stood]
    return away[0] if away else _MISSING


def _words(phrase: str) -> list[str]:
    """A phrase's words: "fire warm wet" → fire, warm, wet; a hex "C3" → C, 3 (a letter
    and a number written together)."""
    return re.findall(r"\d+|[^\W\d]+|[^\w\s,]+", phrase)


def _option_in(item: Field, phrase: str) -> object:
    words = set(phrase.replace(",", " ").split()) | set(_words(phrase))
    fitting = [o for o in item.options if isinstance(o, str) and set(o.split()) <= words]
    return max(fitting, key=len) if fitting else _MISSING


def _fill(
    snap: Snapshot, entry: Entry, values: Sequence[str | int], holds: bool = False
) -> Plan | str:
    """Field by field: up or down to the value (a name letter by letter), select; NEXT
    (rather than select) once the fields after the one shown are defaults. A reason
    instead when a name cannot be typed. ``holds``: a name's runs are held
    (:func:`_held`), so its letters are counted as pressed."""
    presses: list[str] = []
    typing = 0
    entered: tuple[str | int, ...] = ()
    index: int | None = entry.following(entered)
    while index is not None:
        item = entry.fields[index]
        if entry.action([*entered, *values[len(entered) :]]) == entry.action(list(entered)):
            return Plan((*presses, "next"), typing)  # the rest are the defaults
        if item.kind == "text":
            letters = _typing(snap, item, str(values[index]))
            if letters is None:
                return f"the buttons cannot type the name '{values[index]}'"
            letters = list(_held(letters)) if holds else letters
            presses += letters
            typing += len(letters)
        else:
            presses += _steps(snap, item, entry.opening(index, entered), values[index])
        wanted = entry.action([*entered, *values[len(entered) :]])
        last = entry.confirm(entered, values[index])[1] is None
        if not last and entry.action([*entered, values[index]]) == wanted:
            return Plan((*presses, "next"), typing)  # this value shown, the rest defaults
        entered, index = entry.confirm(entered, values[index])
        presses.append(_seat(snap, SELECT))
    return Plan(tuple(presses), typing)


def _steps(snap: Snapshot, item: Field, start: str | int, goal: str | int) -> list[str]:
    if item.kind == "int":
        assert isinstance(start, int) and isinstance(goal, int)
        colour = UP if goal > start else DOWN
        return [_seat(snap, colour)] * abs(goal - start)
    count = len(item.options)
    here = item.options.index(start)
    there = item.options.index(goal)
    up = (there - here) % count
    down = (here - there) % count
    return [_seat(snap, UP)] * up if up <= down else [_seat(snap, DOWN)] * down


def _typing(snap: Snapshot, item: Field, goal: str) -> list[str] | None:
    """The presses that turn a name field from what it shows when it opens to ``goal``
    with END chosen (the caller's select ends the name): back over the letters of a
    default name that differ, then each letter turned to and taken, as the box turns and
    cases them (:meth:`Field.step`, :meth:`Field.type_letter`). None when the box cannot
    write ``goal`` (a small letter where the box puts a capital)."""
    if len(goal) < item.low:
        return None  # the box refuses to end so short a name
    shown = str(item.start)
    presses: list[str] = []
    typed = str(item.result(shown)) if shown.endswith(END) else ""
    keep = _common(typed, goal)
    while len(shown) - 1 > keep:  # back makes the last letter taken the one being chosen
        erased = item.erase(shown)
        assert erased is not None
        shown = str(erased)
        presses.append(_seat(snap, BACK))
    for letter in (*goal[keep:], END):
        turns = _turn_to(item, shown, letter)
        if turns is None:
            return None
        shown, moves = turns
        presses += [_seat(snap, move) for move in moves]
        if letter == END:
            break
        taken = item.type_letter(shown)
        assert taken is not None
        shown = str(taken)
        presses.append(_seat(snap, SELECT))
    return presses if str(item.result(shown)) == goal else None


def _common(one: str, other: str) -> int:
    """How many letters two names share from their start."""
    same = 0
    while same < min(len(one), len(other)) and one[same] == other[same]:
        same += 1
    return same


def _turn_to(item: Field, shown: str, letter: str) -> tuple[str, list[str]] | None:
    """The fewest turns of the letter being chosen (up or down) that show ``letter``."""
    best: tuple[str, list[str]] | None = None
    for move, by in ((UP, 1), (DOWN, -1)):
        here = shown
        for turns in range(len(LETTERS) + 1):
            if here[-1:] == letter:
                if best is None or turns < len(best[1]):
                    best = (here, [move] * turns)
                break
            here = str(item.step(here, by))
    return best
