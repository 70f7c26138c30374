"""The table page's card library (docs/phones.md), as the game's card kit says it: each
card's face (its name, statistics and lines) and the form that edits it (the kit's
editor, its fields sent as a seat's entries are), and the form of a new card (the kit's
blank card). A form's result is tidied by the kit (``edited``) before its check, as the
box's own card editor does. The page names no game and no card's key."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from companion.games.spec import AnySpec, CardFace, Cards
from companion.rules.base import Entry
from companion.web.hub import entry_form
from companion.web.messages import EntryForm


class Face(TypedDict):
    name: str
    stats: NotRequired[list[list[str]]]  # none when the kit says no face
    lines: NotRequired[list[list[str]]]


class LibraryPage(TypedDict, total=False):
    """The page's list and forms (none of the keys when the kit has no editor)."""

    title: str
    faces: list[Face]
    forms: list[EntryForm]
    new: EntryForm | None


def library_page(spec: AnySpec, cards: Cards, language: str) -> LibraryPage:
    """The cards as the page lists them, and the forms: {} when the kit has no editor."""
    kit = spec.cards
    if kit is None or kit.editor is None:
        return {}
    faces: list[Face] = [
        _face(kit.face(card, language)) if kit.face else {"name": ""} for card in cards
    ]
    forms = [_form(kit.editor(card, language), language) for card in cards]
    new = _form(kit.editor(kit.blank, language), language) if kit.blank is not None else None
    return {"title": spec.words("title", language), "faces": faces, "forms": forms, "new": new}


def tidied(spec: AnySpec, card: object) -> object:
    """A card as a form built it, tidied as the kit keeps it (the page's forms send the
    editor's values as they are)."""
    kit = spec.cards
    if kit is None or kit.edited is None or not isinstance(card, dict):
        return card
    return kit.edited(card)


def _face(face: CardFace) -> Face:
    return {
        "name": face.name,
        "stats": [list(stat) for stat in face.stats],
        "lines": [list(line) for line in face.lines],
    }


def _form(entry: Entry, language: str) -> EntryForm:
    return entry_form(entry, language)
