"""The turn's entries the buttons fill in today's edition (a setup naming ``dice``; see
state.Setup.current): the table's dice on a battle, a weapon, psychic combat, the sheet's
names, and the order the cursor meets them in.

A name is a choice of those the fragment names (and the hero's own) plus "another name",
which opens a text field: a table picks the Sword in a few presses and types only a card
the list lacks. The first edition's prompt is kept as it was (present.py), so a press
script written for it plays the same game.

Few presses (issue 24): a battle is entered in a few presses more than its values, so its
line is one press from where the cursor starts a turn; what a field rarely holds comes
after what it always holds, where NEXT keeps the defaults.
"""

from __future__ import annotations

from companion.games.spec import entry_field
from companion.games.talisman.catalogue import WORDS
from companion.games.talisman.state import Hero, State
from companion.games.talisman.types import EntryBase, RerollAction
from companion.i18n import LANGUAGES
from companion.rules.base import Entry, Field, FieldKind

# A die entered as the table rolled it starts in the middle: any face is at most 3 presses.
DIE_START = 3
# An enemy's Strength (or Craft) starts at the commonest of the fragment's examples' (3).
ENEMY_START = 3
# A weapon's bonus the buttons enter: 0 to this.
WEAPON_HIGH = 5

# Today's edition's turn entries, top to bottom (by the key ``entry.<name>``; one the
# prompt does not offer now is left out). The list goes round and a turn starts with the
# cursor on its first line (an enemy just won, else the end of the turn): the lines
# nearest it either way are the commonest. Going up (red), Battle is the first line, then
# a trophy (where the cursor stands once the won enemies are kept: one press back to
# Battle), two enemies, an attack, a spell; going down (blue), after the turn's choices,
# psychic combat and the sheet's lives, fate, gold, Strength and Craft. The rare ones (a
# missed turn, the toad, the limits, cards to draw) sit in the middle.
TURN_ORDER = (
    "psychic",
    "lives",
    "fate",
    "gold",
    "strength",
    "craft",
    "carry",
    "follower",
    "follower_leaves",
    "drop",
    "roll",
    "encounter",
    "alignment",
    "capacity",
    "miss_turn",
    "toad",
    "spell",
    "attack",
    "battle_two",
    "trophy",
    "battle",
)
# A name typed letter by letter: up to this many letters.
NAME_LETTERS = 16
# The choice that opens the text field ("another name"); no card is called this.
NEW = "…"

# The cards the fragment names (seeds/003: the Runesword and the Holy Grail L243, the
# Holy Lance L305, Solomon's Crown L189, the Bag of Gold L26, the Talisman L315; a Sword,
# Armour and a Helmet, L154-158; the Horse and the Mule carry more, L148-152, and the Guide follows
# in the examples), the spells it names (Hypnotism L152, Command L199, Invisibility
# L219-231) and the Fireball and Destroy Magic of the examples. The action keeps the
# English name; the screen and the narration say it in the table's language.
OBJECTS = (
    "Sword",
    "Armour",
    "Helmet",
    "Talisman",
    "Runesword",
    "Holy Lance",
    "Holy Grail",
    "Solomon's Crown",
    "Bag of Gold",
)
FOLLOWERS = ("Mule", "Horse", "Guide")
SPELLS = ("Fireball", "Hypnotism", "Command", "Invisibility", "Destroy Magic")
KNOWN = (*OBJECTS, *FOLLOWERS, *SPELLS)


def _field(key: str, kind: FieldKind = "int", **more: object) -> Field:
    return entry_field(WORDS, key, kind, **more)


def item_key(name: str) -> str:
    """A known card's catalogue key: ``item.holy_lance``."""
    return "item." + name.lower().replace("'", "").replace(" ", "_")


def said(name: str, language: str) -> str:
    """A card's name in ``language`` when the fragment names it, else as entered."""
    return WORDS(item_key(name), language) if name in KNOWN else name


def _names(options: tuple[str, ...]) -> dict[str | int, dict[str, str]]:
    named: dict[str | int, dict[str, str]] = {
        option: {language: said(option, language) for language in LANGUAGES} for option in options
    }
    named[NEW] = {language: WORDS("new_name", language) for language in LANGUAGES}
    return named


def named(key: str, options: tuple[str, ...]) -> tuple[Field, Field]:
    """A name: one of ``options`` or another, typed (the text field is asked only after
    "another name", and its name replaces the choice's)."""
    choices = (*dict.fromkeys(options), NEW)
    return (
        _field(key, "choice", options=choices, names=_names(choices)),
        _field(key, "text", low=1, high=NAME_LETTERS, only_if=(key, (NEW,))),
    )


def held(key: str, names: tuple[str, ...]) -> Field:
    """One of the hero's own (an object to drop, a follower who leaves)."""
    options = tuple(dict.fromkeys(names))
    return _field(key, "choice", options=options, names=_names(options))


def die(key: str) -> Field:
    return _field(key, low=1, high=6, default=DIE_START)


def _entry(base: EntryBase, fields: tuple[Field, ...], key: str) -> Entry:
    return Entry(base, fields, WORDS.key(f"entry.{key}"))


def rerolls() -> list[RerollAction]:
    """The fate reroll with the table's die: one choice per face the table rolled (the
    list goes round, so a 6 is one press up from "accept" and a 1 one press down)."""
    return [{"do": "reroll", "roll": face} for face in range(1, 7)]


def battles(state: State, seat: int, bonus: Field, yesno: Field) -> list[Entry]:
    """A battle, psychic combat, two enemies on one die, an attack on a hero. The values a
    battle always changes first (the enemy's, then with the table's dice the two dice), a
    weapon and a bonus after them, where NEXT keeps them (the weapon the hero last fought
    with, no bonus). Psychic combat is its own
    line (Craft against Craft, no weapon: L116-120). The hero attacked is asked only when
    there are two to choose from."""
    table = state.setup.table_dice
    dice = (die("roll"), die("enemy_roll")) if table else ()
    theirs = (die("roll"), die("defender_roll")) if table else ()
    enemy = [_field(f"enemies.{i}", low=0, high=20, default=ENEMY_START) for i in (0, 1)]
    label = WORDS.key("field.enemies_craft")  # psychic combat: the enemy's Craft
    craft = Field("enemies.0", "int", label, low=0, high=20, default=ENEMY_START)
    # The weapon's bonus (L60): one weapon, the best; a second (the Warrior's, L255) goes
    # in the bonus. The list holds it so the action reads as a script writes it. It opens
    # at the weapon the hero last fought with (he most likely still carries it: NEXT after
    # the dice keeps it); a toad's at 0: the fragment gives it Strength 1 (L277) and says
    # nothing of its weapons, so the box proposes none.
    hero = state.hero(seat)
    armed = 0 if hero.toad else min(hero.weapon, WEAPON_HIGH)
    weapon = _field("weapons.0", low=0, high=WEAPON_HIGH, default=armed)
    others = tuple(state.seats.name(s) for s in state.seats.numbers() if s != seat)
    attack: EntryBase = {"do": "attack"}
    asked: tuple[Field, ...] = ()
    line = WORDS.key("entry.attack")
    named_hero: dict[str, str | int] = {}
    if len(others) == 1:  # the one hero to attack: named by the line itself ("Attack Boris")
        attack["defender"] = others[0]
        line, named_hero = WORDS.key("entry.attack_hero"), {"hero": others[0]}
    else:  # scripts and the journal name the hero attacked by name
        asked = (_field("defender", "choice", options=others),)
    defender_bonus = _field("defender_bonus", low=-5, high=9, default=0)
    one: EntryBase = {"do": "battle", "enemies": [ENEMY_START], "weapons": [armed]}
    psychic: EntryBase = {"do": "battle", "enemies": [ENEMY_START], "psychic": "yes"}
    two: EntryBase = {"do": "battle", "enemies": [ENEMY_START] * 2, "weapons": [armed]}
    return [
        _entry(one, (enemy[0], *dice, weapon, bonus), "battle"),
        _entry(psychic, (craft, *dice, bonus), "psychic"),
        _entry(two, (*enemy, *dice, weapon, bonus, yesno), "battle_two"),
        Entry(attack, (*asked, *theirs, bonus, defender_bonus, yesno), line, named_hero),
    ]


def ordered(made: list[Entry]) -> tuple[Entry, ...]:
    """``made`` in :data:`TURN_ORDER` (each entry by its key's last part; an attack
    naming its hero where any attack goes)."""
    place = {name: index for index, name in enumerate(TURN_ORDER)}
    place["attack_hero"] = place["attack"]
    return tuple(sorted(made, key=lambda entry: place[entry.key.rpartition(".")[2]]))


def sheet_names(state: State, seat: int, hero: Hero) -> list[Entry]:
    """Today's edition's entries besides the battles and the sheet's numbers: a hero
    turned into a toad, a missed turn, a die for anything else, a follower leaving or
    joining, an object dropped, a spell, an object taken (placed by :data:`TURN_ORDER`).
    Each only when the rules could take it now (a toad gains no spell, L285; a drop needs
    an object)."""
    made: list[Entry] = []
    # The toad: the hero himself first, then another hero, by name (as scripts and the
    # journal write him: the turn's player toads another with a spell or a card, L293).
    heroes = tuple(state.seats.name(s) for s in (seat, *state.seats.numbers()))
    toad = _field("hero", "choice", options=tuple(dict.fromkeys(heroes)))
    made.append(_entry({"do": "toad"}, (toad,), "toad"))
    # A missed turn: this one, when encounters are left on the space, else the next (L297).
    left = _field("encounters_left", "choice", options=("no", "yes"), words=WORDS.key("yesno"))
    made.append(_entry({"do": "miss_turn"}, (left,), "miss_turn"))
    rolled = (die("value"),) if state.setup.table_dice else ()
    made.append(
        _entry({"do": "roll"}, (*rolled, _field("bonus", low=-5, high=9, default=0)), "roll")
    )
    if hero.followers:
        leaves: EntryBase = {"do": "follower", "leaves": True}
        made.append(_entry(leaves, (held("name", hero.followers),), "follower_leaves"))
    followers = (*FOLLOWERS, *hero.followers)
    made.append(_entry({"do": "follower"}, named("name", followers), "follower"))
    if hero.objects:
        made.append(_entry({"do": "drop"}, (held("object", hero.objects),), "drop"))
    if not hero.toad:
        made.append(_entry({"do": "spell"}, named("name", SPELLS), "spell"))
    made.append(_entry({"do": "carry"}, named("object", (*OBJECTS, *hero.objects)), "carry"))
    return made
