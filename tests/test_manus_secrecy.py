"""The hidden vote stays hidden: over random games, nothing public depends on a vote's
value before the reveal, and a vote shows in its own seat's view and nowhere else.

The oracle is a twin game: the same actions, except that every vote casts an
independently drawn condition. Until the reveal, the two games must look the same in
every public place (view, prompt, events, narration, ``companion play`` output).
"""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.games.manus import SPEC
from companion.games.manus import rules as manus
from companion.games.manus.state import CONDITIONS, PARTS, TYPES
from companion.narration import narrate

SETUPS = st.fixed_dictionaries(
    {
        "players": st.sampled_from([["Anna", "Boris"], ["Anna", "Boris", "Vera"], list("ABCD")]),
        "reveal": st.sampled_from(["last_vote", "confirm"]),
        "reveal_shows": st.sampled_from(["cards", "tallies"]),
        # The drawn games build any element with any conditions and may leave a marker on
        # the start tile: the first edition's rules, the same for the rules and for play.
        "edition": st.just(1),
    }
)


def _element(data: st.DataObject) -> str:
    kind = data.draw(st.sampled_from(TYPES))
    temperature = data.draw(st.sampled_from(["warm", "cold"]))
    humidity = data.draw(st.sampled_from(["wet", "dry"]))
    return f"{kind} {temperature} {humidity}"


def _next_actions(data: st.DataObject, state: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """A legal action for the real game and its twin (which differ only in a vote)."""
    prompt = manus.prompt(state)
    if state.phase == "vote":
        reveal_ready = prompt.kind == "reveal"
        if reveal_ready and data.draw(st.booleans()):
            return {"do": "reveal"}, {"do": "reveal"}
        hand = data.draw(st.sampled_from(state.order()))
        real = data.draw(st.sampled_from(CONDITIONS))
        twin = data.draw(st.sampled_from(CONDITIONS))
        return (
            {"do": "vote", "hand": hand, "condition": real},
            {"do": "vote", "hand": hand, "condition": twin},
        )
    if state.phase == "construction" and data.draw(st.booleans()):
        hand = state.hand(state.turn)
        missing = [name for name, part in zip(PARTS, hand.parts, strict=True) if part is None]
        names = missing or [data.draw(st.sampled_from(PARTS))]
        action = {
            "do": "build",
            "hand": hand.number,
            "elements": {n: _element(data) for n in names},
        }
        return action, action
    if prompt.kind == "set_strength":  # entered with the buttons: any strength 0 to 9
        field = prompt.entries[0].fields[0]
        strength = data.draw(st.integers(field.low, field.high))
        action = prompt.entries[0].action([strength])
        return action, action
    action = dict(data.draw(st.sampled_from(prompt.choices)))
    return action, action


def _without_votes(picture: dict[str, Any]) -> dict[str, Any]:
    clean = json.loads(json.dumps(picture))
    for hand in clean["hands"]:
        hand.pop("vote", None)
    return clean


def _check_secret(real: Any, twin: Any) -> None:
    public = manus.view(real)
    assert json.dumps(public, sort_keys=True) == json.dumps(manus.view(twin), sort_keys=True)
    assert manus.prompt(real).to_json() == manus.prompt(twin).to_json()
    assert real.events == twin.events
    for language in ("en", "ru"):
        assert narrate(SPEC, real.events, public, language) == narrate(
            SPEC, twin.events, public, language
        )
    for seat in real.seats.numbers():
        own = real.setup.hands_of(seat)
        mine = manus.view(real, f"seat:{seat}")
        assert _without_votes(mine) == _without_votes(manus.view(twin, str(seat)))
        for entry in mine["hands"]:
            voted = real.votes[entry["hand"] - 1]
            if entry["hand"] in own and voted is not None:
                assert entry["vote"] == voted  # the owner sees the card
            else:
                assert "vote" not in entry  # nobody else does
    for entry in public["hands"]:
        assert "vote" not in entry


def _random_game(data: st.DataObject, steps: int) -> tuple[dict[str, Any], list[Any]]:
    setup = data.draw(SETUPS)
    real = twin = manus.start(setup)
    pairs = []
    for _ in range(steps):
        if real.winner is not None:
            break
        action, twin_action = _next_actions(data, real)
        real = manus.step(real, action)
        twin = manus.step(twin, twin_action)
        pairs.append((action, twin_action, real))
        if real.phase == "vote":
            _check_secret(real, twin)
        else:
            twin = real  # after the reveal the twins' sites differ: follow the real game
    return setup, pairs


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_no_unrevealed_vote_shows_in_any_public_place(data):
    _random_game(data, data.draw(st.integers(20, 120)))


def _run(script: dict[str, Any], *args: str) -> str:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.yaml"
        path.write_text(yaml.safe_dump(script, sort_keys=False), encoding="utf-8")
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert main(["play", str(path), *args]) == 0
        return out.getvalue()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_companion_play_output_does_not_depend_on_unrevealed_votes(data):
    setup, pairs = _random_game(data, data.draw(st.integers(15, 80)))
    stops = [n for n, (_, _, state) in enumerate(pairs, 1) if any(state.votes)]
    # 15 steps always reach the first vote (at most 10 come before it) and every drawn
    # setup has at least three hands, so the first vote always leaves a vote pending.
    assert stops
    stop = data.draw(st.sampled_from(stops))
    # Only the votes of the vote still open differ; earlier rounds' votes are revealed.
    opened = max(n for n, (_, _, state) in enumerate(pairs[:stop], 1) if state.phase != "vote")
    real = {"game": "manus", "setup": setup, "actions": [p[0] for p in pairs[:stop]]}
    twin_actions = [p[1] if n > opened else p[0] for n, p in enumerate(pairs[:stop], 1)]
    twin = {"game": "manus", "setup": setup, "actions": twin_actions}
    shown = _run(real, "--json")
    assert shown == _run(twin, "--json")
    assert _run(real) == _run(twin)  # the narration, line by line
    picture = json.loads(shown)
    expected = [h for h in pairs[stop - 1][2].order() if pairs[stop - 1][2].hand_voted(h)]
    assert picture["view"]["vote"]["voted"] == expected
    assert picture["prompt"]["kind"] in ("vote", "reveal")


def test_the_twin_oracle_can_tell_votes_apart():
    """The check above would fail if a vote leaked: a seat view does show its vote."""
    real = manus.start({"players": ["Anna", "Boris", "Vera"]})
    for action in (
        {"do": "place_site", "temperature": "warm", "humidity": "wet"},
        {"do": "choose_discovery", "discovery": "air"},
        {"do": "skip"},
        {"do": "skip"},
        {"do": "skip"},
        {"do": "choose_target", "target": "none"},
        {"do": "choose_target", "target": "none"},
        {"do": "choose_target", "target": "none"},
    ):
        real = manus.step(real, action)
    twin = manus.step(real, {"do": "vote", "hand": 2, "condition": "dry"})
    real = manus.step(real, {"do": "vote", "hand": 2, "condition": "warm"})
    _check_secret(real, twin)
    assert manus.view(real, "seat:2") != manus.view(twin, "seat:2")
    assert manus.view(real, "debug")["debug"]["votes"] == {"2": "warm"}
    assert manus.view(real)["hands"][1]["voted"] is True
