"""Strings of the manus area (keys prefixed 'manus.')."""

from __future__ import annotations

EN: dict[str, str] = {}

RU: dict[str, str] = {}
