"""The turn's entries the buttons fill in today's edition (a setup naming ``dice``; see
state.Setup.current): the table's dice on a battle, a weapon, and the sheet's names.

A name is a choice of those the fragment names (and the hero's own) plus "another name",
which opens a text field: a table picks the Sword in a few presses and types only a card
the list lacks. The first edition's prompt is kept as it was (present.py), so a press
script written for it plays the same game.
"""

from __future__ import annotations

from companion.games.spec import entry_field
from companion.games.talisman.catalogue import WORDS
from companion.games.talisman.state import Hero, State
from companion.games.talisman.types import EntryBase
from companion.i18n import LANGUAGES
from companion.rules.base import Entry, Field, FieldKind

# A die entered as the table rolled it starts in the middle: any face is at most 3 presses.
DIE_START = 3
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


def reroll(state: State) -> Entry:
    """The fate reroll with the table's die (the box's: a plain choice)."""
    return _entry({"do": "reroll"}, (die("roll"),), "reroll")


def sheet_names(state: State, seat: int, hero: Hero) -> list[Entry]:
    """After the first edition's entries: another hero toaded, a die for anything else, a
    follower leaving or joining, an object dropped, a spell, an object taken. The commoner
    come last: the list goes round, so red from the first line reaches an object taken in
    one press and a spell in two. Each only when the rules could take it now (a toad gains
    no spell, L285; a drop needs an object)."""
    made: list[Entry] = []
    # Another hero, by name (as scripts and the journal write him).
    others = tuple(state.seats.name(s) for s in state.seats.numbers() if s != seat)
    if others:  # the base names a hero: the entry is said apart from the own toad
        toad: EntryBase = {"do": "toad", "hero": others[0]}
        made.append(_entry(toad, (_field("hero", "choice", options=others),), "toad_other"))
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
