"""The button legend: every footer says which button does what, in the buttons' own
colours, and names no button the box does not have (no "OK")."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from companion.display import samples, theme
from companion.display.layout import SIZES
from companion.display.renderer import Renderer

GALLERY = samples.gallery()
# A screen of each footer: its legend's role and the buttons it must show.
FOOTERS = {
    "menu": ("menu.hint", {"red", "blue", "cyan", "yellow"}),
    "menu_resume": ("menu.hint", {"red", "blue", "cyan", "yellow"}),
    "value_entry": ("entry.hint", {"red", "blue", "cyan", "yellow", "next"}),
    "new_creature_name": ("entry.hint", {"red", "blue", "cyan", "yellow", "next"}),
    "card_library": ("cards.hint", {"red", "blue", "cyan", "yellow", "undo"}),
}
BUTTONS_OF_THE_BOX = {"red", "blue", "cyan", "yellow", "next", "undo", "menu"}


@pytest.fixture(scope="module")
def display() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.display.quit()


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("name", sorted(FOOTERS))
def test_the_footer_shows_each_button_in_its_colour(display, name, size, language) -> None:
    role, buttons = FOOTERS[name]
    renderer = Renderer(pygame.display.set_mode(size))
    assert renderer.render(GALLERY[name](language), 0.0)
    marks = renderer.painter.marks_with(f"{role}.")
    shown = {mark.role.removeprefix(f"{role}.") for mark in marks}
    assert shown == buttons
    assert shown <= BUTTONS_OF_THE_BOX
    for mark in marks:
        button = mark.role.removeprefix(f"{role}.")
        assert mark.value, f"{button} says what it does"
        if button in theme.BUTTON_COLOURS:
            colour = renderer.surface.get_at(mark.rect.center)
            assert (colour.r, colour.g, colour.b) == theme.BUTTON_COLOURS[button]
    records = [*renderer.painter.texts_with(f"{role}.words")]
    records += renderer.painter.texts_with(f"{role}.button")
    assert all(record.fits for record in records), [r.text for r in records if not r.fits]


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("name", sorted(GALLERY))
def test_no_screen_names_an_ok_button(display, name, language) -> None:
    renderer = Renderer(pygame.display.set_mode(SIZES[-1]))
    assert renderer.render(GALLERY[name](language), 0.0)
    said = [record.text for record in renderer.painter.texts]
    assert not [line for line in said if "OK" in line.split()]
