"""Strings of the hardware area (keys prefixed 'hardware.')."""

from __future__ import annotations

EN: dict[str, str] = {}

RU: dict[str, str] = {}
