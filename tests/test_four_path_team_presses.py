"""Four-path's team decisions from either partner (issue 24, "the right person presses"):
the siege and who opens are the team's (L101, L123), so the prompt names the team and
either ally's action is taken; the other team's is refused with the reason. And the
entries a table needs at the siege and in the combined phase, from the buttons."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.four_path import labels, rules
from companion.loop import Refresh
from companion.presses import PressRunner
from companion.rules.base import Entry, IllegalAction, RulesError
from companion.script import Script, parse_press
from companion.script import load as load_script
from companion.table import Table, Undo
from tests.conftest import EXAMPLES
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
    runner.app.handle(Refresh(), runner.clock.now)  # the app sees the table as played
    return runner


def test_clara_presses_the_teams_siege_when_the_prompt_names_anna(tmp_path: Path) -> None:
    runner = runner_at_the_siege(tmp_path)
    try:
        assert runner.app.snapshot.prompt.seat == 1
        head = runner.app.table.head
        runner.step(parse_press("seat3.cyan", 1, 1))
        assert runner.app.table.head == head + 1
        assert runner.app.table.history()[-1]["seat"] == 3  # journaled as Clara's
    finally:
        runner.close()


# --- the combined phase's entries: another strength, the volley, the Barrier's hex ------------


def held_two_towers(tmp_path: Path) -> Table:
    """Period 2, Anna's hand: her team held towers 1 and 2 at its siege (Messum, Illesbra);
    Boris's creatures left their castles in period 1, so they may be attacked."""
    table = play(drafted(tmp_path), {"do": "turn_disc"}, {"do": "siege"}, {"do": "open"})
    play(table, {"do": "pass"}, {"do": "pass"}, {"do": "siege"}, {"do": "open"})
    play(
        table,
        {"do": "maneuver", "creature": "saxum"},
        {"do": "maneuver", "creature": "vinctum"},
        {"do": "maneuver", "creature": "ferrarius"},
        {"do": "maneuver", "creature": "cornibus"},
        {"do": "pass"},
        {"do": "pass"},
        {"do": "turn_disc"},
    )
    areas = {"messum": "tower_1", "illesbra": "tower_2"}
    return play(table, {"do": "siege", "areas": areas}, {"do": "open", "seat": 1})


def entries_for(table: Table, creature: str) -> dict[str, Entry]:
    """The prompt's attack entries for ``creature``: "other" and "volley"."""
    found = {}
    for entry in table.prompt().entries:
        base = entry.base
        if base.get("do") == "attack" and base.get("creature") == creature:
            found["volley" if base.get("volley") else "other"] = entry
    return found


def test_the_volley_is_offered_once_the_team_held_towers_and_hits_at_their_strength(
    tmp_path: Path,
) -> None:
    """«при контроле двух – единице» (L215): with two towers held the volley entry asks
    only whom; it hits at strength 1. Another attack starts at the card's strength (1)."""
    table = held_two_towers(tmp_path)
    found = entries_for(table, "messum")
    volley = found["volley"]
    assert [f.key for f in volley.fields] == ["target"]
    assert volley.fields[0].options == ("saxum", "vinctum", "ferrarius", "cornibus")
    view = table.view()
    assert labels.choice(view, volley.base, "en") == "Messum: tower volley…"
    assert labels.choice(view, volley.action(["saxum"]), "ru") == "Мессум: залп башни → Саксум"
    assert found["other"].fields[-1].default == 1
    table.apply(volley.action(["saxum"]))
    saxum = next(c for s in table.view()["seats"] for c in s["creatures"] if c["id"] == "saxum")
    assert saxum["wounds"] == 1


def test_no_volley_before_the_team_held_a_tower(tmp_path: Path) -> None:
    table = play(drafted(tmp_path), {"do": "turn_disc"}, {"do": "siege"}, {"do": "open"})
    assert "volley" not in entries_for(table, "messum")


def test_the_barrier_is_put_on_a_hex_said_by_column_and_row() -> None:
    """«Преграда» on a hex (L317), as four_path_teams_victory puts it on C3: the entry asks
    the column and the row, and the view lists the Barrier on C3."""
    script = load_script(EXAMPLES / "four_path_teams_victory.yaml")
    state = rules.start(script.setup)
    barrier = {"do": "support", "creature": "architectus", "ability": "barrier", "hex": "C3"}
    for item in script.actions:
        if item.action == barrier:
            break
        state = rules.step(state, item.action)
    (entry,) = [e for e in rules.prompt(state).entries if "hex" in e.base]
    assert [f.key for f in entry.fields] == ["hex.column", "hex.row"]
    assert labels.choice(rules.view(state), entry.base, "en") == "Architectus: Barrier on a hex…"
    action = entry.action(["C", 3])
    assert action["hex"] == {"column": "C", "row": 3}
    after = rules.view(rules.step(state, action))
    assert after["barriers"] == rules.view(rules.step(state, barrier))["barriers"]
    assert after["barriers"][0]["hex"] == "C3"


def test_an_ability_with_no_effect_on_its_card_may_put_an_expansion_effect(
    tmp_path: Path,
) -> None:
    """Messum's Faces of death names no marker: its entry offers the expansion's effects
    too (Poison, in Russian «Яд»), not a Barrier (that goes on a hex, L317)."""
    table = held_two_towers(tmp_path)
    (entry,) = [
        e
        for e in table.prompt().entries
        if e.base.get("ability") == "faces_of_death" and e.base.get("effects") == [{}]
    ]
    effect = entry.fields[-2]
    assert "poison" in effect.options and "barrier" not in effect.options
    assert effect.say("poison", "ru") == "Яд"
    table.apply(entry.action([*[f.first for f in entry.fields[:-2]], "poison", "saxum"]))
    kinds = [e["kind"] for e in table.view()["effects"] if e["creature"] == "saxum"]
    assert kinds == ["poison"]
