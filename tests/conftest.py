"""Shared fixtures: example scripts and helpers to play them through the rules."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from companion.app import App, build_app
from companion.config import load

if TYPE_CHECKING:
    from playwright.sync_api import Browser

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"


@pytest.fixture(scope="module")
def display() -> Iterator[None]:
    """pygame's display and fonts for a module of screen tests (SDL's dummy driver)."""
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.display.quit()


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    """The whole companion on fake hardware with a journal in the test's folder, closed
    after the test."""
    built = build_app(load(None), fakes=True, journal_path=tmp_path / "j.sqlite")
    try:
        yield built
    finally:
        built.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium under Playwright for a module of browser tests (tests/browser.py),
    imported only where a test drives it."""
    from tests.browser import launched  # noqa: PLC0415

    with launched() as chromium:
        yield chromium
