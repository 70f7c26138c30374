"""The cue: what the buzzer hears of a table change (one sound, the most important)."""

from __future__ import annotations

from companion.games.spec import Cue
from companion.rules.base import Prompt
from companion.snapshot import Snapshot
from companion.table import Change


def cue_for(snap: Snapshot, before: Prompt, change: Change) -> str | None:
    """The one sound a table change deserves (the most important), or None: victory, the
    game's own cue for its events, else "your_turn" when another seat is to act (not while
    a secret vote goes round: who votes next is nobody's business)."""
    if not change.fresh:
        return None
    if snap.state.winner is not None:
        return "victory"
    spec = snap.spec
    if spec.cue is not None:
        said = spec.cue(Cue(change.events, before, snap.prompt))
        if said:
            return said
    secret = spec.inputs.secret
    voting = secret is not None and any(
        c.get("do") == secret.action for c in (*before.choices, *snap.prompt.choices)
    )
    if snap.prompt.seat is not None and snap.prompt.seat != before.seat and not voting:
        return "your_turn"
    return None
