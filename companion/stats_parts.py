"""The pieces a game's own statistics are told in (``StatsKit.report``, docs/stats.md): a
chart and a table as the report and the phones' page draw them, and the counting both need.
Imports nothing of the games: each game's ``stats.py`` builds its part with these.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.rules.base import Wire
from companion.rules.reading import Data, mapping
from companion.stats_words import rounded

Cell = str | int | float


def chart(title: str, labels: Sequence[str], series: Mapping[str, Sequence[float]]) -> Wire:
    """A bar chart: one value per label in each series (``{name: values}``, in order)."""
    return {
        "title": title,
        "labels": list(labels),
        "series": [{"name": name, "values": list(values)} for name, values in series.items()],
    }


def table(title: str, columns: Sequence[str], rows: Sequence[Sequence[Cell]]) -> Wire:
    return {"title": title, "columns": list(columns), "rows": [list(row) for row in rows]}


def percent(part: float, whole: float) -> float:
    """``part`` of ``whole`` in per cent, one decimal, half away from zero (0 of nothing
    is 0)."""
    return rounded(100 * part / whole, 1) if whole else 0.0


def mean(total: float, count: int) -> float:
    """``total`` over ``count``, two decimals, half away from zero (0 of nothing is 0: a
    table's cell)."""
    return rounded(total / count, 2) if count else 0.0


def add_counts(totals: dict[str, int], counts: object) -> None:
    """Add a digest's ``{key: count}`` into ``totals`` (a damaged value counts nothing)."""
    for key, value in mapping(counts).items():
        if isinstance(value, int):
            totals[key] = totals.get(key, 0) + value


def counts_of(digests: Sequence[Data], key: str) -> dict[str, int]:
    """The digests' ``key`` counts, summed."""
    totals: dict[str, int] = {}
    for digest in digests:
        add_counts(totals, digest.get(key))
    return totals


def name_key(name: str) -> str:
    """A player's name as the statistics match it: trimmed, without regard to case."""
    return " ".join(name.split()).casefold()
