"""The actions as the buttons enter them: the ``actions`` prompt's entries, field by field,
and the build the table most likely makes, offered as a choice.

Two layouts, by the setup's edition (state.EDITION). Edition 1 is the companion's first:
kept as it was, so a press script written for it plays the same game. Edition 2 offers
every key the rules take (an artifact's and a creature's name, an expedition's target) and
starts each value where the table most likely is: a castle is a choice of the castles the
rules allow, opening where the faction is building, and the values a table rarely changes
(the rivals' routes, the neutral roads, the discount) come last, where NEXT leaves them at
their defaults; the commonest action, the faction's next building, is one select (issue
24: few presses; docs/tetranomicon.md, "Prompt"; docs/buttons.md).
"""

from __future__ import annotations

from dataclasses import replace

from companion.games.spec import entry_field
from companion.games.tetranomicon import arithmetic as ar
from companion.games.tetranomicon.catalogue import WORDS
from companion.games.tetranomicon.state import ABILITIES, FIRST_EDITION, ROUTE_KINDS, State
from companion.games.tetranomicon.types import BuildAction, EntryBase
from companion.i18n import LANGUAGES
from companion.rules.base import Entry, Field, FieldKind

# A name entered letter by letter (an artifact's, a creature's): up to this many letters;
# none leaves the key out (the rules' default: no name, or the ability's).
NAME_LETTERS = 16
NO_TARGET = "none"

# The entries in the order the cursor meets them after the choices (the likely build, the
# pass). The cursor opens on the first choice and goes round the list either way, so the
# commonest actions are nearest it: the last entry, one press up, is the build of another
# type or castle; the summon is two up and the expedition two down (past the pass); the
# route and the artifact, the rarest in the example games, three.
ORDER = ("expedition", "route", "artifact", "summon", "build")


def _field(key: str, kind: FieldKind = "int", **more: object) -> Field:
    return entry_field(WORDS, key, kind, **more)


def entries(state: State, seat: int) -> tuple[Entry, ...]:
    """The entries of ``seat``'s actions now, in the layout of the game's edition; each
    offered only when it could be afforded (an artifact is free)."""
    if state.setup.edition == FIRST_EDITION:
        return _first_edition(state, seat)
    made = {
        "build": _build(state, seat),
        "route": _route(state, seat),
        "artifact": _artifact(),
        "summon": _summon(state, seat),
        "expedition": _expedition(state, seat),
    }
    return tuple(entry for do in ORDER if (entry := made[do]) is not None)


def likely_build(state: State, seat: int) -> BuildAction | None:
    """The build the table most likely makes now, as a choice (edition 2): the Build
    entry's type and castle as they open, with no foreign route; None when the faction
    cannot build it (no token, no castle below the limit, fewer coins than it costs)."""
    if state.setup.edition == FIRST_EDITION:
        return None
    faction = state.faction(seat)
    castles = buildable_castles(state, seat)
    if not castles or len(faction.buildings) >= ar.BUILDING_TOKENS:
        return None
    if faction.coins < ar.build_cost(0):
        return None
    return BuildAction(
        do="build", type=_next_level(state, seat), castle=likely_castle(state, seat, castles)
    )


# --- what the table most likely enters ---------------------------------------------------------


def last_castle(state: State, seat: int) -> int | None:
    """The castle ``seat`` last built in (None before its first building): where its next
    route or expedition most likely starts."""
    buildings = state.faction(seat).buildings
    return buildings[-1][0] if buildings else None


def likely_castle(state: State, seat: int, castles: tuple[int, ...]) -> int:
    """Where ``seat`` most likely builds next, of ``castles``: the end of its latest route
    where no faction has built yet (a faction lays a route to a free castle to build
    there), else the castle it last built in, or the next one offered after it, or the
    first."""
    for laid in reversed([r for r in state.routes if r.owner == seat]):
        for end in reversed(laid.castles):
            if end in castles and not state.buildings_in(end):
                return end
    return _nearest(castles, last_castle(state, seat))


def buildable_castles(state: State, seat: int) -> tuple[int, ...]:
    """The castles below this epoch's limit of ``seat``'s own buildings (L232; all of them
    with Architectus)."""
    faction = state.faction(seat)
    limit = ar.build_limit(state.epoch, state.war, faction.has("architectus"))
    castles = range(1, state.setup.castles + 1)
    return tuple(c for c in castles if limit is None or faction.in_castle(c) < limit)


def _nearest(options: tuple[int, ...], wanted: int | None) -> int:
    """``wanted`` when it is one of ``options``, else the first after it (round the
    numbers), else the first: the castle next to the last one most likely comes next."""
    if wanted is None:
        return options[0]
    after = [c for c in options if c >= wanted]
    return after[0] if after else options[0]


def _buildable_types(state: State, seat: int) -> tuple[str, ...]:
    """The types whose lower levels the faction owns, each of them (L233)."""
    owned = state.faction(seat).kinds()
    return tuple(
        kind
        for level, kind in enumerate(ar.BUILDINGS)
        if all(lower in owned for lower in ar.BUILDINGS[:level])
    )


def _next_level(state: State, seat: int) -> str:
    """The type a build most likely has: the first level the faction has not built yet
    (L233: it owns every lower one), else a farm."""
    types = _buildable_types(state, seat)
    owned = state.faction(seat).kinds()
    return next((kind for kind in types if kind not in owned), types[0])


def _paths(state: State, seat: int) -> tuple[Field, ...]:
    """The other factions' routes a path may use: one field per faction that has laid some
    (at most as many as it laid), keyed by the player's name as scripts write it."""
    return tuple(
        _field(
            f"routes.{state.seats.name(s)}",
            low=0,
            high=state.laid_by(s),
            default=0,
            label_fields={"player": state.seats.name(s)},
        )
        for s in state.seats.numbers()
        if s != seat and state.laid_by(s)
    )


def _neutral_roads(high: int) -> tuple[Field, ...]:
    return (
        _field("neutral_roads", low=0, high=high, default=0),
        _field("neutral_canals", low=0, high=high, default=0),
    )


def _neutral_paid(state: State, seat: int) -> tuple[Field, ...]:
    """The neutral routes a path uses that it pays for: with Caballus neutral roads count
    as one's own (L245), so only the canals are asked."""
    paid = _neutral_roads(20)
    return paid[1:] if state.faction(seat).has("caballus") else paid


def _discount() -> Field:
    return _field("discount", low=0, high=5, default=0)


def _name(key: str) -> Field:
    """An optional name (none: the key left out)."""
    return _field(key, "text", low=0, high=NAME_LETTERS, default="", omit=("",))


# --- edition 2 ------------------------------------------------------------------------------


def _build(state: State, seat: int) -> Entry | None:
    """Build: the type (the levels the faction may build, opening at its next new level),
    the castle (those below the limit, opening where it most likely builds:
    :func:`likely_castle`), then the routes the path uses (L233-237), the discount."""
    faction = state.faction(seat)
    castles = buildable_castles(state, seat)
    tokens = len(faction.buildings) < ar.BUILDING_TOKENS
    if faction.coins < ar.LOWEST_COST or not tokens or not castles:
        return None
    types = _buildable_types(state, seat)
    above = ("type", ar.BUILDINGS[1:])  # a farm reaches no lower level (L233, L235)
    built = (
        _field(
            "type",
            "choice",
            options=types,
            words=WORDS.key("building"),
            default=_next_level(state, seat),
        ),
        _field("castle", "choice", options=castles, default=likely_castle(state, seat, castles)),
        *(
            replace(path, only_if=above)
            for path in (*_paths(state, seat), *_neutral_paid(state, seat))
        ),
        _discount(),
    )
    return Entry(EntryBase(do="build"), built, WORDS.key("entry.build"))


def _route(state: State, seat: int) -> Entry | None:
    """Lay a route: the kind first (those with a token left, a road first: which of the two
    is the table's news), then its castles (opening at the last one built in and the next
    one), the discount."""
    faction = state.faction(seat)
    laid = [r for r in state.routes if r.owner == seat]
    kinds = tuple(k for k in ROUTE_KINDS if state.free_token(seat, k) is not None)
    if faction.coins < ar.LOWEST_COST or len(laid) >= state.route_tokens(seat) or not kinds:
        return None
    count = state.setup.castles
    castles = tuple(range(1, count + 1))
    one = last_castle(state, seat) or 1
    other = one % count + 1
    fields = (
        _field("kind", "choice", options=kinds, words=WORDS.key("route"), default=kinds[0]),
        _field("castles.0", "choice", options=castles, default=one),
        _field("castles.1", "choice", options=castles, default=other),
        _discount(),
    )
    base = EntryBase(do="route", castles=[one, other])
    return Entry(base, fields, WORDS.key("entry.route"))


def _artifact() -> Entry:
    """Make an artifact: its influence, then its name (none: NEXT after the influence)."""
    made = (_field("influence", low=0, high=6, default=1), _name("name"))
    return Entry(EntryBase(do="artifact"), made, WORDS.key("entry.artifact"))


def _summon(state: State, seat: int) -> Entry | None:
    """Summon: which creature first (its ability, of those in no army yet; for one of no
    ability its name, none: "creature N"), then its strength (opening at the epoch's
    number: the creatures come from the epoch's deck, L125, each epoch's more powerful,
    L156), its flag, the discount."""
    if state.faction(seat).coins < ar.LOWEST_COST:
        return None
    free = tuple(a for a in ABILITIES if a == "none" or state.any_has(a) is None)
    called = (
        _field("ability", "choice", options=free, words=WORDS.key("ability")),
        # The rulebook's abilities are its creatures (TN-R24): one summoned with an ability
        # is named after it (said in the table's language), so only one of no ability asks
        # its name; NEXT or ✓ at once leaves it out.
        replace(_name("creature"), only_if=("ability", ("none",))),
        _field("strength", low=0, high=9, default=state.epoch),
        _field("flag", "choice", options=("peace", "war"), words=WORDS.key("flag")),
        _discount(),
    )
    return Entry(EntryBase(do="summon"), called, WORDS.key("entry.summon"))


def _targets(state: State, seat: int) -> Field:
    """An expedition's target as the examples write it (``castle 9``), or none (leaves the
    target out). Only a castle no faction has built in can hold neutrals (L177, L230), so
    the castles built in are not offered. It opens at the free end of the faction's latest
    route (no building may go up in a castle with neutrals, L230: a route laid to a castle
    that holds them is laid to take their trophy first), else at the first free castle
    after the one the faction last built in, the nearest neutrals: up from it come those
    farther on, down from it none and then the castles before."""
    count = state.setup.castles
    after = last_castle(state, seat) or count
    castles = [(after + step - 1) % count + 1 for step in range(1, count + 1)]
    free = [c for c in castles if not state.buildings_in(c)]
    options: tuple[str, ...] = (NO_TARGET, *(f"castle {c}" for c in free))
    names = {
        option: {
            language: WORDS(
                "target.none" if option == NO_TARGET else "target.castle",
                language,
                castle=option.removeprefix("castle "),
            )
            for language in LANGUAGES
        }
        for option in options
    }
    ends = [f"castle {end}" for end, _ in _routes_out(state, seat)]
    # A castle whose trophy was taken this epoch holds no neutrals (L300) until the next
    # epoch places new ones (L177): the expedition opens at the next that holds them.
    offered = options[1:]
    fresh = next((o for o in offered if o not in state.taken), offered[0] if offered else None)
    return _field(
        "target",
        "choice",
        options=options,
        default=ends[0] if ends else (fresh or NO_TARGET),
        names=names,
        omit=(NO_TARGET,),
    )


def _routes_out(state: State, seat: int) -> list[tuple[int, int]]:
    """The faction's routes into a castle nobody has built in and whose trophy no
    expedition took this epoch, latest first: (that castle, the route's other end)."""
    out: list[tuple[int, int]] = []
    for laid in reversed([r for r in state.routes if r.owner == seat]):
        for end, other in (laid.castles, laid.castles[::-1]):
            if not state.buildings_in(end) and f"castle {end}" not in state.taken:
                out.append((end, other))
    return out


def _expedition(state: State, seat: int) -> Entry | None:
    """An expedition: from (the castles with an own building, opening at the last one built
    in), the neutrals, the target, the expedition card; then what is rarely changed: the
    trophy's level (the epoch's, L179-181), the routes the path uses, the discount."""
    faction = state.faction(seat)
    if faction.coins < ar.LOWEST_COST or not faction.buildings:
        return None
    own = tuple(sorted({c for c, _ in faction.buildings}))
    card = (
        (
            _field("event_strength", low=-3, high=3, default=0),
            _field("event_coin", low=-1, high=1, default=0),
        )
        if state.setup.random_events
        else ()
    )
    # A castle whose neutrals beat an expedition keeps them: the neutrals and the trophy's
    # level open at those entered then.
    neutrals: dict[str | int, str | int] = {target: n for target, n, _ in state.held}
    levels: dict[str | int, str | int] = {target: level for target, _, level in state.held}
    went = (
        _targets(state, seat),
        _field("neutral", low=0, high=30, default=1, default_by=("target", neutrals)),
        *card,
        _field(
            "from",
            "choice",
            options=own,
            default=_nearest(own, last_castle(state, seat)),
            default_by=("target", _from_routes(state, seat, own)),
        ),
        _field("level", low=1, high=4, default=min(state.epoch, 3), default_by=("target", levels)),
        *_paths(state, seat),
        *_neutral_paid(state, seat),
        _discount(),
    )
    return Entry(EntryBase(do="expedition"), went, WORDS.key("entry.expedition"))


def _from_routes(state: State, seat: int, own: tuple[int, ...]) -> dict[str | int, str | int]:
    """Where an expedition to the end of one of the faction's routes most likely sets out:
    the route's other end, when the faction has built there (its own route costs nothing,
    L300)."""
    starts: dict[str | int, str | int] = {}
    for end, other in _routes_out(state, seat):
        if other in own:
            starts.setdefault(f"castle {end}", other)
    return starts


# --- edition 1 ------------------------------------------------------------------------------


def _first_edition(state: State, seat: int) -> tuple[Entry, ...]:
    """The layout of edition 1, exactly as it was (a castle a number from 1; no names)."""
    coins = state.faction(seat).coins
    faction = state.faction(seat)
    entries: list[Entry] = []
    last = state.setup.castles
    paths = _paths(state, seat)
    neutral = _neutral_roads(6)
    discount = _discount()
    if coins >= ar.LOWEST_COST and len(faction.buildings) < ar.BUILDING_TOKENS:
        above = ("type", ar.BUILDINGS[1:])  # a farm reaches no lower level (L233, L235)
        built = (
            _field("type", "choice", options=ar.BUILDINGS, words=WORDS.key("building")),
            _field("castle", low=1, high=last, default=1),
            *(replace(path, only_if=above) for path in (*paths, *neutral)),
            discount,
        )
        entries.append(Entry(EntryBase(do="build"), built, WORDS.key("entry.build")))
    if coins >= ar.LOWEST_COST and len(
        [r for r in state.routes if r.owner == seat]
    ) < state.route_tokens(seat):
        laid = (
            _field("castles.0", low=1, high=last, default=1),
            _field("castles.1", low=1, high=last, default=2),
            _field("kind", "choice", options=ROUTE_KINDS, words=WORDS.key("route")),
            discount,
        )
        base = EntryBase(do="route", castles=[1, 2])
        entries.append(Entry(base, laid, WORDS.key("entry.route")))
    made = (_field("influence", low=0, high=6, default=1),)
    entries.append(Entry(EntryBase(do="artifact"), made, WORDS.key("entry.artifact")))
    if coins >= ar.LOWEST_COST:
        called = (
            _field("strength", low=0, high=9, default=1),
            _field("flag", "choice", options=("peace", "war"), words=WORDS.key("flag")),
            _field("ability", "choice", options=ABILITIES, words=WORDS.key("ability")),
            discount,
        )
        entries.append(Entry(EntryBase(do="summon"), called, WORDS.key("entry.summon")))
    if coins >= ar.LOWEST_COST and faction.buildings:
        own = sorted({c for c, _ in faction.buildings})
        event = (
            (
                _field("event_strength", low=-3, high=3, default=0),
                _field("event_coin", low=-1, high=1, default=0),
            )
            if state.setup.random_events
            else ()
        )
        went = (
            _field("from", "choice", options=tuple(own)),
            *paths,
            *neutral,
            _field("neutral", low=0, high=20, default=1),
            _field("level", low=1, high=4, default=min(state.epoch, 3)),
            *event,
            discount,
        )
        base = EntryBase(do="expedition")
        entries.append(Entry(base, went, WORDS.key("entry.expedition")))
    return tuple(entries)
