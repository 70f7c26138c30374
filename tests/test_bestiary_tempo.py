"""Two Castles played with the Four-path expansion: the tempo stage (seeds/001 L91,
RULES-EXPANSIONS FP-R9): «быстрый темп является приоритетным, а медленный используется,
только если оба игрока на это согласны». The base game alone stays as it was (FP-A12)."""

from __future__ import annotations

from typing import Any

import pytest

from companion import games
from companion.games.bestiary.state import PHASE_ATTACK, PHASE_ATTACK_SUPPORT
from companion.narration import narrate
from companion.rules.base import IllegalAction, SetupError
from tests.test_controls import DUEL_SETUP

SPEC = games.find("bestiary")
RULES = SPEC.rules


def summoned(tempo: str | None) -> Any:
    setup: dict[str, Any] = {"players": ["Anna", "Boris"]}
    if tempo is not None:
        setup["tempo"] = tempo
    state = RULES.start(setup)
    for action in DUEL_SETUP:
        state = RULES.step(state, action)
    return state


def play_period_to_the_second_phase(state: Any) -> Any:
    for action in ({"do": "turn_disc"}, {"do": "siege", "towers": []}):
        state = RULES.step(state, action)
    return state


def test_the_base_game_has_no_tempo_stage_and_stays_slow() -> None:
    state = summoned(None)
    view = RULES.view(state, "public")
    assert view["stage"] == "play" and view["tempo"] == "slow"
    assert RULES.prompt(state).kind == "turn_disc"
    with pytest.raises(IllegalAction, match="no tempo to choose"):
        RULES.step(state, {"do": "choose_tempo", "tempo": "fast"})
    assert play_period_to_the_second_phase(state).phase == PHASE_ATTACK


def test_a_first_fast_decides_at_once() -> None:
    state = summoned("choose")
    prompt = RULES.prompt(state)
    assert prompt.kind == "choose_tempo" and prompt.seat == 1
    assert [c["tempo"] for c in prompt.choices] == ["fast", "slow"]
    state = RULES.step(state, {"do": "choose_tempo", "tempo": "fast"})
    view = RULES.view(state, "public")
    assert view["stage"] == "play" and view["tempo"] == "fast"
    said = narrate(SPEC, state.events, view, "en")
    assert said[-1] == "The game is played at the fast tempo."
    assert play_period_to_the_second_phase(state).phase == PHASE_ATTACK_SUPPORT


@pytest.mark.parametrize(("second", "played"), [("slow", "slow"), ("fast", "fast")])
def test_slow_only_when_both_agree(second: str, played: str) -> None:
    state = summoned("choose")
    state = RULES.step(state, {"do": "choose_tempo", "tempo": "slow"})
    prompt = RULES.prompt(state)
    assert prompt.kind == "choose_tempo" and prompt.seat == 2  # Boris is asked too
    with pytest.raises(IllegalAction):
        RULES.step(state, {"do": "choose_tempo", "seat": 1, "tempo": "slow"})
    state = RULES.step(state, {"do": "choose_tempo", "tempo": second})
    assert RULES.view(state, "public")["tempo"] == played
    expected = PHASE_ATTACK_SUPPORT if played == "fast" else PHASE_ATTACK
    assert play_period_to_the_second_phase(state).phase == expected
    assert RULES.prompt(state).seat == 1  # the first player turns the disc


def test_the_stage_is_said_in_russian_and_a_bad_tempo_names_its_key() -> None:
    state = RULES.step(summoned("choose"), {"do": "choose_tempo", "tempo": "slow"})
    view = RULES.view(state, "public")
    assert narrate(SPEC, state.events, view, "ru") == ["Anna выбирает медленный темп."]
    with pytest.raises(IllegalAction, match="tempo"):
        RULES.step(state, {"do": "choose_tempo", "tempo": "medium"})
    with pytest.raises(SetupError, match=r"setup\.tempo"):
        RULES.start({"tempo": "medium"})
