"""Narration of the Talisman tracker's events (keys ``talisman.narr.*``): most are said by
their catalogue key with the event's fields; these need words of their own."""

from __future__ import annotations

from companion.games.spec import Sayer
from companion.games.talisman.catalogue import WORDS
from companion.i18n import Words
from companion.narration import player
from companion.rules.base import JSON

# A sheet's fields as the narration says them (keys ``talisman.sheet.*``).
SHEET = Words(
    "talisman",
    {
        "sheet.lives": "lives",
        "sheet.fate": "fate",
        "sheet.gold": "gold",
        "sheet.strength": "Strength",
        "sheet.craft": "Craft",
        "sheet.strength_bonus": "Strength bonus",
        "sheet.craft_bonus": "Craft bonus",
        "sheet.toad_strength": "the toad's Strength",
        "sheet.toad_craft": "the toad's Craft",
    },
    {
        "sheet.lives": "жизни",
        "sheet.fate": "судьба",
        "sheet.gold": "золото",
        "sheet.strength": "Сила",
        "sheet.craft": "Умение",
        "sheet.strength_bonus": "бонус Силы",
        "sheet.craft_bonus": "бонус Умения",
        "sheet.toad_strength": "Сила жабы",
        "sheet.toad_craft": "Умение жабы",
    },
)


def _changed(event: JSON, view: JSON, language: str) -> str:
    return WORDS(
        "narr.changed",
        language,
        player=player(view, event["seat"], language),
        field=WORDS(f"sheet.{event['field']}", language),
        before=event["before"],
        after=event["after"],
    )


def _result(event: JSON, view: JSON, language: str) -> str:
    return WORDS(
        "narr.battle_result",
        language,
        player=player(view, event["seat"], language),
        outcome=WORDS(f"outcome.{event['outcome']}", language),
    )


def _order(event: JSON, view: JSON, language: str) -> str:
    order = ", ".join(str(n) for n in event["order"]) or "—"
    return WORDS("narr.encounter", language, draw=event["draw"], order=order)


def _traded(event: JSON, view: JSON, language: str) -> str:
    return WORDS(
        "narr.trophies_traded",
        language,
        player=player(view, event["seat"], language),
        gained=event["gained"],
        kind=WORDS(f"trophy.{event['kind']}", language),
        lost=event["lost"],
    )


def _alignment(event: JSON, view: JSON, language: str) -> str:
    return WORDS(
        "narr.alignment",
        language,
        player=player(view, event["seat"], language),
        to=WORDS(f"alignment.{event['to']}", language),
    )


SAYERS: dict[str, Sayer] = {
    "changed": _changed,
    "battle_result": _result,
    "encounter": _order,
    "trophies_traded": _traded,
    "alignment": _alignment,
}
