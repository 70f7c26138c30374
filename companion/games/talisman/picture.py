"""Talisman on the phones, the club line and Home Assistant (docs/phones.md,
docs/club.md): the turns played, each hero's lives, strength and craft; a seat's own
hero sheet for that seat; as sensors the turns and each hero's lives, strength and craft."""

from __future__ import annotations

from companion.games.spec import Entity, common_entities, seat_entity
from companion.games.talisman.catalogue import WORDS
from companion.games.talisman.entries import said
from companion.games.talisman.types import HeroView, talisman_view
from companion.rules.base import View, Wire
from companion.rules.reading import whole

PAGE = {
    "en": {"turn": "Turn", "heroes": "Heroes", "you": "Your hero"},
    "ru": {"turn": "Ход", "heroes": "Герои", "you": "Ваш герой"},
}


def _say(key: str, language: str) -> str:
    return PAGE.get(language, PAGE["en"]).get(key) or PAGE["en"][key]


# The spec's hooks below take the view as the shell holds it (a mapping), read as the
# TypedDict :func:`present.view` built (one cast each, :func:`talisman_view`); a page may
# ask before a game has a view, so the view's own keys are read with ``get``.


def headline(view: View, language: str) -> str:
    turns = talisman_view(view).get("turns")
    return f"{_say('turn', language)} {turns}" if isinstance(turns, int) and turns else ""


def _stats(hero: HeroView, language: str) -> str:
    return (
        f"{WORDS('ui.lives', language)} {hero['lives']}"
        f" · {WORDS('ui.strength', language).lower()} {hero['strength']}"
        f" · {WORDS('ui.craft', language).lower()} {hero['craft']}"
    )


def summary(view: View, language: str) -> list[Wire]:
    """Each hero's lives, strength and craft (words: a hero has no score)."""
    return [
        {"label": hero["name"], "value": _stats(hero, language), "seat": hero["seat"]}
        for hero in talisman_view(view).get("seats") or []
    ]


def summary_title(language: str) -> str:
    return _say("heroes", language)


def _names(items: list[str], language: str) -> str:
    return ", ".join(said(item, language) for item in items)


def sections(view: View, language: str, seat: int | None) -> list[Wire]:
    """A seat's own hero sheet for that seat (the public page has the summary)."""
    seats = talisman_view(view).get("seats") or []
    hero = next((h for h in seats if h["seat"] == seat), None)
    if seat is None or hero is None:
        return []
    lines = [
        {"text": _stats(hero, language)},
        {
            "text": f"{WORDS('ui.fate', language)} {hero['fate']}"
            f" · {WORDS('ui.gold', language)} {hero['gold']}"
        },
    ]
    alignment = hero["alignment"]
    if alignment:
        lines.append({"text": WORDS(f"alignment.{alignment}", language)})
    for items, words in ((hero["objects"], "ui.objects"), (hero["spells"], "ui.spells")):
        if items:
            lines.append({"text": f"{WORDS(words, language)}: {_names(items, language)}"})
    return [{"part": "mine", "title": _say("you", language), "blocks": [{"lines": lines}]}]


def entities(view: View) -> list[Entity]:
    """The turns played, whose turn, and each hero's lives, strength and craft."""
    found = [e for e in common_entities(view) if e.key != "round"]
    found.append(Entity("turns", "turns", lambda v: whole(v.get("turns")), numeric=True))
    for hero in talisman_view(view).get("seats") or []:
        for key in ("lives", "strength", "craft"):
            found.append(seat_entity(hero["seat"], hero, key, key))
    return found
