"""Words for the duel's screens and choices: creatures and abilities by their names in the
table's language (from the roster), castles, towers."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from importlib import resources

from companion import yamlfile
from companion.catalogue import refusals
from companion.display import labels
from companion.games.bestiary import roster
from companion.games.bestiary.types import SeatView, bestiary_action, board_view
from companion.i18n import name_of, text
from companion.rules.base import Action, View

# The name an ability gets when its card names none (summoning, card_fields): "Ability 2".
DEFAULT_ABILITY = re.compile(r"Ability (\d+)")


def creature(creature_id: str, fallback: str | None, language: str) -> str:
    info = roster.find(creature_id)
    if info is None:
        return fallback or creature_id
    return info.name_ru if language == "ru" else info.name_en


def creature_in_view(view: View | None, creature_id: str, language: str) -> str:
    for seat in board_view(view or {}).get("seats") or []:
        for entry in seat.get("creatures") or []:
            if entry.get("id") == creature_id:
                return creature(creature_id, str(entry.get("name")), language)
    return creature(creature_id, None, language)


def ability_in_view(view: View | None, creature_id: str, ability_id: str, language: str) -> str:
    """An ability of a creature on the board, named as its card names it (the view holds
    each ability's id and name), in the language; the roster's name, else its id, when
    the view does not hold it."""
    for seat in board_view(view or {}).get("seats") or []:
        for entry in seat.get("creatures") or []:
            if entry.get("id") != creature_id:
                continue
            for known in entry.get("abilities") or []:
                if known.get("id") == ability_id and known.get("name"):
                    return ability_named(str(entry.get("name")), str(known["name"]), language)
    return ability(creature_id, ability_id, ability_id, language)


def ability(creature_id: str, ability_id: str, fallback: str, language: str) -> str:
    info = roster.find(creature_id)
    if info is not None:
        for known in info.abilities:
            if known.id == ability_id:
                return known.name_ru if language == "ru" else known.name_en
    if ability_id.startswith("ability_") and ability_id[8:].isdigit():
        return f"#{ability_id[8:]}"
    return fallback


@functools.cache
def unassigned() -> tuple[roster.AbilityInfo, ...]:
    """The support abilities the rulebooks name without making the owner clear (the
    roster's ``unassigned_abilities``: Mortum's Vampirism, Hammer...): a card may give a
    creature one of them, and its name is then said from here."""
    text_of = resources.files("companion.games.bestiary").joinpath("roster.yaml")
    data = yamlfile.parse("roster.yaml", text_of.read_text(encoding="utf-8")).data or {}
    assert isinstance(data, dict)  # the package's own file, read whole by the tests
    found: list[roster.AbilityInfo] = []
    for raw in data.get("unassigned_abilities") or ():
        names = raw.get("name") if isinstance(raw.get("name"), dict) else {}
        english = str(names.get("en") or raw["id"])
        found.append(
            roster.AbilityInfo(
                id=str(raw["id"]),
                name_en=english,
                name_ru=str(names.get("ru") or english),
                prep=None,  # only the names are read here
                effects=(),
                target=None,
            )
        )
    return tuple(found)


def _known_ability(abilities: Iterable[roster.AbilityInfo], name: str) -> roster.AbilityInfo | None:
    folded = name.casefold()
    for known in abilities:
        if folded in (known.id, known.name_en.casefold(), known.name_ru.casefold()):
            return known
    return None


def ability_named(creature_name: str, ability_name: str, language: str) -> str:
    """An ability, named as a player entered it, in the language (from the roster: the
    creature's own abilities, then those the rulebooks name without an owner)."""
    info = roster.find(creature_name)
    known = _known_ability(info.abilities if info else (), ability_name)
    if known is None:
        known = _known_ability(unassigned(), ability_name)
    if known is not None:
        return known.name_ru if language == "ru" else known.name_en
    default = DEFAULT_ABILITY.fullmatch(ability_name)
    if default is not None:  # the name a card gets when nobody names it: "Умение 2"
        return text("bestiary.field.ability_default", language, number=default.group(1))
    return ability_name


def russian_name(name: str) -> str | None:
    """A creature or an ability of the roster, named in English in a refusal, in Russian
    (None for a name it does not hold: a player's, a card's own)."""
    info = roster.find(name)
    if info is not None:
        return info.name_ru
    every = [a for creature in roster.roster().values() for a in creature.abilities]
    known = _known_ability([*every, *unassigned()], name)
    return known.name_ru if known is not None else None


refusals.NAMERS.append(russian_name)  # the rules' refusals name the roster's creatures


def seat_title(seat: SeatView, language: str) -> str:
    """A seat's header: its player and castle ("Anna · Forest edge")."""
    castle = seat.get("castle")
    castle_name = (
        name_of("bestiary.castle", castle, language)
        if castle
        else text("bestiary.ui.no_castle", language)
    )
    return f"{seat.get('name')} · {castle_name}"


def towers(names: list[str], language: str) -> str:
    return ", ".join(name_of("bestiary.tower", t, language) for t in names)


def choice(view: View, action: Action, language: str) -> str:
    """A choice of the prompt as a short sentence."""
    kind = str(action.get("do"))

    def named(key: str) -> str:
        return creature_in_view(view, str(action.get(key)), language)

    typed = bestiary_action(action)
    if typed["do"] == "choose_castle":
        return text(
            "bestiary.ui.choice.choose_castle",
            language,
            castle=name_of("bestiary.castle", typed["castle"], language),
        )
    if kind == "summon" and not action.get("creature"):  # its name is still to be entered
        return text("bestiary.entry.new_creature", language)
    if kind == "summon":
        return text("bestiary.ui.choice.summon", language, creature=named("creature"))
    if kind == "turn_disc":
        return text("bestiary.ui.choice.turn_disc", language)
    if typed["do"] == "siege":
        held = list(typed.get("towers") or [])
        if not held:
            return text("bestiary.ui.choice.siege_none", language)
        return text("bestiary.ui.choice.siege", language, towers=towers(held, language))
    if kind == "attack":
        several = action.get("targets")
        if isinstance(several, list) and several:
            targets = ", ".join(creature_in_view(view, str(t), language) for t in several)
            return text(
                "bestiary.ui.choice.attack_several",
                language,
                creature=named("creature"),
                targets=targets,
            )
        if not action.get("target"):  # the entry asking whom, and how strong
            return text("bestiary.ui.choice.attack_other", language, creature=named("creature"))
        return text(
            "bestiary.ui.choice.attack",
            language,
            creature=named("creature"),
            target=named("target"),
        )
    if kind == "maneuver":
        return text("bestiary.ui.choice.maneuver", language, creature=named("creature"))
    if kind == "choose_tempo":
        tempo = text(f"bestiary.setup.tempo.{action.get('tempo')}", language)
        return text("bestiary.ui.choice.choose_tempo", language, tempo=tempo)
    if kind == "support":
        creature_id = str(action.get("creature"))
        shown = ability_in_view(view, creature_id, str(action.get("ability")), language)
        if action.get("effects") == [{}]:  # the entry asking the effect and its target
            return text(
                "bestiary.ui.choice.support_effect",
                language,
                creature=named("creature"),
                ability=shown,
            )
        if action.get("target"):
            return text(
                "bestiary.ui.choice.support_target",
                language,
                creature=named("creature"),
                ability=shown,
                target=named("target"),
            )
        return text(
            "bestiary.ui.choice.support", language, creature=named("creature"), ability=shown
        )
    if kind == "end_phase":
        return text("bestiary.ui.choice.end_phase", language)
    return labels.choice(view, action, language, "bestiary")
