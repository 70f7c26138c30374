"""Tetranomicon's creature cards, as a table's library holds them (companion/library.py).

A creature's strength and flag are printed on its card (RULES-EXPANSIONS.md §2.5), and the
rulebook prints no card's values, so the library starts empty and learns each creature the
first time it is summoned: the next game's summon offers it by name, its strength and flag
already entered (the summon entry, its name, NEXT). The rulebook's abilities are its
creatures (TN-R24): a creature with an ability is the library's one card of that ability.
A card:

    - name: {en: Goetius, ru: Гоэций}   # or a name in one language
      strength: 2        # 0 to 9, or null (not known yet: entered at the summon)
      flag: peace        # peace or war, or null
      ability: goetius   # one of the rules' abilities; left out: none

The action a summon plays from a card holds the whole card (creature, strength, flag,
ability), so a game replays without the library.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from companion.games.spec import CardFace, CardKit, Cards, name_in, name_problem, whole_in
from companion.games.spec import name_key as _name_key
from companion.games.tetranomicon.catalogue import WORDS
from companion.games.tetranomicon.labels import PEACE_MARK, WAR_MARK
from companion.games.tetranomicon.state import ABILITIES
from companion.games.tetranomicon.types import NEW_CREATURE, tetra_view
from companion.i18n import LANGUAGES
from companion.rules.base import Action, Entry, Field, Prompt, View, Wire, did_you_mean
from companion.rules.reading import Data

CARD_KEYS = ("name", "strength", "flag", "ability")
FLAGS = ("peace", "war")
NO_ABILITY = "none"
UNKNOWN = "?"  # the editor's "not known yet" (the card keeps null)
NAME_LETTERS = 16
STRENGTHS = tuple(range(10))
Problem = tuple[tuple[str | int, ...], str]


def starting() -> Cards:
    """No card: the rulebook prints no creature's strength or flag."""
    return ()


# --- reading a card -------------------------------------------------------------------------


def ability_of(card: Mapping[str, object]) -> str:
    ability = card.get("ability")
    return ability if isinstance(ability, str) and ability in ABILITIES else NO_ABILITY


def same_creature(card: Mapping[str, object], other: Mapping[str, object]) -> bool:
    """Two cards of one creature: the same name, or the same ability (one creature per
    ability, TN-R24)."""
    if name_in(card.get("name")).casefold() == name_in(other.get("name")).casefold():
        return True
    ability = ability_of(card)
    return ability != NO_ABILITY and ability == ability_of(other)


# --- checking a library file ----------------------------------------------------------------


def check(cards: object) -> list[Problem]:
    """Every problem of a library's cards, each with its key path (from the list)."""
    if not isinstance(cards, list):
        return [((), "a list of cards")]
    problems: list[Problem] = []
    for index, card in enumerate(cards):
        at: tuple[str | int, ...] = (index,)
        if not isinstance(card, Mapping):
            problems.append((at, "a card is a mapping of name, strength, flag, ability"))
            continue
        problems += [
            ((*at, str(key)), f"unknown key{did_you_mean(str(key), CARD_KEYS)}")
            for key in card
            if key not in CARD_KEYS
        ]
        why = name_problem(card.get("name"))
        if why:
            problems.append(((*at, "name"), why))
        strength = card.get("strength")
        if strength is not None and not whole_in(strength, 0, 9):
            problems.append(((*at, "strength"), f"a whole number from 0 to 9, not {strength!r}"))
        flag = card.get("flag")
        if flag is not None and flag not in FLAGS:
            hint = did_you_mean(str(flag), FLAGS)
            problems.append(((*at, "flag"), f"peace or war, not {flag!r}{hint}"))
        ability = card.get("ability")
        if ability is not None and ability not in ABILITIES:
            hint = did_you_mean(str(ability), ABILITIES)
            problems.append(((*at, "ability"), f"no ability {ability!r}{hint}"))
        if why:
            continue
        for earlier, other in enumerate(cards[:index]):
            named = isinstance(other, Mapping) and not name_problem(other.get("name"))
            if named and same_creature(card, other):
                problems.append(((*at, "name"), f"the same creature as card {earlier + 1}"))
                break
    return problems


# --- offering the library in the summon entry -------------------------------------------------


def _summoned(view: View) -> set[str]:
    """The names of the creatures in the armies (casefolded)."""
    seats = tetra_view(view).get("seats") or []
    return {creature["name"].casefold() for seat in seats for creature in seat["army"]}


def _offered(cards: Cards, free: tuple[str, ...], summoned: set[str]) -> list[Data]:
    """The library's cards a summon may play now: each creature in no army yet (one of an
    ability: while the ability is free), the abilities' cards in the rules' order first,
    then the others in the library's."""
    by_ability: dict[str, Data] = {}
    others: list[Data] = []
    names: set[str] = set(free)  # an option's value is unique: no card named "goetius"
    for card in cards:
        name = name_in(card.get("name"))
        ability = ability_of(card)
        if not name or name in names:
            continue
        if ability == NO_ABILITY:
            if name.casefold() in summoned:
                continue
            others.append(card)
        elif ability in free and ability not in by_ability:
            by_ability[ability] = card
        else:
            continue
        names.add(name)
    return [*(by_ability[a] for a in ABILITIES if a in by_ability), *others]


def _said(card: Mapping[str, object]) -> dict[str, str]:
    """A card as the summon offers it: its name, then the strength and the flag NEXT
    plays with it, those the card knows ("Goetius 2 ☮"): the flag as the game's peace and
    war marks, so an ability's long name and its values fit the small panel's line."""
    strength, flag = card.get("strength"), card.get("flag")
    values = [str(strength)] if whole_in(strength, 0, 9) else []
    if flag in FLAGS:
        values.append(PEACE_MARK if flag == "peace" else WAR_MARK)
    return {
        language: " ".join((name_in(card.get("name"), language), *values)) for language in LANGUAGES
    }


def offer(prompt: Prompt, view: View, cards: Cards) -> Prompt:
    """The summon entry with the library's creatures in its first field: each by its name,
    then the abilities no card is known for and another creature of no ability (as the
    entry asks them with no library). A card chosen opens the strength and the flag at the
    card's values and sets its ability (asked last, rarely changed), so NEXT after the
    name plays the card. With no card to offer the entry is as the rules made it."""
    at = next(
        (
            index
            for index, entry in enumerate(prompt.entries)
            if entry.base.get("do") == "summon"
            and entry.fields
            and entry.fields[0].key == "ability"
        ),
        None,
    )
    if at is None:
        return prompt
    entry = prompt.entries[at]
    fields = {item.key: item for item in entry.fields}
    abilities = fields["ability"]
    free = tuple(str(option) for option in abilities.options)
    offered = _offered(cards, free, _summoned(view))
    if not offered:
        return prompt
    known = {ability_of(card) for card in offered}
    unknown = tuple(a for a in free if a != NO_ABILITY and a not in known)
    others = (NO_ABILITY,) if NO_ABILITY in free else ()
    values = [name_in(card.get("name")) for card in offered]
    names: dict[str | int, Mapping[str, str]] = {
        value: _said(card) for value, card in zip(values, offered, strict=True)
    }
    names |= {
        a: {language: WORDS(f"ability.{a}", language) for language in LANGUAGES} for a in unknown
    }
    names |= {NO_ABILITY: {language: WORDS("card.another", language) for language in LANGUAGES}}
    creature = Field(
        "creature",
        "choice",
        WORDS.key("field.summoned"),
        options=(*values, *unknown, *others),
        default=values[0],
        names=names,
        omit=(*unknown, *others),
    )
    ability_by: dict[str | int, str | int] = {a: a for a in (*unknown, *others)}
    ability_by |= {value: ability_of(card) for value, card in zip(values, offered, strict=True)}
    strength_by: dict[str | int, str | int] = {}
    flag_by: dict[str | int, str | int] = {}
    for value, card in zip(values, offered, strict=True):
        strength, flag = card.get("strength"), card.get("flag")
        if whole_in(strength, 0, 9):
            assert isinstance(strength, int)
            strength_by[value] = strength
        if flag in FLAGS:
            flag_by[value] = str(flag)
    called = (
        creature,
        replace(fields["strength"], default_by=("creature", strength_by)),
        replace(fields["flag"], default_by=("creature", flag_by)),
        fields["discount"],
        replace(abilities, default_by=("creature", ability_by)),
    )
    entries = list(prompt.entries)
    entries[at] = Entry(entry.base, called, entry.key, entry.words)
    entries.insert(_new_at(entries, at), _new_creature(entry, known))
    return replace(prompt, entries=tuple(entries))


def _new_at(entries: list[Entry], summon: int) -> int:
    """Where "Summon a new creature" goes: just before the artifact, as far from the
    cursor's opening as the artifact was (the artifact, the summon and the build keep
    their places, up from the opening), else just before the summon."""
    artifact = next(
        (index for index, entry in enumerate(entries) if entry.base.get("do") == "artifact"),
        None,
    )
    return summon if artifact is None else artifact


def _new_creature(entry: Entry, known: set[str]) -> Entry:
    """The summon as it is with no library, for a creature the library does not know (a
    new one's name typed letter by letter): the abilities whose card is offered are not
    offered again."""
    first = entry.fields[0]
    options = tuple(o for o in first.options if o == NO_ABILITY or o not in known)
    fields = (replace(first, options=options), *entry.fields[1:])
    base = {**entry.base, "ability": NEW_CREATURE}  # the box says "Summon a new creature"
    return Entry(base, fields, WORDS.key("entry.new_creature"), entry.words)


# --- what a summon teaches the library ----------------------------------------------------


def card_of(action: Action) -> Wire | None:
    """The card a summon plays: its creature's name (an ability's creature named after
    it, said in both languages), strength, flag and ability; None for a summon of an
    unnamed creature of no ability (nothing to know it by)."""
    if action.get("do") != "summon":
        return None
    ability = action.get("ability", NO_ABILITY)
    if not isinstance(ability, str) or ability not in ABILITIES:
        return None
    given = action.get("creature")
    name = given.strip() if isinstance(given, str) else ""
    if not name and ability == NO_ABILITY:
        return None
    name = name or ability.capitalize()
    card: Wire = {"name": _both(name, ability)}
    strength, flag = action.get("strength"), action.get("flag")
    card["strength"] = strength if whole_in(strength, 0, 9) else None
    card["flag"] = flag if flag in FLAGS else None
    if ability != NO_ABILITY:
        card["ability"] = ability
    return card


def _both(name: str, ability: str) -> str | dict[str, str]:
    """The name as a card keeps it: an ability's own name said in every language."""
    if ability != NO_ABILITY and name.casefold() == WORDS(f"ability.{ability}", "en").casefold():
        return {language: WORDS(f"ability.{ability}", language) for language in LANGUAGES}
    return name


def learn(action: Action, cards: Cards) -> Cards | None:
    """After a summon: its creature's card added, or the library's card of the creature
    corrected to what was played (its name in other languages kept); None when the
    library learns nothing."""
    played = card_of(action)
    if played is None:
        return None
    out: list[Data] = []
    placed = False
    for card in cards:
        if not same_creature(card, played):
            out.append(card)
        elif not placed:
            kept = dict(played)
            if name_in(card.get("name")).casefold() == name_in(played.get("name")).casefold():
                kept["name"] = card.get("name")  # the table's own spelling, its languages
            out.append(kept)
            placed = True
    if not placed:
        out.append(played)
    learned = tuple(out)
    return None if learned == tuple(cards) else learned


# --- the card library view: a card read and edited on the box ------------------------------


def _value(value: object, said: str) -> str:
    return "?" if value is None else said


def face(card: Mapping[str, object], language: str) -> CardFace:
    """A card as the library view shows it: name, strength, flag, and its ability."""
    strength, flag = card.get("strength"), card.get("flag")
    stats = (
        (WORDS("field.strength", language), _value(strength, str(strength))),
        (WORDS("field.flag", language), _value(flag, WORDS(f"flag.{flag}", language))),
    )
    ability = ability_of(card)
    lines = (
        ((WORDS("field.ability", language), WORDS(f"ability.{ability}", language)),)
        if ability != NO_ABILITY
        else ()
    )
    return CardFace(name_in(card.get("name"), language), stats, lines)


def _unknown_names() -> dict[str | int, Mapping[str, str]]:
    return {UNKNOWN: {language: WORDS("card.unknown", language) for language in LANGUAGES}}


def editor(card: Mapping[str, object], language: str) -> Entry:
    """The entry that edits a card: its name, strength, flag and ability, each opening at
    the card's value (a value left "?" is entered at the creature's next summon)."""
    name = card.get("name")
    base: Wire = {"name": dict(name) if isinstance(name, Mapping) else name}
    strength, flag = card.get("strength"), card.get("flag")
    fields = (
        Field(
            _name_key("name", name, language),
            "text",
            WORDS.key("field.card_name"),
            low=1,
            high=max(NAME_LETTERS, len(name_in(name, language))),
            default=name_in(name, language),
        ),
        Field(
            "strength",
            "choice",
            WORDS.key("field.strength"),
            options=(UNKNOWN, *STRENGTHS),
            default=strength if strength in STRENGTHS else UNKNOWN,
            names=_unknown_names(),
            omit=(UNKNOWN,),
        ),
        Field(
            "flag",
            "choice",
            WORDS.key("field.flag"),
            options=(UNKNOWN, *FLAGS),
            words=WORDS.key("flag"),
            default=flag if flag in FLAGS else UNKNOWN,
            names=_unknown_names(),
            omit=(UNKNOWN,),
        ),
        Field(
            "ability",
            "choice",
            WORDS.key("field.ability"),
            options=ABILITIES,
            words=WORDS.key("ability"),
            default=ability_of(card),
            omit=(NO_ABILITY,),
        ),
    )
    title = {"card": name_in(name, language) or "…"}
    return Entry(base, fields, WORDS.key("entry.edit_card"), title)


def edited(card: Action) -> Wire:
    """A card as an edit built it, tidied as the file keeps it: the keys in order, a value
    left unknown as null, no ability left out."""
    out: Wire = {
        "name": card.get("name"),
        "strength": card.get("strength"),
        "flag": card.get("flag"),
    }
    ability = card.get("ability")
    if ability not in (None, NO_ABILITY):
        out["ability"] = ability
    return out


KIT = CardKit(
    starting=starting,
    check=check,
    offer=offer,
    learn=learn,
    face=face,
    editor=editor,
    edited=edited,
    blank={"name": "", "strength": None, "flag": None},
)
