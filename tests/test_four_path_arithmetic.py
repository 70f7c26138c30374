"""The Four-path rulebook's worked examples (RULES-EXPANSIONS.md §1.2) and defaults (§1.3),
one test each, on the expansion's arithmetic. Lines are of ``seeds/001_…`` (Four-path),
``B L…`` of the base rulebook."""

from __future__ import annotations

import pytest

from companion.games.bestiary.state import Creature
from companion.games.four_path import arithmetic as fp
from companion.rules import effects as base
from companion.rules.base import IllegalAction
from companion.rules.effects import Effect


def marks(*placed: tuple[str, str, int]) -> tuple[Effect, ...]:
    """Markers as (kind, target, how many)."""
    return tuple(
        Effect(kind, target, applied_by=1, applied_at_period=1, source="test")
        for kind, target, times in placed
        for _ in range(times)
    )


def creature(name: str, vitality: int, wounds: int = 0, owner: int = 1) -> Creature:
    return Creature(
        id=name.lower(),
        name=name,
        owner=owner,
        klass="strength",
        vitality=vitality,
        attack_strength=2,
        abilities=(),
        wounds=wounds,
    )


def test_base_one_defense_up_takes_one_from_each_attack() -> None:
    """B L166: with one Defense up, attacks of strength 2 and 1 deal 1 and 0."""
    effects = marks((base.DEFENSE_UP, "saxum", 1))
    assert base.damage(effects, "first", 2, "saxum") == 1
    assert base.damage(effects, "second", 1, "saxum") == 0


def test_x2_three_defense_ups_and_one_down_make_defense_two() -> None:
    """FP-X2, L367: «три маркера «Усиление защиты» и один «Ослабление защиты», то его
    защита будет равна двум»; an attack of 3 then deals 1."""
    effects = marks((base.DEFENSE_UP, "saxum", 3), (base.DEFENSE_DOWN, "saxum", 1))
    assert base.defense(effects, "saxum") == 2
    assert base.damage(effects, "attacker", 3, "saxum") == 1


def test_x3_haste_against_slow() -> None:
    """FP-X3, L369: 1 Haste + 1 Slow: attack or maneuver; more Slow: attack only; more
    Haste: attack and maneuver (and neither: the base attack or maneuver)."""

    def moves(haste: int, slow: int) -> str:
        return fp.moves_allowed(marks((fp.HASTE, "c", haste), (fp.SLOW, "c", slow)), "c")

    assert moves(1, 1) == "attack_or_maneuver"
    assert moves(1, 2) == "attack_only"
    assert moves(2, 1) == "attack_and_maneuver"
    assert moves(1, 0) == "attack_and_maneuver"  # L365
    assert moves(0, 0) == "attack_or_maneuver"


def test_x4_two_damage_on_one_vitality_left_heals_nothing() -> None:
    """FP-X4, L345: «нанеся две единицы урона цели с единицей жизненной силы, восстановления
    не произойдет»: the target takes 1 wound and is destroyed; the attacker keeps his wound."""
    effects = marks((fp.VAMPIRISM, "mortum", 1))
    target = creature("Saxum", vitality=4, wounds=3)
    damage = base.damage(effects, "mortum", 2, target.id)
    dealt = fp.wounds_dealt(damage, target.vitality, target.wounds)
    assert (damage, dealt) == (2, 1)
    assert target.wounds + dealt >= target.vitality  # destroyed (B L170)
    assert fp.vampirism_heal(attacker_wounds=1, wounds_per_target=[dealt]) == 0
    # The same attack on a healthy target makes 2 wounds and heals 1.
    assert fp.vampirism_heal(1, [fp.wounds_dealt(damage, 4, 0)]) == 1


def test_x4_mass_attack_sums_one_wound_on_each_of_two_targets() -> None:
    """FP-X4, L343: «При использовании массового атакующего умения … ранения, нанесенные
    каждому врагу, суммируются»: 1 wound on each of 2 targets heals 1 (1 alone does not)."""
    assert fp.vampirism_heal(attacker_wounds=2, wounds_per_target=[1, 1]) == 1
    assert fp.vampirism_heal(attacker_wounds=2, wounds_per_target=[1, 0]) == 0


def test_a10_vampirism_heals_one_and_not_the_unwounded() -> None:
    """FP-A10, L343: «Восстанавливает единицу» in all, and nothing when unwounded."""
    assert fp.vampirism_heal(attacker_wounds=3, wounds_per_target=[3, 2]) == 1
    assert fp.vampirism_heal(attacker_wounds=0, wounds_per_target=[2]) == 0


def test_x5_siege_volley_is_one_less_than_the_towers_held() -> None:
    """FP-X5, L215: «при контроле одной башни сила атаки равна нолю, при контроле двух –
    единице и так далее»."""
    strengths = [fp.siege_volley_strength(towers) for towers in range(5)]
    assert strengths == [0, 0, 1, 2, 3]
    with pytest.raises(IllegalAction, match="L24"):
        fp.siege_volley_strength(5)


def test_x6_sharp_hammer_ignores_defense_of_an_inactive_target() -> None:
    """FP-X6, L219: «Маллеус нанесет единицу урона бездействующему врагу даже с эффектом
    «Усиление защиты»»; an active target's defense still counts."""
    inactive = marks((base.INACTION, "saxum", 1), (base.DEFENSE_UP, "saxum", 1))
    active = marks((base.DEFENSE_UP, "saxum", 1))
    assert fp.sharp_hammer_damage(inactive, "malleus", 1, "saxum") == 1
    assert fp.sharp_hammer_damage(active, "malleus", 1, "saxum") == 0


def test_x7_bloodthirst_refuses_an_unwounded_target_even_with_attack_up() -> None:
    """FP-X7, L227: «Соседние враги с полным запасом жизненных сил не могут быть атакованы,
    даже если Мортум находится под действием эффекта «Усиление атаки»»."""
    effects = marks((base.ATTACK_UP, "mortum", 1))
    healthy = creature("Saxum", vitality=4)
    assert not fp.bloodthirst_allowed(healthy)
    with pytest.raises(IllegalAction, match="L227"):
        fp.bloodthirst_damage(effects, "mortum", 2, healthy)
    wounded = creature("Saxum", vitality=4, wounds=1)
    assert fp.bloodthirst_allowed(wounded)
    assert fp.bloodthirst_damage(effects, "mortum", 2, wounded) == 3


def test_x8_control_up_counts_two_and_control_down_zero() -> None:
    """FP-X8, L331 and L337: a creature with Control down «не оказывает влияния на ее
    контроль», one with Control up «зачитывается за два существа»."""
    effects = marks((fp.CONTROL_UP, "a1", 1), (fp.CONTROL_DOWN, "b2", 1))
    assert (fp.control(effects, "a1"), fp.control(effects, "b2"), fp.control(effects, "b1")) == (
        2,
        0,
        1,
    )
    assert fp.tower_holder(["a1"], ["b1", "b3"], effects) is None  # 2 against 2
    assert fp.tower_holder(["a2", "a3"], ["b1", "b2"], effects) == "a"  # 2 against 1
    assert fp.tower_holder(["b2"], ["b1"], effects) == "b"  # 0 against 1


def test_tower_ties_and_inactive_creatures() -> None:
    """FP-R13, L101: «включая бездействующих»; «При равном соотношении башня считается
    нейтральной», 0:0 included."""
    effects = marks((base.INACTION, "a1", 1))
    assert fp.tower_holder(["a1"], [], effects) == "a"
    assert fp.tower_holder([], [], effects) is None
    assert fp.tower_holder(["a1"], ["b1"], effects) is None


def test_a6_control_never_below_zero() -> None:
    """FP-A6 (L101, as B L168 for defense): two Control downs leave 0, not −1, so they
    cannot cancel an ally's control in the same area."""
    effects = marks((fp.CONTROL_DOWN, "a1", 2))
    assert fp.control(effects, "a1") == 0
    assert fp.tower_holder(["a1", "a2"], ["b1"], effects) is None  # 0 + 1 against 1


def test_x9_reconstruction() -> None:
    """FP-X9, L255: prep 6 less one per ally on a mountain, the Architect included; L257:
    the own scale goes back one."""
    assert fp.reconstruction_prep(1) == 5  # the Architect alone
    assert fp.reconstruction_prep(2) == 4  # the Architect and one ally
    assert fp.reconstruction_prep(0) == 6
    assert fp.reconstruct(3) == 2


def test_a8_reconstruction_bounds() -> None:
    """FP-A8 (L255, B L298): prep never below 1; a scale at 0 stays at 0."""
    assert [fp.reconstruction_prep(n) for n in (5, 6, 9)] == [1, 1, 1]
    assert fp.reconstruct(0) == 0
    with pytest.raises(IllegalAction, match="L255"):
        fp.reconstruction_prep(-1)


def test_x10_vampirism_prep_on_an_ally_and_on_oneself() -> None:
    """FP-X10, L279: «Подготовка – пять, а при использовании на себя – три»."""
    assert fp.vampirism_prep(on_self=False) == 5
    assert fp.vampirism_prep(on_self=True) == 3


def test_x11_resurrection() -> None:
    """FP-X11, L263-L265: only on an ally with 1 vitality left, never on Fidea herself."""
    fidea = creature("Fidea", vitality=4, wounds=3)
    allies = {"fidea", "saxum"}
    dying = creature("Saxum", vitality=4, wounds=3)
    assert fp.resurrection_allowed(fidea, dying, allies)
    assert fp.resurrect(fidea, dying, allies).wounds == 2

    hurt = creature("Saxum", vitality=4, wounds=2)
    assert not fp.resurrection_allowed(fidea, hurt, allies)
    with pytest.raises(IllegalAction, match="L263"):
        fp.resurrect(fidea, hurt, allies)

    assert not fp.resurrection_allowed(fidea, fidea, allies)
    with pytest.raises(IllegalAction, match="L265"):
        fp.resurrect(fidea, fidea, allies)

    enemy = creature("Malleus", vitality=4, wounds=3, owner=2)
    assert not fp.resurrection_allowed(fidea, enemy, allies)


def test_x12_threads_of_life() -> None:
    """FP-X12, L273: a wound from Lignum (2 → 1) to an ally (0 → 1)."""
    lignum = creature("Lignum", vitality=5, wounds=2)
    ally = creature("Saxum", vitality=4)
    allies = {"lignum", "saxum"}
    source, receiver = fp.threads_of_life(lignum, ally, allies)
    assert (source.wounds, receiver.wounds) == (1, 1)
    assert (lignum.wounds, ally.wounds) == (2, 0)  # the old creatures are untouched

    with pytest.raises(IllegalAction, match="L273"):
        fp.threads_of_life(ally, lignum, allies)  # Saxum has no wound to give
    enemy = creature("Malleus", vitality=4, owner=2)
    assert not fp.threads_of_life_allowed(lignum, enemy, allies)


def test_a9_threads_onto_the_last_vitality_is_refused_unless_allowed() -> None:
    """FP-A9 (L273 is silent): a wound that would bring the receiver to its vitality is
    illegal by default; with the setting it is moved and the receiver is destroyed."""
    lignum = creature("Lignum", vitality=5, wounds=2)
    dying = creature("Saxum", vitality=4, wounds=3)
    allies = {"lignum", "saxum"}
    assert not fp.threads_of_life_allowed(lignum, dying, allies)
    with pytest.raises(IllegalAction, match="FP-A9"):
        fp.threads_of_life(lignum, dying, allies)
    _, receiver = fp.threads_of_life(lignum, dying, allies, lethal_allowed=True)
    assert receiver.wounds == receiver.vitality == 4


def test_x13_burning_armour() -> None:
    """FP-X13, L247: against 2 Defense up it deals 2, the defense ignored; against none it is
    not allowed."""
    effects = marks((base.DEFENSE_UP, "saxum", 2))
    assert fp.burning_armour_allowed(effects, "saxum")
    assert fp.burning_armour_damage(effects, "ignifer", "saxum") == 2
    assert not fp.burning_armour_allowed(effects, "malleus")
    with pytest.raises(IllegalAction, match="L247"):
        fp.burning_armour_damage(effects, "ignifer", "malleus")


def test_x14_toxicum_attacks_each_poisoned_enemy() -> None:
    """FP-X14, L235: 2 Poison and 1 Defense up: 1; 1 Poison and no defense: 1; the
    unpoisoned are not attacked."""
    effects = marks(
        (fp.POISON, "saxum", 2),
        (base.DEFENSE_UP, "saxum", 1),
        (fp.POISON, "malleus", 1),
        (base.DEFENSE_UP, "lignum", 1),
    )
    damage = fp.toxicum_damage(effects, "toxicum", ["saxum", "malleus", "lignum", "fidea"])
    assert damage == {"saxum": 1, "malleus": 1}


def test_x17_two_towers_move_the_enemy_scale_by_two() -> None:
    """FP-X17, L101-L103: each held tower deals 1 to the enemy's one scale, whichever castle
    is named; of four towers, a team holding two deals 2."""
    effects = marks((fp.CONTROL_UP, "a1", 1))
    areas = [(["a1"], ["b1"]), (["a2"], []), (["a3"], ["b2", "b3"]), ([], [])]
    holders = [fp.tower_holder(team_a, team_b, effects) for team_a, team_b in areas]
    assert holders == ["a", "a", "b", None]
    assert fp.siege_damage(holders.count("a")) == 2
    assert fp.siege_damage(holders.count("b")) == 1


def test_retribution_hits_only_the_enemies_under_a_negative_effect() -> None:
    """FP-R35f, L239: «хотя бы одного любого негативного эффекта»: Poison and Slow count,
    a Defense up does not."""
    effects = marks(
        (fp.POISON, "saxum", 1),
        (base.DEFENSE_UP, "malleus", 1),
        (fp.SLOW, "lignum", 1),
    )
    line = ["malleus", "saxum", "fidea", "lignum"]
    assert fp.retribution_targets(effects, line) == ("saxum", "lignum")


def test_a7_the_sign_says_who_takes_a_marker_off() -> None:
    """FP-A7, L117: a team takes off the positive markers on its own creatures, the negative
    ones on its enemies, and the Barriers it placed."""
    (vampirism,) = marks((fp.VAMPIRISM, "a1", 1))
    (poison,) = marks((fp.POISON, "b1", 1))
    (barrier,) = marks((fp.BARRIER, "hex", 1))
    assert fp.removed_in_preparation(vampirism, target_is_own=True, placed_by_own=True)
    assert not fp.removed_in_preparation(vampirism, target_is_own=False, placed_by_own=True)
    assert fp.removed_in_preparation(poison, target_is_own=False, placed_by_own=True)
    assert not fp.removed_in_preparation(poison, target_is_own=True, placed_by_own=False)
    assert fp.removed_in_preparation(barrier, target_is_own=False, placed_by_own=True)
    assert not fp.removed_in_preparation(barrier, target_is_own=False, placed_by_own=False)


def test_resistance_shields_from_enemy_support_only() -> None:
    """FP-R29, L351-L353: no enemy support ability may target it; an ally's may."""
    effects = marks((fp.RESISTANCE, "saxum", 1))
    assert fp.resists(effects, "saxum", by_enemy=True)
    assert not fp.resists(effects, "saxum", by_enemy=False)
    assert not fp.resists(effects, "malleus", by_enemy=True)
