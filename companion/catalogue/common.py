"""Strings shared by every game and screen."""

from __future__ import annotations

EN: dict[str, str] = {
    "narr.undo": "Undone: {action}.",
    "narr.redo": "Redone: {action}.",
}

RU: dict[str, str] = {
    "narr.undo": "Отменено: {action}.",
    "narr.redo": "Повторено: {action}.",
}
