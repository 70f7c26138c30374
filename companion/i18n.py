"""Every string a player reads, in English and Russian: the one place a key becomes words.

``text(key, language, **fields)`` formats a catalogue entry; a missing key in a language
falls back to English, and tests check that both catalogues have the same keys. The shell's
own strings (screens, hardware answers, the menu) are merged here; each game brings its
strings as :class:`Words`, whose keys are namespaced by the game's name (``bestiary.``,
``manus.``) so that two games never clash.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.catalogue import hardware as _hardware
from companion.catalogue import legend as _legend
from companion.catalogue import ui as _ui

LANGUAGES = ("en", "ru")

EN: dict[str, str] = {**_ui.EN, **_hardware.EN, **_legend.EN}
RU: dict[str, str] = {**_ui.RU, **_hardware.RU, **_legend.RU}

CATALOGUES: dict[str, dict[str, str]] = {"en": EN, "ru": RU}

# A field value may be a number, a string or anything with a useful str().
Field = object


def text(key: str, language: str = "en", /, **fields: Field) -> str:
    catalogue = CATALOGUES.get(language, EN)
    template = catalogue.get(key) or EN.get(key) or key
    return template.format(**fields) if fields else template


def has(key: str) -> bool:
    return key in EN


def name_of(kind: str, value: str, language: str = "en") -> str:
    """A rulebook name (castle, tower, class, effect, phase) in the language."""
    key = f"{kind}.{value}"
    found = CATALOGUES.get(language, EN).get(key) or EN.get(key)
    return found if found else value.replace("_", " ")


@dataclass(frozen=True)
class Words:
    """A game's catalogue: ``words(key, language, **fields)`` says ``<game>.<key>``.

    Building it merges the game's entries into the table's catalogues, so the shell can
    say a game's key (a prompt's, an event's) with :func:`text` like any other.
    """

    game: str
    en: Mapping[str, str]
    ru: Mapping[str, str]

    def __post_init__(self) -> None:
        for language, entries in (("en", self.en), ("ru", self.ru)):
            CATALOGUES[language].update({self.key(k): v for k, v in entries.items()})

    def key(self, key: str) -> str:
        return f"{self.game}.{key}"

    def __call__(self, key: str, language: str = "en", /, **fields: Field) -> str:
        return text(self.key(key), language, **fields)

    def has(self, key: str) -> bool:
        return has(self.key(key))

    def name(self, kind: str, value: str, language: str = "en") -> str:
        """A rulebook name of this game (``castle.wasteland``) in the language."""
        return name_of(self.key(kind), value, language)
