"""A summon from the buttons: a library card asks each of its blanks once (the attack, an
unnamed ability's name, preparation, effect and target), a new creature's form asks the
variant's own (Four-path: no class, its effects, the duel's castle), and a summon written
in a docs/examples script with its card is what the buttons make from the same card once
the library holds it (``companion cards import``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest
import yaml

from companion import cli
from companion.games import find
from companion.games.bestiary import SPEC
from companion.games.bestiary import cards as bestiary_cards
from companion.games.bestiary.card_fields import ANY, NO_EFFECT, UNKNOWN, VARIES
from companion.library import Library, dump, parse, path_for
from companion.rules.base import END, Entry, Field, Prompt
from tests.conftest import EXAMPLES
from tests.test_card_entry import type_name
from tests.test_controls import Driver, close_apps, cues, make_app

__all__ = ["close_apps"]

MISSING = object()


def _lookup(action: object, key: str) -> object:
    here = action
    for step in key.split("."):
        if isinstance(here, Mapping) and step in here:
            here = here[step]
        elif isinstance(here, list) and step.isdigit() and int(step) < len(here):
            here = here[int(step)]
        else:
            return MISSING
    return here


def values_from(entry: Entry, action: Mapping[str, object]) -> list[str | int]:
    """Each field's value as the script gives it; a part the script leaves out takes the
    option that leaves it out (an attack that varies, an unknown preparation, no effect,
    any target), else the field's start."""
    values: list[str | int] = []
    for index, item in enumerate(entry.fields):
        found = _lookup(action, item.key) if entry.asks(index, values) else item.first
        if found is MISSING:
            found = item.omit[0] if item.omit else item.first
        assert isinstance(found, str | int), (item.key, found)
        values.append(found)
    return values


def offered(prompt: Prompt, creature: str) -> tuple[Mapping[str, object] | None, Entry | None]:
    """The library's choice, or entry, that summons ``creature``."""
    ident = bestiary_cards.card_id({"name": creature})
    for choice in prompt.choices:
        if bestiary_cards.card_id({"name": str(choice["creature"])}) == ident:
            return choice, None
    for entry in prompt.entries:
        name = entry.base.get("creature")
        if name and bestiary_cards.card_id({"name": str(name)}) == ident:
            return None, entry
    return None, None


# --- a summon written with its card is the buttons' summon of the library's card ----------

SCRIPTS = [
    path
    for path in sorted(EXAMPLES.glob("*.yaml"))
    if (script := yaml.safe_load(path.read_text(encoding="utf-8"))).get("game")
    in ("bestiary", "four_path")
    and "actions" in script
]


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_each_example_summon_plays_from_the_library_card_imported_from_the_script(
    path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``companion cards import SCRIPT``: the cards the script's summons write; then each
    summon is a choice of the library, or its entry with the values the script gives (a
    part it leaves out: the option that leaves it out), and plays the same creature."""
    script = yaml.safe_load(path.read_text(encoding="utf-8"))
    spec = find(script["game"])
    kit = spec.cards
    assert kit is not None
    summons = [a for a in script["actions"] if a["do"] == "summon"]
    journal = tmp_path / "j.sqlite"
    argv = ["cards", "import", str(path), "--game", spec.name, "--journal", str(journal)]
    assert cli.main(argv) == 0, capsys.readouterr().err
    assert f"{len(summons)} cards taken from {path}" in capsys.readouterr().out
    library = Library.open(spec, path_for(journal, spec.name))
    assert not library.problems
    rules = spec.rules
    state = rules.start(spec.stamp(script.get("setup") or {}))
    for action in script["actions"]:
        if action["do"] == "summon":
            prompt = kit.offer(rules.prompt(state), rules.view(state, "debug"), library.cards)
            choice, entry = offered(prompt, action["creature"])
            assert choice is not None or entry is not None, action["creature"]
            played = choice if entry is None else entry.action(values_from(entry, action))
            assert rules.step(state, played) == rules.step(state, action), action["creature"]
            if "abilities" in action:  # the whole card written: the very same action
                assert dict(played) == action
        state = rules.step(state, action)


def test_a_script_written_card_replaces_the_librarys_and_keeps_the_rest(tmp_path: Path) -> None:
    journal = tmp_path / "j.sqlite"
    cooldowns = EXAMPLES / "duel_cooldowns.yaml"
    assert cli.main(["cards", "import", str(cooldowns), "--journal", str(journal)]) == 0
    cards = Library.open(SPEC, path_for(journal, "bestiary")).cards
    assert len(cards) == len(bestiary_cards.starting())  # six replaced, none added
    saxum = next(c for c in cards if bestiary_cards.card_id(c) == "saxum")
    assert (saxum["class"], saxum["vitality"], saxum["attack"]) == ("strength", 8, 2)
    messum = next(c for c in cards if bestiary_cards.card_id(c) == "messum")
    assert messum == next(c for c in bestiary_cards.starting() if c["id"] == "messum")
    exported = tmp_path / "shared.yaml"
    argv = ["cards", "export", str(exported), "--journal", str(journal)]
    assert cli.main(argv) == 0
    assert parse(SPEC, str(exported), exported.read_text(encoding="utf-8")) == cards


def test_a_card_the_script_wrote_whole_is_one_choice_in_the_library() -> None:
    """Four-path teams: every card known, no castle to choose, nothing to ask."""
    script = yaml.safe_load((EXAMPLES / "four_path_teams_victory.yaml").read_text("utf-8"))
    spec = find("four_path")
    assert spec.cards is not None
    summons = [a for a in script["actions"] if a["do"] == "summon"]
    cards = tuple(c for c in map(bestiary_cards.card_of, summons) if c)
    state = spec.rules.start(script["setup"])
    for action in script["actions"]:
        if action == summons[0]:
            break
        state = spec.rules.step(state, action)
    prompt = spec.cards.offer(spec.rules.prompt(state), spec.rules.view(state, "debug"), cards)
    assert summons[0] in [dict(c) for c in prompt.choices]
    assert len(prompt.entries) == 1  # "A new creature…" only


# --- a library card's blanks, asked once ------------------------------------------------------


def at_summon(tmp_path: Path) -> Driver:
    d = make_app(tmp_path)
    d.app.apply({"do": "choose_castle", "castle": "forest_edge"})
    return d


def open_card(d: Driver, creature: str) -> Entry:
    prompt = d.app.snapshot.prompt
    choice, entry = offered(prompt, creature)
    assert entry is not None and choice is None
    for _ in range(len(prompt.choices) + prompt.entries.index(entry)):
        d.tap("seat1.blue")
    d.tap("seat1.cyan")
    return entry


def current(d: Driver) -> Field:
    entry = d.app.snapshot.entry_under_way
    assert entry is not None
    return entry.fields[len(d.app.ui.entered)]


def choose(d: Driver, wanted: str | int) -> None:
    """Up to ``wanted`` from where the field starts, then select."""
    field = current(d)
    assert wanted in field.options, (field.key, wanted)
    while d.app.ui.value != wanted:
        d.tap("seat1.red")
    d.tap("seat1.cyan")


def test_a_blank_card_asks_everything_the_rules_need_once(tmp_path: Path) -> None:
    d = at_summon(tmp_path)
    entry = open_card(d, "Saxum")  # the rulebooks name none of its two abilities
    asked = [entry.fields[i].key for i in entry.asked(())]
    assert asked[:3] == ["class", "vitality", "attack_strength"]
    assert asked[3:7] == [
        "abilities.0.name",
        "abilities.0.prep",
        "abilities.0.effects.0",
        "abilities.0.target",
    ]
    assert current(d).key == "class"
    choose(d, "strength")
    d.tap("seat1.red")  # vitality: from 5 to 6
    d.tap("seat1.cyan")
    attack = current(d)
    assert attack.first == 2 and VARIES in attack.options  # most cards print 2
    d.tap("seat1.cyan")
    type_name(d, "Stone skin")  # one capital: as the card prints it
    assert current(d).key == "abilities.0.prep" and UNKNOWN in current(d).options
    choose(d, 2)
    effect = current(d)
    assert effect.options[0] == NO_EFFECT and "defense_up" in effect.options
    choose(d, "defense_up")
    target = current(d)
    assert target.options == ("self", "ally", ANY) and d.app.ui.value == "ally"
    d.tap("seat1.cyan")  # a positive effect: an ally, as it starts
    type_name(d, "Quake")
    assert d.app.ui.value == UNKNOWN  # the card's blank: not known, up is 1, down X
    choose(d, 2)
    choose(d, "inaction")
    assert current(d).options == ("enemy", ANY) and d.app.ui.value == "enemy"
    head = d.app.table.head
    d.tap("seat1.cyan")
    assert d.app.table.head == head + 1 and "no" not in cues(d)
    summoned = {k: v for k, v in d.app.table.history()[-1].items() if k != "seat"}
    assert summoned == {
        "do": "summon",
        "creature": "Saxum",
        "class": "strength",
        "vitality": 6,
        "attack_strength": 2,
        "abilities": [
            {"name": "Stone skin", "prep": 2, "effects": ["defense_up"], "target": "ally"},
            {"name": "Quake", "prep": 2, "effects": ["inaction"], "target": "enemy"},
        ],
    }
    # The library keeps every answer: the next game offers Saxum as one choice.
    file = path_for(tmp_path / "j.sqlite", "bestiary")
    cards = parse(SPEC, str(file), file.read_text(encoding="utf-8"))
    saxum = next(c for c in cards if bestiary_cards.card_id(c) == "saxum")
    assert (saxum["class"], saxum["vitality"], saxum["attack"]) == ("strength", 6, 2)
    assert saxum["abilities"][0] == {
        "name": "Stone skin",
        "prep": 2,
        "effects": ["defense_up"],
        "target": "ally",
    }
    following = path_for(tmp_path / "next" / "j.sqlite", "bestiary")
    following.parent.mkdir()
    following.write_text(file.read_text(encoding="utf-8"), encoding="utf-8")
    other = at_summon(tmp_path / "next")
    choice, entry = offered(other.app.snapshot.prompt, "Saxum")
    assert entry is None and choice == summoned


def test_an_unknown_preparation_and_an_attack_that_varies_are_answers_too() -> None:
    card = next(c for c in bestiary_cards.starting() if c["id"] == "vinctum")
    prompt = Prompt(1, "summon", "k")
    entry = next(e for e in bestiary_cards.offer(prompt, {}, (card,)).entries if e.base["creature"])
    values = [f.first for f in entry.fields]
    keys = [f.key for f in entry.fields]
    values[keys.index("attack_strength")] = VARIES
    assert values[keys.index("abilities.0.prep")] == UNKNOWN  # the card's value: not known
    values[keys.index("abilities.1.prep")] = 3
    action = entry.action(values)
    assert "attack_strength" not in action  # entered at each attack
    assert "prep" not in action["abilities"][0]  # the rules take it as X: said when used
    learned = bestiary_cards.learn(action, (card,))
    assert learned is not None
    assert learned[0]["attack"] == VARIES and learned[0]["abilities"][0]["prep"] is None
    asked = {f.key for f in bestiary_cards.offer(prompt, {}, learned).entries[0].fields}
    assert asked == {"abilities.0.prep"}  # still unknown: asked again, nothing else


def test_an_unnamed_ability_keeps_its_name_ability_n_as_the_rules_give_it(
    tmp_path: Path,
) -> None:
    d = at_summon(tmp_path)
    open_card(d, "Ferrarius")
    while d.app.ui.entering:
        if current(d).kind == "text":
            d.tap("seat1.blue")  # down from A: the end mark, no name typed
        d.tap("seat1.cyan")
    names = [a["name"] for a in d.app.table.history()[-1]["abilities"]]
    assert names == ["Ability 1", "Ability 2"]
    plain = SPEC.rules.step(
        SPEC.rules.start({"players": ["A", "B"]}),
        {"do": "choose_castle", "castle": "forest_edge"},
    )
    plain = SPEC.rules.step(
        plain, {"do": "summon", "creature": "Ferrarius", "class": "agility", "vitality": 4}
    )
    assert [a.name for a in plain.creature("ferrarius").abilities] == names


def test_a_name_takes_one_capital() -> None:
    name = Field("name", "text", "field.name", low=1, high=24)
    shown: str | int = name.start
    for letter in "Stone skin":
        while str(shown)[-1].upper() != letter.upper():
            shown = name.step(shown, 1)
        shown = name.type_letter(shown) or ""
    assert name.result(shown) == "Stone skin"
    assert str(name.step(str(shown)[:-1] + END, 1)) == "Stone skina"


# --- a new creature: the variant's whole card ---------------------------------------------


def four_path_summon(setup: Mapping[str, object], actions: Sequence[Mapping[str, object]]):
    spec = find("four_path")
    state = spec.rules.start(setup)
    for action in actions:
        state = spec.rules.step(state, action)
    assert spec.cards is not None
    prompt = spec.cards.offer(spec.rules.prompt(state), spec.rules.view(state, "debug"), ())
    return spec, state, prompt


BANS = [
    {"do": "ban", "creature": "carnifex"},
    {"do": "ban", "creature": "cornibus"},
    {"do": "ban", "creature": "manus"},
    {"do": "ban", "creature": "cerberus"},
]


def test_a_four_path_new_creature_asks_no_class_its_effects_and_the_duels_castle() -> None:
    spec, state, prompt = four_path_summon({"mode": "duel", "players": ["Anna", "Boris"]}, BANS)
    form = prompt.entries[-1]
    keys = [f.key for f in form.fields]
    assert "class" not in keys and keys[-1] == "castle"
    assert form.fields[-1].options == ("castle_1", "castle_2")
    effects = next(f for f in form.fields if f.key == "abilities.0.effects.0")
    assert {"poison", "vampirism", "barrier", "control_up", "slow"} <= set(effects.options)
    assert effects.say("poison", "ru") == "Яд" and effects.say("poison", "en") == "Poison"
    values = [f.first for f in form.fields]
    values[0] = "Umbra"
    values[keys.index("abilities.0.effects.0")] = "poison"
    values[keys.index("castle")] = "castle_2"
    action = form.action(values)
    assert action["castle"] == "castle_2" and "class" not in action
    assert action["abilities"][0] == {  # poison is negative: on an enemy, as it starts
        "name": "Ability 1",
        "prep": 1,
        "effects": ["poison"],
        "target": "enemy",
    }
    after = spec.rules.step(state, action)
    assert after.creature("umbra") is not None
    # Kept in the library with no class: the next summon of Umbra asks nothing.
    assert spec.cards is not None
    kept = spec.cards.learn(action, ())
    assert kept is not None and kept[0]["class"] is None
    again = spec.cards.offer(spec.rules.prompt(state), spec.rules.view(state, "debug"), kept)
    assert any(e.base.get("creature") == "Umbra" for e in again.entries)
    umbra = next(e for e in again.entries if e.base.get("creature") == "Umbra")
    assert [f.key for f in umbra.fields] == ["castle"]  # the duel's castle alone


def test_a_target_can_be_none_in_particular() -> None:
    form = bestiary_cards.offer(Prompt(1, "summon", "k"), {}, ()).entries[-1]
    keys = [f.key for f in form.fields]
    values = [f.first for f in form.fields]
    values[0] = "Lupus"
    assert values[keys.index("abilities.0.effects.0")] == NO_EFFECT
    asked = [form.fields[i] for i in form.asked(values) if form.fields[i].key.endswith("target")]
    assert [f.first for f in asked] == [ANY, ANY]  # no effect: anyone, chosen at each use
    action = form.action(values)
    assert all("target" not in a for a in action["abilities"])
    assert "class" in keys  # the Bestiary's new creature has a class


def test_a_four_path_card_file_may_name_the_expansions_effects(tmp_path: Path) -> None:
    spec = find("four_path")
    toxicum = bestiary_cards.card_of(
        {
            "do": "summon",
            "creature": "Toxicum",
            "vitality": 3,
            "abilities": [
                {"name": "Venom", "prep": 2, "effects": ["poison"], "target": "enemy"},
                {"name": "Miasma", "prep": 3, "effects": ["poison"], "target": "enemy"},
            ],
        }
    )
    assert toxicum is not None
    text = dump((toxicum,))
    assert parse(spec, "cards.yaml", text)[0]["abilities"][0]["effects"] == ["poison"]
    with pytest.raises(Exception, match="no effect 'poison'"):
        parse(SPEC, "cards.yaml", text)  # the duel knows no Poison
