"""Every string a player reads, in English and Russian: the one place a key becomes words.

``text(key, language, **fields)`` formats a catalogue entry; a missing key in a language
falls back to English, and tests check that both catalogues have the same keys.

A count is said in the plural form its language gives it, by Babel's CLDR plural rules
(:func:`plural`): an entry names the forms as the count's format, separated by ``|``, in
the order of the language's categories (English: one|other; Russian: one|few|many), so
``"{cycles} {cycles:цикл|цикла|циклов}"`` says 1 цикл, 2 цикла, 5 циклов, 21 цикл. The shell's
own strings (screens, hardware answers, the menu) are merged here; each game brings its
strings as :class:`Words`, whose keys are namespaced by the game's name (``bestiary.``,
``manus.``) so that two games never clash.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from companion.catalogue import hardware as _hardware
from companion.catalogue import legend as _legend
from companion.catalogue import ui as _ui

if TYPE_CHECKING:
    from babel.plural import PluralRule

LANGUAGES = ("en", "ru")

EN: dict[str, str] = {**_ui.EN, **_hardware.EN, **_legend.EN}
RU: dict[str, str] = {**_ui.RU, **_hardware.RU, **_legend.RU}

CATALOGUES: dict[str, dict[str, str]] = {"en": EN, "ru": RU}

# A field value may be a number, a string or anything with a useful str().
Field = object


def text(key: str, language: str = "en", /, **fields: Field) -> str:
    catalogue = CATALOGUES.get(language, EN)
    template = catalogue.get(key) or EN.get(key) or key
    if not fields:
        return template
    if "|" not in template:  # no plural forms: the numbers as they are
        return template.format(**fields)
    counted = {
        name: Count(value, language) if type(value) is int else value
        for name, value in fields.items()
    }
    return template.format(**counted)


# The CLDR plural categories in the order a catalogue lists its forms.
CATEGORIES = ("zero", "one", "two", "few", "many", "other")


@cache
def _rule(language: str) -> PluralRule:
    """The language's plural rule (Babel's locale data, loaded once, when first needed:
    the box starts without it)."""
    from babel import Locale  # noqa: PLC0415 (its data loads when a count is first said)

    return Locale.parse(language).plural_form


@cache
def _tags(language: str) -> tuple[str, ...]:
    """The language's plural categories in catalogue order ("other" is always implied)."""
    rule = _rule(language)
    return tuple(tag for tag in CATEGORIES if tag in rule.tags or tag == "other")


def plural_category(count: int, language: str) -> str:
    """The CLDR plural category of ``count`` in the language ("one", "few", "many"...)."""
    return str(_rule(language)(count))


def plural(count: int, forms: Sequence[str], language: str) -> str:
    """Of ``forms`` (the language's forms in the order of its categories: English one,
    other; Russian one, few, many), the one ``count`` takes. A list one form short leaves
    out "other" (in Russian the fractions', which no count of the table has): it then
    takes the "few" form, or the last."""
    tags = list(_tags(language))
    if len(forms) == len(tags) - 1 and "other" in tags:
        tags.remove("other")
    category = plural_category(count, language)
    if category not in tags:
        category = "few" if "few" in tags else tags[-1]
    index = tags.index(category)
    return forms[index] if index < len(forms) else forms[-1]


class Count(int):
    """A whole number a catalogue entry says: as a number (``{count}``), or by a format
    of plural forms (``{count:day|days}``) as the word its count takes in the language."""

    language: str

    def __new__(cls, value: int, language: str) -> Count:
        made = super().__new__(cls, value)
        made.language = language
        return made

    def __format__(self, spec: str) -> str:
        if "|" in spec:
            return plural(int(self), spec.split("|"), self.language)
        return int(self).__format__(spec)


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
