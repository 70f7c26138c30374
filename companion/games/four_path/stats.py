"""Four-path's own statistics (``companion stats``, docs/stats.md): the Bestiary's count of
creatures (summons, destructions, the win rate of the side that fielded each), whose sides
here are the teams; a game's length in periods.
"""

from __future__ import annotations

from companion.games.bestiary.stats import EN as BESTIARY_EN
from companion.games.bestiary.stats import RU as BESTIARY_RU
from companion.games.bestiary.stats import creature_digest, creature_report, periods
from companion.games.spec import StatsKit
from companion.i18n import Words

# The duel's words: a team is a side, the rest is the same.
WORDS = Words("four_path", BESTIARY_EN, BESTIARY_RU)
KIT = StatsKit(
    unit="stats.unit", units=periods, digest=creature_digest, report=creature_report(WORDS)
)
