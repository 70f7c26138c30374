"""Narration of the Talisman tracker's events (keys ``talisman.narr.*``): most are said by
their catalogue key with the event's fields; these need words of their own."""

from __future__ import annotations

from companion.games.spec import Sayer, typed_sayers
from companion.games.talisman.catalogue import WORDS
from companion.games.talisman.entries import said
from companion.games.talisman.types import (
    AlignmentEvent,
    BattleEvent,
    ChangedEvent,
    EncounterEvent,
    LifeEvent,
    NamedEvent,
    ObjectEvent,
    RewardEvent,
    TalismanView,
    TrophiesTradedEvent,
    talisman_view,
)
from companion.i18n import Words
from companion.narration import player

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


_sayer = typed_sayers(talisman_view)


def _player(view: TalismanView, seat: int, language: str) -> str:
    return player(view, seat, language)


def _changed(event: ChangedEvent, view: TalismanView, language: str) -> str:
    return WORDS(
        "narr.changed",
        language,
        player=_player(view, event["seat"], language),
        field=WORDS(f"sheet.{event['field']}", language),
        before=event["before"],
        after=event["after"],
    )


def _result(event: BattleEvent, view: TalismanView, language: str) -> str:
    return WORDS(
        "narr.battle_result",
        language,
        player=_player(view, event["seat"], language),
        outcome=WORDS(f"outcome.{event['outcome']}", language),
    )


def _order(event: EncounterEvent, view: TalismanView, language: str) -> str:
    order = ", ".join(str(n) for n in event["order"]) or "—"
    return WORDS("narr.encounter", language, draw=event["draw"], order=order)


def _traded(event: TrophiesTradedEvent, view: TalismanView, language: str) -> str:
    return WORDS(
        "narr.trophies_traded",
        language,
        player=_player(view, event["seat"], language),
        gained=event["gained"],
        kind=WORDS(f"trophy.{event['kind']}", language),
        lost=event["lost"],
    )


def _alignment(event: AlignmentEvent, view: TalismanView, language: str) -> str:
    return WORDS(
        "narr.alignment",
        language,
        player=_player(view, event["seat"], language),
        to=WORDS(f"alignment.{event['to']}", language),
    )


def _object(event: ObjectEvent, view: TalismanView, language: str) -> str:
    """An object taken or dropped, a card the fragment names said in the language."""
    return WORDS(
        f"narr.{event['event']}",
        language,
        player=_player(view, event["seat"], language),
        object=said(event["object"], language),
    )


def _named(event: NamedEvent, view: TalismanView, language: str) -> str:
    """A follower or a spell, by its name in the language when the fragment names it."""
    return WORDS(
        f"narr.{event['event']}",
        language,
        player=_player(view, event["seat"], language),
        name=said(event["name"], language),
    )


# What a winner takes from the hero he beat (L98), as the reward line says it.
TAKEN = Words(
    "talisman",
    {
        "take.life": "life",
        "take.gold": "gold",
        "take.object": "object",
        "take.gold_count": "{gold} gold",
    },
    {
        "take.life": "жизнь",
        "take.gold": "золото",
        "take.object": "предмет",
        "take.gold_count": "{gold} {gold:золотой|золотых|золотых}",
    },
)


def _reward(event: RewardEvent, view: TalismanView, language: str) -> str:
    """The winner's reward, in the language ("Boris берёт: жизнь"); an object by its name.
    The loser's last life is said as such, with all that went with it (L100: "Anna takes
    Boris's last life, and with it all Boris had: Helmet, 2 gold"): a table would not
    see the Helmet move."""
    winner = _player(view, event["seat"], language)
    if event.get("all"):
        loser = _player(view, event["from"], language)
        things = _everything(event, language)
        if not things:
            return WORDS("narr.last_life", language, player=winner, loser=loser)
        return WORDS("narr.last_life_all", language, player=winner, loser=loser, things=things)
    thing = event.get("object")
    take = said(thing, language) if thing else TAKEN(f"take.{event['take']}", language)
    return WORDS("narr.reward", language, player=winner, take=take)


def _everything(event: RewardEvent, language: str) -> str:
    """What the last life took with it: the objects, the followers, the gold ("" if none)."""
    names = [
        said(name, language) for name in (*event.get("objects", ()), *event.get("followers", ()))
    ]
    gold = event.get("gold", 0)
    if gold:
        names.append(TAKEN("take.gold_count", language, gold=gold))
    return ", ".join(names)


def _life(event: LifeEvent, view: TalismanView, language: str) -> str:
    """A life lost in battle (the last one said as such) or saved."""
    name = "life_lost_last" if event.get("last") else event["event"]
    return WORDS(f"narr.{name}", language, player=_player(view, event["seat"], language))


SAYERS: dict[str, Sayer] = {
    "reward": _sayer(_reward),
    **{name: _sayer(_life) for name in ("life_lost", "life_saved")},
    **{name: _sayer(_object) for name in ("taken", "dropped")},
    **{
        name: _sayer(_named)
        for name in (
            "follower_joined",
            "follower_left",
            "spell_gained",
            "spell_discarded",
            "spell_cast",
        )
    },
    "changed": _sayer(_changed),
    "battle_result": _sayer(_result),
    "encounter": _sayer(_order),
    "trophies_traded": _sayer(_traded),
    "alignment": _sayer(_alignment),
}
