"""Focused Bestiary rules a player would notice, beyond the golden transcripts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.games.bestiary import rules as bestiary
from companion.journal import Journal
from companion.rules.base import IllegalAction, SetupError
from companion.table import Table


def summoned(tempo: str = "slow", first: int = 1) -> Any:
    state = bestiary.start({"players": ["Anna", "Boris"], "tempo": tempo, "first": first})
    state = bestiary.step(state, {"do": "choose_castle", "castle": "forest_edge"})
    army = [
        ("Saxum", "strength"),
        ("Vinctum", "strength"),
        ("Illesbra", "agility"),
        ("Ferrarius", "agility"),
        ("Manus", "intellect"),
        ("Cerberus", "intellect"),
    ]
    for name, klass in army:
        state = bestiary.step(
            state,
            {
                "do": "summon",
                "creature": name,
                "class": klass,
                "vitality": 3,
                "attack_strength": 3,
                "abilities": [{"name": "Ward", "prep": 4, "effects": ["defense_up"]}, "Blink"],
            },
        )
    return bestiary.step(state, {"do": "turn_disc"})


def test_a_destroyed_creature_keeps_its_tokens_on_the_sigil() -> None:
    state = summoned(tempo="fast")
    state = bestiary.step(state, {"do": "siege"})
    state = bestiary.step(state, {"do": "end_phase"})
    state = bestiary.step(state, {"do": "siege"})
    state = bestiary.step(
        state, {"do": "support", "creature": "vinctum", "ability": "ward", "target": "vinctum"}
    )
    state = bestiary.step(state, {"do": "end_phase"})
    state = bestiary.step(state, {"do": "turn_disc"})
    state = bestiary.step(state, {"do": "siege"})
    state = bestiary.step(
        state, {"do": "attack", "creature": "saxum", "target": "vinctum", "wounds": 3}
    )
    view = bestiary.view(state)
    vinctum = view["seats"][1]["creatures"][0]
    assert vinctum["wounds"] == 0 and vinctum["respawns"] == 1
    assert vinctum["effects"] == []
    assert [(t["creature"], t["returns_at_period"]) for t in view["tokens"]] == [("vinctum", 5)]
    assert view["seats"][1]["castle_damage"] == 2


def test_fast_tempo_runs_siege_preparation_then_the_combined_phase() -> None:
    state = summoned(tempo="fast")
    assert bestiary.prompt(state).kind == "siege"
    state = bestiary.step(state, {"do": "siege"})
    prompt = bestiary.prompt(state)
    assert prompt.kind == "attack_and_support"
    assert {
        "do": "support",
        "creature": "saxum",
        "ability": "ward",
        "target": "saxum",
    } in prompt.choices
    assert "support" in prompt.free  # Blink has no printed prep: a value is needed
    assert {"do": "maneuver", "creature": "saxum"} in prompt.choices
    assert state.events[-1]["event"] == "preparation"
    # Anna's first period: Boris's creatures stand in their castle; in Boris's half of the
    # period Anna's may have left theirs, so the combined phase offers attacks.
    state = bestiary.step(state, {"do": "end_phase"})
    state = bestiary.step(state, {"do": "siege"})
    prompt = bestiary.prompt(state)
    assert prompt.kind == "attack_and_support"
    assert {"do": "attack", "creature": "vinctum", "target": "saxum"} in prompt.choices


def test_slow_tempo_prompts_attack_then_support() -> None:
    state = summoned()
    state = bestiary.step(state, {"do": "siege", "towers": ["plain"]})
    prompt = bestiary.prompt(state)
    assert prompt.kind == "attack"
    assert not any(c["do"] == "support" for c in prompt.choices)
    with pytest.raises(IllegalAction, match="phase is attack"):
        bestiary.step(state, {"do": "support", "creature": "saxum", "ability": "blink"})


def test_only_the_first_seat_turns_the_disc() -> None:
    state = summoned(first=2)
    assert bestiary.view(state)["turn"]["name"] == "Boris"
    for _ in range(2):
        state = bestiary.step(state, {"do": "siege"})
        state = bestiary.step(state, {"do": "end_phase"})
        state = bestiary.step(state, {"do": "end_phase"})
    prompt = bestiary.prompt(state)
    assert (prompt.kind, prompt.seat) == ("turn_disc", 2)
    with pytest.raises(IllegalAction, match="Boris's turn"):
        bestiary.step(state, {"do": "turn_disc", "seat": "Anna"})


def test_a_rematch_makes_the_previous_second_seat_first(tmp_path: Path) -> None:
    state = summoned(first=1)
    setup = bestiary.rematch_setup(state)
    assert setup["first"] == 2 and setup["players"] == ["Anna", "Boris"]
    table = Table.new_game(Journal(tmp_path / "j.db"), "bestiary", setup)
    assert table.prompt().seat == 2
    assert table.prompt().kind == "choose_castle"


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"players": ["Anna"]}, "setup.players: this game takes 2 players, not 1"),
        ({"players": ["Anna", "Anna"]}, "same name"),
        ({"first": 3}, "setup.first"),
        ({"tempo": "quick"}, "setup.tempo"),
        ({"scale_length": "long"}, "setup.scale_length"),
        ({"scales": 16}, "unknown field 'scales'"),
    ],
)
def test_a_bad_setup_says_which_key(setup: dict[str, Any], message: str) -> None:
    with pytest.raises(SetupError, match=message):
        bestiary.start(setup)


def test_an_illegal_action_leaves_the_state_untouched() -> None:
    state = summoned()
    before = bestiary.view(state)
    with pytest.raises(
        IllegalAction, match="unknown action 'attak' \\(did you mean 'attack'\\?\\)"
    ):
        bestiary.step(state, {"do": "attak"})
    with pytest.raises(IllegalAction, match="'towers' must be one of plain, mountain"):
        bestiary.step(state, {"do": "siege", "towers": ["lake"]})
    assert bestiary.view(state) == before
