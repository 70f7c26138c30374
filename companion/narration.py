"""The table's narration: what just happened, in a sentence or two, from the events.

A pure function of the events of a step and the view after it, so the CLI, the screen and
the tests all say the same thing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from companion.i18n import name_of, text
from companion.rules.base import JSON

Sayer = Callable[[JSON, JSON, str], str]


def _player(view: JSON, seat: Any) -> str:
    for entry in view.get("seats", []):
        if entry.get("seat") == seat:
            return str(entry.get("name"))
    return f"seat {seat}"


def _castle_of(view: JSON, seat: Any, language: str) -> str:
    for entry in view.get("seats", []):
        if entry.get("seat") == seat and entry.get("castle"):
            return name_of("castle", str(entry["castle"]), language)
    return _player(view, seat)


def _towers(count: int, language: str) -> str:
    if count == 0:
        return text("narr.towers_none", language)
    if count == 1:
        return text("narr.towers_one", language)
    return text("narr.towers_many", language, count=count)


def _effects(items: Iterable[JSON], language: str) -> str:
    return ", ".join(
        f"{name_of('effect', str(item['kind']), language)} → {item['creature']}" for item in items
    )


def _class_penalty(event: JSON, view: JSON, language: str) -> str:
    player = _player(view, event["seat"])
    missing = event.get("missing") or []
    if not missing:
        return text("narr.class_penalty_none", language, player=player)
    classes = ", ".join(name_of("class", m, language) for m in missing)
    return text(
        "narr.class_penalty", language, player=player, classes=classes, damage=2 * len(missing)
    )


def _preparation(event: JSON, view: JSON, language: str) -> str:
    player = _player(view, event["seat"])
    tokens = event.get("tokens_returned") or []
    if tokens:
        listed = ", ".join(f"{t['creature']}: {t['ability']}" for t in tokens)
        line = text("narr.preparation", language, player=player, tokens=listed)
    else:
        line = text("narr.preparation_nothing", language, player=player)
    ended = event.get("effects_ended") or []
    if ended:
        line += " " + text("narr.effects_ended", language, effects=_effects(ended, language))
    return line


def _ability_used(event: JSON, view: JSON, language: str) -> str:
    line = text(
        "narr.ability_used",
        language,
        creature=event["creature"],
        ability=event["ability"],
        period=event["returns_at_period"],
        sector=event["sector"],
    )
    if event.get("effects"):
        line += " " + text(
            "narr.ability_effects", language, effects=_effects(event["effects"], language)
        )
    return line


SAYERS: dict[str, Sayer] = {
    "castle_chosen": lambda e, v, lang: text(
        "narr.castle_chosen",
        lang,
        player=_player(v, e["seat"]),
        castle=name_of("castle", e["castle"], lang),
    ),
    "creature_summoned": lambda e, v, lang: text(
        "narr.creature_summoned", lang, player=_player(v, e["seat"]), creature=e["creature"]
    ),
    "class_penalty": _class_penalty,
    "disc_turned": lambda e, v, lang: text(
        "narr.disc_turned", lang, period=e["period"], cycle=e["cycle"]
    ),
    "siege": lambda e, v, lang: text(
        "narr.siege", lang, player=_player(v, e["seat"]), towers=_towers(len(e["towers"]), lang)
    ),
    "castle_damaged": lambda e, v, lang: text(
        "narr.castle_damaged",
        lang,
        castle=_castle_of(v, e["seat"], lang),
        damage=e["castle_damage"],
        length=e["scale_length"],
    ),
    "preparation": _preparation,
    "attacked": lambda e, v, lang: text(
        "narr.attacked",
        lang,
        creature=e["creature"],
        target=e["target"],
        wounds=e["wounds"],
        total=e["total_wounds"],
        vitality=e["vitality"],
    ),
    "creature_destroyed": lambda e, v, lang: text(
        "narr.creature_destroyed", lang, creature=e["creature"]
    ),
    "maneuvered": lambda e, v, lang: text("narr.maneuvered", lang, creature=e["creature"]),
    "ability_used": _ability_used,
    "phase_ended": lambda e, v, lang: text(
        "narr.phase_ended",
        lang,
        player=_player(v, e["seat"]),
        phase=name_of("phase", e["phase"], lang),
    ),
    "game_won": lambda e, v, lang: text("narr.game_won", lang, player=_player(v, e["seat"])),
}


def register(sayers: dict[str, Sayer]) -> None:
    """Add a game's sayers (each game's events have distinct names)."""
    SAYERS.update(sayers)


def narrate(events: Iterable[JSON], view: JSON, language: str = "en") -> list[str]:
    """One line per event the catalogue knows; other events are left to the game's screen."""
    lines = []
    for event in events:
        sayer = SAYERS.get(str(event.get("event")))
        if sayer is not None:
            lines.append(sayer(event, view, language))
    return lines


from companion import narration_manus  # noqa: E402

register(narration_manus.SAYERS)
