"""Write every screen as PNG for people to review: ``python -m companion.display.gallery DIR``.

Each screen of :func:`companion.games.bestiary.samples.gallery` at 480x320 and 800x480 in English
and Russian, drawn in a real window when there is a display (tools/screenshots.sh starts
Xvfb for one), plus the simulator's whole window. Prints one line per file and any text
that overflowed its box, and exits 1 if one did.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pygame

from companion.display import samples
from companion.display.layout import SIZES
from companion.display.renderer import Renderer

LANGUAGES = ("en", "ru")


def write(folder: Path) -> int:
    folder.mkdir(parents=True, exist_ok=True)
    pygame.display.init()
    print(f"gallery: SDL video driver {pygame.display.get_driver()}")
    problems = 0
    lines = ["# Screen gallery", ""]
    for name, build in samples.gallery().items():
        for language in LANGUAGES:
            scene = build(language)
            for width, height in SIZES:
                window = pygame.display.set_mode((width, height))
                renderer = Renderer(window)
                renderer.render(scene, 0.0)
                pygame.display.flip()
                path = folder / f"{name}_{language}_{width}x{height}.png"
                pygame.image.save(window, str(path))
                lines.append(f"![{path.stem}]({path.name})")
                print(path)
                for record in renderer.painter.texts:
                    if not record.fits:
                        problems += 1
                        print(f"  overflow: {record.role} {record.text!r} in {record.box}")
    (folder / "index.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    pygame.display.quit()
    return 1 if problems else 0


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else Path("out/gallery")
    return write(folder)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
