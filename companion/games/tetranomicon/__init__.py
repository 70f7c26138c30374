"""Tetranomicon: the epoch ledger (RULES-EXPANSIONS.md §2; seeds/004). No time disc: the
companion does the table's arithmetic (initiative, peace or war, every action's cost,
income, the scoring); see docs/tetranomicon.md."""

from __future__ import annotations

from companion.games.spec import GameSpec, InputProfile, setup_option
from companion.games.tetranomicon import cards, labels, picture, refusals, ring, rules, stats
from companion.games.tetranomicon.catalogue import WORDS
from companion.games.tetranomicon.narration import SAYERS
from companion.games.tetranomicon.samples import SAMPLES
from companion.games.tetranomicon.state import GAME, LEVELS, State, stamp

SETUP_FIELDS = (
    setup_option(WORDS, "wealth", LEVELS, default="scarce"),
    setup_option(WORDS, "resources", LEVELS, default="scarce"),
    setup_option(WORDS, "random_events", (False, True), default=False),
    setup_option(WORDS, "diplomacy", (False, True), default=False, only_if=("players", (3, 4))),
)


def _no_period(view: object) -> int | None:
    return None  # no time disc


SPEC: GameSpec[State] = GameSpec(
    name=GAME,
    rules=rules,
    words=WORDS,
    sayers=SAYERS,
    choice_words=labels.choice,
    phase_words=labels.phase,
    seat_colour=labels.seat_colour,  # a seat is its faction's colour on the screen
    ring=ring.paint,  # and on the ring
    entry_note=labels.cost_note,  # the cost of the action being entered
    screens=f"{__name__}.screens",
    samples=SAMPLES,
    inputs=InputProfile(next_actions=("pass", "keep")),
    period=_no_period,
    players=(2, 4),
    setup_fields=SETUP_FIELDS,
    example_setup={"players": ["Anna", "Boris", "Vera", "Gleb"]},
    headline=picture.headline,
    summary=picture.summary,
    summary_title=picture.summary_title,
    sections=picture.sections,
    entities=picture.entities,
    stamp=stamp,  # a new game's buttons are today's edition; an unstamped setup: edition 1
    stats=stats.KIT,
    cards=cards.KIT,  # the table's creature cards: strength and flag entered once
    refusals=refusals.REFUSALS,
)
