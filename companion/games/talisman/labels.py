"""Words for Talisman's screens: the banner's phase (psychic combat said plainly), the
prompt's choices as short phrases that fit the 3.5-inch panel, and what the view says of
a hero and a battle.

No pygame here: the spec's hooks read these, and only the screens module draws.
"""

from __future__ import annotations

from companion.games.talisman.catalogue import WORDS
from companion.games.talisman.entries import said
from companion.games.talisman.state import TROPHY_RATE
from companion.games.talisman.types import (
    BattleEvent,
    BattleView,
    Fight,
    HeroView,
    TalismanView,
    talisman_view,
)
from companion.i18n import Field
from companion.rules.base import Action, View

# The symbols of a hero's sheet where words do not fit (the 3.5-inch panel); the 7-inch
# panel says the words.
LIVES = "♥"
FATE = "☘"
GOLD = "⛁"
STRENGTH = "⚔"
CRAFT = "✧"
OBJECTS = "⚒"
SPELLS = "⚗"
REROLLED = "⟲"
DICE = "⚀⚁⚂⚃⚄⚅"


def ui(key: str, language: str, **fields: Field) -> str:
    return WORDS(f"ui.{key}", language, **fields)


def die(value: object) -> str:
    """A die's face as its glyph (⚄ for 5), the number when it is not a die's."""
    number = int(value) if isinstance(value, int) else 0
    return DICE[number - 1] if 1 <= number <= 6 else str(value)


def seat_entry(view: TalismanView, seat: object) -> HeroView | None:
    """A copy of the hero at ``seat``, or None."""
    for entry in view.get("seats") or []:
        if entry["seat"] == seat:
            return entry.copy()
    return None


def name(view: TalismanView, seat: object) -> str:
    entry = seat_entry(view, seat)
    return str(entry["name"] if entry and entry["name"] else seat)


def turn_seat(view: TalismanView) -> int | None:
    turn = view.get("turn")
    return turn["seat"] if turn else None


def fight(view: TalismanView) -> Fight | None:
    """The battle on the screen: the one under way, else the one the last action decided
    (a won battle or a standoff leaves no battle in the view, only its result)."""
    battle = view.get("battle")
    result = last_result(view)
    if battle is not None:
        shown: Fight = {  # the view's battle, key for key (a copy)
            "seat": battle["seat"],
            "kind": battle["kind"],
            "enemies": battle["enemies"],
            "opponent": battle["opponent"],
            "roll": battle["roll"],
            "hero_total": battle["hero_total"],
            "opponent_roll": battle["opponent_roll"],
            "against": battle["against"],
            "rerolled": battle["rerolled"],
            "opponent_rerolled": battle["opponent_rerolled"],
        }
        if result:
            shown["outcome"] = result["outcome"]
        return shown
    if result is not None:
        done = view.get("last_battle")  # the fate reroll, where the view keeps it
        spent = done["rerolled"] if done else False
        return {**result, "rerolled": result.get("rerolled", spent)}
    return None


def last_result(view: TalismanView) -> BattleEvent | None:
    for event in view.get("events") or []:
        if event["event"] == "battle_result":
            return event.copy()
    return None


def is_psychic(battle: Fight | BattleView) -> bool:
    return battle["kind"] == "craft"


def phase(view: View, language: str) -> str:
    """The banner's phase (the spec's ``phase_words``): "Battle" or plainly "Psychic
    combat" (also once lost: no object saves the life); a lost battle's life; the
    winner's reward; else the turn."""
    typed = talisman_view(view)
    current = str(typed.get("phase") or "turn")
    battle = typed.get("battle")
    if current == "battle" and battle is not None:
        if battle["opponent"]:
            return ui("phase.duel_psychic" if is_psychic(battle) else "phase.duel", language)
        return ui("phase.psychic" if is_psychic(battle) else "phase.battle", language)
    if current == "outcome" and battle is not None and is_psychic(battle):
        return ui("phase.outcome_psychic", language)  # the panels' "<" says it was lost
    if WORDS.has(f"ui.phase.{current}"):
        return ui(f"phase.{current}", language)
    return ui("phase.turn", language)


def outcome(result: str, language: str) -> str:
    return ui(f"outcome.{result}", language)


def choice(view: View, action: Action, language: str) -> str:
    """A choice as a short phrase (the spec's ``choice_words``): "End turn, Strength +1
    (trophies)", "Miss this turn (encounters left)" against "Miss the next turn", "Saved
    by a spell", "Drop Sword". ``action`` is a prompt's choice or an entry's base, so it
    is read as the Action it may be."""
    return _choice(talisman_view(view), action, language)


def _choice(view: TalismanView, action: Action, language: str) -> str:
    kind = str(action.get("do"))
    if kind == "end_turn":
        trade = action.get("trade")
        trades = [str(t) for t in trade] if isinstance(trade, list) else []
        if not trades:
            return ui("choice.end_turn", language)
        hero = seat_entry(view, turn_seat(view))
        held = 0
        if hero:
            held = hero["strength_trophies"] if trades[0] == "strength" else hero["craft_trophies"]
        return ui(f"choice.trade_{trades[0]}", language, gained=held // TROPHY_RATE)
    if kind == "miss_turn":
        left = action.get("encounters_left")
        if left is None:  # today's entry, before its one value
            return WORDS("entry.miss_turn", language)
        return ui("choice.miss_this" if left in (True, "yes") else "choice.miss_next", language)
    if kind == "reroll" and action.get("roll") is not None:  # the table's new die
        return ui("choice.reroll_die", language, value=str(action.get("roll")))
    if kind == "attack" and action.get("defender") is not None:
        return WORDS("entry.attack_hero", language, hero=name(view, action.get("defender")))
    if kind in ("cast", "discard"):
        return ui(f"choice.{kind}", language, name=said(str(action.get("name")), language))
    if kind == "drop":  # a choice names the object; the entry does not yet
        if action.get("object") is None:
            return WORDS("entry.drop", language)
        return ui("choice.drop", language, object=said(str(action.get("object")), language))
    if kind == "trophy" and action.get("value") is not None:  # the won enemy, kept
        trophy = "craft" if action.get("kind") == "craft" else "strength"
        return ui(f"choice.trophy_{trophy}", language, value=str(action.get("value")))
    if kind == "toad" and _another(view, action.get("hero")):
        return WORDS("entry.toad_other", language)
    if kind == "follower" and action.get("leaves"):
        return WORDS("entry.follower_leaves", language)
    if kind == "lose":
        saved = action.get("saved_by")
        return ui(f"choice.saved_{saved}" if saved else "choice.lose", language)
    if kind == "reward":
        take = str(action.get("take"))
        if take == "object":
            return ui(
                "choice.take_object", language, object=said(str(action.get("object")), language)
            )
        if take == "life" and action.get("saved_by"):
            return ui("choice.take_life_saved", language)
        return ui(f"choice.take_{take}", language)
    enemies = action.get("enemies")
    if kind == "battle" and isinstance(enemies, list) and len(enemies) > 1:
        return WORDS("entry.battle_two", language)  # an entry, by its action
    if kind == "battle" and action.get("psychic") in (True, "yes"):
        return WORDS("entry.psychic", language)
    if WORDS.has(f"ui.choice.{kind}"):
        return ui(f"choice.{kind}", language)
    if WORDS.has(f"entry.{kind}"):
        return WORDS(f"entry.{kind}", language)
    return kind.replace("_", " ")


def _another(view: TalismanView, hero: object) -> bool:
    """``hero`` (a seat or a name) is given and is not the turn's hero."""
    if hero is None:
        return False
    turn = turn_seat(view)
    return hero != turn and hero != name(view, turn)


def alignment(hero: HeroView, language: str) -> str:
    return WORDS(f"alignment.{hero['alignment']}", language)
