"""What the phones see, built on the app's loop from each snapshot (the snapshot
subscription) and read by the web server's thread.

The hub is an app output: on every change it builds the public payload (the same public
view, event line and game log as the screen, so no unrevealed vote can be in it) and one
payload per seat (that seat's view and, when it is this seat's to decide, its choices and
value entries with their words), keeps them as text with a version, and wakes the
server's waiters. An action from a phone goes back to the loop as a :class:`Remote` event,
the same way as a button press, through the same table and journal.

The game log is not sent whole: the public payload carries the lines since the last
update (at most :data:`LOG_TAIL`), where they start (``log_from``), the log's length, its
key (a new one at an undo, another game, another language) and, for the keys of the last
few undos, how many of their lines still hold (``log_kept``: a page keeps those, and
after an undo nothing more is sent); a page asks for the rest with ``GET /api/log?from=N``
(:meth:`Hub.log_page`, at most :data:`LOG_PAGE` lines an answer). So an update costs the
same at any point of a game.

Tokens: per game one random token per seat and one for the table, kept in the journal's
meta so a restart keeps the phones working; a new game makes new ones.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from companion import game_log
from companion.display import labels
from companion.display.scene import happened
from companion.game_log import GameLog
from companion.games import GAMES
from companion.journal import Journal, StorageError
from companion.rules.base import Action, Entry, Field, Wire
from companion.rules.reading import Data, mapping, whole
from companion.snapshot import Snapshot
from companion.web.messages import (
    EntryForm,
    FieldForm,
    LogPage,
    PublicPayload,
    SeatEntry,
    SeatPayload,
    Tokens,
)

Reply = Callable[[bool, str, int], None]  # (played, why not, head after)
# The "why not" of a request that failed on the loop (an error of the box, logged): the
# server answers it 500, not 409.
LOOP_FAILED = "the box failed to do that (the error is logged); the table is as it was"
LOG_TAIL = 60  # the most log lines an update carries (the spectator page shows as many)
LOG_PAGE = 500  # the most log lines one answer of /api/log carries


@dataclass(frozen=True)
class Remote:
    """An action from a seat's phone: played for ``seat`` if the table is still at
    ``head`` and it is this seat's to decide; ``reply`` is called on the loop thread."""

    action: Action
    seat: int
    head: int
    reply: Reply


@dataclass(frozen=True)
class TableRequest:
    """A request with the table token (the card library, a new game): answered on the
    loop thread by ``reply(status, payload)``."""

    kind: str  # "cards", "card" or "new_game"
    body: Data  # the page's JSON object, checked by companion.web.guard
    reply: Callable[[int, Wire], None]


def tokens_for(journal: Journal, game_id: int) -> Tokens:
    """The game's tokens: read from the journal's meta, made and kept there the first time."""
    key = f"web.tokens.{game_id}"
    kept = journal.meta(key)
    if kept:
        try:
            value: object = json.loads(kept)
        except ValueError:
            value = None
        table, seats = mapping(value).get("table"), mapping(mapping(value).get("seats"))
        if isinstance(table, str) and all(isinstance(t, str) for t in seats.values()):
            return {"table": table, "seats": {str(s): str(t) for s, t in seats.items()}}
    made: Tokens = {
        "table": secrets.token_urlsafe(12),
        "seats": {str(seat): secrets.token_urlsafe(12) for seat in range(1, 7)},
    }
    with contextlib.suppress(StorageError):  # read-only or full: kept until the next start
        journal.set_meta(key, json.dumps(made))
    return made


@dataclass
class Payloads:
    """The latest payloads' texts, by audience ("public", "seat:N"), with a version."""

    version: int = 0
    texts: dict[str, str] = field(default_factory=dict)
    tokens: Tokens = field(default_factory=lambda: Tokens(table="", seats={}))
    seats: int = 0
    log: GameLog = field(default_factory=GameLog)  # the public payload's (/api/log)
    language: str = "en"
    log_key: str = ""


class Hub:
    """The app's output for the web server (thread-safe reads)."""

    def __init__(self, post: Callable[[Remote | TableRequest], None], journal: Journal) -> None:
        self._post = post
        self._journal = journal
        self._lock = threading.Lock()
        self._payloads = Payloads()
        self._listeners: list[Callable[[], None]] = []
        self._game = -1
        # The last public payload's log: game, epoch, language and length.
        self._log_sent: tuple[int, int, str, int] | None = None

    # --- on the loop thread --------------------------------------------------------------

    @property
    def journal_path(self) -> Path | None:
        """The file of the app's journal, for the routes that read it on a thread of their
        own (replay, statistics) through a connection of their own; None for one in memory
        (a test's: nothing another thread could read)."""
        path = Path(str(self._journal.path))
        return None if str(path) == ":memory:" else path

    def __call__(self, snapshot: Snapshot) -> None:
        """The snapshot subscription: every payload rebuilt once per change."""
        snap = snapshot
        game_id = _game_id(snap)
        tokens = self._payloads.tokens
        if game_id != self._game:
            tokens = tokens_for(self._journal, game_id)
            self._game = game_id
        seats = _seat_count(snap)
        key, language, log = log_key(snap), snap.language, snap.log
        sent, since = self._log_sent, None
        if sent is not None and sent[0] == game_id and sent[2] == language:
            # The lines since the last update (after an undo: from where it cut, none).
            kept = log.kept_of(sent[1], language)
            since = None if kept is None else min(kept, sent[3])
        self._log_sent = (game_id, log.epoch, language, log.count(language))
        public = public_payload(snap, since)
        texts = {"public": json.dumps(public, ensure_ascii=False, sort_keys=True)}
        for seat in range(1, seats + 1):
            payload = seat_payload(snap, seat)
            texts[f"seat:{seat}"] = json.dumps(payload, ensure_ascii=False, sort_keys=True)
        with self._lock:
            changed = texts != self._payloads.texts
            version = self._payloads.version + (1 if changed else 0)
            self._payloads = Payloads(version, texts, tokens, seats, snap.log, snap.language, key)
            listeners = list(self._listeners)
        if changed:
            for wake in listeners:
                wake()

    # --- on the server's thread ---------------------------------------------------------

    def listen(self, wake: Callable[[], None]) -> None:
        with self._lock:
            self._listeners.append(wake)

    def current(self) -> Payloads:
        with self._lock:
            return self._payloads

    def log_page(self, start: int) -> LogPage:
        """The public log's lines from ``start`` (at most :data:`LOG_PAGE`), with the
        log's key and length and where the next page starts (None: none)."""
        payloads = self.current()
        log, language = payloads.log, payloads.language
        length = log.count(language)
        lines = log.lines(language, start, start + LOG_PAGE)
        end = start + len(lines)
        return {
            "key": payloads.log_key,
            "from": start,
            "lines": list(lines),
            "length": length,
            "next": end if end < length else None,
        }

    def seat_of(self, token: str, payloads: Payloads | None = None) -> int | None:
        """The seat a token opens (in ``payloads``: the current ones), or None (a wrong or
        old token)."""
        payloads = payloads or self.current()
        for seat, kept in payloads.tokens["seats"].items():
            if int(seat) <= payloads.seats and secrets.compare_digest(kept, token):
                return int(seat)
        return None

    def tokens(self) -> Tokens:
        """The table's and the seats' tokens (shown only on the box's own screen)."""
        payloads = self.current()
        seats = payloads.tokens["seats"]
        return {
            "table": payloads.tokens["table"],
            "seats": {s: t for s, t in seats.items() if int(s) <= payloads.seats},
        }

    def submit(self, action: Action, seat: int, head: int, reply: Reply) -> None:
        self._post(Remote(dict(action), seat, head, reply))

    def is_table(self, token: str) -> bool:
        kept = self.current().tokens["table"]
        return bool(kept) and secrets.compare_digest(kept, token)

    def ask(self, kind: str, body: Data, reply: Callable[[int, Wire], None]) -> None:
        self._post(TableRequest(kind, dict(body), reply))


def _table(snap: Snapshot) -> Data:
    return mapping(snap.view.get("table"))


def _game_id(snap: Snapshot) -> int:
    return whole(_table(snap).get("game_id")) or 0


def head_of(snap: Snapshot) -> int:
    return whole(_table(snap).get("head")) or 0


def _seat_count(snap: Snapshot) -> int:
    players = snap.setup.get("players")
    return len(players) if isinstance(players, list) else 2


# --- payloads ---------------------------------------------------------------------------------


def phase_label(snap: Snapshot) -> str:
    """The phase as the banner says it, in the table's language."""
    words = snap.spec.phase_words
    if words is not None:
        return words(snap.view, snap.language)
    return labels.phase(snap.view, snap.language)


def log_key(snap: Snapshot, epoch: int | None = None) -> str:
    """Changes when a line of the log a page kept may have changed: another game, an undo
    (the log's epoch), another language."""
    epoch = snap.log.epoch if epoch is None else epoch
    return f"{_game_id(snap)}.{epoch}.{snap.language}"


def public_payload(snap: Snapshot, log_from: int | None = None) -> PublicPayload:
    """What every phone and the spectator page may see: the screen's public picture, and
    the game log's lines from ``log_from`` (None: the last :data:`LOG_TAIL`), never more
    than :data:`LOG_TAIL` (the rest from /api/log)."""
    language = snap.language
    prompt = snap.prompt
    length = snap.log.count(language)
    since = 0 if log_from is None else min(max(0, log_from), length)
    start = max(since, length - LOG_TAIL, 0)
    return {
        "head": head_of(snap),
        "game": snap.game,
        "title": snap.spec.words("title", language),
        "phase_label": phase_label(snap),
        "language": language,
        "view": snap.spec.page_view(snap.view),
        "picture": snap.spec.picture(snap.view, language),  # the game's own (docs/phones.md)
        # The games a new game may be (the table page's list), by name and title.
        "games": [{"name": n, "title": s.words("title", language)} for n, s in GAMES.items()],
        "prompt": {
            "seat": prompt.seat,
            "kind": prompt.kind,
            "text": prompt.say(language),
            "everyone": _everyone(snap),  # every seat chooses at once (a secret vote)
        },
        "said": list(happened(snap)),
        "log": list(snap.log.lines(language, start)),
        "log_from": start,
        "log_length": length,
        "log_key": log_key(snap),
        # The lines of the last undos' keys that still hold (a page keeps them).
        "log_kept": {
            log_key(snap, epoch): snap.log.kept_of(epoch, language) or 0 for epoch in snap.log.cuts
        },
        "notices": list(game_log.notices(snap)),  # after the log, each marked
    }


def _everyone(snap: Snapshot) -> bool:
    """Is the prompt a secret choice every seat makes at once (no one's turn)?"""
    secret = snap.spec.inputs.secret
    return secret is not None and any(c.get("do") == secret.action for c in snap.prompt.choices)


def _secret_choices(snap: Snapshot, seat: int) -> list[Action]:
    """The seat's own secret choices (the Manus vote), if the prompt holds any."""
    secret = snap.spec.inputs.secret
    if secret is None:
        return []
    choices = [c for c in snap.prompt.choices if c.get("do") == secret.action]
    if not choices:
        return []
    mine = set(secret.voters(snap.view, seat))
    if secret.changers is not None:
        mine |= set(secret.changers(snap.view, seat))
    return [c for c in choices if c.get(secret.voter_field) in mine]


def may_act(snap: Snapshot, seat: int, action: Action) -> bool:
    """Is ``action`` this seat's to take now: its prompt, or its own secret choice?"""
    if dict(action) in [dict(c) for c in _secret_choices(snap, seat)]:
        return True
    return snap.prompt.seat == seat and snap.ui.mode != "form"


def seat_payload(snap: Snapshot, seat: int) -> SeatPayload:
    """A seat's picture: its own view, and its choices and entries when it decides."""
    language = snap.language
    prompt = snap.prompt
    view = snap.view_for(f"seat:{seat}")
    secret = _secret_choices(snap, seat)
    mine = prompt.seat == seat or bool(secret)
    choices: list[Action] = secret or (list(prompt.choices) if prompt.seat == seat else [])
    entries = list(prompt.entries) if prompt.seat == seat and not secret else []
    players = snap.setup.get("players")
    name = players[seat - 1] if isinstance(players, list) and len(players) >= seat else ""
    return {
        "head": head_of(snap),
        "phase_label": phase_label(snap),
        "seat": seat,
        "name": name,
        "game": snap.game,
        "title": snap.spec.words("title", language),
        "language": language,
        "view": snap.spec.page_view(view),
        "picture": snap.spec.picture(view, language, seat),  # from the seat's own view
        "said": list(happened(snap)),
        "prompt": {
            "seat": prompt.seat,
            "kind": prompt.kind,
            "text": prompt.say(language),
            "mine": mine,
            "choices": [{"action": dict(c), "label": _choice_words(snap, c)} for c in choices],
            "entries": [_entry(snap, index, e) for index, e in enumerate(entries)],
        },
    }


def _choice_words(snap: Snapshot, choice: Action) -> str:
    words = snap.spec.choice_words
    if words is not None:
        return words(snap.view, choice, snap.language)
    return labels.choice(snap.view, choice, snap.language, snap.game)


def _entry(snap: Snapshot, index: int, entry: Entry) -> SeatEntry:
    """An entry of the prompt, titled by what it does in the game's own words ("Fidea
    attacks Saxum: its strength"), so two entries of one kind never read the same."""
    form = entry_form(entry, snap.language)
    what = _choice_words(snap, entry.base)
    if what and what not in form["label"]:
        form["label"] = f"{what} · {form['label']}"
    return {"index": index, **form}


def entry_form(entry: Entry, language: str) -> EntryForm:
    """An entry as the pages' forms take it (form.js): its words, its action, its fields."""
    return {
        "label": entry.say(language),
        "action": dict(entry.base),
        "fields": [_field(f, language) for f in entry.fields],
    }


def _field(item: Field, language: str) -> FieldForm:
    return {
        "key": item.key,
        "kind": item.kind,
        "label": item.title(language),
        "low": item.low,
        "high": item.high,
        "options": [{"value": o, "label": item.say(o, language)} for o in item.options],
        "default": item.first,
        "only_if": list(item.only_if) if item.only_if else None,
        "omit": list(item.omit),  # options that leave the key out of the action
        "default_by": item.followed(),  # [the earlier key, [[its value, default], ...]]
    }


__all__ = [
    "LOG_PAGE",
    "LOG_TAIL",
    "LOOP_FAILED",
    "Hub",
    "Payloads",
    "Remote",
    "TableRequest",
    "log_key",
    "may_act",
    "public_payload",
    "seat_payload",
]
