"""The fields a summon asks from the buttons: a library card's blanks, and a new creature's
whole card (docs/buttons.md). Each field starts where the table most likely is, and each
has an option that leaves its key out of the action, the value a script leaves out (an
attack that varies, an unknown preparation, no effect, any target), so a summon written
in a script is the action the buttons make from the same card.

Public API for the Bestiary's variants: a :class:`Variant` says what a game's summon asks
(Four-path: its expansion's effects, no class, the duel's castle).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from companion.games.bestiary.catalogue import WORDS
from companion.games.bestiary.state import CLASSES
from companion.i18n import text
from companion.rules import effects as fx
from companion.rules.base import Entry, Field, Wire

UNKNOWN = "?"
VARIES = "varies"
NO_EFFECT = "none"
ANY = "any"
SELF, ALLY, ENEMY = "self", "ally", "enemy"
# A card's target: whom its effect goes on; ``any`` (or none given) leaves it to the player.
TARGETS = (SELF, ALLY, ENEMY, ANY)
PREPS: tuple[str | int, ...] = (1, 2, 3, 4, 5, 6, "X")
NAME_LETTERS = 16
ABILITY_LETTERS = 24
ATTACK_START = 2  # the strength printed on most cards
VITALITY_START = 5


@dataclass(frozen=True)
class Variant:
    """What a game's summon asks: the lasting effects it knows and their signs (a positive
    one goes on one's own creatures, a negative one on enemies), and whether a creature
    has a class (Four-path has no class penalty, L77)."""

    kinds: tuple[str, ...] = fx.BASE_EFFECTS
    positive: frozenset[str] = fx.POSITIVE
    negative: frozenset[str] = fx.NEGATIVE
    need_class: bool = True


DUEL = Variant()


@dataclass(frozen=True)
class Place:
    """Where a summon puts the creature, when the game asks (the Four-path duel's castle):
    keys every summon action gets, and fields asked after the card's."""

    given: Mapping[str, object] = field(default_factory=dict)
    fields: tuple[Field, ...] = ()


ANYWHERE = Place()


def said(key: str) -> Mapping[str, str]:
    """A catalogue word of the Bestiary in each language (an option's name)."""
    return {language: text(WORDS.key(key), language) for language in ("en", "ru")}


def default_name(number: int) -> Mapping[str, str]:
    """The name of an ability the card does not name (the rules' too: "Ability 1")."""
    return {"en": f"Ability {number}", "ru": f"Умение {number}"}


def unnamed(name: object, number: int) -> bool:
    """Is an ability's name still to be asked: none, or the starting library's "Ability N"
    (said in both languages)? A name a player kept or wrote is a name, "Ability 2" too."""
    if isinstance(name, Mapping):
        return str(name.get("en") or "").casefold() == default_name(number)["en"].casefold()
    return not name


CLASS = Field(
    "class", "choice", WORDS.key("field.class"), options=CLASSES, words=WORDS.key("class")
)
VITALITY = Field(
    "vitality", "int", WORDS.key("field.vitality"), low=1, high=20, default=VITALITY_START
)
ATTACK = Field(
    "attack_strength",
    "choice",
    WORDS.key("field.attack"),
    options=(*range(21), VARIES),
    default=ATTACK_START,
    names={VARIES: said("attack.varies")},
    omit=(VARIES,),  # asked at each attack (the rules' strength left out)
)


def name_field(at: str, number: int) -> Field:
    """An ability's name; none typed keeps "Ability N" (the key left out)."""
    return Field(
        f"{at}.name",
        "text",
        WORDS.key("field.ability_name"),
        low=0,
        high=ABILITY_LETTERS,
        label_fields={"number": number},
        omit=("",),
    )


def prep_field(
    at: str,
    label: str,
    said_as: Mapping[str, str | int | Mapping[str, str]],
    start: str | int = UNKNOWN,
) -> Field:
    """An ability's preparation: 1 to 6, X (entered when used), or unknown (the rules take
    it as X; the key left out). A card's blank starts at unknown, its value (NEXT keeps
    it; up is 1, down X); a new creature's at 1."""
    return Field(
        f"{at}.prep",
        "choice",
        WORDS.key(label),
        options=(*PREPS, UNKNOWN),
        default=start,
        names={UNKNOWN: said("prep.unknown")},
        label_fields=said_as,
        omit=(UNKNOWN,),
    )


def effect_field(at: str, number: int, variant: Variant) -> Field:
    """An ability's lasting effect, one of the game's, as the first of its ``effects``
    (the base action's ``[]``); none leaves them empty."""
    return Field(
        f"{at}.effects.0",
        "choice",
        WORDS.key("field.ability_effect"),
        options=(NO_EFFECT, *variant.kinds),
        words=WORDS.key("effect"),
        default=NO_EFFECT,
        label_fields={"number": number},
        omit=(NO_EFFECT,),
    )


def targets_for(kinds: tuple[str, ...] | list[str], variant: Variant) -> tuple[str, ...]:
    """Whom an ability with these effects may go on: one's own creatures for a positive
    effect, enemies for a negative one, anyone without a signed effect; ``any`` last (the
    card names no target: the player chooses at each use)."""
    if any(kind in variant.positive for kind in kinds):
        return (SELF, ALLY, ANY)
    if any(kind in variant.negative for kind in kinds):
        return (ENEMY, ANY)
    return TARGETS


def _likely(options: tuple[str, ...]) -> str:
    """The target most cards print for these options: an ally for a positive effect, an
    enemy for a negative one, none for an ability without an effect."""
    if ENEMY not in options:
        return ALLY
    return ENEMY if SELF not in options else ANY


def target_field(
    at: str,
    number: int,
    options: tuple[str, ...],
    only_if: tuple[str, tuple[str | int, ...]] | None = None,
) -> Field:
    return Field(
        f"{at}.target",
        "choice",
        WORDS.key("field.ability_target"),
        options=options,
        words=WORDS.key("target"),
        default=_likely(options),
        label_fields={"number": number},
        omit=(ANY,),
        only_if=only_if,
    )


def target_fields(at: str, number: int, variant: Variant) -> tuple[Field, ...]:
    """The target, asked after the effect: its options follow the effect's sign."""
    effect = f"{at}.effects.0"
    positive = tuple(k for k in variant.kinds if k in variant.positive)
    negative = tuple(k for k in variant.kinds if k in variant.negative)
    unsigned = tuple(k for k in variant.kinds if k not in positive and k not in negative)
    return (
        target_field(at, number, targets_for(positive, variant), (effect, positive)),
        target_field(at, number, targets_for(negative, variant), (effect, negative)),
        target_field(at, number, TARGETS, (effect, (NO_EFFECT, *unsigned))),
    )


def castle_field(castles: tuple[str, ...]) -> Field:
    """Which of one's castles a creature is summoned into (the Four-path duel, L83)."""
    return Field(
        "castle",
        "choice",
        WORDS.key("field.castle"),
        options=castles,
        default=castles[0],
        names={
            castle: {
                language: WORDS("castle.number", language, number=castle.split("_")[-1])
                for language in ("en", "ru")
            }
            for castle in castles
        },
    )


def new_creature(variant: Variant = DUEL, place: Place = ANYWHERE) -> Entry:
    """Summon a creature the library does not know: its whole card, field by field (a
    variant without classes asks none), then where it goes."""
    fields: list[Field] = [
        Field("creature", "text", WORDS.key("field.name"), low=1, high=NAME_LETTERS),
        *((CLASS,) if variant.need_class else ()),
        VITALITY,
        ATTACK,
    ]
    abilities: list[Wire] = []
    for number in (1, 2):
        at = f"abilities.{number - 1}"
        fields += [
            name_field(at, number),
            prep_field(at, "field.ability_prep", {"number": number}, start=1),
            effect_field(at, number, variant),
            *target_fields(at, number, variant),
        ]
        abilities.append({"name": default_name(number)["en"], "effects": []})
    base: Wire = {"do": "summon", "creature": "", "abilities": abilities, **place.given}
    return Entry(base, (*fields, *place.fields), WORDS.key("entry.new_creature"))
