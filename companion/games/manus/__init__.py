"""Hand of Manus (Длань Мануса; RULES.md §3; seeds/000): its spec."""

from __future__ import annotations

from companion.games.manus import labels, picture, refusals, ring, rules, stats
from companion.games.manus.catalogue import WORDS
from companion.games.manus.narration import SAYERS
from companion.games.manus.options import SETUP_FIELDS
from companion.games.manus.samples import SAMPLES
from companion.games.manus.state import GAME, State, stamp
from companion.games.manus.types import ManusSetup, manus_view
from companion.games.spec import Cue, GameSpec, InputProfile, SecretChoice
from companion.rules.base import Setup, View


def hands_to_vote(view: View, seat: int) -> list[int]:
    """The seat's hands that have not voted yet, in hand order (from the public view)."""
    return [
        int(h["hand"])
        for h in manus_view(view).get("hands") or []
        if h.get("seat") == seat and not h.get("voted") and h.get("playing", True)
    ]


def hands_that_voted(view: View, seat: int) -> list[int]:
    """The seat's playing hands, once all have voted: each may change its card."""
    return [
        int(h["hand"])
        for h in manus_view(view).get("hands") or []
        if h.get("seat") == seat and h.get("voted") and h.get("playing", True)
    ]


def cue(change: Cue) -> str | None:
    """A chime when the vote is complete (the cards may be turned) and at the reveal."""
    revealed = any(e.get("event") == "votes_revealed" for e in change.events)
    complete = change.after.kind == "reveal" and change.before.kind != "reveal"
    return "vote_complete" if revealed or complete else None


def rematch(state: State, setup: Setup) -> ManusSetup:
    """The next game of a series: the same options, the next seat clockwise first."""
    return {**state.setup.to_json(), "first": state.seats.after(state.setup.first)}


VOTE = SecretChoice(
    action="vote",
    field="condition",
    values={"red": "warm", "blue": "cold", "cyan": "wet", "yellow": "dry"},
    voter_field="hand",
    voters=hands_to_vote,
    changers=hands_that_voted,
    hint=WORDS.key("ui.vote_hint"),
)

SPEC: GameSpec[State] = GameSpec(
    name=GAME,
    rules=rules,
    words=WORDS,
    sayers=SAYERS,
    ring=ring.paint,
    ring_animated=ring.animated,
    cue=cue,
    choice_words=labels.choice,
    screens=f"{__name__}.screens",
    samples=SAMPLES,
    example_setup={"players": ["Anna", "Boris", "Vera"]},
    players=(2, 4),
    setup_fields=SETUP_FIELDS,
    rematch=rematch,
    inputs=InputProfile(next_actions=("skip", "reveal"), secret=VOTE),
    stamp=stamp,
    summary=picture.summary,
    summary_title=picture.summary_title,
    sections=picture.sections,
    action_looks=picture.action_looks,
    entities=picture.entities,
    stats=stats.KIT,
    refusals=refusals.REFUSALS,
)
