"""The Hand of Manus screen: who has voted (never what), the reveal, targets, the track."""

from __future__ import annotations

import pygame
import pytest

from companion.display.layout import SIZES
from companion.display.renderer import Renderer
from companion.display.samples import gallery, play, scene_of
from companion.games.manus import SPEC as MANUS
from companion.games.manus import labels as manus_labels
from companion.games.manus import samples as manus_samples
from companion.i18n import text
from companion.snapshot import UiState

GALLERY = gallery()


@pytest.fixture(scope="module")
def display():
    pygame.display.init()
    yield
    pygame.display.quit()


def render(scene, size=SIZES[0]) -> Renderer:
    renderer = Renderer(pygame.display.set_mode(size))
    renderer.render(scene, 0.0)
    return renderer


def texts(renderer: Renderer, role: str) -> list[str]:
    return [record.text for record in renderer.painter.texts_with(role)]


def vote_scene(first_vote: str, cursor: int):
    actions = (*manus_samples.ROUND_START, {"do": "vote", "hand": 1, "condition": first_vote})
    state = play(MANUS, manus_samples.SETUP, actions)
    return scene_of(MANUS, state, UiState(cursor=cursor))


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_vote_screen_is_the_same_whatever_was_voted_and_wherever_the_cursor(display, size):
    pictures = set()
    for condition in ("warm", "cold", "wet", "dry"):
        for cursor in (0, 1, 5, 9):
            renderer = render(vote_scene(condition, cursor), size)
            pictures.add(pygame.image.tobytes(renderer.surface, "RGB"))
            shown = " ".join(r.text for r in renderer.painter.texts)
            assert text("manus.condition.warm", "en") in text("manus.ui.vote_hint", "en")
            assert shown.count(text("manus.condition.cold", "en")) == 1  # the hint, only
    assert len(pictures) == 1


def test_the_vote_screen_shows_who_has_voted(display):
    scene = GALLERY["manus_vote"]("en")
    renderer = render(scene)
    vote = scene.view["vote"]
    for hand in scene.view["hands"]:
        number = hand["hand"]
        mark = renderer.painter.marks_with(f"manus.voted.{number}")[0]
        assert mark.value == ("yes" if number in vote["voted"] else "no")
    waiting = ", ".join(manus_labels.hand_name(scene.view, h) for h in vote["waiting"])
    assert texts(renderer, "prompt") == [text("manus.ui.prompt.vote", "en", waiting=waiting)]


@pytest.mark.parametrize("language", ("en", "ru"))
def test_the_reveal_shows_every_card_and_the_result_on_each_axis(display, language):
    scene = GALLERY["manus_reveal"](language)
    shown = scene.view["last_reveal"]
    renderer = render(scene, SIZES[1])
    for card in shown["cards"]:
        assert texts(renderer, f"manus.card.{card['hand']}") == [
            manus_labels.condition(card["condition"], language)
        ]
    for axis in shown["axes"]:
        line = texts(renderer, f"manus.axis.{axis['axis']}")[0]
        assert manus_labels.condition(axis["prevails"], language) in line
        for count in axis["counts"].values():
            assert str(count) in line
    site = shown["site_after"]
    assert renderer.painter.marks_with("manus.site")[0].value == (
        f"{site['temperature']}-{site['humidity']}"
    )


def test_targets_and_progress_are_shown(display):
    scene = GALLERY["manus_victory"]("en")
    state_scene = GALLERY["manus_reveal"]("en")
    renderer = render(state_scene)
    for hand in state_scene.view["hands"]:
        assert texts(renderer, f"manus.target.{hand['hand']}") == [
            manus_labels.target(hand["target"], "en")
        ]
    for seat in state_scene.view["seats"]:
        assert renderer.painter.marks_with(f"manus.track.{seat['seat']}")[0].value == str(
            seat["score"]
        )
    final = render(scene, SIZES[1])
    for seat in scene.view["seats"]:
        bar = final.painter.marks_with(f"victory.series.{seat['seat']}")[0]
        assert bar.value == f"final:{seat['score']}"
