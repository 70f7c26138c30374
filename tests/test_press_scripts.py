"""Press scripts: `companion play` drives the box's own controls on gpiozero mock pins; the
example plays a whole duel from the first press to the victory screen."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import cli
from companion import script as scripts
from companion.journal import Journal

ROOT = Path(__file__).resolve().parent.parent
DUEL = ROOT / "docs" / "examples" / "duel_presses.yaml"


def in_force(db: Path) -> list[dict[str, object]]:
    """The actions in force of the journal's last game."""
    journal = Journal(db)
    try:
        game = journal.games()[-1]
        return [dict(r.action) for r in journal.actions(game.id)][: game.head]
    finally:
        journal.close()


def test_a_whole_duel_is_played_by_presses_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "duel.sqlite"
    assert cli.main(["play", str(DUEL), "--db", str(db)]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[-2] == "Anna wins!"
    assert "Undone: Ballistarius: Ability 2, back in period 3 (sector 3)." in said
    presses = scripts.load(DUEL).presses
    assert len(presses) == 121 and not scripts.load(DUEL).actions
    actions = in_force(db)
    summons = [a for a in actions if a["do"] == "summon"]
    assert len(summons) == 6 and all("class" in a and "vitality" in a for a in summons)
    assert {a["class"] for a in summons} == {"strength", "agility", "intellect"}
    x_ability = [a for a in actions if a["do"] == "support" and a.get("prep") == 2]
    assert x_ability, "an ability of preparation X was used with its time entered"
    assert any(a["do"] == "attack" and a.get("strength") == 3 for a in actions)
    assert cli.main(["play", str(DUEL), "--json"]) == 0
    end = json.loads(capsys.readouterr().out)
    assert end["view"]["winner"]["name"] == "Anna" and end["prompt"]["seat"] is None


def test_a_press_script_in_russian_says_it_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", str(DUEL), "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "Победа: Anna!" in out and "wins" not in out
    assert "Отменено: Баллистариус:" in out  # UNDO said in the table's language
    assert "(undo)" not in out and "no:" not in out


def test_a_button_the_panel_lacks_is_named_with_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: bestiary\npresses:\n  - seat1.cyan\n  - seat9.red\n", encoding="utf-8")
    assert cli.main(["play", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:4: press 2: no button 'seat9.red'" in err


def test_a_refused_press_is_said_and_changes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "refused.yaml"
    script.write_text("game: bestiary\npresses:\n  - seat2.cyan\n  - hold undo\n", "utf-8")
    assert cli.main(["play", str(script)]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[0] == "✗ It is Player 1's turn."  # the player, by name
    assert said[1] == "✗ Nothing to redo."
    assert said[-1].startswith("> Player 1")


MANUS = ROOT / "docs" / "examples" / "manus_presses.yaml"


def test_a_whole_three_player_manus_game_is_played_by_presses_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "manus.sqlite"
    assert cli.main(["play", str(MANUS), "--db", str(db)]) == 0
    said = capsys.readouterr().out.splitlines()
    assert "Anna and Boris are tied at 12: one more round for them." in said
    assert said[-2] == "Anna wins with 15 points!"
    assert "Undone: Boris: small target." in said  # the slip, said as the screen says it
    assert not [line for line in said if line.startswith("✗")]  # no press was refused
    assert len(scripts.load(MANUS).presses) == 112
    actions = in_force(db)
    builds = [a for a in actions if a["do"] == "build"]
    assert builds[0]["elements"] == {
        "shoulder": {"type": "fire", "conditions": "warm wet"},
        "forearm": {"type": "water"},  # water magic: its conditions are not asked (L51)
        "hand": {"type": "biological", "conditions": "warm wet"},
    }
    votes = [(a["hand"], a["condition"]) for a in actions if a["do"] == "vote"]
    assert votes[:2] == [(1, "dry"), (1, "warm")]  # Anna changed her card before the reveal
    entered = [a for a in actions if a["do"] == "set_strength"]
    assert {a["hand"] for a in entered} == {2, 3}
    assert all(a["strength"] in range(10) for a in entered)


@pytest.mark.parametrize(
    "example",
    [
        "duel_respawn.yaml",
        "duel_siege.yaml",
        "duel_tempo_stage.yaml",
        "four_path_combined_phase.yaml",
        "manus_three_players.yaml",
        "manus_two_players.yaml",
        "talisman_battle.yaml",
        "talisman_toad.yaml",
        "tetranomicon_two_players.yaml",
        "tetranomicon_four_diplomacy.yaml",
    ],
)
def test_an_example_is_played_from_the_buttons_as_planned(
    example: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`companion presses` plans the presses of every action (exit 0: none left out);
    played, they end where the actions end. (bench/presses.py plans every example and
    says which actions the buttons cannot play yet.)"""
    source = ROOT / "docs" / "examples" / example
    assert cli.main(["play", str(source), "--json"]) == 0
    by_actions = json.loads(capsys.readouterr().out)
    assert cli.main(["presses", str(source)]) == 0
    planned = tmp_path / "planned.yaml"
    planned.write_text(capsys.readouterr().out, encoding="utf-8")
    assert scripts.load(planned).presses
    assert cli.main(["play", str(planned), "--json"]) == 0
    by_presses = json.loads(capsys.readouterr().out)
    for picture in (by_actions, by_presses):
        picture["view"].pop("table", None)
    assert by_presses["view"] == by_actions["view"]
    assert by_presses["prompt"] == by_actions["prompt"]


def test_an_action_the_buttons_cannot_play_is_named_with_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "game: manus\nsetup: {players: [A, B]}\nactions:\n"
        "  - {do: place_site, temperature: warm, humidity: wet}\n"
        "  - {do: choose_discovery, discovery: nonsense}\n",
        encoding="utf-8",
    )
    assert cli.main(["presses", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:5: action 2 (choose_discovery): no presses play it" in err


@pytest.mark.parametrize(
    ("press", "expected"),
    [
        ("hold undo 1.5 s", "'hold undo 1.5 s': 'hold undo', 'hold menu' or 'hold undo 1.5'"),
        ("hold undo soon", "'hold undo soon': seconds are a number, as in 'hold undo 1.5'"),
        ("disc 1.5", "'disc 1.5': 'disc +1' or 'disc -2' (whole steps of the disc)"),
        ("wait soon", "'wait soon': seconds are a number, as in 'wait 0.5'"),
        ("wait", "'wait': 'wait 0.5' (seconds)"),
        ("hold", "'hold': 'hold undo', 'hold menu' or 'hold undo 1.5'"),
        ("hold undo 1 2", "'hold undo 1 2': 'hold undo', 'hold menu' or 'hold undo 1.5'"),
        ("seat1.cyan twice", "'seat1.cyan twice': one button, or hold/disc/wait with a value"),
        ("wait 9999", "0 to 600 seconds, not 9999"),
    ],
)
def test_a_malformed_press_names_its_line_and_the_form_meant(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], press: str, expected: str
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(f"game: bestiary\npresses:\n  - seat1.cyan\n  - {press}\n", "utf-8")
    assert cli.main(["play", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"companion: {bad}:4: press 2: {expected}")
    assert "Traceback" not in err and "invalid literal" not in err


def test_a_hold_takes_its_seconds_with_or_without_the_unit() -> None:
    held = scripts.parse_press("hold seat1.blue 1.2s", 1, 4)
    assert (held.kind, held.button, held.seconds) == ("hold", "seat1.blue", 1.2)
    assert scripts.parse_press("wait 0.5s", 2, 5).seconds == 0.5


def test_an_unknown_game_is_named_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("# a duel\ntitle: A duel\ngame: bestiarx\npresses:\n  - next\n", "utf-8")
    for command in ("play", "presses"):
        assert cli.main([command, str(bad)]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"companion: {bad}:3: unknown game 'bestiarx' (did you mean")


def test_a_long_run_of_red_or_blue_is_one_hold_that_repeats_as_often(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`companion presses --holds`: where the controls repeat a held red or blue, a run of
    three or more is planned as one hold of just the length that makes as many steps; the
    press script still ends where the actions end."""
    from companion.planner import repeats  # noqa: PLC0415

    source = ROOT / "docs" / "examples" / "tetranomicon_two_players.yaml"
    assert cli.main(["play", str(source), "--json"]) == 0
    by_actions = json.loads(capsys.readouterr().out)
    assert cli.main(["presses", "--holds", str(source)]) == 0
    text = capsys.readouterr().out
    planned = tmp_path / "held.yaml"
    planned.write_text(text, encoding="utf-8")
    holds = [p for p in scripts.load(planned).presses if p.kind == "hold"]
    assert bool(holds) == (repeats() is not None)
    assert all(p.button.rpartition(".")[2] in ("red", "blue") for p in holds)
    assert cli.main(["play", str(planned), "--json"]) == 0
    by_presses = json.loads(capsys.readouterr().out)
    for picture in (by_actions, by_presses):
        picture["view"].pop("table", None)
    assert by_presses["view"] == by_actions["view"]
