"""The duel on the LED ring: the sun's sector, and each seat's tokens in the sector of the
period they return in (seat 1 from the sector's start, seat 2 from its end; tokens due
next period pulse); a support ability under the cursor blinks where its token would go.
Sector ``s`` is logical LEDs ``(s-1)*per ..``: sector 1 from the top, clockwise, as
:mod:`companion.ring_geometry` describes it for the screen too."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict

from companion.games.bestiary.types import ViewBase, board_view
from companion.leds import (
    OFF,
    RGB,
    LedStyle,
    Overlay,
    blink_on,
    chase,
    pulse,
    scale,
    seat_colour,
)
from companion.ring_geometry import SECTORS
from companion.rules.base import Action, View


def paint(shown: View, now: float, style: LedStyle, ui: Overlay) -> list[RGB]:
    view = board_view(shown)
    per = style.count // SECTORS
    frame = [OFF] * style.count
    winner = view.get("winner")
    if winner:
        return chase(style, int(winner["seat"]), now)
    period = int(view.get("period") or 0)
    sigil = view.get("sigil")
    sun = sigil["sun_sector"] if sigil else None
    if not sun:  # castles and summoning: a dim mark at the start of every sector
        for sector in range(SECTORS):
            frame[sector * per] = style.mark
        return frame
    sun_lit = not ui.confirming or blink_on(now, 3.0)
    for i in range(per):
        frame[(sun - 1) * per + i] = style.sun if sun_lit else OFF
    ghost = support_preview(view, ui.choice)
    for entry in sigil["sectors"] if sigil else []:
        sector = int(entry["sector"])
        tokens: list[TokenPlace] = list(entry.get("tokens", []))
        if ghost and ghost["sector"] == sector and blink_on(now, 2.0):
            tokens.append(ghost)
        tokens_in_sector(frame, sector, tokens=tokens, period=period, now=now, style=style)
    return frame


class TokenPlace(TypedDict):
    """Where a token lies on the ring: a token of the view, or the one a support ability
    under the cursor would place."""

    owner: int
    returns_at_period: int
    sector: int


def support_preview(view: ViewBase, choice: Action | None) -> TokenPlace | None:
    """Where a support ability under the cursor would put its token: it blinks there."""
    if not choice or choice.get("do") != "support":
        return None
    period = int(view.get("period") or 0)
    for seat in view.get("seats", []):
        for creature in seat.get("creatures", []):
            if creature.get("id") != choice.get("creature"):
                continue
            for ability in creature.get("abilities", []):
                prep = ability.get("prep")
                if ability.get("id") == choice.get("ability") and isinstance(prep, int):
                    returns = period + max(1, min(SECTORS, prep))
                    sector = (returns - 1) % SECTORS + 1
                    return {"owner": seat["seat"], "returns_at_period": returns, "sector": sector}
    return None


def tokens_in_sector(
    frame: list[RGB],
    sector: int,
    *,
    tokens: Sequence[TokenPlace],
    period: int,
    now: float,
    style: LedStyle,
) -> None:
    """Odd seats fill the sector from its start, even seats from its end (Four-path: the
    teams, each LED in its token's owner's colour, in the order given); an overflowing
    side's innermost LED blinks; tokens returning next period pulse."""
    per = style.count // SECTORS
    start = (sector - 1) * per
    counts = {1: 0, 2: 0}
    soon = {1: False, 2: False}
    owners: dict[int, list[int]] = {1: [], 2: []}
    for token in tokens:
        side = 1 if int(token["owner"]) % 2 else 2
        owners[side].append(int(token["owner"]))
        counts[side] += 1
        soon[side] = soon[side] or int(token["returns_at_period"]) == period + 1
    first = min(counts[1], per - min(counts[2], per // 2))
    second = min(counts[2], per - first)
    for side, shown, positions in (
        (1, first, range(start, start + first)),
        (2, second, range(start + per - 1, start + per - 1 - second, -1)),
    ):
        for owner, i in zip(owners[side], positions, strict=False):
            colour = seat_colour(style, owner)
            frame[i] = scale(colour, pulse(now)) if soon[side] else colour
        if shown and shown < counts[side] and not blink_on(now):
            frame[positions[-1]] = OFF


def animated(shown: View, ui: Overlay, now: float) -> bool:
    view = board_view(shown)
    if view.get("winner") or ui.confirming or support_preview(view, ui.choice):
        return True
    period = int(view.get("period") or 0)
    return any(int(t["returns_at_period"]) == period + 1 for t in view.get("tokens", []))
