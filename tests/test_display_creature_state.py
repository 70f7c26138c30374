"""Inactive, acted-this-turn and respawned creatures are told apart by a shape before the
name (not only by grey text), at both sizes."""

from __future__ import annotations

import copy
from dataclasses import replace

import pygame
import pytest

from companion.display import samples, theme
from companion.display.layout import SIZES
from companion.display.renderer import Renderer

# The shape's colour for each state (companion/games/bestiary/creatures.py, state_badge).
INK = {
    "ready": theme.HEALTH,
    "acted": theme.HIGHLIGHT,
    "inactive": theme.NEGATIVE,
    "respawned": theme.NEGATIVE,
}


def colours_in(renderer: Renderer, rect: pygame.Rect) -> set[tuple[int, int, int]]:
    found = set()
    for x in range(rect.left, rect.right):
        for y in range(rect.top, rect.bottom):
            c = renderer.surface.get_at((x, y))
            found.add((c.r, c.g, c.b))
    return found


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_each_state_has_its_own_shape(display: None, size: tuple[int, int]) -> None:
    scene = samples.gallery()["board_midgame"]("en")
    view = copy.deepcopy(scene.view)
    seat = next(s for s in view["seats"] if s["seat"] == view["turn"]["seat"])
    wanted = ["acted", "respawned", "ready"]
    for creature, state in zip(seat["creatures"], wanted, strict=True):
        creature["inactive"] = False
        creature["acted"] = state == "acted"
        creature["respawned"] = state == "respawned"
    renderer = Renderer(pygame.display.set_mode(size))
    assert renderer.render(replace(scene, view=view), 0.0)
    badges = {}
    for creature, state in zip(seat["creatures"], wanted, strict=True):
        marks = renderer.painter.marks_with(f"creature.state.{creature['id']}")
        if not marks:  # the small panel may show fewer rows
            continue
        [mark] = marks
        assert mark.value == state
        assert INK[state] in colours_in(renderer, mark.rect)
        badges[state] = pygame.image.tostring(renderer.surface.subsurface(mark.rect), "RGB")
    assert len(badges) >= 2
    assert len(set(badges.values())) == len(badges)  # no two states drawn alike
    # An inactive one is a struck ring, not the respawned arrow of the same colour.
    seat["creatures"][1]["respawned"] = False
    seat["creatures"][1]["inactive"] = True
    renderer = Renderer(pygame.display.set_mode(size))
    assert renderer.render(replace(scene, view=view), 0.0)
    marks = renderer.painter.marks_with(f"creature.state.{seat['creatures'][1]['id']}")
    if marks and "respawned" in badges:
        assert marks[0].value == "inactive"
        inactive = pygame.image.tostring(renderer.surface.subsurface(marks[0].rect), "RGB")
        assert inactive != badges["respawned"]


@pytest.mark.parametrize("language", ("en", "ru"))
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_long_creature_name_is_never_cut(
    display: None, size: tuple[int, int], language: str
) -> None:
    """Seen playing duel_presses.yaml: Ballistarius in Russian (Баллистариус) was cut to
    "Баллиста…" beside its chips on the 3.5-inch panel; the disc gives up the room."""
    scene = samples.gallery()["board_midgame"](language)
    view = copy.deepcopy(scene.view)
    seat = next(s for s in view["seats"] if s["seat"] == view["turn"]["seat"])
    seat["creatures"][0].update(id="ballistarius", name="Ballistarius")
    renderer = Renderer(pygame.display.set_mode(size))
    assert renderer.render(replace(scene, view=view), 0.0)
    names = renderer.painter.texts_with("creature.name.ballistarius")
    if names:  # the small panel shows the rows around the cursor's creature
        assert names[0].fits and not names[0].truncated, names[0]
    assert all(r.fits for r in renderer.painter.texts if r.role.startswith("creature.name."))
