"""Every string a player reads, in English and Russian.

``text(key, language, **fields)`` formats a catalogue entry; a missing key in a language
falls back to English, and tests check that both catalogues have the same keys.
"""

from __future__ import annotations

from typing import Any

from companion.catalogue import bestiary as _bestiary
from companion.catalogue import common as _common
from companion.catalogue import hardware as _hardware
from companion.catalogue import manus as _manus
from companion.catalogue import ui as _ui

LANGUAGES = ("en", "ru")


_PARTS = (_common, _bestiary, _manus, _ui, _hardware)


def _merge(language: str) -> dict[str, str]:
    merged: dict[str, str] = {}
    for part in _PARTS:
        merged.update(getattr(part, language.upper()))
    return merged


EN: dict[str, str] = _merge("en")
RU: dict[str, str] = _merge("ru")

CATALOGUES: dict[str, dict[str, str]] = {"en": EN, "ru": RU}


def text(key: str, language: str = "en", /, **fields: Any) -> str:
    catalogue = CATALOGUES.get(language, EN)
    template = catalogue.get(key) or EN.get(key) or key
    return template.format(**fields) if fields else template


def name_of(kind: str, value: str, language: str = "en") -> str:
    """A rulebook name (castle, tower, class, effect, phase) in the language."""
    key = f"{kind}.{value}"
    found = CATALOGUES.get(language, EN).get(key) or EN.get(key)
    return found if found else value.replace("_", " ")
