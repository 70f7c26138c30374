"""The setup options the menu's new game asks (docs/manus.md, "Setup"): the rulebook's
choices (two hands each with two players, and where they sit) and where it is silent."""

from __future__ import annotations

from companion.games.manus.catalogue import WORDS
from companion.games.manus.state import REVEAL_MODES, SEATINGS, SHOW_MODES, TIE_MODES
from companion.games.spec import setup_option
from companion.rules.base import Field

SETUP_FIELDS: tuple[Field, ...] = (
    # L294: with two players each may run two hands (the default), and then the setup
    # says whether a player's hands sit side by side or alternate.
    setup_option(WORDS, "hands_per_player", (2, 1), only_if=("players", (2,))),
    setup_option(WORDS, "seating", SEATINGS, only_if=("hands_per_player", (2,))),
    setup_option(WORDS, "reveal", REVEAL_MODES),
    setup_option(WORDS, "reveal_shows", SHOW_MODES),
    setup_option(WORDS, "medium_target", (True, False)),
    setup_option(WORDS, "no_target", (False, True)),
    setup_option(WORDS, "after_tie", TIE_MODES),
)
