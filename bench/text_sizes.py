"""The smallest text a player must read, per gallery screen, size and language.

For every screen of the gallery drawn at 480x320 and 800x480 in English and Russian: the
smallest font size (px, the em) any string was drawn at, its role, the same in
millimetres on the reference panel (7" for 800x480, 3.5" for 480x320; the box takes
``display.diagonal_inches``), the floor (``Layout.min_text``: 5 mm) and how many strings
were cut to fit. Issue 12's goal: nothing a player must read below 5 mm.

    .venv/bin/python bench/text_sizes.py [--below 24]

Prints numbers; not a test.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from companion.display import samples  # noqa: E402
from companion.display.layout import SIZES  # noqa: E402
from companion.display.renderer import Renderer  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--below", type=int, default=0, help="list the strings under this px")
    args = parser.parse_args()
    pygame.display.init()
    head = f"{'screen':<22} {'lang':<4} {'size':<8} {'min px':>6} {'mm':>5} {'floor':>5}"
    print(f"{head} {'cut':>3}  role")
    for name, build in samples.gallery().items():
        for language in ("en", "ru"):
            for size in SIZES:
                surface = pygame.display.set_mode(size)
                renderer = Renderer(surface)
                renderer.render(build(language), 0.0, force=True)
                records = [r for r in renderer.painter.texts if r.text.strip()]
                if not records:
                    continue
                smallest = min(records, key=lambda r: r.px)
                layout = renderer.layout
                mm = smallest.px * layout.mm_per_px
                cut = sum(not r.fits for r in records)
                label = f"{size[0]}x{size[1]}"
                print(
                    f"{name:<22} {language:<4} {label:<8} {smallest.px:>6} {mm:>5.1f}"
                    f" {layout.min_text:>5} {cut:>3}  {smallest.role}"
                )
                for record in records:
                    if args.below and record.px < args.below:
                        print(f"    {record.px:>3} px  {record.role}: {record.text[:40]}")
    pygame.display.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
