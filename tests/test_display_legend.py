"""The button legend: every footer says which button does what, in the buttons' own
colours, and names no button the box does not have (no "OK")."""

from __future__ import annotations

from itertools import pairwise

import pygame
import pytest

from companion.display import samples, theme
from companion.display.layout import SIZES
from companion.display.renderer import Renderer
from companion.i18n import text

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
    floor = renderer.layout.min_text
    for mark in marks:
        button = mark.role.removeprefix(f"{role}.")
        assert mark.value, f"{button} says what it does"
        if button in theme.BUTTON_COLOURS:  # the cap, beside its glyph, is the cap's colour
            colour = renderer.surface.get_at((mark.rect.left + 2, mark.rect.centery))
            assert (colour.r, colour.g, colour.b) == theme.BUTTON_COLOURS[button]
        # every cap carries its glyph (or a table button's printed name), at least 5 mm
        inside = [
            r
            for r in renderer.painter.texts
            if r.role.startswith(role) and r.rect.colliderect(mark.rect)
        ]
        assert [r.text for r in inside if r.rect.width > 0], f"{button}: an empty cap"
        assert all(
            r.px >= floor and mark.rect.contains(r.rect) for r in inside if r.box == mark.rect
        )
    records = [*renderer.painter.texts_with(f"{role}.words")]
    records += renderer.painter.texts_with(f"{role}.button")
    records += renderer.painter.texts_with(f"{role}.glyph")
    assert all(record.fits for record in records), [r.text for r in records if not r.fits]
    assert all(record.px >= floor for record in records)
    # the caps stand in one line inside the footer, left to right, never overlapping
    caps = sorted((mark.rect for mark in marks), key=lambda rect: rect.left)
    assert all(a.right <= b.left for a, b in pairwise(caps))
    assert all(renderer.surface.get_rect().contains(rect) for rect in caps)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_words_are_shown_where_the_line_has_room(display, language) -> None:
    """Words beside the caps where the line has room, a table button's first (its cap
    names the button, not what it does); at 480x320, where the menu's words do not all
    fit at 5 mm, every cap stays with its glyph."""
    renderer = Renderer(pygame.display.set_mode(SIZES[-1]))
    assert renderer.render(GALLERY["value_entry"](language), 0.0)
    words = [r.text for r in renderer.painter.texts_with("entry.hint.words")]
    assert text("legend.as_shown", language) in words  # NEXT's before the seat buttons'
    assert len(words) in (1, 5)  # the seat buttons' all together or none
    if language == "en":
        assert len(words) == 5
    renderer = Renderer(pygame.display.set_mode(SIZES[0]))
    assert renderer.render(GALLERY["menu"](language), 0.0)
    glyphs = [r.text for r in renderer.painter.texts_with("menu.hint.glyph")]
    assert glyphs == ["▲", "▼", "✓", "✕"]


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("name", sorted(GALLERY))
def test_no_screen_names_an_ok_button(display, name, language) -> None:
    renderer = Renderer(pygame.display.set_mode(SIZES[-1]))
    assert renderer.render(GALLERY[name](language), 0.0)
    said = [record.text for record in renderer.painter.texts]
    assert not [line for line in said if "OK" in line.split()]
