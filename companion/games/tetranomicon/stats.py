"""Tetranomicon's own statistics (``companion stats``, docs/stats.md): the victory points
by kind (each of the four standings gives a point per rival it beats: wealth, influence,
strength, fame), for every player and for the winners; a game's length in epochs.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.spec import StatsKit
from companion.games.tetranomicon.arithmetic import standings_points
from companion.i18n import Words
from companion.rules.base import Event, View, Wire
from companion.rules.reading import Data, mapping, whole
from companion.stats_parts import chart, mean, percent, table

KINDS = ("wealth", "influence", "strength", "fame")  # the standings, in the rulebook's order

EN: dict[str, str] = {
    "stats.unit": "epochs",
    "stats.unit_forms": "epoch|epochs",
    "stats.points": "Points by kind",
    "stats.kind": "Kind",
    "stats.total": "Points",
    "stats.per_player": "Per player",
    "stats.per_winner": "Per winner",
    "stats.share": "Share, %",
    "stats.kind.wealth": "Wealth",
    "stats.kind.influence": "Influence",
    "stats.kind.strength": "Strength",
    "stats.kind.fame": "Fame",
}
RU: dict[str, str] = {
    "stats.unit": "эпохи",
    "stats.unit_forms": "эпоха|эпохи|эпох",
    "stats.points": "Очки по видам",
    "stats.kind": "Вид",
    "stats.total": "Очки",
    "stats.per_player": "На игрока",
    "stats.per_winner": "На победителя",
    "stats.share": "Доля, %",
    "stats.kind.wealth": "Богатство",
    "stats.kind.influence": "Влияние",
    "stats.kind.strength": "Сила",
    "stats.kind.fame": "Слава",
}
WORDS = Words("tetranomicon", EN, RU)  # merged into the game's catalogue


def epochs(view: View) -> int | None:
    """A game's length: the epoch it ended in."""
    return whole(view.get("epoch"))


def digest(events: Sequence[Event], view: View) -> Wire:
    """One game's points by kind, by seat (from the final standings), and its winners."""
    standings = mapping(view.get("standings"))
    points: dict[str, list[int]] = {}
    for kind in KINDS:
        values = standings.get(kind)
        if isinstance(values, list) and all(isinstance(v, int) for v in values):
            points[kind] = standings_points(values)
    winner = mapping(view.get("winner"))
    seats = winner.get("seats")
    winners = [s for s in seats if isinstance(s, int)] if isinstance(seats, list) else []
    return {"points": points, "winners": winners}


def report(digests: Sequence[Data], language: str) -> Wire:
    total = dict.fromkeys(KINDS, 0)
    won = dict.fromkeys(KINDS, 0)
    players = winners = 0
    for each in digests:
        points = mapping(each.get("points"))
        seats = each.get("winners")
        winning = {s for s in seats if isinstance(s, int)} if isinstance(seats, list) else set()
        counted = max((len(v) for v in points.values() if isinstance(v, list)), default=0)
        players += counted
        winners += len(winning)
        for kind in KINDS:
            values = points.get(kind)
            for seat, value in enumerate(values if isinstance(values, list) else [], 1):
                total[kind] += value
                won[kind] += value if seat in winning else 0

    def say(key: str) -> str:
        return WORDS(f"stats.{key}", language)

    labels = [say(f"kind.{kind}") for kind in KINDS]
    everything = sum(total.values())
    return {
        "charts": [
            chart(
                say("points"),
                labels,
                {
                    say("per_player"): [mean(total[k], players) for k in KINDS],
                    say("per_winner"): [mean(won[k], winners) for k in KINDS],
                },
            )
        ],
        "tables": [
            table(
                say("points"),
                [say(k) for k in ("kind", "total", "per_player", "per_winner", "share")],
                [
                    [
                        label,
                        total[kind],
                        mean(total[kind], players),
                        mean(won[kind], winners),
                        percent(total[kind], everything),
                    ]
                    for label, kind in zip(labels, KINDS, strict=True)
                ],
            )
        ],
    }


KIT = StatsKit(unit="stats.unit", units=epochs, digest=digest, report=report)
