"""Narration of Four-path's events, in English and Russian (keys ``four_path.narr.*``):
the duel's sayers for what the two games share, the expansion's for teams and towers."""

from __future__ import annotations

from companion.games.bestiary import narration as duel
from companion.games.bestiary.labels import creature
from companion.games.four_path.catalogue import WORDS
from companion.games.spec import Sayer
from companion.i18n import Words
from companion.narration import player
from companion.rules.base import JSON

# The expansion's effects by name, and the sentences a side of one player (the duel) says
# in the singular; merged into the game's catalogue (keys ``four_path.*``).
NARRATION = Words(
    "four_path",
    {
        "effect.poison": "Poison",
        "effect.control_up": "Control up",
        "effect.control_down": "Control down",
        "effect.vampirism": "Vampirism",
        "effect.resistance": "Resistance",
        "effect.haste": "Haste",
        "effect.slow": "Slow",
        "narr.towers_held_one": "1 tower ({numbers})",
        "narr.player_won": "{player} wins!",
    },
    {
        "effect.poison": "Яд",
        "effect.control_up": "Усиление обороны",
        "effect.control_down": "Ослабление обороны",
        "effect.vampirism": "Вампиризм",
        "effect.resistance": "Сопротивление",
        "effect.haste": "Ускорение",
        "effect.slow": "Замедление",
        "narr.towers_held_one": "1 башня ({numbers})",
        "narr.player_won": "{player} побеждает!",
    },
)


def team(view: JSON, side: object) -> str:
    """A team as the table reads it: its players' names."""
    for entry in view.get("sides") or []:
        if entry.get("side") == side:
            return str(entry.get("name"))
    return str(side)


def _named(name: str, language: str) -> str:
    return creature(name, name, language)


def _alone(view: JSON, side: object) -> bool:
    """Is the side one player (the duel)?"""
    for entry in view.get("sides") or []:
        if entry.get("side") == side:
            return len(entry.get("seats") or []) == 1
    return False


def _towers(event: JSON, language: str) -> str:
    towers = event.get("towers") or []
    if not towers:
        return WORDS("narr.towers_none", language)
    numbers = ", ".join(str(t).rsplit("_", 1)[-1] for t in towers)
    if len(towers) == 1:
        return WORDS("narr.towers_held_one", language, numbers=numbers)
    return WORDS("narr.towers_held", language, count=len(towers), numbers=numbers)


def _preparation(event: JSON, view: JSON, language: str) -> str:
    return duel.preparation_said(event, team(view, event["side"]), language, WORDS)


def _phase_ended(event: JSON, view: JSON, language: str) -> str:
    """Both allies have passed; the duel's one player has said so already."""
    if _alone(view, event["side"]):
        return ""
    return WORDS("narr.team_done", language, team=team(view, event["side"]))


def _won(event: JSON, view: JSON, language: str) -> str:
    if _alone(view, event["side"]):
        return WORDS("narr.player_won", language, player=team(view, event["side"]))
    return WORDS("narr.team_won", language, team=team(view, event["side"]))


def _castle_damaged(event: JSON, view: JSON, language: str) -> str:
    key = "narr.castle_repaired" if event["event"] == "castle_repaired" else "narr.scale_moved"
    return WORDS(
        key,
        language,
        team=team(view, event["side"]),
        damage=event["castle_damage"],
        length=event["scale_length"],
    )


def _ability_used(event: JSON, view: JSON, language: str) -> str:
    line = duel.ability_said(event, language, WORDS)
    if "from" in event:
        line += " " + WORDS(
            "narr.wound_moved",
            language,
            source=_named(str(event["from"]), language),
            receiver=_named(str(event["to"]), language),
        )
    if "hex" in event:
        line += " " + WORDS("narr.barrier", language, hex=event["hex"])
    return line


SAYERS: dict[str, Sayer] = {
    **{
        name: duel.SAYERS[name]
        for name in (
            "creature_summoned",
            "disc_turned",
            "attacked",
            "creature_destroyed",
            "maneuvered",
        )
    },
    "ability_used": _ability_used,
    "creature_banned": lambda e, v, lang: WORDS(
        "narr.creature_banned",
        lang,
        player=player(v, e["seat"], lang),
        creature=_named(e["creature"], lang),
    ),
    "siege": lambda e, v, lang: WORDS(
        "narr.siege", lang, team=team(v, e["side"]), towers=_towers(e, lang)
    ),
    "castle_damaged": _castle_damaged,
    "castle_repaired": _castle_damaged,
    "preparation": _preparation,
    "opened": lambda e, v, lang: WORDS("narr.opened", lang, player=player(v, e["seat"], lang)),
    "passed": lambda e, v, lang: WORDS("narr.passed", lang, player=player(v, e["seat"], lang)),
    "phase_ended": _phase_ended,
    "game_won": _won,
    "area_set": lambda e, v, lang: WORDS(
        "narr.area_set",
        lang,
        tower=str(e["tower"]).rsplit("_", 1)[-1],
        one=e["control"][0],
        two=e["control"][1],
    ),
    "vampirism": lambda e, v, lang: WORDS(
        "narr.vampirism_healed" if e["healed"] else "narr.vampirism_not",
        lang,
        creature=_named(e["creature"], lang),
        wounds=e["wounds_made"],
    ),
    "respawned_in": lambda e, v, lang: WORDS(
        "narr.respawned_in",
        lang,
        creature=_named(e["creature"], lang),
        castle=str(e["castle"]).rsplit("_", 1)[-1],
    ),
}
