"""gpiozero's MockFactory installed for a while: for tests, the bench and a dry run.

``with mock_pins() as factory:`` makes every gpiozero device built inside use mock pins
(PWM-capable, so a TonalBuzzer works) and restores the previous factory in ``finally``.
``factory.pin(n).drive_low()`` is a press on a pulled-up button.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol


class MockPin(Protocol):
    """What a press script does with one of gpiozero's mock pins (gpiozero ships no type
    hints: the parts used are named here)."""

    def drive_low(self) -> None: ...

    def drive_high(self) -> None: ...


class MockPins(Protocol):
    """gpiozero's ``MockFactory``, as far as the scripts and tests use it."""

    def pin(self, number: int) -> MockPin: ...


@contextmanager
def mock_pins() -> Iterator[MockPins]:
    from gpiozero import Device  # type: ignore[import-untyped]  # noqa: PLC0415 (lazy)
    from gpiozero.pins.mock import MockFactory, MockPWMPin  # type: ignore[import-untyped]  # noqa: PLC0415

    previous = Device.pin_factory
    factory = MockFactory(pin_class=MockPWMPin)
    Device.pin_factory = factory
    try:
        yield factory
    finally:
        factory.reset()
        Device.pin_factory = previous
