"""The screen says which parts do not work as built, and only those: a sensor the config
wired but that is missing, a Pico that is unplugged; never a part the table runs without
on purpose (disc: none) or the simulator's on-screen disc."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.app import build_app
from companion.config import load
from companion.hardware.mock import mock_pins
from companion.i18n import text


@pytest.fixture
def pins() -> Iterator[Any]:
    with mock_pins() as factory:
        yield factory


def app_with(tmp_path: Path, config: str, *, fakes: bool = False) -> Any:
    path = tmp_path / "table.yaml"
    path.write_text(config, encoding="utf-8")
    return build_app(load(path), fakes=fakes, journal_path=tmp_path / "j.sqlite")


def test_a_table_without_a_disc_by_choice_shows_no_warning(pins: Any, tmp_path: Path) -> None:
    app = app_with(tmp_path, "disc: {source: none}\nleds: {driver: none}\nlanguage: ru\n")
    assert app.snapshot.notices() == ()
    app.close()


def test_the_simulators_fake_disc_is_not_reported_missing(tmp_path: Path) -> None:
    app = app_with(tmp_path, "leds: {driver: none}\n", fakes=True)
    assert app.snapshot.notices() == ()
    app.close()


@pytest.mark.parametrize("language", ["en", "ru"])
def test_an_unplugged_pico_is_on_the_screen_until_it_links(
    pins: Any, tmp_path: Path, language: str
) -> None:
    # A bridge port that never answers: the link stays down and NEXT turns the period.
    config = (
        f"language: {language}\ndisc: {{source: bridge}}\nleds: {{driver: none}}\n"
        f"bridge: {{port: {tmp_path / 'no-such-tty'}}}\n"
    )
    app = app_with(tmp_path, config)
    try:
        assert app.snapshot.notices() == (text("hardware.bridge_unplugged", language),)
    finally:
        app.close()
