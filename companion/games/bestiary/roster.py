"""The roster of Bestiary creatures the rulebooks name (``data/bestiary_roster.yaml``).

Static package data, read once; values the rulebooks do not give are ``None`` and the
summon action supplies them.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources

from companion import yamlfile
from companion.rules.base import JSON


@dataclass(frozen=True)
class AbilityInfo:
    id: str
    name_en: str
    name_ru: str
    prep: int | str | None  # 1..6, "X", or None when the rulebooks do not say
    effects: tuple[str, ...]
    target: str | None


@dataclass(frozen=True)
class CreatureInfo:
    id: str
    name_en: str
    name_ru: str
    source: str
    klass: str | None
    vitality: int | None
    attack_name_en: str | None
    attack_strength: int | None
    abilities: tuple[AbilityInfo, ...]
    aliases: tuple[str, ...] = ()  # names it went by before (a script may still say them)


def _names(raw: object, fallback: str) -> tuple[str, str]:
    if isinstance(raw, dict):
        en = str(raw.get("en") or fallback)
        return en, str(raw.get("ru") or en)
    return fallback, fallback


def _ability(raw: JSON) -> AbilityInfo:
    """An ability of roster.yaml as parsed (a true boundary: the file is read, not built)."""
    en, ru = _names(raw.get("name"), str(raw["id"]))
    prep = raw.get("prep")
    if isinstance(prep, str) and prep.upper() == "X":
        prep = "X"
    return AbilityInfo(
        id=str(raw["id"]),
        name_en=en,
        name_ru=ru,
        prep=prep if isinstance(prep, (int, str)) else None,
        effects=tuple(str(e) for e in raw.get("effects") or ()),
        target=raw.get("target"),
    )


@functools.cache
def roster() -> dict[str, CreatureInfo]:
    text = (
        resources.files("companion.games.bestiary")
        .joinpath("roster.yaml")
        .read_text(encoding="utf-8")
    )
    data = yamlfile.parse("roster.yaml", text).data or {}
    assert isinstance(data, dict)  # the package's own file, read whole by the tests
    creatures: dict[str, CreatureInfo] = {}
    for raw in data.get("creatures") or ():
        en, ru = _names(raw.get("name"), str(raw["id"]))
        attack = raw.get("attack") or {}
        attack_en, _ = _names(attack.get("name"), "attack") if attack.get("name") else (None, "")
        strength = attack.get("strength")
        creatures[str(raw["id"])] = CreatureInfo(
            id=str(raw["id"]),
            name_en=en,
            name_ru=ru,
            source=str(raw.get("source") or "base"),
            klass=raw.get("class"),
            vitality=raw.get("vitality"),
            attack_name_en=attack_en,
            attack_strength=strength if isinstance(strength, int) else None,
            abilities=tuple(_ability(a) for a in raw.get("abilities") or ()),
            aliases=tuple(str(a) for a in raw.get("aliases") or ()),
        )
    return creatures


def find(name: str) -> CreatureInfo | None:
    """A creature by id or by its English or Russian name, ignoring case."""
    table = roster()
    if name in table:
        return table[name]
    folded = name.casefold()
    for info in table.values():
        if folded in (info.id, info.name_en.casefold(), info.name_ru.casefold()):
            return info
        if folded in (alias.casefold() for alias in info.aliases):
            return info
    return None
