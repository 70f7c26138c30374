"""The duel's attack from the buttons (issue 24): besides a choice per target at the card's
strength, each attacker has one entry for whom it hits (one enemy or several, each in
turn) and at what strength, starting at the strength its last attack used, else its
card's; the entry and its targets are named in the table's language."""

from __future__ import annotations

from typing import Any

import pytest

from companion.display.layout import SIZES
from companion.display.samples import sample_scene
from companion.games.bestiary import SPEC, labels
from companion.games.bestiary import rules as bestiary
from companion.games.spec import Sample
from companion.rules.base import Entry
from tests.screen_helpers import draw, texts
from tests.test_bestiary_targets import CARDS, act, creature, duel, period_two

SUMMONS = tuple(
    {
        "do": "summon",
        "creature": name,
        "class": klass,
        "vitality": 3,
        "attack_strength": 2,
        "abilities": abilities,
    }
    for name, (klass, abilities) in CARDS.items()
)


def other_attack(state: Any, attacker: str) -> Entry:
    (entry,) = [
        e
        for e in bestiary.prompt(state).entries
        if e.base == {"do": "attack", "creature": attacker, "targets": []}
    ]
    return entry


def values(entry: Entry, **given: str | int) -> list[str | int]:
    """Each field's value: ``given`` by key (dots as underscores), else its first."""
    return [given.get(f.key.replace(".", "_"), f.first) for f in entry.fields]


def test_an_attack_at_another_strength_than_the_card_starts_at_the_card() -> None:
    """Saxum's card says 2; the entry starts there, and the strength said is the attack's."""
    state = period_two()
    entry = other_attack(state, "saxum")
    strength = entry.fields[-1]
    assert (strength.key, strength.default) == ("strength", 2)
    target = entry.fields[0]
    assert target.options == ("vinctum", "ferrarius", "cerberus", "several")
    assert target.say("cerberus", "ru") == "Церберус" and target.say("several", "en") == "several…"
    action = entry.action(values(entry, target="vinctum", strength=1))
    assert action == {
        "do": "attack",
        "creature": "saxum",
        "target": "vinctum",
        "targets": [],
        "strength": 1,
    }
    after = act(state, action)
    assert creature(after, "vinctum")["wounds"] == 1


def test_the_next_attack_starts_at_the_strength_said_last_for_that_creature() -> None:
    """Where the table most likely is: Saxum attacked at 3, so its next entry starts at 3
    (Illesbra's still at its card's 2); an attack at the card's strength forgets it."""
    attack = {"do": "attack", "creature": "saxum", "target": "vinctum", "strength": 3}
    state = act(period_two(), attack)
    quiet = ({"do": "end_phase"}, {"do": "siege"}, {"do": "end_phase"})
    state = act(state, *quiet, {"do": "turn_disc"}, {"do": "siege"})
    assert other_attack(state, "saxum").fields[-1].default == 3
    assert other_attack(state, "illesbra").fields[-1].default == 2
    state = act(state, {"do": "attack", "creature": "saxum", "target": "ferrarius"})
    assert state.last_strength(state.creature("saxum")) == 2


def test_several_targets_are_entered_one_after_another_until_no_more() -> None:
    """ "several…" asks the first target, then the next (or "no more"): one attack hits
    each at the strength said."""
    state = period_two()
    entry = other_attack(state, "illesbra")
    keys = [f.key for f in entry.fields]
    assert keys == ["target", "targets.0", "targets.1", "targets.2", "strength"]
    assert entry.asked(["vinctum"]) == [0, 4]  # one target: no more asked
    several = ["several", "vinctum", "cerberus", "none"]
    assert entry.asked(several) == [0, 1, 2, 3, 4]
    assert entry.fields[2].say("none", "ru") == "больше никого"
    action = entry.action([*several, 1])
    assert action == {
        "do": "attack",
        "creature": "illesbra",
        "targets": ["vinctum", "cerberus"],
        "strength": 1,
    }
    after = act(state, action)
    assert [creature(after, c)["wounds"] for c in ("vinctum", "ferrarius", "cerberus")] == [
        1,
        0,
        1,
    ]


def test_the_second_target_opens_at_the_enemy_after_the_first_and_next_ends_there() -> None:
    """An enemy is hit once: after Ferrarius the second target opens at Cerberus (after
    Cerberus, the list goes round to Vinctum), a third at "no more"; NEXT on the second
    attacks those two."""
    entry = other_attack(period_two(), "illesbra")
    assert entry.opening(2, ["several", "ferrarius"]) == "cerberus"
    assert entry.opening(2, ["several", "cerberus"]) == "vinctum"
    assert entry.opening(3, ["several", "vinctum", "ferrarius"]) == "none"
    assert entry.action(["several", "ferrarius"]) == {
        "do": "attack",
        "creature": "illesbra",
        "targets": ["ferrarius", "cerberus"],
        "strength": 2,
    }


@pytest.mark.parametrize(
    ("action", "en", "ru"),
    [
        (
            {"do": "attack", "creature": "saxum", "targets": []},
            "Saxum: another attack…",
            "Саксум: другая атака…",
        ),
        (
            {"do": "attack", "creature": "saxum", "targets": ["vinctum", "cerberus"]},
            "Saxum attacks Vinctum, Cerberus",
            "Саксум → Винктум, Церберус",
        ),
    ],
)
def test_the_attack_entry_and_a_several_attack_are_named(
    action: dict[str, Any], en: str, ru: str
) -> None:
    view = bestiary.view(duel())
    assert labels.choice(view, action, "en") == en
    assert labels.choice(view, action, "ru") == ru


def test_an_attacker_that_has_acted_has_no_attack_entry() -> None:
    state = act(period_two(), {"do": "attack", "creature": "saxum", "target": "vinctum"})
    bases = [e.base for e in bestiary.prompt(state).entries]
    assert {"do": "attack", "creature": "saxum", "targets": []} not in bases
    assert {"do": "attack", "creature": "illesbra", "targets": []} in bases


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_attack_picker_shows_the_enemy_it_targets(display: None, size: tuple[int, int]) -> None:
    """Issue 24: "enemy creatures are hidden while you choose an attack target": on an
    attack the board shows the target's army with the target framed."""
    actions = (
        {"do": "choose_castle", "castle": "forest_edge"},
        *SUMMONS,
        {"do": "turn_disc"},
        {"do": "siege"},
        {"do": "end_phase"},
        {"do": "siege"},
        {"do": "end_phase"},
        {"do": "turn_disc"},
        {"do": "siege"},
    )
    setup = {"players": ["Anna", "Boris"], "tempo": "fast"}
    state = act(bestiary.start(setup), *actions)
    prompt = bestiary.prompt(state)
    at = prompt.choices.index({"do": "attack", "creature": "saxum", "target": "cerberus"})
    scene = sample_scene(SPEC, Sample("picker", setup, actions, cursor=at))("en")
    renderer = draw(scene, size)
    assert renderer.painter.marks_with("creature.target.cerberus")
    assert texts(renderer, "creature.name.cerberus")


def test_an_ability_whose_card_names_no_effect_may_put_one_said_now() -> None:
    """duel_siege's `support manus ability 1 ... effects: [{defense_up, saxum}]` from the
    buttons: Vinctum's Iron mask names no effect on its card, so its entry asks the effect
    (named in the table's language) and on whom; the lasting effect then runs."""
    state = period_two()
    state = act(state, {"do": "end_phase"}, {"do": "siege"})  # Boris's turn
    (entry,) = [
        e
        for e in bestiary.prompt(state).entries
        if e.base.get("ability") == "iron_mask" and e.base.get("effects") == [{}]
    ]
    assert [f.key for f in entry.fields] == ["effects.0.effect", "effects.0.target"]
    effect, target = entry.fields
    assert effect.say("defense_up", "ru") == "Усиление защиты"
    assert target.say("saxum", "en") == "Saxum"
    view = bestiary.view(state)
    assert labels.choice(view, entry.base, "en") == "Vinctum: Iron mask +effect"
    action = entry.action(["defense_up", "vinctum"])
    assert action["effects"] == [{"effect": "defense_up", "target": "vinctum"}]
    after = act(state, action)
    assert [e["kind"] for e in creature(after, "vinctum")["effects"]] == ["defense_up"]


def test_whom_a_said_effect_goes_on_opens_at_a_creature_that_effect_may_reach() -> None:
    """Boris's Iron mask: Inaction opens on Anna's Saxum, but once Attack up is chosen
    the target opens on his own Vinctum (an effect going up goes on one's own), and NEXT
    there puts it on him."""
    state = act(period_two(), {"do": "end_phase"}, {"do": "siege"})
    (entry,) = [
        e
        for e in bestiary.prompt(state).entries
        if e.base.get("ability") == "iron_mask" and e.base.get("effects") == [{}]
    ]
    assert entry.opening(1, []) == "saxum"
    assert entry.opening(1, ["attack_up"]) == "vinctum"
    assert entry.opening(1, ["attack_down"]) == "saxum"
    action = entry.action(["attack_up"])
    assert action["effects"] == [{"effect": "attack_up", "target": "vinctum"}]
    after = act(state, action)
    assert [e["kind"] for e in creature(after, "vinctum")["effects"]] == ["attack_up"]


def test_only_the_effects_the_rules_take_now_are_offered() -> None:
    """In period 1 Boris's army is still in its castle, out of reach of Anna's abilities:
    Manus's Mechanical hand offers Attack up and Defense up (on her own creatures) and
    steps from one to the other, with no effect going down to refuse on the way."""
    (entry,) = [
        e
        for e in bestiary.prompt(duel()).entries
        if e.base.get("ability") == "mechanical_hand" and e.base.get("effects") == [{}]
    ]
    effect = entry.fields[0]
    assert effect.options == ("attack_up", "defense_up")
    assert effect.step("attack_up", 1) == "defense_up"


def test_an_x_preparation_starts_at_the_time_said_at_its_last_use() -> None:
    """Where the table most likely is: Illesbra's Fury (prep X) said at 3 in period 1
    opens at 3 when its token is back (period 4); before any use it opens at 1."""
    fury = {"name": "Fury", "prep": "X", "effects": ["attack_up"], "target": "ally"}
    cards = {**CARDS, "Illesbra": ("agility", [fury, {"name": "Temptation", "prep": 1}])}
    state = bestiary.start({"players": ["Anna", "Boris"], "tempo": "fast"})
    state = act(state, {"do": "choose_castle", "castle": "forest_edge"})
    for name, (klass, abilities) in cards.items():
        summon = {"do": "summon", "creature": name, "class": klass, "vitality": 3}
        state = act(state, {**summon, "attack_strength": 2, "abilities": abilities})
    state = act(state, {"do": "turn_disc"}, {"do": "siege"})

    def opens_at(state: Any) -> list[str | int]:
        return [
            e.fields[0].first
            for e in bestiary.prompt(state).entries
            if e.base.get("ability") == "fury" and e.base.get("target") == "saxum"
        ]

    assert opens_at(state) == [1]
    use = {"do": "support", "creature": "illesbra", "ability": "fury", "target": "saxum"}
    state = act(state, {**use, "prep": 3})
    quiet = ({"do": "end_phase"}, {"do": "siege"}, {"do": "end_phase"})
    for _ in range(3):
        state = act(state, *quiet, {"do": "turn_disc"}, {"do": "siege"})
    assert state.period == 4 and opens_at(state) == [3]
