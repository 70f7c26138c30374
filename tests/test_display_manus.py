"""The Hand of Manus screen: who has voted (never what), the reveal, targets, the track,
all at 5 mm on both panels, and the room painted as the ring and the buttons are."""

from __future__ import annotations

import pygame
import pytest

from companion.display import theme
from companion.display.layout import SIZES
from companion.display.renderer import Renderer
from companion.display.samples import gallery, play, scene_of
from companion.games.manus import SPEC as MANUS
from companion.games.manus import labels as manus_labels
from companion.games.manus import samples as manus_samples
from companion.games.manus.screen import CONDITION_COLOURS, CONDITIONS
from companion.i18n import text
from companion.snapshot import UiState
from tests.screen_helpers import pixel, texts

GALLERY = gallery()


def render(scene, size=SIZES[0]) -> Renderer:
    renderer = Renderer(pygame.display.set_mode(size))
    renderer.render(scene, 0.0)
    return renderer


def vote_scene(first_vote: str, cursor: int):
    actions = (*manus_samples.ROUND_START, {"do": "vote", "hand": 1, "condition": first_vote})
    state = play(MANUS, manus_samples.SETUP, actions)
    return scene_of(MANUS, state, UiState(cursor=cursor))


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_vote_screen_is_the_same_whatever_was_voted_and_wherever_the_cursor(display, size):
    pictures, words = set(), set()
    for condition in ("warm", "cold", "wet", "dry"):
        for cursor in (0, 1, 5, 9):
            renderer = render(vote_scene(condition, cursor), size)
            pictures.add(pygame.image.tobytes(renderer.surface, "RGB"))
            words.add(tuple(r.text for r in renderer.painter.texts))
            # Not a blank screen: it does say that Anna has voted.
            assert renderer.painter.marks_with("manus.voted.1")[0].value == "yes"
    assert len(words) == 1
    assert len(pictures) == 1


def scene_at(actions, language="en"):
    state = play(MANUS, manus_samples.SETUP, actions)
    return scene_of(MANUS, state, UiState(language=language))


def test_the_vote_screen_changes_when_someone_votes(display):
    """The comparison above can fail: a second vote is seen (who, not what)."""
    one = pygame.image.tobytes(render(vote_scene("cold", 0)).surface, "RGB")
    two = render(scene_at((*manus_samples.ROUND_START, *manus_samples.VOTES[:2])))
    assert one != pygame.image.tobytes(two.surface, "RGB")
    assert two.painter.marks_with("manus.voted.2")[0].value == "yes"


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_vote_screen_shows_who_has_voted(display, size):
    scene = GALLERY["manus_vote"]("en")
    renderer = render(scene, size)
    vote = scene.view["vote"]
    for hand in scene.view["hands"]:
        number = hand["hand"]
        mark = renderer.painter.marks_with(f"manus.voted.{number}")[0]
        assert mark.value == ("yes" if number in vote["voted"] else "no")
        assert texts(renderer, f"manus.hand.{number}")[0].endswith(hand["name"])
        said = texts(renderer, f"manus.vote.{number}")[0]
        assert said.startswith("✓" if number in vote["voted"] else "…")
    waiting = ", ".join(manus_labels.hand_name(scene.view, h) for h in vote["waiting"])
    asked = " ".join(texts(renderer, "prompt"))
    full = text("manus.ui.prompt.vote", "en", waiting=waiting)
    if size == SIZES[1]:
        assert asked == full
    else:  # where the small panel's rows are short, who is waited for, without "Secret vote"
        assert asked in (full, text("manus.ui.vote_waiting", "en", waiting=waiting))


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_room_is_painted_as_the_ring_and_the_buttons(display, size):
    """Warm at the top and wet on the left, as the ring lights them; each wall in the colour
    of the button that votes for it, the word on it where 5 mm text fits (800x480)."""
    renderer = render(GALLERY["manus_vote"]("en"), size)
    sides = {c: renderer.painter.marks_with(f"manus.wall.{c}")[0] for c in CONDITIONS}
    assert {c: mark.value for c, mark in sides.items()} == {
        "warm": "top",
        "cold": "bottom",
        "wet": "left",
        "dry": "right",
    }
    for condition, mark in sides.items():
        button = next(b for b, c in MANUS.inputs.secret.values.items() if c == condition)
        # Off the word: near the wall's end (the word is centred on it).
        if mark.value in ("top", "bottom"):
            spot = (mark.rect.left + 8, mark.rect.centery)
        else:
            spot = (mark.rect.centerx, mark.rect.top + 8)
        assert pixel(renderer, spot) == theme.BUTTON_COLOURS[button]
    written = [r.text for r in renderer.painter.texts if r.role.startswith("manus.wall.")]
    assert written == (
        [] if size == SIZES[0] else [manus_labels.condition(c, "en") for c in CONDITIONS]
    )


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("language", ("en", "ru"))
def test_the_reveal_shows_every_card_and_where_the_token_went(display, language, size):
    scene = GALLERY["manus_reveal"](language)
    shown = scene.view["last_reveal"]
    renderer = render(scene, size)
    for card in shown["cards"]:
        mark = renderer.painter.marks_with(f"manus.card.{card['hand']}")[0]
        assert mark.value == card["condition"]
        spot = (mark.rect.left + 3, mark.rect.centery)  # off the word, if one is written
        assert pixel(renderer, spot) == CONDITION_COLOURS[card["condition"]]
    for hand in scene.view["hands"]:
        assert texts(renderer, f"manus.target.{hand['hand']}") == [f"≥{hand['target_need']}"]
    site = shown["site_after"]
    assert renderer.painter.marks_with("manus.site")[0].value == (
        f"{site['temperature']}-{site['humidity']}"
    )


@pytest.mark.parametrize("language", ("en", "ru"))
def test_the_reveal_on_the_large_panel_also_writes_cards_and_axes(display, language):
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
    for seat in scene.view["seats"]:
        assert texts(renderer, f"manus.score.{seat['seat']}") == [f"{seat['score']}/12"]


def test_targets_are_named_while_they_are_chosen(display):
    scene = scene_at(manus_samples.ROUND_START[:-1])
    assert scene.view["phase"] == "targets"
    for size in SIZES:
        renderer = render(scene, size)
        for hand in scene.view["hands"]:
            shown = texts(renderer, f"manus.target.{hand['hand']}")
            if hand["target"]:
                named = manus_labels.target(hand["target"], "en")
                assert shown in ([named], [f"≥{hand['target_need']}"])
                if size == SIZES[1]:
                    assert shown == [named]
            else:
                assert shown == ["—"]  # not chosen yet


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_between_rounds_the_progress_track_comes_first(display, size):
    first_round = len(manus_samples.ROUND_START) + 2 * len(manus_samples.VOTES)
    scene = scene_at(manus_samples._victory()[: first_round + 2 * 13])  # three rounds played
    assert scene.view["phase"] == "discovery"
    renderer = render(scene, size)
    scores = [seat["score"] for seat in scene.view["seats"]]
    assert any(scores)
    for seat in scene.view["seats"]:
        number, score = seat["seat"], seat["score"]
        assert renderer.painter.marks_with(f"manus.track.{number}")[0].value == str(score)
        assert texts(renderer, f"manus.score.{number}")[0] in (f"{score}/12", str(score))


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_victory_shows_each_seats_points(display, size):
    scene = GALLERY["manus_victory"]("en")
    final = render(scene, size)
    for seat in scene.view["seats"]:
        bar = final.painter.marks_with(f"victory.final.{seat['seat']}")[0]
        assert bar.value == str(seat["score"])
        assert texts(final, f"victory.final.{seat['seat']}") == [f"{seat['score']}/12"]
    assert texts(final, "victory.title") == [
        text("ui.victory.wins", "en", player=scene.view["winner"]["name"])
    ]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("language", ("en", "ru"))
def test_the_vote_legend_writes_each_condition_on_its_buttons_colour(display, language, size):
    """Issue 24: not four bare dots on the small panel: each colour's chip says what it
    votes for, and the question is still asked (the Russian one too)."""
    scene = GALLERY["manus_vote"](language)
    renderer = render(scene, size)
    secret = MANUS.inputs.secret
    said = []
    for button, condition in secret.values.items():
        word = manus_labels.condition(condition, language)
        [chip] = renderer.painter.marks_with(f"prompt.choice.{button}")
        assert chip.value == word
        assert (
            pixel(renderer, (chip.rect.left + 3, chip.rect.centery))
            == (theme.BUTTON_COLOURS[button])
        )
        said.append(word)
    assert texts(renderer, "prompt.choice") == said
    waiting = ", ".join(
        manus_labels.hand_name(scene.view, h) for h in scene.view["vote"]["waiting"]
    )
    assert " ".join(texts(renderer, "prompt")) in (
        text("manus.ui.prompt.vote", language, waiting=waiting),
        text("manus.ui.vote_waiting", language, waiting=waiting),
    )
    assert all(record.fits for record in renderer.painter.texts)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("language", ("en", "ru"))
def test_the_reveal_writes_every_card_and_each_walls_count(display, language, size):
    """Issue 24: at both sizes every revealed card is written beside its hand, and each
    wall of the room says how many cards were laid for it (the token shows the move)."""
    scene = GALLERY["manus_reveal"](language)
    shown = scene.view["last_reveal"]
    renderer = render(scene, size)
    for card in shown["cards"]:
        assert texts(renderer, f"manus.card.{card['hand']}") == [
            manus_labels.condition(card["condition"], language)
        ]
    tallies = {c: n for axis in shown["axes"] for c, n in axis["counts"].items()}
    for condition in CONDITIONS:
        [count] = renderer.painter.marks_with(f"manus.count.{condition}")
        assert count.value == str(tallies[condition])
        written = texts(renderer, f"manus.wall.{condition}")
        assert written and written[0].endswith(str(tallies[condition]))
    assert all(record.fits for record in renderer.painter.texts)


def test_the_walls_carry_no_count_before_the_reveal(display):
    for size in SIZES:
        renderer = render(GALLERY["manus_vote"]("en"), size)
        assert not renderer.painter.marks_with("manus.count.")


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_cards_stay_written_once_a_strength_is_in(display, size):
    """The first result takes a slot beside the need; on the small panel the need and
    the result share one, so the cards keep their words."""
    entered = {"do": "set_strength", "hand": 3, "strength": 6, "seat": 3}
    scene = scene_at((*manus_samples.ROUND_START, *manus_samples.VOTES, entered))
    renderer = render(scene, size)
    for card in scene.view["last_reveal"]["cards"]:
        assert texts(renderer, f"manus.card.{card['hand']}") == [
            manus_labels.condition(card["condition"], "en")
        ]
    assert texts(renderer, "manus.test.3") == ["6"]  # Vera's strength, shown as it came in
    assert all(record.fits for record in renderer.painter.texts)
