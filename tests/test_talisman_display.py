"""Talisman on the screen: what the players at the table would notice, drawn by the real
renderer under SDL's dummy driver from the game's own gallery samples."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.display import samples, theme
from companion.display.layout import SIZES
from companion.games.talisman import SPEC, labels, ring
from companion.leds import LedStyle, Overlay, frame, scale
from tests.screen_helpers import assert_reads_at_a_metre, draw, inked_in, pixel, texts

GALLERY = samples.gallery()
LANGUAGES = ("en", "ru")
SIZE_IDS = [f"{w}x{h}" for w, h in SIZES]
SMALL, ROOMY = SIZES
SCREEN = {
    "talisman_sheet": "sheet",
    "talisman_battle": "battle",
    "undone_battle": "sheet",
    "talisman_lost": "battle",
    "talisman_won": "battle",
    "talisman_reward": "battle",
    "talisman_toad": "sheet",
    "talisman_drop": "sheet",
    "talisman_table_dice": "entry",  # the value entry: the hero's die
    "talisman_trophies": "battle",
    "talisman_reroll": "battle",
}


def acting(view: dict) -> dict:
    return labels.seat_entry(view, view["turn"]["seat"])


def test_every_sample_has_its_screen():
    assert set(SCREEN) == {sample.name for sample in SPEC.samples}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("name", sorted(SCREEN))
def test_each_screen_is_its_own_and_reads_at_a_metre(display, name, size, language):
    renderer = draw(GALLERY[name](language), size)
    assert renderer.drawn == [SCREEN[name]]
    assert_reads_at_a_metre(renderer)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_acting_heros_lives_fate_gold_and_trophies_are_drawn(display, size, language):
    scene = GALLERY["talisman_sheet"](language)
    hero = acting(scene.view)
    assert (hero["lives"], hero["fate"], hero["gold"]) == (4, 1, 3)
    assert (hero["strength"], hero["strength_trophies"]) == (5, 8)  # 4, a sword's +1
    renderer = draw(scene, size)
    for key, symbol in (("lives", "♥"), ("fate", "☘"), ("gold", "⛁")):
        [said] = texts(renderer, f"sheet.{key}")
        assert said.startswith(f"{symbol}{'' if size == SMALL else ' '}{hero[key]}"), said
    [lives] = renderer.painter.texts_with("sheet.lives")
    assert lives.rect.top < renderer.framed.middle.centery  # the first line
    [strength] = texts(renderer, "sheet.strength")
    assert "5" in strength and "+8" in strength
    if size == ROOMY:
        assert labels.ui("trophies", language, value=8) in strength
        assert texts(renderer, "sheet.objects")[0].endswith("2/4")
        assert texts(renderer, "sheet.spells")[0].endswith("1/1")
        # the fragment's cards in the table's language (entries.said)
        named = {"en": "Sword, Helmet", "ru": "Меч, Шлем"}[language]
        assert texts(renderer, "sheet.object_names") == [named]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_other_heroes_are_folded_each_in_its_colour(display, size, language):
    scene = GALLERY["talisman_sheet"](language)
    renderer = draw(scene, size)
    others = {m.role: m for m in renderer.painter.marks_with("other.")}
    assert set(others) == {"other.2", "other.3"}  # Boris, then Vera, round the table
    assert others["other.2"].rect.top < others["other.3"].rect.top
    boris = others["other.2"].rect
    assert pixel(renderer, (boris.left + 3, boris.centery)) == theme.seat_colour(2)
    lives = texts(renderer, "other.lives.2")
    assert lives and "♥5" in lives[0]
    if size == ROOMY:  # Boris misses his next turn: said on his row
        assert texts(renderer, "other.miss.2") == [labels.ui("miss_short", language)]
        assert texts(renderer, "other.name.2") == ["Boris"]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_battle_shows_both_totals_and_the_dice(display, size, language):
    scene = GALLERY["talisman_battle"](language)
    battle = scene.view["battle"]
    assert (battle["roll"], battle["hero_total"]) == (3, 7)  # 3 + Strength 4
    assert (battle["opponent_roll"], battle["against"]) == (2, 9)  # 2 + 3 + 4
    renderer = draw(scene, size)
    assert texts(renderer, "battle.total.hero") == ["7"]
    assert texts(renderer, "battle.total.foe") == ["9"]
    assert texts(renderer, "battle.compare") == ["<"]
    [hero_dice] = texts(renderer, "battle.dice.hero")
    [foe_dice] = texts(renderer, "battle.dice.foe")
    assert hero_dice.replace(" ", "").startswith("⚂3+4")  # the die as it fell, then +4
    assert foe_dice.replace(" ", "").startswith("⚁2+7")  # one die for both enemies
    [caption] = texts(renderer, "battle.caption.foe")
    assert "3+4" in caption
    # The hero's panel in the seat's colour, on the left; not yet decided.
    hero, foe = (renderer.painter.marks_with(f"battle.{side}")[0] for side in ("hero", "foe"))
    assert hero.rect.right < foe.rect.left
    assert (hero.value, foe.value) == ("7", "9")
    assert pixel(renderer, (hero.rect.centerx, hero.rect.top)) == theme.seat_colour(1)
    assert not texts(renderer, "battle.outcome")
    assert texts(renderer, "banner.phase") == [labels.ui("phase.battle", language)]
    if size == ROOMY:
        assert texts(renderer, "battle.fate") == [labels.ui("fate_left", language, player="Anna")]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_lost_psychic_battle_says_so_and_the_spent_fate(display, size, language):
    scene = GALLERY["talisman_lost"](language)
    battle = scene.view["battle"]
    assert scene.view["phase"] == "outcome"
    assert battle["kind"] == "craft" and battle["rerolled"]
    renderer = draw(scene, size)
    assert texts(renderer, "battle.total.hero") == [str(battle["hero_total"])]
    assert texts(renderer, "battle.total.foe") == [str(battle["against"])]
    assert texts(renderer, "battle.compare") == ["<"]
    # Psychic combat, said in words on the banner whatever the room.
    assert texts(renderer, "banner.phase") == [labels.ui("phase.outcome_psychic", language)]
    [dice] = texts(renderer, "battle.dice.hero")
    assert dice.startswith(labels.REROLLED)  # the fate reroll is spent
    if size == ROOMY:
        assert texts(renderer, "battle.outcome") == [labels.ui("outcome.lost", language)]
        assert texts(renderer, "battle.psychic") == [labels.ui("psychic", language)]
        [fate] = texts(renderer, "battle.fate")
        assert labels.ui("fate_spent", language, player="Anna") in fate
    # Psychic: no object saves the life, and the choices say the others.
    choices = [labels.choice(scene.view, c, language) for c in scene.choices]
    assert labels.ui("choice.saved_object", language) not in choices
    assert choices[0] == labels.ui("choice.lose", language)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_won_battle_stays_on_the_screen_with_its_outcome(display, size, language):
    scene = GALLERY["talisman_won"](language)
    assert scene.view["battle"] is None  # the turn goes on; the result is in the events
    renderer = draw(scene, size)
    assert renderer.drawn == ["battle"]
    assert texts(renderer, "battle.total.hero") == ["10"]
    assert texts(renderer, "battle.total.foe") == ["4"]
    [outcome] = renderer.painter.texts_with("battle.outcome")
    assert outcome.text == labels.ui("outcome.won", language)
    assert inked_in(renderer, outcome.rect, theme.POSITIVE)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_hero_against_hero_shows_the_defender_and_the_reward(display, size, language):
    scene = GALLERY["talisman_reward"](language)
    assert scene.view["phase"] == "reward"
    renderer = draw(scene, size)
    [caption] = texts(renderer, "battle.caption.foe")
    assert caption == "Boris"
    [foe] = renderer.painter.marks_with("battle.foe")
    assert pixel(renderer, (foe.rect.centerx, foe.rect.top)) == theme.seat_colour(2)
    assert texts(renderer, "banner.phase") == [labels.ui("phase.reward", language)]
    if size == ROOMY:
        won = labels.ui("outcome.won", language)
        assert texts(renderer, "battle.outcome") == [f"Anna: {won}"]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_toad_shows_its_turns_left_and_strength_one(display, size, language):
    scene = GALLERY["talisman_toad"](language)
    hero = acting(scene.view)
    assert hero["toad"] == 3 and hero["strength"] == 1 and hero["strength_base"] == 4
    renderer = draw(scene, size)
    key = "toad" if size == ROOMY else "toad_short"
    [toad] = renderer.painter.texts_with("sheet.toad")
    assert toad.text == labels.ui(key, language, left=3)
    assert inked_in(renderer, toad.rect, theme.NEGATIVE)
    [strength] = texts(renderer, "sheet.strength")
    assert strength.endswith("1")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_over_the_carrying_limit_the_count_shows_first_in_orange(display, size, language):
    scene = GALLERY["talisman_drop"](language)
    assert scene.prompt["kind"] == "drop"
    renderer = draw(scene, size)
    [objects] = renderer.painter.texts_with("sheet.objects")
    assert objects.text.endswith("5/4")
    assert inked_in(renderer, objects.rect, theme.NEGATIVE)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("name", ["talisman_sheet", "talisman_lost"])
def test_the_screens_give_way_to_notices_and_never_run_over_them(display, name, size, language):
    scene = GALLERY[name](language)
    for notes in ((), ("Not your turn",), ("Not your turn", "The disc sensor is not answering")):
        renderer = draw(replace(scene, notes=notes), size)
        middle = renderer.framed.middle
        records = renderer.painter.texts
        cut = [f"{r.role} {r.text!r}" for r in records if not r.fits]
        assert not cut, (notes, cut)
        ours = [r for r in records if r.role.startswith(("sheet.", "other.", "battle."))]
        assert ours
        outside = [f"{r.role} {r.rect}" for r in ours if not middle.contains(r.rect)]
        assert not outside, (notes, outside)


def test_the_choices_in_words():
    view = GALLERY["talisman_sheet"]("en").view
    say = labels.choice
    assert say(view, {"do": "end_turn"}, "en") == "End the turn"
    traded = say(view, {"do": "end_turn", "trade": ["strength"]}, "en")
    assert traded == "End turn, Strength +1 (trophies)"  # 8 on trophies: one point
    assert say(view, {"do": "end_turn", "trade": ["strength"]}, "ru") == (
        "Конец хода, Сила +1 (трофеи)"
    )
    this = say(view, {"do": "miss_turn", "encounters_left": True}, "en")
    following = say(view, {"do": "miss_turn", "encounters_left": False}, "en")
    assert (this, following) == ("Miss this turn (encounters left)", "Miss the next turn")
    assert say(view, {"do": "miss_turn", "encounters_left": False}, "ru") == (
        "Пропустить следующий ход"
    )
    assert say(view, {"do": "toad"}, "en") == "Turned into a toad"
    # a card the fragment (or its examples) names is said in the table's language; any
    # other name as entered
    assert say(view, {"do": "cast", "name": "Fireball"}, "ru") == "Прочесть: Огненный шар"
    assert say(view, {"do": "cast", "name": "Frost"}, "ru") == "Прочесть: Frost"
    assert say(view, {"do": "accept"}, "en") == "Accept the rolls"
    assert say(view, {"do": "reroll"}, "en") == "Spend 1 fate: reroll"
    assert say(view, {"do": "lose"}, "en") == "Lose a life"
    assert say(view, {"do": "lose", "saved_by": "spell"}, "en") == "Saved by a spell"
    assert say(view, {"do": "lose", "saved_by": "object"}, "ru") == "Спас предмет"
    assert say(view, {"do": "reward", "take": "life"}, "en") == "Take a life"
    assert say(view, {"do": "reward", "take": "gold"}, "en") == "Take a gold"
    assert say(view, {"do": "reward", "take": "object", "object": "Axe"}, "en") == "Take Axe"
    assert say(view, {"do": "drop", "hero": 1, "object": "Rope"}, "en") == "Drop Rope"
    assert say(view, {"do": "discard", "hero": 1, "name": "Fireball"}, "en") == ("Discard Fireball")


def test_every_choice_of_every_prompt_has_words_in_both_languages():
    for sample in SPEC.samples:
        scene = GALLERY[sample.name]("en")
        for choice in scene.choices:
            for language in LANGUAGES:
                said = labels.choice(scene.view, choice, language)
                assert said and "_" not in said and "{" not in said, (sample.name, choice)


def test_the_ring_is_the_fights_balance_while_the_rolls_stand():
    style = LedStyle()
    anna = scale(theme.seat_colour(1), ring.BRIGHTNESS)
    battle = GALLERY["talisman_battle"]("en").view  # 7 against 9
    lit = frame(SPEC, battle, 0.3, style, Overlay(acting_seat=1))
    assert lit == [anna] * 10 + [scale(ring.ENEMY, ring.BRIGHTNESS)] * 14
    duel = GALLERY["talisman_reward"]("en").view  # Anna's 10 against Boris's 4
    boris = scale(theme.seat_colour(2), ring.BRIGHTNESS)
    assert frame(SPEC, duel, 0.3, style, Overlay(acting_seat=1)) == [anna] * 17 + [boris] * 7
    turn = GALLERY["talisman_sheet"]("en").view  # no battle: the acting hero, dim
    assert (
        frame(SPEC, turn, 0.3, style, Overlay(acting_seat=1))
        == [scale(theme.seat_colour(1), 0.35)] * 24
    )
