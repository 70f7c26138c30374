"""Hand of Manus golden transcripts and the docs/examples scripts, played as a user plays
them: through ``companion play --json`` and through a Table on a journal file."""

from __future__ import annotations

import contextlib
import io
import json
from typing import Any

import pytest
import yaml

from companion.cli import main
from companion.journal import Journal
from companion.rules.base import IllegalAction
from companion.table import Table, Undo
from tests.conftest import EXAMPLES

MANUS_EXAMPLES = sorted(EXAMPLES.glob("manus_*.yaml"))


def play_json(path: Any) -> dict[str, Any]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["play", str(path), "--json"]) == 0
    result: dict[str, Any] = json.loads(out.getvalue())
    return result


def test_there_are_manus_examples_one_with_two_players():
    players = [len(yaml.safe_load(p.read_text())["setup"]["players"]) for p in MANUS_EXAMPLES]
    assert len(MANUS_EXAMPLES) >= 2 and 2 in players


def test_three_player_example_ends_with_veras_win():
    picture = play_json(EXAMPLES / "manus_three_players.yaml")
    view = picture["view"]
    assert picture["game"] == "manus"
    assert view["winner"]["name"] == "Vera" and view["winner"]["score"] == 12
    assert [s["score"] for s in view["seats"]] == [3, 4, 12]
    assert view["round"] == 5 and view["stage"] == "over"
    assert view["test_site"] == {"temperature": "warm", "humidity": "wet"}
    assert view["hands"][0]["elements"]["forearm"]["type"] == "fire"
    assert view["last_reveal"]["cards"] == [
        {"hand": 1, "seat": 1, "condition": "warm"},
        {"hand": 2, "seat": 2, "condition": "warm"},
        {"hand": 3, "seat": 3, "condition": "warm"},
    ]
    assert picture["prompt"] == {
        "seat": None,
        "kind": "game_over",
        "text": "Vera won with 12 points",
        "key": "manus.ui.prompt.game_over",
        "fields": {"player": "Vera", "score": 12},
        "choices": [],
        "free": [],
    }


def test_two_player_example_goes_to_a_tie_round_that_boris_wins():
    picture = play_json(EXAMPLES / "manus_two_players.yaml")
    view = picture["view"]
    assert view["winner"]["name"] == "Boris" and view["winner"]["score"] == 16
    assert view["tie_round"] is True and view["claimants"] == [1, 2]
    assert view["round"] == 5 and view["first"] == {"hand": 1, "seat": 1, "name": "Anna"}
    assert [s["score"] for s in view["seats"]] == [12, 16]
    assert view["last_reveal"]["cards"] is None  # the setup shows only the tallies
    assert view["last_reveal"]["tallies"] == {"warm": 1, "cold": 2, "wet": 1, "dry": 0}
    assert [(t["hand"], t["hit"]) for t in view["last_tests"]] == [
        (1, False),
        (2, False),
        (3, True),
        (4, True),
    ]


@pytest.mark.parametrize("path", MANUS_EXAMPLES, ids=[p.name for p in MANUS_EXAMPLES])
def test_examples_narrate_in_russian_without_english_leftovers(path):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["play", str(path), "--lang", "ru"]) == 0
    lines = out.getvalue().splitlines()[:-1]  # the last line is the prompt
    assert lines and all(not any(w in line for w in ("round", "target", "hand ")) for line in lines)


# --- golden transcripts ---------------------------------------------------------------

GOLDEN = """
game: manus
setup: {players: [Anna, Boris, Vera], first: 2, no_target: true}
steps:
  - expect: {stage: setup, test_site: null}
  - illegal: {do: place_site, seat: 1, temperature: warm, humidity: wet}
    reason: "only the first player acts now: Boris"
  - {do: place_site, temperature: cold, humidity: dry}
  - expect:
      round: 1
      phase: discovery
      test_site: {temperature: cold, humidity: dry}
      first: {hand: 2, seat: 2, name: Boris}
      order: [2, 3, 1]
  - {do: choose_discovery, discovery: water}
  - expect: {phase: construction, turn.hand: 2, discovery: {id: water, kind: type}}
  - {do: build, elements: {shoulder: water cold wet, forearm: water, hand: air cold dry}}
  - {do: skip}
  - illegal: {do: skip, hand: 3}
    reason: "it is Anna's turn"
  - {do: skip, hand: 1, seat: Anna}
  - expect: {phase: targets, hands.1.constructed: true, hands.1.recorded: true}
  - {do: choose_target, target: large}
  - {do: choose_target, target: small}
  - {do: choose_target, target: none}
  - expect:
      phase: vote
      vote: {open: true, voted: [], waiting: [2, 3, 1], reveal: last_vote}
      hands.1.target: large
      hands.1.target_need: 6
  - {do: vote, hand: 3, condition: warm}
  - expect: {vote.voted: [3], vote.waiting: [2, 1], hands.2.voted: true, events.0.again: false}
  - seat: 3
    expect: {hands.2.vote: warm, audience: {seat: 3, hands: [3]}}
  - {do: vote, hand: 3, condition: wet}
  - expect: {events: [{event: vote_cast, hand: 3, seat: 3, again: true}]}
  - {do: vote, seat: 1, condition: dry}
  - undo: 1
  - expect: {vote.voted: [3], hands.0.voted: false}
  - {do: vote, hand: 1, condition: cold}
  - {do: vote, hand: 2, condition: dry}
  - expect:
      phase: tests
      test_site: {temperature: cold, humidity: dry}
      hands.2.strength: null
      hands.1.strength: 6
      hands.1.strength_from: elements
      last_reveal.cards:
        - {hand: 1, seat: 1, condition: cold}
        - {hand: 2, seat: 2, condition: dry}
        - {hand: 3, seat: 3, condition: wet}
      last_reveal.axes.0: {axis: temperature, counts: {warm: 0, cold: 1}, prevails: cold,
                           from: cold, to: cold, moved: false}
      last_reveal.axes.1: {axis: humidity, counts: {wet: 1, dry: 1}, prevails: null,
                           from: dry, to: dry, moved: false}
  - illegal: {do: set_strength, hand: 2, strength: 4}
    reason: 'hand 2''s strength comes from its recorded elements \\(6\\)'
  - illegal: {do: choose_discovery, discovery: air}
    reason: "not now: the phase is tests"
  - {do: set_strength, hand: 3, seat: Vera, strength: 3}
  - expect:
      round: 2
      phase: discovery
      last_tests.1: {hand: 3, seat: 3, target: small, need: 4, strength: 3,
                     strength_from: entered, hit: false, points: 0}
  - expect:
      # Boris's hand at cold and dry: water 1 + water 1 (always cold and wet, L51) + air cold
      # dry 2, plus the water discovery +2 = 6: the large target is destroyed.
      last_tests.0: {hand: 2, seat: 2, target: large, need: 6, strength: 6,
                     strength_from: elements, hit: true, points: 3}
      seats.1.score: 3
      first: {hand: 3, seat: 3, name: Vera}
"""


def lookup(view: Any, path: str) -> Any:
    node = view
    for part in path.split("."):
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


def test_golden_transcript(tmp_path):
    data = yaml.safe_load(GOLDEN)
    table = Table.new_game(Journal(tmp_path / "golden.sqlite"), data["game"], data["setup"])
    checked = 0
    for number, step in enumerate(data["steps"], 1):
        where = f"step {number}"
        if "expect" in step:
            audience = f"seat:{step['seat']}" if "seat" in step else "public"
            picture = table.view(audience)
            for path, want in step["expect"].items():
                assert lookup(picture, path) == want, f"{where}: {path}"
                checked += 1
        elif "illegal" in step:
            before = table.view()
            with pytest.raises(IllegalAction, match=step["reason"]):
                table.apply(step["illegal"])
            assert table.view() == before, where
        elif "undo" in step:
            for _ in range(step["undo"]):
                assert table.execute(Undo()).kind == "undo", where
        else:
            table.apply(step)
    assert checked >= 30
    # Replaying the journal gives the same table.
    final = table.view()
    table.journal.close()
    resumed = Table.open(tmp_path / "golden.sqlite")
    assert resumed is not None and resumed.view() == final


def test_an_illegal_action_in_a_script_names_its_line_and_reason(tmp_path, capsys):
    path = tmp_path / "bad.yaml"
    path.write_text(
        "game: manus\n"
        "setup: {players: [Anna, Boris, Vera]}\n"
        "actions:\n"
        "  - {do: place_site, temperature: warm, humidity: wet}\n"
        "  - {do: choose_discovery, discovery: steem}\n",
        encoding="utf-8",
    )
    assert main(["play", str(path)]) == 3
    error = capsys.readouterr().err.strip()
    assert error == (
        f"companion: {path}:5: action 2 (choose_discovery): 'discovery' must be one of "
        "biological, magnetic, steam, electric, water, air, earth, fire, technology_pairs, "
        "magic_pairs, harmony, not 'steem' (did you mean 'steam'?)"
    )


def test_a_bad_setup_names_the_key(tmp_path, capsys):
    path = tmp_path / "bad.yaml"
    path.write_text("game: manus\nsetup: {players: [Anna, Boris], reveal: now}\n", encoding="utf-8")
    assert main(["play", str(path)]) == 2
    assert "setup.reveal: 'last_vote' or 'confirm', not 'now'" in capsys.readouterr().err
