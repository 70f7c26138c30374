"""The Hand of Manus' own statistics (``companion stats``, docs/stats.md): the targets
tried and hit by size, and the hands' strength as entered at the tests; a game's length in
rounds.

A target is "tried" when its hand is tested (a test resolved), and "hit" when the test says
so; the strength is the one the test read (what the table entered for the hand).
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.manus.catalogue import WORDS as GAME_WORDS
from companion.games.manus.state import TARGETS
from companion.games.spec import StatsKit
from companion.i18n import Words
from companion.rules.base import Event, View, Wire
from companion.rules.reading import Data, whole, words
from companion.stats_parts import chart, counts_of, mean, percent, table

EN: dict[str, str] = {
    "stats.unit": "rounds",
    "stats.unit_forms": "round|rounds",
    "stats.targets": "Targets",
    "stats.target": "Target",
    "stats.tried": "Tried",
    "stats.hit": "Hit",
    "stats.hit_rate": "Hit, %",
    "stats.strength": "Average strength",
    "stats.targets_chart": "Targets tried and hit by size",
    "stats.hands": "Hands",
    "stats.tests": "Hands tested at a target",
    "stats.average_strength": "Average hand strength",
}
RU: dict[str, str] = {
    "stats.unit": "раунды",
    "stats.unit_forms": "раунд|раунда|раундов",
    "stats.targets": "Цели",
    "stats.target": "Цель",
    "stats.tried": "Попытки",
    "stats.hit": "Попадания",
    "stats.hit_rate": "Попадания, %",
    "stats.strength": "Средняя сила",
    "stats.targets_chart": "Цели: попытки и попадания по размеру",
    "stats.hands": "Руки",
    "stats.tests": "Рук испытано на цели",
    "stats.average_strength": "Средняя сила руки",
}
WORDS = Words("manus", EN, RU)  # merged into the game's catalogue: "manus.stats.*"
SIZES = tuple(TARGETS)  # small, medium, large


def rounds(view: View) -> int | None:
    """A game's length: the round it ended in."""
    return whole(view.get("round"))


def digest(events: Sequence[Event], view: View) -> Wire:
    """One game's tests: tried and hit by target size, and the strengths read (by size
    too: a large target wants a strong hand)."""
    tried: dict[str, int] = {}
    hit: dict[str, int] = {}
    strength: dict[str, int] = {}
    measured: dict[str, int] = {}  # the tests whose strength was read
    for event in events:
        if event.get("event") != "test_resolved":
            continue
        size = words(event.get("target"))
        tried[size] = tried.get(size, 0) + 1
        hit[size] = hit.get(size, 0) + int(event.get("hit") is True)
        value = whole(event.get("strength"))
        if value is not None:
            strength[size] = strength.get(size, 0) + value
            measured[size] = measured.get(size, 0) + 1
    return {"tried": tried, "hit": hit, "strength": strength, "measured": measured}


def report(digests: Sequence[Data], language: str) -> Wire:
    tried, hit = counts_of(digests, "tried"), counts_of(digests, "hit")
    strength = counts_of(digests, "strength")
    measured = counts_of(digests, "measured")
    # A hand tested without a target (the no-target option) tried none: in the hands' count.
    sizes = [size for size in SIZES if size in tried]

    def say(key: str) -> str:
        return WORDS(f"stats.{key}", language)

    labels = [GAME_WORDS.name("target", size, language) for size in sizes]
    tests = sum(tried[size] for size in sizes)
    return {
        "charts": [
            chart(
                say("targets_chart"),
                labels,
                {
                    say("tried"): [tried[s] for s in sizes],
                    say("hit"): [hit.get(s, 0) for s in sizes],
                },
            )
        ],
        "tables": [
            table(
                say("targets"),
                [say(k) for k in ("target", "tried", "hit", "hit_rate", "strength")],
                [
                    [
                        label,
                        tried[size],
                        hit.get(size, 0),
                        percent(hit.get(size, 0), tried[size]),
                        mean(strength.get(size, 0), measured.get(size, 0)),
                    ]
                    for label, size in zip(labels, sizes, strict=True)
                ],
            ),
            table(
                say("hands"),
                ["", ""],
                [
                    [say("tests"), tests],
                    [
                        say("average_strength"),
                        mean(sum(strength.values()), sum(measured.values())),
                    ],
                ],
            ),
        ],
    }


KIT = StatsKit(unit="stats.unit", units=rounds, digest=digest, report=report)
