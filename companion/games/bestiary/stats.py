"""The Bestiary's own statistics (``companion stats``, docs/stats.md): each creature's
summons, destructions and the win rate of the side that fielded it; a game's length in
periods. Four-path counts its creatures the same way (its sides are teams): it builds its
kit with :func:`creature_kit`.

A creature is counted by its name as the events say it. "Fielded" is per game and side: a
creature both sides summoned in one game was fielded twice, once by the winner; a creature
summoned again after it fell counts each summons but fields its side once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.games.spec import StatsKit
from companion.i18n import Words
from companion.rules.base import Event, View, Wire
from companion.rules.reading import Data, mapping, rows, whole, words
from companion.stats_parts import Cell, chart, counts_of, percent, table

EN: dict[str, str] = {
    "stats.unit": "periods",
    "stats.unit_forms": "period|periods",
    "stats.creatures": "Creatures",
    "stats.creature": "Creature",
    "stats.summons": "Summons",
    "stats.destroyed": "Destroyed",
    "stats.fielded": "Fielded",
    "stats.side_wins": "Side won, %",
    "stats.summons_chart": "Summons and destructions per creature",
    "stats.win_chart": "Win rate of the side that fielded it, %",
}
RU: dict[str, str] = {
    "stats.unit": "периоды",
    "stats.unit_forms": "период|периода|периодов",
    "stats.creatures": "Существа",
    "stats.creature": "Существо",
    "stats.summons": "Призывы",
    "stats.destroyed": "Уничтожено",
    "stats.fielded": "В игре",
    "stats.side_wins": "Победы стороны, %",
    "stats.summons_chart": "Призывы и уничтожения по существам",
    "stats.win_chart": "Доля побед стороны, выставившей существо, %",
}

StatsReport = Callable[[Sequence[Data], str], Wire]
CHART_CREATURES = 12  # the most summoned, so a chart stays readable on a phone


def creature_digest(events: Sequence[Event], view: View) -> Wire:
    """One game's creatures: summons and destructions by name, the sides that fielded each,
    and the side that won (None: none)."""
    sides = {
        whole(seat.get("seat")): whole(seat.get("side")) or whole(seat.get("seat"))
        for seat in rows(view.get("seats"))
    }
    summons: dict[str, int] = {}
    destroyed: dict[str, int] = {}
    fielded: dict[str, list[int]] = {}
    for event in events:
        kind = event.get("event")
        name = words(event.get("creature"))
        if not name:
            continue
        if kind == "creature_summoned":
            summons[name] = summons.get(name, 0) + 1
            side = sides.get(whole(event.get("seat")))
            if side is not None and side not in fielded.setdefault(name, []):
                fielded[name].append(side)
        elif kind == "creature_destroyed":
            destroyed[name] = destroyed.get(name, 0) + 1
    winner = mapping(view.get("winner"))
    won = whole(winner.get("side")) or whole(winner.get("seat"))
    return {"summons": summons, "destroyed": destroyed, "fielded": fielded, "won": won}


def creature_report(catalogue: Words) -> StatsReport:
    """The creatures' table and charts, said by ``catalogue`` (the game's words)."""

    def report(digests: Sequence[Data], language: str) -> Wire:
        summons = counts_of(digests, "summons")
        destroyed = counts_of(digests, "destroyed")
        fielded: dict[str, int] = {}
        won: dict[str, int] = {}
        for digest in digests:
            winner = whole(digest.get("won"))
            for name, sides in mapping(digest.get("fielded")).items():
                for side in sides if isinstance(sides, list) else []:
                    fielded[name] = fielded.get(name, 0) + 1
                    won[name] = won.get(name, 0) + int(side == winner)
        names = sorted(set(summons) | set(destroyed), key=lambda n: (-summons.get(n, 0), n))

        def say(key: str) -> str:
            return catalogue(f"stats.{key}", language)

        rows_: list[list[Cell]] = [
            [
                name,
                summons.get(name, 0),
                destroyed.get(name, 0),
                fielded.get(name, 0),
                percent(won.get(name, 0), fielded.get(name, 0)),
            ]
            for name in names
        ]
        top = names[:CHART_CREATURES]
        return {
            "charts": [
                chart(
                    say("summons_chart"),
                    top,
                    {
                        say("summons"): [summons.get(n, 0) for n in top],
                        say("destroyed"): [destroyed.get(n, 0) for n in top],
                    },
                ),
                chart(
                    say("win_chart"),
                    top,
                    {say("side_wins"): [percent(won.get(n, 0), fielded.get(n, 0)) for n in top]},
                ),
            ],
            "tables": [
                table(
                    say("creatures"),
                    [say(k) for k in ("creature", "summons", "destroyed", "fielded", "side_wins")],
                    rows_,
                )
            ],
        }

    return report


def periods(view: View) -> int | None:
    """A game's length: the period it ended in."""
    return whole(view.get("period"))


WORDS = Words("bestiary", EN, RU)  # merged into the game's catalogue: "bestiary.stats.*"
KIT = StatsKit(
    unit="stats.unit", units=periods, digest=creature_digest, report=creature_report(WORDS)
)
