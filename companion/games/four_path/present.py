"""What Four-path shows: ``prompt(state)`` and ``view(state, audience)``.

The view is the Bestiary's (``seats[]`` with each seat's creatures, the sigil, the tokens
with their owners, the effects) with the expansion's parts beside it: ``sides[]`` (the two
teams: seats, one castle scale each, the towers held), ``towers[]`` (who stands in each
area, each team's control, the holder), ``combined`` (whose hand it is, who has passed),
``barriers``, ``draft`` and ``mode``/``keeper``. docs/four_path.md names every field.
"""

from __future__ import annotations

from companion.games.bestiary import labels as duel_labels
from companion.games.bestiary import present as duel_present
from companion.games.bestiary import roster
from companion.games.bestiary.state import (
    PHASE_ATTACK_SUPPORT,
    PHASE_SIEGE,
    PHASE_TURN_DISC,
    STAGE_OVER,
    Ability,
    Creature,
)
from companion.games.bestiary.types import SideView, TurnDiscAction, WinnerView
from companion.games.four_path import arithmetic as ar
from companion.games.four_path import engine
from companion.games.four_path.catalogue import WORDS
from companion.games.four_path.draft import BAN
from companion.games.four_path.setup import CASTLES, MAX_IN_CASTLE
from companion.games.four_path.state import (
    GAME,
    STAGE_DRAFT,
    STAGE_RESPAWN,
    TOWERS,
    FourPathState,
)
from companion.games.four_path.towers import NO_TOWER, area_of
from companion.games.four_path.types import (
    BanAction,
    CombinedView,
    DraftView,
    FourPathAction,
    FourPathAttackAction,
    FourPathSiegeAction,
    FourPathSummonAction,
    FourPathSupportAction,
    FourPathView,
    OpenAction,
    PassAction,
    RespawnAction,
    TowerView,
    four_path_event,
)
from companion.i18n import CATALOGUES
from companion.rules import effects as fx
from companion.rules import sigil
from companion.rules.base import DEBUG, Action, Entry, Field, IllegalAction, Prompt


def _key(kind: str) -> str:
    return WORDS.key(f"ui.prompt.{kind}")


def team_name(state: FourPathState, side: int) -> str:
    """A team by its players: «Anna & Clara» (the duel: the player)."""
    return " & ".join(state.seats.name(seat) for seat in state.fp.team_seats(side))


# --- the prompt -------------------------------------------------------------------------------


def prompt(state: FourPathState) -> Prompt:
    if state.stage == STAGE_OVER:
        winners = team_name(state, state.winner or 1)
        return Prompt(None, "game_over", _key("game_over"), {"player": winners})
    seat = state.turn or state.fp.keeper
    name = state.seats.name(seat)
    if state.stage == STAGE_DRAFT:
        return _draft_prompt(state, seat, name)
    if state.stage == STAGE_RESPAWN:
        creature = state.creature(state.pending[0])
        assert creature is not None
        castles: tuple[RespawnAction, ...] = tuple(
            {"do": "respawn", "castle": c}
            for c in state.fp.castles_of(creature.owner)
            if state.occupancy(leaving=creature.id)[c] < MAX_IN_CASTLE
        )
        fields: dict[str, str | int] = {"player": name, "creature": creature.name}
        return Prompt(seat, "respawn", _respawn_key(creature), fields, castles)
    if state.phase == PHASE_TURN_DISC:
        fields = {"player": name, "period": state.period + 1}
        turn_disc: TurnDiscAction = {"do": "turn_disc"}
        return Prompt(seat, "turn_disc", _key("turn_disc"), fields, (turn_disc,))
    if state.phase == PHASE_SIEGE:
        return _siege_prompt(state, seat, name)
    combined = state.combined
    if combined is not None and combined.opener is None:
        openers = sorted(combined.allies, key=lambda s: s != combined.suggested)
        choices: tuple[OpenAction, ...] = tuple({"do": "open", "seat": s} for s in openers)
        fields = {"player": team_name(state, combined.team)}
        return Prompt(seat, "open", _key("open"), fields, choices)
    return _action_prompt(state, seat, name)


def _respawn_key(creature: Creature) -> str:
    """The respawn question's key, naming the creature in each language: a prompt's
    fields are said alike in every language, so a roster creature (Messum, Мессум) gets a
    key of its own, the question's words with its name in each language put in
    (``four_path.ui.prompt.respawn.messum``; in English its name as entered, as before);
    a creature the roster does not know keeps the question's key, its name as its card
    gives it."""
    general = _key("respawn")
    if roster.find(creature.id) is None:
        return general
    own = f"{general}.{creature.id}"
    names = {**_names(creature), "en": creature.name}  # English as it always said it
    for language, name in names.items():
        said = CATALOGUES[language].get(general) or CATALOGUES["en"][general]
        escaped = name.replace("{", "{{").replace("}", "}}")
        CATALOGUES[language][own] = said.replace("{creature}", escaped)
    return own


def _draft_prompt(state: FourPathState, seat: int, name: str) -> Prompt:
    draft = state.draft
    assert draft is not None
    pick = draft.next_pick
    assert pick is not None
    gone = draft.banned_creatures | draft.summoned_creatures
    if pick.kind == BAN:
        bans: tuple[BanAction, ...] = tuple(
            {"do": "ban", "creature": info.id}
            for info in roster.roster().values()
            if info.id not in gone
        )
        fields: dict[str, str | int] = {"player": name, "count": len(draft.banned) + 1}
        return Prompt(seat, "ban", _key("ban"), fields, bans, ("ban",))
    summons: tuple[FourPathSummonAction, ...] = tuple(
        {"do": "summon", "creature": info.id}
        for info in roster.roster().values()
        if info.id not in gone and info.vitality is not None
    )
    count = sum(1 for c in state.creatures if c.owner == seat) + 1
    per_seat = 4 if state.fp.is_duel else 2
    fields = {"player": name, "count": count, "of": per_seat}
    return Prompt(seat, "summon", _key("summon"), fields, summons, ("summon",))


def _siege_prompt(state: FourPathState, seat: int, name: str) -> Prompt:
    """The team's siege (either ally says it, L101): on the towers as the areas stand, or
    after saying where the creatures stand now, one value a creature (its tower or none),
    each starting where it stood: the partner's press counts as much as the prompted
    seat's (rules.authorize)."""
    held = sum(1 for h in engine.holders(state) if h == state.side)
    fields: dict[str, str | int] = {"player": team_name(state, state.side), "held": held}
    siege: FourPathSiegeAction = {"do": "siege"}
    entries = (siege_entry(state),)
    return Prompt(seat, "siege", _key("siege"), fields, (siege,), ("siege", "area"), entries)


# A tower's option as the siege entry says it, in each language.
WHERE: dict[str | int, dict[str, str]] = {
    NO_TOWER: {"en": "no tower", "ru": "не у башни"},
    **{
        tower: {"en": f"tower {number}", "ru": f"башня {number}"}
        for number, tower in enumerate(TOWERS, 1)
    },
}


def siege_entry(state: FourPathState) -> Entry:
    """The siege with the areas said first: for each creature, the tower whose area it
    stands in (or none), starting where it stood, so NEXT keeps the rest as they are;
    a creature left where it was is left out of the action.

    The sieging team's creatures are asked first (it is their siege, and they know their
    own), then the enemy's; in each team those at no tower first (a creature comes to a
    tower more often than one leaves it), each player's together in seat order, then
    those at a tower. In the teams game a player's two creatures go to a tower together
    more often than apart (a pair holds a tower against the enemy's pair), so the second
    of them that stood nowhere opens at the tower the first was just put at (NEXT, which
    plays the fields after the one shown unseen, leaves it where it stood: a creature is
    never moved unseen). The duel's four a player spread over the four towers: each opens
    where it stood.
    (Over the example sieges: 64 presses, against 71 in summon order, 74 with the
    enemy's creatures first, 76 with every creature following the one before it.)"""
    side = state.side
    standing = {creature.id: area_of(state, creature.id) for creature in state.creatures}
    summoned = [creature.id for creature in state.creatures]
    ordered = sorted(
        state.creatures,
        key=lambda c: (
            state.side_of(c.owner) != side,
            standing[c.id] != NO_TOWER,
            c.owner,
            summoned.index(c.id),
        ),
    )
    follows: dict[str | int, str | int] = {option: option for option in (NO_TOWER, *TOWERS)}
    fields: list[Field] = []
    for index, creature in enumerate(ordered):
        before = ordered[index - 1] if index else creature
        paired = (
            not state.fp.is_duel
            and before.owner == creature.owner
            and before.id != creature.id
            and standing[creature.id] == standing[before.id] == NO_TOWER
        )
        fields.append(
            Field(
                f"areas.{creature.id}",
                "choice",
                WORDS.key("field.stands"),
                # "No tower" first: a script's ``areas: {tower_2: [fidea]}`` leaving out a
                # creature that stood there is read as this first option (planner._left).
                options=(NO_TOWER, *TOWERS),
                default=standing[creature.id],
                names=WHERE,
                label_fields={"creature": _names(creature)},
                omit=(standing[creature.id],),
                default_by=(f"areas.{before.id}", follows) if paired else None,
                follows_unseen=False,
            )
        )
    base: FourPathSiegeAction = {"do": "siege", "areas": {}}
    return Entry(base, tuple(fields), WORDS.key("entry.siege_areas"))


def _names(creature: Creature) -> dict[str, str]:
    """A creature's name in each language (the roster's, else as its card says it)."""
    return {lang: duel_labels.creature(creature.id, creature.name, lang) for lang in ("en", "ru")}


MOUNTAINS = Field("on_mountains", "int", WORDS.key("field.on_mountains"), low=0, high=8, default=1)


def _action_prompt(state: FourPathState, seat: int, name: str) -> Prompt:
    """What the ally whose hand it is may do: each legal attack, maneuver and ready ability
    as a choice (an entry when a value is open), and the pass last."""
    choices: list[FourPathAction] = []
    entries: list[Entry] = []
    extras: list[Entry] = []
    enemies = [c for c in state.creatures if not state.allied(c.owner, seat)]
    for creature in state.army(seat):
        if fx.is_inactive(state.effects, creature.id):
            continue
        strength = duel_present.strength_field(state, creature)
        for enemy in enemies:
            base: FourPathAttackAction = {
                "do": "attack",
                "creature": creature.id,
                "target": enemy.id,
            }
            if creature.attack_strength is not None or creature.id in COMPUTED:
                choices.append(base)
            else:
                entries.append(Entry(base, (strength,), duel_present.entry_key("attack")))
        if creature.id not in COMPUTED:
            extras.extend(duel_present.other_attack(state, creature, enemies, _legal))
            extras.extend(_volley(state, creature, enemies))
        choices.append({"do": "maneuver", "creature": creature.id})
        if state.fp.is_duel:
            # The duel's respawn counts who stands in each castle (L83): a maneuver may end
            # in one of the player's castles.
            choices.extend(
                {"do": "maneuver", "creature": creature.id, "to": castle}
                for castle in state.fp.castles_of(seat)
                if state.place_of(creature.id) != castle
            )
        for ability in creature.abilities:
            if sigil.on_sigil(state.tokens, creature.id, ability.id) is None:
                _ability_options(state, creature, ability, choices, entries)
    choices = [c for c in choices if _legal(state, c)]
    entries = [e for e in entries if _legal(state, e.action(e.values(())))] + extras
    choices.append(PassAction(do="pass"))
    fields: dict[str, str | int] = {"player": name}
    return Prompt(
        seat,
        PHASE_ATTACK_SUPPORT,
        _key(PHASE_ATTACK_SUPPORT),
        fields,
        tuple(choices),
        ("attack", "support", "maneuver"),
        tuple(entries),
    )


# Attackers whose strength the rules compute, so no strength is asked (L235, L247).
COMPUTED = frozenset({engine.POISON_ATTACK, engine.BURNING_ARMOUR})


def _volley(state: FourPathState, attacker: Creature, enemies: list[Creature]) -> list[Entry]:
    """The Siege tower volley (L215): offered when the attacker's team held a tower at its
    last siege, the strength the towers say (held − 1, never below 0): only whom."""
    side = state.side_of(attacker.owner)
    if not any(holder == side for holder in state.holders):
        return []
    base: FourPathAttackAction = {"do": "attack", "creature": attacker.id, "volley": True}
    reachable = [e for e in enemies if _legal(state, {**base, "target": e.id})]
    if not reachable:
        return []
    target = duel_present.target_field("target", "field.target", reachable)
    return [Entry(base, (target,), WORDS.key("entry.volley"))]


def _ability_options(
    state: FourPathState,
    user: Creature,
    ability: Ability,
    choices: list[FourPathAction],
    entries: list[Entry],
) -> None:
    base: FourPathSupportAction = {"do": "support", "creature": user.id, "ability": ability.id}
    allies = state.side_army(state.side_of(user.owner))
    if ability.id == engine.RECONSTRUCTION:
        entries.append(Entry(base, (MOUNTAINS,), WORDS.key("entry.reconstruction")))
        return
    options: list[FourPathSupportAction]
    if ability.id == engine.THREADS_OF_LIFE:
        options = [
            {**base, "from": a.id, "to": b.id} for a in allies for b in allies if a.id != b.id
        ]
    elif ability.id in (engine.VAMPIRISM, engine.RESURRECTION):
        options = [{**base, "target": a.id} for a in allies]
    elif ability.effects and any(k not in ar.ON_HEX for k in ability.effects):
        options = [{**base, "target": t.id} for t in state.creatures]
    else:
        options = [base]
    asked = ability.fixed_prep is None and ability.id != engine.VAMPIRISM
    prep = (duel_present.prep_field(state, user, ability),) if asked else ()
    if not ability.effects and ability.id not in SPECIAL:
        said = duel_present.effect_entry(
            state,
            user,
            ability,
            kinds=tuple(k for k in ar.EFFECTS if k not in ar.ON_HEX),
            prep=prep,
            legal=_legal,
            words=WORDS.key("effect"),
        )
        entries.extend([said] if said else [])
    if ar.BARRIER in ability.effects:
        # «Преграда» on a hex (L317): the hex said by its column and row, or left unsaid.
        on_hex: FourPathSupportAction = {**base, "hex": {}}
        entries.append(Entry(on_hex, (*prep, HEX_COLUMN, HEX_ROW), WORDS.key("entry.barrier")))
    if prep:
        entries.extend(Entry(o, prep, duel_present.entry_key("support")) for o in options)
        return
    choices.extend(options)


# Abilities with rules of their own: no lasting effect is said with them.
SPECIAL = frozenset(
    {engine.RECONSTRUCTION, engine.THREADS_OF_LIFE, engine.VAMPIRISM, engine.RESURRECTION}
)


# A Barrier's hex as the buttons say it (L317): a column letter and a row number, the
# labels a table may chalk on its board (docs/four_path.md).
HEX_COLUMN = Field("hex.column", "choice", WORDS.key("field.hex_column"), options=tuple("ABCDEFGH"))
HEX_ROW = Field("hex.row", "int", WORDS.key("field.hex_row"), low=1, high=9, default=1)


def _legal(state: FourPathState, action: Action) -> bool:
    try:
        engine.step(state, action)
    except IllegalAction:
        return False
    return True


# --- the view ---------------------------------------------------------------------------------


def view(state: FourPathState, audience: str = "public") -> FourPathView:
    """The duel's view with each seat's team and castles and each creature's control and
    place (keys the Bestiary's view types as Four-path's), and the expansion's parts."""
    duel = duel_present.view(state, audience)
    for seat_view in duel["seats"]:
        seat = seat_view["seat"]
        seat_view["side"] = state.side_of(seat)
        seat_view["castles"] = list(state.fp.castles_of(seat))
        seat_view["castle"] = state.fp.castles_of(seat)[0]
        for creature_view in seat_view["creatures"]:
            creature_id = creature_view["id"]
            creature_view["control"] = ar.control(state.effects, creature_id)
            creature_view["maneuvered"] = creature_id in state.maneuvered
            creature_view["place"] = state.place_of(creature_id)
    held = engine.holders(state)
    # The duel's keys as it built them, but those Four-path says otherwise (its events,
    # its teams, the winning team).
    picture: FourPathView = {
        "game": GAME,
        "stage": duel["stage"],
        "period": duel["period"],
        "cycle": duel["cycle"],
        "sector": duel["sector"],
        "phase": duel["phase"],
        "turn": duel["turn"],
        "first_seat": duel["first_seat"],
        "tempo": duel["tempo"],
        "scale_length": duel["scale_length"],
        "seats": duel["seats"],
        "sides": [_side_view(state, side, held) for side in (1, 2)],
        "sigil": duel["sigil"],
        "tokens": duel["tokens"],
        "effects": duel["effects"],
        "winner": _winner_view(state),
        "damage_log": [
            {"period": period, "castle_damage": [one, two]} for period, one, two in state.damage_log
        ],
        "events": [four_path_event(event) for event in duel["events"]],
        "mode": state.fp.mode,
        "keeper": {"seat": state.fp.keeper, "name": state.seats.name(state.fp.keeper)},
        "first_team": state.fp.first_team,
        "towers": [_tower_view(state, index, held) for index in range(len(TOWERS))],
        "combined": _combined_view(state),
        "barriers": [
            {"hex": b.hex, "side": b.side, "seat": b.seat, "placed_at_period": b.period}
            for b in state.barriers
        ],
        "draft": _draft_view(state),
        "pending_respawn": [
            {"creature": c, "name": (state.creature(c) or _missing(c)).name} for c in state.pending
        ],
        "playing_side": state.side or None,
    }
    if audience == DEBUG and "debug" in duel:
        # The duel's debug (the creatures that acted, the rules' setup) and Four-path's.
        picture["debug"] = {**duel["debug"], "four_path": state.fp.to_json()}
    return picture


def _winner_view(state: FourPathState) -> WinnerView | None:
    """The winning team: its first seat (its colour), its seats, its players' names."""
    if state.winner is None:
        return None
    seats = state.fp.team_seats(state.winner)
    return {
        "side": state.winner,
        "seat": seats[0],
        "seats": list(seats),
        "name": team_name(state, state.winner),
    }


def _missing(creature_id: str) -> Creature:
    return Creature(creature_id, creature_id, 0, "", 1, None, ())


def _side_view(state: FourPathState, side: int, held: tuple[int, ...]) -> SideView:
    seats = state.fp.team_seats(side)
    combined = state.combined
    return {
        "side": side,
        "seats": list(seats),
        "name": team_name(state, side),
        "castles": list(state.fp.team_castles(side)),
        "castle_damage": state.castle_damage[side - 1],
        "scale_length": state.setup.scale_length,
        "towers_held": [t for t, h in zip(TOWERS, held, strict=True) if h == side],
        "first": side == state.fp.first_team,
        "playing": side == state.side,
        "passed": sorted(combined.passed) if combined and combined.team == side else [],
    }


def _tower_view(state: FourPathState, index: int, held: tuple[int, ...]) -> TowerView:
    one, two = engine.control_sums(state, index)
    return {
        "tower": TOWERS[index],
        "number": index + 1,
        "creatures": list(state.areas[index]),
        "control": [one, two],
        "holder": held[index] or None,
        "held_at_last_siege": state.holders[index] or None,
    }


def _combined_view(state: FourPathState) -> CombinedView | None:
    combined = state.combined
    if combined is None:
        return None
    return {
        "side": combined.team,
        "allies": list(combined.allies),
        "suggested": combined.suggested,
        "opener": combined.opener,
        "to_act": combined.to_act,
        "passed": sorted(combined.passed),
        "actions": [{"seat": s, "kind": k} for s, k in combined.actions],
    }


def _draft_view(state: FourPathState) -> DraftView | None:
    draft = state.draft
    if draft is None:
        return None
    pick = draft.next_pick
    return {
        "banned": [{"seat": s, "creature": c} for s, c in draft.banned],
        "summoned": [
            {"seat": e.seat, "creature": e.creature, "castle": e.castle} for e in draft.summoned
        ],
        "next": {"kind": pick.kind, "seat": pick.seat} if pick else None,
        "occupancy": draft.occupancy(),
        "castles": {c: state.fp.owner_of(c) for c in CASTLES},
    }
