"""The game log: every sentence the event line said this game, oldest first, in the table's
language, then what the notice lines say now (the menu's "Game log" shows it).

The log is kept, never replayed: when an action is applied the table says its events with
the public view after it, in every language (:func:`say`), and keeps those lines with the
action in the journal (its ``said`` rows, in the action's transaction). A :class:`LogBook`
on the table appends each action's lines as it is applied or redone and cuts them at an
undo; each snapshot carries a :class:`GameLog`, the book's lines as of that snapshot, so a
press costs the new lines only, whatever the length of the game, and a change of language
reads the other language's stored lines without stepping the rules. A journal older than
the ``said`` rows has its lines said once, by one replay, when the game is opened
(:func:`said_by_replay`), and kept. ``bench/game_log.py`` times both.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from companion.i18n import LANGUAGES
from companion.narration import narrate
from companion.rules.base import PUBLIC, Action, Event, RulesError, Setup, View

if TYPE_CHECKING:
    from companion.games.spec import AnySpec


class ShowsTheLog(Protocol):
    """What the log reads of a snapshot (a :class:`~companion.snapshot.Snapshot` is one):
    named here, so the snapshot, which holds a :class:`GameLog`, is not imported back."""

    @property
    def log(self) -> GameLog: ...

    @property
    def language(self) -> str: ...

    def notices(self) -> tuple[str, ...]: ...


WARNING = "⚠ "  # a notice in the log: something the table must see to

# What the table said of one action: its lines in each language.
Said = Mapping[str, tuple[str, ...]]
SILENT: Said = dict.fromkeys(LANGUAGES, ())


def lines(snap: ShowsTheLog) -> tuple[str, ...]:
    """The log of the game on the table, then the notices (each marked)."""
    return (*snap.log.lines(snap.language), *notices(snap))


def count(snap: ShowsTheLog) -> int:
    """How many lines :func:`lines` holds, without copying the log."""
    return snap.log.count(snap.language) + len(notices(snap))


def notices(snap: ShowsTheLog) -> tuple[str, ...]:
    """The notices as the log shows them, after the game's lines."""
    return tuple(WARNING + note for note in snap.notices())


# --- what an action said --------------------------------------------------------------------


def say(spec: AnySpec, events: Iterable[Event], view: View) -> Said:
    """An action's events said with the public view after it, in every language."""
    happened = tuple(events)
    if not happened:
        return SILENT
    return {language: tuple(narrate(spec, happened, view, language)) for language in LANGUAGES}


def encode(said: Said) -> str:
    """As the journal keeps it."""
    return json.dumps({language: list(said.get(language, ())) for language in LANGUAGES})


def decode(text: str) -> Said | None:
    """As the journal kept it; None for a text that is not an action's lines in every
    language (it is said again from the actions)."""
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(value, dict):
        return None
    said: dict[str, tuple[str, ...]] = {}
    for language in LANGUAGES:
        kept = value.get(language)
        if not isinstance(kept, list) or not all(isinstance(line, str) for line in kept):
            return None
        said[language] = tuple(kept)
    return said


def said_by_replay(
    spec: AnySpec, setup: Setup, actions: Sequence[Action], missing: Iterable[int] = ()
) -> dict[int, Said]:
    """The lines of the actions at ``missing`` (0-based indexes into ``actions``), by one
    replay from the setup: the migration of a journal older than its ``said`` rows. An
    action that no longer steps ends it (the table names it when it replays)."""
    wanted = set(missing)
    said: dict[int, Said] = {}
    try:
        state = spec.rules.start(spec.journaled(dict(setup)))
    except RulesError:
        return said
    last = max(wanted, default=-1)
    for index, action in enumerate(actions[: last + 1]):
        try:
            state = spec.rules.step(state, action)
        except RulesError:
            break
        if index in wanted:
            events = tuple(state.events)
            said[index] = say(spec, events, spec.rules.view(state, PUBLIC)) if events else SILENT
    return said


# --- the log as of one snapshot, and the table's book ------------------------------------------


@dataclass(frozen=True, eq=False)
class GameLog:
    """The game log as one snapshot has it: by language, the book's list of lines (only
    ever appended to: lines an undo cut are replaced in a new list) and how many of them
    are this snapshot's.
    Reading it from another thread (the phones' server) is safe: the lines it covers never
    change. ``epoch`` changes at every cut (an undo, another game); ``cuts`` says, of
    each of the last few epochs of this game, how many of its lines (by language) are
    still this log's: a page that kept an older epoch's lines keeps that many."""

    kept: Mapping[str, list[str]] = field(default_factory=dict)
    length: Mapping[str, int] = field(default_factory=dict)
    epoch: int = 0
    cuts: Mapping[int, Mapping[str, int]] = field(default_factory=dict)

    def kept_of(self, epoch: int, language: str) -> int | None:
        """How many lines of epoch ``epoch`` are still this log's (None: not known)."""
        if epoch == self.epoch:
            return self.count(language)
        kept = self.cuts.get(epoch)
        return None if kept is None else kept.get(_known(language))

    def count(self, language: str) -> int:
        return self.length.get(_known(language), 0)

    def lines(self, language: str, start: int = 0, stop: int | None = None) -> tuple[str, ...]:
        """The lines ``start`` to ``stop`` (the end when None) in ``language``."""
        language = _known(language)
        end = self.length.get(language, 0)
        stop = end if stop is None else max(0, min(stop, end))
        return tuple(self.kept.get(language, ())[max(0, start) : stop])


def _known(language: str) -> str:
    return language if language in LANGUAGES else LANGUAGES[0]


class LogBook:
    """The table's log: each action's lines appended as it is applied or redone, cut back
    at an undo. Owned by the loop's thread (the table's); :meth:`log` hands out the
    :class:`GameLog` of the moment, a constant cost."""

    CUTS_KEPT = 8  # epochs whose kept lines a page may still be told (then it reads again)

    def __init__(self) -> None:
        self.epoch = 0
        self._kept: dict[str, list[str]] = {}  # a new list at each reset: never cleared
        self._ends: dict[str, list[int]] = {}  # lines after each head, 0 first
        self._cuts: dict[int, dict[str, int]] = {}
        self.reset(())

    def reset(self, said: Iterable[Said]) -> None:
        """Start again from these actions' lines (a game opened, resumed or started)."""
        self.epoch += 1
        self._cuts = {}
        actions = list(said)
        for language in LANGUAGES:
            each = [one.get(language, ()) for one in actions]
            self._kept[language] = [line for lines in each for line in lines]
            self._ends[language] = list(itertools.accumulate(map(len, each), initial=0))

    def extend(self, said: Said) -> None:
        """One more action's lines after the head (an action applied or redone)."""
        for language in LANGUAGES:
            new = list(said.get(language, ()))
            kept, ends = self._kept[language], self._ends[language]
            end = ends[-1]
            if len(kept) > end and kept[end : end + len(new)] != new:
                # Lines an undo cut are still there for older snapshots: a new list.
                kept = self._kept[language] = kept[:end]
            if len(kept) == end:
                kept.extend(new)
            ends.append(end + len(new))  # a redo of the same lines reads them in place

    def cut(self, head: int) -> None:
        """Back to ``head`` actions (an undo): their lines only."""
        left = {language: ends[min(head, len(ends) - 1)] for language, ends in self._ends.items()}
        for earlier in self._cuts.values():
            for language, count in left.items():
                earlier[language] = min(earlier[language], count)
        self._cuts[self.epoch] = left
        for old in sorted(self._cuts)[: -self.CUTS_KEPT]:
            del self._cuts[old]
        self.epoch += 1
        for ends in self._ends.values():
            del ends[head + 1 :]

    def log(self) -> GameLog:
        ends = {language: kept[-1] for language, kept in self._ends.items()}
        cuts = {epoch: dict(left) for epoch, left in self._cuts.items()}
        return GameLog(dict(self._kept), ends, self.epoch, cuts)
