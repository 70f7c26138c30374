"""Every choice a player can move the cursor to reads whole: for each gallery sample of
each game, the screen with the cursor on each of its choices (the first 40), at both panel
sizes and in both languages, cuts no text (a long name abbreviated as a player writes it
is fine; a name cut mid-letter is not)."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from companion import games
from companion.display import samples
from companion.display.layout import SIZES
from companion.display.renderer import Renderer
from companion.games.spec import Sample
from companion.i18n import LANGUAGES

MOST = 40
CASES = [
    (spec.name, sample)
    for spec in games.GAMES.values()
    for sample in spec.samples
    if sample.entry is None and sample.card is None
]


@pytest.mark.parametrize(("game", "sample"), CASES, ids=[s.name for _, s in CASES])
def test_every_choice_of_the_sample_reads_whole(display: None, game: str, sample: Sample) -> None:
    spec = games.find(game)
    options = samples.sample_scene(spec, sample)("en").option_count
    cut = []
    for cursor in range(min(max(options, 1), MOST)):
        moved = replace(sample, cursor=cursor)
        for language in LANGUAGES:
            scene = samples.sample_scene(spec, moved)(language)
            for size in SIZES:
                renderer = Renderer(pygame.display.set_mode(size))
                renderer.render(scene, 0.0)
                cut += [
                    (cursor, language, size, record.role, record.text)
                    for record in renderer.painter.texts
                    if not record.fits
                ]
    assert not cut, cut[:5]
