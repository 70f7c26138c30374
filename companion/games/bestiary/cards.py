"""The Bestiary's creature cards, as a table's library holds them.

The rulebooks print no creature's class, vitality or abilities' preparation (they are on
the cards), so the library starts from the roster (names, ability names, what the text
says) with those blank, asks each blank value the first time the card is summoned, and
remembers it. A card:

    - id: saxum
      name: {en: Saxum, ru: Саксум}
      class: strength          # strength, agility, intellect, or null
      vitality: 6              # 1 to 20, or null
      attack: 2                # 0 to 20, varies, or null (entered at each attack)
      abilities:               # exactly two
        - name: {en: Stone skin, ru: Каменная кожа}
          prep: 2              # 1 to 6, X (entered when used), or null (asked once)
          effects: [defense_up]
          target: self         # self, ally, enemy, or null
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import replace

from companion.games.bestiary import roster
from companion.games.bestiary.catalogue import WORDS
from companion.games.bestiary.state import CLASSES
from companion.games.spec import CardFace, CardKit, Cards
from companion.i18n import text
from companion.rules import effects as fx
from companion.rules.base import Action, Entry, Field, Prompt, View, Wire, did_you_mean
from companion.rules.reading import Data, rows

CARD_KEYS = ("id", "name", "class", "vitality", "attack", "abilities")
ABILITY_KEYS = ("id", "name", "prep", "effects", "target", "note")
TARGETS = ("self", "ally", "enemy")
PREPS: tuple[str | int, ...] = (1, 2, 3, 4, 5, 6, "X")


def _effects_known() -> tuple[str, ...]:
    """The lasting effects the companion keeps, and the other kinds the roster's cards name
    (a barrier, flight): kept on the card as the players' note, not applied."""
    named = {
        kind for info in roster.roster().values() for a in info.abilities for kind in a.effects
    }
    return (*fx.BASE_EFFECTS, *sorted(named - set(fx.BASE_EFFECTS)))


EFFECTS = _effects_known()
Problem = tuple[tuple[str | int, ...], str]


def _names(info_en: str, info_ru: str) -> dict[str, str]:
    return {"en": info_en, "ru": info_ru}


def starting() -> Cards:
    """The roster's creatures, with what the rulebooks say of them."""
    cards: list[Wire] = []
    for info in roster.roster().values():
        abilities = [
            {
                "name": _names(a.name_en, a.name_ru),
                "prep": a.prep,
                "effects": list(a.effects),
                "target": a.target if a.target in TARGETS else None,
            }
            for a in info.abilities[:2]
        ]
        while len(abilities) < 2:
            number = len(abilities) + 1
            abilities.append(
                {
                    "name": _names(f"Ability {number}", f"Умение {number}"),
                    "prep": None,
                    "effects": [],
                    "target": None,
                }
            )
        cards.append(
            {
                "id": info.id,
                "name": _names(info.name_en, info.name_ru),
                "class": info.klass,
                "vitality": info.vitality,
                "attack": info.attack_strength,
                "abilities": abilities,
            }
        )
    return tuple(cards)


# --- checking a library file ----------------------------------------------------------------


def _unknown(
    item: Mapping[str, object], allowed: tuple[str, ...], where: tuple[str | int, ...]
) -> list[Problem]:
    return [
        ((*where, str(key)), f"unknown key{did_you_mean(str(key), allowed)}")
        for key in item
        if key not in allowed
    ]


def _name_problem(value: object) -> str | None:
    if isinstance(value, str) and value.strip():
        return None
    if isinstance(value, Mapping) and isinstance(value.get("en"), str) and value["en"].strip():
        return None
    return "a name, or {en: ..., ru: ...}"


def _whole(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def check(cards: object) -> list[Problem]:
    """Every problem of a library's cards, each with its key path (from the list)."""
    if not isinstance(cards, list):
        return [((), "a list of cards")]
    problems: list[Problem] = []
    seen: dict[str, int] = {}
    for index, card in enumerate(cards):
        at: tuple[str | int, ...] = (index,)
        if not isinstance(card, Mapping):
            problems.append((at, "a card is a mapping of id, name, class, vitality, ..."))
            continue
        problems += _unknown(card, CARD_KEYS, at)
        why = _name_problem(card.get("name"))
        if why:
            problems.append(((*at, "name"), why))
        ident = card_id(card)
        if ident in seen:
            problems.append(((*at, "name"), f"the same creature as card {seen[ident] + 1}"))
        seen.setdefault(ident, index)
        klass = card.get("class")
        if klass is not None and klass not in CLASSES:
            hint = did_you_mean(str(klass), CLASSES)
            problems.append(
                ((*at, "class"), f"strength, agility or intellect, not {klass!r}{hint}")
            )
        vitality = card.get("vitality")
        if vitality is not None and not _whole(vitality, 1, 20):
            problems.append(((*at, "vitality"), f"a whole number from 1 to 20, not {vitality!r}"))
        attack = card.get("attack")
        if attack is not None and attack != "varies" and not _whole(attack, 0, 20):
            problems.append(((*at, "attack"), f"0 to 20 or varies, not {attack!r}"))
        problems += _check_abilities(card.get("abilities"), (*at, "abilities"))
    return problems


def _check_abilities(abilities: object, at: tuple[str | int, ...]) -> list[Problem]:
    if not isinstance(abilities, list) or len(abilities) != 2:
        return [(at, "exactly two support abilities")]
    problems: list[Problem] = []
    for number, ability in enumerate(abilities):
        here = (*at, number)
        if not isinstance(ability, Mapping):
            problems.append((here, "an ability is a mapping of name, prep, effects, target"))
            continue
        problems += _unknown(ability, ABILITY_KEYS, here)
        why = _name_problem(ability.get("name"))
        if why:
            problems.append(((*here, "name"), why))
        prep = ability.get("prep")
        if prep is not None and prep != "X" and not _whole(prep, 1, 6):
            problems.append(((*here, "prep"), f"1 to 6 or X, not {prep!r}"))
        effects = ability.get("effects") or []
        if not isinstance(effects, list):
            problems.append(((*here, "effects"), "a list of effects"))
        else:
            for kind in effects:
                if kind not in EFFECTS:
                    hint = did_you_mean(str(kind), EFFECTS)
                    problems.append(((*here, "effects"), f"no effect {kind!r}{hint}"))
        target = ability.get("target")
        if target is not None and target not in TARGETS:
            problems.append(((*here, "target"), f"self, ally or enemy, not {target!r}"))
    return problems


# --- reading a card -----------------------------------------------------------------------


def name_in(value: object, language: str) -> str:
    if isinstance(value, Mapping):
        return str(value.get(language) or value.get("en") or "")
    return str(value or "")


def card_id(card: Mapping[str, object]) -> str:
    given = card.get("id")
    if isinstance(given, str) and given:
        return given
    info = roster.find(name_in(card.get("name"), "en"))
    return info.id if info else name_in(card.get("name"), "en").casefold().replace(" ", "_")


def _abilities_of(card: Mapping[str, object]) -> list[Mapping[str, object]]:
    raw = card.get("abilities")
    return [a for a in raw if isinstance(a, Mapping)] if isinstance(raw, list) else []


# --- offering the library in the summon prompt ------------------------------------------------


CLASS = Field(
    "class", "choice", WORDS.key("field.class"), options=CLASSES, words=WORDS.key("class")
)
VITALITY = Field("vitality", "int", WORDS.key("field.vitality"), low=1, high=20, default=5)


def _summon(
    card: Mapping[str, object],
    kinds: tuple[str, ...] = fx.BASE_EFFECTS,
    need_class: bool = True,
) -> tuple[Wire, tuple[Field, ...]]:
    """The summon action a card makes, and the fields it leaves to enter. ``kinds``: the
    effects the game knows (a variant's more); ``need_class``: a blank class is asked (a
    variant without the class penalty leaves it out)."""
    action: Wire = {"do": "summon", "creature": name_in(card.get("name"), "en")}
    fields: list[Field] = []
    if card.get("class") is None:
        if need_class:
            fields.append(CLASS)
    else:
        action["class"] = card["class"]
    if card.get("vitality") is None:
        fields.append(VITALITY)
    else:
        action["vitality"] = card["vitality"]
    attack = card.get("attack")
    if isinstance(attack, int):
        action["attack_strength"] = attack
    abilities: list[Wire] = []
    for number, ability in enumerate(_abilities_of(card)):
        named = name_in(ability.get("name"), "en")
        effects = ability.get("effects")
        kept = [e for e in effects if e in kinds] if isinstance(effects, list) else []
        item: Wire = {"name": named, "effects": kept}
        if ability.get("target") is not None:
            item["target"] = ability["target"]
        if ability.get("prep") is None:
            item["prep"] = 1
            label = {lang: name_in(ability.get("name"), lang) for lang in ("en", "ru")}
            fields.append(
                Field(
                    f"abilities.{number}.prep",
                    "choice",
                    WORDS.key("field.prep_of"),
                    options=PREPS,
                    default=1,
                    label_fields={"ability": label},
                )
            )
        else:
            item["prep"] = ability["prep"]
        abilities.append(item)
    action["abilities"] = abilities
    return action, tuple(fields)


def offer(
    prompt: Prompt,
    view: View,
    cards: Cards,
    kinds: tuple[str, ...] = fx.BASE_EFFECTS,
    need_class: bool = True,
) -> Prompt:
    """At a summon, every card of the library not yet summoned: a choice when the card is
    complete, an entry asking its blanks when it is not (``kinds``, ``need_class``: as
    :func:`_summon`)."""
    if prompt.kind != "summon":
        return prompt
    taken = {
        creature.get("id")
        for seat in rows(view.get("seats"))
        for creature in rows(seat.get("creatures"))
    }
    choices: list[Wire] = []
    entries: list[Entry] = []
    for card in cards:
        if card_id(card) in taken:
            continue
        action, fields = _summon(card, kinds, need_class)
        if fields:
            entries.append(Entry(action, fields, WORDS.key("entry.summon")))
        else:
            choices.append(action)
    entries.append(NEW_CREATURE)
    return replace(prompt, choices=tuple(choices), entries=(*entries, *prompt.entries))


def learn(action: Action, cards: Cards) -> Cards | None:
    """After a summon from the library: the card with the blanks the player entered."""
    if action.get("do") != "summon":
        return None
    wanted = roster.find(str(action.get("creature")))
    ident = wanted.id if wanted else str(action.get("creature")).casefold().replace(" ", "_")
    if all(card_id(known) != ident for known in cards):
        new = _new_card(action)
        return (*cards, new) if new is not None else None
    changed = False
    out: list[Data] = []
    for known in cards:
        if card_id(known) != ident:
            out.append(known)
            continue
        card = dict(known)
        for key in ("class", "vitality"):
            if card.get(key) is None and action.get(key) is not None:
                card[key] = action[key]
                changed = True
        given = action.get("abilities")
        if isinstance(given, list):
            abilities = [dict(a) for a in _abilities_of(card)]
            for mine, played in zip(abilities, given, strict=False):
                if (
                    isinstance(played, Mapping)
                    and mine.get("prep") is None
                    and played.get("prep") is not None
                ):
                    mine["prep"] = played["prep"]
                    changed = True
            card["abilities"] = abilities
        out.append(card)
    return tuple(out) if changed else None


# --- a new creature, entered in the middle of a summon ----------------------------------------

NAME_LETTERS = 16
ABILITY_LETTERS = 24
UNKNOWN = "?"
VARIES = "varies"
NO_EFFECT = "none"
AS_PRINTED = "as_printed"


def _said(key: str) -> Mapping[str, str]:
    return {language: text(WORDS.key(key), language) for language in ("en", "ru")}


def _attack_field(key: str, options: tuple[str | int, ...], default: str | int) -> Field:
    return Field(
        key,
        "choice",
        WORDS.key("field.attack"),
        options=options,
        default=default,
        names={VARIES: _said("attack.varies"), UNKNOWN: _said("card.unknown")},
        omit=(VARIES,) if key == "attack_strength" else (UNKNOWN,),
    )


def _target_fields(at: str, number: int) -> tuple[Field, ...]:
    """The target an ability's effect allows: one's own creatures for a positive effect,
    an enemy for a negative one, any of the three without an effect."""
    effects = f"{at}.effects"
    label = WORDS.key("field.ability_target")
    said = {"number": number}

    def asked(options: tuple[str | int, ...], when: tuple[str | int, ...]) -> Field:
        return Field(
            f"{at}.target",
            "choice",
            label,
            options=options,
            words=WORDS.key("target"),
            label_fields=said,
            only_if=(effects, when),
        )

    return (
        asked(("self", "ally"), tuple(sorted(fx.POSITIVE))),
        asked(("enemy",), tuple(sorted(fx.NEGATIVE))),
        asked(TARGETS, (NO_EFFECT,)),
    )


def _new_creature() -> Entry:
    """Summon a creature the library does not know: its whole card, field by field."""
    fields: list[Field] = [
        Field("creature", "text", WORDS.key("field.name"), low=1, high=NAME_LETTERS),
        CLASS,
        VITALITY,
        _attack_field("attack_strength", (*range(21), VARIES), 2),
    ]
    for number in (1, 2):
        at = f"abilities.{number - 1}"
        said = {"number": number}
        fields += [
            Field(
                f"{at}.name",
                "text",
                WORDS.key("field.ability_name"),
                low=1,
                high=ABILITY_LETTERS,
                label_fields=said,
            ),
            Field(
                f"{at}.prep",
                "choice",
                WORDS.key("field.ability_prep"),
                options=PREPS,
                default=1,
                label_fields=said,
            ),
            Field(
                f"{at}.effects",
                "choice",
                WORDS.key("field.ability_effect"),
                options=(NO_EFFECT, *fx.BASE_EFFECTS),
                words=WORDS.key("effect"),
                label_fields=said,
                omit=(NO_EFFECT,),
            ),
            *_target_fields(at, number),
        ]
    base: Wire = {"do": "summon", "creature": "", "abilities": [{"name": ""}, {"name": ""}]}
    return Entry(base, tuple(fields), WORDS.key("entry.new_creature"))


NEW_CREATURE = _new_creature()


def _new_card(action: Action) -> Wire | None:
    """The card of a creature summoned whole (a new one): None unless the action names its
    class, vitality and two abilities."""
    given = action.get("abilities")
    if action.get("class") is None or action.get("vitality") is None:
        return None
    if not isinstance(given, list) or len(given) != 2:
        return None
    abilities: list[Wire] = []
    for ability in given:
        if not isinstance(ability, Mapping) or not ability.get("name"):
            return None
        effects = ability.get("effects")
        listed = effects if isinstance(effects, list) else [effects] if effects else []
        abilities.append(
            {
                "name": str(ability["name"]),
                "prep": ability.get("prep"),
                "effects": [str(kind) for kind in listed],
                "target": ability.get("target"),
            }
        )
    return {
        "name": str(action.get("creature")),
        "class": action["class"],
        "vitality": action["vitality"],
        "attack": action.get("attack_strength", VARIES),
        "abilities": abilities,
    }


# --- the card library view: a card read and edited on the box ------------------------------


def _unknown_or(value: object, said: str) -> str:
    return "?" if value is None else said


def face(card: Mapping[str, object], language: str) -> CardFace:
    """A card as the library view shows it: name, class, vitality, attack, the abilities."""
    klass, vitality, attack = card.get("class"), card.get("vitality"), card.get("attack")
    stats = (
        (
            WORDS("card.class", language),
            _unknown_or(klass, WORDS.name("class", str(klass), language)),
        ),
        (WORDS("card.vitality", language), _unknown_or(vitality, str(vitality))),
        (
            WORDS("card.attack", language),
            WORDS("attack.varies", language)
            if attack == VARIES
            else _unknown_or(attack, str(attack)),
        ),
    )
    lines = []
    for ability in _abilities_of(card):
        prep = ability.get("prep")
        parts = [WORDS("card.prep", language, prep=_unknown_or(prep, str(prep)))]
        effects = ability.get("effects")
        for kind in effects if isinstance(effects, list) else []:
            parts.append(WORDS.name("effect", str(kind), language))
        target = ability.get("target")
        if target is not None:
            parts.append(WORDS.name("target", str(target), language))
        lines.append((name_in(ability.get("name"), language), " · ".join(parts)))
    return CardFace(name_in(card.get("name"), language), stats, tuple(lines))


def _name_key(at: str, value: object, language: str) -> str:
    """Where the name in the table's language is written: a name given per language keeps
    the other language's."""
    if isinstance(value, Mapping):
        return f"{at}.{language if language in value else 'en'}"
    return at


def _choice(
    key: str,
    label: str,
    options: tuple[str | int, ...],
    current: object,
    *,
    words: str | None = None,
    names: Mapping[str | int, Mapping[str, str]] | None = None,
    said: Mapping[str, str | int] | None = None,
) -> Field:
    """A field that may also say "not known yet" (the key is then left out: null)."""
    default = current if current in options else UNKNOWN
    return Field(
        key,
        "choice",
        WORDS.key(label),
        options=(UNKNOWN, *options),
        words=words,
        default=default,
        names={UNKNOWN: _said("card.unknown"), **(names or {})},
        label_fields=said or {},
        omit=(UNKNOWN,),
    )


def editor(card: Mapping[str, object], language: str) -> Entry:
    """The entry that edits a card: every field, opening at the card's values; a value
    left "?" is asked the first time the card is summoned."""
    base: Wire = copy.deepcopy(dict(card))
    for key in ("class", "vitality", "attack"):
        base.pop(key, None)
    name = card.get("name")
    fields: list[Field] = [
        Field(
            _name_key("name", name, language),
            "text",
            WORDS.key("field.name"),
            low=1,
            high=max(NAME_LETTERS, len(name_in(name, language))),
            default=name_in(name, language),
        ),
        _choice("class", "field.class", CLASSES, card.get("class"), words=WORDS.key("class")),
        _choice("vitality", "field.vitality", tuple(range(1, 21)), card.get("vitality")),
        _choice(
            "attack",
            "field.attack",
            (*range(21), VARIES),
            card.get("attack"),
            names={VARIES: _said("attack.varies")},
        ),
    ]
    abilities = [dict(a) for a in _abilities_of(card)]
    for index, ability in enumerate(abilities):
        at, said = f"abilities.{index}", {"number": index + 1}
        for key in ("prep", "target"):
            ability.pop(key, None)
        named = ability.get("name")
        effects = ability.get("effects")
        printed = [str(kind) for kind in effects] if isinstance(effects, list) else []
        options: tuple[str | int, ...] = (NO_EFFECT, *EFFECTS)
        names: dict[str | int, Mapping[str, str]] = {}
        current: str = printed[0] if len(printed) == 1 else NO_EFFECT
        if len(printed) > 1:  # several effects: kept as printed unless one is chosen
            options = (AS_PRINTED, *options)
            names[AS_PRINTED] = {
                lang: " + ".join(WORDS.name("effect", kind, lang) for kind in printed)
                for lang in ("en", "ru")
            }
            current = AS_PRINTED
        fields += [
            Field(
                _name_key(f"{at}.name", named, language),
                "text",
                WORDS.key("field.ability_name"),
                low=1,
                high=max(ABILITY_LETTERS, len(name_in(named, language))),
                default=name_in(named, language),
                label_fields=said,
            ),
            _choice(
                f"{at}.prep",
                "field.ability_prep",
                PREPS,
                card_ability(card, index, "prep"),
                said=said,
            ),
            Field(
                f"{at}.effects",
                "choice",
                WORDS.key("field.ability_effect"),
                options=options,
                words=WORDS.key("effect"),
                default=current,
                names=names,
                label_fields=said,
                omit=(AS_PRINTED,),
            ),
            _choice(
                f"{at}.target",
                "field.ability_target",
                TARGETS,
                card_ability(card, index, "target"),
                words=WORDS.key("target"),
                said=said,
            ),
        ]
    base["abilities"] = abilities
    title = {"card": name_in(name, language)}
    return Entry(base, tuple(fields), WORDS.key("entry.edit_card"), title)


def card_ability(card: Mapping[str, object], index: int, key: str) -> object:
    abilities = _abilities_of(card)
    return abilities[index].get(key) if index < len(abilities) else None


def edited(card: Action) -> Wire:
    """A card as an edit built it, tidied as the file keeps it: the keys in order, a value
    left unknown as null, an effect as a list."""
    out: Wire = {"id": card["id"]} if "id" in card else {}
    out["name"] = card.get("name")
    for key in ("class", "vitality", "attack"):
        out[key] = card.get(key)
    abilities: list[Wire] = []
    for ability in _abilities_of(card):
        effects = ability.get("effects")
        if effects == NO_EFFECT or effects is None:
            effects = []
        elif not isinstance(effects, list):
            effects = [effects]
        tidy: Wire = {
            "name": ability.get("name"),
            "prep": ability.get("prep"),
            "effects": effects,
            "target": ability.get("target"),
        }
        tidy.update({k: v for k, v in ability.items() if k not in tidy})
        abilities.append(tidy)
    out["abilities"] = abilities
    out.update({k: v for k, v in card.items() if k not in out})
    return out


KIT = CardKit(
    starting=starting,
    check=check,
    offer=offer,
    learn=learn,
    face=face,
    editor=editor,
    edited=edited,
)
