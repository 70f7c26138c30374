"""Tetranomicon's expedition entry: a castle whose neutrals beat an expedition keeps its
token (only a won trophy is taken, seeds/004 L300), so the next expedition there opens at
the neutrals' strength and the trophy's level entered then; a win there forgets them."""

from __future__ import annotations

from typing import Any

from companion.games.tetranomicon import engine, present
from companion.games.tetranomicon.state import EDITION, State
from companion.rules.base import Entry

START = ({"do": "epoch_card", "type": "buildings"}, {"do": "relation", "state": "peace"})


def _state(*actions: dict[str, Any], **setup: Any) -> State:
    state = engine.start({"players": ["Anna", "Boris"], "edition": EDITION, **setup})
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


def test_a_route_laid_to_a_castle_of_neutrals_opens_the_expedition_there() -> None:
    # No building goes up in a castle with neutrals (L230): Anna's road from her castle 1
    # to the free castle 3 is laid to take its trophy first.
    road = {"do": "route", "castles": [1, 3], "kind": "road"}
    state = _state(*BUILT, road, {"do": "pass"})
    assert state.turn == 1
    entry = _expedition(state)
    action = entry.action(())
    assert (action["target"], action["from"]) == ("castle 3", 1)
    # without the route: the first free castle after the one she built in
    assert _expedition(_state(*BUILT)).action(())["target"] == "castle 3"
    assert (
        _expedition(_state(*BUILT, {**road, "castles": [1, 5]}, {"do": "pass"})).action(())[
            "target"
        ]
        == "castle 5"
    )


def test_an_expedition_to_the_far_end_of_a_route_sets_out_from_its_near_end() -> None:
    more = ({"do": "build", "type": "farm", "castle": 3}, {"do": "pass"})
    road = {"do": "route", "castles": [1, 5], "kind": "road"}
    # Anna built in 1 and 3 (3 last): to castle 5 her own road sets out from castle 1
    entry = _expedition(_state(*BUILT, *more, road, wealth="abundant"))
    assert entry.action(("castle 5",))["from"] == 1
    assert entry.action(("castle 4",))["from"] == 3  # elsewhere: the castle last built in
