"""The arithmetic of the Four-path expansion: its effects, tower control and the abilities
whose numbers the rules compute (RULES-EXPANSIONS.md §1.1, FP-R23..R37).

Pure functions over the base game's types (:class:`~companion.rules.effects.Effect`
markers, :class:`~companion.games.bestiary.state.Creature`); the engine calls them.
Line numbers are of the Four-path rulebook (``seeds/001_…``), ``B L…`` of the base one.

Two ways of saying no, one per kind of question: ``…_allowed`` asks (the prompt lists
only what is legal) and answers a bool; the function that applies the rule raises
:class:`~companion.rules.base.IllegalAction` naming the rule when it is not allowed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Iterable, Sequence
from typing import Literal

from companion.games.bestiary.state import Creature
from companion.rules import effects as base
from companion.rules import sigil
from companion.rules.base import IllegalAction
from companion.rules.effects import Effect, attack_strength, count, is_inactive

# The expansion's lasting effects: the rulebook's eight new ones (L311-L365) and Slow, from
# the alternative Manus promo card (L369).
BARRIER = "barrier"  # «Преграда»: on a free hex, not on a card (L317)
POISON = "poison"  # «Яд» (L325)
CONTROL_DOWN = "control_down"  # «Ослабление обороны» (L331): control, not defense
CONTROL_UP = "control_up"  # «Усиление обороны» (L337)
VAMPIRISM = "vampirism"  # «Вампиризм» (L343)
RESISTANCE = "resistance"  # «Сопротивление» (L351)
FLIGHT = "flight"  # «Полет» (L359)
HASTE = "haste"  # «Ускорение» (L365)
SLOW = "slow"  # «Замедление» (L369); the effect, not the slow tempo of state.SLOW

NEW_EFFECTS = (
    BARRIER,
    POISON,
    CONTROL_DOWN,
    CONTROL_UP,
    VAMPIRISM,
    RESISTANCE,
    FLIGHT,
    HASTE,
    SLOW,
)
EFFECTS = (*base.BASE_EFFECTS, *NEW_EFFECTS)

# The sign says who takes a marker off (L117, FP-A7): a team's preparation removes the
# positive markers on its own creatures and the negative ones on its enemies. Poison is
# named negative (L325); Vampirism and Flight go on oneself or an ally (L279, L307);
# Resistance shields from the enemy (L351); the «Усиление»/«Ослабление» pairs and
# Haste/Slow follow the base signs of up and down (L367, L369).
POSITIVE = base.POSITIVE | {CONTROL_UP, VAMPIRISM, RESISTANCE, FLIGHT, HASTE}
NEGATIVE = base.NEGATIVE | {POISON, CONTROL_DOWN, SLOW}
# Markers on a hex of the board: the team whose creature placed them takes them off (L117).
ON_HEX = frozenset({BARRIER})

TOWERS = 4  # «Количество осадных башен удвоено» (L24)
CONTROL_AT_START = 1  # «Изначально параметр обороны у всех существ равен единице» (L101)

Team = Literal["a", "b"]
Moves = Literal["attack_and_maneuver", "attack_or_maneuver", "attack_only"]
ATTACK_AND_MANEUVER: Moves = "attack_and_maneuver"
ATTACK_OR_MANEUVER: Moves = "attack_or_maneuver"
ATTACK_ONLY: Moves = "attack_only"

VAMPIRISM_PREP_ON_ALLY = 5
VAMPIRISM_PREP_ON_SELF = 3
VAMPIRISM_HEALS_FROM = 2  # wounds an attack must deal (L343)
RECONSTRUCTION_PREP = 6


# --- effects ------------------------------------------------------------------------------


def net(effects: Iterable[Effect], target: str, up: str, down: str) -> int:
    """Markers of ``up`` less markers of ``down`` on ``target``: «Пары … «Усиление» или
    «Ослабление», нивелируют друг друга» (L367), as do Haste and Slow (L369)."""
    marks = tuple(effects)
    return count(marks, target, up) - count(marks, target, down)


def is_under(effects: Iterable[Effect], target: str, kind: str) -> bool:
    """Does at least one marker of ``kind`` lie on ``target``?"""
    return count(effects, target, kind) > 0


def removed_in_preparation(effect: Effect, *, target_is_own: bool, placed_by_own: bool) -> bool:
    """Does the preparing team take this marker off? «Уберите все маркеры положительных
    эффектов с карточек персонажей Вашей команды и все маркеры отрицательных эффектов с
    карточек противников … «Преграда» Архитектуса, также уберите их» (L117).

    ``target_is_own``: the marked creature is the preparing team's; ``placed_by_own``: the
    preparing team placed the marker. The sign decides, wherever the marker went (FP-A7).
    """
    if effect.kind in ON_HEX:
        return placed_by_own
    if effect.kind in POSITIVE:
        return target_is_own
    if effect.kind in NEGATIVE:
        return not target_is_own
    raise IllegalAction(f"unknown effect '{effect.kind}': known are {', '.join(EFFECTS)}")


def resists(effects: Iterable[Effect], target: str, *, by_enemy: bool) -> bool:
    """Is ``target`` out of reach of this support ability? «не может быть целью
    поддерживающих умений противника» (L351), in Four-path of all of them (L353); an ally's
    support and every attack still reach it."""
    return by_enemy and is_under(effects, target, RESISTANCE)


# --- towers and the siege -----------------------------------------------------------------


def control(effects: Iterable[Effect], creature: str) -> int:
    """A creature's control («оборона», not defense): «Изначально параметр обороны у всех
    существ равен единице» (L101); Control down «уменьшает» it by one (L331), Control up
    «увеличивает» it by one (L337). Never below 0, as defense (FP-A6, B L168)."""
    return max(0, CONTROL_AT_START + net(effects, creature, CONTROL_UP, CONTROL_DOWN))


def tower_holder(
    team_a_creatures: Iterable[str], team_b_creatures: Iterable[str], effects: Iterable[Effect]
) -> Team | None:
    """The team holding a tower, given the creatures of each in its area: «Башня считается
    захваченной той командой, суммарный параметр обороны воинов которой, включая
    бездействующих, больше. При равном соотношении башня считается нейтральной» (L101).
    Inactive creatures count; a tie, 0:0 included, holds nothing."""
    marks = tuple(effects)
    team_a = sum(control(marks, creature) for creature in team_a_creatures)
    team_b = sum(control(marks, creature) for creature in team_b_creatures)
    if team_a > team_b:
        return "a"
    if team_b > team_a:
        return "b"
    return None


def _towers(towers_held: int) -> int:
    if isinstance(towers_held, bool) or not 0 <= towers_held <= TOWERS:
        raise IllegalAction(f"towers held: 0 to {TOWERS} (L24), not {towers_held!r}")
    return towers_held


def siege_damage(towers_held: int) -> int:
    """Damage of one siege to the enemy team's one scale: «Каждая захваченная командой башня
    наносит одно повреждение любому замку противника» (L101); the scale is shared, «не
    имеет значения, какой замок атаковать» (L103)."""
    return _towers(towers_held)


def siege_volley_strength(towers_held: int) -> int:
    """The strength of «Залп осадных башен» before Attack up and down (B L163): «получает
    единицу штрафа к силе атаки на карте «Четырехпутье», то есть при контроле одной башни
    сила атаки равна нолю, при контроле двух – единице» (L215)."""
    return max(0, _towers(towers_held) - 1)


# --- moves --------------------------------------------------------------------------------


def moves_allowed(effects: Iterable[Effect], creature: str) -> Moves:
    """What a creature may do in the attack phase: Haste «позволяет существу совершить в
    один ход и атаку, и маневр» (L365); «один маркер «Ускорение» и один «Замедление» …
    либо атаку, либо маневр. Если маркеров «Замедление» больше, то только атаку, если же
    больше маркеров «Ускорение», то и атаку, и маневр» (L369). With neither, the base rule:
    an attack or a maneuver (L135). Inaction is the engine's check, not this one."""
    balance = net(effects, creature, HASTE, SLOW)
    if balance > 0:
        return ATTACK_AND_MANEUVER
    if balance < 0:
        return ATTACK_ONLY
    return ATTACK_OR_MANEUVER


# --- Vampirism ----------------------------------------------------------------------------


def wounds_dealt(damage: int, vitality: int, wounds_before: int) -> int:
    """The wounds an attack's damage makes on one target: no more than it has vitality left.
    «речь идет о ранениях, а не уроне, например, нанеся две единицы урона цели с единицей
    жизненной силы, восстановления не произойдет» (L345)."""
    return max(0, min(damage, vitality - wounds_before))


def vampirism_heal(attacker_wounds: int, wounds_per_target: Sequence[int]) -> int:
    """Wounds taken off an attacker under Vampirism (0 or 1): «Восстанавливает единицу
    жизненных сил, если атака нанесла не менее двух ранений. При использовании массового
    атакующего умения … ранения, нанесенные каждому врагу, суммируются» (L343). One in all,
    however many Vampirism markers; nothing for an unwounded attacker (FP-A10)."""
    if attacker_wounds <= 0 or sum(wounds_per_target) < VAMPIRISM_HEALS_FROM:
        return 0
    return 1


def vampirism_prep(on_self: bool) -> int:
    """«Накладывает на себя или союзника эффект "Вампиризм". Подготовка – пять, а при
    использовании на себя – три» (L279)."""
    return VAMPIRISM_PREP_ON_SELF if on_self else VAMPIRISM_PREP_ON_ALLY


# --- restoration: Reconstruction, Resurrection, Threads of life (L249) ----------------------


def reconstruction_prep(allies_on_mountains: int) -> int:
    """«Подготовка – шесть и уменьшается на единицу за каждого союзника, включая зодчего, на
    гексе горы» (L255); never below 1 (B L298, FP-A8)."""
    if isinstance(allies_on_mountains, bool) or allies_on_mountains < 0:
        raise IllegalAction(
            f"Reconstruction (L255): allies on mountain hexes, the Architect included, "
            f"is 0 or more, not {allies_on_mountains!r}"
        )
    return sigil.clamp_prep(RECONSTRUCTION_PREP - allies_on_mountains)


def reconstruct(scale_damage: int) -> int:
    """The own team's scale after Reconstruction: «Переместите маркер повреждения на одно
    деление назад на шкале разрушения своего замка» (L257); at 0 it stays (FP-A8)."""
    return max(0, scale_damage - 1)


def _resurrection_refusal(healer: Creature, target: Creature, allies: Collection[str]) -> str:
    if target.id == healer.id:
        return "«Фидея не может применить умение на себя» (L265)"
    if target.id not in allies:
        return f"{target.name} is not an ally («союзного персонажа», L265)"
    left = target.vitality - target.wounds
    if left != 1:
        return (
            f"{target.name} has {left} vitality left: «Применимо только на цель, текущий "
            f"показатель жизненных сил которой равен единице» (L263)"
        )
    return ""


def resurrection_allowed(healer: Creature, target: Creature, allies: Collection[str]) -> bool:
    """May ``healer`` (Fidea) use «Воскрешение» on ``target``? «Применимо только на цель,
    текущий показатель жизненных сил которой равен единице» (L263), an ally (``allies``:
    the ids of her team's creatures); «Фидея не может применить умение на себя» (L265)."""
    return not _resurrection_refusal(healer, target, allies)


def resurrect(healer: Creature, target: Creature, allies: Collection[str]) -> Creature:
    """The target after «Воскрешение»: «Уберите один маркер повреждения» (L265)."""
    refusal = _resurrection_refusal(healer, target, allies)
    if refusal:
        raise IllegalAction(f"Resurrection: {refusal}")
    return dataclasses.replace(target, wounds=target.wounds - 1)


def _threads_refusal(
    source: Creature, receiver: Creature, allies: Collection[str], lethal_allowed: bool
) -> str:
    if source.id == receiver.id:
        return "the wound goes to «другого союзного персонажа» (L273), not back to its source"
    for creature in (source, receiver):
        if creature.id not in allies:
            return f"{creature.name} is not an ally («союзного персонажа», L273)"
    if source.wounds <= 0:
        return f"{source.name} has no wound to give («Возьмите один маркер повреждения», L273)"
    if not lethal_allowed and receiver.wounds + 1 >= receiver.vitality:
        return (
            f"{receiver.name} would reach its vitality and be destroyed; the rulebook is "
            f"silent on it (L273), and the companion refuses it unless allowed (FP-A9)"
        )
    return ""


def threads_of_life_allowed(
    source: Creature,
    receiver: Creature,
    allies: Collection[str],
    *,
    lethal_allowed: bool = False,
) -> bool:
    """May «Нити жизненных сил» move a wound from ``source`` to ``receiver``? «Возьмите один
    маркер повреждения с карточки любого союзного персонажа, в том числе Лигнума, и
    положите на карточку любого другого союзного персонажа» (L273). ``allies``: the ids of
    Lignum's team's creatures, his own included. A wound that would destroy the receiver
    is refused unless ``lethal_allowed`` (FP-A9)."""
    return not _threads_refusal(source, receiver, allies, lethal_allowed)


def threads_of_life(
    source: Creature,
    receiver: Creature,
    allies: Collection[str],
    *,
    lethal_allowed: bool = False,
) -> tuple[Creature, Creature]:
    """Source and receiver after «Нити жизненных сил»: «Переносит одну рану с одного
    персонажа на другого» (L271). With ``lethal_allowed`` the receiver may reach its
    vitality; destroying it (+2 to its team's scale, B L170) is the engine's."""
    refusal = _threads_refusal(source, receiver, allies, lethal_allowed)
    if refusal:
        raise IllegalAction(f"Threads of life: {refusal}")
    return (
        dataclasses.replace(source, wounds=source.wounds - 1),
        dataclasses.replace(receiver, wounds=receiver.wounds + 1),
    )


# --- attacks whose strength or targets the rules compute (L211-L247) ------------------------


def toxicum_damage(
    effects: Iterable[Effect], toxicum: str, enemies: Iterable[str]
) -> dict[str, int]:
    """Damage of Toxicum's «Яд» to each poisoned enemy (the unpoisoned are not attacked):
    «Действует глобально. Атакует каждого отравленного врага силой, равной количеству
    эффектов «Яд», под действием которых он находится. Урон от умения может быть уменьшен
    «Усилением защиты»» (L235). A computed strength still takes Toxicum's Attack up and
    down (B L163), and the damage is strength less defense (B L164)."""
    marks = tuple(effects)
    return {
        enemy: max(0, attack_strength(marks, toxicum, poison) - base.defense(marks, enemy))
        for enemy in enemies
        if (poison := count(marks, enemy, POISON)) > 0
    }


def burning_armour_allowed(effects: Iterable[Effect], target: str) -> bool:
    """«Сжигающий доспех. Применяется только на цель, которая находится под действием хотя
    бы одного эффекта «Усиление защиты»» (L247). A Defense down cancels a Defense up
    (L367), so the target must have a defense of at least 1."""
    return base.defense(effects, target) > 0


def burning_armour_damage(effects: Iterable[Effect], ignifer: str, target: str) -> int:
    """Damage of Ignifer's «Сжигающий доспех»: «сила атаки равна количеству таких эффектов.
    Урон равен силе атаки, так как Игнифер игнорирует защиту цели» (L247): the target's
    Defense ups (net of downs, L367), plus Ignifer's Attack up and down (B L163)."""
    marks = tuple(effects)
    if not burning_armour_allowed(marks, target):
        raise IllegalAction(
            "Burning armour: «Применяется только на цель, которая находится под действием "
            f"хотя бы одного эффекта «Усиление защиты»» (L247); {target} has none"
        )
    return max(0, attack_strength(marks, ignifer, base.defense(marks, target)))


def sharp_hammer_damage(effects: Iterable[Effect], malleus: str, strength: int, target: str) -> int:
    """Damage of Malleus's «Острый молот»: «Игнорирует защиту цели, если она находится под
    действием эффекта «Бездействие», то есть Маллеус нанесет единицу урона бездействующему
    врагу даже с эффектом «Усиление защиты»» (L219). Else the base damage (B L164)."""
    marks = tuple(effects)
    if is_inactive(marks, target):
        return max(0, attack_strength(marks, malleus, strength))
    return base.damage(marks, malleus, strength, target)


def bloodthirst_allowed(target: Creature) -> bool:
    """«Жажда крови. Неприменимо, если цель не имеет ранений. Соседние враги с полным
    запасом жизненных сил не могут быть атакованы, даже если Мортум находится под
    действием эффекта «Усиление атаки»» (L227)."""
    return target.wounds > 0


def bloodthirst_damage(
    effects: Iterable[Effect], mortum: str, strength: int, target: Creature
) -> int:
    """Damage of Mortum's «Жажда крови» on a wounded target (the base damage, B L164)."""
    if not bloodthirst_allowed(target):
        raise IllegalAction(
            f"Bloodthirst: «Неприменимо, если цель не имеет ранений» (L227); {target.name} has none"
        )
    return base.damage(effects, mortum, strength, target.id)


def retribution_targets(
    effects: Iterable[Effect], enemies_on_line: Iterable[str]
) -> tuple[str, ...]:
    """The enemies Fidea's «Возмездие» hits: «Действует только на тех врагов, расположенных от
    Фидеи по выбранной прямой, которые находятся под действием хотя бы одного любого
    негативного эффекта» (L239). ``enemies_on_line`` in the order along the line."""
    marks = tuple(effects)
    return tuple(
        enemy
        for enemy in enemies_on_line
        if any(mark.target == enemy and mark.kind in NEGATIVE for mark in marks)
    )
