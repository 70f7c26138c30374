"""Narration of Four-path's events, in English and Russian (keys ``four_path.narr.*``):
the duel's sayers for what the two games share, the expansion's for teams and towers."""

from __future__ import annotations

from typing import cast

from companion.games.bestiary import narration as duel
from companion.games.bestiary.labels import creature
from companion.games.bestiary.types import GameWonEvent, ScaleMovedEvent
from companion.games.four_path.catalogue import WORDS
from companion.games.four_path.types import (
    AreaSetEvent,
    CreatureBannedEvent,
    FourPathAbilityEvent,
    FourPathSiegeEvent,
    RespawnedInEvent,
    SeatSideEvent,
    TeamPhaseEndedEvent,
    TeamPreparationEvent,
    VampirismEvent,
    four_path_view,
)
from companion.games.spec import Sayer
from companion.i18n import Words
from companion.narration import player
from companion.rules.base import Event, View

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


def team(view: View, side: object) -> str:
    """A team as the table reads it: its players' names."""
    for entry in four_path_view(view).get("sides") or []:
        if entry.get("side") == side:
            return str(entry.get("name"))
    return str(side)


def _named(name: str, language: str) -> str:
    return creature(name, name, language)


def _alone(view: View, side: object) -> bool:
    """Is the side one player (the duel)?"""
    for entry in four_path_view(view).get("sides") or []:
        if entry.get("side") == side:
            return len(entry.get("seats") or []) == 1
    return False


def _towers(event: FourPathSiegeEvent, language: str) -> str:
    towers = event.get("towers") or []
    if not towers:
        return WORDS("narr.towers_none", language)
    numbers = ", ".join(str(t).rsplit("_", 1)[-1] for t in towers)
    if len(towers) == 1:
        return WORDS("narr.towers_held_one", language, numbers=numbers)
    return WORDS("narr.towers_held", language, count=len(towers), numbers=numbers)


def _banned(event: Event, view: View, language: str) -> str:
    banned = cast(CreatureBannedEvent, event)
    return WORDS(
        "narr.creature_banned",
        language,
        player=player(view, banned["seat"], language),
        creature=_named(banned["creature"], language),
    )


def _siege(event: Event, view: View, language: str) -> str:
    siege = cast(FourPathSiegeEvent, event)
    return WORDS(
        "narr.siege", language, team=team(view, siege["side"]), towers=_towers(siege, language)
    )


def _preparation(event: Event, view: View, language: str) -> str:
    preparation = cast(TeamPreparationEvent, event)
    return duel.preparation_said(preparation, team(view, preparation["side"]), language, WORDS)


def _seat_said(key: str) -> Sayer:
    """An ally opens or passes: ``key`` said with the player's name."""

    def say(event: Event, view: View, language: str) -> str:
        acted = cast(SeatSideEvent, event)
        return WORDS(key, language, player=player(view, acted["seat"], language))

    return say


def _phase_ended(event: Event, view: View, language: str) -> str:
    """Both allies have passed; the duel's one player has said so already."""
    ended = cast(TeamPhaseEndedEvent, event)
    if _alone(view, ended["side"]):
        return ""
    return WORDS("narr.team_done", language, team=team(view, ended["side"]))


def _won(event: Event, view: View, language: str) -> str:
    won = cast(GameWonEvent, event)
    if _alone(view, won["side"]):
        return WORDS("narr.player_won", language, player=team(view, won["side"]))
    return WORDS("narr.team_won", language, team=team(view, won["side"]))


def _castle_damaged(event: Event, view: View, language: str) -> str:
    moved = cast(ScaleMovedEvent, event)
    key = "narr.castle_repaired" if moved["event"] == "castle_repaired" else "narr.scale_moved"
    return WORDS(
        key,
        language,
        team=team(view, moved["side"]),
        damage=moved["castle_damage"],
        length=moved["scale_length"],
    )


def _ability_used(event: Event, view: View, language: str) -> str:
    used = cast(FourPathAbilityEvent, event)
    line = duel.ability_said(used, language, WORDS)
    if "from" in used:
        line += " " + WORDS(
            "narr.wound_moved",
            language,
            source=_named(str(used["from"]), language),
            receiver=_named(str(used["to"]), language),
        )
    if "hex" in used:
        line += " " + WORDS("narr.barrier", language, hex=used["hex"])
    return line


def _area_set(event: Event, view: View, language: str) -> str:
    area = cast(AreaSetEvent, event)
    return WORDS(
        "narr.area_set",
        language,
        tower=str(area["tower"]).rsplit("_", 1)[-1],
        one=area["control"][0],
        two=area["control"][1],
    )


def _vampirism(event: Event, view: View, language: str) -> str:
    vampirism = cast(VampirismEvent, event)
    return WORDS(
        "narr.vampirism_healed" if vampirism["healed"] else "narr.vampirism_not",
        language,
        creature=_named(vampirism["creature"], language),
        wounds=vampirism["wounds_made"],
    )


def _respawned_in(event: Event, view: View, language: str) -> str:
    respawned = cast(RespawnedInEvent, event)
    return WORDS(
        "narr.respawned_in",
        language,
        creature=_named(respawned["creature"], language),
        castle=str(respawned["castle"]).rsplit("_", 1)[-1],
    )


# Each sayer reads its event as the TypedDict of companion/games/four_path/types.py (one
# cast where the shell calls it: the rules emitted it so).
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
    "creature_banned": _banned,
    "siege": _siege,
    "castle_damaged": _castle_damaged,
    "castle_repaired": _castle_damaged,
    "preparation": _preparation,
    "opened": _seat_said("narr.opened"),
    "passed": _seat_said("narr.passed"),
    "phase_ended": _phase_ended,
    "game_won": _won,
    "area_set": _area_set,
    "vampirism": _vampirism,
    "respawned_in": _respawned_in,
}
