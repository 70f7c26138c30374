"""Narration of Tetranomicon's events, in English and Russian (keys ``tetranomicon.narr.*``)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TypeVar, cast

from companion.games.bestiary.labels import creature as roster_name
from companion.games.spec import Sayer
from companion.games.tetranomicon.catalogue import WORDS
from companion.games.tetranomicon.types import (
    ArtifactMadeEvent,
    BuiltEvent,
    EpochCardEvent,
    ExpeditionEvent,
    GameWonEvent,
    IncomeEvent,
    InitiativeEvent,
    PassedEvent,
    RelationFlippedEvent,
    RelationsEvent,
    RelationsKeptEvent,
    RouteLaidEvent,
    SummonedEvent,
    TetraView,
    TributeEvent,
    tetra_view,
)
from companion.narration import player
from companion.rules.base import Event, View

E = TypeVar("E", bound=Mapping[str, object])  # one of the events in types.py


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


def _sayer(say: Callable[[E, TetraView, str], str]) -> Sayer:
    """The seam: the shell hands a sayer its event and view as mappings, the event the
    one :mod:`engine` emitted under that name; the one cast is here."""

    def said(event: Event, view: View, language: str) -> str:
        return say(cast(E, event), tetra_view(view), language)

    return said


def _player(view: TetraView, seat: int, language: str) -> str:
    return player(view, seat, language)


def _creature(event: SummonedEvent, language: str) -> str:
    """A creature by its card's name; one named after its ability in the language. A
    Sigillum creature the Bestiary's roster knows (Saxum, Cornibus) is said by its name in
    the language there too: a Russian table read "Saxum" in a Russian line."""
    name, ability = event["creature"], event["ability"] or "none"
    if ability != "none" and name.casefold() == ability:
        return WORDS(f"ability.{ability}", language)
    default = re.fullmatch(r"creature (\d+)", name)  # the engine's name for an unnamed one
    if default is not None:
        return WORDS("creature.default", language, number=default.group(1))
    if language == "en":
        return name  # as the table wrote it
    return roster_name(name, name, language)


def _state(war: bool, language: str) -> str:
    return WORDS("flag.war" if war else "flag.peace", language)


def _tolls(event: BuiltEvent | ExpeditionEvent, view: TetraView, language: str) -> str:
    said = [
        WORDS(
            "narr.toll",
            language,
            player=_player(view, t["seat"], language),
            coins=coins(t["coins"], language),
        )
        for t in event["tolls"]
    ]
    return "".join(f" {line}" for line in said)


def _built(event: BuiltEvent, view: TetraView, language: str) -> str:
    line = WORDS(
        "narr.built",
        language,
        player=_player(view, event["seat"], language),
        type=WORDS(f"building.{event['type']}", language),
        castle=event["castle"],
        cost=coins(event["cost"], language),
    )
    return line + _tolls(event, view, language)


def _expedition(event: ExpeditionEvent, view: TetraView, language: str) -> str:
    key = "narr.expedition_won" if event["won"] else "narr.expedition_lost"
    line = WORDS(
        key,
        language,
        player=_player(view, event["seat"], language),
        strength=event["strength"],
        neutral=event["neutral"],
        fame=event["fame"],
    )
    return line + _tolls(event, view, language)


def _artifact(event: ArtifactMadeEvent, view: TetraView, language: str) -> str:
    line = WORDS(
        "narr.artifact_made",
        language,
        player=_player(view, event["seat"], language),
        influence=event["influence"],
    )
    return line + (" " + WORDS("narr.ferrarius", language) if event["ferrarius"] else "")


def _game_won(event: GameWonEvent, view: TetraView, language: str) -> str:
    names = ", ".join(_player(view, seat, language) for seat in event["seats"])
    return WORDS("narr.game_won", language, player=names)


def _initiative(e: InitiativeEvent, v: TetraView, lang: str) -> str:
    return WORDS("narr.initiative", lang, epoch=e["epoch"], player=_player(v, e["seat"], lang))


def _relation_flipped(e: RelationFlippedEvent, v: TetraView, lang: str) -> str:
    return WORDS(
        "narr.relation_flipped",
        lang,
        player=_player(v, e["seat"], lang),
        other=_player(v, e["with"], lang),
        state=_state(e["war"], lang),
    )


def _relations_kept(e: RelationsKeptEvent, v: TetraView, lang: str) -> str:
    return WORDS("narr.relations_kept", lang, player=_player(v, e["seat"], lang))


def _epoch_card(e: EpochCardEvent, v: TetraView, lang: str) -> str:
    return WORDS("narr.epoch_card", lang, type=WORDS(f"epoch.{e['type']}", lang))


def _relations(e: RelationsEvent, v: TetraView, lang: str) -> str:
    return WORDS("narr.relations", lang, state=_state(e["war"], lang))


def _route_laid(e: RouteLaidEvent, v: TetraView, lang: str) -> str:
    return WORDS(
        "narr.route_laid",
        lang,
        player=_player(v, e["seat"], lang),
        kind=WORDS(f"route.{e['kind']}", lang),
        a=e["castles"][0],
        b=e["castles"][1],
        cost=coins(e["cost"], lang),
    )


def _summoned(e: SummonedEvent, v: TetraView, lang: str) -> str:
    return WORDS(
        "narr.summoned",
        lang,
        player=_player(v, e["seat"], lang),
        creature=_creature(e, lang),
        strength=e["strength"],
        flag=WORDS(f"flag.{e['flag']}", lang),
        cost=coins(e["cost"], lang),
    )


def _passed(e: PassedEvent, v: TetraView, lang: str) -> str:
    return WORDS("narr.passed", lang, player=_player(v, e["seat"], lang))


def _income(e: IncomeEvent, v: TetraView, lang: str) -> str:
    return WORDS(
        "narr.income",
        lang,
        player=_player(v, e["seat"], lang),
        buildings=e["buildings"],
        epoch=e["epoch"],
        coins=coins(e["coins"], lang),
    )


def _tribute(e: TributeEvent, v: TetraView, lang: str) -> str:
    return WORDS(
        "narr.tribute", lang, player=_player(v, e["seat"], lang), other=_player(v, e["from"], lang)
    )


SAYERS: dict[str, Sayer] = {
    "initiative": _sayer(_initiative),
    "relation_flipped": _sayer(_relation_flipped),
    "relations_kept": _sayer(_relations_kept),
    "epoch_card": _sayer(_epoch_card),
    "relations": _sayer(_relations),
    "built": _sayer(_built),
    "route_laid": _sayer(_route_laid),
    "artifact_made": _sayer(_artifact),
    "summoned": _sayer(_summoned),
    "expedition": _sayer(_expedition),
    "passed": _sayer(_passed),
    "income": _sayer(_income),
    "tribute": _sayer(_tribute),
    "game_won": _sayer(_game_won),
}
