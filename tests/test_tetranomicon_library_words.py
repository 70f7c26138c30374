"""Tetranomicon's library summon and expedition openings as a table reads them: the box
names "Summon a creature" and "Summon a new creature" apart, a library card's option says
the strength and flag NEXT plays, the flag and the creature fields have distinct titles,
and an expedition never opens at a castle whose trophy was taken this epoch."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from companion.display.scene import entry_words
from companion.games.tetranomicon import engine, present
from companion.games.tetranomicon.catalogue import WORDS
from companion.games.tetranomicon.state import EDITION, State
from companion.library import dump
from companion.rules.base import Entry
from tests.test_tetranomicon_cards import _box, _file, _offered

START = ({"do": "epoch_card", "type": "buildings"}, {"do": "relation", "state": "peace"})
GOETIUS_CARD = {"name": {"en": "Goetius", "ru": "Гоэций"}, "strength": 2, "flag": "peace"}


def _state(*actions: dict[str, Any], **setup: Any) -> State:
    state = engine.start({"players": ["Anna", "Boris"], "edition": EDITION, **setup})
    for action in (*START, *actions):
        state = engine.step(state, action)
    return state


def test_the_box_names_the_library_summon_and_the_new_creature_apart(tmp_path: Path) -> None:
    card = {**GOETIUS_CARD, "ability": "goetius"}
    _file(tmp_path).write_text(dump((card,)), encoding="utf-8")
    d = _box(tmp_path)
    snap = d.app.snapshot
    keys = [e.key for e in snap.prompt.entries]
    summon = snap.prompt.entries[keys.index(WORDS.key("entry.summon"))]
    new = snap.prompt.entries[keys.index(WORDS.key("entry.new_creature"))]
    for language in ("en", "ru"):
        shown = replace(snap, ui=replace(snap.ui, language=language))
        assert entry_words(shown, summon) == WORDS("entry.summon", language)
        assert entry_words(shown, new) == WORDS("entry.new_creature", language)
        assert entry_words(shown, summon) != entry_words(shown, new)
    # what the new creature's entry plays is as before: its ability replaces its mark
    assert new.action(("none", "Armus", 3, "war"))["ability"] == "none"
    assert "ability" not in summon.base


def test_a_library_card_is_offered_with_the_values_next_plays() -> None:
    cards = ({**GOETIUS_CARD, "ability": "goetius"}, {"name": "Saxum", "strength": 3})
    summon = _offered(_state(), cards)
    creature = summon.fields[0]
    assert creature.say("Goetius", "en") == "Goetius 2 ☮"
    assert creature.say("Goetius", "ru") == "Гоэций 2 ☮"
    action = summon.action(("Goetius",))  # NEXT on the name: what the option said
    assert (action["strength"], action["flag"]) == (2, "peace")
    # a card that knows no flag says only what it knows; NEXT opens the flag as without it
    assert creature.say("Saxum", "ru") == "Saxum 3"


def test_the_flag_and_the_creature_fields_have_distinct_titles() -> None:
    cards = ({**GOETIUS_CARD, "ability": "goetius"},)
    summon = _offered(_state(), cards)
    titles = {f.key: f for f in summon.fields}
    for language in ("en", "ru"):
        flag, creature = titles["flag"].title(language), titles["creature"].title(language)
        assert flag != creature
    # the flag screen shows "Creature: Saxum · Strength: 3" under its title: in Russian
    # neither title is the other's first word
    flag, creature = titles["flag"].title("ru"), titles["creature"].title("ru")
    assert flag.split()[0] != creature.split()[0]


ROAD = {"do": "route", "castles": [1, 3], "kind": "road"}
SAXUM = {"do": "summon", "creature": "Saxum", "strength": 9, "flag": "war"}
BUILT = ({"do": "build", "type": "farm", "castle": 1}, {"do": "build", "type": "farm", "castle": 2})


def _expedition(state: State) -> Entry:
    return next(e for e in present.prompt(state).entries if e.base["do"] == "expedition")


def test_an_expedition_does_not_reopen_at_a_castle_whose_trophy_was_taken() -> None:
    won = {"do": "expedition", "from": 1, "target": "castle 3", "neutral": 2, "level": 1}
    before = _state(*BUILT, ROAD, {"do": "pass"}, SAXUM, wealth="abundant")
    assert _expedition(before).action(())["target"] == "castle 3"  # the road's free end
    state = engine.step(before, won)
    assert state.faction(1).trophies == (1,) and state.turn == 1
    # castle 3's trophy is Anna's: the next free castle after the one she built in
    assert _expedition(state).action(())["target"] == "castle 4"
    assert engine.step(before, {**won, "neutral": 9}).taken == ()  # lost: the neutrals stay


def test_an_expedition_sets_out_as_usual_towards_a_castle_whose_trophy_was_taken() -> None:
    more = ({"do": "build", "type": "farm", "castle": 3}, {"do": "pass"})
    road = {"do": "route", "castles": [1, 5], "kind": "road"}
    before = _state(*BUILT, *more, road, SAXUM, wealth="abundant")
    assert _expedition(before).action(("castle 5",))["from"] == 1  # the road's near end
    won = {"do": "expedition", "from": 1, "target": "castle 5", "neutral": 2, "level": 1}
    state = engine.step(before, won)
    assert state.turn == 1
    entry = _expedition(state)
    assert entry.action(())["target"] != "castle 5"
    assert entry.action(("castle 5",))["from"] == 3  # no route's end now: the last built in


def test_a_new_epoch_forgets_the_trophies_taken() -> None:
    won = {"do": "expedition", "from": 1, "target": "castle 3", "neutral": 2, "level": 1}
    state = _state(*BUILT, ROAD, {"do": "pass"}, SAXUM, won, wealth="abundant")
    assert state.taken == ("castle 3",)
    while state.epoch == 1:
        state = engine.step(state, present.prompt(state).choices[-1])
    assert state.epoch == 2 and state.taken == ()


def test_an_old_state_without_taken_trophies_still_opens_an_expedition() -> None:
    state = _state(*BUILT, ROAD, {"do": "pass"})
    del state.__dict__["taken"]  # a state saved before the field existed
    assert _expedition(state).action(())["target"] == "castle 3"
