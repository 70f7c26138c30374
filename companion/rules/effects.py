"""Lasting effects and the damage arithmetic of the Bestiary.

Rulebook (Бестиарий Сигиллума, "Атака", "По продолжительности эффекта"): attack strength
rises by one per Attack up and falls by one per Attack down; damage to each target is the
attack strength less the target's defense; defense starts at 0, rises per Defense up,
falls per Defense down and is never below 0. Same effects stack; up and down cancel.
Every lasting effect lives one period: it ends in the preparation phase of the player
whose creature applied it, in the next period.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

INACTION = "inaction"
ATTACK_UP = "attack_up"
ATTACK_DOWN = "attack_down"
DEFENSE_UP = "defense_up"
DEFENSE_DOWN = "defense_down"

BASE_EFFECTS = (INACTION, ATTACK_UP, ATTACK_DOWN, DEFENSE_UP, DEFENSE_DOWN)
# "Он может как усиливать союзников, так и ослаблять врагов" (По продолжительности эффекта):
# a positive effect goes on one's own creatures, a negative one on enemies; the preparation
# phase removes exactly those.
POSITIVE = frozenset({ATTACK_UP, DEFENSE_UP})
NEGATIVE = frozenset({INACTION, ATTACK_DOWN, DEFENSE_DOWN})


def label(kind: str) -> str:
    """An effect as a player reads it: ``attack_up`` -> ``Attack up``."""
    return kind.replace("_", " ").capitalize()


def fits(kind: str, on_own: bool) -> bool:
    """May an effect of this kind go on one's own creature (``on_own``) or on an enemy?
    Positive effects only on one's own creatures, negative only on enemies; an effect of
    no known sign (not a base effect) is not judged here."""
    if kind in POSITIVE:
        return on_own
    if kind in NEGATIVE:
        return not on_own
    return True


@dataclass(frozen=True)
class Effect:
    """A marker on a creature's card."""

    kind: str
    target: str
    applied_by: int
    applied_at_period: int
    source: str

    @property
    def ends_at_period(self) -> int:
        """The period in whose preparation phase (of ``applied_by``) the marker comes off."""
        return self.applied_at_period + 1


def count(effects: Iterable[Effect], target: str, kind: str) -> int:
    return sum(1 for effect in effects if effect.target == target and effect.kind == kind)


def is_inactive(effects: Iterable[Effect], creature: str) -> bool:
    return count(effects, creature, INACTION) > 0


def attack_strength(effects: Iterable[Effect], attacker: str, base: int) -> int:
    marks = tuple(effects)
    return base + count(marks, attacker, ATTACK_UP) - count(marks, attacker, ATTACK_DOWN)


def defense(effects: Iterable[Effect], target: str) -> int:
    marks = tuple(effects)
    return max(0, count(marks, target, DEFENSE_UP) - count(marks, target, DEFENSE_DOWN))


def damage(effects: Iterable[Effect], attacker: str, base: int, target: str) -> int:
    """Wounds one attack deals to one target: never below 0."""
    marks = tuple(effects)
    return max(0, attack_strength(marks, attacker, base) - defense(marks, target))
