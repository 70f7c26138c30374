"""Whom an attack or a support ability may target (issue 10, item 3), as a player sees it.

Rulebook (Бестиарий Сигиллума, seeds/002): a lasting effect «может как усиливать союзников,
так и ослаблять врагов»; an ability whose sigil marks its owner applies to itself;
«Единичные умения применяются на одну цель»; «Существа в своем замке не могут быть целью ни
атакующих, ни поддерживающих способностей противника».
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.bestiary import rules as bestiary
from companion.rules.base import IllegalAction, SetupError

# Anna (seat 1, first): Saxum, Illesbra, Manus. Boris: Vinctum, Ferrarius, Cerberus.
CARDS: dict[str, tuple[str, list[dict[str, Any]]]] = {
    "Saxum": (
        "strength",
        [
            {"name": "Stone skin", "prep": 2, "effects": ["defense_up"], "target": "self"},
            {"name": "Quake", "prep": 3, "effects": ["inaction"], "target": "enemy"},
        ],
    ),
    "Vinctum": ("strength", [{"name": "Iron mask", "prep": 2}, {"name": "Chains", "prep": 6}]),
    "Illesbra": (
        "agility",
        [
            {"name": "Fury", "prep": 2, "effects": ["attack_up"], "target": "ally"},
            {"name": "Temptation", "prep": 1, "target": "any"},
        ],
    ),
    "Ferrarius": ("agility", [{"name": "Forge", "prep": 3}, {"name": "Smoke", "prep": 2}]),
    "Manus": (
        "intellect",
        [
            {"name": "Mechanical hand", "prep": 2, "target": "any"},
            {"name": "Rally", "prep": 2, "effects": ["attack_up"], "target": "any"},
        ],
    ),
    "Cerberus": ("intellect", [{"name": "Swiftness", "prep": 1}, {"name": "Howl", "prep": 2}]),
}


def act(state: Any, *actions: dict[str, Any]) -> Any:
    for action in actions:
        state = bestiary.step(state, action)
    return state


def duel() -> Any:
    """Both armies summoned, period 1 begun: Anna (first) is in her combined phase."""
    state = bestiary.start({"players": ["Anna", "Boris"], "tempo": "fast"})
    state = act(state, {"do": "choose_castle", "castle": "forest_edge"})
    for name, (klass, abilities) in CARDS.items():
        summon = {"do": "summon", "creature": name, "class": klass, "vitality": 3}
        state = act(state, {**summon, "attack_strength": 2, "abilities": abilities})
    return act(state, {"do": "turn_disc"}, {"do": "siege"})


def period_two() -> Any:
    """Period 1 passed quietly: Anna's combined phase of period 2."""
    quiet = ({"do": "end_phase"}, {"do": "siege"}, {"do": "end_phase"})
    return act(duel(), *quiet, {"do": "turn_disc"}, {"do": "siege"})


def creature(state: Any, creature_id: str) -> dict[str, Any]:
    for seat in bestiary.view(state)["seats"]:
        for card in seat["creatures"]:
            if card["id"] == creature_id:
                return dict(card)
    raise AssertionError(creature_id)


def marks(state: Any, creature_id: str) -> list[str]:
    return [effect["kind"] for effect in creature(state, creature_id)["effects"]]


def refused(state: Any, action: dict[str, Any], message: str) -> None:
    before = bestiary.view(state)
    with pytest.raises(IllegalAction, match=message):
        bestiary.step(state, action)
    assert bestiary.view(state) == before


# --- 1. an ability does what its card says, and only what the rules allow --------------


def test_a_self_ability_puts_its_effect_on_its_owner_unasked_and_on_no_other() -> None:
    state = duel()
    refused(
        state,
        {"do": "support", "creature": "saxum", "ability": "stone_skin", "target": "illesbra"},
        r"Stone skin applies only to Saxum itself \(its card's target is self\), not to Illesbra",
    )
    state = act(state, {"do": "support", "creature": "saxum", "ability": "stone_skin"})
    assert marks(state, "saxum") == ["defense_up"]
    assert creature(state, "saxum")["defense"] == 1
    assert marks(state, "illesbra") == []


def test_an_effect_goes_where_the_card_and_its_sign_allow() -> None:
    state = period_two()
    # The card's target: Quake is for enemies, Fury for allies.
    refused(
        state,
        {"do": "support", "creature": "saxum", "ability": "quake", "target": "illesbra"},
        "Quake targets only enemy creatures .*: Illesbra is Anna's own",
    )
    refused(
        state,
        {"do": "support", "creature": "illesbra", "ability": "fury", "target": "ferrarius"},
        "Fury targets only Anna's own creatures .*: Ferrarius is Boris's",
    )
    # The sign: positive effects on one's own creatures, negative ones on enemies.
    refused(
        state,
        {"do": "support", "creature": "manus", "ability": "rally", "target": "ferrarius"},
        "Attack up is a positive effect: it goes only on one's own creatures, "
        "and Ferrarius is Boris's",
    )
    own_inaction = {"effect": "inaction", "target": "illesbra"}
    refused(
        state,
        {"do": "support", "creature": "manus", "ability": 1, "effects": [own_inaction]},
        "Inaction is a negative effect: it goes only on enemies, "
        "and Illesbra is Anna's own creature",
    )
    state = act(
        state,
        {"do": "support", "creature": "saxum", "ability": "quake", "target": "ferrarius"},
        {"do": "support", "creature": "manus", "ability": "rally", "target": "illesbra"},
    )
    assert marks(state, "ferrarius") == ["inaction"]
    assert marks(state, "illesbra") == ["attack_up"]
    # A card whose effect could never go on its target is refused when summoned.
    state = act(bestiary.start({}), {"do": "choose_castle", "castle": "wasteland"})
    forge = {"name": "Forge", "prep": 3, "effects": ["attack_up"], "target": "enemy"}
    refused(
        state,
        {
            "do": "summon",
            "creature": "Saxum",
            "class": "strength",
            "vitality": 4,
            "abilities": [forge, "Smoke"],
        },
        "Forge: Attack up is a positive effect and goes only on one's own creatures, "
        "but the card's target is enemy",
    )


def test_a_target_named_twice_is_refused() -> None:
    state = period_two()
    refused(
        state,
        {"do": "support", "creature": "saxum", "ability": "quake", "targets": ["vinctum"] * 2},
        "Vinctum is named twice: Quake affects each of its targets once",
    )
    refused(
        state,
        {"do": "attack", "creature": "saxum", "targets": ["vinctum", "Vinctum"]},
        "Vinctum is named twice: an attack hits each of its targets once",
    )
    refused(
        state,
        {
            "do": "support",
            "creature": "saxum",
            "ability": "stone_skin",
            "effects": [{"effect": "defense_up", "target": "saxum"}],
        },
        "Defense up on Saxum is named twice: Stone skin puts it there once",
    )
    state = act(
        state, {"do": "support", "creature": "saxum", "ability": "quake", "target": "vinctum"}
    )
    assert marks(state, "vinctum") == ["inaction"]


# --- 2. own-castle immunity -------------------------------------------------------------


def test_a_creature_respawned_this_turn_stands_in_its_castle_until_its_owner_plays() -> None:
    state = period_two()
    state = act(state, {"do": "attack", "creature": "saxum", "target": "vinctum", "wounds": 3})
    assert creature(state, "vinctum")["respawns"] == 1
    assert bestiary.view(state)["seats"][1]["castle_damage"] == 2
    refused(
        state,
        {"do": "attack", "creature": "illesbra", "target": "vinctum"},
        r"Vinctum stands in its own castle \(it respawned there this turn\): a creature in its "
        "castle cannot be the target of the enemy's attacks or support abilities",
    )
    refused(
        state,
        {"do": "support", "creature": "saxum", "ability": "quake", "target": "vinctum"},
        "Vinctum stands in its own castle",
    )
    assert bestiary.view(state)["seats"][1]["castle_damage"] == 2
    # Boris's turn lets him move it out: in Anna's next turn it is a target again.
    state = act(
        state,
        {"do": "end_phase"},
        {"do": "siege"},
        {"do": "end_phase"},
        {"do": "turn_disc"},
        {"do": "siege"},
        {"do": "attack", "creature": "illesbra", "target": "vinctum"},
    )
    assert creature(state, "vinctum")["wounds"] == 2


def test_in_the_first_players_first_period_every_enemy_is_in_its_castle() -> None:
    state = duel()
    refused(
        state,
        {"do": "attack", "creature": "saxum", "target": "ferrarius"},
        r"Ferrarius stands in its own castle \(no creature has left its castle in the first "
        r"player's first period\)",
    )
    refused(
        state,
        {"do": "support", "creature": "saxum", "ability": "quake", "target": "cerberus"},
        "Cerberus stands in its own castle",
    )
    state = act(state, {"do": "support", "creature": "illesbra", "ability": "fury"})
    state = act(
        state, {"do": "support", "creature": "manus", "ability": "rally", "target": "saxum"}
    )
    assert marks(state, "saxum") == ["attack_up"]
    assert bestiary.view(state)["seats"][1]["castle_damage"] == 0
    # Anna's creatures may have left their castle by Boris's half of the period.
    state = act(
        state,
        {"do": "end_phase"},
        {"do": "siege"},
        {"do": "attack", "creature": "ferrarius", "target": "manus"},
    )
    assert creature(state, "manus")["wounds"] == 2


# --- 3. the castle scale is longer than the largest class penalty -----------------------


def test_a_scale_no_longer_than_the_largest_class_penalty_is_refused() -> None:
    with pytest.raises(
        SetupError,
        match=r"setup.scale_length: a whole number from 5 to 1000, not 4 \(the scale must be "
        r"longer than the largest class penalty, 4",
    ):
        bestiary.start({"scale_length": 4})
    state = bestiary.start({"players": ["Anna", "Boris"], "scale_length": 5})
    state = act(state, {"do": "choose_castle", "castle": "forest_edge"})
    for name in CARDS:  # Boris summons strength only: two classes missing
        klass = CARDS[name][0] if name in ("Saxum", "Illesbra", "Manus") else "strength"
        state = act(state, {"do": "summon", "creature": name, "class": klass, "vitality": 3})
    view = bestiary.view(state)
    assert view["seats"][1]["castle_damage"] == 4
    assert view["winner"] is None and view["stage"] == "play"


# --- ids from names (docs/bestiary.md) --------------------------------------------------


def test_a_creatures_two_abilities_need_different_ids() -> None:
    state = act(bestiary.start({}), {"do": "choose_castle", "castle": "wasteland"})
    refused(
        state,
        {
            "do": "summon",
            "creature": "Saxum",
            "class": "strength",
            "vitality": 4,
            "abilities": ["War cry", "war cry!"],
        },
        "War cry and war cry! give the same id 'war_cry'",
    )
    state = act(
        state,
        {
            "do": "summon",
            "creature": "Saxum",
            "class": "strength",
            "vitality": 4,
            "abilities": ["War cry!", "Железная маска"],
        },
    )
    assert [a["id"] for a in creature(state, "saxum")["abilities"]] == [
        "war_cry",
        "железная_маска",
    ]
