"""sound.enabled in the config: a table that starts quiet plays no cue until the menu's
Sound line turns the sound on."""

from __future__ import annotations

from pathlib import Path

from companion.config import load
from companion.controls import menu_items
from companion.hardware.fakes import FakeBuzzer
from tests.test_controls import Driver, close_apps, make_app

__all__ = ["close_apps"]


def quiet_table(tmp_path: Path) -> Driver:
    path = tmp_path / "table.yaml"
    path.write_text("sound: {enabled: false}\n", encoding="utf-8")
    return make_app(tmp_path, config=load(path))


def test_a_quiet_table_plays_no_cue_until_the_menu_turns_the_sound_on(tmp_path: Path) -> None:
    d = quiet_table(tmp_path)
    buzzer = d.app.adapters.buzzer
    assert isinstance(buzzer, FakeBuzzer)
    assert d.app.ui.muted
    d.tap("seat2.cyan")  # not seat 2's turn: a "no", said on the screen but not sounded
    assert d.app.ui.refused and buzzer.cues == []
    labels = [item.label(d.app.ui) for item in menu_items()]
    assert "Sound: off" in labels
    d.hold("menu", 3.0)
    for _ in range(labels.index("Sound: off")):
        d.tap("seat1.blue")
    d.tap("seat1.cyan")  # Sound: on
    assert not d.app.ui.muted
    d.tap("seat2.cyan")
    assert buzzer.cues == ["no"]
