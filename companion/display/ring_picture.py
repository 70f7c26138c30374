"""Pictures of the LED ring for ``docs/ring.md``, drawn from the real frame code.

``python -m companion.display.ring_picture docs/img`` writes one PNG per state the ring
can show: each game's painter on the gallery's sample views, the shell's "starting" and
"storage fault" frames. The LEDs stand where ``ring_geometry`` puts them (sector 1 from
the top, clockwise) in the colours the strip shows (``sim.strip_colour``).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import pygame

from companion import games
from companion.app import STARTING, STORAGE_FAULT
from companion.display import samples, theme
from companion.display.sim import strip_colour
from companion.games.spec import AnySpec
from companion.leds import RGB, LedStyle, Overlay, frame, is_animated
from companion.ring_geometry import SECTORS, RingGeometry, point
from companion.rules.reading import mapping, whole
from companion.snapshot import UiState, of_state

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


def _every_sixth(colour: RGB) -> list[RGB]:
    step = STYLE.count // SECTORS
    return [colour if i % step == 0 else (0, 0, 0) for i in range(STYLE.count)]


def _sample_frames(spec: AnySpec) -> dict[str, tuple[list[RGB], int | None]]:
    """Each of the game's gallery samples on the ring as the app would draw it just after
    the sample's last action (its events fresh, the choice under the cursor previewed):
    at 0.3 s (a pulse at its full colour, blinks on) and, when animated, at 0.9 s and
    1.5 s too.
    A frame already shown under an earlier name is left out."""
    found: dict[str, tuple[list[RGB], int | None]] = {}
    for sample in spec.samples:
        state = samples.play(spec, sample.setup, sample.actions)
        snap = of_state(spec, state, UiState(cursor=sample.cursor))
        ui = Overlay(
            choice=snap.choice_under_cursor,
            acting_seat=snap.prompt.seat,
            fresh_events=tuple(state.events) if sample.actions else (),
        )
        sun = whole(mapping(snap.view.get("sigil")).get("sun_sector"))
        times = [("", 0.3)]
        # a pulse at its low, a reveal later on (a winner's chase is one picture)
        if is_animated(spec, snap.view, ui, 0.3) and not snap.view.get("winner"):
            times += [("_dim", 0.9), ("_later", 1.5)]
        for suffix, now in times:
            leds = frame(spec, snap.view, now, STYLE, ui)
            if all(leds != shown for shown, _ in found.values()):
                found[f"ring_{sample.name}{suffix}"] = (leds, sun)
    return found


def pictures() -> dict[str, tuple[list[RGB], int | None]]:
    """name -> (frame, the sector under the sun, numbered brighter)."""
    found: dict[str, tuple[list[RGB], int | None]] = {
        "ring_starting": (_every_sixth(STARTING), None),
        "ring_storage_fault": (_every_sixth(STORAGE_FAULT), None),
    }
    for spec in games.GAMES.values():
        if spec.ring is not None:
            found.update(_sample_frames(spec))
    return found


def write(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (leds, sun) in pictures().items():
        path = folder / f"{name}.png"
        pygame.image.save(draw(leds, sun), str(path))
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
