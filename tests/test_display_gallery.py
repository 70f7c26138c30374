"""tools/screenshots.sh writes the whole gallery (under Xvfb when it is installed)."""

from __future__ import annotations

import os
import subprocess

import pygame

from companion.display import samples
from companion.display.layout import SIZES
from tests.conftest import ROOT


def test_screenshots_script_writes_every_screen(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    result = subprocess.run(
        ["bash", str(ROOT / "tools" / "screenshots.sh"), str(tmp_path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "overflow" not in result.stdout
    for name in samples.gallery():
        for language in ("en", "ru"):
            for width, height in SIZES:
                picture = pygame.image.load(
                    str(tmp_path / f"{name}_{language}_{width}x{height}.png")
                )
                assert picture.get_size() == (width, height)
    simulator = pygame.image.load(str(tmp_path / "simulator_ru_480x320.png"))
    assert simulator.get_width() > 480
    assert (tmp_path / "index.md").read_text().count("![") == len(samples.gallery()) * 4
