"""The smallest text a player must read, per gallery screen, size and language.

For every screen of the gallery drawn at 480x320 and 800x480 in English and Russian: the
smallest pixel size any string was drawn at (after shrinking to fit), its role, and the
same in millimetres on the panel the config names (``display.diagonal_inches``; 7" for
800x480 and 3.5" for 480x320 when absent). Issue 12's goal: nothing a player must read
below 5 mm (about 24 px at 800x480 on 7", 33 px at 480x320 on 3.5").

    .venv/bin/python bench/text_sizes.py [--below 24]

Prints numbers; not a test.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from companion.display import samples  # noqa: E402
from companion.display.renderer import Renderer  # noqa: E402

PANELS = {(480, 320): 3.5, (800, 480): 7.0}  # diagonal inches of the reference panels


def mm_per_px(size: tuple[int, int]) -> float:
    width, height = size
    diagonal_mm = PANELS[size] * 25.4
    return diagonal_mm / math.hypot(width, height)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--below", type=int, default=0, help="list the strings under this px")
    args = parser.parse_args()
    pygame.display.init()
    print(f"{'screen':<22} {'lang':<4} {'size':<8} {'min px':>6} {'mm':>5}  role")
    for name, build in samples.gallery().items():
        for language in ("en", "ru"):
            for size in PANELS:
                surface = pygame.display.set_mode(size)
                renderer = Renderer(surface)
                renderer.render(build(language), 0.0, force=True)
                records = [r for r in renderer.painter.texts if r.text.strip()]
                if not records:
                    continue
                smallest = min(records, key=lambda r: r.rect.height)
                height = smallest.rect.height
                mm = height * mm_per_px(size)
                label = f"{size[0]}x{size[1]}"
                print(
                    f"{name:<22} {language:<4} {label:<8} {height:>6} {mm:>5.1f}  {smallest.role}"
                )
                for record in records:
                    if args.below and record.rect.height < args.below:
                        print(f"    {record.rect.height:>3} px  {record.role}: {record.text[:40]}")
    pygame.display.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
