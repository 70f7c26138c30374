"""Every screen, at 480x320 and 800x480, in English and Russian, through the real SDL
dummy video driver: saved as PNG, every string measured against its layout box, and the
things a player looks for checked to be on the screen."""

from __future__ import annotations

import copy
from dataclasses import replace

import pygame
import pytest

from companion import games
from companion.display import labels, samples, theme
from companion.display.layout import SIZES
from companion.display.renderer import Renderer
from companion.display.scene import ListPicture, Scene
from companion.games.bestiary import labels as duel_labels
from companion.games.bestiary.samples import DRAFT, DRAFT_END, DUEL_SETUP, MIDGAME
from companion.i18n import name_of, text
from companion.rules.sigil import sector_of
from companion.snapshot import UiState

GALLERY = samples.gallery()
LANGUAGES = ("en", "ru")
EXPECTED_SCREEN = {
    "menu": "menu",
    "castle_choice": "setup",
    "draft": "setup",
    "board_start": "board",
    "board_midgame": "board",
    "victory": "victory",
    "manus_vote": "manus",
    "manus_reveal": "manus",
    "manus_victory": "victory",
}


@pytest.fixture(scope="module")
def display():
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.display.quit()


def draw(scene: Scene, size: tuple[int, int]) -> Renderer:
    surface = pygame.display.set_mode(size)
    renderer = Renderer(surface)
    assert renderer.render(scene, 0.0)
    return renderer


def texts(renderer: Renderer, role: str) -> list[str]:
    return [record.text for record in renderer.painter.texts_with(role)]


def pixel(renderer: Renderer, point: tuple[int, int]) -> tuple[int, int, int]:
    colour = renderer.surface.get_at(point)
    return (colour.r, colour.g, colour.b)


def test_the_gallery_has_every_screen_of_the_issue():
    assert set(EXPECTED_SCREEN) <= set(GALLERY)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("name", sorted(GALLERY))
def test_screen_renders_and_no_text_overflows(display, tmp_path, name, size, language):
    scene = GALLERY[name](language)
    renderer = draw(scene, size)
    path = tmp_path / f"{name}_{language}_{size[0]}x{size[1]}.png"
    pygame.image.save(renderer.surface, str(path))
    assert path.stat().st_size > 1000
    if name in EXPECTED_SCREEN:
        assert renderer.drawn[-1] == EXPECTED_SCREEN[name]
    records = renderer.painter.texts
    assert len(records) >= 5, "a screen with almost no words"
    overflowing = [
        f"{r.role} {r.text!r}: {r.rect} outside {r.box}" + (" (cut)" if r.truncated else "")
        for r in records
        if not r.fits
    ]
    assert not overflowing, "\n".join(overflowing)
    # Legible at a metre: no text under 5 mm on the panel (33 px at 480x320 on 3.5",
    # 27 px at 800x480 on 7"), whatever had to fit.
    floor = renderer.layout.min_text
    small = [f"{r.role} {r.text!r}: {r.px} px" for r in records if r.text.strip() and r.px < floor]
    assert not small, f"under {floor} px:\n" + "\n".join(small)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("language", LANGUAGES)
def test_board_shows_turn_phase_period_damage_tokens_and_prompt(display, size, language):
    scene = GALLERY["board_midgame"](language)
    view = scene.view
    renderer = draw(scene, size)
    assert texts(renderer, "banner.seat") == [view["turn"]["name"]]
    assert texts(renderer, "banner.phase") == [
        labels.first_upper(name_of("bestiary.phase", view["phase"], language))
    ]
    assert texts(renderer, "banner.counter") == [str(view["period"])]
    for seat in view["seats"]:
        number = seat["seat"]
        assert texts(renderer, f"castle.damage.{number}") == [
            f"{seat['castle_damage']}/{seat['scale_length']}"
        ]
        bar = renderer.painter.marks_with(f"castle.scale.{number}")[0].rect
        expected = theme.DAMAGE if seat["castle_damage"] else theme.DAMAGE_EMPTY
        assert pixel(renderer, (bar.left + 1, bar.centery)) == expected
    # Every token on the sigil is a chip in its owner's colour, in the sector of its return.
    assert view["tokens"], "the sample should have tokens on the sigil"
    for token in view["tokens"]:
        marks = renderer.painter.marks_with(f"sigil.token.{token['creature']}.{token['ability']}")
        assert [m.value for m in marks] == [f"{token['owner']}:{token['returns_at_period']}"]
        chip = marks[0].rect
        # Down the chip's left edge (its label may reach the edge at its middle).
        edge = [pixel(renderer, (chip.left + 1, y)) for y in range(chip.top + 1, chip.bottom - 1)]
        assert theme.seat_colour(token["owner"]) in edge
        sector = sector_of(token["returns_at_period"])
        label = texts(renderer, f"sigil.sector.{sector}")
        assert label == [
            text("bestiary.ui.sector_returns", language, period=token["returns_at_period"])
        ]
    assert renderer.painter.marks_with("sigil.sun")[0].value == str(view["sigil"]["sun_sector"])
    # Every effect shows with the period it ends in.
    for effect in view["effects"]:
        shown = texts(renderer, f"effect.{effect['creature']}.{effect['kind']}")
        assert len(shown) == 1 and str(effect["ends_at_period"]) in shown[0]
    # Wounds of every creature.
    for seat in view["seats"]:
        for creature in seat["creatures"]:
            wounds = renderer.painter.marks_with(f"creature.wounds.{creature['id']}")
            assert [w.value for w in wounds] == [f"{creature['wounds']}/{creature['vitality']}"]
    assert texts(renderer, "prompt") == [labels.prompt_line(view, scene.prompt, language)]
    chosen = duel_labels.choice(view, scene.cursor_choice, language)
    assert texts(renderer, "prompt.choice") == [f"◀ {chosen} ▶"]


def test_the_numerals_are_large(display):
    scene = GALLERY["board_midgame"]("en")
    for size in SIZES:
        renderer = draw(scene, size)
        period = renderer.painter.texts_with("banner.counter")[0]
        damage = renderer.painter.texts_with("castle.damage.1")[0]
        assert period.rect.height >= size[1] // 10
        assert damage.rect.height >= size[1] // 18


def test_drawing_never_changes_the_scene(display):
    for name, build in GALLERY.items():
        scene = build("en")
        before = copy.deepcopy((scene.view, scene.prompt, scene.ui))
        draw(scene, SIZES[0])
        assert (scene.view, scene.prompt, scene.ui) == before, name


@pytest.mark.parametrize("language", LANGUAGES)
def test_castle_choice_marks_the_castle_under_the_cursor(display, language):
    scene = GALLERY["castle_choice"](language)
    renderer = draw(scene, SIZES[0])
    marks = renderer.painter.marks_with("setup.cursor")
    assert [m.value for m in marks] == [scene.cursor_choice["castle"]]
    names = {name_of("bestiary.castle", c, language) for c in ("wasteland", "forest_edge")}
    shown = {r.text for r in renderer.painter.texts if r.role.startswith("setup.castle.")}
    assert shown == names


def test_draft_lists_each_army_and_what_it_lacks(display):
    scene = GALLERY["draft"]("ru")
    renderer = draw(scene, SIZES[0])
    for seat in scene.view["seats"]:
        for creature in seat["creatures"]:
            assert duel_labels.creature(creature["id"], None, "ru") in texts(
                renderer, "setup.creature"
            )
        assert (
            name_of("bestiary.class", "intellect", "ru")
            in texts(renderer, f"setup.missing.{seat['seat']}")[0]
        )
    taken = {c["id"] for seat in scene.view["seats"] for c in seat["creatures"]}
    pool = {
        r.role.removeprefix("setup.pool.")
        for r in renderer.painter.texts
        if r.role.startswith("setup.pool.")
    }
    assert pool and not pool & taken


def menu_lines(renderer: Renderer) -> list[str]:
    """The menu's lines as shown, top to bottom (a line wrapped onto two rows, whole)."""
    lines: dict[str, list[str]] = {}
    for record in renderer.painter.texts:
        if record.role.startswith("menu.item."):
            lines.setdefault(record.role, []).append(record.text)
    return [" ".join(pieces) for pieces in lines.values()]


def test_menu_marks_the_item_under_the_cursor(display):
    scene = GALLERY["menu"]("en")
    assert scene.ui.menu_open
    renderer = draw(scene, SIZES[1])
    assert renderer.drawn == ["menu"]
    marks = renderer.painter.marks_with("menu.cursor")
    assert [m.value for m in marks] == [scene.menu[scene.ui.menu_cursor]]
    shown_lines = menu_lines(renderer)  # a window of the menu when it is long
    start = scene.menu.index(shown_lines[0])
    assert shown_lines == list(scene.menu[start : start + len(shown_lines)])
    sound = scene.menu.index(text("ui.menu.sound_on", "en"))
    at_sound = replace(scene.ui, menu_cursor=sound)
    assert text("ui.menu.sound_on", "en") in menu_lines(
        draw(samples.scene_of(scene.spec, scene.spec.rules.start({}), at_sound), SIZES[1])
    )
    muted = samples.scene_of(scene.spec, scene.spec.rules.start({}), replace(at_sound, muted=True))
    shown = menu_lines(draw(muted, SIZES[1]))
    assert text("ui.menu.sound_off", "en") in shown
    assert text("ui.menu.sound_on", "en") not in shown
    # A long list (the game log: 120 sentences, newest last, some wider than the panel)
    # scrolls to keep the cursor in view, the line under it whole, the rest at 5 mm.
    said = tuple(
        f"Period {n}: Anna's Lupus attacks Boris's castle for {n % 7} damage" * (1 + n % 2)
        for n in range(1, 121)
    )
    for cursor in (119, 60, 0):
        log = replace(scene, listing=ListPicture("Game log", said, cursor))
        for size in SIZES:
            renderer = draw(log, size)
            assert said[cursor] in menu_lines(renderer)
            assert renderer.painter.marks_with("menu.cursor")[0].value == said[cursor]
            rows = [r.role for r in renderer.painter.texts if r.role.startswith("menu.item.")]
            shown = sorted({int(role.removeprefix("menu.item.")) for role in rows})
            assert shown == list(range(shown[0], shown[-1] + 1))  # a window of the log
            assert cursor in shown and len(shown) < len(said)
            assert len(shown) >= (3 if size == SIZES[1] else 1)
            where = texts(renderer, "menu.more")
            assert len(where) == 1 and where[0].endswith("/120")
            floor = renderer.layout.min_text
            assert all(r.px >= floor for r in renderer.painter.texts if r.text.strip())
            cursor_row = [r for r in renderer.painter.texts if r.role == f"menu.item.{cursor}"]
            assert all(r.fits for r in cursor_row)


@pytest.mark.parametrize("language", LANGUAGES)
def test_victory_shows_the_winner_and_the_damage_over_time(display, language):
    scene = GALLERY["victory"](language)
    view = scene.view
    renderer = draw(scene, SIZES[1])
    assert texts(renderer, "victory.title") == [
        text("ui.victory.wins", language, player=view["winner"]["name"])
    ]
    for index, seat in enumerate(view["seats"]):
        series = renderer.painter.marks_with(f"victory.series.{seat['seat']}")[0].value
        expected = ",".join(
            f"{e['period']}:{e['castle_damage'][index]}" for e in view["damage_log"]
        )
        assert series == expected
        # Each castle's final damage as a big numeral, its bar filled as far.
        final = f"{seat['castle_damage']}/{seat['scale_length']}"
        assert texts(renderer, f"victory.final.{seat['seat']}") == [final]
        bar = renderer.painter.marks_with(f"victory.final.{seat['seat']}")[0]
        assert bar.value == str(seat["castle_damage"])
    assert (
        text(f"bestiary.ui.victory.by.{'siege'}", language).lower()
        in " ".join(texts(renderer, "victory.summary")).lower()
    )
    # On the 3.5-inch panel the chart has no room at 5 mm: the final numbers stay.
    small = draw(scene, SIZES[0])
    assert not small.painter.marks_with("victory.chart")
    for seat in view["seats"]:
        assert texts(small, f"victory.final.{seat['seat']}") == [
            f"{seat['castle_damage']}/{seat['scale_length']}"
        ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_notice_from_the_controls_is_shown(display, language):
    spec = games.find("bestiary")
    state = samples.play(spec, DUEL_SETUP, (*DRAFT, *DRAFT_END, *MIDGAME))
    ui = UiState(language=language).say("hardware.not_your_turn", 1.0, refused=True, player="Anna")
    renderer = draw(samples.scene_of(spec, state, ui), SIZES[0])
    assert renderer.drawn == ["board"]
    assert texts(renderer, "notice") == [text("hardware.not_your_turn", language, player="Anna")]
    assert texts(renderer, "notice") == [
        {"en": "It is Anna's turn.", "ru": "Сейчас ходит Anna."}[language]
    ]
