"""Four-path on the screen and the ring: what the players at the table would notice, drawn
by the real renderer under SDL's dummy driver from the game's own gallery samples."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.display import samples, theme
from companion.display.layout import SIZES
from companion.games.four_path import SPEC, labels
from companion.games.four_path import ring as four_path_ring
from companion.games.four_path import screens as four_path_screens
from companion.leds import LedStyle, Overlay, chase, seat_colour
from companion.ring_geometry import SECTORS, RingGeometry, angle_of, within
from companion.rules.sigil import sector_of
from tests.screen_helpers import assert_reads_at_a_metre, draw, pixel, texts

GALLERY = samples.gallery()
LANGUAGES = ("en", "ru")
SIZE_IDS = [f"{w}x{h}" for w, h in SIZES]
FOUR_PATH = [sample.name for sample in SPEC.samples]
SCREEN = {
    "four_path_ban": "draft",
    "four_path_draft": "draft",
    "four_path_board": "board",
    "four_path_open": "board",
    "four_path_siege": "board",
    "four_path_duel": "board",
    "four_path_respawn": "board",
    "undone_attack": "board",
    "four_path_victory": "victory",
}


def test_every_screen_has_a_sample():
    assert set(SCREEN) == set(FOUR_PATH)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("name", FOUR_PATH)
def test_each_screen_is_its_own_and_reads_at_a_metre(display, name, size, language):
    renderer = draw(GALLERY[name](language), size)
    assert renderer.drawn == [SCREEN[name]]
    assert_reads_at_a_metre(renderer)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_board_shows_both_team_scales_the_keepers_first(display, size, language):
    scene = GALLERY["four_path_board"](language)
    renderer = draw(scene, size)
    sides = scene.view["sides"]
    assert [side["castle_damage"] for side in sides] == [0, 2]  # Anna's team sieged twice
    for side in sides:
        number, damage = side["side"], side["castle_damage"]
        [said] = texts(renderer, f"castle.damage.{number}")
        assert said.split("/")[0] == str(damage)
        [scale] = renderer.painter.marks_with(f"castle.scale.{number}")
        assert scale.value == f"{damage}/{side['scale_length']}"
    first, second = (
        renderer.painter.marks_with(f"castle.scale.{n}")[0].rect for n in (1, 2)
    )  # Anna keeps time: her team's scale comes first (left, or above)
    assert (first.left, first.top) < (second.left, second.top)


def test_the_keepers_team_comes_first_whichever_it_is():
    view = {"keeper": {"seat": 2}, "sides": [{"side": 1, "seats": [1, 3]}, {"side": 2}]}
    view["sides"][1]["seats"] = [2, 4]
    assert [s["side"] for s in four_path_screens.sides_in_order(view)] == [2, 1]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_whose_hand_it_is_and_who_has_passed(display, size, language):
    scene = GALLERY["four_path_board"](language)
    assert scene.view["combined"]["passed"] == [1] and scene.view["combined"]["to_act"] == 3
    renderer = draw(scene, size)
    painter = renderer.painter
    [anna] = painter.marks_with("hand.1")
    [clara] = painter.marks_with("hand.3")
    assert (anna.value, clara.value) == ("passed", "to_act")
    # Clara's hand: a chip filled in her colour; Anna's: hollow, in hers, saying "pass".
    assert pixel(renderer, (clara.rect.left + 4, clara.rect.centery)) == theme.seat_colour(3)
    assert pixel(renderer, (anna.rect.left + 1, anna.rect.centery)) == theme.seat_colour(1)
    assert pixel(renderer, (anna.rect.left + 6, anna.rect.top + 6)) == theme.PANEL
    passed = labels.ui("hand.passed", language)
    assert any(passed in said for said in texts(renderer, "hand.1"))
    # The creatures shown are those of the seat whose hand it is.
    assert texts(renderer, "creature.name.ballistarius")
    assert not texts(renderer, "creature.name.messum")


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_towers_show_their_holders(display, size):
    scene = GALLERY["four_path_board"]("en")
    renderer = draw(scene, size)
    holders = {t["number"]: t["holder"] for t in scene.view["towers"]}
    assert holders == {1: 1, 2: 2, 3: None, 4: 1}
    for number, holder in holders.items():
        marks = renderer.painter.marks_with(f"tower.{number}")
        if size == SIZES[1] and holder is None:  # the teams' panels list what they hold
            assert marks == []
            continue
        [mark] = marks
        assert mark.value == str(holder or 0)
        inside = pixel(renderer, (mark.rect.left + 3, mark.rect.centery))
        assert inside == (theme.seat_colour(holder) if holder else theme.PANEL)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_each_token_is_in_its_owners_colour_on_its_teams_half(display, size):
    scene = GALLERY["four_path_board"]("en")
    renderer = draw(scene, size)
    view = scene.view
    assert sorted({t["owner"] for t in view["tokens"]}) == [1, 2, 3]
    disc = renderer.painter.marks_with("sigil.disc")[0].rect
    geometry = RingGeometry()
    for token in view["tokens"]:
        [dot] = renderer.painter.marks_with(f"sigil.token.{token['creature']}.{token['ability']}")
        assert pixel(renderer, dot.rect.center) == theme.seat_colour(token["owner"])
        sector = sector_of(token["returns_at_period"])
        start, end = geometry.sector_span(sector)
        middle = geometry.sector_centre(sector)
        half = (start, middle) if token["owner"] % 2 else (middle, end)
        assert within(angle_of(disc.center, dot.rect.center), *half), token


def test_the_ring_shows_owners_on_their_teams_half_and_whose_hand_it_is():
    view = GALLERY["four_path_board"]("en").view
    style = LedStyle()
    leds = four_path_ring.paint(view, 0.3, style, Overlay(acting_seat=3))
    per = style.count // SECTORS
    for entry in view["sigil"]["sectors"]:
        start = (entry["sector"] - 1) * per
        owners = sorted(t["owner"] for t in entry["tokens"])
        team_one = [o for o in owners if o % 2]
        team_two = [o for o in owners if not o % 2]
        for offset, owner in enumerate(team_one):
            assert leds[start + offset] == seat_colour(style, owner)
        for offset, owner in enumerate(team_two):
            assert leds[start + per - 1 - offset] == seat_colour(style, owner)
    sun = view["sigil"]["sun_sector"]
    ends = leds[(sun - 1) * per], leds[sun * per - 1]
    assert ends == (seat_colour(style, 3), seat_colour(style, 3))  # Clara's hand
    assert leds[(sun - 1) * per + 1] == style.sun


def test_the_ring_chases_the_winning_teams_colour():
    view = GALLERY["four_path_victory"]("en").view
    assert view["winner"]["side"] == 1
    style = LedStyle()
    for now in (0.3, 0.9):  # Anna & Clara: seat 1's colour, as the duel chases a winner's
        assert four_path_ring.paint(view, now, style, Overlay()) == chase(style, 1, now)
    assert four_path_ring.animated(view, Overlay(), 0.3)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_victory_names_the_team(display, size, language):
    scene = GALLERY["four_path_victory"](language)
    renderer = draw(scene, size)
    [title] = texts(renderer, "victory.title")
    assert "Anna & Clara" in title
    assert texts(renderer, "victory.final.2") == ["8/8"]
    assert texts(renderer, "victory.final.1") == ["0/8"]
    [winner] = renderer.painter.marks_with("victory.winner")
    assert pixel(renderer, (winner.rect.left + 2, winner.rect.top + 2)) == theme.seat_colour(1)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_draft_lists_the_picks_the_picking_team_first(display, size, language):
    scene = GALLERY["four_path_draft"](language)
    renderer = draw(scene, size)
    draft = scene.view["draft"]
    assert draft["next"] == {"kind": "summon", "seat": 2}
    picks = [r for r in renderer.painter.texts if r.role.startswith("draft.")]
    assert len(picks) >= 2
    # Boris picks: his team's summons first (the newest first), in their seats' colours.
    assert picks[0].role == "draft.summon.vinctum"
    assert picks[1].role == "draft.summon.saxum"
    if size == SIZES[1]:
        roles = {r.role for r in picks}
        assert {f"draft.ban.{b['creature']}" for b in draft["banned"]} & roles
    assert renderer.painter.marks_with("setup.cursor")


def test_the_choices_in_words():
    view = GALLERY["four_path_board"]("en").view
    say = labels.choice
    assert say(view, {"do": "ban", "creature": "saxum"}, "en") == "Ban Saxum"
    assert say(view, {"do": "open", "seat": 1}, "en") == "Anna opens"
    assert say(view, {"do": "pass"}, "en") == "Pass"
    assert say(view, {"do": "siege"}, "en") == "Siege"
    assert say(view, {"do": "area", "tower": "tower_2"}, "en") == "Tower 2 area"
    action = {"do": "support", "creature": "messum", "ability": "feebleness", "target": "saxum"}
    assert say(view, action, "en") == "Messum: Feebleness on Saxum"
    assert say(view, {"do": "respawn", "castle": "castle_3"}, "en") == "Come back in castle 3"
    assert say(view, {"do": "respawn", "castle": "castle_3"}, "ru") == "Возродиться в замке 3"
    assert say(view, {"do": "pass"}, "ru") == "Пас"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_respawns_castle_is_chosen_on_the_prompt_bar(display, size, language):
    scene = GALLERY["four_path_respawn"](language)
    assert scene.view["stage"] == "respawn_choice"
    renderer = draw(scene, size)
    said = " ".join(texts(renderer, "prompt.choice"))
    castle = labels.ui("choice.respawn", language, castle=2)
    assert said == castle  # the cursor is on the second castle
    assert texts(renderer, "castle.damage.1")  # the board stays under the question


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_long_names_are_shortened_not_cut(display, size, language):
    names = {"Anna": "Александра", "Boris": "Станислав", "Clara": "Екатерина", "Dmitri": "Владимир"}
    board = next(sample for sample in SPEC.samples if sample.name == "four_path_board")
    actions = tuple(
        {**action, "seat": names[action["seat"]]} if action.get("do") == "open" else action
        for action in board.actions
    )
    sample = replace(board, setup={**board.setup, "players": list(names.values())}, actions=actions)
    renderer = draw(samples.sample_scene(SPEC, sample)(language), size)
    cut = [f"{r.role} {r.text!r}" for r in renderer.painter.texts if not r.fits]
    assert not cut, "\n".join(cut)
    if size == SIZES[1]:
        [team] = texts(renderer, "team.name.2")
        assert team.startswith(("Станислав", "С."))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_attack_under_the_cursor_shows_its_target_framed(display, size, language):
    """Issue 24: the enemy creatures are not hidden while an attack is chosen: on "Fidea
    attacks Saxum" the board opens Saxum's seat, its row framed; back on a maneuver it is
    Clara's own army again."""
    scene = GALLERY["four_path_board"](language)
    at = next(i for i, c in enumerate(scene.choices) if c.get("do") == "attack")
    assert scene.choices[at] == {"do": "attack", "creature": "fidea", "target": "saxum"}
    renderer = draw(replace(scene, ui=replace(scene.ui, cursor=at)), size)
    assert renderer.painter.marks_with("creature.target.saxum")
    assert texts(renderer, "creature.name.saxum") and not texts(renderer, "creature.name.fidea")
    assert_reads_at_a_metre(renderer)
    renderer = draw(replace(scene, ui=replace(scene.ui, cursor=at + 1)), size)
    assert not renderer.painter.marks_with("creature.target.")
    assert texts(renderer, "creature.name.fidea")
