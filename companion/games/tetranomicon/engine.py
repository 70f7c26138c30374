"""Actions of Tetranomicon: ``step(state, action) -> state`` (RULES-EXPANSIONS.md §2).

An epoch (L133-138): initiative (automatic), the diplomacy flips (module), the epoch card's
type, peace or war (automatic, or a player's decision: the first epoch, a Carnifex on a
tie), the actions clockwise from the first player until all have passed (L198, L326), then
income (automatic). After the fourth epoch's income, the scoring (L376-383).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from companion.games.tetranomicon import arithmetic as ar
from companion.games.tetranomicon.state import (
    ABILITIES,
    EPOCH_TYPES,
    PHASE_ACTIONS,
    PHASE_DIPLOMACY,
    PHASE_EPOCH_CARD,
    PHASE_OVER,
    PHASE_RELATIONS,
    ROAD,
    ROUTE_KINDS,
    Creature,
    Faction,
    Route,
    State,
    parse_setup,
)
from companion.games.tetranomicon.types import Toll, emit_event
from companion.rules.base import (
    Action,
    IllegalAction,
    as_int,
    check_fields,
    handler_for,
    pick,
    require,
    seat_of,
)

Handler = Callable[[State, Action], State]
PEACE, WAR = "peace", "war"


def start(setup: Mapping[str, object] | None) -> State:
    parsed = parse_setup(setup)
    coins = ar.WEALTH[parsed.wealth]
    state = State(
        setup=parsed,
        first=parsed.youngest,
        turn=parsed.youngest,
        factions=tuple(Faction(coins) for _ in parsed.seats.numbers()),
    )
    return _new_epoch(state)


# --- who acts ---------------------------------------------------------------------------------


def _acting(state: State, action: Action, *phases: str) -> int:
    if state.phase not in phases:
        wanted = " or ".join(p.replace("_", " ") for p in phases)
        raise IllegalAction(f"not now: the phase is {state.phase.replace('_', ' ')}, not {wanted}")
    seat = seat_of(action, state.seats)
    if seat is not None and seat != state.turn:
        raise IllegalAction(
            f"it is {state.seats.name(state.turn)}'s turn, not {state.seats.name(seat)}'s"
        )
    return state.turn


def turn_order(state: State) -> list[int]:
    """The seats in turn order: the first player, then clockwise (L198)."""
    return [state.first, *[s for s in _clockwise(state, state.first) if s != state.first]]


def _clockwise(state: State, seat: int) -> list[int]:
    """The seats clockwise after ``seat``, it last."""
    count = state.seats.count
    return [(seat - 1 + step) % count + 1 for step in range(1, count + 1)]


# --- the epoch's beginning ------------------------------------------------------------------


def _new_epoch(state: State) -> State:
    """«Определите игрока, имеющего меньше всего монет, и передайте ему жетон первого
    игрока» (L148-150), then the diplomacy flips or the epoch card."""
    epoch = state.epoch + 1
    coins = [f.coins for f in state.factions]
    first = ar.initiative(coins, state.first)
    state = state.evolve(epoch=epoch, first=first, turn=first, passed=frozenset(), taken=())
    state = emit_event(state, {"event": "initiative", "epoch": epoch, "seat": first})
    if state.setup.diplomacy:
        order = tuple(turn_order(state))
        return state.evolve(phase=PHASE_DIPLOMACY, to_flip=order, turn=first)
    return state.evolve(phase=PHASE_EPOCH_CARD, turn=first)


def flip(state: State, action: Action) -> State:
    """Diplomacy: «может перевернуть одну свою карту отношений» with one rival (L399-403);
    ``with`` names the rival, or ``keep`` leaves every relation."""
    check_fields("flip", action, ("do", "seat", "with"))
    seat = _acting(state, action, PHASE_DIPLOMACY)
    other = seat_of({"seat": require(action, "with", "the rival")}, state.seats)
    assert other is not None
    if other == seat:
        raise IllegalAction("a relation is with another faction")
    pair = (min(seat, other), max(seat, other))
    at_war = state.at_war ^ {pair}
    state = state.evolve(at_war=at_war)
    state = emit_event(
        state, {"event": "relation_flipped", "seat": seat, "with": other, "war": pair in at_war}
    )
    return _next_flip(state)


def keep(state: State, action: Action) -> State:
    check_fields("keep", action, ("do", "seat"))
    seat = _acting(state, action, PHASE_DIPLOMACY)
    return _next_flip(emit_event(state, {"event": "relations_kept", "seat": seat}))


def _next_flip(state: State) -> State:
    order = state.to_flip[1:]
    if order:
        return state.evolve(to_flip=order, turn=order[0])
    return state.evolve(to_flip=(), phase=PHASE_EPOCH_CARD, turn=state.first)


def epoch_card(state: State, action: Action) -> State:
    """«Возьмите верхнюю карту из колоды эпох» (L162): its type (L367); then peace or war
    from the armies (L166-169) or the relations (diplomacy, L405)."""
    check_fields("epoch_card", action, ("do", "seat", "type"))
    _acting(state, action, PHASE_EPOCH_CARD)
    kind = pick(EPOCH_TYPES, require(action, "type", "the epoch card's type"), "type")
    if kind in state.used_types and not state.setup.epoch_repeats:
        raise IllegalAction(
            f"the {kind} epoch has been played: the deck holds one card per type (TN-A7; "
            "setup.epoch_repeats: true for a deck that repeats)"
        )
    state = state.evolve(epoch_type=kind, used_types=(*state.used_types, kind))
    state = emit_event(state, {"event": "epoch_card", "epoch": state.epoch, "type": kind})
    if state.setup.diplomacy:
        decided = ar.majority_war(state.relations())
        decider = state.first if decided is None and state.epoch == 1 else None
    else:
        peace = sum(1 for f in state.factions for c in f.army if not c.war)
        war = sum(1 for f in state.factions for c in f.army if c.war)
        decided = ar.peace_or_war(peace, war)
        if state.epoch == 1:
            decider = state.first  # «отношения определяет первый игрок» (L173)
        elif decided is None:
            decider = state.any_has("carnifex")  # «эта фракция решает» (L169)
        else:
            decider = None
    if decider is not None:
        return state.evolve(phase=PHASE_RELATIONS, turn=decider)
    if decided is None:
        return _relations_set(state, state.war, "kept")
    return _relations_set(state, decided, "diplomacy" if state.setup.diplomacy else "armies")


def relation(state: State, action: Action) -> State:
    """Peace or war by a player: the first player in the first epoch (his choice or a toss,
    L173), a Carnifex's owner on a tie (L169)."""
    check_fields("relation", action, ("do", "seat", "state"))
    seat = _acting(state, action, PHASE_RELATIONS)
    chosen = pick((PEACE, WAR), require(action, "state", "peace or war"), "state")
    return _relations_set(state, chosen == WAR, f"seat {seat}")


def _relations_set(state: State, war: bool, by: str) -> State:
    state = state.evolve(war=war, phase=PHASE_ACTIONS, turn=state.first)
    return emit_event(state, {"event": "relations", "war": war, "by": by, "epoch": state.epoch})


# --- actions --------------------------------------------------------------------------------


def _count(action: Action, key: str, high: int = 20) -> int:
    value = action.get(key, 0)
    return as_int(value, key, 0, high)


def _foreign(state: State, seat: int, action: Action) -> tuple[dict[int, int], int]:
    """The foreign routes a path uses: ``routes: {owner: count}`` (other factions') and
    ``neutral_roads``/``neutral_canals`` (no token); with Caballus neutral roads count as
    one's own (L245). Returns the owners' counts and the routes that are paid for."""
    given = action.get("routes") or {}
    if not isinstance(given, Mapping):
        raise IllegalAction("'routes': the other factions' routes used, e.g. {Boris: 1}")
    owners: dict[int, int] = {}
    for ref, count in given.items():
        owner = seat_of({"seat": ref}, state.seats)
        assert owner is not None
        if owner == seat:
            raise IllegalAction("'routes' counts the other factions' routes, not one's own")
        used = as_int(count, f"routes.{ref}", 0, ar.ROUTE_TOKENS + 2)
        laid = state.laid_by(owner)
        if used > laid:
            raise IllegalAction(
                f"{state.seats.name(owner)} has laid {laid} routes: {used} of them cannot be "
                "on the path (L237, L309)"
            )
        if used:
            owners[owner] = owners.get(owner, 0) + used
    roads = _count(action, "neutral_roads")
    canals = _count(action, "neutral_canals")
    caballus = state.faction(seat).has("caballus")
    paid = sum(owners.values()) + (0 if caballus else roads) + canals
    return owners, paid


def _spend(state: State, seat: int, cost: int, what: str) -> State:
    coins = state.faction(seat).coins
    if cost > coins:
        raise IllegalAction(
            f"{what} costs {cost} and {state.seats.name(seat)} has {coins}: "
            "an action one cannot afford is not taken (L326)"
        )
    return state.pay(seat, cost)


def _tolls(state: State, owners: Mapping[int, int]) -> tuple[State, dict[int, int]]:
    """«в эпоху войны каждая получает по 1 монете за свой маршрут, использованный другой
    фракцией» (L237, L311); none in peace."""
    if not state.war:
        return state, {}
    for owner, used in owners.items():
        state = state.pay(owner, -used)
    return state, dict(owners)


def _castle(state: State, value: object, key: str) -> int:
    """A castle by its number, 1 to the board's count (L104-107)."""
    return as_int(value, key, 1, state.setup.castles)


def _discount(action: Action) -> int:
    """The epoch card's or an ability's discount the players read (TN-A6)."""
    return _count(action, "discount", 5)


def build(state: State, action: Action) -> State:
    """«Строительство зданий» (L213-235): cost 3 + foreign routes to the lower levels,
    never below 1; the limit per castle; one own building of every lower level; 12 tokens."""
    check_fields(
        "build",
        action,
        ("do", "seat", "type", "castle", "routes", "neutral_roads", "neutral_canals", "discount"),
    )
    seat = _acting(state, action, PHASE_ACTIONS)
    kind = pick(ar.BUILDINGS, require(action, "type", "farm, sawmill, quarry or mine"), "type")
    castle = as_int(
        require(action, "castle", "the castle's number"), "castle", 1, state.setup.castles
    )
    faction = state.faction(seat)
    if len(faction.buildings) >= ar.BUILDING_TOKENS:
        raise IllegalAction(f"all {ar.BUILDING_TOKENS} building tokens are on the board (L113)")
    limit = ar.build_limit(state.epoch, state.war, faction.has("architectus"))
    if limit is not None and faction.in_castle(castle) >= limit:
        peace_war = "war" if state.war else "peace"
        raise IllegalAction(
            f"castle {castle} holds {faction.in_castle(castle)} of {state.seats.name(seat)}'s "
            f"buildings: the limit in epoch {state.epoch} of {peace_war} is {limit} (L232)"
        )
    level = ar.BUILDINGS.index(kind)
    missing = [k for k in ar.BUILDINGS[:level] if k not in faction.kinds()]
    if missing:
        raise IllegalAction(
            f"a {kind} needs an own building of every lower level: no {', '.join(missing)} "
            "yet (L233)"
        )
    if level == 0 and any(action.get(k) for k in ("routes", "neutral_roads", "neutral_canals")):
        raise IllegalAction(
            "a farm reaches no lower level, so it uses no route: it costs 3 (L233, L235)"
        )
    owners, paid = _foreign(state, seat, action)
    cost = ar.build_cost(paid, _discount(action))
    state = _spend(state, seat, cost, f"a {kind}")
    faction = state.faction(seat)
    state = state.with_faction(
        seat, replace(faction, buildings=(*faction.buildings, (castle, kind)))
    )
    state, tolls = _tolls(state, owners)
    state = emit_event(
        state,
        {
            "event": "built",
            "seat": seat,
            "type": kind,
            "castle": castle,
            "cost": cost,
            "tolls": _tolls_json(tolls),
        },
    )
    return _next_turn(state, seat)


def _tolls_json(tolls: Mapping[int, int]) -> list[Toll]:
    return [Toll(seat=owner, coins=coins) for owner, coins in sorted(tolls.items())]


def route(state: State, action: Action) -> State:
    """«Прокладка маршрутов» (L241-250): 4 less 1 per castle it joins with two or more
    buildings (any faction's), never below 1; one token per route; 4 tokens, +1 road with
    Mechanicus, +1 road or canal with Fidea (L248)."""
    check_fields("route", action, ("do", "seat", "castles", "kind", "discount"))
    seat = _acting(state, action, PHASE_ACTIONS)
    ends = action.get("castles")
    if not isinstance(ends, list) or len(ends) != 2:
        raise IllegalAction("'castles': the two castles the route joins, e.g. [1, 4]")
    a, b = (_castle(state, end, "castles") for end in ends)
    if a == b:
        raise IllegalAction("a route joins two different castles")
    kind = pick(ROUTE_KINDS, action.get("kind", ROAD), "kind")
    pair = (min(a, b), max(a, b))
    for laid in state.routes:
        if laid.castles == pair and laid.kind == kind:
            raise IllegalAction(
                f"the {kind} between castles {a} and {b} holds {state.seats.name(laid.owner)}'s "
                "token: one token per route (L243)"
            )
    token = state.free_token(seat, kind)
    if token is None:
        raise IllegalAction(
            f"{state.seats.name(seat)} has no route token left for a {kind} "
            "(4, +1 road with Mechanicus, +1 road or canal with Fidea; L113, L248)"
        )
    developed = sum(1 for end in pair if state.buildings_in(end) >= 2)
    cost = ar.route_cost(developed, _discount(action))
    state = _spend(state, seat, cost, f"a {kind}")
    state = state.evolve(routes=(*state.routes, Route(pair, kind, seat, token)))
    state = emit_event(
        state,
        {"event": "route_laid", "seat": seat, "castles": list(pair), "kind": kind, "cost": cost},
    )
    return _next_turn(state, seat)


def artifact(state: State, action: Action) -> State:
    """«За создание артефактов не нужно платить» (L269); Ferrarius brings 2 coins (L271)."""
    check_fields("artifact", action, ("do", "seat", "influence", "name"))
    seat = _acting(state, action, PHASE_ACTIONS)
    influence = as_int(require(action, "influence", "the card's influence"), "influence", 0, 6)
    faction = state.faction(seat)
    state = state.with_faction(seat, replace(faction, artifacts=(*faction.artifacts, influence)))
    bonus = 2 if faction.has("ferrarius") else 0
    state = state.pay(seat, -bonus)
    state = emit_event(
        state,
        {
            "event": "artifact_made",
            "seat": seat,
            "influence": influence,
            "name": _given_name(action, "name"),
            "ferrarius": bonus,
        },
    )
    return _next_turn(state, seat)


def _given_name(action: Action, key: str) -> str:
    """An optional name the action gives (an artifact's, a creature's), or "": a name or a
    number, never a list or a mapping taken for a name such as "['a']"."""
    if action.get(key) in (None, ""):
        return ""
    return str(require(action, key, "a name"))


def summon(state: State, action: Action) -> State:
    """«Стоимость призыва равна порядковому номеру призываемого в армию игрока существа.
    Может быть уменьшена умением Гоэция» (L286-290)."""
    check_fields(
        "summon", action, ("do", "seat", "creature", "strength", "flag", "ability", "discount")
    )
    seat = _acting(state, action, PHASE_ACTIONS)
    strength = as_int(require(action, "strength", "the card's strength"), "strength", 0, 9)
    flag = pick((PEACE, WAR), require(action, "flag", "a creature of peace or of war"), "flag")
    ability = pick(ABILITIES, action.get("ability", "none"), "ability")
    if ability != "none":
        holder = state.any_has(ability)
        if holder is not None:
            raise IllegalAction(
                f"{ability.capitalize()} is in {state.seats.name(holder)}'s army already"
            )
    faction = state.faction(seat)
    cost = ar.summon_cost(len(faction.army) + 1, faction.has("goetius"), _discount(action))
    state = _spend(state, seat, cost, "this summon")
    name = _given_name(action, "creature") or (ability.capitalize() if ability != "none" else "")
    name = name or f"creature {len(faction.army) + 1}"
    creature = Creature(name, strength, flag == WAR, ability)
    faction = state.faction(seat)
    state = state.with_faction(seat, replace(faction, army=(*faction.army, creature)))
    state = emit_event(
        state,
        {
            "event": "summoned",
            "seat": seat,
            "creature": name,
            "strength": strength,
            "flag": flag,
            "ability": ability,
            "cost": cost,
        },
    )
    return _next_turn(state, seat)


def expedition(state: State, action: Action) -> State:
    """«Поход за трофеем» (L296-322): pay the trophy's price (the epoch) and the path's
    foreign routes first; win only if the army is strictly stronger than the neutrals
    (swords on the target, bows next to it, the event card's change); the trophy's level
    is its fame; Vinctum brings 1 coin on a win (L318)."""
    check_fields(
        "expedition",
        action,
        (
            "do",
            "seat",
            "from",
            "target",
            "routes",
            "neutral_roads",
            "neutral_canals",
            "neutral",
            "level",
            "event_strength",
            "event_coin",
            "discount",
        ),
    )
    seat = _acting(state, action, PHASE_ACTIONS)
    source = as_int(
        require(action, "from", "a castle with an own building"), "from", 1, state.setup.castles
    )
    if not state.faction(seat).in_castle(source):
        raise IllegalAction(
            f"an expedition sets out from a castle with an own building (L300): "
            f"{state.seats.name(seat)} has none in castle {source}"
        )
    neutral = as_int(
        require(action, "neutral", "swords on the target and bows next to it"), "neutral", 0, 30
    )
    level = as_int(require(action, "level", "the trophy's level"), "level", 1, 4)
    events = ("event_strength", "event_coin")
    if not state.setup.random_events and any(action.get(k) for k in events):
        raise IllegalAction("the random events module is off: no expedition card (L123)")
    change = as_int(action.get("event_strength", 0), "event_strength", -3, 3)
    coin = as_int(action.get("event_coin", 0), "event_coin", -1, 1)
    owners, paid = _foreign(state, seat, action)
    cost = ar.expedition_cost(state.epoch, paid, _discount(action))
    state = _spend(state, seat, cost, "this expedition")
    state, tolls = _tolls(state, owners)
    faction = state.faction(seat)
    against = max(0, neutral + change)
    won = ar.expedition_won(faction.strength, against)
    bonus = 0
    if won:
        vinctum = 1 if faction.has("vinctum") else 0
        bonus = coin + vinctum
        faction = replace(faction, trophies=(*faction.trophies, level))
        state = state.with_faction(seat, faction).pay(seat, -bonus)
    target = str(action.get("target") or "")
    if target:  # what the buttons open at the next time (entries.py); no rule reads it
        kept = tuple(held for held in state.held if held[0] != target)
        state = state.evolve(held=kept if won else (*kept, (target, neutral, level)))
        if won and target not in state.taken:
            state = state.evolve(taken=(*state.taken, target))
    state = emit_event(
        state,
        {
            "event": "expedition",
            "seat": seat,
            "from": source,
            "target": str(action.get("target") or ""),
            "cost": cost,
            "strength": faction.strength,
            "neutral": against,
            "won": won,
            "fame": level if won else 0,
            "coins": bonus,
            "tolls": _tolls_json(tolls),
        },
    )
    return _next_turn(state, seat)


def pass_turn(state: State, action: Action) -> State:
    """«Игрок может пропустить ход … После этого он уже не сможет совершать действия в
    текущей эпохе» (L326)."""
    check_fields("pass", action, ("do", "seat"))
    seat = _acting(state, action, PHASE_ACTIONS)
    state = emit_event(
        state.evolve(passed=state.passed | {seat}), {"event": "passed", "seat": seat}
    )
    if len(state.passed) == state.seats.count:
        return _income(state)
    return _next_turn(state, seat)


def _next_turn(state: State, seat: int) -> State:
    following = next(s for s in _clockwise(state, seat) if s not in state.passed)
    return state.evolve(turn=following)


# --- income and the end ----------------------------------------------------------------------


def _income(state: State) -> State:
    """Building income (L340-346), the epoch's income (L367-368), diplomacy's transfers
    (L408-410); after the fourth epoch, the scoring."""
    for seat in state.seats.numbers():
        faction = state.faction(seat)
        buildings = ar.building_income(faction.kinds(), state.war)
        epoch = _epoch_income(faction, state.epoch_type)
        state = state.pay(seat, -(buildings + epoch))
        state = emit_event(
            state,
            {
                "event": "income",
                "seat": seat,
                "buildings": buildings,
                "epoch": epoch,
                "coins": state.faction(seat).coins,
            },
        )
    if state.setup.diplomacy:
        state = _diplomacy_income(state)
    if state.epoch == ar.EPOCHS:
        return _scoring(state)
    return _new_epoch(state)


def _epoch_income(faction: Faction, kind: str) -> int:
    if kind == "buildings":
        return len({castle for castle, _ in faction.buildings})
    if kind == "artifacts":
        return faction.influence
    if kind == "creatures":
        return faction.strength
    return faction.fame


def _diplomacy_income(state: State) -> State:
    """«по 1 монете от каждой фракции, с которой он ведет войну и чья сила армии меньше» and
    «… с которой он состоит в союзе и чье влияние меньше» (L408-410): a transfer, the
    payer never below 0 (TN-A8)."""
    before = state.factions
    for (a, b), war in state.relations().items():
        one, two = before[a - 1], before[b - 1]
        mine, theirs = (one.strength, two.strength) if war else (one.influence, two.influence)
        if mine == theirs:
            continue
        gets, gives = (a, b) if mine > theirs else (b, a)
        # A transfer: the payer never below 0, the receiver gets what is paid (TN-A8).
        paid = min(1, state.faction(gives).coins)
        state = state.pay(gives, paid).pay(gets, -paid)
        state = emit_event(
            state,
            {"event": "tribute", "seat": gets, "from": gives, "war": war, "paid": paid},
        )
    return state


def standings(state: State) -> dict[str, list[int]]:
    """The four standings by seat: wealth, influence, strength, fame (L376)."""
    return {
        "wealth": [f.coins for f in state.factions],
        "influence": [f.influence for f in state.factions],
        "strength": [f.strength for f in state.factions],
        "fame": [f.fame for f in state.factions],
    }


def points(state: State) -> list[int]:
    """The victory points each seat would score now (L378)."""
    totals = [0] * state.seats.count
    for values in standings(state).values():
        for index, earned in enumerate(ar.standings_points(values)):
            totals[index] += earned
    return totals


def _scoring(state: State) -> State:
    scores = points(state)
    sums = [sum(v[i] for v in standings(state).values()) for i in range(state.seats.count)]
    won = ar.winners(scores, sums)
    state = state.evolve(phase=PHASE_OVER, winners=tuple(won), winner=won[0], turn=0)
    return emit_event(state, {"event": "game_won", "seats": won, "points": scores, "sums": sums})


HANDLERS: dict[str, Handler] = {
    "flip": flip,
    "keep": keep,
    "epoch_card": epoch_card,
    "relation": relation,
    "build": build,
    "route": route,
    "artifact": artifact,
    "summon": summon,
    "expedition": expedition,
    "pass": pass_turn,
}


def step(state: State, action: Action) -> State:
    handler = handler_for(HANDLERS, action)
    if state.phase == PHASE_OVER:
        raise IllegalAction("the game is over: the fourth epoch is scored")
    return handler(state.evolve(events=()), action)
