"""Press scripts written by someone new from docs/buttons.md alone (issue 24): each game is
played from the buttons to its end, and the end is what a player at the table would notice
(the winner said, the scores, the castle scales, the heroes' sheets), with no press refused.

The scripts are docs/examples/newcomer_*_presses.yaml; the Four-path teams game is kept
here, because an example with four players would change the table statistics that
tests/test_stats.py counts over docs/examples (one teams game, Anna & Clara's)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from companion import cli
from companion import script as scripts
from tests.test_press_scripts import in_force

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
NEWCOMER = {
    game: EXAMPLES / f"newcomer_{game}_presses.yaml"
    for game in ("bestiary", "four_path", "manus", "talisman", "tetranomicon")
}


def play(path: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> list[str]:
    """`companion play PATH`: the lines it printed (exit 0, no press refused)."""
    assert cli.main(["play", str(path), *extra]) == 0
    said = capsys.readouterr().out.splitlines()
    refused = [line for line in said if line.startswith("✗")]
    assert refused == [], f"{path.name}: a press was refused: {refused}"
    return said


def end(path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    """`companion play PATH --json`: the end's game, view and prompt."""
    assert cli.main(["play", str(path), "--json"]) == 0
    picture: dict[str, Any] = json.loads(capsys.readouterr().out)
    return picture


@pytest.mark.parametrize("game", sorted(NEWCOMER))
def test_the_header_says_how_it_was_written_and_counts_its_presses(game: str) -> None:
    path = NEWCOMER[game]
    loaded = scripts.load(path)
    assert loaded.game == game and loaded.presses and not loaded.actions
    header = path.read_text(encoding="utf-8").split("\ngame:")[0]
    assert "docs/buttons.md" in header and "companion presses" in header
    (count,) = re.findall(r"(\d+) presses", header)
    assert int(count) == len(loaded.presses)


def test_the_bestiary_duel_ends_with_annas_win_by_respawns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "duel.sqlite"
    said = play(NEWCOMER["bestiary"], capsys, "--db", str(db))
    assert said[-3:] == ["Forest-edge castle 6/6.", "Anna wins!", "> Anna won"]
    assert "Undone: Anna: siege, no tower." in said  # the slip, said as the screen says it
    assert "Ballistarius is destroyed and respawns in its castle." in said
    assert "Ferrarius: Ability 1, back in period 2 (sector 2). Attack up → Ballistarius." in said
    view = end(NEWCOMER["bestiary"], capsys)["view"]
    assert view["stage"] == "over" and view["winner"]["name"] == "Anna"
    assert [(s["name"], s["castle_damage"]) for s in view["seats"]] == [("Anna", 2), ("Boris", 6)]
    summons = [a for a in in_force(db) if a["do"] == "summon"]
    assert len(summons) == 6  # every class in each army: no penalty
    assert {a["class"] for a in summons[0::2]} == {"strength", "agility", "intellect"}
    assert {a["class"] for a in summons[1::2]} == {"strength", "agility", "intellect"}
    assert [a["attack_strength"] for a in summons[0::2]] == [5, 5, 5]


def test_the_four_path_duel_ends_with_annas_win(capsys: pytest.CaptureFixture[str]) -> None:
    said = play(NEWCOMER["four_path"], capsys)
    assert said[-3:] == ["Boris: castle scale 4/4.", "Anna wins!", "> Anna won"]
    assert "Anna: siege, 1 tower (1)." in said
    view = end(NEWCOMER["four_path"], capsys)["view"]
    assert view["winner"]["name"] == "Anna" and view["stage"] == "over"
    assert [(s["side"], s["castle_damage"]) for s in view["sides"]] == [(1, 0), (2, 4)]
    tower_1 = view["towers"][0]
    assert tower_1["creatures"] == ["ballistarius", "ferrarius"] and tower_1["holder"] == 1
    anna = view["seats"][0]
    assert [(c["name"], c["place"]) for c in anna["creatures"]][2:] == [
        ("Illesbra", "castle_2"),
        ("Messum", "castle_2"),
    ]  # castle 1 held two: the next summons went to castle 2 without a question


def test_hand_of_manus_ends_with_annas_twelve(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "manus.sqlite"
    said = play(NEWCOMER["manus"], capsys, "--db", str(db))
    assert said[-2:] == ["Anna wins with 12 points!", "> Anna won with 12 points"]
    assert "Anna has voted again." in said  # her card changed before the reveal (L242)
    assert "Anna builds: hand → earth magic (warm, wet)." in said
    view = end(NEWCOMER["manus"], capsys)["view"]
    assert [(s["name"], s["score"]) for s in view["seats"]] == [
        ("Anna", 12),
        ("Boris", 8),
        ("Vera", 3),
    ]
    actions = in_force(db)
    entered = [(a["hand"], a["strength"]) for a in actions if a["do"] == "set_strength"]
    assert entered[:2] == [(3, 3), (2, 5)]  # Vera before Boris, out of turn order
    votes = [(a["hand"], a["condition"]) for a in actions if a["do"] == "vote"]
    assert (1, "dry") in votes and votes.count((1, "warm")) == 4


def test_talisman_ends_with_boris_losing_his_last_life(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "talisman.sqlite"
    said = play(NEWCOMER["talisman"], capsys, "--db", str(db))
    assert "Fate spent: 9 against 11." in said and "Fate spent: 7 against 10." in said
    assert "Anna trades trophies: +1 Strength, 0 lost." in said
    assert said[-4:-2] == [
        "Boris: lost.",
        "Anna takes Boris's last life, and with it all Boris had: Helmet, 1 gold.",
    ]
    view = end(NEWCOMER["talisman"], capsys)["view"]
    assert view["winner"] is None  # the tracker has no victory (docs/talisman.md)
    assert view["last_battle"]["outcome"] == "lost" and view["last_battle"]["opponent"] == 1
    anna, boris = view["seats"]
    assert (boris["lives"], boris["fate"], boris["gold"], boris["objects"]) == (0, 0, 0, [])
    assert (anna["strength"], anna["gold"], anna["objects"]) == (5, 2, ["Helmet"])
    battles = [a for a in in_force(db) if a["do"] in ("battle", "attack", "reroll")]
    assert all("roll" in a for a in battles)  # every die the table's, entered (dice: table)


def test_tetranomicon_ends_with_annas_win_on_points(
    capsys: pytest.CaptureFixture[str],
) -> None:
    said = play(NEWCOMER["tetranomicon"], capsys)
    assert said[-2:] == ["Anna won.", "> Anna won"]
    assert "Anna's expedition: 2 against 1, won, fame 3." in said
    view = end(NEWCOMER["tetranomicon"], capsys)["view"]
    assert view["phase"] == "over" and view["winner"]["name"] == "Anna"
    assert view["points"] == [3, 1]
    assert view["standings"] == {
        "wealth": [23, 10],
        "influence": [2, 0],
        "strength": [2, 5],
        "fame": [5, 0],
    }


FOUR_PATH_TEAMS = """\
# Four-path two against two by button presses alone, written from docs/buttons.md
# without `companion presses`: 68 presses. Clara answers her team's opening and siege,
# Dmitri his team's opening (a team's decision from either ally's buttons).
game: four_path
setup: {mode: teams, players: [Anna, Boris, Clara, Dmitri], scale_length: 4}
presses:
  # the ban circle, clockwise from the keeper (Anna): each bans the last line, one up
  - seat1.red
  - seat1.cyan
  - seat2.red
  - seat2.cyan
  - seat3.red
  - seat3.cyan
  - seat4.red
  - seat4.cyan
  # two summon circles, the first card each; Anna's and Clara's at attack 4
  - seat1.cyan
  - seat1.cyan
  - seat1.red
  - seat1.red
  - next
  - seat2.cyan
  - next
  - seat3.cyan
  - seat3.cyan
  - seat3.red
  - seat3.red
  - next
  - seat4.cyan
  - next
  - seat1.cyan
  - seat1.cyan
  - seat1.red
  - seat1.red
  - next
  - seat2.cyan
  - next
  - seat3.cyan
  - seat3.cyan
  - seat3.red
  - seat3.red
  - next
  - seat4.cyan
  - next
  # period 1
  - disc 1
  - next         # Anna & Clara's siege: the areas as they stand
  - seat3.blue
  - seat3.cyan   # Clara says she opens
  - seat3.cyan   # Ferrarius maneuvers
  - seat1.cyan   # Ballistarius maneuvers
  - seat3.cyan   # Messum maneuvers
  - seat1.cyan   # Illesbra maneuvers
  - next         # Clara passes
  - next         # Anna passes
  - next         # Boris & Dmitri's siege
  - seat4.cyan   # Dmitri answers for his team: Boris (the first line) opens
  - seat2.cyan   # Saxum attacks Ballistarius
  - seat4.cyan   # Vinctum attacks Ballistarius
  - seat2.cyan   # Manus attacks Ballistarius: destroyed, Anna & Clara 2/4
  - next         # Dmitri passes
  - next         # Boris passes
  # period 2
  - disc 1
  - seat3.blue   # Clara enters the siege: Illesbra and Ferrarius at tower 1
  - seat3.cyan
  - seat3.cyan   # Ballistarius (Anna's first): no tower
  - seat3.red
  - seat3.cyan   # Illesbra: tower 1
  - seat3.red
  - seat3.cyan   # Ferrarius (Clara's first): tower 1
  - seat3.blue   # Messum opens beside Ferrarius: back to no tower
  - next
  - seat1.cyan   # Anna opens (suggested: Clara opened period 1)
  - seat1.cyan   # Ballistarius attacks Saxum
  - seat3.cyan   # Ferrarius attacks Saxum: destroyed
  - seat1.cyan   # Illesbra attacks Vinctum
  - seat3.cyan   # Messum attacks Vinctum: destroyed, 4/4
"""


def test_four_path_teams_end_with_anna_and_claras_win(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "newcomer_four_path_teams_presses.yaml"
    path.write_text(FOUR_PATH_TEAMS, encoding="utf-8")
    assert len(scripts.load(path).presses) == 68
    said = play(path, capsys)
    assert said[-3:] == [
        "Boris & Dmitri: castle scale 4/4.",
        "Anna & Clara win!",
        "> Anna & Clara won",
    ]
    assert "Clara opens." in said and "Boris opens." in said and "Anna opens." in said
    assert "Anna & Clara: siege, 1 tower (1)." in said
    view = end(path, capsys)["view"]
    assert view["winner"]["seats"] == [1, 3]
    assert [(s["side"], s["castle_damage"]) for s in view["sides"]] == [(1, 2), (2, 4)]
