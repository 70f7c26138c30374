"""What the Talisman tracker shows: ``prompt(state)`` and ``view(state, audience)``.

docs/talisman.md names every view field. Everything at the table is public.
"""

from __future__ import annotations

from companion.games.spec import entry_field
from companion.games.talisman import engine, entries
from companion.games.talisman.battle import object_may_save
from companion.games.talisman.catalogue import WORDS
from companion.games.talisman.state import (
    ALIGNMENTS,
    GAME,
    PHASE_BATTLE,
    PHASE_OUTCOME,
    PHASE_REWARD,
    Hero,
    State,
)
from companion.games.talisman.types import (
    BattleView,
    DropAction,
    EntryBase,
    HeroView,
    LastBattleView,
    LoseAction,
    RewardAction,
    SpellAction,
    TalismanAction,
    TalismanView,
    talisman_events,
)
from companion.rules.base import DEBUG, Entry, Field, FieldKind, Prompt


def _key(kind: str) -> str:
    return WORDS.key(f"ui.prompt.{kind}")


def _field(key: str, kind: FieldKind = "int", **more: object) -> Field:
    return entry_field(WORDS, key, kind, **more)


def prompt(state: State) -> Prompt:
    over = engine.over_limits(state)
    if over is not None:
        seat, what = over
        hero = state.hero(seat)
        fields: dict[str, str | int] = {"player": hero.name}
        if what == "object":
            drops: list[DropAction] = [
                {"do": "drop", "hero": seat, "object": o} for o in dict.fromkeys(hero.objects)
            ]
            fields["limit"] = hero.capacity
            return Prompt(seat, "drop", _key("drop"), fields, tuple(drops))
        discards: list[SpellAction] = [
            {"do": "discard", "hero": seat, "name": n} for n in dict.fromkeys(hero.spells)
        ]
        fields["limit"] = hero.spell_limit
        return Prompt(seat, "discard", _key("discard"), fields, tuple(discards))
    seat = state.turn
    hero = state.hero(seat)
    fields = {"player": hero.name}
    fight = state.battle
    if state.phase == PHASE_BATTLE and fight is not None:
        deciding = fight.opponent if fight.opponent and fight.attacker_done else fight.seat
        decider = state.hero(deciding)
        spent = fight.opponent_rerolled if deciding != fight.seat else fight.rerolled
        choices: list[TalismanAction] = [{"do": "accept"}]
        asked = "battle_accept"  # the question says only what is offered
        if decider.fate > 0 and not spent:  # no reroll offered once fate is spent (L64)
            asked = "battle"
            if state.setup.table_dice:  # the table rolls the new die: one line per face
                choices += entries.rerolls()
            else:
                choices.append({"do": "reroll"})
        # Each side reads its own total first: the defender's is the battle's "against".
        totals = (fight.hero_total, fight.against_total)
        mine, theirs = totals if deciding == fight.seat else totals[::-1]
        fields = {"player": decider.name, "mine": mine, "theirs": theirs}
        return Prompt(deciding, "battle", _key(asked), fields, tuple(choices))
    if state.phase == PHASE_OUTCOME and fight is not None:
        saves: list[LoseAction] = [
            {"do": "lose"},
            {"do": "lose", "saved_by": "spell"},
            {"do": "lose", "saved_by": "ability"},
        ]
        if object_may_save(state, fight, fight.seat):  # armour he carries (L158), not psychic
            saves.insert(1, {"do": "lose", "saved_by": "object"})
        return Prompt(seat, "lose", _key("lose"), fields, tuple(saves))
    if state.phase == PHASE_REWARD and fight is not None:
        winner = state.winner_of_duel
        loser = fight.opponent if winner == fight.seat else fight.seat
        lost = state.hero(loser)
        takes: list[RewardAction] = [{"do": "reward", "take": "life"}]
        if object_may_save(state, fight, loser):  # never in psychic combat (L120)
            takes.append({"do": "reward", "take": "life", "saved_by": "object"})
        if lost.gold:
            takes.append({"do": "reward", "take": "gold"})
        takes += [
            {"do": "reward", "take": "object", "object": o} for o in dict.fromkeys(lost.objects)
        ]
        fields = {"player": state.hero(winner).name, "loser": lost.name}
        return Prompt(winner, "reward", _key("reward"), fields, tuple(takes))
    return _turn(state, seat, hero, fields)


def _turn(state: State, seat: int, hero: Hero, fields: dict[str, str | int]) -> Prompt:
    """The turn: end it (trading trophies when they make a point), the battle calculator,
    the sheet's changes as entries, the toad and a missed turn. Today's edition is laid
    out for few presses (:func:`_today`); the first edition's list is kept as it was, so
    a press script written for it plays the same game."""
    if state.setup.current:
        return _today(state, seat, hero, fields)
    choices: list[TalismanAction] = [{"do": "end_turn"}, *_trades(hero)]
    choices += [
        {"do": "miss_turn", "encounters_left": True},
        {"do": "miss_turn", "encounters_left": False},
        {"do": "toad"},
    ]
    choices += _casts(hero)
    made = [*_battles(state, seat), *_sheet(state, hero)]
    free = ("carry", "drop", "follower", "spell", "discard", "cast", "roll")
    return Prompt(seat, "turn", _key("turn"), fields, tuple(choices), free, tuple(made))


def _today(state: State, seat: int, hero: Hero, fields: dict[str, str | int]) -> Prompt:
    """Today's edition: the enemies just won first (the cursor starts on the first line
    after the battle's rolls are accepted: one press keeps each, L203), then the end of
    the turn (NEXT plays it wherever it stands), the trophy trade, the casts; then the
    entries in :data:`entries.TURN_ORDER`, the commonest at the two ends of the list
    (it goes round: red from the first line reaches Battle in one press)."""
    choices: list[TalismanAction] = []
    for value in dict.fromkeys(state.spoils):  # «может забрать его как трофей» (L203)
        if state.spoils_kind == "craft":
            choices.append({"do": "trophy", "kind": "craft", "value": value})
        else:
            choices.append({"do": "trophy", "kind": "strength", "value": value})
    choices += [{"do": "end_turn"}, *_trades(hero), *_casts(hero)]
    made = [*_battles(state, seat), *_sheet(state, hero), *entries.sheet_names(state, seat, hero)]
    return Prompt(seat, "turn", _key("turn"), fields, tuple(choices), (), entries.ordered(made))


def _trades(hero: Hero) -> list[TalismanAction]:
    """The end of the turn trading a kind of trophies, when they make a point and the hero
    is no toad (L207, L281)."""
    trades: list[TalismanAction] = []
    if not hero.toad:
        for kind in ("strength", "craft"):
            if getattr(hero, f"{kind}_trophies") >= 7:
                trades.append({"do": "end_turn", "trade": [kind]})
    return trades


def _casts(hero: Hero) -> list[TalismanAction]:
    """Each spell the hero may still cast this turn (L199; a toad casts none, L285)."""
    if hero.toad or hero.casts >= hero.cast_limit:
        return []
    return [{"do": "cast", "name": name} for name in dict.fromkeys(hero.spells)]


def _battles(state: State, seat: int) -> list[Entry]:
    """A battle against one enemy or two, and an attack on a hero (today's edition's:
    :func:`entries.battles`)."""
    yesno = _field("psychic", "choice", options=("no", "yes"), words=WORDS.key("yesno"))
    bonus = _field("bonus", low=-5, high=9, default=0)
    enemy = [_field(f"enemies.{i}", low=0, high=20, default=3) for i in (0, 1)]
    others = [s for s in state.seats.numbers() if s != seat]
    defender = _field(
        "defender",
        "choice",
        options=tuple(others),
        names={s: {"en": state.seats.name(s), "ru": state.seats.name(s)} for s in others},
    )
    attack = (defender, bonus, _field("defender_bonus", low=-5, high=9, default=0))
    if not state.setup.current:  # the first edition's, as it was
        return [
            Entry(
                _base({"do": "battle", "enemies": [3]}),
                (enemy[0], yesno, bonus),
                WORDS.key("entry.battle"),
            ),
            Entry(
                _base({"do": "battle", "enemies": [3, 3]}),
                (enemy[0], enemy[1], bonus),
                WORDS.key("entry.battle_two"),
            ),
            Entry(_base({"do": "attack"}), attack, WORDS.key("entry.attack")),
        ]
    return entries.battles(state, seat, bonus, yesno)


def _sheet(state: State, hero: Hero) -> list[Entry]:
    """A change to the turn's hero's sheet, and the cards to draw. Today's edition starts
    lives and fate at −1: a life lost or a fate spent is what a turn most often records."""
    made: list[Entry] = []
    for field in ("lives", "fate", "gold"):
        start = -1 if state.setup.current and field != "gold" else 1
        made.append(
            Entry(
                _base({"do": field}),
                (_field("change", low=-9, high=9, default=start),),
                WORDS.key(f"entry.{field}"),
            )
        )
    for field in ("strength", "craft"):
        made.append(
            Entry(
                _base({"do": field}),
                (
                    _field("change", low=-9, high=9, default=1),
                    _field("kind", "choice", options=("gain", "bonus"), words=WORDS.key("kind")),
                ),
                WORDS.key(f"entry.{field}"),
            )
        )
    trophy = (
        _field("kind", "choice", options=("strength", "craft"), words=WORDS.key("trophy")),
        _field("value", low=1, high=12, default=3),
    )
    made += [
        Entry(
            _base({"do": "trophy"}),
            trophy[::-1] if state.setup.current else trophy,  # today's: the value first
            WORDS.key("entry.trophy"),
        ),
        Entry(
            _base({"do": "capacity"}),
            (_field("value", low=0, high=12, default=hero.capacity),),
            WORDS.key("entry.capacity"),
        ),
        Entry(
            _base({"do": "alignment"}),
            (_field("to", "choice", options=ALIGNMENTS, words=WORDS.key("alignment")),),
            WORDS.key("entry.alignment"),
        ),
        Entry(
            _base({"do": "encounter"}),
            (
                _field("required", low=0, high=6, default=1),
                _field("on_space", low=0, high=9, default=0),
            ),
            WORDS.key("entry.encounter"),
        ),
    ]
    return made


def _base(base: EntryBase) -> EntryBase:
    """An entry's base as written above, checked against :class:`EntryBase`."""
    return base


def _hero_view(state: State, seat: int) -> HeroView:
    hero = state.hero(seat)
    return {
        "seat": seat,
        "name": hero.name,
        "lives": hero.lives,
        "fate": hero.fate,
        "gold": hero.gold,
        "strength": hero.current_strength,
        "craft": hero.current_craft,
        "strength_base": hero.strength,
        "craft_base": hero.craft,
        "strength_bonus": hero.strength_bonus,
        "craft_bonus": hero.craft_bonus,
        "strength_trophies": hero.strength_trophies,
        "craft_trophies": hero.craft_trophies,
        "objects": list(hero.objects),
        "capacity": hero.capacity,
        "followers": list(hero.followers),
        "spells": list(hero.spells),
        "spell_limit": hero.spell_limit,
        "casts": hero.casts,
        "cast_limit": hero.cast_limit,
        "alignment": hero.alignment,
        "toad": hero.toad,
        "miss_next": hero.miss_next,
    }


def view(state: State, audience: str = "public") -> TalismanView:
    """``rules.view`` (the same for every audience; ``debug`` adds the setup)."""
    fight = state.battle
    battle: BattleView | None = None
    if fight is not None:
        battle = {
            "seat": fight.seat,
            "kind": fight.kind,
            "enemies": list(fight.enemies),
            "opponent": fight.opponent or None,
            "roll": fight.roll,
            "hero_total": fight.hero_total,
            "opponent_roll": fight.opponent_roll,
            "against": fight.against_total,
            "rerolled": fight.rerolled,
            "opponent_rerolled": fight.opponent_rerolled,
        }
    last: LastBattleView | None = None
    if state.last_battle is not None:
        done = state.last_battle
        last = {
            "seat": done.seat,
            "kind": done.kind,
            "opponent": done.opponent or None,
            "hero_total": done.hero_total,
            "against": done.against_total,
            "rerolled": done.rerolled,
            "outcome": state.last_outcome,
        }
    picture: TalismanView = {
        "game": GAME,
        "turn": {"seat": state.turn, "name": state.seats.name(state.turn)},
        "turns": state.turns,
        "phase": state.phase,
        "seats": [_hero_view(state, seat) for seat in state.seats.numbers()],
        "battle": battle,
        "last_battle": last,
        "dice_rolled": state.dice,
        "winner": None,
        "events": talisman_events(state.events),
    }
    if audience == DEBUG:
        picture["debug"] = {"setup": state.setup.to_json()}
    return picture
