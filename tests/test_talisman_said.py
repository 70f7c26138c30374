"""What a Talisman player reads from the box, in both languages (issue 24, a newcomer's
findings): the last life said as such and what went with it, each side's own total first,
the battle's question asking only what is offered, and the attack's line naming the one
other hero."""

from __future__ import annotations

from typing import Any

import pytest

from companion import games
from companion.games.talisman import engine, present
from companion.games.talisman.state import State
from companion.narration import narrate

SPEC = games.find("talisman")


def _start(anna: dict[str, Any], boris: dict[str, Any], dice: str = "table") -> State:
    return engine.start({"players": ["Anna", "Boris"], "dice": dice, "heroes": [anna, boris]})


def _play(state: State, *actions: dict[str, Any]) -> State:
    for action in actions:
        state = engine.step(state, action)
    return state


def _said(state: State, language: str) -> list[str]:
    """The narration of the last action, as the box says it."""
    return narrate(SPEC, state.events, present.view(state), language)


# Anna (Strength 4) beats Boris (Strength 4) 4 + 6 against 4 + 1; the rolls stand.
WON = (
    {"do": "attack", "defender": "Boris", "roll": 6, "defender_roll": 1},
    {"do": "accept"},
    {"do": "accept"},
)


def test_a_last_life_taken_by_a_hero_is_said_with_all_that_went_with_it() -> None:
    """«Если победитель при этом убивает героя, отнимая у него последнюю жизнь, он может
    забрать у проигравшего все Предметы, все золото и всех Помощников» (L100): a table
    does not see the Helmet move unless the box says so."""
    boris = {"strength": 4, "lives": 1, "gold": 2}
    state = _play(
        _start({"strength": 4}, boris),
        {"do": "end_turn"},
        {"do": "carry", "object": "Helmet"},
        {"do": "follower", "name": "Guide"},
        {"do": "end_turn"},
        *WON,
        {"do": "reward", "take": "life"},
    )
    assert _said(state, "en")[0] == (
        "Anna takes Boris's last life, and with it all Boris had: Helmet, Guide, 2 gold."
    )
    assert _said(state, "ru")[0] == (
        "Boris теряет последнюю жизнь; Anna забирает всё: Шлем, Проводник, 2 золотых."
    )


def test_a_last_life_with_nothing_else_is_still_said_as_the_last() -> None:
    state = _play(
        _start({"strength": 4}, {"strength": 4, "lives": 1, "gold": 0}),
        *WON,
        {"do": "reward", "take": "life"},
    )
    assert _said(state, "en")[0] == "Anna takes Boris's last life."
    assert _said(state, "ru")[0] == "Anna забирает последнюю жизнь. Boris без жизней."


def test_one_gold_is_said_in_the_singular() -> None:
    state = _play(
        _start({"strength": 4}, {"strength": 4, "lives": 1, "gold": 1}),
        *WON,
        {"do": "reward", "take": "life"},
    )
    assert (
        _said(state, "en")[0] == "Anna takes Boris's last life, and with it all Boris had: 1 gold."
    )
    assert _said(state, "ru")[0] == "Boris теряет последнюю жизнь; Anna забирает всё: 1 золотой."


def test_a_life_that_is_not_the_last_is_said_as_before() -> None:
    state = _play(_start({"strength": 4}, {"strength": 4, "lives": 2}), *WON)
    state = engine.step(state, {"do": "reward", "take": "life"})
    assert _said(state, "en")[0] == "Anna takes a life."
    assert _said(state, "ru")[0] == "Anna берёт: жизнь."


@pytest.mark.parametrize(
    ("lives", "en", "ru"),
    [
        (1, "Anna loses a life: the last one.", "Anna теряет последнюю жизнь."),
        (2, "Anna loses a life.", "Anna теряет жизнь."),
    ],
)
def test_a_last_life_lost_in_battle_is_said_as_the_last(lives: int, en: str, ru: str) -> None:
    battle = {"do": "battle", "enemies": [9], "roll": 1, "enemy_roll": 6}
    state = _play(_start({"lives": lives, "fate": 0}, {}), battle, {"do": "accept"})
    state = engine.step(state, {"do": "lose"})
    assert (_said(state, "en")[0], _said(state, "ru")[0]) == (en, ru)


def test_each_side_of_an_attack_reads_its_own_total_first() -> None:
    """Boris attacks with 4 + 3 = 7, Anna defends with 4 + 6 = 10: Anna's question is
    "10 against 7", not the attacker's "7 against 10"."""
    state = _play(
        _start({"strength": 4, "fate": 1}, {"strength": 4, "fate": 1}),
        {"do": "end_turn"},
        {"do": "attack", "defender": "Anna", "roll": 3, "defender_roll": 6},
    )
    attacker = present.prompt(state)
    assert attacker.say("en") == "Boris: 7 against 10: reroll or accept?"
    assert attacker.say("ru") == "Boris: 7 против 10: переброс или принять?"
    defender = present.prompt(engine.step(state, {"do": "accept"}))
    assert defender.seat == 1
    assert defender.say("en") == "Anna: 10 against 7: reroll or accept?"
    assert defender.say("ru") == "Anna: 10 против 7: переброс или принять?"


@pytest.mark.parametrize("dice", ["table", "box"])
def test_once_the_reroll_is_spent_the_question_is_only_to_accept(dice: str) -> None:
    """«отдать один жетон судьбы и перебросить кубик» (L64), once: after it only accept is
    offered, and the question says only that."""
    battle = {"do": "battle", "enemies": [3], "roll": 1, "enemy_roll": 6}
    state = _play(_start({"fate": 2}, {}, dice), battle)
    assert present.prompt(state).say("en").endswith(": reroll or accept?")
    spent = present.prompt(engine.step(state, {"do": "reroll", "roll": 2}))
    assert spent.choices == ({"do": "accept"},)
    assert spent.say("en").endswith(": accept the rolls")
    assert spent.say("ru").endswith(": принять броски")
    assert "reroll" not in spent.say("en") and "переброс" not in spent.say("ru")


def test_a_hero_without_fate_is_asked_only_to_accept() -> None:
    battle = {"do": "battle", "enemies": [3], "roll": 1, "enemy_roll": 6}
    prompt = present.prompt(_play(_start({"fate": 0, "strength": 4}, {}), battle))
    assert prompt.choices == ({"do": "accept"},)
    assert prompt.say("en") == "Anna: 5 against 9: accept the rolls"
    assert prompt.say("ru") == "Anna: 5 против 9: принять броски"


def test_the_attack_line_names_the_one_other_hero_as_the_docs_say() -> None:
    """docs/buttons.md: "Attack (with one other hero the line names him, "Attack Boris")":
    the prompt a script reads (``--json``) says it as the screen does."""
    two = present.prompt(_start({}, {})).to_json("en")
    assert "Attack Boris" in [entry["text"] for entry in two["entries"]]
    two_ru = present.prompt(_start({}, {})).to_json("ru")
    assert "Атаковать: Boris" in [entry["text"] for entry in two_ru["entries"]]
    three = engine.start({"players": ["Anna", "Boris", "Vera"], "dice": "table"})
    texts = [entry["text"] for entry in present.prompt(three).to_json("en")["entries"]]
    assert "Attack a hero" in texts  # two to choose from: the hero is asked first
