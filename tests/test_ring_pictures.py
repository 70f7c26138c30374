"""docs/ring.md shows every picture the ring's frame code can draw, and each is there."""

from __future__ import annotations

from pathlib import Path

import pygame

from companion.display.ring_picture import pictures, write

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_every_picture_is_written_and_in_the_legend(tmp_path):
    pygame.font.init()
    written = write(tmp_path)
    assert [p.stem for p in written] == list(pictures())
    legend = (DOCS / "ring.md").read_text(encoding="utf-8")
    for path in written:
        assert path.stat().st_size > 1000
        assert f"img/{path.name}" in legend, path.name
        assert (DOCS / "img" / path.name).exists(), "run: python -m companion.display.ring_picture"
