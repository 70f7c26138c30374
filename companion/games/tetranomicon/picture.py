"""Tetranomicon on the phones, the club line and Home Assistant (docs/phones.md,
docs/club.md): the epoch and war or peace, each seat's points, the standings by column
for everyone, a seat's own coins, buildings and army; as sensors the epoch and each
seat's points."""

from __future__ import annotations

from companion.games.spec import Entity, common_entities, seat_entity
from companion.games.tetranomicon.catalogue import WORDS
from companion.games.tetranomicon.types import tetra_view
from companion.rules.base import View, Wire
from companion.rules.reading import whole

PAGE = {
    "en": {"points": "Points", "columns": "Columns", "you": "You"},
    "ru": {"points": "Очки", "columns": "Столбцы", "you": "Вы"},
}
COLUMNS = ("wealth", "influence", "strength", "fame")
COLUMN_WORDS = {"wealth": "coins", "influence": "influence", "strength": "strength", "fame": "fame"}


def _say(key: str, language: str) -> str:
    return PAGE.get(language, PAGE["en"]).get(key) or PAGE["en"][key]


# The spec's hooks below take the view as the shell holds it (a mapping), read as the
# TypedDict :func:`present.view` built (one cast each, :func:`tetra_view`); a page may
# ask before a game has a view, so the view's own keys are read with ``get``.


def headline(view: View, language: str) -> str:
    """ "Epoch 2 of 4 · ☮ Peace"."""
    typed = tetra_view(view)
    epoch = whole(typed.get("epoch"))
    if not epoch:
        return ""
    said = f"{WORDS('ui.epoch', language)} {epoch}"
    epochs = whole(typed.get("epochs"))
    if epochs:
        said += f" {WORDS('ui.epoch_of', language, epochs=epochs)}"
    return f"{said} · {WORDS('ui.war' if typed.get('war') else 'ui.peace', language)}"


def summary(view: View, language: str) -> list[Wire]:
    return [
        {"label": seat["name"], "value": seat["points"], "seat": seat["seat"]}
        for seat in tetra_view(view).get("seats") or []
    ]


def summary_title(language: str) -> str:
    return _say("points", language)


def _column(key: str, language: str) -> str:
    return WORDS(f"ui.column.{COLUMN_WORDS[key]}", language)


def sections(view: View, language: str, seat: int | None) -> list[Wire]:
    """The columns' standings for everyone; a seat's own holdings for that seat."""
    typed = tetra_view(view)
    seats = typed.get("seats") or []
    if seat is not None:
        mine = next((s for s in seats if s["seat"] == seat), None)
        if mine is None:
            return []
        lines = [
            {"text": f"{_column('wealth', language)}: {mine['coins']}"},
            {"text": f"{WORDS('ui.column.buildings', language)}: {len(mine['buildings'])}"},
            {"text": f"{_column('strength', language)}: {mine['strength']}"},
            {"text": f"{_column('influence', language)}: {mine['influence']}"},
            {"text": f"{_column('fame', language)}: {mine['fame']}"},
            {"text": f"{_say('points', language)}: {mine['points']}"},
        ]
        return [{"part": "mine", "title": _say("you", language), "blocks": [{"lines": lines}]}]
    standings = typed.get("standings")
    if standings is None:
        return []
    names = [s["name"] for s in seats]
    lines = []
    for key in COLUMNS:
        values = standings.get(key)
        if values is not None:
            pairs = " · ".join(f"{n} {v}" for n, v in zip(names, values, strict=False))
            lines.append({"text": f"{_column(key, language)}: {pairs}"})
    return [{"part": "columns", "title": _say("columns", language), "blocks": [{"lines": lines}]}]


def entities(view: View) -> list[Entity]:
    """The epoch, whose turn, war or peace, and each seat's points."""
    found = [e for e in common_entities(view) if e.key != "round"]
    found.append(Entity("epoch", "epoch", lambda v: whole(v.get("epoch")), numeric=True))
    found.append(Entity("war", "war", lambda v: "war" if v.get("war") else "peace"))
    for seat in tetra_view(view).get("seats") or []:
        found.append(seat_entity(seat["seat"], seat, "points", "points"))
    return found
