"""Tetranomicon's pictures for the gallery, tests and bench: games played through its rules.

Nothing here is a hand-made view: each sample is a setup and the actions played from it
with the game's own ``start``/``step`` (see :mod:`companion.display.samples`). The game is
docs/examples/tetranomicon_four_diplomacy.yaml: four factions with the diplomacy module,
Vera the youngest and first, four epochs to the scoring.
"""

from __future__ import annotations

from companion.games.spec import Sample
from companion.games.tetranomicon.types import TetraAction, TetraSetup

SETUP: TetraSetup = {
    "players": ["Anna", "Boris", "Vera", "Gleb"],
    "factions": ["legion", "alliance", "order", "brotherhood"],
    "youngest": "Vera",
    "wealth": "scarce",
    "resources": "moderate",
    "random_events": True,
    "diplomacy": True,
    "edition": 2,  # the buttons of a new game (entries.py)
}

# Epoch 1: the flips from Vera clockwise, the creatures' card, Vera's war (a 3:3 tie).
EPOCH_1_DECIDED: tuple[TetraAction, ...] = (
    {"do": "flip", "with": "Gleb"},
    {"do": "flip", "with": "Anna"},
    {"do": "flip", "with": "Boris"},
    {"do": "keep"},
    {"do": "epoch_card", "type": "creatures"},
    {"do": "relation", "state": "war"},
)

# Epoch 1's actions: farms, creatures, Ferrarius's artifact, two routes; all pass.
EPOCH_1_ACTIONS: tuple[TetraAction, ...] = (
    {"do": "build", "type": "farm", "castle": 1},
    {"do": "build", "type": "farm", "castle": 4},
    {"do": "build", "type": "farm", "castle": 7},
    {"do": "build", "type": "farm", "castle": 10},
    {"do": "summon", "creature": "Ferrarius", "strength": 2, "flag": "war", "ability": "ferrarius"},
    {
        "do": "summon",
        "creature": "Mechanicus",
        "strength": 1,
        "flag": "peace",
        "ability": "mechanicus",
    },
    {"do": "summon", "creature": "Vinctum", "strength": 3, "flag": "war", "ability": "vinctum"},
    {"do": "summon", "creature": "Caballus", "strength": 1, "flag": "peace", "ability": "caballus"},
    {"do": "artifact", "influence": 1, "name": "Lantern"},
    {"do": "route", "castles": [4, 5], "kind": "road"},
    {"do": "route", "castles": [7, 8], "kind": "canal"},
    {"do": "pass"},
    {"do": "pass"},
    {"do": "pass"},
    {"do": "pass"},
)

# Epoch 2: flips from Gleb, the buildings' card.
EPOCH_2_OPENING: tuple[TetraAction, ...] = (
    {"do": "flip", "with": "Anna"},
    {"do": "keep"},
    {"do": "flip", "with": "Vera"},
    {"do": "flip", "with": "Gleb"},
    {"do": "epoch_card", "type": "buildings"},
)

# Epoch 2's actions: sawmills, an expedition, a summon, a route; Gleb passes first.
EPOCH_2_ACTIONS: tuple[TetraAction, ...] = (
    {"do": "build", "type": "sawmill", "castle": 5},
    {"do": "build", "type": "sawmill", "castle": 8},
    {"do": "build", "type": "sawmill", "castle": 11, "neutral_roads": 1},
    {"do": "build", "type": "farm", "castle": 1},
    {"do": "pass"},
    {
        "do": "expedition",
        "from": 7,
        "target": "castle 9",
        "neutral": 2,
        "level": 2,
        "event_strength": -1,
        "event_coin": 1,
    },
    {"do": "summon", "creature": "Cornibus", "strength": 2, "flag": "war"},
    {"do": "route", "castles": [1, 2], "kind": "road"},
    {"do": "pass"},
    {"do": "pass"},
    {"do": "build", "type": "sawmill", "castle": 2},
    {"do": "pass"},
)

# Epoch 3: artifacts.
EPOCH_3: tuple[TetraAction, ...] = (
    {"do": "flip", "with": "Boris"},
    {"do": "flip", "with": "Vera"},
    {"do": "keep"},
    {"do": "keep"},
    {"do": "epoch_card", "type": "artifacts"},
    {"do": "artifact", "influence": 2, "name": "Horn"},
    {"do": "artifact", "influence": 1, "name": "Mask"},
    {
        "do": "expedition",
        "from": 10,
        "target": "castle 12",
        "neutral_roads": 2,
        "neutral_canals": 1,
        "neutral": 2,
        "level": 3,
        "event_coin": -1,
    },
    {"do": "artifact", "influence": 3, "name": "Sceptre"},
    {"do": "build", "type": "farm", "castle": 5},
    {"do": "build", "type": "quarry", "castle": 8},
    {"do": "pass"},
    {"do": "summon", "creature": "Goetius", "strength": 1, "flag": "peace", "ability": "goetius"},
    {"do": "pass"},
    {"do": "pass"},
    {"do": "pass"},
)

# Epoch 4: trophies; then the scoring.
EPOCH_4: tuple[TetraAction, ...] = (
    {"do": "flip", "with": "Boris"},
    {"do": "keep"},
    {"do": "keep"},
    {"do": "keep"},
    {"do": "epoch_card", "type": "trophies"},
    {
        "do": "expedition",
        "from": 4,
        "target": "castle 9",
        "routes": {"Anna": 1},
        "neutral": 0,
        "level": 3,
    },
    {
        "do": "expedition",
        "from": 8,
        "target": "castle 6",
        "neutral": 2,
        "level": 3,
        "event_strength": -1,
    },
    {"do": "build", "type": "quarry", "castle": 11, "neutral_roads": 1},
    {"do": "summon", "creature": "Tempus", "strength": 3, "flag": "war", "ability": "tempus"},
    {"do": "pass"},
    {"do": "pass"},
    {"do": "pass"},
    {"do": "build", "type": "quarry", "castle": 2},
    {"do": "pass"},
)

GAME: tuple[TetraAction, ...] = (
    *EPOCH_1_DECIDED,
    *EPOCH_1_ACTIONS,
    *EPOCH_2_OPENING,
    *EPOCH_2_ACTIONS,
    *EPOCH_3,
    *EPOCH_4,
)
BEFORE_EPOCH_2 = (*EPOCH_1_DECIDED, *EPOCH_1_ACTIONS)
# Epoch 2, mid-way: Gleb and Anna have passed, Boris is to act; war between three pairs.
MID_EPOCH = (*BEFORE_EPOCH_2, *EPOCH_2_OPENING, *EPOCH_2_ACTIONS[:9])
# Vera builds in epoch 2: a sawmill entered, the castle being chosen (its cost shown).
VERA_BUILDS = (*BEFORE_EPOCH_2, *EPOCH_2_OPENING, *EPOCH_2_ACTIONS[:3])

# Two players (docs/examples/tetranomicon_two_players.yaml): the second epoch, Olga has
# passed with no coins left, Bora to act.
TWO_SETUP: TetraSetup = {
    "players": ["Bora", "Olga"],
    "factions": ["brotherhood", "order"],
    "edition": 2,
}
TWO_SETUP["youngest"] = "Bora"
TWO_PLAYERS: tuple[TetraAction, ...] = (
    {"do": "epoch_card", "type": "creatures"},
    {"do": "relation", "state": "war"},
    {"do": "build", "type": "farm", "castle": 1},
    {"do": "build", "type": "farm", "castle": 1},
    {"do": "route", "castles": [1, 2], "kind": "canal"},
    {"do": "build", "type": "sawmill", "castle": 2, "routes": {"Bora": 1}},
    {"do": "summon", "creature": "Goetius", "strength": 2, "flag": "peace", "ability": "goetius"},
    {"do": "summon", "creature": "Carnifex", "strength": 1, "flag": "war", "ability": "carnifex"},
    {"do": "pass"},
    {"do": "pass"},
    {"do": "epoch_card", "type": "buildings"},
    {"do": "relation", "state": "peace"},
    {"do": "build", "type": "farm", "castle": 2},
    {"do": "build", "type": "sawmill", "castle": 1},
    {"do": "route", "castles": [2, 3], "kind": "road"},
    {"do": "build", "type": "quarry", "castle": 2},
    {"do": "pass"},
)


# The shell holds a sample's setup and actions as mappings (Setup, Action): the typed
# dicts are those as they are.
SAMPLES: tuple[Sample, ...] = (
    Sample(
        "tetranomicon_diplomacy",
        SETUP,
        (*BEFORE_EPOCH_2, *EPOCH_2_OPENING[:2]),
        cursor=2,
    ),
    Sample(
        "tetranomicon_epoch_card",
        SETUP,
        (*BEFORE_EPOCH_2, *EPOCH_2_OPENING[:4]),
        cursor=1,
    ),
    Sample("tetranomicon_relation", SETUP, EPOCH_1_DECIDED[:5], cursor=1),
    Sample("tetranomicon_ledger", SETUP, MID_EPOCH, cursor=1),
    Sample(
        "tetranomicon_cost",
        SETUP,
        VERA_BUILDS,
        entry=-1,  # the Build entry, the last line
        entered=("sawmill",),
        value=2,
    ),
    Sample("tetranomicon_result", SETUP, GAME),
    # Boris in epoch 2: the build the box expects is the first line, the cursor on it
    # ("Строить в замке 11: каменоломня", the longest such line of this game).
    Sample("tetranomicon_build", SETUP, GAME[:32]),
    Sample("tetranomicon_two", TWO_SETUP, TWO_PLAYERS, cursor=1),
    # Bora names what he enters: an artifact (its name being typed, "n" being chosen),
    # an expedition's target (castle 4, in the table's words).
    Sample("tetranomicon_name", TWO_SETUP, TWO_PLAYERS, entry=2, entered=(2,), value="Crown"),
    Sample("tetranomicon_target", TWO_SETUP, TWO_PLAYERS, entry=0, value="castle 4"),
)
