"""Strings of the ui area (keys prefixed 'ui.')."""

from __future__ import annotations

EN: dict[str, str] = {}

RU: dict[str, str] = {}
