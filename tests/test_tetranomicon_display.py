"""Tetranomicon on the screen: what the players at the table would notice, drawn by the
real renderer under SDL's dummy driver from the game's own gallery samples."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.display import samples, theme
from companion.display.layout import SIZES
from companion.games.tetranomicon import SPEC, labels, present, ring
from companion.games.tetranomicon.state import State
from companion.leds import LedStyle, Overlay, chase, frame, scale
from tests.screen_helpers import assert_reads_at_a_metre, draw, inked_in, pixel, texts

GALLERY = samples.gallery()
LANGUAGES = ("en", "ru")
SIZE_IDS = [f"{w}x{h}" for w, h in SIZES]
TETRANOMICON = [sample.name for sample in SPEC.samples]
SCREEN = {
    "tetranomicon_diplomacy": "ledger",
    "tetranomicon_epoch_card": "ledger",
    "tetranomicon_relation": "ledger",
    "tetranomicon_ledger": "ledger",
    "tetranomicon_cost": "entry",
    "tetranomicon_result": "victory",
    "tetranomicon_build": "ledger",
    "tetranomicon_two": "ledger",
    "tetranomicon_name": "entry",
    "tetranomicon_target": "entry",
}
LEDGER_ROLES = ("seat.", "coins.", "points.", "counts", "relations.", "column.", "buildings.")
RED, GREEN, YELLOW, TURQUOISE = (labels.FACTION_COLOURS[f] for f in labels.FACTION_COLOURS)


def sample_named(name: str):
    return next(sample for sample in SPEC.samples if sample.name == name)


def state_of(name: str) -> State:
    sample = sample_named(name)
    state = samples.play(SPEC, sample.setup, sample.actions)
    assert isinstance(state, State)
    return state


def test_every_screen_has_a_sample():
    assert set(SCREEN) == set(TETRANOMICON)


def test_the_factions_have_their_colours():
    assert RED[0] > 200 > RED[1]  # the Legion's red
    assert GREEN[1] > 180 > GREEN[0]  # the Alliance's green
    assert min(YELLOW[:2]) > 200 > YELLOW[2]  # the Order's yellow
    assert min(TURQUOISE[1:]) > 180 > TURQUOISE[0]  # the Brotherhood's turquoise


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("name", TETRANOMICON)
def test_each_screen_is_its_own_and_reads_at_a_metre(display, name, size, language):
    renderer = draw(GALLERY[name](language), size)
    assert renderer.drawn == [SCREEN[name]]
    assert_reads_at_a_metre(renderer)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_each_factions_coins_are_drawn_in_its_colour(display, size, language):
    scene = GALLERY["tetranomicon_ledger"](language)
    renderer = draw(scene, size)
    for seat in scene.view["seats"]:
        number, colour = seat["seat"], labels.FACTION_COLOURS[seat["faction"]]
        [coins] = renderer.painter.texts_with(f"coins.{number}")
        assert coins.text == str(seat["coins"])
        assert inked_in(renderer, coins.rect, colour), seat["name"]
        [points] = texts(renderer, f"points.{number}")
        assert points.strip("★") == str(seat["points"])


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_whose_turn_it_is_and_who_has_passed(display, size, language):
    scene = GALLERY["tetranomicon_ledger"](language)
    view = scene.view
    assert view["turn"]["seat"] == 2  # Boris; Gleb and Anna have passed this epoch
    assert [s["seat"] for s in view["seats"] if s["passed"]] == [1, 4]
    renderer = draw(scene, size)
    painter = renderer.painter
    standing = {int(m.role.split(".")[1]): m for m in painter.marks_with("seat.")}
    assert {seat: mark.value for seat, mark in standing.items()} == {
        1: "passed",
        2: "turn",
        3: "waiting",
        4: "passed",
    }
    # Boris's chip filled in the Alliance's green; the passed ones say so.
    boris = standing[2].rect
    assert pixel(renderer, (boris.left + 3, boris.centery)) == GREEN
    passed = labels.ui("passed", language)
    assert all(passed in " ".join(texts(renderer, f"seat.{seat}")) for seat in (1, 4))
    # The chips stand in turn order, from the first player (Gleb, the poorest).
    assert view["order"] == [4, 1, 2, 3]
    lefts = [standing[seat].rect.left for seat in view["order"]]
    tops = [standing[seat].rect.top for seat in view["order"]]
    assert lefts == sorted(lefts) and tops == sorted(tops)
    # The banner names Boris on the Alliance's green, not on seat 2's azure.
    [seat_box] = painter.marks_with("banner.seat")
    assert pixel(renderer, (seat_box.rect.left + 2, seat_box.rect.top + 2)) == GREEN


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_banner_says_the_epoch_its_type_and_peace_or_war(display, size, language):
    scene = GALLERY["tetranomicon_ledger"](language)
    assert (scene.view["epoch"], scene.view["epoch_type"], scene.view["war"]) == (
        2,
        "buildings",
        False,
    )
    renderer = draw(scene, size)
    [phase] = texts(renderer, "banner.phase")
    assert phase == f"{labels.ui('type.buildings', language)} ☮"
    assert texts(renderer, "banner.counter") == ["2"]
    at_war = draw(GALLERY["tetranomicon_relation"](language), size)
    assert texts(at_war, "banner.phase") == [labels.ui("phase.relations", language)]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_cost_of_the_action_being_entered_is_shown_before_it_is_confirmed(
    display, size, language
):
    sample = sample_named("tetranomicon_cost")
    state = state_of("tetranomicon_cost")
    entry = SPEC.rules.prompt(state).entries[-1]  # Build, the last line
    coins = state.faction(state.turn).coins
    # The castle being chosen (the sample), then the neutral roads the path uses: each
    # road more costs one more, and the screen says so before the action is confirmed.
    paths = ((0, 0, 0), (0, 0, 0))
    for entered, value in (
        (("sawmill",), 2),
        *((("sawmill", 2, *p), roads) for p, roads in zip(paths, (0, 2), strict=True)),
    ):
        scene = samples.sample_scene(SPEC, replace(sample, entered=entered, value=value))(language)
        renderer = draw(scene, size)
        cost = present.cost(state, entry.action((*entered, value)))
        assert cost is not None
        assert texts(renderer, "entry.note") == [
            labels.ui("cost", language, cost=cost, coins=coins, left=coins - cost)
        ]
        assert texts(renderer, "entry.value") == [str(value)]
    roads = [present.cost(state, entry.action(("sawmill", 2, 0, 0, 0, n))) for n in (0, 2)]
    assert roads == [3, 5]


def test_an_action_the_rules_would_refuse_says_so_before_it_is_confirmed(display):
    sample = sample_named("tetranomicon_cost")
    state = state_of("tetranomicon_cost")
    entry = SPEC.rules.prompt(state).entries[-1]  # Build, the last line
    refused = replace(sample, entered=("quarry",), value=2)  # a quarry needs farm and sawmill
    assert present.cost(state, entry.action(("quarry", 2))) is None
    renderer = draw(samples.sample_scene(SPEC, refused)("en"), SIZES[0])
    [note] = renderer.painter.texts_with("entry.note")
    assert note.text == labels.ui("cost_refused", "en")
    assert inked_in(renderer, note.rect, theme.NEGATIVE)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_diplomacy_phase_shows_who_is_at_war_with_whom(display, size, language):
    scene = GALLERY["tetranomicon_diplomacy"](language)
    view = scene.view
    assert view["phase"] == "diplomacy"
    pairs = labels.at_war(view)
    assert pairs == [(1, 2), (3, 4)]
    renderer = draw(scene, size)
    assert sorted(m.role for m in renderer.painter.marks_with("war.")) == ["war.1.2", "war.3.4"]
    for one, two in pairs:
        for seat in (one, two):
            [chip] = renderer.painter.texts_with(f"relations.seat.{seat}")
            assert labels.name(view, seat).startswith(chip.text)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_result_names_the_winner_and_the_four_standings(display, size, language):
    scene = GALLERY["tetranomicon_result"](language)
    view = scene.view
    assert view["winner"]["seats"] == [3] and view["points"] == [7, 2, 9, 4]
    renderer = draw(scene, size)
    [title] = texts(renderer, "victory.title")
    assert "Vera" in title
    [band] = renderer.painter.marks_with("victory.winner")
    assert pixel(renderer, (band.rect.left + 2, band.rect.top + 2)) == YELLOW  # the Order's
    rows = renderer.painter.marks_with("result.row.")
    assert [m.role for m in rows] == [f"result.row.{s}" for s in (3, 1, 4, 2)]  # most first
    assert [m.value for m in rows] == ["winner", "", "", ""]
    for seat in (1, 2, 3, 4):
        assert texts(renderer, f"result.points.{seat}") == [str(view["points"][seat - 1])]
        for key in ("wealth", "influence", "strength", "fame"):
            said = texts(renderer, f"result.{key}.{seat}")
            assert said == [str(view["standings"][key][seat - 1])]


def test_the_choices_in_words():
    view = GALLERY["tetranomicon_diplomacy"]("en").view
    say = labels.choice
    assert view["turn"]["seat"] == 2  # Boris, at war with Anna, at peace with Vera
    assert say(view, {"do": "flip", "with": 1}, "en") == "Peace with Anna"
    assert say(view, {"do": "flip", "with": 3}, "en") == "War with Vera"
    assert say(view, {"do": "flip", "with": 3}, "ru") == "Война: Vera"
    assert say(view, {"do": "keep"}, "en") == "Keep the relations"
    assert say(view, {"do": "epoch_card", "type": "buildings"}, "en") == "Epoch of buildings"
    assert say(view, {"do": "epoch_card", "type": "buildings"}, "ru") == "Эпоха строений"
    assert say(view, {"do": "relation", "state": "war"}, "en") == "⚔ War"
    assert say(view, {"do": "relation", "state": "peace"}, "ru") == "☮ Мир"
    assert say(view, {"do": "pass"}, "ru") == "Пас"
    assert say(view, {"do": "build"}, "en") == "Build"  # an entry, by its action
    assert say(view, {"do": "expedition"}, "ru") == "Поход"


def test_other_games_keep_the_seat_colours(display):
    scene = GALLERY["four_path_board"]("en")
    renderer = draw(scene, SIZES[0])
    [seat_box] = renderer.painter.marks_with("banner.seat")
    seat = int(seat_box.value)
    assert pixel(renderer, (seat_box.rect.left + 2, seat_box.rect.top + 2)) == (
        theme.seat_colour(seat)
    )


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize(
    "name", ["tetranomicon_ledger", "tetranomicon_diplomacy", "tetranomicon_two"]
)
def test_the_ledger_gives_way_to_notices_and_never_runs_over_them(display, name, size, language):
    scene = GALLERY[name](language)
    for notes in ((), ("Not your turn",), ("Not your turn", "The disc sensor is not answering")):
        renderer = draw(replace(scene, notes=notes), size)
        middle = renderer.framed.middle
        records = renderer.painter.texts
        cut = [f"{r.role} {r.text!r}" for r in records if not r.fits]
        assert not cut, (notes, cut)
        ledger = [r for r in records if r.role.startswith(LEDGER_ROLES)]
        assert ledger
        outside = [f"{r.role} {r.rect}" for r in ledger if not middle.contains(r.rect)]
        assert not outside, (notes, outside)
        # Whatever the room, every faction's chip stays on the screen.
        seats = {m.role for m in renderer.painter.marks_with("seat.")}
        assert len(seats) == len(scene.view["seats"])


@pytest.mark.parametrize("language", LANGUAGES)
def test_two_factions_get_every_count_on_the_small_panel(display, language):
    scene = GALLERY["tetranomicon_two"](language)
    renderer = draw(scene, SIZES[0])
    for seat in scene.view["seats"]:
        number = seat["seat"]
        for key in ("coins", "strength", "influence", "fame", "points"):
            assert texts(renderer, f"{key}.{number}") == [str(seat[key])]
        assert texts(renderer, f"buildings.{number}") == [str(len(seat["buildings"]))]
    [olga] = texts(renderer, "seat.2")
    assert olga == labels.ui("passed", language)  # "Olga · pass" does not fit: "pass"


def test_the_ring_lights_the_acting_faction_in_its_colour_and_chases_the_winner():
    style = LedStyle()
    view = GALLERY["tetranomicon_ledger"]("en").view  # Boris, the Alliance: green
    lit = frame(SPEC, view, 0.3, style, Overlay(acting_seat=2))
    assert lit == [scale(GREEN, 0.35)] * style.count
    result = GALLERY["tetranomicon_result"]("en").view  # Vera, the Order: yellow
    faction_style = ring.in_faction_colours(result, style)
    assert frame(SPEC, result, 0.3, style, Overlay()) == chase(faction_style, 3, 0.3)
    assert faction_style.seat_colours[2] == YELLOW


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_an_expeditions_target_is_shown_in_the_tables_words(display, size, language):
    renderer = draw(GALLERY["tetranomicon_target"](language), size)
    castle = {"en": "castle 4", "ru": "замок 4"}[language]
    assert texts(renderer, "entry.value") == [castle]
    assert_reads_at_a_metre(renderer)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_likely_build_is_the_first_line_in_words(display, size, language):
    scene = GALLERY["tetranomicon_build"](language)
    words = {"en": "Build: quarry, castle 11", "ru": "Строить в замке 11: каменоломня"}
    choice = SPEC.rules.prompt(state_of("tetranomicon_build")).choices[0]
    assert labels.choice(scene.view, choice, language) == words[language]
    renderer = draw(scene, size)
    assert " ".join(texts(renderer, "prompt.choice")) == words[language]  # whole, if wrapped
    assert_reads_at_a_metre(renderer)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_an_artifacts_name_is_shown_as_it_is_typed(display, size):
    renderer = draw(GALLERY["tetranomicon_name"]("en"), size)
    assert "".join(texts(renderer, "entry.value")).startswith("Crow")
    assert_reads_at_a_metre(renderer)
