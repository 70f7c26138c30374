"""The duel's victory: how it was won, the periods played, each castle's damage, and the
damage over time for the chart."""

from __future__ import annotations

from companion.display import labels
from companion.display.screens.victory import Final, Series, Summary
from companion.games.bestiary.types import BestiaryView, bestiary_view
from companion.i18n import name_of, text
from companion.rules.base import View


def _won_by(view: BestiaryView) -> str | None:
    for event in view.get("events") or []:
        if event["event"] == "game_won" and event.get("by"):
            return str(event["by"])
    return None


def summarise(shown: View, language: str) -> Summary:
    view = bestiary_view(shown)
    log = view.get("damage_log") or []
    seats = view.get("seats") or []
    length = int(view.get("scale_length") or 1)
    series: list[Series] = []
    for index, seat in enumerate(seats):
        points = [(int(entry["period"]), int(entry["castle_damage"][index])) for entry in log]
        series.append((int(seat.get("seat") or index + 1), points))
    how: list[str] = []
    by = _won_by(view)
    if by:
        how.append(labels.first_upper(text(f"bestiary.ui.victory.by.{by}", language)))
    period = int(view.get("period") or 0)
    cycle = int(view.get("cycle") or 0)
    how.append(text("bestiary.ui.victory.summary", language, periods=period, cycles=cycle))
    finals = []
    for index, seat in enumerate(seats):
        castle = seat.get("castle")
        finals.append(
            Final(
                seat=int(seat.get("seat") or index + 1),
                name=name_of("bestiary.castle", str(castle), language)
                if castle
                else str(seat.get("name")),
                value=int(seat.get("castle_damage") or 0),
                top=int(seat.get("scale_length") or length),
            )
        )
    return Summary(
        how=tuple(how),
        finals=tuple(finals),
        series=tuple(series),
        caption=text("bestiary.ui.victory.chart", language),
        top=length,
    )
