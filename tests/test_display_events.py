"""What just happened: the screen's event line says the last action's events in the
narration's own words, in the table's language, on a line of its own that never covers
the board; it stays while only the UI moves; after an undo or a redo it says what was
taken back or played again (issue 24: UNDO blanked it)."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from companion.app import App
from companion.display import samples
from companion.display.layout import SIZES
from companion.display.renderer import Renderer
from companion.display.scene import Scene
from companion.i18n import text
from companion.narration import narrate
from companion.snapshot import Snapshot
from companion.table import Redo, Undo
from tests.test_controls import DUEL_SETUP, TO_SUPPORT

LANGUAGES = ("en", "ru")


def draw(snap: Snapshot, size: tuple[int, int]) -> Renderer:
    renderer = Renderer(pygame.display.set_mode(size))
    assert renderer.render(Scene.of(snap), 0.0)
    return renderer


def event_line(renderer: Renderer) -> list[str]:
    """The event line as read (a long sentence wraps onto its second line)."""
    records = renderer.painter.texts_with("event_line")
    return [" ".join(" ".join(record.text for record in records).split())] if records else []


def words(sentence: str) -> str:
    return " ".join(sentence.split())


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_event_line_says_the_last_action_then_what_undo_took_back(
    display: None, app: App, size: tuple[int, int], language: str
) -> None:
    for action in DUEL_SETUP + TO_SUPPORT[:2]:  # the last: Anna's siege
        snap = app.apply(action)
    snap = replace(snap, ui=replace(snap.ui, language=language))
    said = narrate(snap.spec, snap.change.events, snap.view, language)
    assert said, "the siege should be narrated"
    renderer = draw(snap, size)
    [shown] = event_line(renderer)
    assert shown.startswith(words(said[0]))  # the first sentence whole, then the rest or "+n"
    if len(said) > 1:
        more = text("ui.and_more", language, count=len(said) - 1)
        assert words("  ·  ".join(said)) == shown or shown.endswith(more)
    assert "+" not in shown  # a count after a sentence is words, never "+2" (like points)
    records = renderer.painter.texts_with("event_line")
    assert all(record.fits for record in records)
    assert min(record.px for record in records) >= renderer.layout.min_text  # 5 mm
    # Its own line: between the board and the prompt, over nothing the board draws.
    layout = renderer.framed
    assert all(layout.event_line.contains(record.rect) for record in records)
    assert not layout.event_line.colliderect(layout.middle)
    assert layout.event_line.bottom <= layout.prompt.top
    # A press that only moves the cursor keeps it; an undo says what it took back, a
    # redo what it played again: the same sentences, headed so.
    moved = snap.with_ui(replace(snap.ui, cursor=snap.ui.cursor + 1), 1.0)
    assert event_line(draw(moved, size)) == [shown]
    undone = app.execute(Undo())
    undone = replace(undone, ui=replace(undone.ui, language=language))
    assert undone.change.kind == "undo"
    told = Scene.of(undone).happened
    assert told == (text("ui.undone", language, what=said[0]), *said[1:])
    [line] = event_line(draw(undone, size))
    assert line.startswith(words(told[0]))
    redone = app.execute(Redo())
    redone = replace(redone, ui=replace(redone.ui, language=language))
    assert Scene.of(redone).happened == (text("ui.redone", language, what=said[0]), *said[1:])


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_undo_of_a_silent_action_names_it_and_of_a_period_counts(
    app: App, language: str
) -> None:
    for action in DUEL_SETUP:
        app.apply(action)
    head = app.table.head
    for action in TO_SUPPORT[:2]:
        app.apply(action)
    back = app.execute(Undo(to_head=head))
    back = replace(back, ui=replace(back.ui, language=language))
    assert Scene.of(back).happened == (text("ui.undone_many", language, count=2),)
    assert Scene.of(back).happened[0] in {"Undone: 2 actions", "Отменено: 2 действия"}


def test_the_event_line_follows_each_action(app: App) -> None:
    """Each action replaces the line: never the sentences of an action before."""
    lines = []
    for action in DUEL_SETUP + TO_SUPPORT:
        snap = app.apply(action)
        lines.append(Scene.of(snap).happened)
        assert lines[-1] == tuple(narrate(snap.spec, snap.change.events, snap.view, "en"))
    assert lines[-1] != lines[-2]
    assert all(lines), "every action of the setup and the first period is narrated"


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", ["undone_attack", "undone_battle", "undone_period"])
def test_the_gallerys_undo_says_what_it_took_back_whole_at_5_mm(
    display: None, name: str, size: tuple[int, int], language: str
) -> None:
    """A long Russian sentence that would not fit two lines at 480x320 is said in the
    prompt's words instead ("Отменено: Саксум → Мессум"): never cut."""
    build = samples.gallery().get(name)
    if build is None:
        pytest.skip(f"the game's sample under {name} is gone")
    scene = build(language)
    renderer = Renderer(pygame.display.set_mode(size))
    assert renderer.render(scene, 0.0)
    [shown] = event_line(renderer)
    assert shown.startswith(text("ui.undone", language, what="").strip())
    records = renderer.painter.texts_with("event_line")
    assert all(record.fits for record in records)
    assert min(record.px for record in records) >= renderer.layout.min_text
