"""Four-path: the Bestiary expansion for two teams of two, or a duel of four creatures each
(RULES-EXPANSIONS.md §1; seeds/001). The rules are the Bestiary's rules object with a hook
table (engine.py); see docs/four_path.md."""

from __future__ import annotations

from companion.games.bestiary import cue
from companion.games.bestiary import picture as board
from companion.games.four_path import cards, labels, picture, refusals, ring, rules, stats
from companion.games.four_path.catalogue import WORDS
from companion.games.four_path.narration import SAYERS
from companion.games.four_path.samples import SAMPLES
from companion.games.four_path.setup import GAME, TEAMS
from companion.games.four_path.state import FourPathState
from companion.games.spec import GameSpec, InputProfile
from companion.rules.base import Field

# The menu's new game: the players' count says the mode (2: the duel, 4: two teams), then
# the scale's length (no rulebook gives it, FP-A16).
SETUP_FIELDS: tuple[Field, ...] = (
    Field(
        "scale_length",
        "int",
        WORDS.key("setup.scale_length"),
        low=4,
        high=40,
        default=16,
    ),
)

SPEC: GameSpec[FourPathState] = GameSpec(
    name=GAME,
    rules=rules,
    words=WORDS,
    sayers=SAYERS,
    cue=cue,  # the chime when the preparation gives tokens back
    ring=ring.paint,
    ring_animated=ring.animated,
    choice_words=labels.choice,
    screens=f"{__name__}.screens",
    samples=SAMPLES,
    inputs=InputProfile(next_actions=("pass", "siege"), period_action="turn_disc"),
    rematch=rules.rematch,
    players=(2, 4),
    player_counts=(2, 4),
    cards=board.with_blank(cards.KIT),
    setup_fields=SETUP_FIELDS,
    example_setup={"mode": TEAMS, "players": ["Anna", "Boris", "Clara", "Dmitri"]},
    headline=board.headline,
    summary=picture.SUMMARY,
    summary_title=board.scales_title,
    sections=picture.SECTIONS,
    chart=board.chart,
    entities=board.entities,
    growing=("damage_log",),  # a line per period: not in the pages' updates
    stats=stats.KIT,
    refusals=refusals.REFUSALS,
)
