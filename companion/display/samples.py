"""Scenes from real games, played through the rules: for the gallery, tests and bench.

Nothing here is a hand-made view: each scene is the public view and prompt of a game
played action by action with the game's own ``start``/``step``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion import rules
from companion.display.scene import Scene, UiState
from companion.rules.base import JSON

DUEL_SETUP: JSON = {"players": ["Anna", "Boris"], "first": 1, "scale_length": 16}

DRAFT: tuple[JSON, ...] = (
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
DRAFT_END: tuple[JSON, ...] = (
    {"do": "summon", "creature": "Manus", "class": "intellect", "vitality": 5},
    {"do": "summon", "creature": "Cerberus", "class": "agility", "vitality": 5},
)
MIDGAME: tuple[JSON, ...] = (
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
    {
        "do": "support",
        "creature": "illesbra",
        "ability": 1,
        "prep": 4,
        "effects": [{"effect": "attack_down", "target": "ferrarius"}],
    },
    {"do": "end_phase"},
    {"do": "siege", "towers": ["mountain"]},
    {"do": "attack", "creature": "ferrarius", "target": "saxum", "strength": 3},
    {"do": "end_phase"},
    {
        "do": "support",
        "creature": "cerberus",
        "ability": 1,
        "prep": 3,
        "effects": [{"effect": "inaction", "target": "illesbra"}],
    },
    {"do": "support", "creature": "vinctum", "ability": 2, "prep": 5},
    {"do": "end_phase"},
    {"do": "turn_disc"},
    {"do": "siege", "towers": ["plain", "mountain"]},
    {"do": "end_phase"},
)
SIEGE_WIN: tuple[JSON, ...] = (
    {"do": "end_phase"},
    {"do": "siege", "towers": []},
    {"do": "end_phase"},
    {"do": "end_phase"},
    *(
        step
        for _ in range(6)
        for step in (
            {"do": "turn_disc"},
            {"do": "siege", "towers": ["plain", "mountain"]},
            {"do": "end_phase"},
            {"do": "end_phase"},
            {"do": "siege", "towers": ["plain"]},
            {"do": "end_phase"},
            {"do": "end_phase"},
        )
    ),
)


def play(game: str, setup: Mapping[str, Any], actions: Sequence[Mapping[str, Any]]) -> Any:
    """The state after ``actions``; stops quietly at the game's end."""
    module = rules.game(game)
    state = module.start(setup)
    for action in actions:
        if state.winner is not None:
            break
        state = module.step(state, action)
    return state


def scene_of(game: str, state: Any, ui: UiState | None = None) -> Scene:
    module = rules.game(game)
    return Scene(module.view(state, "public"), module.prompt(state).to_json(), ui or UiState())


def _bestiary(actions: Sequence[JSON], cursor: int = 0) -> Callable[[str], Scene]:
    def build(language: str) -> Scene:
        state = play("bestiary", DUEL_SETUP, actions)
        return scene_of("bestiary", state, UiState(language=language, cursor=cursor))

    return build


def _menu(language: str) -> Scene:
    return Scene(None, None, UiState(screen="menu", language=language, cursor=1))


def _manus(builder_name: str) -> Callable[[str], Scene] | None:
    """A Hand of Manus scene, when that game is in this build."""
    if "manus" not in rules.GAMES:
        return None
    from companion.display import manus_samples  # noqa: PLC0415 (it imports this module)

    builder: Callable[[str], Scene] = getattr(manus_samples, builder_name)
    return builder


def gallery() -> dict[str, Callable[[str], Scene]]:
    """Every screen a player meets, by name: name -> (language -> scene)."""
    scenes: dict[str, Callable[[str], Scene]] = {
        "menu": _menu,
        "castle_choice": _bestiary((), cursor=1),
        "draft": _bestiary(DRAFT, cursor=2),
        "board_start": _bestiary((*DRAFT, *DRAFT_END)),
        "board_midgame": _bestiary((*DRAFT, *DRAFT_END, *MIDGAME), cursor=3),
        "victory": _bestiary((*DRAFT, *DRAFT_END, *MIDGAME, *SIEGE_WIN)),
    }
    for name, builder in (
        ("manus_vote", "vote"),
        ("manus_reveal", "reveal"),
        ("manus_victory", "victory"),
    ):
        found = _manus(builder)
        if found is not None:
            scenes[name] = found
    return scenes
