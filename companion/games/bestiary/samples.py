"""The duel's pictures for the gallery, tests and bench: games played through the rules.

Nothing here is a hand-made view: each sample is a setup and the actions played from it
with the game's own ``start``/``step`` (see :mod:`companion.display.samples`).
"""

from __future__ import annotations

from companion.games.bestiary.types import BestiaryAction, BestiarySetup, SummonAction
from companion.games.spec import Sample

DUEL_SETUP: BestiarySetup = {"players": ["Anna", "Boris"], "first": 1, "scale_length": 16}

DRAFT: tuple[BestiaryAction, ...] = (
    {"do": "choose_castle", "castle": "forest_edge"},
    {"do": "summon", "creature": "Saxum", "class": "strength", "vitality": 6},
    {"do": "summon", "creature": "Vinctum", "class": "strength", "vitality": 6},
    {"do": "summon", "creature": "Illesbra", "class": "agility", "vitality": 4},
    {
        "do": "summon",
        "creature": "Ferrarius",
        "class": "agility",
        "vitality": 4,
        "attack_strength": 2,
    },
)
DRAFT_END: tuple[BestiaryAction, ...] = (
    {"do": "summon", "creature": "Manus", "class": "intellect", "vitality": 5},
    {"do": "summon", "creature": "Cerberus", "class": "agility", "vitality": 5},
)
MIDGAME: tuple[BestiaryAction, ...] = (
    {"do": "turn_disc"},
    {"do": "siege", "towers": ["plain"]},
    {"do": "end_phase"},
    {
        "do": "support",
        "creature": "manus",
        "ability": 1,
        "prep": 2,
        "effects": [{"effect": "defense_up", "target": "saxum"}],
    },
    {  # Boris's creatures are still in their castle: Anna strengthens her own
        "do": "support",
        "creature": "illesbra",
        "ability": 2,
        "prep": 4,
        "effects": [{"effect": "attack_up", "target": "illesbra"}],
    },
    {"do": "end_phase"},
    {"do": "siege", "towers": ["mountain"]},
    {"do": "attack", "creature": "ferrarius", "target": "saxum", "strength": 3},
    {"do": "end_phase"},
    {
        "do": "support",
        "creature": "cerberus",
        "ability": 2,
        "prep": 3,
        "effects": [{"effect": "inaction", "target": "illesbra"}],
    },
    {"do": "support", "creature": "vinctum", "ability": 2, "prep": 5},
    {"do": "end_phase"},
    {"do": "turn_disc"},
    {"do": "siege", "towers": ["plain", "mountain"]},
    {"do": "end_phase"},
)
# A period of the siege race: the first seat holds both towers, the second the plain one.
SIEGE_PERIOD: tuple[BestiaryAction, ...] = (
    {"do": "turn_disc"},
    {"do": "siege", "towers": ["plain", "mountain"]},
    {"do": "end_phase"},
    {"do": "end_phase"},
    {"do": "siege", "towers": ["plain"]},
    {"do": "end_phase"},
    {"do": "end_phase"},
)
SIEGE_WIN: tuple[BestiaryAction, ...] = (
    {"do": "end_phase"},
    {"do": "siege", "towers": []},
    {"do": "end_phase"},
    {"do": "end_phase"},
    *(step for _ in range(6) for step in SIEGE_PERIOD),
)


# A creature the library did not know, summoned whole from the buttons ("A new creature…").
NEW_CREATURE: SummonAction = {
    "do": "summon",
    "creature": "Lupus",
    "class": "agility",
    "vitality": 5,
    "attack_strength": 3,
    "abilities": [
        {"name": "Pack howl", "prep": 2, "effects": "attack_up", "target": "ally"},
        {"name": "Bite", "prep": "X", "target": "enemy"},
    ],
}

SAMPLES: tuple[Sample, ...] = (
    Sample("castle_choice", DUEL_SETUP, (), cursor=1),
    Sample("draft", DUEL_SETUP, DRAFT, cursor=2),
    # The summon picker: the library's cards, then "A new creature…" (under the cursor).
    Sample("summon_picker", DUEL_SETUP, DRAFT[:3], cursor=-1),
    # A new creature's name, entered letter by letter: "Lupu" and the "s" being chosen.
    Sample("new_creature_name", DUEL_SETUP, DRAFT[:3], entry=-1, value="Lupus"),
    # The card library view ("Cards" in the menu) at the card just learned.
    Sample("card_library", DUEL_SETUP, (*DRAFT[:3], NEW_CREATURE), card=-1),
    # Editing that card: its vitality, with its name and class confirmed.
    Sample(
        "card_edit",
        DUEL_SETUP,
        (*DRAFT[:3], NEW_CREATURE),
        card=-1,
        entry=0,
        entered=("Lupus", "agility"),
    ),
    Sample("board_start", DUEL_SETUP, (*DRAFT, *DRAFT_END)),
    Sample("board_midgame", DUEL_SETUP, (*DRAFT, *DRAFT_END, *MIDGAME)),
    # UNDO back to a period's start: the actions counted on the event line.
    Sample("undone_period", DUEL_SETUP, (*DRAFT, *DRAFT_END, *MIDGAME), undone=3),
    # An ability of preparation X: its time is entered with the buttons.
    Sample("value_entry", DUEL_SETUP, (*DRAFT, *DRAFT_END, *MIDGAME), entry=0),
    Sample("victory", DUEL_SETUP, (*DRAFT, *DRAFT_END, *MIDGAME, *SIEGE_WIN)),
)
