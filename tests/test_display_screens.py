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
from companion.display.scene import ListPicture
from companion.games.bestiary import labels as duel_labels
from companion.games.bestiary.samples import DRAFT, DRAFT_END, DUEL_SETUP, MIDGAME
from companion.i18n import name_of, text
from companion.ring_geometry import RingGeometry, angle_of, within
from companion.rules.sigil import sector_of
from companion.snapshot import UiState
from tests.screen_helpers import draw, pixel, texts

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


def tokens_are_dots_in_their_sectors(renderer: Renderer, view, size) -> None:
    painter = renderer.painter
    # Every token is a dot in its owner's colour, no word on it, in the sector of its
    # return; the one coming back next period is ringed (the ring pulses it).
    assert view["tokens"], "the sample should have tokens on the sigil"
    disc = painter.marks_with("sigil.disc")[0].rect
    assert not [r for r in painter.texts if r.role.startswith("sigil.token")]
    for token in view["tokens"]:
        marks = painter.marks_with(f"sigil.token.{token['creature']}.{token['ability']}")
        assert [m.value for m in marks] == [f"{token['owner']}:{token['returns_at_period']}"]
        dot = marks[0].rect
        assert pixel(renderer, dot.center) == theme.seat_colour(token["owner"])
        rim = pixel(renderer, (dot.left + 1, dot.centery))
        due = token["returns_at_period"] == view["period"] + 1
        assert (rim == theme.TEXT) == due, (token, rim)
        sector = sector_of(token["returns_at_period"])
        start, end = RingGeometry().sector_span(sector)
        assert within(angle_of(disc.center, dot.center), start, end)
        if size == SIZES[1]:  # the 7" panel has room for each sector's 5 mm digit
            assert texts(renderer, f"sigil.sector.{sector}") == [str(token["returns_at_period"])]


def acting_army_in_full(renderer: Renderer, view, size, language: str) -> None:
    painter = renderer.painter
    # The acting seat's creatures in full: name, wounds, each ability ✓ or its period,
    # a shape for the inactive one, its effects with the period they end in. The other
    # seat's wait for its turn. When a two-line event takes a row, the rows shown say so.
    acting = view["turn"]["seat"]
    shown = []
    for seat in view["seats"]:
        for creature in seat["creatures"]:
            ident = creature["id"]
            names = texts(renderer, f"creature.name.{ident}")
            wounds = painter.marks_with(f"creature.wounds.{ident}")
            if seat["seat"] != acting or not names:
                assert names == [] and wounds == []
                continue
            shown.append(creature)
            assert names == [duel_labels.creature(ident, creature["name"], language)]
            assert [w.value for w in wounds] == [f"{creature['wounds']}/{creature['vitality']}"]
            first = theme.WOUND if creature["wounds"] else theme.HEALTH
            assert pixel(renderer, (wounds[0].rect.left + 1, wounds[0].rect.centery)) == first
            for ability in creature["abilities"]:
                said = "✓" if ability["ready"] else str(ability["returns_at_period"])
                assert texts(renderer, f"ability.{ident}.{ability['id']}") == [said]
            [state] = painter.marks_with(f"creature.state.{ident}")
            assert state.value == ("inactive" if creature["inactive"] else "ready")
            if creature["inactive"]:
                badge = state.rect
                shape = {
                    pixel(renderer, (x, y))
                    for x in range(badge.left, badge.right)
                    for y in range(badge.top, badge.bottom)
                }
                assert theme.NEGATIVE in shape
    army = next(s["creatures"] for s in view["seats"] if s["seat"] == acting)
    if len(shown) < len(army):
        first = army.index(shown[0]) + 1
        [more] = painter.marks_with("creature.more")
        assert more.value == f"{first}-{first + len(shown) - 1}/{len(army)}"
        assert len(shown) >= 2 and size == SIZES[0]
    assert any(c["inactive"] for c in shown)
    checked = 0
    for effect in view["effects"]:
        said = texts(renderer, f"effect.{effect['creature']}.{effect['kind']}")
        if effect["creature"] in {c["id"] for c in shown}:
            assert len(said) == 1 and str(effect["ends_at_period"]) in said[0]
            checked += 1
        else:
            assert said == []
    assert checked


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("language", LANGUAGES)
def test_board_shows_turn_phase_period_damage_tokens_and_prompt(display, size, language):
    scene = GALLERY["board_midgame"](language)
    view = scene.view
    renderer = draw(scene, size)
    painter = renderer.painter
    assert texts(renderer, "banner.seat") == [view["turn"]["name"]]
    assert texts(renderer, "banner.phase") == [
        labels.first_upper(name_of("bestiary.phase", view["phase"], language))
    ]
    assert texts(renderer, "banner.counter") == [str(view["period"])]
    # Both castles' damage: a numeral, and a scale filled as far as the damage goes.
    for seat in view["seats"]:
        number, damage, length = seat["seat"], seat["castle_damage"], seat["scale_length"]
        assert texts(renderer, f"castle.damage.{number}") == [f"{damage}/{length}"]
        [scale] = painter.marks_with(f"castle.scale.{number}")
        assert scale.value == f"{damage}/{length}"
        bar = scale.rect
        expected = theme.DAMAGE if damage else theme.DAMAGE_EMPTY
        assert pixel(renderer, (bar.left + 1, bar.bottom - 2)) == expected
        assert pixel(renderer, (bar.right - 2, bar.bottom - 2)) == theme.DAMAGE_EMPTY
    tokens_are_dots_in_their_sectors(renderer, view, size)
    assert painter.marks_with("sigil.sun")[0].value == str(view["sigil"]["sun_sector"])
    acting_army_in_full(renderer, view, size, language)
    assert texts(renderer, "prompt")
    chosen = duel_labels.choice(view, scene.cursor_choice, language)
    assert chosen in texts(renderer, "prompt.choice")[0]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_board_opens_the_castle_whose_turn_it_is(display, size):
    scene = GALLERY["board_midgame"]("en")
    boris = replace(scene, prompt={**scene.prompt, "seat": 2})
    for shown, opened, folded in ((scene, "saxum", "vinctum"), (boris, "vinctum", "saxum")):
        renderer = draw(shown, size)
        assert texts(renderer, f"creature.name.{opened}") == [
            duel_labels.creature(opened, None, "en")
        ]
        assert texts(renderer, f"creature.name.{folded}") == []
        assert texts(renderer, "castle.damage.1") and texts(renderer, "castle.damage.2")


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


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_draft_lists_each_army_and_what_it_lacks(display, size):
    scene = GALLERY["draft"]("ru")
    renderer = draw(scene, size)
    acting = scene.prompt["seat"]
    for seat in scene.view["seats"]:
        number = seat["seat"]
        names = [duel_labels.creature(c["id"], None, "ru") for c in seat["creatures"]]
        missing = texts(renderer, f"setup.missing.{number}")
        if size == SIZES[0] and number != acting:
            # the small panel shows the summoning seat's army; the other's on its turn
            assert missing == [] and not set(names) & set(texts(renderer, "setup.creature"))
            continue
        assert missing == [name_of("bestiary.class", "intellect", "ru")]
        shown = [n for n in names if n in texts(renderer, "setup.creature")]
        if size == SIZES[1]:
            assert shown == names
        else:  # short of lines, the newest summons stay (the cards are on the table)
            assert shown and shown == names[len(names) - len(shown) :]
    taken = {c["id"] for seat in scene.view["seats"] for c in seat["creatures"]}
    pool = {
        r.role.removeprefix("setup.pool.")
        for r in renderer.painter.texts
        if r.role.startswith("setup.pool.")
    }
    assert pool and not pool & taken
    listed = [c["creature"] for c in scene.choices] + [
        e["action"].get("creature") or "new" for e in scene.prompt.get("entries") or []
    ]
    [cursor] = renderer.painter.marks_with("setup.cursor")
    assert cursor.value == listed[scene.ui.cursor % len(listed)] and cursor.value in pool
    assert pixel(renderer, (cursor.rect.left + 3, cursor.rect.centery)) == theme.HIGHLIGHT


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
