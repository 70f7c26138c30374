"""Narration of Tetranomicon's events, in English and Russian (keys ``tetranomicon.narr.*``)."""

from __future__ import annotations

from companion.games.spec import Sayer
from companion.games.tetranomicon.catalogue import WORDS
from companion.narration import player
from companion.rules.base import JSON


def coins(count: int, language: str) -> str:
    """«1 coin», «3 coins»; «1 монета», «3 монеты», «5 монет»."""
    if language == "ru":
        tens, ones = count % 100, count % 10
        if ones == 1 and tens != 11:
            key = "narr.coins_one"
        elif 2 <= ones <= 4 and not 12 <= tens <= 14:
            key = "narr.coins_few"
        else:
            key = "narr.coins_many"
    else:
        key = "narr.coins_one" if count == 1 else "narr.coins_many"
    return WORDS(key, language, count=count)


def _creature(event: JSON, language: str) -> str:
    """A creature by its card's name; one named after its ability in the language."""
    name, ability = str(event["creature"]), str(event.get("ability") or "none")
    if ability != "none" and name.casefold() == ability:
        return WORDS(f"ability.{ability}", language)
    return name


def _state(war: object, language: str) -> str:
    return WORDS("flag.war" if war else "flag.peace", language)


def _tolls(event: JSON, view: JSON, language: str) -> str:
    said = [
        WORDS(
            "narr.toll",
            language,
            player=player(view, t["seat"], language),
            coins=coins(int(t["coins"]), language),
        )
        for t in event.get("tolls") or []
    ]
    return "".join(f" {line}" for line in said)


def _built(event: JSON, view: JSON, language: str) -> str:
    line = WORDS(
        "narr.built",
        language,
        player=player(view, event["seat"], language),
        type=WORDS(f"building.{event['type']}", language),
        castle=event["castle"],
        cost=coins(int(event["cost"]), language),
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
        cost=coins(int(e["cost"]), lang),
    ),
    "artifact_made": _artifact,
    "summoned": lambda e, v, lang: WORDS(
        "narr.summoned",
        lang,
        player=player(v, e["seat"], lang),
        creature=_creature(e, lang),
        strength=e["strength"],
        flag=WORDS(f"flag.{e['flag']}", lang),
        cost=coins(int(e["cost"]), lang),
    ),
    "expedition": _expedition,
    "passed": lambda e, v, lang: WORDS("narr.passed", lang, player=player(v, e["seat"], lang)),
    "income": lambda e, v, lang: WORDS(
        "narr.income",
        lang,
        player=player(v, e["seat"], lang),
        buildings=e["buildings"],
        epoch=e["epoch"],
        coins=coins(int(e["coins"]), lang),
    ),
    "tribute": lambda e, v, lang: WORDS(
        "narr.tribute", lang, player=player(v, e["seat"], lang), other=player(v, e["from"], lang)
    ),
    "game_won": _game_won,
}
