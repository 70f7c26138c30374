"""The gpiozero adapters on gpiozero's own MockFactory: real Button, RotaryEncoder and
TonalBuzzer objects on mock pins."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from gpiozero.pins.mock import MockPWMPin

from companion.hardware.cues import CUES
from companion.hardware.gpio import GpioButtonPanel, GpioBuzzer, GpioDiscSensor
from companion.hardware.mock import mock_pins


@pytest.fixture
def pins() -> Iterator[Any]:
    with mock_pins() as factory:
        yield factory


def turn(pins: Any, a: int, b: int, clockwise: bool = True) -> None:
    """One full quadrature cycle of the two hall sensors (one sector)."""
    first, second = (pins.pin(a), pins.pin(b)) if clockwise else (pins.pin(b), pins.pin(a))
    first.drive_low()
    second.drive_low()
    first.drive_high()
    second.drive_high()


def test_a_press_and_release_on_a_pulled_up_pin_are_named_edges(pins: Any) -> None:
    edges: list[tuple[str, bool, float]] = []
    panel = GpioButtonPanel({"seat1.red": 5, "next": 26})
    panel.start(lambda name, pressed, at: edges.append((name, pressed, at)))
    pins.pin(26).drive_low()
    pins.pin(26).drive_high()
    pins.pin(5).drive_low()
    assert [(n, p) for n, p, _ in edges] == [("next", True), ("next", False), ("seat1.red", True)]
    assert edges[0][2] <= edges[1][2] <= edges[2][2]
    panel.close()


def test_the_panel_frees_its_pins_when_a_pin_is_taken(pins: Any) -> None:
    with pytest.raises(Exception, match="already in use"):
        GpioButtonPanel({"seat1.red": 5, "seat1.blue": 5})
    GpioButtonPanel({"seat1.red": 5}).close()  # pin 5 was released by the failed panel


def test_one_sector_clockwise_is_one_step_and_back_is_minus_one(pins: Any) -> None:
    steps: list[int] = []
    disc = GpioDiscSensor(23, 24)
    disc.start(lambda direction, at: steps.append(direction))
    turn(pins, 23, 24)
    turn(pins, 23, 24, clockwise=False)
    assert steps == [1, -1]
    disc.close()


def test_a_magnet_wobbling_on_one_sensor_makes_no_step(pins: Any) -> None:
    steps: list[int] = []
    disc = GpioDiscSensor(23, 24)
    disc.start(lambda direction, at: steps.append(direction))
    for _ in range(5):
        pins.pin(23).drive_low()
        pins.pin(23).drive_high()
    assert steps == []
    disc.close()


def test_a_reversed_disc_counts_the_other_way(pins: Any) -> None:
    steps: list[int] = []
    disc = GpioDiscSensor(23, 24, reverse=True)
    disc.start(lambda direction, at: steps.append(direction))
    turn(pins, 23, 24)
    assert steps == [-1]
    disc.close()


class FrequencyPin(MockPWMPin):  # type: ignore[misc]
    """A PWM mock pin that also keeps every frequency it was set to."""

    def __init__(self, factory: Any, info: Any) -> None:
        super().__init__(factory, info)
        self.frequencies: list[float | None] = []

    def _set_frequency(self, value: float | None) -> None:
        super()._set_frequency(value)
        self.frequencies.append(value)


def cue_tones(pins: Any, cue: str) -> list[int]:
    pins.pin_class = FrequencyPin
    buzzer = GpioBuzzer(13)
    pins.pin(13).frequencies.clear()  # gpiozero sets a default PWM frequency on opening
    buzzer.play(cue)
    assert buzzer.wait_idle()
    tones = [round(f) for f in pins.pin(13).frequencies if f]
    buzzer.close()
    pins.reset()
    return tones


def test_each_cue_sounds_its_own_notes_then_silence(pins: Any) -> None:
    heard = {cue: cue_tones(pins, cue) for cue in CUES}
    assert heard["your_turn"] == [659, 880]  # E5 then A5: rising
    assert heard["tokens_return"] == [1047, 1047, 1047]
    assert heard["victory"][-1] == 1047 and len(heard["victory"]) == 4
    assert len({tuple(tones) for tones in heard.values()}) == len(CUES)


def test_the_buzzer_is_silent_after_a_cue_and_refuses_unknown_cues(pins: Any) -> None:
    buzzer = GpioBuzzer(13)
    buzzer.play("no")
    assert buzzer.wait_idle()
    assert pins.pin(13).state == 0
    assert buzzer.played == ["no"]
    with pytest.raises(ValueError, match="unknown cue"):
        buzzer.play("fanfare")
    buzzer.close()


def test_cues_that_pile_up_are_dropped_for_the_newest(pins: Any) -> None:
    """A cue heard late misleads: while one plays, only the weightiest waiting one follows."""
    buzzer = GpioBuzzer(13)
    buzzer.play("your_turn")
    deadline = time.monotonic() + 2
    while buzzer.playing != "your_turn":
        assert time.monotonic() < deadline
        time.sleep(0.001)
    for cue in ("no", "tokens_return", "your_turn", "no"):
        buzzer.play(cue)
    assert buzzer.wait_idle()
    assert buzzer.played == ["your_turn", "tokens_return"]
    buzzer.close()
