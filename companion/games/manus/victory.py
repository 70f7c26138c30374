"""Hand of Manus's victory: won on points, the rounds played, and each seat's points by
round for the chart (the final scores as bars when no history was kept)."""

from __future__ import annotations

from companion.display import labels
from companion.display.screens.victory import Series, Summary
from companion.i18n import text
from companion.rules.base import JSON


def summarise(view: JSON, language: str) -> Summary:
    goal = int(view.get("goal") or 12)
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
    top = max([goal, *(y for _, pts in series for _, y in pts)])
    lines: list[tuple[str, int | None]] = [
        (labels.first_upper(text("manus.ui.victory.by.points", language)), None),
        (text("manus.ui.victory.rounds", language, rounds=view.get("round") or 0), None),
    ]
    for seat in seats:
        if not history:  # no history kept: the final score alone (drawn as a bar)
            series[int(seat.get("seat") or 1) - 1][1].append((0, int(seat.get("score") or 0)))
        lines.append(
            (
                f"{seat.get('name')}: "
                + text("manus.ui.points", language, points=seat.get("score") or 0, goal=goal),
                int(seat.get("seat") or 0),
            )
        )
    caption = "manus.ui.victory.score_chart" if history else "manus.ui.victory.final_scores"
    return series, top, text(caption, language), lines
