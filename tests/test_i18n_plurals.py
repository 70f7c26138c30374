"""Counts in their plural forms, by Babel's CLDR rules (issue 24: "3 periods, 1 cycles")."""

from __future__ import annotations

import pytest

from companion.i18n import Count, plural, plural_category

# As a catalogue entry writes them (entries are templates, never literals formatted here).
CYCLES = "{n} {n:цикл|цикла|циклов}"
PERIODS = "{n} {n:period|periods}"


@pytest.mark.parametrize(
    ("count", "said"),
    [(1, "1 цикл"), (2, "2 цикла"), (5, "5 циклов"), (11, "11 циклов"), (21, "21 цикл"),
     (22, "22 цикла"), (0, "0 циклов"), (112, "112 циклов")],
)  # fmt: skip
def test_russian_takes_one_few_and_many(count: int, said: str) -> None:
    assert CYCLES.format(n=Count(count, "ru")) == said


@pytest.mark.parametrize(("count", "said"), [(1, "1 period"), (0, "0 periods"), (3, "3 periods")])
def test_english_takes_one_and_other(count: int, said: str) -> None:
    assert PERIODS.format(n=Count(count, "en")) == said


def test_a_count_without_forms_is_a_number() -> None:
    assert "{n} {n:+d} {n:02d}".format(n=Count(3, "ru")) == "3 +3 03"
    assert plural_category(3, "ru") == "few" and plural_category(1, "en") == "one"
    assert plural(2, ["раз", "раза", "раз", "раза"], "ru") == "раза"  # with "other" given too


@pytest.mark.parametrize(
    ("periods", "cycles", "en", "ru"),
    [
        (3, 1, "3 periods, 1 cycle", "3 периода, 1 цикл"),
        (5, 2, "5 periods, 2 cycles", "5 периодов, 2 цикла"),
        (1, 21, "1 period, 21 cycles", "1 период, 21 цикл"),
    ],
)
def test_the_duels_victory_says_its_length_in_plural_forms(
    periods: int, cycles: int, en: str, ru: str
) -> None:
    from companion.games import GAMES  # noqa: PLC0415

    words = GAMES["bestiary"].words
    assert words("ui.victory.summary", "en", periods=periods, cycles=cycles) == en
    assert words("ui.victory.summary", "ru", periods=periods, cycles=cycles) == ru
