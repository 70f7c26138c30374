"""Talisman: a hero tracker and battle calculator (RULES-EXPANSIONS.md §3; seeds/003, a
fragment): the companion keeps each hero's sheet, the turn's countdowns and the fight's
arithmetic; the players keep the board. See docs/talisman.md."""

from __future__ import annotations

from companion.games.spec import GameSpec, InputProfile, setup_option
from companion.games.talisman import labels, picture, refusals, ring, rules, stats
from companion.games.talisman.catalogue import WORDS
from companion.games.talisman.narration import SAYERS
from companion.games.talisman.samples import SAMPLES
from companion.games.talisman.state import GAME, State


def _no_period(view: object) -> int | None:
    return None  # no time disc


SPEC: GameSpec[State] = GameSpec(
    name=GAME,
    rules=rules,
    words=WORDS,
    sayers=SAYERS,
    choice_words=labels.choice,
    phase_words=labels.phase,  # "Psychic combat" said plainly in the banner
    ring=ring.paint,  # the fight's balance while the rolls stand
    screens=f"{__name__}.screens",
    samples=SAMPLES,
    inputs=InputProfile(next_actions=("accept", "end_turn")),
    period=_no_period,
    players=(2, 6),
    # The menu's new game: the table's dice unless the table wants the box to roll them.
    # A setup naming no dice (a script, an older journal) plays as before: the box's.
    setup_fields=(setup_option(WORDS, "dice", ("table", "box"), default="table"),),
    example_setup={"players": ["Anna", "Boris", "Vera"]},
    headline=picture.headline,
    summary=picture.summary,
    summary_title=picture.summary_title,
    sections=picture.sections,
    entities=picture.entities,
    stats=stats.KIT,
    refusals=refusals.REFUSALS,
)
