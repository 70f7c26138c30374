"""Debian's Chromium driven by Playwright, as every browser test drives it (the ``browser``
fixture of tests/conftest.py launches it once a module).

Playwright's own browser download is not reachable from CI: .ci/run installs Debian's
``chromium`` and the tests drive that one; they are skipped only when it is missing.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
NEEDS_CHROMIUM = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason="Debian's chromium is not installed (/usr/bin/chromium): .ci/run installs it",
)


@contextmanager
def launched() -> Iterator[Browser]:
    """Chromium running headless, closed after."""
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()
