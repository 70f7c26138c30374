"""The simulator: the real app behind fake hardware, driven by keys and the mouse."""

from __future__ import annotations

import math
import os
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from companion.app import build_app
from companion.config import load
from companion.display import theme
from companion.display.sim import Simulator, choose_driver, open_window, sim_main, strip_colour
from companion.display.sound import Sounds
from companion.i18n import text
from companion.ring_geometry import RingGeometry, point
from companion.seats import SEAT_COLOURS
from tests.test_controls import DUEL_SETUP


@pytest.fixture
def sim(tmp_path):
    app = build_app(load(None), fakes=True, journal_path=tmp_path / "journal.sqlite")
    window, headless = open_window((480 + 260, 420), True, "en")
    simulator = Simulator(app, window, (480, 320), sounds=Sounds(muted=True), headless=headless)
    app.subscribe(simulator)
    app.start()
    simulator.step()
    yield simulator
    simulator.app.close()
    pygame.display.quit()


def tap(sim: Simulator, key: int) -> None:
    """A key pressed and released as a hand would: held past the debounce time."""
    sim.key(key, True)
    sim.step()
    time.sleep(0.05)
    sim.key(key, False)
    sim.step()
    time.sleep(0.05)
    sim.step()


def summon_armies(sim):
    """The six summons, as the players' presses would give them (the key flow of one is
    tested below; the rest are played straight into the app)."""
    for action in DUEL_SETUP[1:]:
        sim.app.apply(action)
    sim.step()


def test_keys_choose_a_castle_and_summon_a_creature_from_the_library(sim):
    assert sim.app.snapshot.prompt.kind == "choose_castle"
    tap(sim, pygame.K_DOWN)  # seat 1's blue: the next castle
    assert sim.scene().ui.cursor == 1
    tap(sim, pygame.K_RETURN)  # seat 1's cyan: choose it
    view = sim.app.view
    assert view["seats"][0]["castle"] == "forest_edge"
    prompt = sim.app.snapshot.prompt
    assert prompt.kind == "summon" and prompt.entries  # the library's cards, no demo army
    assert sum(len(seat["creatures"]) for seat in view["seats"]) == 0
    tap(sim, pygame.K_RETURN)  # the first card: its blanks are asked
    assert sim.renderer.drawn[-1] == "entry"
    tap(sim, pygame.K_SPACE)  # NEXT: every value as it starts
    creatures = [c for seat in sim.app.view["seats"] for c in seat["creatures"]]
    assert len(creatures) == 1 and sim.app.snapshot.prompt.kind == "summon"
    assert sim.scene().note == ""


def test_next_turns_the_period_and_the_ring_lights_the_sun_sector(sim):
    tap(sim, pygame.K_RETURN)
    summon_armies(sim)
    tap(sim, pygame.K_SPACE)  # NEXT: no sensor, so it turns the disc
    assert sim.app.view["period"] == 1
    frame = sim.app.adapters.ring.last
    per = len(frame) // 6
    assert all(any(colour) for colour in frame[:per])  # sector 1 is under the sun
    assert sim.renderer.painter.texts_with("banner.counter")[0].text == "1"
    # The ring as drawn beside the screen: an LED of sector 1 is lit in the window.
    cx, cy = sim.geometry.disc_centre
    radius = sim.geometry.disc_radius
    angle = math.radians(90 - 0.5 * 360 / len(frame))
    led = (round(cx + (radius - 6) * math.cos(angle)), round(cy - (radius - 6) * math.sin(angle)))
    assert sum(sim.window.get_at(led)[:3]) > 300


def test_seat_keys_and_mouse_press_the_fake_buttons(sim):
    tap(sim, pygame.K_a)  # seat 2's red: not seat 2's turn
    names = [name for name, pressed, _ in sim.panel.history if pressed]
    assert names == ["seat2.red"]
    assert "no" in sim.app.adapters.buzzer.cues
    assert sim.scene().note  # the refusal is said on screen
    rect = sim.geometry.buttons["seat1.blue"]
    sim.mouse(rect.center, True)
    sim.step()
    time.sleep(0.05)
    sim.mouse(rect.center, False)
    sim.step()
    assert sim.panel.history[-1][:2] == ("seat1.blue", False)
    assert sim.scene().ui.cursor == 1


def test_the_disc_turns_by_key_wheel_and_click(sim):
    tap(sim, pygame.K_RETURN)
    summon_armies(sim)
    tap(sim, pygame.K_RIGHT)  # the disc: one sector clockwise starts period 1
    assert sim.app.view["period"] == 1
    assert sim.disc.history[-1][0] == 1
    sim.mouse((0, 0), False, wheel=-1)
    sim.step()
    assert sim.disc.history[-1][0] == -1
    cx, cy = sim.geometry.disc_centre
    sim.mouse((cx + 10, cy), True)
    assert sim.disc.history[-1][0] == 1


def test_undo_key_undoes(sim):
    tap(sim, pygame.K_RETURN)
    head = sim.app.table.head
    tap(sim, pygame.K_BACKSPACE)
    time.sleep(0.4)  # a single press is known once no second press follows
    sim.step()
    assert sim.app.table.head == head - 1
    assert sim.app.snapshot.prompt.kind == "choose_castle"


def test_an_idle_simulator_draws_nothing_and_sleeps(sim):
    tap(sim, pygame.K_RETURN)
    time.sleep(0.7)  # any animation is over
    sim.step()
    frames = sim.renderer.frames
    assert not sim.step()
    assert sim.renderer.frames == frames
    assert sim.timeout() is None  # nothing to wake for but input


def test_sim_main_headless_runs_and_saves_a_screenshot(tmp_path):
    shot = tmp_path / "sim.png"
    code = sim_main(
        [
            "--headless",
            "--seconds",
            "0.3",
            "--size",
            "480x320",
            "--lang",
            "ru",
            "--mute",
            "--screenshot",
            str(shot),
            "--journal",
            str(tmp_path / "j.sqlite"),
        ]
    )
    assert code == 0
    assert pygame.image.load(str(shot)).get_size()[0] >= 480 + 260


def test_manus_in_the_simulator(tmp_path):
    code = sim_main(
        [
            "--headless",
            "--seconds",
            "0.2",
            "--game",
            "manus",
            "--mute",
            "--journal",
            str(tmp_path / "m.sqlite"),
        ]
    )
    assert code == 0


def test_a_bad_size_is_one_clear_message(capsys):
    with pytest.raises(SystemExit) as stop:
        sim_main(["--size", "big"])
    assert stop.value.code == 2
    assert "WIDTHxHEIGHT" in capsys.readouterr().err


def test_no_display_means_the_dummy_driver():
    assert choose_driver(True, {"DISPLAY": ":0"}) == "dummy"
    assert choose_driver(False, {"DISPLAY": ":0"}) is None
    if sys.platform.startswith("linux"):
        assert choose_driver(False, {}) == "dummy"


def test_without_a_display_the_simulator_says_so_and_runs(tmp_path):
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
    }
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "companion.display.sim",
            "--seconds",
            "0.2",
            "--mute",
            "--journal",
            str(tmp_path / "j.sqlite"),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert text("ui.sim.headless", "en") in result.stderr


def test_sim_with_the_virtual_pico_turns_the_period_from_its_disc(tmp_path):
    """`companion sim --bridge virtual`: the Right key turns the magnets of a virtual Pico
    (the firmware's own loop on a pty); the step comes back over the serial link, the
    period advances, and the frame the Pico's strip shows lights the new sun sector."""
    from companion.display.sim import _configured, build_parser  # noqa: PLC0415

    config = _configured(build_parser().parse_args(["--bridge", "virtual"]))
    app = build_app(config, fakes=False, journal_path=tmp_path / "journal.sqlite")
    window, headless = open_window((480 + 260, 420), True, "en")
    sim = Simulator(app, window, (480, 320), sounds=Sounds(muted=True), headless=headless)
    app.subscribe(sim)
    app.start()
    try:
        pico = sim.virtual_pico
        assert pico is not None and sim.disc is pico
        assert app.adapters.link.wait_linked(5)
        tap(sim, pygame.K_RETURN)  # castle
        summon_armies(sim)
        assert app.snapshot.prompt.kind == "turn_disc"
        before = list(pico.ring.pixels)
        tap(sim, pygame.K_RIGHT)
        deadline = time.monotonic() + 5
        while app.view["period"] != 1 and time.monotonic() < deadline:
            sim.step()
            time.sleep(0.01)
        assert app.view["period"] == 1
        deadline = time.monotonic() + 5
        while not any(pico.ring.pixels[:4]) and time.monotonic() < deadline:
            sim.step()
            time.sleep(0.01)
        assert any(any(colour) for colour in pico.ring.pixels[:4]), "sector 1 is dark"
        sim.step()  # the window draws the strip as it is now, though no snapshot changed
        pixels = list(pico.ring.pixels)
        lit = next(i for i, colour in enumerate(pixels) if any(colour) and colour != before[i])
        cx, cy = sim.geometry.disc_centre
        angle = RingGeometry(len(pixels)).physical_angle(lit)
        spot = point((cx, cy), sim.geometry.disc_radius - 6, angle)
        ui = app.snapshot.ui
        shown = strip_colour(pixels[lit], min(ui.brightness, ui.max_brightness))
        assert tuple(sim.window.get_at((round(spot[0]), round(spot[1])))[:3]) == shown
    finally:
        sim.app.close()
        pygame.display.quit()


def test_the_drawn_leds_have_the_strips_colours():
    """Seat 2's blue stays blue: a frame the strip has yet to scale is drawn as it is, and
    pixels already scaled (the Pico's) come back by one factor for all three channels."""
    blue = SEAT_COLOURS[1]
    assert strip_colour(blue) == blue
    scaled = tuple(round(c * 0.4) for c in blue)
    back = strip_colour(scaled, 0.4)  # type: ignore[arg-type]
    assert max(back) <= 255 and back.index(max(back)) == blue.index(max(blue))
    ratios = [c / max(back) for c in back]
    assert ratios == pytest.approx([c / max(blue) for c in blue], abs=0.02)


def test_the_ring_beside_the_screen_shows_the_frame_colours(sim):
    tap(sim, pygame.K_RETURN)
    summon_armies(sim)
    tap(sim, pygame.K_SPACE)  # NEXT: period 1, the sun on sector 1
    assert sim.app.config.brightness < 1  # 0.3: it was divided out, and blue went cyan
    frame = sim.app.adapters.ring.last
    cx, cy = sim.geometry.disc_centre
    radius = sim.geometry.disc_radius
    spot = point((cx, cy), radius - 6, RingGeometry(len(frame)).physical_angle(0))
    assert tuple(sim.window.get_at((round(spot[0]), round(spot[1])))[:3]) == frame[0]


def sun_pointer_sector(sim) -> int:
    cx, cy = sim.geometry.disc_centre
    radius = sim.geometry.disc_radius - 16
    for sector in range(1, 7):
        spot = point((cx, cy), radius * 0.6, RingGeometry().sector_centre(sector))
        if tuple(sim.window.get_at((round(spot[0]), round(spot[1])))[:3]) == theme.SUN:
            return sector
    return 0


def test_the_drawn_disc_follows_next_and_resume(tmp_path, sim):
    tap(sim, pygame.K_RETURN)
    summon_armies(sim)
    for period in (1, 2):
        for _ in range(12):  # the first seat's and the second seat's phases, passed
            phase = sim.app.view["phase"]
            if phase in ("turn_disc", None):
                break
            passing = {"do": "siege", "towers": []} if phase == "siege" else {"do": "end_phase"}
            sim.app.apply(passing)
        sim.step()
        tap(sim, pygame.K_SPACE)  # NEXT, no disc turned: the drawn disc follows it
        assert sim.app.view["period"] == period
        sim.step()
        assert sun_pointer_sector(sim) == period
    # The same game resumed in a fresh simulator: its disc shows period 2 at once.
    sim.app.stop()
    sim.app.close()
    app = build_app(load(None), fakes=True, journal_path=tmp_path / "journal.sqlite")
    window, headless = open_window((480 + 260, 420), True, "en")
    again = Simulator(app, window, (480, 320), sounds=Sounds(muted=True), headless=headless)
    app.subscribe(again)
    app.start()
    again.step()
    assert again.app.view["period"] == 2
    assert sun_pointer_sector(again) == 2
    again.app.close()


def test_a_four_player_game_gets_four_rows_of_buttons_and_seat_four_plays(tmp_path):
    """A Four-path game of two teams resumed from the journal: the configuration wires
    two seats, yet each of the four players has a row of buttons, and seat 4's keys (1 2 3
    4) act when the prompt is Dmitri's."""
    from companion.display.sim import _configured, build_parser  # noqa: PLC0415
    from companion.journal import Journal  # noqa: PLC0415
    from companion.table import Table  # noqa: PLC0415

    path = tmp_path / "journal.sqlite"
    table = Table.new_game(
        Journal(path), "four_path", {"players": ["Anna", "Boris", "Clara", "Dmitri"]}
    )
    table.apply({"do": "ban", "creature": "Carnifex"})  # Anna; now Boris bans
    table.journal.close()
    config = _configured(build_parser().parse_args(["--journal", str(path)]))
    app = build_app(config, fakes=True, journal_path=path)
    window, headless = open_window((480 + 260, 420), True, "en")
    simulator = Simulator(app, window, (480, 320), sounds=Sounds(muted=True), headless=headless)
    app.subscribe(simulator)
    try:
        app.start()
        simulator.step()
        rows = {name.split(".")[0] for name in simulator.geometry.buttons if "." in name}
        assert rows == {"seat1", "seat2", "seat3", "seat4"}
        app.apply({"do": "ban", "creature": "Toxicum"})  # Boris
        app.apply({"do": "ban", "creature": "Malleus"})  # Clara; now Dmitri bans
        simulator.step()
        assert app.snapshot.prompt.seat == 4
        tap(simulator, pygame.K_3)  # seat 4's cyan: takes the first choice
        assert app.view["draft"]["banned"][-1]["seat"] == 4
    finally:
        simulator.app.close()
        pygame.display.quit()


def test_the_simulator_is_an_output_of_the_apps_own_loop(tmp_path):
    """No loop of its own: ``run`` is the app's loop (``App.run``), the window one of its
    outputs, shown each snapshot on the loop's thread; ``--seconds`` ends it with a Stop
    on the queue."""
    from companion.app import ButtonEdge  # noqa: PLC0415

    app = build_app(load(None), fakes=True, journal_path=tmp_path / "journal.sqlite")
    window, headless = open_window((480 + 260, 420), True, "en")
    sim = Simulator(app, window, (480, 320), sounds=Sounds(muted=True), headless=headless)
    app.subscribe(sim)
    assert sim in app.outputs
    running_when_shown: list[bool] = []

    class Witness:
        def show(self, snapshot):
            running_when_shown.append(app.running)

        def close(self):
            pass

    app.outputs.add(Witness())
    at = time.monotonic()
    app.post(ButtonEdge("seat1.blue", True, at))  # handled once the loop runs
    app.post(ButtonEdge("seat1.blue", False, at + 0.05))
    try:
        sim.run(0.3)
        assert not app.running  # it returned: the deadline's Stop
        assert running_when_shown == [True]  # the press, shown from inside App.run
        assert sim.snapshot is app.snapshot and sim.scene().ui.cursor == 1
        assert sim.renderer.frames >= 2  # the first picture, then the cursor moving
    finally:
        app.close()
        pygame.display.quit()


def test_the_headless_simulator_stops_on_sigterm(tmp_path: Path) -> None:
    """A headless simulator (a CI job, a script) stopped as systemd or `kill` stops a
    program: it closes and exits at once (its loop sleeps on its queue, where SDL's quit
    event never arrives)."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    journal = tmp_path / "sim.sqlite"
    command = [sys.executable, "-m", "companion", "sim", "--headless", "--journal", str(journal)]
    log = tmp_path / "sim.log"
    with log.open("wb") as out:
        process = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        for _ in range(300):  # running once its journal holds the game
            if journal.exists() and journal.stat().st_size > 0:
                break
            time.sleep(0.05)
        time.sleep(1.0)
        assert process.poll() is None, log.read_text(errors="replace")
        process.terminate()
        assert process.wait(10) == 0, log.read_text(errors="replace")
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
