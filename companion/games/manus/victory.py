"""Hand of Manus's victory: won on points, the rounds played and each seat's points
against the goal. (The view keeps no points by round, so there is no chart: the
victory screen shows the seats' meters.)"""

from __future__ import annotations

from companion.display import labels
from companion.display.screens.victory import Final, Summary
from companion.games.manus.types import manus_view
from companion.i18n import text
from companion.rules.base import View


def summarise(view: View, language: str) -> Summary:
    typed = manus_view(view)
    goal = typed.get("win_score") or 12
    finals = tuple(
        Final(
            seat=seat.get("seat") or index + 1,
            name=str(seat.get("name")),
            value=seat.get("score") or 0,
            top=goal,
        )
        for index, seat in enumerate(typed.get("seats") or [])
    )
    return Summary(
        how=(
            labels.first_upper(text("manus.ui.victory.by.points", language)),
            text("manus.ui.victory.rounds", language, rounds=typed.get("round") or 0),
        ),
        finals=finals,
        series=(),
        caption=text("manus.ui.victory.score_chart", language),
        top=goal,
    )
