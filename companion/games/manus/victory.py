"""Hand of Manus's victory: won on points, the rounds played, each seat's points, and its
points by round for the chart (when the view keeps that history)."""

from __future__ import annotations

from companion.display import labels
from companion.display.screens.victory import Final, Series, Summary
from companion.i18n import text
from companion.rules.base import JSON


def summarise(view: JSON, language: str) -> Summary:
    goal = int(view.get("win_score") or view.get("goal") or 12)
    history = view.get("score_log") or view.get("history") or []
    seats = view.get("seats") or []
    series: list[Series] = []
    for index, seat in enumerate(seats):
        points: list[tuple[int, int]] = [(0, 0)] if history else []
        for entry in history:
            scores = entry.get("scores") or []
            if index < len(scores):
                points.append((int(entry.get("round") or len(points)), int(scores[index])))
        series.append((int(seat.get("seat") or index + 1), points))
    finals = tuple(
        Final(
            seat=int(seat.get("seat") or index + 1),
            name=str(seat.get("name")),
            value=int(seat.get("score") or 0),
            top=goal,
        )
        for index, seat in enumerate(seats)
    )
    return Summary(
        how=(
            labels.first_upper(text("manus.ui.victory.by.points", language)),
            text("manus.ui.victory.rounds", language, rounds=view.get("round") or 0),
        ),
        finals=finals,
        series=tuple(series) if history else (),
        caption=text("manus.ui.victory.score_chart", language),
        top=max([goal, *(y for _, pts in series for _, y in pts)]),
    )
