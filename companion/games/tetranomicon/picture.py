"""Tetranomicon on the phones, the club line and Home Assistant (docs/phones.md,
docs/club.md): the epoch and war or peace, each seat's points, the standings by column
for everyone, a seat's own coins, buildings and army; as sensors the epoch and each
seat's points."""

from __future__ import annotations

from companion.games.spec import Entity, common_entities, seat_entity, seats_of
from companion.games.tetranomicon.catalogue import WORDS
from companion.rules.base import JSON

PAGE = {
    "en": {"points": "Points", "columns": "Columns", "you": "You"},
    "ru": {"points": "Очки", "columns": "Столбцы", "you": "Вы"},
}
COLUMNS = ("wealth", "influence", "strength", "fame")
COLUMN_WORDS = {"wealth": "coins", "influence": "influence", "strength": "strength", "fame": "fame"}


def _say(key: str, language: str) -> str:
    return PAGE.get(language, PAGE["en"]).get(key) or PAGE["en"][key]


def _whole(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def headline(view: JSON, language: str) -> str:
    """ "Epoch 2 of 4 · ☮ Peace"."""
    epoch = _whole(view.get("epoch"))
    if not epoch:
        return ""
    said = f"{WORDS('ui.epoch', language)} {epoch}"
    epochs = _whole(view.get("epochs"))
    if epochs:
        said += f" {WORDS('ui.epoch_of', language, epochs=epochs)}"
    return f"{said} · {WORDS('ui.war' if view.get('war') else 'ui.peace', language)}"


def summary(view: JSON, language: str) -> list[JSON]:
    return [
        {
            "label": str(seat.get("name", "")),
            "value": seat.get("points", 0),
            "seat": seat.get("seat"),
        }
        for seat in seats_of(view)
    ]


def summary_title(language: str) -> str:
    return _say("points", language)


def _column(key: str, language: str) -> str:
    return WORDS(f"ui.column.{COLUMN_WORDS[key]}", language)


def sections(view: JSON, language: str, seat: int | None) -> list[JSON]:
    """The columns' standings for everyone; a seat's own holdings for that seat."""
    if seat is not None:
        mine = next((s for s in seats_of(view) if s.get("seat") == seat), None)
        if mine is None:
            return []
        buildings = mine.get("buildings")
        lines = [
            {"text": f"{_column('wealth', language)}: {mine.get('coins')}"},
            {
                "text": f"{WORDS('ui.column.buildings', language)}: "
                f"{len(buildings) if isinstance(buildings, list) else 0}"
            },
            {"text": f"{_column('strength', language)}: {mine.get('strength')}"},
            {"text": f"{_column('influence', language)}: {mine.get('influence')}"},
            {"text": f"{_column('fame', language)}: {mine.get('fame')}"},
            {"text": f"{_say('points', language)}: {mine.get('points')}"},
        ]
        return [{"part": "mine", "title": _say("you", language), "blocks": [{"lines": lines}]}]
    standings = view.get("standings")
    if not isinstance(standings, dict):
        return []
    names = [str(s.get("name", "")) for s in seats_of(view)]
    lines = []
    for key in COLUMNS:
        values = standings.get(key)
        if isinstance(values, list):
            pairs = " · ".join(f"{n} {v}" for n, v in zip(names, values, strict=False))
            lines.append({"text": f"{_column(key, language)}: {pairs}"})
    return [{"part": "columns", "title": _say("columns", language), "blocks": [{"lines": lines}]}]


def entities(view: JSON) -> list[Entity]:
    """The epoch, whose turn, war or peace, and each seat's points."""
    found = [e for e in common_entities(view) if e.key != "round"]
    found.append(Entity("epoch", "epoch", lambda v: _whole(v.get("epoch")), numeric=True))
    found.append(Entity("war", "war", lambda v: "war" if v.get("war") else "peace"))
    for seat in seats_of(view):
        number = seat.get("seat")
        if isinstance(number, int):
            found.append(seat_entity(number, seat, "points", "points"))
    return found
