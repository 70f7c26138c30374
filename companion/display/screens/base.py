"""What every screen is: a name, whether it hides what is below, and a ``draw``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from companion.display.layout import Layout
    from companion.display.paint import Painter
    from companion.display.scene import Scene


@dataclass(frozen=True)
class Motion:
    """An animation in flight: the time disc turning from ``from_sun`` (0..1 done)."""

    from_sun: int | None = None
    progress: float = 1.0


class Screen(Protocol):
    name: str
    opaque: bool

    def draw(self, painter: Painter, layout: Layout, scene: Scene, motion: Motion) -> None: ...
