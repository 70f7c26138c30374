"""Talisman on the phones, the club line and Home Assistant (docs/phones.md,
docs/club.md): the turns played, each hero's lives, strength and craft; a seat's own
hero sheet for that seat; as sensors the turns and each hero's lives, strength and craft."""

from __future__ import annotations

from companion.games.spec import Entity, common_entities, seat_entity, seats_of
from companion.games.talisman.catalogue import WORDS
from companion.rules.base import JSON

PAGE = {
    "en": {"turn": "Turn", "heroes": "Heroes", "you": "Your hero"},
    "ru": {"turn": "Ход", "heroes": "Герои", "you": "Ваш герой"},
}


def _say(key: str, language: str) -> str:
    return PAGE.get(language, PAGE["en"]).get(key) or PAGE["en"][key]


def headline(view: JSON, language: str) -> str:
    turns = view.get("turns")
    return f"{_say('turn', language)} {turns}" if isinstance(turns, int) and turns else ""


def _stats(hero: JSON, language: str) -> str:
    return (
        f"{WORDS('ui.lives', language)} {hero.get('lives')}"
        f" · {WORDS('ui.strength', language).lower()} {hero.get('strength')}"
        f" · {WORDS('ui.craft', language).lower()} {hero.get('craft')}"
    )


def summary(view: JSON, language: str) -> list[JSON]:
    """Each hero's lives, strength and craft (words: a hero has no score)."""
    return [
        {
            "label": str(hero.get("name", "")),
            "value": _stats(hero, language),
            "seat": hero.get("seat"),
        }
        for hero in seats_of(view)
    ]


def summary_title(language: str) -> str:
    return _say("heroes", language)


def _names(items: object) -> str:
    if not isinstance(items, list):
        return ""
    return ", ".join(str(i.get("name", i)) if isinstance(i, dict) else str(i) for i in items)


def sections(view: JSON, language: str, seat: int | None) -> list[JSON]:
    """A seat's own hero sheet for that seat (the public page has the summary)."""
    hero = next((h for h in seats_of(view) if h.get("seat") == seat), None)
    if seat is None or hero is None:
        return []
    lines = [
        {"text": _stats(hero, language)},
        {
            "text": f"{WORDS('ui.fate', language)} {hero.get('fate')}"
            f" · {WORDS('ui.gold', language)} {hero.get('gold')}"
        },
    ]
    alignment = hero.get("alignment")
    if alignment:
        lines.append({"text": WORDS(f"alignment.{alignment}", language)})
    for key, words in (("objects", "ui.objects"), ("spells", "ui.spells")):
        if _names(hero.get(key)):
            lines.append({"text": f"{WORDS(words, language)}: {_names(hero.get(key))}"})
    return [{"part": "mine", "title": _say("you", language), "blocks": [{"lines": lines}]}]


def entities(view: JSON) -> list[Entity]:
    """The turns played, whose turn, and each hero's lives, strength and craft."""
    found = [e for e in common_entities(view) if e.key != "round"]
    found.append(
        Entity(
            "turns",
            "turns",
            lambda v: v.get("turns") if isinstance(v.get("turns"), int) else None,
            numeric=True,
        )
    )
    for hero in seats_of(view):
        number = hero.get("seat")
        if isinstance(number, int):
            for key in ("lives", "strength", "craft"):
                found.append(seat_entity(number, hero, key, key))
    return found
