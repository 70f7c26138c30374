"""Every screen a player meets, from every game's samples: for the gallery, tests, bench.

Each scene is a game played action by action through its own rules (no hand-made view),
at a cursor, in a language; plus the menu, drawn as the box draws it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from companion import game_log, games
from companion.display import menu_samples
from companion.display.scene import Scene
from companion.games.spec import AnySpec, GameState, Sample
from companion.rules.base import PUBLIC, Action, Setup
from companion.snapshot import Snapshot, UiState, of_state
from companion.table import Change


def play(
    spec: AnySpec,
    setup: Setup,
    actions: Sequence[Action],
) -> GameState:
    """The state after ``actions``; stops quietly at the game's end."""
    state: GameState = spec.rules.start(setup)
    for action in actions:
        if state.winner is not None:
            break
        state = spec.rules.step(state, action)
    return state


def scene_of(
    spec: AnySpec,
    state: GameState,
    ui: UiState | None = None,
) -> Scene:
    return Scene.of(of_state(spec, state, ui))


def with_library(spec: AnySpec, snap: Snapshot, actions: Sequence[Action]) -> Snapshot:
    """The snapshot as the box has it: the game's starting card library, with what the
    actions played taught it, offered in the prompt."""
    kit = spec.cards
    if kit is None:
        return snap
    cards = kit.starting()
    for action in actions:
        cards = kit.learn(dict(action), cards) or cards
    return replace(snap, cards=cards, prompt=kit.offer(snap.prompt, snap.view, cards))


def sample_scene(spec: AnySpec, sample: Sample) -> Callable[[str], Scene]:
    def build(language: str) -> Scene:
        state = play(spec, sample.setup, sample.actions)
        ui = UiState(language=language, cursor=sample.cursor)
        snap = with_library(spec, of_state(spec, state, ui), sample.actions)
        if sample.actions:  # the event line says what the last action caused
            last = Change("action", dict(sample.actions[-1]), tuple(state.events))
            snap = replace(snap, change=last)
        if sample.card is not None:  # the card library view, open at this card
            ui = replace(ui, modes=("cards",), card=sample.card)
        if sample.entry is not None:
            count = len(snap.prompt.entries)
            index = sample.entry % count if count and sample.card is None else sample.entry
            ui = replace(ui, modes=(*ui.modes, "entry"), entry=index, entered=sample.entered)
            entry = snap.with_ui(ui, 0.0).entry_under_way
            assert entry is not None, f"sample {sample.name}: no entry {sample.entry}"
            field = entry.fields[len(sample.entered)]
            ui = replace(ui, value=field.start if sample.value is None else sample.value)
        return Scene.of(snap.with_ui(ui, 0.0))

    return build


def undone_scene(spec: AnySpec, sample: Sample, steps: int) -> Callable[[str], Scene]:
    """The sample's table just after UNDO took back its last ``steps`` actions: the event
    line says what (the lines the last one said when played, or how many)."""

    def build(language: str) -> Scene:
        kept = sample.actions[:-steps]
        after = play(spec, sample.setup, sample.actions)
        said = game_log.say(spec, after.events, spec.rules.view(after, PUBLIC))
        ui = UiState(language=language)
        snap = with_library(spec, of_state(spec, play(spec, sample.setup, kept), ui), kept)
        undone = Change("undo", dict(sample.actions[-1]), undone=steps, said=said)
        return Scene.of(replace(snap, change=undone))

    return build


def _menu(language: str) -> Scene:
    spec = next(iter(games.GAMES.values()))  # under the menu: the first game registered
    state = spec.rules.start({})
    ui = UiState(language=language, modes=("menu",), menu_cursor=1)
    return scene_of(spec, state, ui)


def gallery() -> dict[str, Callable[[str], Scene]]:
    """Every screen by name: name -> (language -> scene)."""
    scenes: dict[str, Callable[[str], Scene]] = {"menu": _menu, **menu_samples.scenes()}
    for spec in games.GAMES.values():
        for sample in spec.samples:
            if sample.name in scenes:
                raise ValueError(f"two samples are named {sample.name!r}")
            undone = sample.undone
            scenes[sample.name] = (
                undone_scene(spec, sample, undone) if undone else sample_scene(spec, sample)
            )
    return scenes
