"""The game log: every sentence the event line said this game, oldest first, in the table's
language, then what the notice lines say now (the menu's "Game log" shows it).

The table keeps actions, not sentences (a sentence is said in the language of the moment
it is read), so the log replays the game's actions from its setup and narrates each
step's events with the view after it: the same words the event line showed. The replay
runs when the log is opened and again only when the game moves on or the language
changes (one result is cached); ``bench/game_log.py`` times it on a long game.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from companion.narration import narrate
from companion.rules.base import JSON, PUBLIC, RulesError

if TYPE_CHECKING:
    from companion.games.spec import AnySpec
    from companion.snapshot import Snapshot

WARNING = "⚠ "  # a notice in the log: something the table must see to


def lines(snap: Snapshot) -> tuple[str, ...]:
    """The log of the game on the table, then the notices (each marked)."""
    key = json.dumps([snap.spec.name, snap.setup, snap.history, snap.language], sort_keys=True)
    said = _CACHE.get(key)
    if said is None:
        said = narrate_game(snap.spec, snap.setup, snap.history, snap.language)
        _CACHE.clear()  # one game's log at a time
        _CACHE[key] = said
    return (*said, *(WARNING + note for note in snap.notices()))


_CACHE: dict[str, tuple[str, ...]] = {}


def narrate_game(
    spec: AnySpec, setup: JSON, history: tuple[JSON, ...], language: str
) -> tuple[str, ...]:
    """Replay ``history`` from ``setup`` and say each step's events."""
    try:
        state = spec.rules.start(setup)
    except RulesError:
        return ()
    said: list[str] = []
    for action in history:
        try:
            state = spec.rules.step(state, action)
        except RulesError:  # the journal held it, so it was legal; never lose the log
            break
        if state.events:
            said.extend(narrate(spec, state.events, spec.rules.view(state, PUBLIC), language))
    return tuple(said)
