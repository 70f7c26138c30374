"""The setup options the menu's new game asks (docs/bestiary.md, "Setup")."""

from __future__ import annotations

from companion.games.bestiary.catalogue import WORDS
from companion.games.bestiary.state import (
    DEFAULT_SCALE_LENGTH,
    MIN_SCALE_LENGTH,
    SETUP_TEMPOS,
    SLOW,
)
from companion.games.spec import setup_option
from companion.rules.base import Field

# Long enough for any game a table plays; a longer scale is for scripts and config files.
LONGEST_ON_THE_BUTTONS = 40

SETUP_FIELDS: tuple[Field, ...] = (
    Field(
        "scale_length",
        "int",
        WORDS.key("setup.scale_length"),
        low=MIN_SCALE_LENGTH,
        high=LONGEST_ON_THE_BUTTONS,
        default=DEFAULT_SCALE_LENGTH,
    ),
    setup_option(WORDS, "tempo", SETUP_TEMPOS, default=SLOW),
)
