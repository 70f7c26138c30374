"""``companion run``'s screen: the real app (fake hardware) redraws it when it changes."""

from __future__ import annotations

import subprocess
import sys

import pygame

from companion.app import ButtonEdge
from companion.display.scene import Scene
from companion.display.screen import ScreenOutput, attach
from tests.conftest import ROOT


def test_the_screen_follows_the_app(app):
    output = attach(app, (480, 320))
    try:
        assert isinstance(output, ScreenOutput)
        app.subscribe(output)  # the app's list of outputs is the app's own (app.py)
        assert output.renderer.drawn == ["setup"]
        first = output.renderer.frames
        app.handle(ButtonEdge("seat1.blue", True, 10.0), 10.0)
        app.handle(ButtonEdge("seat1.blue", False, 10.1), 10.1)
        assert output.renderer.frames > first
        assert app.ui.cursor == 1
        assert Scene.of(app.snapshot).cursor_choice == {
            "do": "choose_castle",
            "castle": "forest_edge",
        }
        marks = output.renderer.painter.marks_with("setup.cursor")
        assert [m.value for m in marks] == ["forest_edge"]
    finally:
        pygame.display.quit()


def test_without_any_display_the_table_runs_on(tmp_path):
    code = (
        "import os, sys\n"
        "os.environ['SDL_VIDEODRIVER'] = 'no-such-driver'\n"
        "from companion.app import build_app\n"
        "from companion.config import load\n"
        "from companion.display.screen import attach\n"
        f"app = build_app(load(None), fakes=True, journal_path={str(tmp_path / 'j.sqlite')!r})\n"
        "print('screen', attach(app))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "screen None" in result.stdout
