"""Why a seat's press is not taken now, in plain words: a seat whose input is not needed
is told why ("Not in this tie round", "Your strength comes from your recorded elements")
rather than a general "not your turn" or "your hands have voted, or are not in this vote".

Read from the public view only, so the answer is the same whatever was voted (the secret
of the vote): it depends on which hands play, have a target, are recorded or have a
strength, never on a card laid face down.
"""

from __future__ import annotations

from companion.games.manus import labels
from companion.games.manus.types import HandView, manus_view
from companion.rules.base import View

# A catalogue key (of the manus area) and its fields, as the controls' refusal takes them.
Reason = tuple[str, dict[str, str | int]]


def _awaited(hand: HandView) -> bool:
    """Whether the tests still wait for this hand's strength to be entered."""
    aimed = hand.get("target") not in (None, "none")
    return bool(hand.get("playing", True)) and aimed and hand.get("strength") is None


def why_not(view: View, seat: int) -> Reason | None:
    """The reason a press from ``seat`` is refused now, when the seat has nothing to do in
    this phase; None when the general answer says it (another seat's turn) or the seat
    has something to do."""
    picture = manus_view(view)
    phase = picture.get("phase")
    if picture.get("stage") != "play" or not phase:
        return None
    hands = picture.get("hands") or []
    own = [hand for hand in hands if hand.get("seat") == seat]
    if not own:
        return None
    playing = [hand for hand in own if hand.get("playing", True)]
    if not playing:  # L266: only the tied players play the extra round
        claimants = [
            str(entry.get("name"))
            for entry in picture.get("seats") or []
            if entry.get("seat") in (picture.get("claimants") or [])
        ]
        return "manus.idle.tie_round", {"players": ", ".join(claimants)}
    if phase != "tests" or any(_awaited(hand) for hand in playing):
        return None
    waiting = ", ".join(
        labels.hand_name(view, hand.get("hand")) for hand in hands if _awaited(hand)
    )
    first = playing[0]
    if first.get("target") in (None, "none"):
        key = "no_target"
    elif first.get("strength_from") == "elements":
        key = "recorded"
    else:
        key = "entered"
    return f"manus.idle.{key}", {"waiting": waiting}
