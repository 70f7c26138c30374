"""Every action script of docs/examples plans whole from the buttons (issue 24, "Done
when"): the three whose last actions were once left out (an X preparation of 9 and 0, a
siege's areas listed in another order or leaving a creature out, a Barrier's ``hex: C3``)
are planned by ``companion presses`` (exit 0), and the press script played gives the very
view and prompt the actions give. (tests/test_press_scripts.py plays the others so.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import cli
from companion import script as scripts
from companion.presses import plan_all

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"


@pytest.mark.parametrize(
    "example", ["duel_cooldowns.yaml", "four_path_duel.yaml", "four_path_teams_victory.yaml"]
)
def test_the_example_is_pressed_whole_to_the_same_view(
    example: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = EXAMPLES / example
    assert cli.main(["play", str(source), "--json"]) == 0
    by_actions = json.loads(capsys.readouterr().out)
    assert cli.main(["presses", str(source)]) == 0
    planned = tmp_path / "planned.yaml"
    planned.write_text(capsys.readouterr().out, encoding="utf-8")
    assert cli.main(["play", str(planned), "--json"]) == 0
    by_presses = json.loads(capsys.readouterr().out)
    for picture in (by_actions, by_presses):
        picture["view"].pop("table", None)
    assert by_presses["view"] == by_actions["view"]
    assert by_presses["prompt"] == by_actions["prompt"]


@pytest.mark.parametrize("example", ["duel_cooldowns.yaml", "four_path_teams_victory.yaml"])
def test_with_the_starting_library_nothing_is_left_out(example: str) -> None:
    """The library a new table starts with: the summons ask the cards' blanks, and every
    action is still pressed (bench/presses.py's second figure)."""
    planned = plan_all(scripts.load(EXAMPLES / example))
    assert not planned.unplanned, [u.say(example) for u in planned.unplanned]


def test_a_siege_s_areas_said_in_any_order_are_the_same_game() -> None:
    """Who stands at a tower counts, not in which order (a table cannot see it): the
    areas listed by tower in any order, or said creature by creature (the buttons' entry)
    in any order, give the very same state."""
    from companion.presses import PressRunner  # noqa: PLC0415 (gpiozero)

    script = scripts.load(EXAMPLES / "four_path_teams_victory.yaml")
    runner = PressRunner(script, ":memory:", "en", lambda line: None)
    try:
        for item in script.actions:
            if item.action.get("do") == "siege" and item.action.get("areas"):
                break
            runner.app.apply(dict(item.action))
        snap = runner.app.snapshot
        areas = item.action["areas"]
        assert isinstance(areas, dict) and len(areas) == 2
        by_creature = {c: tower for tower, cs in areas.items() for c in cs}
        said = [
            areas,
            {tower: list(reversed(cs)) for tower, cs in reversed(areas.items())},
            by_creature,
            dict(reversed(by_creature.items())),
        ]
        states = [snap.spec.rules.step(snap.state, {"do": "siege", "areas": a}) for a in said]
        assert all(state == states[0] for state in states)
    finally:
        runner.close()
