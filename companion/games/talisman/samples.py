"""Talisman's pictures for the gallery, tests and bench: games played through its rules.

Nothing here is a hand-made view: each sample is a setup and the actions played from it
with the game's own ``start``/``step`` (see :mod:`companion.display.samples`). Three
heroes, Anna first; the companion's dice are given, so each picture is the same.
"""

from __future__ import annotations

from companion.games.spec import Sample
from companion.games.talisman.types import CarryAction, TalismanAction, TalismanSetup

SETUP: TalismanSetup = {
    "players": ["Anna", "Boris", "Vera"],
    "heroes": [
        {"strength": 4, "craft": 3, "fate": 1, "alignment": "good"},
        {"strength": 3, "craft": 4, "lives": 5, "alignment": "evil"},
        {"strength": 2, "craft": 5, "gold": 3},
    ],
    "seed": 5,
}

# Round 1: Boris must miss his next turn; back to Anna.
ROUND_1: tuple[TalismanAction, ...] = (
    {"do": "end_turn"},
    {"do": "miss_turn", "encounters_left": False},
    {"do": "end_turn"},
)

# Anna's sheet: trophies worth 8 (a point of Strength to trade), a sword (+1 for now),
# a helmet, a spell, two gold more.
ANNAS_SHEET: tuple[TalismanAction, ...] = (
    *ROUND_1,
    {"do": "trophy", "kind": "strength", "value": 3},
    {"do": "trophy", "kind": "strength", "value": 5},
    {"do": "carry", "object": "Sword"},
    {"do": "carry", "object": "Helmet"},
    {"do": "strength", "change": 1, "kind": "bonus"},
    {"do": "spell", "name": "Fireball"},
    {"do": "gold", "change": 2},
)

# Today's edition with the table's dice (docs/talisman.md, "Setup").
TABLE_DICE: TalismanSetup = {**SETUP, "dice": "table"}

# Two enemies (Strength 3 and 4) on one die: 3 + 4 against 2 + 7, before the reroll.
TWO_ENEMIES: TalismanAction = {"do": "battle", "enemies": [3, 4], "roll": 3, "enemy_roll": 2}


def _played(actions: tuple[TalismanAction, ...]) -> tuple[TalismanAction, ...]:
    """Actions written here, checked as this game's (handed to :class:`Sample` as they
    are, a literal would be checked only as a mapping)."""
    return actions


# The shell holds a sample's setup and actions as mappings (Setup, Action): the typed
# dicts are those as they are.
SAMPLES = (
    Sample("talisman_sheet", SETUP, ANNAS_SHEET),
    Sample("talisman_battle", SETUP, (TWO_ENEMIES,)),
    Sample("undone_battle", SETUP, (TWO_ENEMIES,), undone=1),  # UNDO says the battle
    # Psychic combat against a Craft 5 spirit, fate spent on a reroll, and lost.
    Sample(
        "talisman_lost",
        SETUP,
        _played(
            (
                {"do": "battle", "enemies": [5], "psychic": "yes", "roll": 2, "enemy_roll": 4},
                {"do": "reroll", "roll": 3},
                {"do": "accept"},
            )
        ),
    ),
    # A won battle: the result stays on the screen until the next action.
    Sample(
        "talisman_won",
        SETUP,
        _played(({"do": "battle", "enemies": [3], "roll": 6, "enemy_roll": 1}, {"do": "accept"})),
    ),
    # Hero against hero: Anna attacks Boris, both keep their rolls, Anna takes a reward.
    Sample(
        "talisman_reward",
        SETUP,
        _played(
            (
                {"do": "carry", "hero": 2, "object": "Axe"},
                {"do": "attack", "defender": 2, "roll": 6, "defender_roll": 1},
                {"do": "accept"},
                {"do": "accept"},
            )
        ),
    ),
    # Anna turned into a toad (Strength and Craft 1) for three of her turns.
    Sample(
        "talisman_toad",
        SETUP,
        _played(({"do": "toad"}, {"do": "end_turn"}, {"do": "end_turn"}, {"do": "end_turn"})),
    ),
    # The table's dice: the battle entry (the list's last line, one press up from the
    # first), the enemy's Strength 4 entered, the hero's die being entered (5).
    Sample("talisman_table_dice", TABLE_DICE, (), entry=-1, entered=(4,), value=5),
    # Two enemies won with the table's dice: each offered as a trophy (L203), the first
    # under the cursor (the prompt's first line, where it stands once the rolls are
    # accepted).
    Sample(
        "talisman_trophies",
        TABLE_DICE,
        _played(
            ({"do": "battle", "enemies": [3, 4], "roll": 6, "enemy_roll": 1}, {"do": "accept"})
        ),
    ),
    # The fate reroll with the table's dice: a line per face, the 6 under the cursor (one
    # press up from "accept": the list goes round).
    Sample(
        "talisman_reroll",
        TABLE_DICE,
        _played(({"do": "battle", "enemies": [3], "roll": 1, "enemy_roll": 6},)),
        cursor=6,
    ),
    # Five objects, four at most: Anna drops one before anything else.
    Sample(
        "talisman_drop",
        SETUP,
        _played(
            tuple(
                CarryAction(do="carry", object=name)
                for name in ("Sword", "Helmet", "Shield", "Lantern", "Rope")
            )
        ),
    ),
)
