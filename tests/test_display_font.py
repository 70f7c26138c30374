"""The packaged font draws every character the screens can show, in both languages."""

from __future__ import annotations

import pygame.freetype
import pytest

from companion.display.paint import font_path
from companion.games.bestiary import roster
from companion.i18n import CATALOGUES


def every_string() -> set[str]:
    strings = {value for catalogue in CATALOGUES.values() for value in catalogue.values()}
    for info in roster.roster().values():
        strings |= {info.name_en, info.name_ru}
        for ability in info.abilities:
            strings |= {ability.name_en, ability.name_ru}
    # The glyphs the screens draw themselves.
    strings |= {"◀ ▶ ✓ → … · ★ ×"}
    return strings


@pytest.fixture(scope="module")
def fonts():
    pygame.freetype.init()
    yield [pygame.freetype.Font(str(font_path(bold)), 16) for bold in (False, True)]
    pygame.freetype.quit()


def test_the_fonts_ship_with_the_package():
    for bold in (False, True):
        path = font_path(bold)
        assert path.is_file() and path.stat().st_size > 100_000
    assert (font_path().parent / "LICENSE").read_text().count("Bitstream") >= 1


def test_the_font_has_every_character_of_both_catalogues(fonts):
    characters = set("".join(every_string())) - {"\n"}
    assert any("а" <= c <= "я" for c in characters), "the Russian catalogue is not loaded"
    for font in fonts:
        missing = sorted(c for c in characters if font.get_metrics(c)[0] is None)
        assert not missing, f"{font.name} lacks {missing!r}"


def test_a_character_the_font_lacks_is_detected(fonts):
    # U+E000 is a private-use code point no font defines: the check above can fail.
    assert fonts[0].get_metrics("\ue000")[0] is None


def test_both_catalogues_have_the_same_ui_keys():
    en = {k for k in CATALOGUES["en"] if k.startswith("ui.")}
    ru = {k for k in CATALOGUES["ru"] if k.startswith("ui.")}
    assert en == ru
    assert all(CATALOGUES["ru"][k].strip() for k in ru)
