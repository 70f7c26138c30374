"""Tetranomicon's expedition entry: a castle whose neutrals beat an expedition keeps its
token (only a won trophy is taken, seeds/004 L300), so the next expedition there opens at
the neutrals' strength and the trophy's level entered then; a win there forgets them."""

from __future__ import annotations

from typing import Any

from companion.games.tetranomicon import engine, present
from companion.games.tetranomicon.state import EDITION, State
from companion.rules.base import Entry

START = ({"do": "epoch_card", "type": "buildings"}, {"do": "relation", "state": "peace"})


def _state(*actions: dict[str, Any]) -> State:
    state = engine.start({"players": ["Anna", "Boris"], "edition": EDITION})
    for action in (*START, *actions):
        state = engine.step(state, action)
    return state


def _expedition(state: State) -> Entry:
    return next(e for e in present.prompt(state).entries if e.base["do"] == "expedition")


def _values(entry: Entry, target: str) -> dict[str, object]:
    action = entry.action((target,))
    return {key: action.get(key) for key in ("neutral", "level")}


BUILT = ({"do": "build", "type": "farm", "castle": 1}, {"do": "build", "type": "farm", "castle": 2})
LOST = {"do": "expedition", "from": 1, "target": "castle 4", "neutral": 5, "level": 2}


def test_neutrals_that_beat_an_expedition_are_met_again_at_their_strength() -> None:
    before = _state(*BUILT)
    assert _values(_expedition(before), "castle 4") == {"neutral": 1, "level": 1}
    lost = _state(*BUILT, LOST)  # Anna's army (none) against 5: lost, the token stays
    assert lost.turn == 2 and lost.faction(1).trophies == ()
    entry = _expedition(lost)
    assert _values(entry, "castle 4") == {"neutral": 5, "level": 2}
    assert _values(entry, "castle 5") == {"neutral": 1, "level": 1}  # another castle: as before
    index = [f.key for f in entry.fields].index("neutral")
    assert entry.opening(index, ("castle 4",)) == 5  # the box opens the field there


def test_a_won_trophy_forgets_the_castles_neutrals() -> None:
    summoned = {"do": "summon", "creature": "Saxum", "strength": 9, "flag": "war"}
    won = {**LOST, "from": 2, "seat": 2}
    state = _state(*BUILT, LOST, summoned, {"do": "pass"}, won)
    assert state.faction(2).trophies == (2,)
    assert _values(_expedition(state), "castle 4") == {"neutral": 1, "level": 1}
