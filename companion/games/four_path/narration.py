"""Narration of Four-path's events, in English and Russian (keys ``four_path.narr.*``):
the duel's sayers for what the two games share, the expansion's for teams and towers."""

from __future__ import annotations

from companion.games.bestiary import narration as duel
from companion.games.bestiary.labels import creature
from companion.games.four_path.catalogue import WORDS
from companion.games.spec import Sayer
from companion.narration import player
from companion.rules.base import JSON


def team(view: JSON, side: object) -> str:
    """A team as the table reads it: its players' names."""
    for entry in view.get("sides") or []:
        if entry.get("side") == side:
            return str(entry.get("name"))
    return str(side)


def _named(name: str, language: str) -> str:
    return creature(name, name, language)


def _towers(event: JSON, language: str) -> str:
    towers = event.get("towers") or []
    if not towers:
        return WORDS("narr.towers_none", language)
    numbers = ", ".join(str(t).rsplit("_", 1)[-1] for t in towers)
    return WORDS("narr.towers_held", language, count=len(towers), numbers=numbers)


def _preparation(event: JSON, view: JSON, language: str) -> str:
    return duel._preparation({**event, "seat": None}, view, language).replace(
        player(view, None, language), team(view, event["side"]), 1
    )


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
    line = duel._ability_used(event, view, language)
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
    "phase_ended": lambda e, v, lang: WORDS("narr.team_done", lang, team=team(v, e["side"])),
    "game_won": lambda e, v, lang: WORDS("narr.team_won", lang, team=team(v, e["side"])),
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
