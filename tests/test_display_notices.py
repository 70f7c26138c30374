"""What the screen says besides the game: a part replaced by its on-screen fake, the Pico
bridge unplugged, no disc sensor, in English and in Russian; and the menu of the
screenshot gallery, which must be the menu the box offers."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from companion import game_log, games
from companion.app import SensorLink, build_app
from companion.config import load
from companion.controls import menu_items
from companion.display import samples
from companion.display.layout import SIZES
from companion.display.renderer import Renderer
from companion.display.scene import Scene
from companion.display.screen import ScreenOutput
from companion.hardware.ports import ButtonEdge
from companion.i18n import text
from companion.snapshot import HardwareStatus, Snapshot, UiState, of_state
from tests.screen_helpers import draw

LANGUAGES = ("en", "ru")
PARTS = ("buttons", "disc", "leds", "bridge", "buzzer")
# One game screen of each kind a player meets while playing (all have the notice band).
PLAYING = {"castle_choice": "setup", "board_midgame": "board", "manus_vote": "manus"}
# The catalogue's words, pinned: the Russian screen must not fall back to English.
UNPLUGGED = {
    "en": "Disc sensor unplugged: NEXT turns the period.",
    "ru": "Датчик диска отключён: период меняет ДАЛЕЕ.",
}
NO_SENSOR = {
    "en": "No disc sensor: NEXT turns the period.",
    "ru": "Нет датчика диска: период меняет ДАЛЕЕ.",
}
LEDS_REPLACED = {
    "en": "LED ring not found: the screen shows the sigil.",
    "ru": "Кольцо не найдено: сигил показан на экране.",
}


def snapshot_of(name: str, language: str, hardware: HardwareStatus) -> Snapshot:
    """The gallery's sample ``name``, played through its rules, with ``hardware``."""
    for spec in games.GAMES.values():
        for sample in spec.samples:
            if sample.name == name:
                state = samples.play(spec, sample.setup, sample.actions)
                ui = UiState(language=language, cursor=sample.cursor)
                return replace(of_state(spec, state, ui), hardware=hardware)
    raise LookupError(name)


def notice_shown(renderer: Renderer) -> list[str]:
    """The notices as read: a long one wraps onto the second notice line."""
    records = renderer.painter.texts_with("notice")
    return [" ".join(record.text for record in records)] if records else []


def assert_readable(renderer: Renderer, lines: tuple[str, ...]) -> None:
    """Every line is on the screen, whole: in the notice band, not cut, not too small."""
    records = renderer.painter.texts_with("notice")
    assert records, "no notice on the screen"
    shown = " ".join(" ".join(r.text for r in records).split())  # one band or one per line
    for line in lines:
        assert " ".join(line.split()) in shown
    cut = [f"{r.text!r} shown as {r.rect} in {r.box}" for r in records if not r.fits]
    assert not cut, "a note does not fit its band (a player cannot read it): " + "; ".join(cut)
    assert min(r.px for r in records) >= renderer.layout.min_text  # 5 mm on the panel
    # On its own lines: nothing of the board under it.
    band = renderer.framed.middle
    assert all(not r.rect.colliderect(band) for r in records)


# --- (a) parts that do not work as built -------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("part", PARTS)
@pytest.mark.parametrize("name", sorted(PLAYING))
def test_a_part_replaced_by_its_fake_is_said_on_the_screen(
    display: None, name: str, part: str, size: tuple[int, int], language: str
) -> None:
    snap = snapshot_of(name, language, HardwareStatus(replaced=(part,)))
    scene = Scene.of(snap)
    line = text(f"hardware.replaced.{part}", language)
    assert line != f"hardware.replaced.{part}"  # a catalogue entry, not its key
    if language == "ru":
        assert line != text(f"hardware.replaced.{part}", "en")
    assert scene.notes == (line,)
    renderer = draw(scene, size)
    assert renderer.drawn == [PLAYING[name]]
    assert notice_shown(renderer) == [line]
    assert_readable(renderer, (line,))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("name", sorted(PLAYING))
def test_an_unplugged_bridge_is_said_on_the_screen(
    display: None, name: str, size: tuple[int, int], language: str
) -> None:
    unplugged = HardwareStatus(sensor_present=False, bridge="unplugged")
    renderer = draw(Scene.of(snapshot_of(name, language, unplugged)), size)
    assert renderer.drawn == [PLAYING[name]]
    assert notice_shown(renderer) == [UNPLUGGED[language]]
    assert_readable(renderer, (UNPLUGGED[language],))
    # Linked again: the note goes.
    linked = HardwareStatus(sensor_present=True, bridge="linked")
    assert notice_shown(draw(Scene.of(snapshot_of(name, language, linked)), size)) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_missing_disc_sensor_is_said_once(display: None, language: str) -> None:
    missing = HardwareStatus(sensor_present=False)
    renderer = draw(Scene.of(snapshot_of("board_midgame", language, missing)))
    assert notice_shown(renderer) == [NO_SENSOR[language]]
    assert text("hardware.no_sensor", language) == NO_SENSOR[language]
    # A sensor replaced by its fake is said as replaced, not twice.
    replaced = HardwareStatus(replaced=("disc",), sensor_present=False)
    renderer = draw(Scene.of(snapshot_of("board_midgame", language, replaced)))
    assert notice_shown(renderer) == [text("hardware.replaced.disc", language)]
    # Nothing to say when every part works.
    working = snapshot_of("board_midgame", language, HardwareStatus())
    assert working.notices() == ()
    assert notice_shown(draw(Scene.of(working))) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_words_are_the_tables_language(display: None, language: str) -> None:
    snap = snapshot_of("board_midgame", language, HardwareStatus(replaced=("leds",)))
    assert notice_shown(draw(Scene.of(snap))) == [LEDS_REPLACED[language]]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_part_replaced_at_once_is_each_said_in_full(
    display: None, size: tuple[int, int], language: str
) -> None:
    """What ``open_adapters`` reports on a Pi without the GPIO and SPI libraries (and on
    any host without GPIO): four parts replaced, no sensor. The notice lines say the first
    and how many more, at 5 mm, over none of the board; the game log has each in full."""
    hardware = HardwareStatus(replaced=("buttons", "disc", "leds", "buzzer"), sensor_present=False)
    lines = tuple(text(f"hardware.replaced.{p}", language) for p in hardware.replaced)
    snap = snapshot_of("board_midgame", language, hardware)
    assert snap.notices() == lines
    renderer = draw(Scene.of(snap), size)
    more = text("ui.more_notices", language, count=len(lines) - 1)
    shown = " ".join(notice_shown(renderer))
    shown = " ".join(shown.split())
    counted = [text(k, language, count=len(lines) - 1) for k in ("ui.and_more", "ui.more_short")]
    counted.append(f"+{len(lines) - 1}")  # a long Russian notice at 480x320: no room for words
    assert more in shown or shown.endswith(tuple(counted))  # the rest are counted
    assert_readable(renderer, (lines[0],))
    assert renderer.framed.notice_lines == 2
    logged = game_log.lines(snap)
    assert all(game_log.WARNING + line in logged for line in lines)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_refusal_and_a_hardware_note_are_both_readable(
    display: None, size: tuple[int, int], language: str
) -> None:
    ui = UiState(language=language).say("hardware.not_your_turn", 1.0, refused=True, player="Boris")
    snap = replace(
        snapshot_of("board_midgame", language, HardwareStatus(bridge="unplugged")), ui=ui
    )
    lines = (text("hardware.not_your_turn", language, player="Boris"), UNPLUGGED[language])
    assert snap.notices() == lines
    renderer = draw(Scene.of(snap), size)
    if size == (480, 320):  # two lines at 5 mm hold one of them: the refusal, "and 1 more"
        assert_readable(renderer, (lines[0],))
        shown = " ".join(" ".join(notice_shown(renderer)).split())
        assert shown.endswith(text("ui.and_more", language, count=1))
        assert game_log.WARNING + lines[1] in game_log.lines(snap)
    else:
        assert_readable(renderer, lines)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_app_says_the_bridge_went_and_came_back(tmp_path: Path, language: str) -> None:
    config = replace(load(None), language=language)
    app = build_app(config, fakes=True, journal_path=tmp_path / "journal.sqlite")
    try:
        pygame.display.init()
        output = ScreenOutput(app, pygame.display.set_mode(SIZES[0]), clock=lambda: 0.0)
        app.subscribe(output)
        assert notice_shown(output.renderer) == []
        app.handle(SensorLink(False), 1.0)
        assert app.snapshot.hardware.bridge == "unplugged"
        assert notice_shown(output.renderer) == [UNPLUGGED[language]]
        app.handle(SensorLink(True), 2.0)
        assert app.snapshot.hardware.sensor_present
        assert notice_shown(output.renderer) == []
    finally:
        app.close()
        pygame.display.quit()


# --- (b) the gallery's menu is the box's -------------------------------------------------


def menu_lines(renderer: Renderer) -> list[str]:
    return [r.text for r in renderer.painter.texts if r.role.startswith("menu.item.")]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_gallerys_menu_is_the_menu_the_box_offers(display: None, language: str) -> None:
    scene = samples.gallery()["menu"](language)
    assert scene.ui.menu_open and scene.language == language
    offered = tuple(item.label(scene.ui) for item in menu_items())
    assert scene.menu == offered
    # The rematch, one line per registered game, the language and the sound.
    titles = [spec.words("title", language) for spec in games.GAMES.values()]
    plays = [text("ui.menu.play", language, game=title) for title in titles]
    assert offered[:2] == (text("ui.menu.close", language), text("ui.menu.rematch", language))
    assert offered[2 : 2 + len(plays)] == tuple(plays)
    assert text("ui.menu.language", language) in offered
    assert text("ui.menu.sound_on", language) in offered
    renderer = draw(scene, SIZES[1])
    assert renderer.drawn == ["menu"]
    shown = menu_lines(renderer)  # the menu's first lines: the cursor is on the second
    assert len(shown) >= 5 and shown == list(offered[: len(shown)])


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_menu_drawn_by_the_box_is_the_gallerys(tmp_path: Path, language: str) -> None:
    """Hold MENU on the running app: its screen shows the gallery's menu, line for line."""
    config = replace(load(None), language=language)
    app = build_app(config, fakes=True, journal_path=tmp_path / "journal.sqlite")
    try:
        pygame.display.init()
        output = ScreenOutput(app, pygame.display.set_mode(SIZES[1]), clock=lambda: 0.0)
        app.subscribe(output)
        held = config.buttons.menu_hold_ms / 1000
        app.handle(ButtonEdge("menu", True, 10.0), 10.0)
        app.tick(10.0 + held + 0.1)
        app.handle(ButtonEdge("menu", False, 10.0 + held + 0.2), 10.0 + held + 0.2)
        assert app.ui.menu_open
        assert output.renderer.drawn == ["menu"]
        gallery = samples.gallery()["menu"](language)
        shown = menu_lines(output.renderer)
        assert shown == list(gallery.menu[: len(shown)])
        # The same lines but the brightness, which the config sets (the gallery's is full).
        box = Scene.of(app.snapshot).menu
        assert [a for a, b in zip(box, gallery.menu, strict=True) if a != b] == [
            text("ui.menu.brightness", language, percent=round(config.brightness * 100))
        ]
    finally:
        app.close()
        pygame.display.quit()
