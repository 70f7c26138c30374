"""What a screen is drawn from: the public view, the prompt and a little UI state.

The screens never read the table or the rules: only a :class:`Scene`. The UI state is
what controls own and the journal never sees (the cursor over the prompt's choices, the
menu, the language, the sound setting).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from companion.i18n import text
from companion.rules.base import JSON, Prompt

MENU_ITEMS = ("bestiary", "manus", "resume", "language", "sound")


@dataclass(frozen=True)
class UiState:
    """The part of the screen that is not game state.

    ``screen`` forces a screen ("menu"); None follows the game. ``cursor`` indexes the
    prompt's choices, or the menu items on the menu. ``note`` is the last narration line.
    """

    screen: str | None = None
    cursor: int = 0
    language: str = "en"
    muted: bool = False
    menu_items: tuple[str, ...] = MENU_ITEMS
    note: str = ""

    def with_(self, **changes: Any) -> UiState:
        return replace(self, **changes)


@dataclass(frozen=True)
class Scene:
    view: JSON | None = None
    prompt: JSON | None = None
    ui: UiState = field(default_factory=UiState)

    @property
    def language(self) -> str:
        return self.ui.language

    @property
    def game(self) -> str | None:
        return str(self.view.get("game")) if self.view else None

    @property
    def choices(self) -> list[JSON]:
        return list((self.prompt or {}).get("choices") or [])

    @property
    def cursor_choice(self) -> JSON | None:
        choices = self.choices
        if not choices:
            return None
        return choices[self.ui.cursor % len(choices)]

    def key(self) -> str:
        """A fingerprint: two scenes with the same key draw the same pixels."""
        ui = self.ui
        return json.dumps(
            [
                self.view,
                self.prompt,
                ui.screen,
                ui.cursor,
                ui.language,
                ui.muted,
                list(ui.menu_items),
                ui.note,
            ],
            sort_keys=True,
            default=str,
        )


def prompt_json(prompt: Prompt | Mapping[str, Any] | None) -> JSON | None:
    if prompt is None:
        return None
    if isinstance(prompt, Prompt):
        return prompt.to_json()
    return dict(prompt)


def ui_state(
    source: Any,
    language: str = "en",
    menu_items: tuple[str, ...] | None = None,
    muted: bool = False,
) -> UiState:
    """A :class:`UiState` from the controls' UI state (or any object with such fields).

    The controls keep ``menu_open``/``menu_cursor`` and a ``notice`` as (catalogue key,
    fields); the screen wants a screen name, one cursor and the notice as words.
    """
    if isinstance(source, UiState):
        return source
    if source is None:
        return UiState(language=language, muted=muted)

    def read(name: str) -> Any:
        return source.get(name) if isinstance(source, Mapping) else getattr(source, name, None)

    spoken = str(read("language") or language)
    menu_open = bool(read("menu_open"))
    cursor = read("menu_cursor") if menu_open else read("cursor")
    note = ""
    notice = read("notice")
    if isinstance(notice, (tuple, list)) and notice:
        key, fields = notice[0], notice[1] if len(notice) > 1 else {}
        note = text(str(key), spoken, **dict(fields or {}))
    elif isinstance(notice, str):
        note = notice
    return UiState(
        screen="menu" if menu_open else read("screen"),
        cursor=int(cursor or 0),
        language=spoken,
        muted=bool(read("muted")) or muted,
        menu_items=tuple(menu_items or read("menu_items") or MENU_ITEMS),
        note=note,
    )
