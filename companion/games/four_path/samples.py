"""Four-path's pictures for the gallery, tests and bench: games played through its rules.

Nothing here is a hand-made view: each sample is a setup and the actions played from it
with the game's own ``start``/``step`` (see :mod:`companion.display.samples`). The teams'
game follows the rulebook's example of the combined phase (docs/examples/
four_path_combined_phase.yaml).
"""

from __future__ import annotations

from companion.games.bestiary.types import AbilityInput
from companion.games.four_path.types import (
    FourPathAction,
    FourPathSummonAction,
    SetupDict,
    SiegeAreas,
)
from companion.games.spec import Sample

TEAMS_SETUP: SetupDict = {"mode": "teams", "players": ["Anna", "Boris", "Clara", "Dmitri"]}
DUEL_SETUP: SetupDict = {"mode": "duel", "players": ["Anna", "Boris"]}

BANS: tuple[FourPathAction, ...] = (
    {"do": "ban", "creature": "Carnifex"},
    {"do": "ban", "creature": "Toxicum"},
    {"do": "ban", "creature": "Malleus"},
    {"do": "ban", "creature": "Mortum"},
)


def _summon(
    name: str, vitality: int, strength: int | None, *abilities: AbilityInput
) -> FourPathSummonAction:
    action: FourPathSummonAction = {"do": "summon", "creature": name, "vitality": vitality}
    if strength is not None:
        action["attack_strength"] = strength
    action["abilities"] = list(abilities)
    return action


def _ability(
    name: str, prep: int, effect: str | None = None, target: str | None = None
) -> AbilityInput:
    ability: AbilityInput = {"name": name, "prep": prep}
    if effect:
        ability["effects"] = [effect]
    if target:
        ability["target"] = target
    return ability


# In the teams' circles: Anna, Boris, Clara, Dmitri, twice (partners across the table).
SUMMONS: tuple[FourPathAction, ...] = (
    _summon(
        "Messum",
        5,
        1,
        _ability("Feebleness", 2, "defense_down", "enemy"),
        _ability("Faces of death", 3, None, "enemy"),
    ),
    _summon(
        "Saxum",
        7,
        1,
        _ability("Stone skin", 2, "defense_up", "ally"),
        _ability("Quake", 4, "inaction", "enemy"),
    ),
    _summon(
        "Ballistarius",
        4,
        None,
        _ability("Tension mechanism", 2, None, "enemy"),
        _ability("Reload", 3),
    ),
    _summon(
        "Vinctum",
        6,
        2,
        _ability("Iron mask", 2),
        _ability("Chains", 5, "inaction", "enemy"),
    ),
    _summon(
        "Illesbra",
        4,
        2,
        _ability("Temptation", 1),
        _ability("Fury", 3, "attack_up", "ally"),
    ),
    _summon(
        "Ferrarius",
        4,
        2,
        _ability("Forge", 3, "attack_up", "ally"),
        _ability("Smoke", 2, "attack_down", "enemy"),
    ),
    _summon(
        "Fidea",
        4,
        1,
        _ability("Resurrection", 3),
        _ability("Winging", 2, "flight", "ally"),
    ),
    _summon(
        "Lignum",
        5,
        1,
        _ability("Threads of life", 2),
        _ability("Roots", 4, "slow", "enemy"),
    ),
)
DRAFT: tuple[FourPathAction, ...] = (*BANS, *SUMMONS)

# Period 1: Anna's team passes, Boris's puts Stone skin on Saxum.
PERIOD_1: tuple[FourPathAction, ...] = (
    {"do": "turn_disc"},
    {"do": "siege"},
    {"do": "open", "seat": "Anna"},
    {"do": "pass"},
    {"do": "pass"},
    {"do": "siege"},
    {"do": "open", "seat": "Boris"},
    {"do": "support", "creature": "saxum", "ability": "stone_skin", "target": "saxum"},
    {"do": "pass"},
    {"do": "pass"},
)
# Period 2: Anna's team holds towers 1 and 4 (Boris's tower 2); Anna weakens Saxum, Clara
# tenses the ballista, Anna passes: the hand stays with Clara.
AREAS: SiegeAreas = {
    "tower_1": ["messum", "illesbra"],
    "tower_2": ["saxum"],
    "tower_3": [],
    "tower_4": ["ballistarius", "fidea", "lignum"],
}
PERIOD_2: tuple[FourPathAction, ...] = (
    {"do": "turn_disc"},
    {"do": "siege", "areas": AREAS},
    {"do": "open", "seat": "Anna"},
    {"do": "support", "creature": "messum", "ability": "feebleness", "target": "saxum"},
    {"do": "support", "creature": "ballistarius", "ability": "tension_mechanism"},
    {"do": "pass"},
)
# Clara ends the team's phase; Boris's team holds tower 2 at its siege.
TO_SIEGE: tuple[FourPathAction, ...] = (*PERIOD_2, {"do": "pass"})

# The duel: each player summons four creatures into his two castles.
DUEL_DRAFT: tuple[FourPathAction, ...] = (*BANS, *SUMMONS)
DUEL_PLAY: tuple[FourPathAction, ...] = (
    {"do": "turn_disc"},
    {"do": "siege", "areas": {"tower_2": ["saxum", "vinctum"], "tower_3": ["messum"]}},
    {"do": "support", "creature": "illesbra", "ability": "fury", "target": "illesbra"},
    {"do": "support", "creature": "fidea", "ability": "winging", "target": "messum"},
    {"do": "pass"},
    {"do": "siege"},
    {"do": "support", "creature": "saxum", "ability": "stone_skin", "target": "saxum"},
    {"do": "maneuver", "creature": "vinctum"},
)

# The duel: Boris's creatures wear Messum down over two periods; Anna chooses the castle
# it comes back in (the respawn's question, on the shared prompt bar).
TO_RESPAWN: tuple[FourPathAction, ...] = (
    {"do": "turn_disc"},
    {"do": "siege"},
    {"do": "maneuver", "creature": "illesbra"},
    {"do": "pass"},
    {"do": "siege"},
    {"do": "maneuver", "creature": "ferrarius"},
    {"do": "attack", "creature": "saxum", "target": "messum"},
    {"do": "attack", "creature": "vinctum", "target": "messum"},
    {"do": "attack", "creature": "lignum", "target": "messum"},
    {"do": "pass"},
    {"do": "turn_disc"},
    {"do": "siege"},
    {"do": "attack", "creature": "messum", "target": "saxum"},
    {"do": "attack", "creature": "illesbra", "target": "saxum"},
    {"do": "pass"},
    {"do": "siege"},
    {"do": "attack", "creature": "saxum", "target": "messum"},
)

# Anna's team takes three towers at every siege: Boris's scale of 8 falls in period 3
# (the play stops at the siege that wins).
WIN_AREAS: SiegeAreas = {
    "tower_1": ["messum"],
    "tower_2": ["illesbra"],
    "tower_4": ["ballistarius"],
}
SIEGE_ROUND: tuple[FourPathAction, ...] = (
    {"do": "turn_disc"},
    {"do": "siege", "areas": WIN_AREAS},
    {"do": "open", "seat": "Anna"},
    {"do": "pass"},
    {"do": "pass"},
    {"do": "siege"},
    {"do": "open", "seat": "Boris"},
    {"do": "pass"},
    {"do": "pass"},
)
SIEGE_WIN: tuple[FourPathAction, ...] = (SIEGE_ROUND * 3)[:20]
VICTORY_SETUP: SetupDict = {**TEAMS_SETUP, "scale_length": 8}

SAMPLES: tuple[Sample, ...] = (
    Sample("four_path_ban", TEAMS_SETUP, BANS[:3], cursor=1),
    Sample("four_path_draft", TEAMS_SETUP, DRAFT[:9], cursor=2),
    Sample("four_path_board", TEAMS_SETUP, (*DRAFT, *PERIOD_1, *PERIOD_2)),
    Sample("four_path_open", TEAMS_SETUP, (*DRAFT, *PERIOD_1, *PERIOD_2[:2]), cursor=1),
    Sample("four_path_siege", TEAMS_SETUP, (*DRAFT, *PERIOD_1, *TO_SIEGE), cursor=2),
    Sample("four_path_duel", DUEL_SETUP, (*DUEL_DRAFT, *DUEL_PLAY), cursor=5),
    Sample("four_path_respawn", DUEL_SETUP, (*DUEL_DRAFT, *TO_RESPAWN), cursor=1),
    # UNDO of an attack that said three lines: "Undone: …, and 2 more".
    Sample("undone_attack", DUEL_SETUP, (*DUEL_DRAFT, *TO_RESPAWN), undone=1),
    Sample("four_path_victory", VICTORY_SETUP, (*DRAFT, *SIEGE_WIN)),
)
