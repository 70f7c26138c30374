"""What the vote-secrecy tests share: where in a payload a vote would show."""

from __future__ import annotations

from typing import Any


def values_of(payload: object, vote: dict[str, Any]) -> list[str]:
    """Every condition in the payload beside the voting hand: where a vote would show."""
    found: list[str] = []
    if isinstance(payload, dict):
        if payload.get("hand") == vote.get("hand") and "condition" in payload:
            found.append(str(payload["condition"]))
        for value in payload.values():
            found += values_of(value, vote)
    elif isinstance(payload, list):
        for value in payload:
            found += values_of(value, vote)
    return found
