"""``companion sim``: the whole box on a laptop.

One window: the screen as the Pi draws it, and beside it the LED ring around a virtual
time disc and the button panel. The keyboard and the mouse press the buttons and turn the
disc through the same fakes the tests use (``companion.hardware.fakes``), so everything
behind them (debounce, holds, controls, table, journal, LED frames, cues) is the real app,
run by its own loop: the window is one more of its outputs (:class:`Simulator`), drawn
from the snapshots the loop hands it, and its keys and mouse are read when the loop
ticks it.

Keys: seat 1 Q W E R, seat 2 A S D F, seat 3 Z X C V, seat 4 1 2 3 4 (red, blue, cyan,
yellow); the arrows Up/Down, Enter and Esc are the red, blue, cyan and yellow buttons of
the seat whose turn it is; Space or N is NEXT, Backspace or U is UNDO (hold to redo), M is
MENU (hold 3 s); Left/Right or [ ] turn the disc. Click a button or the disc's halves;
the mouse wheel turns the disc.
"""

from __future__ import annotations

import argparse
import copy
import logging
import math
import os
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Protocol

import pygame

from companion import games
from companion.display import theme
from companion.display.layout import Layout
from companion.display.paint import Fonts, Painter
from companion.display.renderer import Renderer
from companion.display.scene import Scene
from companion.display.sound import Sounds
from companion.i18n import text
from companion.outputs import SCREEN
from companion.ring_geometry import SECTORS, RingGeometry, point
from companion.rules.base import JSON
from companion.rules.reading import rows
from companion.snapshot import Snapshot

if TYPE_CHECKING:
    from companion.config import Config
    from companion.hardware.ports import LedRing
    from companion.hardware.virtual_pico import VirtualPico
    from companion.loop import App


class Panel(Protocol):
    """The on-screen buttons: the fake panel the app reads."""

    names: tuple[str, ...]

    def press(self, name: str) -> None: ...

    def release(self, name: str) -> None: ...


class Disc(Protocol):
    """What a key or the mouse turns: the fake sensor, or the virtual Pico's magnets."""

    def turn(self, steps: int) -> None: ...


log = logging.getLogger("companion.sim")

SEAT_KEYS = {
    1: (pygame.K_q, pygame.K_w, pygame.K_e, pygame.K_r),
    2: (pygame.K_a, pygame.K_s, pygame.K_d, pygame.K_f),
    3: (pygame.K_z, pygame.K_x, pygame.K_c, pygame.K_v),
    4: (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4),
}
COLOURS = ("red", "blue", "cyan", "yellow")
BUTTON_COLOURS: dict[str, theme.Colour] = {
    "red": (220, 50, 50),
    "blue": (50, 90, 230),
    "cyan": (40, 200, 220),
    "yellow": (240, 210, 40),
}
ACTING_SEAT_KEYS = {
    pygame.K_UP: "red",
    pygame.K_DOWN: "blue",
    pygame.K_RETURN: "cyan",
    pygame.K_KP_ENTER: "cyan",
    pygame.K_ESCAPE: "yellow",
}
PANEL_KEYS = {
    pygame.K_SPACE: "next",
    pygame.K_n: "next",
    pygame.K_BACKSPACE: "undo",
    pygame.K_u: "undo",
    pygame.K_m: "menu",
}
DISC_KEYS = {
    pygame.K_LEFT: -1,
    pygame.K_LEFTBRACKET: -1,
    pygame.K_RIGHT: 1,
    pygame.K_RIGHTBRACKET: 1,
}

INPUT_POLL = 0.025  # seconds between looks at the window's input when idle


@dataclass
class PanelGeometry:
    """Where the simulator's hardware is drawn, for drawing and for mouse hits."""

    disc_centre: tuple[int, int]
    disc_radius: int
    buttons: dict[str, pygame.Rect] = field(default_factory=dict)


def strip_colour(colour: tuple[int, int, int], applied: float = 1.0) -> tuple[int, int, int]:
    """The colour an LED shows, for the window: its hue as the strip emits it. A frame the
    strip has yet to scale (``applied`` 1.0) is drawn as it is; pixels already scaled by a
    brightness (the Pico's) are brought back by one factor for all three channels, never
    past 255 on any, so a blue never drifts to cyan."""
    peak = max(colour)
    if peak == 0 or applied >= 1.0:
        return colour
    factor = min(1.0 / max(applied, 1e-3), 255 / peak)
    r, g, b = colour
    return (round(r * factor), round(g * factor), round(b * factor))


def choose_driver(headless: bool, environ: dict[str, str] | os._Environ[str]) -> str | None:
    """The SDL video driver to force, or None to let SDL choose (a real window)."""
    if headless:
        return "dummy"
    if environ.get("SDL_VIDEODRIVER"):
        return None
    if sys.platform.startswith("linux") and not (
        environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY")
    ):
        return "dummy"
    return None


def open_window(
    size: tuple[int, int], headless: bool, language: str
) -> tuple[pygame.Surface, bool]:
    """The window, or an off-screen surface with the dummy driver; (surface, headless)."""
    forced = choose_driver(headless, os.environ)
    if forced == "dummy" and not headless:
        print(f"companion: {text('ui.sim.headless', language)}", file=sys.stderr)
    if forced:
        os.environ["SDL_VIDEODRIVER"] = forced
    try:
        pygame.display.init()
        surface = pygame.display.set_mode(size)
    except pygame.error as error:
        print(f"companion: {text('ui.sim.headless', language)} ({error})", file=sys.stderr)
        pygame.display.quit()
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        pygame.display.init()
        surface = pygame.display.set_mode(size)
        forced = "dummy"
    pygame.display.set_caption(text("ui.sim.title", language))
    # However it was chosen: with no window there is no input to wait for.
    return surface, pygame.display.get_driver() in ("dummy", "offscreen")


class Simulator:
    """The simulator's window as an output of the app: the screen and, beside it, the
    ring, the disc and the buttons. The app subscribes it (sim.py's main); the app's
    own loop (:meth:`run`, or :meth:`step` a turn at a time) shows it each snapshot and
    ticks it for its input, its animations and the end of ``--seconds``. What it does to
    the table goes through the fake hardware (the panel, the disc) or the queue (Stop)."""

    rank = SCREEN
    name = "simulator"

    def __init__(
        self,
        app: App,
        window: pygame.Surface,
        screen_size: tuple[int, int],
        *,
        sounds: Sounds,
        headless: bool = False,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.app = app
        self.window = window
        self.clock = clock
        self.headless = headless
        self.sounds = sounds
        self.fonts = Fonts()
        self.screen = window.subsurface(pygame.Rect((0, 0), screen_size))
        self.renderer = Renderer(
            self.screen, self.fonts, diagonal_inches=app.config.display.diagonal_inches
        )
        self.panel_rect = pygame.Rect(
            screen_size[0], 0, window.get_width() - screen_size[0], window.get_height()
        )
        self.snapshot: Snapshot = app.snapshot  # the last one shown
        self.geometry = self._geometry()
        self.panel_state: tuple[object, ...] | None = None  # what the panel last showed
        self.panel_draws = 0
        self.held: dict[int, str] = {}  # key -> button name, to release the same button
        self.mouse_button: str | None = None
        self.deadline: float | None = None  # when --seconds are up
        self.draws = 0  # flips of the window

    # --- what is on screen -----------------------------------------------------------------

    def scene(self) -> Scene:
        return Scene.of(self.snapshot)

    def acting_seat(self) -> int:
        seat = self.snapshot.prompt.seat
        return int(seat) if isinstance(seat, int) else 1

    # --- input -------------------------------------------------------------------------------

    @property
    def panel(self) -> Panel:
        panel: Panel = self.app.adapters.buttons  # type: ignore[assignment]  # the sim's fakes
        return panel

    @property
    def virtual_pico(self) -> VirtualPico | None:
        """The virtual Pico behind ``--bridge virtual``, else None."""
        link = self.app.adapters.link
        return link.virtual_pico if link is not None else None

    @property
    def disc(self) -> Disc:
        """What a key or the mouse turns: the virtual Pico's magnets, or the fake sensor."""
        disc: Disc = self.virtual_pico or self.app.adapters.disc  # type: ignore[assignment]
        return disc

    def key(self, key: int, down: bool) -> None:
        if down:
            name = self._button_for_key(key)
            if name is not None:
                self.held[key] = name
                self.panel.press(name)
            elif key in DISC_KEYS:
                self.disc.turn(DISC_KEYS[key])
        else:
            name = self.held.pop(key, None)
            if name is not None:
                self.panel.release(name)

    def _button_for_key(self, key: int) -> str | None:
        for seat, keys in SEAT_KEYS.items():
            if key in keys:
                return f"seat{seat}.{COLOURS[keys.index(key)]}"
        if key in ACTING_SEAT_KEYS:
            return f"seat{self.acting_seat()}.{ACTING_SEAT_KEYS[key]}"
        return PANEL_KEYS.get(key)

    def mouse(self, position: tuple[int, int], down: bool, wheel: int = 0) -> None:
        if wheel:
            self.disc.turn(1 if wheel > 0 else -1)
            return
        if not down:
            if self.mouse_button is not None:
                self.panel.release(self.mouse_button)
                self.mouse_button = None
            return
        for name, rect in self.geometry.buttons.items():
            if rect.collidepoint(position):
                self.mouse_button = name
                self.panel.press(name)
                return
        cx, cy = self.geometry.disc_centre
        if math.hypot(position[0] - cx, position[1] - cy) <= self.geometry.disc_radius:
            self.disc.turn(1 if position[0] >= cx else -1)

    def pygame_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.app.stop()  # a Stop on the loop's queue
        elif event.type in (pygame.KEYDOWN, pygame.KEYUP):
            if (
                event.type == pygame.KEYDOWN
                and event.key == pygame.K_q
                and event.mod & pygame.KMOD_CTRL
            ):
                self.app.stop()
                return
            self.key(event.key, event.type == pygame.KEYDOWN)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self.mouse(event.pos, True)
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            self.mouse(event.pos, False)
        elif event.type == pygame.MOUSEWHEEL:
            self.mouse((0, 0), False, wheel=event.y)

    # --- as an output of the app ---------------------------------------------------------------

    def show(self, snapshot: Snapshot) -> None:
        """A new snapshot: its cue sounds, the screen and the panel are drawn as it says."""
        self.snapshot = snapshot
        if snapshot.cue and not snapshot.ui.muted:
            self.sounds.play(snapshot.cue)
        self._draw(self.clock())

    def next_wake(self, snapshot: Snapshot, now: float) -> float | None:
        """The screen's next animation frame, a look at the window's input (never with
        the dummy driver: it has none), the end of ``--seconds``."""
        waits = [self.renderer.next_frame_in(now)]
        if not self.headless:
            waits.append(INPUT_POLL)
        if self.deadline is not None:
            waits.append(max(0.0, self.deadline - now))
        due = [wait for wait in waits if wait is not None]
        return min(due) if due else None

    def tick(self, snapshot: Snapshot, now: float) -> None:
        """The window's input (keys and the mouse press the fakes, whose events the loop
        handles next), an animation's frame, the ring's frame beside the screen."""
        if self.deadline is not None and now >= self.deadline:
            self.deadline = None
            self.app.stop()
        for event in pygame.event.get():
            self.pygame_event(event)
        self._draw(now)

    def close(self) -> None:
        """The sounds (the app closes its outputs as it closes)."""
        self.sounds.close()

    def _draw(self, now: float) -> bool:
        drew = self.renderer.render(self.scene(), now)
        drew = self._draw_panel() or drew
        if drew:
            pygame.display.flip()
            self.draws += 1
        return drew

    # --- running ---------------------------------------------------------------------------------

    def step(self) -> bool:
        """One turn of the app's loop without waiting (tests): what the fakes reported,
        the timers; True if the window was drawn."""
        draws = self.draws
        self.app.turn()
        return self.draws != draws

    def timeout(self) -> float | None:
        """Seconds until the loop wakes with no input, or None while it sleeps."""
        return self.app.next_wake(self.clock())

    def run(self, seconds: float | None = None) -> None:
        """The app's loop, until the window closes (or ``seconds`` pass)."""
        if seconds is not None:
            self.deadline = self.clock() + seconds
        self.app.run()

    # --- the hardware beside the screen --------------------------------------------------------

    def _seats_shown(self) -> int:
        """The rows of seat buttons: one per player of the game on the table (a game
        resumed or started from the menu may seat more than the config names)."""
        players = len(rows(self.snapshot.view.get("seats")))
        return max(2, min(players, len(SEAT_KEYS)))

    def _geometry(self) -> PanelGeometry:
        panel = self.panel_rect
        shown = self._seats_shown()
        seats = sorted(
            {name.split(".")[0] for name in self.panel.names if name.startswith("seat")},
            key=lambda seat: int(seat[4:]),
        )[:shown]
        button_rows = len(seats) + 1
        row_height = min(44, max(28, panel.height // (button_rows + 5)))
        buttons_height = row_height * button_rows
        radius = max(40, min(panel.width // 2 - 24, (panel.height - buttons_height - 40) // 2))
        centre = (panel.centerx, panel.top + 20 + radius)
        geometry = PanelGeometry(centre, radius)
        top = panel.bottom - buttons_height - 6
        size = row_height - 8
        for row, seat in enumerate(seats):
            y = top + row * row_height
            for column, colour in enumerate(COLOURS):
                x = panel.left + 56 + column * (size + 10)
                geometry.buttons[f"{seat}.{colour}"] = pygame.Rect(x, y, size, size)
        y = top + len(seats) * row_height
        width = (panel.width - 24) // 3
        for column, name in enumerate(("next", "undo", "menu")):
            if name in self.panel.names:
                geometry.buttons[name] = pygame.Rect(
                    panel.left + 8 + column * (width + 4), y, width, size
                )
        return geometry

    def _draw_panel(self) -> bool:
        ring = self.app.adapters.ring
        frames = len(getattr(ring, "frames", [])) if ring is not None else 0
        if (
            len({n for n in self.geometry.buttons if n.startswith("seat")})
            != 4 * self._seats_shown()
        ):
            self.geometry = self._geometry()  # another game, another count of players
            self.panel_state = None
        pico = self.virtual_pico  # its strip shows what reached it over the link, later
        state = (
            frames,
            tuple(pico.ring.pixels) if pico is not None else (),
            self.snapshot.ui.disc_position,
            self.snapshot.ui.disc_offset,
            self.mouse_button,
            tuple(sorted(self.held.values())),
        )
        if state == self.panel_state:
            return False
        self.panel_state = state
        self.panel_draws += 1
        surface = self.window
        painter = Painter(surface, self.fonts)
        pygame.draw.rect(surface, theme.BACKGROUND, self.panel_rect)
        pygame.draw.line(
            surface, theme.PANEL_EDGE, self.panel_rect.topleft, self.panel_rect.bottomleft, 2
        )
        self._draw_disc(painter, ring)
        self._draw_buttons(painter)
        self._draw_keys(painter)
        return True

    def _draw_keys(self, painter: Painter) -> None:
        """The keys, under the screen where the window has room."""
        area = pygame.Rect(0, self.screen.get_height(), self.panel_rect.left, 0)
        area.height = self.window.get_height() - area.top
        if area.height < 24:
            return
        pygame.draw.rect(painter.surface, theme.BACKGROUND, area)
        painter.lines(
            area.inflate(-16, -8),
            text("ui.sim.keys", self.snapshot.ui.language),
            14,
            colour=theme.DIM,
            role="sim.keys",
            max_lines=3,
        )

    def _draw_disc(self, painter: Painter, ring: LedRing | None) -> None:
        surface = painter.surface
        cx, cy = self.geometry.disc_centre
        radius = self.geometry.disc_radius
        language = self.snapshot.ui.language
        frame = list(getattr(ring, "last", ())) if ring is not None else []
        applied = 1.0  # the fake ring keeps frames as sent: the strip scales them itself
        if self.virtual_pico is not None:  # what actually reached the Pico's strip
            frame = list(self.virtual_pico.ring.pixels)
            ui = self.snapshot.ui  # the bridge scaled these as the ring driver set it
            applied = min(ui.brightness, ui.max_brightness)
        leds = self.app.config.leds
        wiring = RingGeometry(len(frame) or leds.count, leds.offset, leds.reverse)
        disc_radius = radius - 16
        pygame.draw.circle(surface, theme.DISC, (cx, cy), disc_radius)
        disc = self.snapshot.spec.inputs.period_action is not None
        caption = pygame.Rect(self.panel_rect.left + 4, self.panel_rect.top + 2, 0, 16)
        caption.width = self.panel_rect.width - 8
        painter.text(
            caption,
            text("ui.sim.disc" if disc else "ui.sim.ring", language),
            12,
            colour=theme.DIM,
            role="sim.caption",
            align="center",
        )
        self._draw_leds(surface, frame, (cx, cy), radius, wiring=wiring, applied=applied)
        if not disc:
            return
        for sector in range(1, SECTORS + 1):  # the ring's sectors stand still
            start, _ = wiring.sector_span(sector)
            end = point((cx, cy), disc_radius, start)
            pygame.draw.line(surface, theme.PANEL_EDGE, (cx, cy), end, 1)
            label = pygame.Rect(0, 0, 24, 18)
            spot = point((cx, cy), radius * 0.62, wiring.sector_centre(sector))
            label.center = (round(spot[0]), round(spot[1]))
            painter.text(
                label,
                str(sector),
                13,
                colour=theme.DIM,
                bold=True,
                role="sim.sector",
                align="center",
            )
        tip = point((cx, cy), disc_radius * 0.9, self.sun_angle(wiring))
        pygame.draw.line(surface, theme.SUN, (cx, cy), tip, 4)
        pygame.draw.circle(surface, theme.SUN, (cx, cy), 6)

    def sun_angle(self, wiring: RingGeometry) -> float:
        """The disc's mark where the game reads the disc: the period it shows is the
        sensor's position less the offset NEXT and resume keep in step (controls.sync_disc),
        so the mark follows NEXT and a resumed game too. Period 0 stands at the end of 6."""
        ui = self.snapshot.ui
        shown = ui.disc_position - ui.disc_offset
        return wiring.sector_centre((shown - 1) % SECTORS + 1)

    @staticmethod
    def _draw_leds(
        surface: pygame.Surface,
        frame: list[tuple[int, int, int]],
        centre: tuple[int, int],
        radius: int,
        *,
        wiring: RingGeometry,
        applied: float,
    ) -> None:
        """The strip as mounted (its LED ``i`` where ``leds.offset``/``reverse`` put it), each
        in the colour the strip shows (:func:`strip_colour`)."""
        for index, colour in enumerate(frame):
            at = point(centre, radius - 6, wiring.physical_angle(index))
            spot = (round(at[0]), round(at[1]))
            if any(colour):
                pygame.draw.circle(surface, strip_colour(colour, applied), spot, 6)
            else:
                pygame.draw.circle(surface, theme.PANEL_EDGE, spot, 6, 1)

    def _draw_buttons(self, painter: Painter) -> None:
        surface = painter.surface
        language = self.snapshot.ui.language
        pressed = set(self.held.values()) | ({self.mouse_button} if self.mouse_button else set())
        for name, rect in self.geometry.buttons.items():
            down = name in pressed
            if "." in name:
                seat, colour = name.split(".")
                if colour == COLOURS[0]:
                    label = pygame.Rect(self.panel_rect.left + 6, rect.top, 46, rect.height)
                    painter.text(
                        label,
                        text("ui.seat", language, seat=seat[4:]),
                        11,
                        colour=theme.seat_colour(int(seat[4:])),
                        bold=True,
                        role="sim.seat",
                    )
                fill = BUTTON_COLOURS[colour] if not down else theme.TEXT
                pygame.draw.circle(surface, fill, rect.center, rect.width // 2)
                pygame.draw.circle(surface, theme.PANEL_EDGE, rect.center, rect.width // 2, 2)
            else:
                painter.box(rect, theme.TEXT if down else theme.PANEL, theme.PANEL_EDGE, radius=6)
                painter.text(
                    rect.inflate(-6, 0),
                    text(f"ui.sim.{name}", language),
                    13,
                    colour=theme.DARK_TEXT if down else theme.TEXT,
                    bold=True,
                    role=f"sim.{name}",
                    align="center",
                )

    def screenshot(self, path: str | Path) -> None:
        pygame.image.save(self.window, str(path))


def parse_size(value: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in value.lower().split("x"))
    except ValueError as error:
        raise argparse.ArgumentTypeError(
            f"a size is WIDTHxHEIGHT, e.g. 480x320, not {value!r}"
        ) from error
    if width < 320 or height < 240:
        raise argparse.ArgumentTypeError(f"the screen must be at least 320x240, not {value}")
    return width, height


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion sim", description="The table companion in a window."
    )
    parser.add_argument("--config", help="a YAML config over the defaults")
    parser.add_argument("--game", choices=sorted(games.GAMES), help="start this game")
    parser.add_argument("--players", help="player names, comma-separated (e.g. Anna,Boris)")
    parser.add_argument("--lang", choices=("en", "ru"), help="screen language")
    parser.add_argument("--size", type=parse_size, default=(800, 480), help="screen size (800x480)")
    parser.add_argument("--journal", default=":memory:", help="journal file (default: in memory)")
    parser.add_argument("--headless", action="store_true", help="no window: SDL dummy driver")
    parser.add_argument("--seconds", type=float, help="stop after this many seconds")
    parser.add_argument("--screenshot", help="save the window as PNG when stopping")
    parser.add_argument("--mute", action="store_true", help="no sound")
    parser.add_argument(
        "--bridge",
        choices=("none", "virtual"),
        default="none",
        help="virtual: the disc and the ring go through a virtual Pico on a pseudo-terminal",
    )
    return parser


def _configured(args: argparse.Namespace) -> Config:
    from companion.config import Config, load  # noqa: PLC0415 (only the simulator needs it)

    config = load(args.config)
    # The validated YAML, edited in place: parsed from outside, the one JSON here.
    data: JSON = copy.deepcopy(dict(config.data))
    if args.lang:
        data["language"] = args.lang
    if args.game or args.players:
        game = data.setdefault("game", {})
        if args.game and args.game != game.get("name"):
            game["name"], game["setup"] = args.game, dict(games.find(args.game).example_setup)
        if args.players:
            game["setup"] = {**(game.get("setup") or {}), "players": args.players.split(",")}
    if args.bridge == "virtual":
        # The firmware's own loop on a pty drives the ring and reads the disc; the buttons
        # and buzzer stay the on-screen fakes.
        data["disc"]["source"] = "bridge"
        data["leds"]["driver"] = "bridge"
        data.setdefault("bridge", {})["port"] = "virtual"
        data["buttons"]["enabled"] = False
        data["buzzer"]["enabled"] = False
    # Every seat a game may take gets buttons (shown for the players of the game on the
    # table), even where the config wires only two: a game resumed from the journal or
    # started from the menu may seat four.
    pins = data["buttons"]["pins"]
    for seat in range(1, len(SEAT_KEYS) + 1):
        pins.setdefault(f"seat{seat}", dict.fromkeys(COLOURS, 0))
    return Config.of(config.path, data)


def sim_main(argv: list[str]) -> int:
    """``companion sim [--headless] [--size WxH] [--game G] [--lang L] ...``."""
    from companion.app import (  # noqa: PLC0415 (keeps `companion --help` light)
        START_ERRORS,
        build_app,
        report_start_error,
    )
    from companion.outputs.network import run_with_network  # noqa: PLC0415

    if argv[:1] == ["--"]:
        argv = argv[1:]
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="companion: %(message)s")
    try:
        config = _configured(args)
        app = build_app(config, fakes=args.bridge == "none", journal_path=args.journal)
    except START_ERRORS as error:
        return report_start_error(error)
    language = config.language
    screen = Layout(*args.size)
    panel_width = max(260, screen.width // 3)
    size = (screen.width + panel_width, max(screen.height + 60, 420))
    window, headless = open_window(size, args.headless, language)
    sounds = Sounds(muted=args.mute)
    sim = Simulator(app, window, args.size, sounds=sounds, headless=headless)
    app.subscribe(sim)  # the window is one more of the app's outputs
    if args.seconds is not None:
        sim.deadline = sim.clock() + args.seconds
    # SDL took SIGTERM for a quit event, read only by a window's pump: the headless loop
    # sleeps on its queue and would never see it. As `companion run`, it stops the loop.
    signal.signal(signal.SIGTERM, _stop_on_signal)
    try:
        run_with_network(app)  # companion run's loop, the window one of its outputs
    except KeyboardInterrupt:
        pass
    finally:
        if args.screenshot:
            sim.screenshot(args.screenshot)
        app.close()
        pygame.quit()
    return 0


def _stop_on_signal(signum: int, frame: FrameType | None) -> None:
    """SIGTERM as Ctrl-C (raised, not posted: the loop may hold the queue's lock)."""
    raise KeyboardInterrupt


if __name__ == "__main__":
    sys.exit(sim_main(sys.argv[1:]))
