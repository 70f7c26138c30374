"""The prompt bar: the choice between the caps of the buttons that act on it, in the caps'
own colours, at 5 mm; the question without the name the banner already shows."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from companion.display import labels, samples, theme
from companion.display.layout import SIZES
from companion.display.renderer import Renderer
from companion.display.scene import Scene
from tests.screen_helpers import draw

GALLERY = samples.gallery()


def caps(renderer: Renderer) -> dict[str, pygame.Rect]:
    marks = renderer.painter.marks_with("prompt.key.")
    return {mark.value: mark.rect for mark in marks}


def colour_at(renderer: Renderer, rect: pygame.Rect) -> tuple[int, int, int]:
    # Inside the disc, off its glyph: just in from its left edge.
    colour = renderer.surface.get_at((rect.left + 3, rect.centery))
    return (colour.r, colour.g, colour.b)


@pytest.mark.parametrize("language", ("en", "ru"))
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_choice_sits_between_the_caps_that_move_and_take_it(
    display: None, size: tuple[int, int], language: str
) -> None:
    scene = GALLERY["board_midgame"](language)
    renderer = draw(scene, size)
    shown = caps(renderer)
    assert set(shown) == {"red", "blue", "cyan"}  # on the first choice yellow does nothing
    for colour, rect in shown.items():
        assert colour_at(renderer, rect) == theme.BUTTON_COLOURS[colour]
    [choice] = renderer.painter.texts_with("prompt.choice")
    assert shown["blue"].right < choice.rect.left and choice.rect.right < shown["cyan"].left
    glyphs = [r for r in renderer.painter.texts if r.role.endswith(".glyph")]
    assert sorted(r.text for r in glyphs) == sorted(["▲", "▼", "✓"])
    assert min(r.px for r in glyphs) >= renderer.layout.min_text
    # Away from the first choice, yellow takes the cursor back: its cap appears.
    moved = replace(scene, ui=replace(scene.ui, cursor=scene.ui.cursor + 1))
    renderer = draw(moved, size)
    shown = caps(renderer)
    assert set(shown) == {"red", "blue", "cyan", "yellow"}
    assert colour_at(renderer, shown["yellow"]) == theme.BUTTON_COLOURS["yellow"]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_question_leaves_out_the_name_the_banner_shows(
    display: None, size: tuple[int, int]
) -> None:
    scene = GALLERY["board_midgame"]("en")
    renderer = draw(scene, size)
    full = labels.prompt_line(scene.view, scene.prompt, "en")
    name = scene.view["turn"]["name"]
    assert full.startswith(f"{name}: ")
    assert [r.text for r in renderer.painter.texts_with("banner.seat")] == [name]
    asked = " ".join(r.text for r in renderer.painter.texts_with("prompt"))
    assert asked and name not in asked
    assert asked.lower() == full[len(name) + 2 :].lower()


def fast_tempo_scene(language: str) -> Scene:
    """The fast tempo's combined phase, its player a long name (the phase's words are the
    longest the banner holds)."""
    from companion import games  # noqa: PLC0415
    from companion.snapshot import UiState, of_state  # noqa: PLC0415
    from tests.test_controls import DUEL_SETUP  # noqa: PLC0415

    spec = games.find("bestiary")
    state = spec.rules.start({"players": ["Александра", "Борис"], "tempo": "fast"})
    for action in [*DUEL_SETUP, {"do": "turn_disc"}, {"do": "siege", "towers": []}]:
        state = spec.rules.step(state, action)
    return Scene.of(of_state(spec, state, UiState(language=language)))


@pytest.mark.parametrize("language", ("en", "ru"))
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_player_is_named_once_whatever_the_banner_holds(
    display: None, size: tuple[int, int], language: str
) -> None:
    """Found reading the change: the prompt dropped the name on the strength of a banner
    measured without its captions, while the real banner had no room for the name."""
    renderer = draw(fast_tempo_scene(language), size)
    in_banner = [r.text for r in renderer.painter.texts_with("banner.seat")]
    asked = " ".join(r.text for r in renderer.painter.texts_with("prompt"))
    assert (in_banner == ["Александра"]) != asked.startswith("Александра")
    cut = [f"{r.role} {r.text!r}" for r in renderer.painter.texts if not r.fits]
    assert not cut, cut


def test_lines_that_do_not_fit_are_cut_and_said_so(display: None) -> None:
    """A wrapped text with more lines than it may take keeps every word it can and marks
    the last line cut, so the size checks see it (it used to drop the rest silently)."""
    from companion.display.paint import Fonts, Painter  # noqa: PLC0415

    painter = Painter(pygame.Surface((200, 200)), Fonts(), 20)
    box = pygame.Rect(0, 0, 200, 60)
    painter.lines(box, "one two three four five six seven eight nine ten", 20, colour=(0, 0, 0))
    assert len(painter.texts) == 2
    assert painter.texts[-1].truncated and not painter.texts[-1].fits


@pytest.mark.parametrize("language", ("en", "ru"))
def test_a_choice_of_two_lines_has_its_caps_in_two_columns(display: None, language: str) -> None:
    """«Лигнум атакует: Баллистариус» needs three lines between four caps in a row on the
    3.5-inch panel: the caps stand ▲ over ▼ and ↩ over ✓, and the choice keeps to two
    lines, whole."""
    from companion import games  # noqa: PLC0415

    spec = games.find("four_path")
    sample = next(s for s in spec.samples if s.name == "four_path_duel")
    scene = samples.sample_scene(spec, replace(sample, cursor=30))(language)
    renderer = draw(scene, (480, 320))
    shown = caps(renderer)
    assert set(shown) == {"red", "blue", "cyan", "yellow"}
    assert shown["red"].centerx == shown["blue"].centerx
    assert shown["red"].bottom <= shown["blue"].top
    assert shown["yellow"].centerx == shown["cyan"].centerx
    assert shown["yellow"].bottom <= shown["cyan"].top
    lines = renderer.painter.texts_with("prompt.choice")
    assert len(lines) == 2 and all(line.fits for line in lines), [r.text for r in lines]
    for line in lines:
        assert shown["blue"].right < line.rect.left and line.rect.right < shown["cyan"].left
    said = " ".join(line.text for line in lines)
    assert "Ballistarius" in said or "Баллистариус" in said
