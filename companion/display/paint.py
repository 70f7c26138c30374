"""Drawing text and shapes into boxes, and remembering what was drawn where.

Every string goes through :meth:`Painter.text`, which fits it into its layout box: it
shrinks the font step by step down to a floor, and only then cuts the string with "…"
and records that it did. The records let tests measure each rendered string against its
box, and check that what a player needs (the turn, the period, castle damage) was drawn.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

import pygame

from companion.display.theme import Colour

ELLIPSIS = "…"


def font_path(bold: bool = False) -> Path:
    """The packaged DejaVu Sans (it has Latin, Cyrillic and the arrows the screens use)."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return Path(str(resources.files("companion.display").joinpath("fonts", name)))


class Fonts:
    """Fonts by (pixel size, bold), opened once; rendered strings cached."""

    def __init__(self) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._rendered: dict[tuple[str, int, bool, Colour], pygame.Surface] = {}

    def get(self, px: int, bold: bool = False) -> pygame.font.Font:
        key = (px, bold)
        font = self._fonts.get(key)
        if font is None:
            font = pygame.font.Font(str(font_path(bold)), px)
            self._fonts[key] = font
        return font

    def size(self, text: str, px: int, bold: bool = False) -> tuple[int, int]:
        width, _ = self.get(px, bold).size(text)
        return width, self.get(px, bold).get_linesize()

    def render(self, text: str, px: int, bold: bool, colour: Colour) -> pygame.Surface:
        key = (text, px, bold, colour)
        surface = self._rendered.get(key)
        if surface is None:
            if len(self._rendered) > 2048:
                self._rendered.clear()
            surface = self.get(px, bold).render(text, True, colour)
            self._rendered[key] = surface
        return surface


@dataclass(frozen=True)
class TextRecord:
    """One string as drawn: its layout box and where the rendered pixels landed."""

    role: str
    text: str
    box: pygame.Rect
    rect: pygame.Rect
    px: int
    wanted_px: int
    truncated: bool

    @property
    def fits(self) -> bool:
        return self.box.contains(self.rect) and not self.truncated


@dataclass(frozen=True)
class MarkRecord:
    """A shape that carries meaning (a token chip, the sun mark, a damage bar)."""

    role: str
    rect: pygame.Rect
    value: str = ""


@dataclass
class Painter:
    """Draws on one surface; keeps a list of what it drew for the tests."""

    surface: pygame.Surface
    fonts: Fonts
    floor: int = 9  # no text is drawn smaller (the layout's min_text: 5 mm on the panel)
    texts: list[TextRecord] = field(default_factory=list)
    marks: list[MarkRecord] = field(default_factory=list)

    def reset(self) -> None:
        self.texts.clear()
        self.marks.clear()

    @property
    def width(self) -> int:
        return self.surface.get_width()

    @property
    def height(self) -> int:
        return self.surface.get_height()

    def fit(self, text: str, box: pygame.Rect, px: int, bold: bool, min_px: int) -> tuple[int, str]:
        """The largest size <= px at which ``text`` fits ``box``; cut with … at the floor."""
        size = px
        while size > min_px:
            width, height = self.fonts.size(text, size, bold)
            if width <= box.width and height <= box.height:
                return size, text
            size = max(min_px, size - max(1, size // 12))
        width, _ = self.fonts.size(text, size, bold)
        if width <= box.width:
            return size, text
        cut = text
        while cut and self.fonts.size(cut + ELLIPSIS, size, bold)[0] > box.width:
            cut = cut[:-1]
        return size, cut.rstrip() + ELLIPSIS

    def text(
        self,
        box: pygame.Rect,
        text: str,
        px: int,
        *,
        colour: Colour,
        role: str = "",
        bold: bool = False,
        align: str = "left",
        min_px: int | None = None,
    ) -> pygame.Rect:
        """Draw ``text`` inside ``box`` (vertically centred); return the pixels it covers."""
        if not text:
            return pygame.Rect(box.topleft, (0, 0))
        px = max(px, self.floor)
        floor = max(self.floor, min(px, min_px if min_px is not None else px * 2 // 3))
        size, shown = self.fit(text, box, px, bold, floor)
        rendered = self.fonts.render(shown, size, bold, colour)
        rect = rendered.get_rect()
        rect.centery = box.centery
        if align == "center":
            rect.centerx = box.centerx
        elif align == "right":
            rect.right = box.right
        else:
            rect.left = box.left
        # A line box is taller than the ink; keep the record honest about the box it got.
        rect.height = min(rect.height, self.fonts.size(shown, size, bold)[1])
        if rect.height > box.height:
            rect.top = box.top
        self.surface.blit(rendered, rect)
        self.texts.append(TextRecord(role, text, pygame.Rect(box), rect, size, px, shown != text))
        return rect

    def lines(
        self,
        box: pygame.Rect,
        text: str,
        px: int,
        *,
        colour: Colour,
        role: str = "",
        bold: bool = False,
        max_lines: int = 2,
        align: str = "left",
    ) -> None:
        """Word-wrap ``text`` into at most ``max_lines`` lines of ``box``, shrinking to fit."""
        size = px = max(px, self.floor)
        floor = max(self.floor, px * 2 // 3)
        wrapped = [text]
        while True:
            wrapped = self.wrap(text, box.width, size, bold)
            line_height = self.fonts.size("Ag", size, bold)[1]
            if (len(wrapped) <= max_lines and line_height * len(wrapped) <= box.height) or (
                size <= floor
            ):
                break
            size = max(floor, size - max(1, size // 12))
        if len(wrapped) > max_lines:  # what does not fit goes on the last line, cut with "…"
            wrapped = [*wrapped[: max_lines - 1], " ".join(wrapped[max_lines - 1 :])]
        line_height = box.height // max(1, len(wrapped))
        for index, line in enumerate(wrapped):
            line_box = pygame.Rect(box.left, box.top + index * line_height, box.width, line_height)
            self.text(line_box, line, size, colour=colour, role=role, bold=bold, align=align)

    def wrap(self, text: str, width: int, px: int, bold: bool) -> list[str]:
        """``text`` in lines of at most ``width`` pixels, broken at spaces: never at a
        no-break space (U+00A0), which holds "and 2 more" together."""
        words = [word for word in re.split(r"[ \t\n\r\f\v]+", text) if word]
        result: list[str] = []
        current = ""
        for word in words:
            candidate = f"{current} {word}".strip()
            if self.fonts.size(candidate, px, bold)[0] <= width or not current:
                current = candidate
            else:
                result.append(current)
                current = word
        if current:
            result.append(current)
        return result or [""]

    def mark(self, role: str, rect: pygame.Rect, value: str = "") -> None:
        self.marks.append(MarkRecord(role, pygame.Rect(rect), value))

    def box(
        self,
        rect: pygame.Rect,
        fill: Colour,
        edge: Colour | None = None,
        radius: int = 0,
        width: int = 1,
    ) -> None:
        pygame.draw.rect(self.surface, fill, rect, border_radius=radius)
        if edge is not None:
            pygame.draw.rect(self.surface, edge, rect, width=width, border_radius=radius)

    def texts_with(self, role: str) -> list[TextRecord]:
        return [record for record in self.texts if record.role == role]

    def marks_with(self, prefix: str) -> list[MarkRecord]:
        return [record for record in self.marks if record.role.startswith(prefix)]


def split(rect: pygame.Rect, fractions: Sequence[float], gap: int = 0) -> list[pygame.Rect]:
    """Cut ``rect`` left to right into columns of the given width fractions."""
    columns = []
    x = rect.left
    usable = rect.width - gap * (len(fractions) - 1)
    for index, fraction in enumerate(fractions):
        width = rect.right - x if index == len(fractions) - 1 else round(usable * fraction)
        columns.append(pygame.Rect(x, rect.top, width, rect.height))
        x += width + gap
    return columns


def rows(rect: pygame.Rect, count: int, gap: int = 0) -> list[pygame.Rect]:
    """Cut ``rect`` top to bottom into ``count`` equal rows."""
    if count <= 0:
        return []
    height = (rect.height - gap * (count - 1)) // count
    return [
        pygame.Rect(rect.left, rect.top + index * (height + gap), rect.width, height)
        for index in range(count)
    ]
