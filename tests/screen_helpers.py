"""What the screen tests share: a scene drawn for real (pygame under the dummy driver) and
what a player would see of it, by the painter's records and the pixels."""

from __future__ import annotations

import pygame

from companion.display.layout import SIZES
from companion.display.renderer import Renderer
from companion.display.scene import Scene


def draw(scene: Scene, size: tuple[int, int] = SIZES[0]) -> Renderer:
    """The scene rendered at ``size`` (it must draw)."""
    renderer = Renderer(pygame.display.set_mode(size))
    assert renderer.render(scene, 0.0)
    return renderer


def texts(renderer: Renderer, role: str) -> list[str]:
    """The words drawn under a painter role (a prefix)."""
    return [record.text for record in renderer.painter.texts_with(role)]


def pixel(renderer: Renderer, point: tuple[int, int]) -> tuple[int, int, int]:
    colour = renderer.surface.get_at(point)
    return (colour.r, colour.g, colour.b)


def inked_in(renderer: Renderer, rect: pygame.Rect, colour: tuple[int, int, int]) -> bool:
    """Some pixel of ``rect`` is exactly ``colour`` (a bold glyph's core is)."""
    return any(
        pixel(renderer, (x, y)) == colour
        for x in range(rect.left, rect.right)
        for y in range(rect.top, rect.bottom)
    )


def assert_reads_at_a_metre(renderer: Renderer) -> None:
    """No text cut, none drawn under the 5 mm floor (docs/display.md)."""
    records = renderer.painter.texts
    cut = [f"{r.role} {r.text!r} in {r.box}" for r in records if not r.fits]
    assert not cut, "\n".join(cut)
    small = [f"{r.role} {r.text!r}: {r.px}" for r in records if r.px < renderer.layout.min_text]
    assert not small, "\n".join(small)
