"""Reading a game's data where the shell meets it.

The shell holds a game's views, actions and events as ``Mapping[str, object]``
(companion/rules/base.py: View, Action, Event): it does not know their shape, so each value
it uses is narrowed here, at run time, and mypy sees the narrowed type. A value of the
wrong shape reads as absent (None, "", an empty list), never as something else: the shell
shows less, it never shows a wrong thing or raises over a game's data.
"""

from __future__ import annotations

from collections.abc import Mapping

Data = Mapping[str, object]

NOTHING: Data = {}


def mapping(value: object) -> Data:
    """``value`` if it is a mapping (a JSON object), else an empty one."""
    return value if isinstance(value, Mapping) else NOTHING


def rows(value: object) -> list[Data]:
    """The mappings in ``value`` if it is a list (a view's seats, a page's rows)."""
    if not isinstance(value, list | tuple):
        return []
    return [item for item in value if isinstance(item, Mapping)]


def whole(value: object) -> int | None:
    """``value`` if it is an integer (a bool is not), else None."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def words(value: object, default: str = "") -> str:
    """``value`` if it is a string, else ``default``."""
    return value if isinstance(value, str) else default


def number(value: object) -> int | float | None:
    """``value`` if it is a number (a bool is not), else None."""
    if isinstance(value, bool):
        return None
    return value if isinstance(value, int | float) else None
