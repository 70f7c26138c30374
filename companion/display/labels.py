"""Words the screens show, from the view and the catalogues, in the scene's language.

What is the same for every game: players, the phase or stage (``<game>.ui.phase.<phase>``
or ``<game>.phase.<phase>``, then ``<game>.ui.stage.<stage>``), the prompt's line (its
catalogue key and fields), and a choice a game brings no words for. A game's own words
(creatures, hands) are in its folder, ``companion/games/<game>/labels.py``.
"""

from __future__ import annotations

from companion.i18n import has, text
from companion.rules.base import Action, View
from companion.rules.reading import Data, mapping, rows


def first_upper(words: str) -> str:
    return words[:1].upper() + words[1:]


def player(view: View | None, seat: object, language: str) -> str:
    for entry in rows((view or {}).get("seats")):
        if entry.get("seat") == seat:
            return str(entry.get("name"))
    return text("ui.seat", language, seat=seat)


def short(name: str, letters: int = 3) -> str:
    """A token chip's label: the first letters of a name."""
    return name[:letters]


def phase(view: View, language: str) -> str:
    """The phase, or the stage when there is no phase yet."""
    game = view.get("game")
    current = view.get("phase")
    if current:
        for key in (f"{game}.ui.phase.{current}", f"{game}.phase.{current}"):
            if has(key):
                return first_upper(text(key, language))
        return first_upper(str(current).replace("_", " "))
    stage = view.get("stage")
    if stage:
        for key in (f"{view.get('game')}.ui.stage.{stage}", f"ui.stage.{stage}"):
            if has(key):
                return text(key, language)
    return ""


def prompt_line(view: View | None, prompt: Data | None, language: str) -> str:
    """What the prompt says, in the language: its catalogue key with its fields."""
    if not prompt or not prompt.get("key"):
        return text("ui.prompt.nobody", language)
    return text(str(prompt["key"]), language, **mapping(prompt.get("fields")))


def choice(view: View, action: Action, language: str, game: str = "") -> str:
    """A choice a game brings no words for: its catalogue entry ``<game>.ui.choice.<do>``
    with the action's fields, else the action's name."""
    kind = str(action.get("do"))
    key = f"{game}.ui.choice.{kind}"
    if has(key):
        return text(key, language, **{k: v for k, v in action.items() if k != "do"})
    return text("ui.choice.other", language, action=kind.replace("_", " "))
