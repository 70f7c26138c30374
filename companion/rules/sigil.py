"""The time sigil: a disc of six sectors, one period per sector, six periods a cycle.

Rulebook (Бестиарий Сигиллума, "Игровое поле", "Фаза поддержки", "По времени подготовки"):
the sector under the sun mark is the current period; a used support token goes to its
owner's preparation sector ``prep`` sectors ahead of the sun mark; prep is clamped to 1..6;
the token comes back in its owner's preparation phase when the sun mark reaches it, that is
in period ``now + prep``. Several tokens may share a sector.

Sectors are numbered 1..6 from the disc's position at the first turn (the rulebook: "the
disc's starting position does not matter"), so period 1 is sector 1.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

SECTORS = 6
PREP_MIN = 1
PREP_MAX = 6


def sector_of(period: int) -> int:
    """The sector (1..6) under the sun mark in ``period`` (period 1 is sector 1)."""
    return (period - 1) % SECTORS + 1


def cycle_of(period: int) -> int:
    """The cycle (1-based) that ``period`` belongs to; period 0 (before the first turn) is 0."""
    return 0 if period <= 0 else (period - 1) // SECTORS + 1


def clamp_prep(prep: int) -> int:
    """A preparation time outside 1..6 counts as the nearest allowed value."""
    return max(PREP_MIN, min(PREP_MAX, prep))


@dataclass(frozen=True, order=True)
class Token:
    """A support-ability token lying on its owner's half of the sigil."""

    returns_at_period: int
    owner: int
    creature: str
    ability: str
    placed_at_period: int

    @property
    def sector(self) -> int:
        return sector_of(self.returns_at_period)

    @property
    def prep(self) -> int:
        return self.returns_at_period - self.placed_at_period


def place(
    tokens: tuple[Token, ...], *, owner: int, creature: str, ability: str, period: int, prep: int
) -> tuple[tuple[Token, ...], Token]:
    """Put a used ability's token ``clamp_prep(prep)`` sectors ahead of the sun mark."""
    if any(t.creature == creature and t.ability == ability for t in tokens):
        raise ValueError(f"token {creature}/{ability} is already on the sigil")
    token = Token(period + clamp_prep(prep), owner, creature, ability, period)
    return tuple(sorted((*tokens, token))), token


def due(
    tokens: Iterable[Token], owner: int, period: int
) -> tuple[tuple[Token, ...], tuple[Token, ...]]:
    """Split tokens into (returning now to ``owner``, staying) in ``period``."""
    back: list[Token] = []
    stay: list[Token] = []
    for token in tokens:
        (back if token.owner == owner and token.returns_at_period <= period else stay).append(token)
    return tuple(back), tuple(stay)


def on_sigil(tokens: Iterable[Token], creature: str, ability: str) -> Token | None:
    for token in tokens:
        if token.creature == creature and token.ability == ability:
            return token
    return None
