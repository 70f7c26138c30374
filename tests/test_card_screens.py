"""The card library's screens as a player sees them, at both sizes and in both languages:
the card view (name and statistics large), a new creature's name being entered, a card
being edited, and the summon picker ending with "A new creature…"."""

from __future__ import annotations

import re
from dataclasses import replace

import pygame
import pytest

from companion.display import samples
from companion.display.layout import SIZES
from companion.display.renderer import Renderer

GALLERY = samples.gallery()
LANGUAGES = ("en", "ru")
SIZE_IDS = [f"{w}x{h}" for w, h in SIZES]
LATIN = re.compile(r"[A-Za-z]")


def draw(name: str, language: str, size: tuple[int, int]) -> Renderer:
    surface = pygame.display.set_mode(size)
    renderer = Renderer(surface)
    assert renderer.render(GALLERY[name](language), 0.0)
    overflowing = [f"{r.role} {r.text!r}" for r in renderer.painter.texts if not r.fits]
    assert not overflowing, overflowing
    return renderer


def texts(renderer: Renderer, role: str) -> list[str]:
    return [record.text for record in renderer.painter.texts_with(role)]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_card_view_shows_the_card_large(display, size, language):
    renderer = draw("card_library", language, size)
    assert renderer.drawn[-1] == "cards"
    assert texts(renderer, "cards.name") == ["Lupus"]
    values = texts(renderer, "cards.value")
    assert values[1:] == ["5", "3"]  # vitality, attack strength
    assert values[0] == ("agility" if language == "en" else "ловкость")
    assert texts(renderer, "cards.ability") == ["Pack howl", "Bite"]
    name = renderer.painter.texts_with("cards.name")[0]
    vitality = renderer.painter.texts_with("cards.value")[1]
    height = size[1]
    assert name.px >= height // 12 and vitality.px >= height // 12  # read at a metre
    if language == "ru":  # every word but the card's own names is Russian
        said = [
            r.text
            for r in renderer.painter.texts
            if r.role not in ("cards.name", "cards.ability", "cards.before", "cards.after")
        ]
        # X (a preparation time) and OK (the button) are printed so on the box
        assert [t for t in said if LATIN.search(t.replace("X", "").replace("OK", ""))] == []


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_name_being_entered_shows_its_letters_and_the_one_being_chosen(display, size, language):
    renderer = draw("new_creature_name", language, size)
    assert renderer.drawn[-1] == "entry"
    typed = renderer.painter.texts_with("entry.value")[0]
    letter = renderer.painter.texts_with("entry.letter")[0]
    assert (typed.text, letter.text) == ("Lupu", "s")
    assert letter.rect.left >= typed.rect.right  # the letter being chosen comes after
    assert typed.px >= size[1] // 10
    title = texts(renderer, "entry.title")[0]
    assert title == ("A new creature" if language == "en" else "Новое существо")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_card_being_edited_names_the_card_and_the_field(display, size, language):
    renderer = draw("card_edit", language, size)
    assert renderer.drawn[-1] == "entry"
    assert "Lupus" in texts(renderer, "entry.title")[0]
    assert texts(renderer, "entry.value") == ["5"]
    assert texts(renderer, "entry.label")[0].startswith(
        "Vitality" if language == "en" else "Живучесть"
    )


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_summon_picker_ends_with_a_new_creature(display, size, language):
    renderer = draw("summon_picker", language, size)
    cursor = renderer.painter.marks_with("setup.cursor")
    assert [mark.value for mark in cursor] == ["new"]
    chosen = renderer.painter.texts_with("setup.pool.new")
    said = " ".join(r.text for r in chosen)  # on one line, or two on a narrow cell
    assert said == ("A new creature" if language == "en" else "Новое существо")


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_library_problem_is_said_on_the_card_view(display, size):
    problem = "cards-bestiary.yaml:3: cards[0].class: strength, agility or intellect"
    scene = replace(GALLERY["card_library"]("en"), notes=(problem,))
    surface = pygame.display.set_mode(size)
    renderer = Renderer(surface)
    assert renderer.render(scene, 0.0)
    notice = renderer.painter.texts_with("notice")  # wrapped whole, at 5 mm
    assert " ".join(r.text for r in notice) == problem
    assert all(r.fits and r.px >= renderer.layout.min_text for r in notice)
    assert texts(renderer, "cards.name") == ["Lupus"]  # the cards are still shown
