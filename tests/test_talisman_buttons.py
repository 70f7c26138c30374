"""Talisman from the buttons (issue 24): the table's dice, the won enemy as a trophy, a
life saved only by an object carried, and the names, weapons and another hero's toad the
entries now take. Today's edition is a setup naming ``dice`` (the menu's new game asks
it); a setup without it plays and prompts as before (tests/golden, docs/examples).

Lines ``Lnnn`` are of ``seeds/003_…`` (a fragment of the rulebook).
"""

from __future__ import annotations

from typing import Any

import pytest

from companion import games
from companion.games.talisman import engine, entries, labels, present
from companion.games.talisman.state import State
from companion.journal import Journal
from companion.planner import presses_for
from companion.presses import PressRunner
from companion.rules.base import Entry, IllegalAction, Prompt, RulesError, SetupError
from companion.script import parse, parse_press
from companion.snapshot import of_state
from companion.table import Apply, Table

PLAYERS = ["Anna", "Boris"]


def _start(dice: str | None = "table", **anna: Any) -> State:
    setup: dict[str, Any] = {"players": PLAYERS, "heroes": [anna, {}]}
    if dice is not None:
        setup["dice"] = dice
    return engine.start(setup)


def _play(state: State, *actions: dict[str, Any]) -> State:
    for action in actions:
        state = engine.step(state, action)
    return state


def _entry(prompt: Prompt, key: str) -> Entry:
    found = [e for e in prompt.entries if e.key == f"talisman.entry.{key}"]
    assert len(found) == 1, [e.key for e in prompt.entries]
    return found[0]


def _entered(entry: Entry, *values: str | int) -> dict[str, object]:
    """The action the buttons make with ``values`` confirmed field by field, the rest left
    at their defaults (NEXT)."""
    entered: tuple[str | int, ...] = ()
    index = entry.following(entered)
    for value in values:
        assert index is not None, "more values than fields asked"
        entered, index = entry.confirm(entered, value)
    return dict(entry.action(entered))


# --- the setup ------------------------------------------------------------------------------


def test_the_menu_asks_the_dice_and_starts_at_the_table_s() -> None:
    (dice,) = games.find("talisman").setup_fields
    assert (dice.key, dice.options, dice.first) == ("dice", ("table", "box"), "table")
    assert dice.say("table", "en") == "we roll"
    assert dice.say("box", "ru") == "бросает коробка"


def test_a_wrong_dice_setting_is_named() -> None:
    with pytest.raises(SetupError, match=r"setup.dice: table .* or box"):
        engine.start({"players": PLAYERS, "dice": "mine"})


def test_a_setup_naming_no_dice_prompts_as_before() -> None:
    """Scripts and journals written before the option (and the press script in
    docs/examples) see the same list: the first edition's entries and ``free`` names."""
    prompt = present.prompt(_start(None))
    assert [e.key.split(".")[-1] for e in prompt.entries] == [
        *("battle", "battle_two", "attack", "lives", "fate", "gold", "strength", "craft"),
        *("trophy", "capacity", "alignment", "encounter"),
    ]
    assert [f.key for f in prompt.entries[0].fields] == ["enemies.0", "psychic", "bonus"]
    assert "spell" in prompt.free and "carry" in prompt.free


def test_today_s_edition_is_laid_out_for_few_presses() -> None:
    """The turn starts on its first line; the list goes round, so Battle, its last line,
    is one press up (red) and psychic combat and the lives one and two presses down
    (issue 24: few presses). NEXT still ends the turn wherever it stands."""
    state = _start("table", craft=4)
    state = _play(state, {"do": "spell", "name": "Fireball"}, {"do": "end_turn"})
    state = _play(state, {"do": "end_turn"})  # Anna's turn again, the Fireball hers to cast
    prompt = present.prompt(state)
    assert prompt.choices == ({"do": "end_turn"}, {"do": "cast", "name": "Fireball"})
    names = [e.key.split(".")[-1] for e in prompt.entries]
    # with one other hero the attack's line names him (its key says so): where any attack goes
    order = [n if n != "attack" else "attack_hero" for n in entries.TURN_ORDER]
    assert names == [n for n in order if n not in ("follower_leaves", "drop")]
    assert names[-2:] == ["trophy", "battle"] and names[:2] == ["psychic", "lives"]
    assert prompt.free == ()
    fresh = _start("table")
    action = {"do": "battle", "enemies": [4], "roll": 5, "enemy_roll": 3}
    red, blue, cyan = "seat1.red", "seat1.blue", "seat1.cyan"
    # red to Battle, open it, the enemy's 3 to 4, the hero's die 3 to 5 and NEXT: the
    # enemies' 3 and no weapon or bonus kept
    assert _planned(fresh, action) == [red, cyan, red, cyan, red, red, "next"]
    assert blue not in _planned(fresh, action)


def _planned(state: State, action: dict[str, Any]) -> list[str]:
    """The presses the planner finds for ``action`` with the cursor on the first line."""
    return presses_for(of_state(games.find("talisman"), state), action)


def test_the_first_edition_s_list_is_kept_as_it_was() -> None:
    """A press script written for the first edition plays the same game."""
    prompt = present.prompt(_play(_start(None), {"do": "spell", "name": "Fireball"}))
    assert prompt.choices[:4] == (
        {"do": "end_turn"},
        {"do": "miss_turn", "encounters_left": True},
        {"do": "miss_turn", "encounters_left": False},
        {"do": "toad"},
    )


# --- the table's dice -----------------------------------------------------------------------


def test_the_table_s_dice_are_asked_right_after_the_enemies() -> None:
    prompt = present.prompt(_start("table"))
    battle = _entry(prompt, "battle")
    keys = [f.key for f in battle.fields]
    assert keys == ["enemies.0", "roll", "enemy_roll", "weapons.0", "bonus"]
    die = battle.fields[1]
    assert (die.low, die.high, die.first) == (1, 6, entries.DIE_START)
    assert _entered(battle, 4, 5, 2) == {  # NEXT then: the rest at their defaults
        "do": "battle",
        "enemies": [4],
        "roll": 5,
        "enemy_roll": 2,
        "weapons": [0],
        "bonus": 0,
    }
    psychic = _entry(prompt, "psychic")  # its own line: Craft, no weapon (L116-120)
    assert [f.key for f in psychic.fields] == ["enemies.0", "roll", "enemy_roll", "bonus"]
    assert _entered(psychic, 4, 1, 4) == {
        "do": "battle",
        "enemies": [4],
        "psychic": "yes",
        "roll": 1,
        "enemy_roll": 4,
        "bonus": 0,
    }
    two = _entry(prompt, "battle_two")
    assert [f.key for f in two.fields][:4] == ["enemies.0", "enemies.1", "roll", "enemy_roll"]
    assert "psychic" in [f.key for f in two.fields]  # psychic combat against two, too
    attack = _entry(prompt, "attack_hero")  # the one other hero: the line names him
    assert attack.base == {"do": "attack", "defender": "Boris"}
    assert (attack.say("en"), attack.say("ru")) == ("Attack Boris", "Атаковать: Boris")
    assert [f.key for f in attack.fields][:2] == ["roll", "defender_roll"]
    assert _entered(attack, 1, 6) == {
        "do": "attack",
        "defender": "Boris",
        "roll": 1,
        "defender_roll": 6,
        "bonus": 0,
        "defender_bonus": 0,
        "psychic": "no",
    }
    three = engine.start({"players": [*PLAYERS, "Vera"], "dice": "table"})
    attack = _entry(present.prompt(three), "attack")  # two to choose from: asked
    assert attack.fields[0].key == "defender" and attack.fields[0].options == ("Boris", "Vera")
    assert (attack.say("en"), attack.say("ru")) == ("Attack a hero", "Атаковать героя")


def test_a_weapon_entered_counts_as_a_script_s_weapons() -> None:
    battle = _entry(present.prompt(_start("table", strength=4)), "battle")
    action = _entered(battle, 5, 2, 2, 1)
    assert action["weapons"] == [1]
    state = engine.step(_start("table", strength=4), action)
    assert state.battle is not None and state.battle.hero_total == 2 + 4 + 1


@pytest.mark.parametrize(
    ("action", "named"),
    [
        ({"do": "battle", "enemies": [3]}, "'roll' .*and 'enemy_roll' \\(the enemies' die\\)"),
        ({"do": "battle", "enemies": [3], "roll": 4}, "enter 'enemy_roll' \\(the enemies' die\\)"),
        ({"do": "attack", "defender": "Boris", "roll": 4}, "'defender_roll' \\(the defender's"),
        ({"do": "roll"}, "'value' \\(the die\\)"),
    ],
)
def test_a_die_left_out_at_a_table_rolling_its_own_is_refused_by_name(
    action: dict[str, Any], named: str
) -> None:
    state = _start("table")
    with pytest.raises(IllegalAction, match=named):
        engine.step(state, action)
    assert state.dice == 0


def test_the_box_rolls_what_is_left_out_and_takes_what_is_entered() -> None:
    rolled = engine.step(_start("box"), {"do": "battle", "enemies": [3]})
    assert rolled.dice == 2
    entered = engine.step(_start("box"), {"do": "battle", "enemies": [3], "roll": 6})
    assert entered.battle is not None and entered.battle.roll == 6 and entered.dice == 1
    taken = engine.step(
        _start("table"), {"do": "battle", "enemies": [3], "roll": 6, "enemy_roll": 1}
    )
    assert taken.battle is not None and (taken.battle.roll, taken.dice) == (6, 0)
    # the box's battle entry asks no die
    fields = [f.key for f in _entry(present.prompt(_start("box")), "battle").fields]
    assert "roll" not in fields and "weapons.0" in fields


def test_the_reroll_is_a_choice_per_face_of_the_table_s_die_and_gone_once_spent() -> None:
    state = _play(
        _start("table", fate=1), {"do": "battle", "enemies": [3], "roll": 1, "enemy_roll": 6}
    )
    prompt = present.prompt(state)
    assert prompt.choices == (
        {"do": "accept"},
        *({"do": "reroll", "roll": face} for face in range(1, 7)),
    )
    assert prompt.entries == ()
    # the list goes round: a 6 is one press up from "accept"
    assert _planned(state, {"do": "reroll", "roll": 6}) == ["seat1.red", "seat1.cyan"]
    assert labels.choice(present.view(state), prompt.choices[6], "en") == (
        "Spend 1 fate: rerolled 6"
    )
    assert labels.choice(present.view(state), prompt.choices[6], "ru") == (
        "Переброс за 1 судьбу: выпало 6"
    )
    with pytest.raises(IllegalAction, match="'roll' \\(the hero's die\\)"):
        engine.step(state, {"do": "reroll"})
    state = engine.step(state, {"do": "reroll", "roll": 6})
    assert present.prompt(state).entries == ()  # one reroll a battle (L64)
    assert present.prompt(state).choices == ({"do": "accept"},)


@pytest.mark.parametrize("dice", [None, "box", "table"])
def test_no_reroll_is_offered_without_fate_or_once_spent(dice: str | None) -> None:
    battle = {"do": "battle", "enemies": [3], "roll": 1, "enemy_roll": 6}
    none = present.prompt(_play(_start(dice, fate=0), battle))
    assert none.choices == ({"do": "accept"},) and none.entries == ()
    spent = _play(_start(dice, fate=2), battle, {"do": "reroll", "roll": 2})
    assert present.prompt(spent).choices == ({"do": "accept"},)
    assert present.prompt(spent).entries == ()
    with pytest.raises(IllegalAction, match="one fate, one reroll a battle"):
        engine.step(spent, {"do": "reroll", "roll": 3})


# --- the won enemy, a trophy ---------------------------------------------------------------


def test_each_enemy_won_is_offered_as_a_trophy_and_kept_when_taken() -> None:
    # «может забрать его как трофей» (L203)
    state = _play(
        _start("table", strength=6),
        {"do": "battle", "enemies": [3, 4], "roll": 6, "enemy_roll": 1},
        {"do": "accept"},
    )
    assert state.hero(1).strength_trophies == 0
    choices = present.prompt(state).choices
    assert choices[:2] == (  # first: the cursor is on the first after the rolls are accepted
        {"do": "trophy", "kind": "strength", "value": 3},
        {"do": "trophy", "kind": "strength", "value": 4},
    )
    assert choices[2:] == present.prompt(_start("table")).choices
    assert labels.choice(present.view(state), choices[1], "en") == (
        "Keep the enemy as a trophy: Strength 4"
    )
    assert labels.choice(present.view(state), choices[1], "ru") == (
        "Оставить врага трофеем: Сила 4"
    )
    assert _planned(state, choices[0]) == ["seat1.cyan"]
    state = engine.step(state, {"do": "trophy", "kind": "strength", "value": 4})
    assert state.hero(1).strength_trophies == 4
    assert present.prompt(state).choices[:1] == ({"do": "trophy", "kind": "strength", "value": 3},)
    state = engine.step(state, {"do": "end_turn"})  # the other one left on the space
    assert state.spoils == ()


def test_a_psychic_win_offers_a_craft_trophy() -> None:
    state = _play(
        _start("box", craft=6),
        {"do": "battle", "enemies": [2], "psychic": True, "roll": 6, "enemy_roll": 1},
        {"do": "accept"},
    )
    assert {"do": "trophy", "kind": "craft", "value": 2} in present.prompt(state).choices


def test_the_first_edition_keeps_every_enemy_won_at_once() -> None:
    state = _play(
        _start(None, strength=6),
        {"do": "battle", "enemies": [3, 4], "roll": 6, "enemy_roll": 1},
        {"do": "accept"},
    )
    assert state.hero(1).strength_trophies == 7
    assert all(c.get("do") != "trophy" for c in present.prompt(state).choices)


# --- a life saved by an object --------------------------------------------------------------


def _lost(state: State) -> State:
    return _play(
        state, {"do": "battle", "enemies": [9], "roll": 1, "enemy_roll": 6}, {"do": "accept"}
    )


def test_an_object_saves_a_life_only_when_the_hero_carries_one() -> None:
    # «Предметы, предотвращающие потерю жизней героем при его поражении, относятся к
    # Доспехам» (L158)
    bare = _lost(_start("table"))
    assert {"do": "lose", "saved_by": "object"} not in present.prompt(bare).choices
    with pytest.raises(IllegalAction, match=r"Anna carries no object: .*armour.*L158"):
        engine.step(bare, {"do": "lose", "saved_by": "object"})
    armed = _lost(_play(_start("table"), {"do": "carry", "object": "Armour"}))
    assert {"do": "lose", "saved_by": "object"} in present.prompt(armed).choices
    saved = engine.step(armed, {"do": "lose", "saved_by": "object"})
    assert saved.hero(1).lives == armed.hero(1).lives


def test_a_duel_s_life_is_saved_by_an_object_only_when_the_loser_carries_one() -> None:
    duel = {"do": "attack", "defender": "Boris", "roll": 6, "defender_roll": 1}
    won = _play(_start("table"), duel, {"do": "accept"}, {"do": "accept"})
    takes = present.prompt(won).choices
    assert {"do": "reward", "take": "life", "saved_by": "object"} not in takes
    with pytest.raises(IllegalAction, match="Boris carries no object"):
        engine.step(won, {"do": "reward", "take": "life", "saved_by": "object"})
    carried = _play(_start("table"), {"do": "carry", "hero": "Boris", "object": "Armour"})
    won = _play(carried, duel, {"do": "accept"}, {"do": "accept"})
    assert {"do": "reward", "take": "life", "saved_by": "object"} in present.prompt(won).choices


def test_the_first_edition_took_an_object_s_save_as_said() -> None:
    """tests/golden/talisman_battles.yaml saves the Warrior's life by an object he was
    never entered as carrying: a setup without ``dice`` replays it so."""
    lost = _lost(_start(None))
    assert {"do": "lose", "saved_by": "object"} in present.prompt(lost).choices
    assert engine.step(lost, {"do": "lose", "saved_by": "object"}).hero(1).lives == 4


# --- names, weapons and another hero's toad -------------------------------------------------


def test_a_spell_is_picked_from_the_fragment_s_or_typed() -> None:
    spell = _entry(present.prompt(_start("table", craft=4)), "spell")
    name, typed = spell.fields
    assert name.options[0] == "Fireball" and name.options[-1] == entries.NEW
    assert name.say("Fireball", "ru") == "Огненный шар"
    assert name.say(entries.NEW, "en") == "another name…"
    assert _entered(spell, "Hypnotism") == {"do": "spell", "name": "Hypnotism"}
    assert spell.asked(()) == [0]  # the text is asked only after "another name"
    assert typed.kind == "text" and spell.asked((entries.NEW,)) == [0, 1]
    assert _entered(spell, entries.NEW, "Frost") == {"do": "spell", "name": "Frost"}


def test_objects_and_followers_are_taken_and_left_from_the_buttons() -> None:
    state = _start("table")
    carry = _entry(present.prompt(state), "carry")
    assert {"Sword", "Armour", "Talisman"} <= set(carry.fields[0].options)
    assert _entered(carry, "Sword") == {"do": "carry", "object": "Sword"}
    assert not [e for e in present.prompt(state).entries if e.key.endswith(".drop")]
    state = _play(state, _entered(carry, entries.NEW, "Rope"), _entered(carry, "Sword"))
    drop = _entry(present.prompt(state), "drop")
    assert drop.fields[0].options == ("Rope", "Sword")  # only what he carries
    assert _entered(drop, "Sword") == {"do": "drop", "object": "Sword"}
    follower = _entry(present.prompt(state), "follower")
    assert follower.fields[0].options[:3] == ("Mule", "Horse", "Guide")
    state = engine.step(state, _entered(follower, "Guide"))
    leaves = _entry(present.prompt(state), "follower_leaves")
    assert _entered(leaves, "Guide") == {"do": "follower", "leaves": True, "name": "Guide"}
    assert engine.step(state, _entered(leaves, "Guide")).hero(1).followers == ()


def test_a_toad_gains_no_spell_so_none_is_offered() -> None:
    toad = _play(_start("table"), {"do": "toad"})
    assert not [e for e in present.prompt(toad).entries if e.key.endswith(".spell")]


def test_the_turn_s_player_turns_another_hero_into_a_toad(tmp_path: Any) -> None:
    """The Ogre toads the Elf in his own turn (L293): entered on the turn's buttons. Other
    heroes' sheets stay their own players' (tests/test_acting_seat.py)."""
    table = Table.new_game(
        Journal(tmp_path / "j.sqlite"), "talisman", {"players": PLAYERS, "dice": "table"}
    )
    toad = _entry(table.prompt(), "toad")
    assert toad.fields[0].options == ("Anna", "Boris")  # the hero himself first
    assert _entered(toad, "Boris") == {"do": "toad", "hero": "Boris"}
    table.execute(Apply(_entered(toad, "Boris"), 1))
    assert isinstance(table.state, State) and table.state.hero(2).toad == 3
    with pytest.raises(RulesError, match="Boris's hero, not Anna's"):
        table.execute(Apply({"do": "gold", "change": -1, "hero": 2}, 1))
    with pytest.raises(RulesError, match="not Boris's"):  # not in another's turn
        table.execute(Apply({"do": "toad", "hero": 1}, 2))


def test_a_missed_turn_and_the_own_toad_are_entries_giving_the_script_s_states() -> None:
    """Today's edition enters them as lines of the list (their choices would push every
    entry a line further down): the same states as the script's actions."""
    state = _start("table")
    miss = _entry(present.prompt(state), "miss_turn")
    for left in (True, False):
        entered = _entered(miss, "yes" if left else "no")
        assert engine.step(state, entered) == engine.step(
            state, {"do": "miss_turn", "encounters_left": left}
        )
    with pytest.raises(IllegalAction, match="'encounters_left': true or false, not 'maybe'"):
        engine.step(state, {"do": "miss_turn", "encounters_left": "maybe"})
    toad = _entry(present.prompt(state), "toad")
    assert engine.step(state, _entered(toad)) == engine.step(state, {"do": "toad"})


def test_the_entries_are_said_in_both_languages() -> None:
    state = _play(
        _start("table"), {"do": "carry", "object": "Sword"}, {"do": "follower", "name": "Mule"}
    )
    view = present.view(state)
    said = {
        e.key.split(".")[-1]: (labels.choice(view, e.base, "en"), labels.choice(view, e.base, "ru"))
        for e in present.prompt(state).entries
    }
    assert said["toad"] == ("Turned into a toad", "Превращение в жабу")
    assert said["miss_turn"] == ("Miss a turn", "Пропуск хода")
    assert said["psychic"] == ("Psychic combat", "Психическая битва")
    assert said["attack_hero"] == ("Attack Boris", "Атаковать: Boris")
    other = {"do": "toad", "hero": "Boris"}  # UNDO says what it took back in these words
    assert labels.choice(view, other, "en") == "Another hero a toad"
    assert labels.choice(view, {"do": "toad", "hero": "Anna"}, "en") == "Turned into a toad"
    assert said["follower_leaves"] == ("A follower leaves", "Помощник уходит")
    assert said["drop"] == ("An object dropped", "Оставлен предмет")
    assert said["spell"] == ("A spell gained", "Новое заклинание")
    for en, ru in said.values():
        assert en and ru and en != ru


# --- planned from the buttons ---------------------------------------------------------------

SCRIPT = """
game: talisman
setup:
  players: [Warrior, Sorceress]
  heroes: [{strength: 4, craft: 4, fate: 2}, {strength: 3, craft: 5, fate: 1}]
  dice: table
actions:
  - {do: spell, name: Fireball}
  - {do: carry, object: Holy Lance}
  - {do: carry, object: Sword}
  - {do: battle, enemies: [3, 4], roll: 5, enemy_roll: 2}
  - {do: reroll, roll: 6}
  - {do: accept}
  - {do: trophy, kind: strength, value: 4}
  - {do: battle, enemies: [5], weapons: [1], roll: 2, enemy_roll: 2}
  - {do: accept}
  - {do: toad, hero: Warrior}
  - {do: attack, defender: Warrior, roll: 6, defender_roll: 5}
  - {do: accept}
  - {do: accept}
  - {do: reward, take: object, object: Sword}
"""


def test_a_table_s_dice_game_is_played_by_planned_presses(tmp_path: Any) -> None:
    """Every action, the table's dice and a typed name among them, is pressed on the box's
    own controls and changes the game as the rules say it does."""
    script = parse(SCRIPT)
    runner = PressRunner(script, str(tmp_path / "j.sqlite"), "en", lambda line: None)
    try:
        for number, item in enumerate(script.actions, 1):
            snap = runner.app.snapshot
            expected = snap.spec.rules.step(snap.state, dict(item.action))
            for word in presses_for(snap, item.action):
                runner.step(parse_press(word, number, item.line))
            assert runner.app.table.head == number, item.action
            assert runner.app.table.state == expected, item.action  # the state itself
    finally:
        runner.close()


def test_a_life_or_a_fate_starts_at_minus_one_and_gold_at_plus_one() -> None:
    prompt = present.prompt(_start("table"))
    starts = {k: _entry(prompt, k).fields[0].first for k in ("lives", "fate", "gold")}
    assert starts == {"lives": -1, "fate": -1, "gold": 1}
    first = present.prompt(_start(None))  # the first edition's, as its press script has it
    assert {_entry(first, k).fields[0].first for k in ("lives", "fate", "gold")} == {1}
