"""Four-path on the LED ring: the duel's ring with teams (docs/ring.md).

The sun lights the present period's sector, its two end LEDs in the colour of the seat
whose hand it is (the ally to act in the combined phase). A token is one LED in the
sector of the period it returns in, in its **owner's** colour, on its **team's** half:
team 1 (seats 1 and 3) fills the sector from its start, team 2 (seats 2 and 4) from its
end, each team's tokens grouped by owner; tokens due next period pulse. In the draft a
faint mark in the picking seat's colour opens every sector; at the end the winning
team's colour chases round the ring.
"""

from __future__ import annotations

from companion.games.bestiary import ring as duel
from companion.games.four_path.types import FourPathView, four_path_view
from companion.leds import OFF, RGB, LedStyle, Overlay, blink_on, chase, scale, seat_colour
from companion.ring_geometry import SECTORS
from companion.rules.base import View

MARK_LEVEL = 0.12  # the draft's marks: the picking seat's colour, faint


def hand(view: FourPathView, ui: Overlay) -> int | None:
    """The seat whose hand it is: the ally to act, else the seat the prompt asks."""
    combined = view.get("combined")
    if combined is not None and isinstance(combined.get("to_act"), int):
        return combined["to_act"]
    if ui.acting_seat is not None:
        return ui.acting_seat
    turn = view.get("turn")
    return turn["seat"] if turn is not None else None


def paint(view: View, now: float, style: LedStyle, ui: Overlay) -> list[RGB]:
    """The ring of the view (a :class:`~.types.FourPathView`, one cast here)."""
    typed = four_path_view(view)
    per = style.count // SECTORS
    frame = [OFF] * style.count
    winner = typed.get("winner")
    if winner:  # the team's colour: its first seat's
        return chase(style, int(winner.get("side") or winner["seat"]), now)
    seat = hand(typed, ui)
    sigil = typed.get("sigil")
    sun = sigil["sun_sector"] if sigil else None
    if not sun:  # the draft: a faint mark, in the picking seat's colour when known
        mark = scale(seat_colour(style, seat), MARK_LEVEL) if seat else style.mark
        for sector in range(SECTORS):
            frame[sector * per] = mark
        return frame
    sun_lit = not ui.confirming or blink_on(now, 3.0)
    for i in range(per):
        frame[(sun - 1) * per + i] = style.sun if sun_lit else OFF
    if seat and sun_lit and per >= 3:
        frame[(sun - 1) * per] = frame[sun * per - 1] = seat_colour(style, seat)
    period = int(typed.get("period") or 0)
    ghost = duel.support_preview(typed, ui.choice)
    for entry in sigil["sectors"] if sigil else []:
        sector = entry["sector"]
        tokens: list[duel.TokenPlace] = sorted(
            entry.get("tokens", []), key=lambda token: token["owner"]
        )
        if ghost and ghost["sector"] == sector and blink_on(now, 2.0):
            tokens.append(ghost)
        duel.tokens_in_sector(frame, sector, tokens=tokens, period=period, now=now, style=style)
    return frame


def animated(view: View, ui: Overlay, now: float) -> bool:
    return duel.animated(view, ui, now)
