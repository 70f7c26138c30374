"""Four-path's team decisions from either partner (issue 24, "the right person presses"):
the siege and who opens are the team's (L101, L123), so the prompt names the team and
either ally's action is taken; the other team's is refused with the reason. And the
entries a table needs at the siege and in the combined phase, from the buttons."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.presses import PressRunner
from companion.rules.base import IllegalAction, RulesError
from companion.script import Script, parse_press
from companion.table import Undo
from tests.test_four_path_rules import ARMY, BANS, TEAMS, drafted, play


def test_the_siege_prompt_names_the_team_and_takes_either_allys_siege(tmp_path: Path) -> None:
    """«Каждая захваченная командой башня» (L101): the siege is the team's. Clara's siege
    is taken as well as Anna's (the prompt's seat), in both languages the prompt names
    both; Boris's is refused."""
    table = play(drafted(tmp_path), {"do": "turn_disc"})
    prompt = table.prompt()
    assert prompt.say("en") == "Anna & Clara: your siege, towers held: 0"
    assert prompt.say("ru") == "Anna & Clara: ваша осада, башен у команды: 0"
    with pytest.raises(RulesError, match="Boris"):
        table.apply({"do": "siege"}, seat=2)
    table.apply({"do": "siege", "areas": {"messum": "tower_1"}}, seat=3)
    assert table.view()["towers"][0]["held_at_last_siege"] == 1
    assert table.view()["phase"] == "attack_and_support"


def test_who_opens_is_said_by_either_ally_for_either_ally(tmp_path: Path) -> None:
    """«Обсудив с союзником, определите, кто будет ходить первым» (L123): the prompt names
    the team; Clara may say that Anna opens, and Anna that Clara does."""
    table = play(drafted(tmp_path), {"do": "turn_disc"}, {"do": "siege"})
    prompt = table.prompt()
    assert prompt.kind == "open" and prompt.say("en") == "Anna & Clara: who opens this period?"
    table.apply({"do": "open", "seat": 1}, seat=3)
    assert table.view()["combined"]["opener"] == 1
    table.execute(Undo())
    table.apply({"do": "open", "seat": 3}, seat=1)
    assert table.view()["combined"]["opener"] == 3


def test_a_pass_stays_the_allys_whose_hand_it_is(tmp_path: Path) -> None:
    """The alternation (L141): with Anna's hand, Clara's pass is refused with the reason
    (she may act once Anna passed); Anna's is taken, then Clara goes on alone (L142)."""
    table = play(drafted(tmp_path), {"do": "turn_disc"}, {"do": "siege"}, {"do": "open"})
    with pytest.raises(IllegalAction, match="it is Anna's turn"):
        table.apply({"do": "pass"}, seat=3)
    table.apply({"do": "pass"}, seat=1)
    assert table.prompt().seat == 3


def runner_at_the_siege(tmp_path: Path) -> PressRunner:
    """The box on mock pins, wired for four seats, at Anna's team's first siege."""
    script = Script(str(tmp_path / "teams.yaml"), "four_path", TEAMS, 1, ())
    runner = PressRunner(script, str(tmp_path / "j.sqlite"), "en", lambda line: None)
    table = runner.app.table
    for creature in BANS:
        table.apply({"do": "ban", "creature": creature})
    for creature, abilities in ARMY:
        table.apply(
            {
                "do": "summon",
                "creature": creature,
                "vitality": 3,
                "attack_strength": 1,
                "abilities": abilities,
            }
        )
    table.apply({"do": "turn_disc"})
    return runner


@pytest.mark.xfail(
    strict=True,
    reason="controls/table.not_this_seat takes a press only from the prompt's one seat: "
    "the team's decisions need the prompt to name both allies (see the issue 24 report)",
)
def test_clara_presses_the_teams_siege_when_the_prompt_names_anna(tmp_path: Path) -> None:
    runner = runner_at_the_siege(tmp_path)
    try:
        assert runner.app.snapshot.prompt.seat == 1
        head = runner.app.table.head
        runner.step(parse_press("seat3.cyan", 1, 1))
        assert runner.app.table.head == head + 1
    finally:
        runner.close()
