"""Pictures of the LED ring for ``docs/ring.md``, drawn from the real frame code.

``python -m companion.display.ring_picture docs/img`` writes one PNG per state the ring
can show: each game's painter on the gallery's sample views, the shell's "starting" and
"storage fault" frames. The LEDs stand where ``ring_geometry`` puts them (sector 1 from
the top, clockwise) in the colours the strip shows (``sim.strip_colour``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pygame

from companion import games
from companion.app import STARTING, STORAGE_FAULT
from companion.display import samples, theme
from companion.display.sim import strip_colour
from companion.leds import RGB, LedStyle, Overlay, frame
from companion.ring_geometry import SECTORS, RingGeometry, point

SIZE = 220
STYLE = LedStyle(count=24)


def draw(leds: Sequence[RGB], sun_sector: int | None = None) -> pygame.Surface:
    """The ring round a plain disc with its six sectors numbered; unlit LEDs as rings."""
    surface = pygame.Surface((SIZE, SIZE))
    surface.fill(theme.BACKGROUND)
    centre = (SIZE / 2, SIZE / 2)
    geometry = RingGeometry(len(leds))
    disc = SIZE / 2 - 26
    pygame.draw.circle(surface, theme.DISC, centre, disc)
    font = pygame.font.Font(None, 22)
    for sector in range(1, SECTORS + 1):
        start, _ = geometry.sector_span(sector)
        pygame.draw.line(surface, theme.PANEL_EDGE, centre, point(centre, disc, start), 1)
        label = font.render(
            str(sector), True, theme.HIGHLIGHT if sector == sun_sector else theme.DIM
        )
        at = point(centre, disc * 0.6, geometry.sector_centre(sector))
        surface.blit(label, label.get_rect(center=(round(at[0]), round(at[1]))))
    for index, colour in enumerate(leds):
        at = point(centre, SIZE / 2 - 12, geometry.physical_angle(index))
        spot = (round(at[0]), round(at[1]))
        if any(colour):
            pygame.draw.circle(surface, strip_colour(colour), spot, 7)
        else:
            pygame.draw.circle(surface, theme.PANEL_EDGE, spot, 7, 1)
    return surface


def _view(name: str) -> dict[str, object]:
    view = samples.gallery()[name]("en").view
    assert view is not None
    return dict(view)


def _game(game: str, sample: str, now: float, ui: Overlay | None = None) -> Callable[[], list[RGB]]:
    return lambda: frame(games.GAMES[game], _view(sample), now, STYLE, ui)


def _every_sixth(colour: RGB) -> Callable[[], list[RGB]]:
    return lambda: [colour if i % (STYLE.count // SECTORS) == 0 else (0, 0, 0) for i in range(24)]


def _support_preview() -> list[RGB]:
    view = _view("board_midgame")
    for seat in view["seats"]:  # type: ignore[attr-defined]
        for creature in seat["creatures"]:
            for ability in creature["abilities"]:
                if isinstance(ability.get("prep"), int) and ability.get("ready"):
                    choice = {"do": "support", "creature": creature["id"], "ability": ability["id"]}
                    return frame(games.GAMES["bestiary"], view, 0.1, STYLE, Overlay(choice=choice))
    return frame(games.GAMES["bestiary"], view, 0.1, STYLE)


# name -> (frame, the sector under the sun to highlight). Times are chosen so a pulsing
# token is at full colour (0.3 s) and blinking marks are on.
PICTURES: dict[str, tuple[Callable[[], list[RGB]], int | None]] = {
    "ring_starting": (_every_sixth(STARTING), None),
    "ring_storage_fault": (_every_sixth(STORAGE_FAULT), None),
    "ring_bestiary_before": (_game("bestiary", "board_start", 0.3), None),
    "ring_bestiary_midgame": (_game("bestiary", "board_midgame", 0.3), 2),
    "ring_bestiary_pulse_low": (_game("bestiary", "board_midgame", 0.9), 2),
    "ring_bestiary_preview": (_support_preview, 2),
    "ring_bestiary_winner": (_game("bestiary", "victory", 0.0), None),
    "ring_manus_vote": (_game("manus", "manus_vote", 0.0), None),
    "ring_manus_reveal": (
        _game(
            "manus",
            "manus_reveal",
            1.5,
            Overlay(changed_at=0.0, fresh_events=({"event": "votes_revealed"},)),
        ),
        None,
    ),
}


def write(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (make, sun) in PICTURES.items():
        path = folder / f"{name}.png"
        pygame.image.save(draw(make(), sun), str(path))
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    pygame.font.init()
    for path in write(Path(args[0] if args else "docs/img")):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
