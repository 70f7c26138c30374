"""Bestiary of Sigillum, the "Two Castles" duel (RULES.md §1; seeds/002): its spec."""

from __future__ import annotations

from companion.games.bestiary import cards, labels, picture, refusals, ring, rules, stats
from companion.games.bestiary.catalogue import WORDS
from companion.games.bestiary.narration import SAYERS
from companion.games.bestiary.options import SETUP_FIELDS
from companion.games.bestiary.samples import SAMPLES
from companion.games.bestiary.state import EDITION, GAME, OLD_EDITION, State
from companion.games.spec import Cue, GameSpec, InputProfile
from companion.rules.base import Setup


def cue(change: Cue) -> str | None:
    """A chime when the preparation phase gives tokens back to their owner."""
    returned = any(
        e.get("event") == "preparation" and e.get("tokens_returned") for e in change.events
    )
    return "tokens_return" if returned else None


def stamp(setup: Setup) -> Setup:
    """A new game is played by today's edition of the rules (see state.EDITION)."""
    return {**setup, "edition": EDITION}


def journaled(setup: Setup) -> Setup:
    """A game journaled before editions were stamped was played by the first edition."""
    return setup if "edition" in setup else {**setup, "edition": OLD_EDITION}


def rematch(state: State, setup: Setup) -> Setup:
    return rules.rematch_setup(state)


SPEC: GameSpec[State] = GameSpec(
    name=GAME,
    rules=rules,
    words=WORDS,
    sayers=SAYERS,
    ring=ring.paint,
    ring_animated=ring.animated,
    cue=cue,
    choice_words=labels.choice,
    screens=f"{__name__}.screens",
    samples=SAMPLES,
    inputs=InputProfile(next_actions=("end_phase",), period_action="turn_disc"),
    rematch=rematch,
    players=(2, 2),
    setup_fields=SETUP_FIELDS,
    cards=picture.with_blank(cards.KIT),
    stamp=stamp,
    journaled=journaled,
    headline=picture.headline,
    summary=picture.SUMMARY,
    summary_title=picture.scales_title,
    sections=picture.SECTIONS,
    chart=picture.chart,
    entities=picture.entities,
    growing=("damage_log",),  # a line per period: not in the pages' updates
    stats=stats.KIT,
    refusals=refusals.REFUSALS,
)
