"""Strings shared by every game and screen.

No template here may format a whole action: an undone Manus vote must never be printed.
"""

from __future__ import annotations

EN: dict[str, str] = {}

RU: dict[str, str] = {}
