"""Narration of the duel's events, in English and Russian (keys ``bestiary.narr.*``)."""

from __future__ import annotations

from collections.abc import Iterable

from companion.games.bestiary.catalogue import WORDS
from companion.games.bestiary.labels import ability_named, creature
from companion.games.spec import Sayer
from companion.i18n import Words
from companion.narration import player
from companion.rules.base import JSON


def _named(name: str, language: str) -> str:
    """A creature, named as a player entered it, in the language (from the roster)."""
    return creature(name, name, language)


def _castle_of(view: JSON, seat: object, language: str) -> str:
    for entry in view.get("seats", []):
        if entry.get("seat") == seat and entry.get("castle"):
            return WORDS.name("castle", str(entry["castle"]), language)
    return player(view, seat, language)


def _towers(count: int, language: str) -> str:
    if count == 0:
        return WORDS("narr.towers_none", language)
    if count == 1:
        return WORDS("narr.towers_one", language)
    return WORDS("narr.towers_many", language, count=count)


def effects_said(items: Iterable[JSON], language: str, words: Words = WORDS) -> str:
    """Effects on creatures, by ``words``' names of the effects ("Defense up → Saxum")."""
    return ", ".join(
        f"{words.name('effect', str(item['kind']), language)} → "
        f"{_named(item['creature'], language)}"
        for item in items
    )


def _class_penalty(event: JSON, view: JSON, language: str) -> str:
    who = player(view, event["seat"], language)
    missing = event.get("missing") or []
    if not missing:
        return WORDS("narr.class_penalty_none", language, player=who)
    classes = ", ".join(WORDS.name("class", m, language) for m in missing)
    return WORDS(
        "narr.class_penalty", language, player=who, classes=classes, damage=2 * len(missing)
    )


def preparation_said(event: JSON, who: str, language: str, words: Words = WORDS) -> str:
    """A preparation: the tokens back on ``who``'s cards, the effects that end."""
    tokens = event.get("tokens_returned") or []
    if tokens:
        listed = ", ".join(
            f"{_named(t['creature'], language)}: "
            f"{ability_named(t['creature'], t['ability'], language)}"
            for t in tokens
        )
        line = words("narr.preparation", language, player=who, tokens=listed)
    else:
        line = words("narr.preparation_nothing", language, player=who)
    ended = event.get("effects_ended") or []
    if ended:
        said = effects_said(ended, language, words)
        line += " " + words("narr.effects_ended", language, effects=said)
    return line


def _preparation(event: JSON, view: JSON, language: str) -> str:
    return preparation_said(event, player(view, event["seat"], language), language)


def ability_said(event: JSON, language: str, words: Words = WORDS) -> str:
    """An ability used: when its token comes back, and the effects it put on."""
    line = words(
        "narr.ability_used",
        language,
        creature=_named(event["creature"], language),
        ability=ability_named(event["creature"], event["ability"], language),
        period=event["returns_at_period"],
        sector=event["sector"],
    )
    if event.get("effects"):
        line += " " + words(
            "narr.ability_effects",
            language,
            effects=effects_said(event["effects"], language, words),
        )
    return line


def _ability_used(event: JSON, view: JSON, language: str) -> str:
    return ability_said(event, language)


SAYERS: dict[str, Sayer] = {
    "castle_chosen": lambda e, v, lang: WORDS(
        "narr.castle_chosen",
        lang,
        player=player(v, e["seat"], lang),
        castle=WORDS.name("castle", e["castle"], lang),
    ),
    "creature_summoned": lambda e, v, lang: WORDS(
        "narr.creature_summoned",
        lang,
        player=player(v, e["seat"], lang),
        creature=_named(e["creature"], lang),
    ),
    "class_penalty": _class_penalty,
    "tempo_wanted": lambda e, v, lang: WORDS(
        "narr.tempo_wanted",
        lang,
        player=player(v, e["seat"], lang),
        tempo=WORDS(f"setup.tempo.{e['tempo']}", lang),
    ),
    "tempo_chosen": lambda e, v, lang: WORDS(
        "narr.tempo_chosen", lang, tempo=WORDS(f"setup.tempo.{e['tempo']}", lang)
    ),
    "disc_turned": lambda e, v, lang: WORDS(
        "narr.disc_turned", lang, period=e["period"], cycle=e["cycle"]
    ),
    "siege": lambda e, v, lang: WORDS(
        "narr.siege",
        lang,
        player=player(v, e["seat"], lang),
        towers=_towers(len(e["towers"]), lang),
    ),
    "castle_damaged": lambda e, v, lang: WORDS(
        "narr.castle_damaged",
        lang,
        castle=_castle_of(v, e["seat"], lang),
        damage=e["castle_damage"],
        length=e["scale_length"],
    ),
    "preparation": _preparation,
    "attacked": lambda e, v, lang: WORDS(
        "narr.attacked",
        lang,
        creature=_named(e["creature"], lang),
        target=_named(e["target"], lang),
        wounds=e["wounds"],
        total=e["total_wounds"],
        vitality=e["vitality"],
    ),
    "creature_destroyed": lambda e, v, lang: WORDS(
        "narr.creature_destroyed", lang, creature=_named(e["creature"], lang)
    ),
    "maneuvered": lambda e, v, lang: WORDS(
        "narr.maneuvered", lang, creature=_named(e["creature"], lang)
    ),
    "ability_used": _ability_used,
    "phase_ended": lambda e, v, lang: WORDS(
        "narr.phase_ended",
        lang,
        player=player(v, e["seat"], lang),
        phase=WORDS.name("phase", e["phase"], lang),
    ),
    "game_won": lambda e, v, lang: WORDS("narr.game_won", lang, player=player(v, e["seat"], lang)),
}
