"""Hand of Manus scenes for the gallery, tests and bench, played through the rules."""

from __future__ import annotations

from companion.games.manus.types import ManusAction, ManusSetup
from companion.games.spec import Sample

SETUP: ManusSetup = {"players": ["Anna", "Boris", "Vera"], "first": 1}

ROUND_START: tuple[ManusAction, ...] = (
    {"do": "place_site", "temperature": "warm", "humidity": "dry"},
    {"do": "choose_discovery", "discovery": "steam"},
    {"do": "skip", "hand": 1},
    {"do": "skip", "hand": 2},
    {"do": "skip", "hand": 3},
    {"do": "choose_target", "hand": 1, "target": "small"},
    {"do": "choose_target", "hand": 2, "target": "large"},
    {"do": "choose_target", "hand": 3, "target": "medium"},
)
VOTES: tuple[ManusAction, ...] = (
    {"do": "vote", "hand": 1, "condition": "cold"},
    {"do": "vote", "hand": 2, "condition": "cold"},
    {"do": "vote", "hand": 3, "condition": "wet"},
)


def _round(
    first: int, strengths: tuple[int, int, int], votes: tuple[str, str, str]
) -> list[ManusAction]:
    """One whole round from its discovery: every hand skips, aims high, votes, is tested."""
    order = [(first - 1 + step) % 3 + 1 for step in range(3)]
    actions: list[ManusAction] = [{"do": "choose_discovery", "discovery": "fire"}]
    actions += [{"do": "skip", "hand": hand} for hand in order]
    actions += [{"do": "choose_target", "hand": hand, "target": "large"} for hand in order]
    actions += [{"do": "vote", "hand": hand, "condition": votes[hand - 1]} for hand in order]
    actions += [
        {"do": "set_strength", "hand": hand, "strength": strengths[hand - 1]} for hand in order
    ]
    return actions


def _victory() -> tuple[ManusAction, ...]:
    """Boris reaches the door first."""
    actions: list[ManusAction] = [*ROUND_START, *VOTES]
    actions += [
        {"do": "set_strength", "hand": 1, "strength": 4},
        {"do": "set_strength", "hand": 2, "strength": 6},
        {"do": "set_strength", "hand": 3, "strength": 3},
    ]
    for number in range(2, 7):
        actions += _round((number - 1) % 3 + 1, (6, 6, 2), ("warm", "dry", "wet"))
    return tuple(actions)


# The shell holds a sample's setup and actions as Setup and Actions: the typed dicts
# are those mappings as they are.
SAMPLES: tuple[Sample, ...] = (
    # The vote under way: Anna has voted, Boris and Vera have not.
    Sample("manus_vote", SETUP, (*ROUND_START, VOTES[0])),
    # Just after the reveal: the token moved on temperature and humidity, tests begin.
    Sample("manus_reveal", SETUP, (*ROUND_START, *VOTES)),
    Sample("manus_victory", SETUP, _victory()),
    # Anna records her elements with the buttons: the shoulder done, the forearm's type.
    Sample(
        "manus_build",
        SETUP,
        ROUND_START[:2],
        entry=0,
        entered=("fire", "warm wet"),
        value="water",
    ),
    # Vera's elements are not recorded: she enters her hand's strength before Anna and
    # Boris (any order, L252-L264); the entry started at her target's need, 5.
    Sample("manus_strength", SETUP, (*ROUND_START, *VOTES), entry=2, value=6),
)
