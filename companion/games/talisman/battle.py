"""Talisman's battles (RULES-EXPANSIONS §3): computed from one die and the Strength (or
Craft) of each side, several enemies on one die, a fate reroll, the standoff, a life lost
unless saved, and a duel's reward.
"""

from __future__ import annotations

from dataclasses import replace

from companion.games.talisman.state import (
    PHASE_BATTLE,
    PHASE_OUTCOME,
    PHASE_REWARD,
    PHASE_TURN,
    Battle,
    State,
    carried,
)
from companion.games.talisman.turn import (
    check_phase,
    check_seat,
    end_of_turn,
    flag,
    hero_seat,
    roll_die,
    table_dice,
    without,
)
from companion.games.talisman.types import (
    BattleEvent,
    BattleEventName,
    LifeEvent,
    RewardEvent,
    emit_event,
)
from companion.rules.base import (
    Action,
    IllegalAction,
    as_int,
    as_list,
    check_fields,
    pick,
    require,
)

SAVED_BY = ("object", "spell", "ability")
TAKES = ("life", "gold", "object")


def _weapons(action: Action) -> tuple[int, int]:
    """The weapons' bonus: the best ``weapon_limit`` of them (1; the Warrior 2; 0 when a
    card forbids weapons, «не может» beats «может», L255, TL-X6); and the best entered,
    the weapon the hero is remembered to fight with."""
    bonuses = sorted(
        (as_int(b, "weapons", 0, 9) for b in as_list(action.get("weapons"), "weapons")),
        reverse=True,
    )
    limit = as_int(action.get("weapon_limit", 1), "weapon_limit", 0, 2)
    return sum(bonuses[:limit]), bonuses[0] if bonuses else 0


def battle(state: State, action: Action) -> State:
    """The hero against one or several enemies (L50-78): one die and the hero's Strength,
    weapon and bonuses against one die and the enemies' Strengths together; psychic combat
    with Craft (L106)."""
    check_fields(
        "battle",
        action,
        (
            "do",
            "seat",
            "enemies",
            "psychic",
            "bonus",
            "weapons",
            "weapon_limit",
            "roll",
            "enemy_roll",
        ),
    )
    check_phase(state)
    check_seat(state, action, state.turn)
    seat = state.turn
    hero = state.hero(seat)
    psychic = flag(action.get("psychic", False), "psychic")
    enemies = tuple(as_int(e, "enemies", 0, 30) for e in as_list(action.get("enemies"), "enemies"))
    if not enemies:
        raise IllegalAction("'enemies': the Strength (or Craft) of each enemy, e.g. [3, 4]")
    base = hero.current_craft if psychic else hero.current_strength
    bonus = base + as_int(action.get("bonus", 0), "bonus", -9, 9)
    if not psychic:
        counted, best = _weapons(action)
        bonus += counted
        state = state.changed(seat, weapon=best)
    table_dice(state, action, "roll", "enemy_roll")
    state, own = roll_die(state, action.get("roll"), "roll")
    state, theirs = roll_die(state, action.get("enemy_roll"), "enemy_roll")
    fight = Battle(
        seat,
        "craft" if psychic else "strength",
        enemies,
        bonus=bonus,
        roll=own,
        opponent_roll=theirs,
    )
    state = state.evolve(battle=fight, phase=PHASE_BATTLE, spoils=())
    return emit_event(state, _battle_event(state, fight, "battle"))


def _battle_event(state: State, fight: Battle, name: BattleEventName) -> BattleEvent:
    return {
        "event": name,
        "seat": fight.seat,
        "kind": fight.kind,
        "enemies": list(fight.enemies),
        "opponent": fight.opponent,
        "roll": fight.roll,
        "hero_total": fight.hero_total,
        "opponent_roll": fight.opponent_roll,
        "against": fight.against_total,
    }


def attack(state: State, action: Action) -> State:
    """Hero against hero (L84-102): both roll; the attacker decides on a fate reroll first,
    then the defender (L94); the higher total wins, equal is a standoff."""
    check_fields(
        "attack",
        action,
        ("do", "seat", "defender", "psychic", "bonus", "defender_bonus", "roll", "defender_roll"),
    )
    check_phase(state)
    check_seat(state, action, state.turn)
    seat = state.turn
    other = hero_seat(state, {"hero": require(action, "defender", "the hero attacked")})
    if other == seat:
        raise IllegalAction("a hero attacks another hero")
    psychic = flag(action.get("psychic", False), "psychic")
    mine, theirs = state.hero(seat), state.hero(other)
    base = (
        (mine.current_craft, theirs.current_craft)
        if psychic
        else (mine.current_strength, theirs.current_strength)
    )
    table_dice(state, action, "roll", "defender_roll")
    state, own = roll_die(state, action.get("roll"), "roll")
    state, their = roll_die(state, action.get("defender_roll"), "defender_roll")
    fight = Battle(
        seat,
        "craft" if psychic else "strength",
        (),
        opponent=other,
        bonus=base[0] + as_int(action.get("bonus", 0), "bonus", -9, 9),
        opponent_bonus=base[1] + as_int(action.get("defender_bonus", 0), "defender_bonus", -9, 9),
        roll=own,
        opponent_roll=their,
    )
    state = state.evolve(battle=fight, phase=PHASE_BATTLE, spoils=())
    return emit_event(state, _battle_event(state, fight, "attack"))


def reroll(state: State, action: Action) -> State:
    """«После этого герой может отдать один жетон судьбы и перебросить кубик» (L64): one
    fate for one reroll of his own die, once a battle (TL-A2)."""
    check_fields("reroll", action, ("do", "seat", "roll"))
    check_phase(state, PHASE_BATTLE)
    fight = state.battle
    assert fight is not None
    defender = fight.opponent and fight.attacker_done
    seat = fight.opponent if defender else fight.seat
    hero = state.hero(seat)
    if fight.opponent_rerolled if defender else fight.rerolled:
        raise IllegalAction("one fate, one reroll a battle (L64)")
    if hero.fate <= 0:
        raise IllegalAction(f"{hero.name} has no fate to spend")
    state = state.changed(seat, fate=hero.fate - 1)
    state, die = roll_die(state, action.get("roll"), "roll")
    if defender:
        fight = replace(fight, opponent_roll=die, opponent_rerolled=True)
    else:
        fight = replace(fight, roll=die, rerolled=True)
    state = state.evolve(battle=fight)
    return emit_event(state, {**_battle_event(state, fight, "rerolled"), "by": seat})


def accept(state: State, action: Action) -> State:
    """The rolls stand: the outcome. A win kills the enemies (their Strength or Craft to the
    hero's trophies); a standoff ends the turn, nobody hurt (L74); a loss costs a life
    unless saved (asked next), and the turn ends (L70)."""
    check_fields("accept", action, ("do", "seat"))
    check_phase(state, PHASE_BATTLE)
    fight = state.battle
    assert fight is not None
    if fight.opponent and not fight.attacker_done:
        fight = replace(fight, attacker_done=True)
        state = state.evolve(battle=fight)
        return emit_event(state, {"event": "attacker_decided", "seat": fight.seat})
    mine, theirs = fight.hero_total, fight.against_total
    outcome = "won" if mine > theirs else "lost" if mine < theirs else "standoff"
    state = state.evolve(last_battle=fight, last_outcome=outcome)
    state = emit_event(
        state,
        {
            **_battle_event(state, fight, "battle_result"),
            "outcome": outcome,
            "rerolled": fight.rerolled,
            "opponent_rerolled": fight.opponent_rerolled,
        },
    )
    if outcome == "standoff":
        return end_of_turn(state, [])
    if fight.opponent:
        winner = fight.seat if outcome == "won" else fight.opponent
        return state.evolve(phase=PHASE_REWARD, winner_of_duel=winner)
    if outcome == "won" and state.setup.current:
        # «может забрать его как трофей» (L203): each enemy killed is offered, kept or not
        return state.evolve(
            phase=PHASE_TURN, battle=None, spoils=fight.enemies, spoils_kind=fight.kind
        )
    if outcome == "won":  # the first edition kept them all at once
        field = f"{fight.kind}_trophies"
        hero = state.hero(fight.seat)
        state = state.changed(fight.seat, **{field: int(getattr(hero, field)) + sum(fight.enemies)})
        return state.evolve(phase=PHASE_TURN, battle=None)
    return state.evolve(phase=PHASE_OUTCOME)


def lose(state: State, action: Action) -> State:
    """A battle lost: «отдает 1 жизнь», unless an object, a spell or an ability prevents it
    (L66); in psychic combat no object can (L120). The turn ends (L70)."""
    check_fields("lose", action, ("do", "seat", "saved_by"))
    check_phase(state, PHASE_OUTCOME)
    fight = state.battle
    assert fight is not None
    saved = action.get("saved_by")
    if saved is not None:
        saved = pick(SAVED_BY, saved, "saved_by")
        _object_saves(state, fight, fight.seat, saved)
    hero = state.hero(fight.seat)
    if saved is None:
        state = state.changed(fight.seat, lives=max(0, hero.lives - 1))
    said: LifeEvent = {
        "event": "life_lost" if saved is None else "life_saved",
        "seat": fight.seat,
        "by": saved or "",
    }
    if saved is None and hero.lives == 1:  # said plainly: the table must not miss it
        said["last"] = True
    return end_of_turn(emit_event(state, said), [])


def object_may_save(state: State, fight: Battle, seat: int) -> bool:
    """Whether an object may save ``seat``'s life now: never in psychic combat (L120); in
    today's edition only when the hero carries one («Предметы, предотвращающие потерю
    жизней … относятся к Доспехам», L158: the companion does not know which of his
    objects is armour, the player does)."""
    if fight.kind == "craft":
        return False
    return not state.setup.current or bool(state.hero(seat).objects)


def _object_saves(state: State, fight: Battle, seat: int, saved: str) -> None:
    if saved != "object" or object_may_save(state, fight, seat):
        return
    if fight.kind == "craft":
        raise IllegalAction(
            "in psychic combat «ни один Предмет не способен предотвратить потерю жизни» (L120)"
        )
    raise IllegalAction(
        f"{state.hero(seat).name} carries no object: only an object he carries, his armour, "
        "saves a life (L158)"
    )


def reward(state: State, action: Action) -> State:
    """Hero against hero: the winner takes 1 life (which the loser may save), 1 object or 1
    gold (L98); a last life taken lets him take all the loser's objects, gold and
    followers (L100); the turn ends (L102)."""
    check_fields("reward", action, ("do", "seat", "take", "object", "saved_by"))
    check_phase(state, PHASE_REWARD)
    fight = state.battle
    assert fight is not None
    winner = state.winner_of_duel
    loser = fight.opponent if winner == fight.seat else fight.seat
    take = pick(TAKES, require(action, "take", "a life, an object or a gold"), "take")
    lost = state.hero(loser)
    said: RewardEvent = {"event": "reward", "seat": winner, "from": loser, "take": take}
    if take == "gold":
        if lost.gold <= 0:
            raise IllegalAction(f"{lost.name} has no gold (L140)")
        state = state.changed(loser, gold=lost.gold - 1)
        state = state.changed(winner, gold=state.hero(winner).gold + 1)
    elif take == "object":
        name = str(require(action, "object", "which object"))
        if name not in lost.objects:
            raise IllegalAction(f"{lost.name} carries no {name}")
        state = state.changed(loser, **carried(without(lost.objects, name)))
        state = state.changed(winner, objects=(*state.hero(winner).objects, name))
        said["object"] = name
    else:
        saved = action.get("saved_by")
        if saved is not None:
            said["saved_by"] = pick(SAVED_BY, saved, "saved_by")
            _object_saves(state, fight, loser, said["saved_by"])
        else:
            state = state.changed(loser, lives=max(0, lost.lives - 1))
            if lost.lives == 1:  # the last life: all he has (L100)
                won = state.hero(winner)
                state = state.changed(
                    winner,
                    gold=won.gold + lost.gold,
                    objects=(*won.objects, *lost.objects),
                    followers=(*won.followers, *lost.followers),
                )
                state = state.changed(loser, gold=0, followers=(), **carried(()))
                said["all"] = True  # and what went with it, for the narration to name
                said["gold"] = lost.gold
                said["objects"] = list(lost.objects)
                said["followers"] = list(lost.followers)
    return end_of_turn(emit_event(state, said), [])
