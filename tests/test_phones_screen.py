"""MENU, Phones: each seat's code opens that seat's page, and only the box's screen shows
the table token.

Drawn with real pygame (SDL's dummy driver) at both panel sizes and in both languages:
the modules on the screen are segno's matrix of the seat's address, module for module;
a QR decoder (zxing-cpp, when installed) reads the seat's address back from the pixels;
each seat's page carries its own token and no other's; nothing is under 5 mm. And on the
box with its server running, the code read off the screen opens that seat's page.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest
import segno

from companion import controls, games
from companion.app import start_web
from companion.config import WebSettings, load
from companion.display.layout import SIZES
from companion.display.renderer import Renderer
from companion.display.scene import Scene
from companion.display.screens.phones import LIGHT, qr_matrix
from companion.input_timing import PRESS, Gesture
from companion.snapshot import Snapshot, UiState, WebAccess, of_state
from tests.test_controls import close_apps, make_app  # noqa: F401 (the fixture closes apps)

WEB = WebAccess(
    "http://192.168.100.200:8080",
    "Qx7-Lm2_Vb9Tz4Kp",
    ("aB3_x-Yz9Qw2LmNo", "Rt5uI8oP-1_sDf6G", "hJ4kL7zX_cV2bN9m"),
)
PLAYERS = ["Anna", "Boris", "Vera"]
LANGUAGES = ("en", "ru")


@pytest.fixture(autouse=True, scope="module")
def display() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.display.quit()


def table(page: int = 0, language: str = "en", web: WebAccess | None = WEB) -> Snapshot:
    """A game of three on the table, MENU, Phones open at ``page``."""
    spec = next(
        s
        for s in games.GAMES.values()
        if 3 in (s.player_counts or range(s.players[0], s.players[1] + 1))
    )
    state = spec.rules.start({**spec.example_setup, "players": PLAYERS})
    ui = UiState(language=language, modes=("phones",), phone_page=page)
    return replace(of_state(spec, state, ui), web=web, setup={"players": PLAYERS})


def draw(snap: Snapshot, size: tuple[int, int]) -> Renderer:
    renderer = Renderer(pygame.Surface(size))
    renderer.render(Scene.of(snap), 0.0)
    return renderer


def modules_drawn(renderer: Renderer) -> tuple[tuple[bool, ...], ...]:
    """The code read back from the screen's pixels: each module's centre, dark or not."""
    (mark,) = renderer.painter.marks_with("phones.modules")
    left, top, module, count = mark.rect.left, mark.rect.top, mark.rect.width, mark.rect.height
    surface = renderer.surface
    return tuple(
        tuple(
            sum(
                surface.get_at((left + x * module + module // 2, top + y * module + module // 2))[
                    :3
                ]
            )
            < 3 * 128
            for x in range(count)
        )
        for y in range(count)
    )


def texts(renderer: Renderer) -> str:
    return "\n".join(record.text for record in renderer.painter.texts)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seat", [1, 2, 3])
def test_a_seat_page_draws_segnos_matrix_of_that_seats_address(
    seat: int, size: tuple[int, int]
) -> None:
    renderer = draw(table(seat - 1), size)
    address = f"http://192.168.100.200:8080/seat/{WEB.seats[seat - 1]}"
    (mark,) = renderer.painter.marks_with("phones.modules")
    assert mark.value == address
    expected = tuple(
        tuple(bool(m) for m in row) for row in segno.make_qr(address, error="m").matrix
    )
    assert qr_matrix(address) == expected
    assert modules_drawn(renderer) == expected
    module = mark.rect.width
    assert module * 0.154 >= 0.75 if size == (480, 320) else module * 0.191 >= 1.5  # mm


@pytest.mark.parametrize("size", SIZES)
def test_the_quiet_zone_round_the_code_is_white(size: tuple[int, int]) -> None:
    renderer = draw(table(0), size)
    (square,) = renderer.painter.marks_with("phones.qr")
    (modules,) = renderer.painter.marks_with("phones.modules")
    quiet = modules.rect.left - square.rect.left
    assert quiet >= 2 * modules.rect.width
    surface = renderer.surface
    for x in range(square.rect.left, square.rect.right):
        assert surface.get_at((x, square.rect.top + quiet // 2))[:3] == LIGHT
        assert surface.get_at((x, square.rect.bottom - 1 - quiet // 2))[:3] == LIGHT


@pytest.mark.parametrize("size", SIZES)
def test_a_decoder_reads_the_seats_address_from_the_screen(size: tuple[int, int]) -> None:
    zxingcpp = pytest.importorskip("zxingcpp")
    for seat in (1, 2, 3):
        renderer = draw(table(seat - 1), size)
        width, height = size
        pixels = pygame.image.tobytes(renderer.surface, "RGB")
        image = memoryview(pixels).cast("B", (height, width, 3))
        found = [result.text for result in zxingcpp.read_barcodes(image)]
        assert found == [WEB.seat_address(seat)]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_each_seat_page_shows_its_own_name_and_no_other_token(
    size: tuple[int, int], language: str
) -> None:
    for seat, name in enumerate(PLAYERS, 1):
        renderer = draw(table(seat - 1, language), size)
        drawn = texts(renderer)
        (title,) = renderer.painter.texts_with("phones.name")
        assert title.text == name
        coded = renderer.painter.marks_with("phones.qr")[0].value
        assert coded.endswith(f"/seat/{WEB.seats[seat - 1]}")
        others = [token for index, token in enumerate(WEB.seats) if index != seat - 1]
        for secret in (*others, WEB.table):
            assert secret not in drawn and secret not in coded
        assert "192.168.100.200:8080" in drawn  # the spectator page's address, typed


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_after_the_seats_the_spectator_code_then_the_table_page_with_its_token(
    size: tuple[int, int], language: str
) -> None:
    spectator = draw(table(3, language), size)
    assert spectator.painter.marks_with("phones.qr")[0].value == "http://192.168.100.200:8080/"
    assert "192.168.100.200:8080" in texts(spectator)
    for secret in (*WEB.seats, WEB.table):
        assert secret not in texts(spectator)
    last = draw(table(4, language), size)
    coded = last.painter.marks_with("phones.qr")[0].value
    assert coded == f"http://192.168.100.200:8080/table/{WEB.table}"
    (token,) = last.painter.texts_with("phones.token")
    assert WEB.table in token.text
    assert not any(seat_token in texts(last) + coded for seat_token in WEB.seats)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_nothing_on_the_phones_pages_is_under_5_mm_or_cut(
    size: tuple[int, int], language: str
) -> None:
    for page in range(5):
        renderer = draw(table(page, language), size)
        floor = renderer.layout.min_text
        for record in renderer.painter.texts:
            assert record.px >= floor, (page, record.text, record.px)
            assert record.fits, (page, record.text, record.box, record.rect)


def press(snap: Snapshot, button: str, kind: str = PRESS) -> controls.Reaction:
    return controls.react(Gesture(button, kind, 0.0), snap, 0.0)


def test_phones_is_in_the_menu_only_while_the_server_is_on() -> None:
    keys_on = [item.key for item in controls.menu_items(phones=True)]
    assert "ui.menu.phones" in keys_on
    assert "ui.menu.phones" not in [item.key for item in controls.menu_items()]
    off = table(web=None)
    assert "Phones: join the game" not in Scene.of(replace(off, ui=UiState())).menu
    assert "Phones: join the game" in Scene.of(replace(table(), ui=UiState())).menu


def test_the_menu_opens_the_pages_red_and_blue_turn_them_yellow_closes() -> None:
    snap = replace(table(), ui=UiState(modes=("menu",)))
    index = [item.key for item in controls.menu_items(phones=True)].index("ui.menu.phones")
    snap = snap.with_ui(replace(snap.ui, menu_cursor=index), 0.0)
    ui = press(snap, "seat2.cyan").ui
    assert ui.mode == "phones" and ui.phone_page == 0
    pages = []
    for _ in range(5):
        ui = press(snap.with_ui(ui, 0.0), "seat3.blue").ui
        pages.append(ui.phone_page)
    assert pages == [1, 2, 3, 4, 0]  # three seats, the spectator page, the table's, round
    assert press(snap.with_ui(replace(ui, phone_page=0), 0.0), "seat1.red").ui.phone_page == 4
    assert press(snap.with_ui(ui, 0.0), "seat1.yellow").ui.modes == ()
    assert press(snap.with_ui(ui, 0.0), "menu").ui.modes == ()
    assert press(snap.with_ui(ui, 0.0), "undo").ui.modes == ()
    refused = press(snap.with_ui(ui, 0.0), "next")
    assert refused.cue == "no" and not refused.commands


def test_with_the_server_off_the_pages_say_so() -> None:
    snap = table(web=None)
    reaction = controls._open_phones(UiState(), snap, 0.0)
    assert reaction.cue == "no"
    assert reaction.ui.notice is not None and reaction.ui.notice.key == "ui.phones.off"


def test_web_access_of_the_hubs_tokens() -> None:
    tokens = {"table": "T", "seats": {"2": "b", "1": "a", "3": "c"}}
    web = WebAccess.of("http://10.0.0.5:8080/", tokens)
    assert web.seats == ("a", "b", "c")
    assert web.seat_address(2) == "http://10.0.0.5:8080/seat/b"
    assert web.spectator_address == "http://10.0.0.5:8080/"


def test_on_the_box_each_code_opens_its_own_seats_page(tmp_path: Path) -> None:
    """The whole way: the app on fake hardware with the server on; MENU held, "Phones"
    chosen with seat 1's buttons; each page's code read off the drawn screen; that
    address, fetched from the running server, is that seat's page; the last page's code
    is the table's page, with the table token."""
    zxingcpp = pytest.importorskip("zxingcpp")
    config = replace(load(None), web=WebSettings(enabled=True, bind="127.0.0.1", port=0))
    d = make_app(tmp_path, config=config)
    running = start_web(d.app)
    assert running is not None
    try:
        while not d.app.events.empty():  # the Refresh the server posted: the address known
            d.app.handle(d.app.events.get(), d.t)
        snap = d.app.snapshot
        assert snap.web is not None
        d.hold("menu", 3.0)
        items = [item.key for item in controls.menu_items(phones=True)]
        for _ in range(items.index("ui.menu.phones")):
            d.tap("seat1.blue")
        d.tap("seat1.cyan")
        assert d.app.ui.mode == "phones"
        seats = len(d.app.view["seats"])
        for seat in range(1, seats + 1):
            renderer = draw(d.app.snapshot, (480, 320))
            pixels = pygame.image.tobytes(renderer.surface, "RGB")
            image = memoryview(pixels).cast("B", (320, 480, 3))
            (address,) = [result.text for result in zxingcpp.read_barcodes(image)]
            token = address.rsplit("/", 1)[1]
            api = address.replace("/seat/", "/api/seat/")
            with urllib.request.urlopen(api, timeout=5) as answer:
                assert json.loads(answer.read())["seat"] == seat
            assert address.startswith(d.app.web_address)
            assert token not in texts(renderer)
            d.tap("seat2.blue")
        d.tap("seat2.blue")  # past the spectator page's code: the table's page
        web = d.app.snapshot.web
        assert web is not None
        last = draw(d.app.snapshot, (480, 320))
        assert web.table in texts(last)
        pixels = pygame.image.tobytes(last.surface, "RGB")
        (address,) = [
            r.text for r in zxingcpp.read_barcodes(memoryview(pixels).cast("B", (320, 480, 3)))
        ]
        assert address == f"{d.app.web_address}/table/{web.table}"
        d.tap("seat1.yellow")
        assert d.app.ui.modes == ()
    finally:
        running.stop()
