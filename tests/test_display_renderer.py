"""Redraw only on change or animation; other screen sizes; the UI state of the controls;
sound cues and the mute setting."""

from __future__ import annotations

import pygame
import pytest

from companion.controls import menu_items
from companion.display import samples
from companion.display.renderer import TURN_SECONDS, Renderer
from companion.display.samples import play, scene_of
from companion.display.scene import Scene
from companion.display.sound import Sounds, note_hz
from companion.display.sound import samples as pcm
from companion.games.bestiary import SPEC as BESTIARY
from companion.games.bestiary.samples import DRAFT, DRAFT_END, DUEL_SETUP, MIDGAME
from companion.hardware.cues import CUES, duration
from companion.i18n import text
from companion.snapshot import Notice, UiState, of_state


@pytest.fixture
def renderer(display):
    return Renderer(pygame.display.set_mode((480, 320)))


def board(actions=(*DRAFT, *DRAFT_END, *MIDGAME), cursor=0) -> Scene:
    return scene_of(BESTIARY, play(BESTIARY, DUEL_SETUP, actions), UiState(cursor=cursor))


def test_an_unchanged_scene_is_not_drawn_again(renderer):
    scene = board()
    assert renderer.render(scene, 0.0)
    assert not renderer.render(scene, 1.0)
    assert not renderer.render(board(), 2.0)  # an equal scene built anew
    assert renderer.frames == 1
    assert renderer.next_frame_in(2.0) is None


def test_a_cursor_move_or_a_new_state_is_drawn(renderer):
    renderer.render(board(cursor=0), 0.0)
    assert renderer.render(board(cursor=1), 0.1)
    assert renderer.render(board((*DRAFT, *DRAFT_END, *MIDGAME[:-1]), cursor=1), 0.2)
    assert renderer.frames == 3


def test_turning_the_disc_animates_for_a_moment_then_stops(renderer):
    before = board((*DRAFT, *DRAFT_END, *MIDGAME[:12]))
    after = board((*DRAFT, *DRAFT_END, *MIDGAME[:13]))
    assert before.view["sigil"]["sun_sector"] != after.view["sigil"]["sun_sector"]
    renderer.render(before, 0.0)
    assert renderer.render(after, 1.0)
    assert renderer.next_frame_in(1.0) is not None
    steps = range(1, int(TURN_SECONDS * 30))
    drawn = sum(renderer.render(after, 1.0 + step / 30) for step in steps)
    assert drawn == len(steps)  # every frame of the turn is drawn
    assert renderer.render(after, 1.0 + TURN_SECONDS + 0.1)  # the settled frame
    assert not renderer.render(after, 3.0)
    assert renderer.next_frame_in(3.0) is None


@pytest.mark.parametrize("size", [(640, 400), (1024, 600), (1280, 720), (720, 720)])
def test_other_sizes_scale_without_overflow(display, size):
    for name, build in samples.gallery().items():
        renderer = Renderer(pygame.display.set_mode(size))
        renderer.render(build("ru"), 0.0)
        bad = [f"{r.role} {r.text!r}" for r in renderer.painter.texts if not r.fits]
        assert not bad, f"{name} at {size}: {bad}"


def test_the_controls_ui_state_is_the_screens(display):
    state = play(BESTIARY, DUEL_SETUP, (*DRAFT, *DRAFT_END, *MIDGAME))
    ui = UiState(cursor=0, language="ru")
    scene = Scene.of(of_state(BESTIARY, state, ui))
    assert scene.ui is ui and scene.language == "ru" and not scene.ui.menu_open
    assert scene.cursor_choice == scene.choices[0] and scene.note == ""
    past = Scene.of(of_state(BESTIARY, state, UiState(cursor=len(scene.choices), language="ru")))
    assert past.cursor_choice is None and past.cursor_entry == scene.entry_labels[0]
    menu = UiState(
        modes=("menu",),
        cursor=2,
        menu_cursor=1,
        language="ru",
        notice=Notice("hardware.not_your_turn", {"player": "Boris"}),
    )
    scene = Scene.of(of_state(BESTIARY, state, menu))
    assert scene.ui.menu_open and scene.ui.menu_cursor == 1
    assert scene.note == text("hardware.not_your_turn", "ru", player="Boris")
    assert scene.menu == tuple(item.label(menu) for item in menu_items())
    renderer = Renderer(pygame.display.set_mode((480, 320)))
    renderer.render(scene, 0.0)
    assert renderer.drawn == ["menu"]
    cursor = renderer.painter.marks_with("menu.cursor")[0]
    assert cursor.value == text("ui.menu.rematch", "ru")


def test_a_cue_sounds_through_the_mixer_unless_muted(display):
    sounds = Sounds()
    try:
        assert sounds.play("your_turn")
        assert sounds.played == ["your_turn"]
        length = sounds.sound("victory").get_length()
        assert abs(length - duration("victory")) < 0.02
        sounds.muted = True
        assert not sounds.play("victory")
        assert sounds.played == ["your_turn"]
        assert not Sounds().play("no such cue")
    finally:
        sounds.close()


def test_cue_samples_follow_the_notes():
    assert note_hz("A4") == 440.0
    assert round(note_hz("C6")) == 1047
    data = pcm("no", 8000, 1)
    assert len(data) == int(8000 * CUES["no"][0][1])
    assert max(data) > 8000 and min(data) < -8000
    silent = pcm("your_turn", 8000, 2)
    rest_start = 2 * int(8000 * 0.08)
    assert set(silent[rest_start : rest_start + 2 * int(8000 * 0.03)]) == {0}


def test_a_renderer_without_animation_draws_the_turned_disc_at_once(display):
    still = Renderer(pygame.display.set_mode((480, 320)), animate=False)
    before = board((*DRAFT, *DRAFT_END, *MIDGAME[:12]))
    after = board((*DRAFT, *DRAFT_END, *MIDGAME[:13]))
    still.render(before, 0.0)
    assert still.render(after, 1.0)
    assert still.next_frame_in(1.0) is None
    assert not still.render(after, 1.01)
