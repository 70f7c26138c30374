"""The Bestiary's creature cards, as a table's library holds them.

The rulebooks print no creature's class, vitality, attack strength or abilities'
preparation (they are on the cards), so the library starts from the roster (names, ability
names, what the text says) with those blank, asks each blank the first time the card is
summoned (card_fields.py), and remembers it: the next summon of the card asks nothing.
A card:

    - id: saxum
      name: {en: Saxum, ru: Саксум}
      class: strength          # strength, agility, intellect, or null
      vitality: 6              # 1 to 20, or null
      attack: 2                # 0 to 20, varies (entered at each attack), or null
      abilities:               # exactly two
        - name: {en: Stone skin, ru: Каменная кожа}   # "Ability 1" or null: asked
          prep: 2              # 1 to 6, X (entered when used), or null
          effects: [defense_up]  # a list (maybe empty), or null
          target: ally         # self, ally, enemy, any (the player chooses), or null

null is not known yet: asked at the summon. A summon written in a script with the whole
card (``companion play``) is the action the buttons make from the same card.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import replace

from companion.games.bestiary import roster
from companion.games.bestiary.card_fields import (
    ABILITY_LETTERS,
    ANY,
    ANYWHERE,
    ATTACK,
    CLASS,
    DUEL,
    NAME_LETTERS,
    NO_EFFECT,
    PREPS,
    TARGETS,
    UNKNOWN,
    VARIES,
    VITALITY,
    Place,
    Variant,
    default_name,
    effect_field,
    name_field,
    new_creature,
    prep_field,
    target_field,
    target_fields,
    targets_for,
    unnamed,
)
from companion.games.bestiary.card_fields import said as word_names
from companion.games.bestiary.catalogue import WORDS
from companion.games.bestiary.state import CLASSES
from companion.games.spec import CardFace, CardKit, Cards, name_in, name_problem, whole_in
from companion.games.spec import name_key as _name_key
from companion.rules import effects as fx
from companion.rules.base import Action, Entry, Field, Prompt, View, Wire, did_you_mean
from companion.rules.reading import Data, rows

CARD_KEYS = ("id", "name", "class", "vitality", "attack", "abilities")
ABILITY_KEYS = ("id", "name", "prep", "effects", "target", "note")
AS_PRINTED = "as_printed"


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
                    "name": dict(default_name(number)),
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


def check(cards: object, kinds: tuple[str, ...] | None = None) -> list[Problem]:
    """Every problem of a library's cards, each with its key path (from the list);
    ``kinds``: the effects a card may name (the game's; the Bestiary's by default)."""
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
        why = name_problem(card.get("name"))
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
        if vitality is not None and not whole_in(vitality, 1, 20):
            problems.append(((*at, "vitality"), f"a whole number from 1 to 20, not {vitality!r}"))
        attack = card.get("attack")
        if attack is not None and attack != VARIES and not whole_in(attack, 0, 20):
            problems.append(((*at, "attack"), f"0 to 20 or varies, not {attack!r}"))
        problems += _check_abilities(card.get("abilities"), (*at, "abilities"), kinds or EFFECTS)
    return problems


def _check_abilities(
    abilities: object, at: tuple[str | int, ...], kinds: tuple[str, ...]
) -> list[Problem]:
    if not isinstance(abilities, list) or len(abilities) != 2:
        return [(at, "exactly two support abilities")]
    problems: list[Problem] = []
    for number, ability in enumerate(abilities):
        here = (*at, number)
        if not isinstance(ability, Mapping):
            problems.append((here, "an ability is a mapping of name, prep, effects, target"))
            continue
        problems += _unknown(ability, ABILITY_KEYS, here)
        why = name_problem(ability.get("name"))
        if why:
            problems.append(((*here, "name"), why))
        prep = ability.get("prep")
        if prep is not None and prep != "X" and not whole_in(prep, 1, 6):
            problems.append(((*here, "prep"), f"1 to 6 or X, not {prep!r}"))
        effects = ability.get("effects") or []
        if not isinstance(effects, list):
            problems.append(((*here, "effects"), "a list of effects"))
        else:
            for kind in effects:
                if kind not in kinds:
                    hint = did_you_mean(str(kind), kinds)
                    problems.append(((*here, "effects"), f"no effect {kind!r}{hint}"))
        target = ability.get("target")
        if target is not None and target not in TARGETS:
            problems.append(((*here, "target"), f"self, ally, enemy or any, not {target!r}"))
    return problems


# --- reading a card -----------------------------------------------------------------------


def card_id(card: Mapping[str, object]) -> str:
    given = card.get("id")
    if isinstance(given, str) and given:
        return given
    info = roster.find(name_in(card.get("name"), "en"))
    return info.id if info else name_in(card.get("name"), "en").casefold().replace(" ", "_")


def abilities_of(card: Mapping[str, object]) -> list[Mapping[str, object]]:
    raw = card.get("abilities")
    return [a for a in raw if isinstance(a, Mapping)] if isinstance(raw, list) else []


# --- offering the library in the summon prompt ------------------------------------------------


def _summon(card: Mapping[str, object], variant: Variant) -> tuple[Wire, tuple[Field, ...]]:
    """The summon action a card makes, and the fields its blanks leave to enter: the class
    (where the variant has classes), the vitality, the attack strength, and per ability its
    name when the card gives none, its preparation, its effect and its target."""
    action: Wire = {"do": "summon", "creature": name_in(card.get("name"), "en")}
    fields: list[Field] = []
    if card.get("class") is None:
        if variant.need_class:
            fields.append(CLASS)
    else:
        action["class"] = card["class"]
    if card.get("vitality") is None:
        fields.append(VITALITY)
    else:
        action["vitality"] = card["vitality"]
    attack = card.get("attack")
    if attack is None:
        fields.append(ATTACK)
    elif isinstance(attack, int):
        action["attack_strength"] = attack
    abilities: list[Wire] = []
    for index, ability in enumerate(abilities_of(card)):
        item, asked = _ability_summon(ability, index, variant)
        abilities.append(item)
        fields += asked
    action["abilities"] = abilities
    return action, tuple(fields)


def _ability_summon(
    ability: Mapping[str, object], index: int, variant: Variant
) -> tuple[Wire, list[Field]]:
    """One ability of a summon action, and the fields its blanks ask."""
    at, number = f"abilities.{index}", index + 1
    named = ability.get("name")
    item: Wire = {"name": name_in(named, "en")}
    fields: list[Field] = []
    blank_name = unnamed(named, number)
    if blank_name:
        item["name"] = default_name(number)["en"]
        fields.append(name_field(at, number))
    prep = ability.get("prep")
    if prep is None:
        label = {lang: name_in(named, lang) or default_name(number)[lang] for lang in ("en", "ru")}
        fields.append(prep_field(at, "field.prep_of", {"ability": label}))
    else:
        item["prep"] = prep
    effects = ability.get("effects")
    known = [str(e) for e in effects if e in variant.kinds] if isinstance(effects, list) else []
    target = ability.get("target")
    if effects is None or (blank_name and not known):  # what it does, then to whom
        item["effects"] = []  # the effect chosen goes in it
        fields.append(effect_field(at, number, variant))
        if target is None:
            fields += target_fields(at, number, variant)
    else:
        if known:
            item["effects"] = known
        if target is None:
            fields.append(target_field(at, number, targets_for(known, variant)))
    if target not in (None, ANY):
        item["target"] = target
    return item, fields


def offer(
    prompt: Prompt,
    view: View,
    cards: Cards,
    variant: Variant = DUEL,
    place: Place = ANYWHERE,
) -> Prompt:
    """At a summon, every card of the library not yet summoned: a choice when the card is
    complete, an entry asking its blanks when it is not; then "A new creature…" (the whole
    card). ``variant``: what the game's summon asks; ``place``: where the creature goes
    (keys every summon gets, fields asked last)."""
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
        action, fields = _summon(card, variant)
        action.update(place.given)
        fields = (*fields, *place.fields)
        if fields:
            entries.append(Entry(action, fields, WORDS.key("entry.summon")))
        else:
            choices.append(action)
    entries.append(new_creature(variant, place))
    return replace(prompt, choices=tuple(choices), entries=(*entries, *prompt.entries))


# --- what a summon teaches the library ----------------------------------------------------


def learn(action: Action, cards: Cards) -> Cards | None:
    """After a summon: the card with the blanks the player entered, or a new creature's
    whole card added (None when the library learns nothing)."""
    if action.get("do") != "summon":
        return None
    wanted = roster.find(str(action.get("creature")))
    ident = wanted.id if wanted else str(action.get("creature")).casefold().replace(" ", "_")
    if all(card_id(known) != ident for known in cards):
        new = card_of(action)
        return (*cards, new) if new is not None else None
    changed = False
    out: list[Data] = []
    for known in cards:
        card = dict(known)
        if card_id(known) == ident:
            played = card_of(action) or {}
            changed = _fill(card, played, "abilities" in action) or changed
        out.append(card)
    return tuple(out) if changed else None


def _fill(card: Wire, played: Mapping[str, object], abilities_played: bool) -> bool:
    """Fill ``card``'s blanks from the card a summon played; True if any was filled. An
    ability is filled only where the summon named its abilities and played that one (its
    name, or the card's had none)."""
    changed = False
    for key in ("class", "vitality", "attack"):
        if card.get(key) is None and played.get(key) is not None:
            card[key] = played[key]
            changed = True
    if not abilities_played:
        return changed
    abilities = [dict(a) for a in abilities_of(card)]
    for number, (mine, theirs) in enumerate(zip(abilities, abilities_of(played), strict=False), 1):
        blank_name = unnamed(mine.get("name"), number)
        if not blank_name and name_in(mine.get("name"), "en") != name_in(theirs.get("name"), "en"):
            continue
        updates: dict[str, object] = (
            {"name": name_in(theirs.get("name"), "en")} if blank_name else {}
        )
        if (blank_name and not mine.get("effects")) or mine.get("effects") is None:
            updates["effects"] = theirs.get("effects")
        for key in ("prep", "target"):
            if mine.get(key) is None:
                updates[key] = theirs.get(key)
        for key, value in updates.items():
            if value is not None and value != mine.get(key):
                mine[key] = value
                changed = True
    if changed:
        card["abilities"] = abilities
    return changed


def card_of(action: Action) -> Wire | None:
    """The card a summon action plays: what it gives, the roster's abilities where it
    names none; a blank (null) for what it leaves unknown. None without a creature, or
    without two abilities."""
    creature = action.get("creature")
    if not isinstance(creature, str) or not creature.strip():
        return None
    info = roster.find(creature)
    strength = action.get("attack_strength", info.attack_strength if info else None)
    card: Wire = {"id": info.id} if info else {}
    card |= {
        "name": _names(info.name_en, info.name_ru) if info else creature,
        "class": action.get("class"),
        "vitality": action.get("vitality"),
        "attack": VARIES if strength is None else strength,
    }
    given = action.get("abilities")
    if given is None:
        start = next((c for c in starting() if c["id"] == info.id), None) if info else None
        card["abilities"] = (
            abilities_of(start) if start else [_ability_card(None, n, info) for n in (1, 2)]
        )
        return card
    if not isinstance(given, list) or len(given) != 2:
        return None
    card["abilities"] = [_ability_card(a, n, info) for n, a in enumerate(given, 1)]
    return card


def _ability_card(given: object, number: int, info: roster.CreatureInfo | None) -> Wire:
    """An ability as a card keeps it: the name said in both languages where the roster
    knows it; no target given is ``any`` (the player chooses at each use)."""
    item = {"name": given} if isinstance(given, str) else given
    if not isinstance(item, Mapping):
        return {"name": dict(default_name(number)), "prep": None, "effects": None, "target": None}
    name = str(item.get("name") or "")
    printed = next(
        (a for a in (info.abilities if info else ()) if a.name_en.casefold() == name.casefold()),
        None,
    )
    effects = item.get("effects")
    listed = effects if isinstance(effects, list) else [effects] if effects else []
    target = item.get("target")
    return {
        "name": dict(default_name(number))
        if unnamed(name, number)
        else (_names(printed.name_en, printed.name_ru) if printed else name),
        "prep": item.get("prep"),
        "effects": [str(kind) for kind in listed],
        "target": ANY if target is None else target,
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
    for ability in abilities_of(card):
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
        names={UNKNOWN: word_names("card.unknown"), **(names or {})},
        label_fields=said or {},
        omit=(UNKNOWN,),
    )


def editor(
    card: Mapping[str, object], language: str, kinds: tuple[str, ...] | None = None
) -> Entry:
    """The entry that edits a card: every field, opening at the card's values; a value
    left "?" is asked the first time the card is summoned. ``kinds``: the effects offered
    (the game's; the Bestiary's by default)."""
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
            names={VARIES: word_names("attack.varies")},
        ),
    ]
    abilities = [dict(a) for a in abilities_of(card)]
    for index, ability in enumerate(abilities):
        at, said = f"abilities.{index}", {"number": index + 1}
        for key in ("prep", "target"):
            ability.pop(key, None)
        named = ability.get("name")
        effects = ability.get("effects")
        printed = [str(kind) for kind in effects] if isinstance(effects, list) else []
        options: tuple[str | int, ...] = (NO_EFFECT, *(kinds or EFFECTS))
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
    abilities = abilities_of(card)
    return abilities[index].get(key) if index < len(abilities) else None


def edited(card: Action) -> Wire:
    """A card as an edit built it, tidied as the file keeps it: the keys in order, a value
    left unknown as null, an effect as a list."""
    out: Wire = {"id": card["id"]} if "id" in card else {}
    out["name"] = card.get("name")
    for key in ("class", "vitality", "attack"):
        out[key] = card.get(key)
    abilities: list[Wire] = []
    for ability in abilities_of(card):
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
