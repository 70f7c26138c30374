"""The phones' messages as the hub builds them (docs/phones.md): the public payload, a
seat's payload, a page of the game log, a value entry's form, the game's tokens.

Each is a TypedDict, so mypy checks every key the hub writes; on the wire they are the
plain JSON objects the pages (static/*.js) read. What a game puts inside (its view, its
picture, a choice's action) stays the game's own: View, Wire, Action.
"""

from __future__ import annotations

from typing import TypedDict

from companion.rules.base import FieldKind, View, Wire


class Tokens(TypedDict):
    """A game's tokens: the table's, and one per seat by its number as text ("1".."6")."""

    table: str
    seats: dict[str, str]


# "from" is a Python keyword: this one is declared by call.
LogPage = TypedDict(
    "LogPage",
    {"key": str, "from": int, "lines": list[str], "length": int, "next": int | None},
)


class Option(TypedDict):
    value: str | int
    label: str


class FieldForm(TypedDict):
    """A value entry's field as form.js takes it."""

    key: str
    kind: FieldKind
    label: str
    low: int
    high: int
    options: list[Option]
    default: str | int
    only_if: list[object] | None  # [the earlier field's key, [the values it asks on]]
    omit: list[str | int]
    default_by: list[object] | None  # [the earlier field's key, [[its value, default], ...]]


class EntryForm(TypedDict):
    """A value entry as the pages' forms take it: its words, its action, its fields."""

    label: str
    action: Wire
    fields: list[FieldForm]


class SeatEntry(EntryForm):
    index: int  # which of the prompt's entries


class Choice(TypedDict):
    action: Wire
    label: str


class PublicPrompt(TypedDict):
    seat: int | None
    kind: str
    text: str
    everyone: bool  # every seat chooses at once (a secret vote)


class SeatPrompt(TypedDict):
    seat: int | None
    kind: str
    text: str
    mine: bool
    choices: list[Choice]
    entries: list[SeatEntry]


class GameName(TypedDict):
    name: str
    title: str


class PublicPayload(TypedDict):
    """What every phone and the spectator page may see."""

    head: int
    game: str
    title: str
    phase_label: str
    language: str
    view: View
    picture: Wire
    games: list[GameName]
    prompt: PublicPrompt
    said: list[str]
    log: list[str]
    log_from: int
    log_length: int
    log_key: str
    log_kept: dict[str, int]
    notices: list[str]


class SeatPayload(TypedDict):
    """A seat's own picture: its view, and its choices and entries when it decides."""

    head: int
    phase_label: str
    seat: int
    name: object  # the player's name as the setup holds it
    game: str
    title: str
    language: str
    view: View
    picture: Wire
    said: list[str]
    prompt: SeatPrompt


__all__ = [
    "Choice",
    "EntryForm",
    "FieldForm",
    "GameName",
    "LogPage",
    "Option",
    "PublicPayload",
    "PublicPrompt",
    "SeatEntry",
    "SeatPayload",
    "SeatPrompt",
    "Tokens",
]
