"""The games the companion knows: one static registry of :class:`GameSpec`.

A game is one folder here (``companion/games/<name>/``) holding everything that knows
it; the shell reads only its spec. Adding a game is its folder plus one line below.
"""

from __future__ import annotations

from companion.games import bestiary, four_path, manus, talisman, tetranomicon
from companion.games.spec import AnySpec
from companion.rules.base import SetupError, did_you_mean

# Each spec is typed with its own state; the registry holds them side by side.
GAMES: dict[str, AnySpec] = {
    spec.name: spec
    for spec in (bestiary.SPEC, four_path.SPEC, manus.SPEC, tetranomicon.SPEC, talisman.SPEC)
}


def find(name: str) -> AnySpec:
    """The spec of a game by its name, or a SetupError naming the known games."""
    spec = GAMES.get(name)
    if spec is None:
        known = ", ".join(sorted(GAMES))
        raise SetupError(f"unknown game '{name}'{did_you_mean(name, GAMES)}; known: {known}")
    return spec


__all__ = ["GAMES", "GameSpec", "find"]
