"""Property tests over random legal Bestiary games (hypothesis).

A game is driven by the prompt: at each step hypothesis picks one of the legal choices
(summons get random classes, vitalities and abilities). Properties: replaying the journal
gives the same state; no token is ever lost or duplicated; castle damage only rises.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.bestiary import rules as bestiary
from companion.journal import Journal
from companion.table import Table

NAMES = ["Saxum", "Vinctum", "Illesbra", "Ferrarius", "Manus", "Cerberus", "Malleus"]
CLASSES = ["strength", "agility", "intellect"]
EFFECTS = ["inaction", "attack_up", "attack_down", "defense_up", "defense_down"]


@st.composite
def games(draw: st.DrawFn) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    setup = {
        "players": ["Anna", "Boris"],
        "first": draw(st.sampled_from([1, 2])),
        "tempo": draw(st.sampled_from(["slow", "fast"])),
        "scale_length": draw(st.integers(5, 20)),  # longer than the largest class penalty
    }
    state = bestiary.start(setup)
    actions: list[dict[str, Any]] = []
    names = draw(st.permutations(NAMES))
    for _ in range(draw(st.integers(0, 160))):
        prompt = bestiary.prompt(state)
        if prompt.seat is None:
            break
        if prompt.kind == "summon":
            action = _summon(draw, names[len(state.creatures)])
        else:
            action = dict(draw(st.sampled_from(prompt.choices)))
        state = bestiary.step(state, action)
        actions.append(action)
    return setup, actions


# The effects a card may carry for its target: positive ones help one's own creatures,
# negative ones harm enemies (the rulebook's sign; a card of any target may carry either).
FITTING = {
    "self": ["attack_up", "defense_up"],
    "ally": ["attack_up", "defense_up"],
    "enemy": ["inaction", "attack_down", "defense_down"],
    "any": EFFECTS,
}


def _summon(draw: st.DrawFn, name: str) -> dict[str, Any]:
    abilities = []
    for slot in (1, 2):
        target = draw(st.sampled_from(["self", "ally", "enemy", "any"]))
        abilities.append(
            {
                "name": f"{name} power {slot}",
                "prep": draw(st.integers(1, 6)),
                "effects": draw(st.lists(st.sampled_from(FITTING[target]), max_size=2)),
                "target": target,
            }
        )
    return {
        "do": "summon",
        "creature": name,
        "class": draw(st.sampled_from(CLASSES)),
        "vitality": draw(st.integers(1, 6)),
        "attack_strength": draw(st.integers(0, 4)),
        "abilities": abilities,
    }


SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@SETTINGS
@given(games())
def test_replay_of_the_journal_gives_the_same_state(
    tmp_path_factory: Any, game: tuple[dict[str, Any], list[dict[str, Any]]]
) -> None:
    setup, actions = game
    db = Path(tmp_path_factory.mktemp("journal")) / "game.db"
    table = Table.new_game(Journal(db), "bestiary", setup)
    for action in actions:
        table.apply(action)
    table.journal.close()
    resumed = Table.open(db)
    if table.finished:
        assert resumed is None  # a finished game is not resumed
        journal = Journal(db)
        resumed = Table(journal, journal.game(table.record.id))
    assert resumed is not None
    assert resumed.state == table.state
    assert resumed.view() == table.view()


@SETTINGS
@given(games())
def test_no_token_is_lost_or_duplicated(game: tuple[dict[str, Any], list[dict[str, Any]]]) -> None:
    setup, actions = game
    state = bestiary.start(setup)
    for action in actions:
        state = bestiary.step(state, action)
        on_sigil = [(t.creature, t.ability) for t in state.tokens]
        assert len(on_sigil) == len(set(on_sigil)), "a token is on the sigil twice"
        every = {(c.id, a.id) for c in state.creatures for a in c.abilities}
        assert set(on_sigil) <= every, "a token on the sigil belongs to no ability"
        view = bestiary.view(state)
        ready = sum(
            a["ready"] for s in view["seats"] for c in s["creatures"] for a in c["abilities"]
        )
        assert ready + len(on_sigil) == 2 * len(state.creatures)


@SETTINGS
@given(games())
def test_castle_damage_only_rises(game: tuple[dict[str, Any], list[dict[str, Any]]]) -> None:
    setup, actions = game
    state = bestiary.start(setup)
    for action in actions:
        before = state.castle_damage
        state = bestiary.step(state, action)
        assert all(after >= was for after, was in zip(state.castle_damage, before, strict=True))
        assert all(d <= state.setup.scale_length for d in state.castle_damage)
        if state.winner is not None:
            loser = state.seats.after(state.winner)
            assert state.castle_damage[loser - 1] == state.setup.scale_length
