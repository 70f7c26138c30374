"""Reading ``companion play`` scripts: YAML with ``game``, ``setup`` and ``actions``.

Every problem names the file and line. The loader keeps the line of each action so that
an illegal action can be reported as ``file:line: action N (do): reason``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from companion import yamlfile
from companion.rules.base import Action, Setup, did_you_mean

TOP_KEYS = ("game", "setup", "actions", "presses", "title", "description")
BUTTONS_HELD = ("undo", "menu")
# A press script plays a game by hand: minutes of waiting and a few turns of the disc at
# most (a billion steps would run for hours).
MAX_SECONDS = 600
MAX_DISC_STEPS = 120


class ScriptError(Exception):
    """A malformed script; the message starts with ``file:line:``."""


@dataclass(frozen=True)
class ScriptAction:
    index: int  # 1-based, as messages count
    line: int
    action: Action


@dataclass(frozen=True)
class ScriptPress:
    """One step of a press script: ``press`` a button (``seatN.colour``, ``next``,
    ``undo``, ``menu``), ``hold`` one for ``seconds``, turn the ``disc`` by ``steps``, or
    ``wait`` ``seconds``."""

    index: int
    line: int
    kind: str  # press, hold, disc, wait
    button: str = ""
    seconds: float = 0.0
    steps: int = 0


@dataclass(frozen=True)
class Script:
    path: str
    game: str
    setup: Setup
    setup_line: int
    actions: tuple[ScriptAction, ...]
    presses: tuple[ScriptPress, ...] = ()


def load(path: str | Path) -> Script:
    try:
        source = yamlfile.load(path)
    except yamlfile.YamlError as error:
        raise ScriptError(str(error)) from error
    return _script(source)


def parse(text: str, where: str = "<script>") -> Script:
    try:
        source = yamlfile.parse(where, text)
    except yamlfile.YamlError as error:
        raise ScriptError(str(error)) from error
    return _script(source)


def _script(source: yamlfile.Sourced) -> Script:
    where, data = source.name, source.data
    if not isinstance(data, dict):
        raise ScriptError(f"{where}:1: a script is a mapping with game, setup and actions")
    for key in data:
        if key not in TOP_KEYS:
            raise ScriptError(
                f"{where}:{source.line((str(key),))}: unknown key '{key}'"
                f"{did_you_mean(str(key), TOP_KEYS)}"
            )
    game = data.get("game")
    if not isinstance(game, str):
        raise ScriptError(f"{where}:1: missing 'game' (e.g. game: bestiary)")
    _known_game(game, f"{where}:{source.line(('game',), 1)}")
    setup = data.get("setup") or {}
    setup_line = source.line(("setup",), 1)
    if not isinstance(setup, dict):
        raise ScriptError(f"{where}:{setup_line}: 'setup' must be a mapping")
    raw_actions = data.get("actions") or []
    if not isinstance(raw_actions, list):
        raise ScriptError(f"{where}:{source.line(('actions',), 1)}: 'actions' must be a list")
    actions = []
    for index, action in enumerate(raw_actions, 1):
        line = source.line(("actions", index - 1))
        if not isinstance(action, dict):
            raise ScriptError(f"{where}:{line}: action {index}: a mapping with 'do' and its fields")
        if not isinstance(action.get("do"), str):
            raise ScriptError(f"{where}:{line}: action {index}: missing 'do' (what to do)")
        actions.append(ScriptAction(index, line, action))
    raw_presses = data.get("presses")
    if raw_presses is not None and actions:
        raise ScriptError(f"{where}:{source.line(('presses',), 1)}: actions or presses, not both")
    presses: list[ScriptPress] = []
    if raw_presses is not None:
        if not isinstance(raw_presses, list):
            raise ScriptError(f"{where}:{source.line(('presses',), 1)}: 'presses' must be a list")
        for index, item in enumerate(raw_presses, 1):
            line = source.line(("presses", index - 1))
            presses.append(_press(item, index, f"{where}:{line}: press {index}", line))
    return Script(where, game, setup, setup_line, tuple(actions), tuple(presses))


def _known_game(game: str, where: str) -> None:
    """A ScriptError at the ``game:`` line unless the companion knows the game."""
    from companion import games  # noqa: PLC0415 (every game's rules: only when a script loads)

    if game not in games.GAMES:
        known = ", ".join(sorted(games.GAMES))
        raise ScriptError(
            f"{where}: unknown game '{game}'{did_you_mean(game, games.GAMES)}; known: {known}"
        )


# The forms of a press script's line, as an error shows the one that was meant.
FORMS = {
    "hold": "'hold undo', 'hold menu' or 'hold undo 1.5' (a button, then seconds)",
    "disc": "'disc +1' or 'disc -2' (whole steps of the disc)",
    "wait": "'wait 0.5' (seconds)",
}
ANY_FORM = "a button (seat1.cyan, next, undo, menu), 'hold undo', 'disc +1' or 'wait 0.5'"


def _press(item: object, index: int, where: str, line: int) -> ScriptPress:
    """``seat1.cyan``, ``next``, ``hold undo``, ``hold menu 3``, ``disc +1``, ``wait 0.5``;
    anything else a ScriptError naming the form that was meant."""
    words = str(item).split() if isinstance(item, str | int | float) else []
    if not words:
        raise ScriptError(f"{where}: {ANY_FORM}")
    head, rest = words[0], words[1:]
    form = FORMS.get(head)
    if head == "hold" and 1 <= len(rest) <= 2:
        seconds = (
            _seconds(rest[1], where, item, f"hold {rest[0]} 1.5")
            if len(rest) == 2
            else (3.2 if rest[0] == "menu" else 1.0)
        )
        return ScriptPress(index, line, "hold", rest[0], seconds=seconds)
    if head == "disc" and len(rest) == 1:
        try:
            steps = int(rest[0])
        except ValueError:
            raise ScriptError(f"{where}: '{item}': {form}") from None
        if abs(steps) > MAX_DISC_STEPS:
            raise ScriptError(f"{where}: at most {MAX_DISC_STEPS} steps of the disc, not {steps}")
        return ScriptPress(index, line, "disc", steps=steps)
    if head == "wait" and len(rest) == 1:
        return ScriptPress(index, line, "wait", seconds=_seconds(rest[0], where, item, "wait 0.5"))
    if form is not None:
        raise ScriptError(f"{where}: '{item}': {form}")
    if rest:
        raise ScriptError(f"{where}: '{item}': one button, or hold/disc/wait with a value")
    return ScriptPress(index, line, "press", head)


def _seconds(word: str, where: str, item: object, example: str) -> float:
    """The seconds ``word`` says, with or without its unit (``1.5`` or ``1.5s``;
    ``example``: the form meant, for the message)."""
    try:
        seconds = float(word.removesuffix("s"))
    except ValueError:
        raise ScriptError(f"{where}: '{item}': seconds are a number, as in '{example}'") from None
    if not 0 <= seconds <= MAX_SECONDS:  # a NaN too: the clock would never reach its end
        raise ScriptError(f"{where}: 0 to {MAX_SECONDS} seconds, not {word}")
    return seconds


def parse_press(word: str, index: int, line: int) -> ScriptPress:
    """One press in script words (``seat1.cyan``, ``disc 1``), as a script line holds it."""
    return _press(word, index, f"press {index}", line)
