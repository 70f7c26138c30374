"""Talisman's own statistics (``companion stats``, docs/stats.md): the battles each player
won, lost and drew (a standoff), against the cards' enemies and against other heroes, and
by kind (Strength or Craft); a game's length in turns.

A battle is counted when its result stands (``battle_result``, after any reroll); a battle
between two heroes counts for both, the other way round for the one attacked.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.spec import StatsKit
from companion.games.talisman.catalogue import WORDS as GAME_WORDS
from companion.i18n import Words
from companion.rules.base import Event, View, Wire
from companion.rules.reading import Data, mapping, rows, whole, words
from companion.stats_parts import chart, name_key, table

OUTCOMES = ("won", "lost", "standoff")
REVERSED = {"won": "lost", "lost": "won", "standoff": "standoff"}

EN: dict[str, str] = {
    "stats.unit": "turns",
    "stats.unit_forms": "turn|turns",
    "stats.battles": "Battles",
    "stats.player": "Player",
    "stats.fought": "Battles",
    "stats.won": "Won",
    "stats.lost": "Lost",
    "stats.standoff": "Drawn",
    "stats.by_kind": "Battles by kind",
    "stats.kind": "Kind",
    "stats.battles_chart": "Battles won, lost and drawn",
}
RU: dict[str, str] = {
    "stats.unit": "ходы",
    "stats.unit_forms": "ход|хода|ходов",
    "stats.battles": "Битвы",
    "stats.player": "Игрок",
    "stats.fought": "Битвы",
    "stats.won": "Победы",
    "stats.lost": "Поражения",
    "stats.standoff": "Ничьи",
    "stats.by_kind": "Битвы по виду",
    "stats.kind": "Вид",
    "stats.battles_chart": "Битвы: победы, поражения и ничьи",
}
WORDS = Words("talisman", EN, RU)  # merged into the game's catalogue: "talisman.stats.*"


def turns(view: View) -> int | None:
    """A game's length: the turns played."""
    return whole(view.get("turns"))


def digest(events: Sequence[Event], view: View) -> Wire:
    """One game's battles: won, lost and drawn by player (by name) and by kind."""
    names = {whole(s.get("seat")): words(s.get("name")).strip() for s in rows(view.get("seats"))}
    players: dict[str, list[int]] = {}
    kinds: dict[str, list[int]] = {}

    def count(table_: dict[str, list[int]], key: str, outcome: str) -> None:
        if key and outcome in OUTCOMES:
            table_.setdefault(key, [0, 0, 0])[OUTCOMES.index(outcome)] += 1

    for event in events:
        if event.get("event") != "battle_result":
            continue
        outcome = words(event.get("outcome"))
        count(players, names.get(whole(event.get("seat")), ""), outcome)
        count(kinds, words(event.get("kind")), outcome)
        opponent = whole(event.get("opponent"))
        if opponent:  # another hero: the same battle, the other way round
            count(players, names.get(opponent, ""), REVERSED.get(outcome, ""))
    return {"players": players, "kinds": kinds}


def _sum(digests: Sequence[Data], key: str, *, by_name: bool) -> dict[str, list[int]]:
    """The digests' counts under ``key`` summed (players matched by name without regard to
    case, shown as first seen)."""
    shown: dict[str, str] = {}
    totals: dict[str, list[int]] = {}
    for each in digests:
        for name, counts in mapping(each.get(key)).items():
            if not isinstance(counts, list) or len(counts) != len(OUTCOMES):
                continue
            match = name_key(name) if by_name else name
            label = shown.setdefault(match, name)
            row = totals.setdefault(label, [0, 0, 0])
            for index, value in enumerate(counts):
                row[index] += value if isinstance(value, int) else 0
    return totals


def report(digests: Sequence[Data], language: str) -> Wire:
    players = _sum(digests, "players", by_name=True)
    kinds = _sum(digests, "kinds", by_name=False)
    order = sorted(players, key=lambda n: (-players[n][0], name_key(n)))

    def say(key: str) -> str:
        return WORDS(f"stats.{key}", language)

    outcome_words = [say(outcome) for outcome in OUTCOMES]
    return {
        "charts": [
            chart(
                say("battles_chart"),
                order,
                {word: [players[n][i] for n in order] for i, word in enumerate(outcome_words)},
            )
        ],
        "tables": [
            table(
                say("battles"),
                [say("player"), say("fought"), *outcome_words],
                [[n, sum(players[n]), *players[n]] for n in order],
            ),
            table(
                say("by_kind"),
                [say("kind"), say("fought"), *outcome_words],
                [
                    [GAME_WORDS.name("ui", kind, language), sum(counts), *counts]
                    for kind, counts in sorted(kinds.items())
                ],
            ),
        ],
    }


KIT = StatsKit(unit="stats.unit", units=turns, digest=digest, report=report)
