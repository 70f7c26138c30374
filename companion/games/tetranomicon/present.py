"""What Tetranomicon shows: ``prompt(state)`` and ``view(state, audience)``.

Everything at the table is public; docs/tetranomicon.md names every view field.
"""

from __future__ import annotations

from companion.games.tetranomicon import arithmetic as ar
from companion.games.tetranomicon import engine
from companion.games.tetranomicon.catalogue import WORDS
from companion.games.tetranomicon.entries import entries, likely_build
from companion.games.tetranomicon.state import (
    EPOCH_TYPES,
    GAME,
    PHASE_ACTIONS,
    PHASE_DIPLOMACY,
    PHASE_EPOCH_CARD,
    PHASE_OVER,
    PHASE_RELATIONS,
    State,
)
from companion.games.tetranomicon.types import (
    BuildingView,
    CreatureView,
    EpochCardAction,
    FlipAction,
    KeepAction,
    PassAction,
    RelationAction,
    SeatView,
    TetraView,
    WinnerView,
    tetra_events,
)
from companion.rules.base import DEBUG, Action, IllegalAction, Prompt
from companion.rules.reading import whole


def _key(kind: str) -> str:
    return WORDS.key(f"ui.prompt.{kind}")


def prompt(state: State) -> Prompt:
    if state.phase == PHASE_OVER:
        names = ", ".join(state.seats.name(s) for s in state.winners)
        return Prompt(None, "game_over", _key("game_over"), {"player": names})
    seat = state.turn
    name = state.seats.name(seat)
    fields: dict[str, str | int] = {"player": name, "epoch": state.epoch}
    if state.phase == PHASE_DIPLOMACY:
        others = [s for s in state.seats.numbers() if s != seat]
        flips: list[FlipAction] = [{"do": "flip", "with": s} for s in others]
        kept = KeepAction(do="keep")
        return Prompt(seat, "flip", _key("flip"), fields, (kept, *flips))
    if state.phase == PHASE_EPOCH_CARD:
        types = tuple(
            EpochCardAction(do="epoch_card", type=t)
            for t in EPOCH_TYPES
            if state.setup.epoch_repeats or t not in state.used_types
        )
        return Prompt(seat, "epoch_card", _key("epoch_card"), fields, types)
    if state.phase == PHASE_RELATIONS:
        choices = (
            RelationAction(do="relation", state="peace"),
            RelationAction(do="relation", state="war"),
        )
        return Prompt(seat, "relation", _key("relation"), fields, choices)
    return _actions(state, seat, fields)


def _actions(state: State, seat: int, fields: dict[str, str | int]) -> Prompt:
    """The build the table most likely makes (the first line, where the cursor opens:
    cyan builds it), the pass (NEXT plays it), and the five actions as entries of the
    values the board holds, each offered only when it could be afforded (an artifact is
    free; L198, L326): entries.py."""
    likely = likely_build(state, seat)
    return Prompt(
        seat,
        PHASE_ACTIONS,
        _key(PHASE_ACTIONS),
        fields,
        (*(() if likely is None else (likely,)), PassAction(do="pass")),
        ("build", "route", "artifact", "summon", "expedition"),
        entries(state, seat),
    )


def cost(state: State, action: Action) -> int | None:
    """What ``action`` would cost now (the screen shows it before it is confirmed), or
    None when the rules would refuse it."""
    try:
        after = engine.step(state, action)
    except IllegalAction:
        return None
    for event in after.events:
        spent = whole(event.get("cost"))
        if spent is not None:
            return spent
    return 0


# --- the view ---------------------------------------------------------------------------------


def view(state: State, audience: str = "public") -> TetraView:
    """``rules.view`` (the same for every audience; ``debug`` adds the setup)."""
    now = engine.points(state)
    limit = None
    seats: list[SeatView] = []
    for seat in state.seats.numbers():
        faction = state.faction(seat)
        per_castle: dict[str, int] = {}
        for castle, _ in faction.buildings:
            per_castle[str(castle)] = per_castle.get(str(castle), 0) + 1
        # The limit reads this epoch's peace or war: unknown until it is decided (L232).
        decided = state.phase in (PHASE_ACTIONS, PHASE_OVER)
        architectus = faction.has("architectus")
        limit = ar.build_limit(state.epoch, state.war, architectus) if decided else None
        own_routes = [r for r in state.routes if r.owner == seat]
        seats.append(
            {
                "seat": seat,
                "name": state.seats.name(seat),
                "faction": state.setup.factions[seat - 1],
                "coins": faction.coins,
                "buildings": [BuildingView(castle=c, type=k) for c, k in faction.buildings],
                "per_castle": per_castle,
                "buildings_left": ar.BUILDING_TOKENS - len(faction.buildings),
                "limit": limit,
                "routes": [{"castles": list(r.castles), "kind": r.kind} for r in own_routes],
                "route_tokens_left": state.route_tokens(seat) - len(own_routes),
                "army": [
                    CreatureView(
                        name=c.name,
                        strength=c.strength,
                        flag="war" if c.war else "peace",
                        ability=c.ability,
                    )
                    for c in faction.army
                ],
                "strength": faction.strength,
                "peace_creatures": sum(1 for c in faction.army if not c.war),
                "war_creatures": sum(1 for c in faction.army if c.war),
                "artifacts": list(faction.artifacts),
                "influence": faction.influence,
                "trophies": list(faction.trophies),
                "fame": faction.fame,
                "passed": seat in state.passed,
                "first": seat == state.first,
                "points": now[seat - 1],
            }
        )
    winner: WinnerView | None = None
    if state.winners:
        winner = {
            "seat": state.winners[0],
            "seats": list(state.winners),
            "name": ", ".join(state.seats.name(s) for s in state.winners),
        }
    picture: TetraView = {
        "game": GAME,
        "epoch": state.epoch,
        "epochs": ar.EPOCHS,
        "phase": state.phase,
        "epoch_type": state.epoch_type or None,
        "war": state.war,
        "relations": "war" if state.war else "peace",
        "first": {"seat": state.first, "name": state.seats.name(state.first)},
        "turn": {"seat": state.turn, "name": state.seats.name(state.turn)} if state.turn else None,
        "order": [
            state.first,
            *[s for s in engine._clockwise(state, state.first) if s != state.first],
        ],
        "castles": state.setup.castles,
        "wealth": state.setup.wealth,
        "resources": state.setup.resources,
        "random_events": state.setup.random_events,
        "diplomacy": state.setup.diplomacy,
        "diplomacy_relations": [
            {"seats": [a, b], "war": war} for (a, b), war in state.relations().items()
        ]
        if state.setup.diplomacy
        else [],
        # Diplomacy: the seats still to flip or keep this epoch, in turn (the first: now).
        "to_flip": list(state.to_flip),
        "epoch_types_played": list(state.used_types),
        "seats": seats,
        "standings": engine.standings(state),
        "points": now,
        "winner": winner,
        "events": tetra_events(state.events),
    }
    if audience == DEBUG:
        picture["debug"] = {"setup": state.setup.to_json()}
    return picture
