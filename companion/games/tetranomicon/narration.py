"""Narration of Tetranomicon's events, in English and Russian (keys ``tetranomicon.narr.*``)."""

from __future__ import annotations

from companion.games.spec import Sayer
from companion.games.tetranomicon.catalogue import WORDS
from companion.narration import player
from companion.rules.base import JSON


def _state(war: object, language: str) -> str:
    return WORDS("flag.war" if war else "flag.peace", language)


def _tolls(event: JSON, view: JSON, language: str) -> str:
    return "".join(
        " "
        + WORDS("narr.toll", language, player=player(view, t["seat"], language), coins=t["coins"])
        for t in event.get("tolls") or []
    )


def _built(event: JSON, view: JSON, language: str) -> str:
    line = WORDS(
        "narr.built",
        language,
        player=player(view, event["seat"], language),
        type=WORDS(f"building.{event['type']}", language),
        castle=event["castle"],
        cost=event["cost"],
    )
    return line + _tolls(event, view, language)


def _expedition(event: JSON, view: JSON, language: str) -> str:
    key = "narr.expedition_won" if event["won"] else "narr.expedition_lost"
    line = WORDS(
        key,
        language,
        player=player(view, event["seat"], language),
        strength=event["strength"],
        neutral=event["neutral"],
        fame=event["fame"],
    )
    return line + _tolls(event, view, language)


def _artifact(event: JSON, view: JSON, language: str) -> str:
    line = WORDS(
        "narr.artifact_made",
        language,
        player=player(view, event["seat"], language),
        influence=event["influence"],
    )
    return line + (" " + WORDS("narr.ferrarius", language) if event.get("ferrarius") else "")


def _game_won(event: JSON, view: JSON, language: str) -> str:
    names = ", ".join(player(view, seat, language) for seat in event["seats"])
    return WORDS("narr.game_won", language, player=names)


SAYERS: dict[str, Sayer] = {
    "initiative": lambda e, v, lang: WORDS(
        "narr.initiative", lang, epoch=e["epoch"], player=player(v, e["seat"], lang)
    ),
    "relation_flipped": lambda e, v, lang: WORDS(
        "narr.relation_flipped",
        lang,
        player=player(v, e["seat"], lang),
        other=player(v, e["with"], lang),
        state=_state(e["war"], lang),
    ),
    "relations_kept": lambda e, v, lang: WORDS(
        "narr.relations_kept", lang, player=player(v, e["seat"], lang)
    ),
    "epoch_card": lambda e, v, lang: WORDS(
        "narr.epoch_card", lang, type=WORDS(f"epoch.{e['type']}", lang)
    ),
    "relations": lambda e, v, lang: WORDS("narr.relations", lang, state=_state(e["war"], lang)),
    "built": _built,
    "route_laid": lambda e, v, lang: WORDS(
        "narr.route_laid",
        lang,
        player=player(v, e["seat"], lang),
        kind=WORDS(f"route.{e['kind']}", lang),
        a=e["castles"][0],
        b=e["castles"][1],
        cost=e["cost"],
    ),
    "artifact_made": _artifact,
    "summoned": lambda e, v, lang: WORDS(
        "narr.summoned",
        lang,
        player=player(v, e["seat"], lang),
        creature=e["creature"],
        strength=e["strength"],
        flag=WORDS(f"flag.{e['flag']}", lang),
        cost=e["cost"],
    ),
    "expedition": _expedition,
    "passed": lambda e, v, lang: WORDS("narr.passed", lang, player=player(v, e["seat"], lang)),
    "income": lambda e, v, lang: WORDS(
        "narr.income",
        lang,
        player=player(v, e["seat"], lang),
        buildings=e["buildings"],
        epoch=e["epoch"],
        coins=e["coins"],
    ),
    "tribute": lambda e, v, lang: WORDS(
        "narr.tribute", lang, player=player(v, e["seat"], lang), other=player(v, e["from"], lang)
    ),
    "game_won": _game_won,
}
