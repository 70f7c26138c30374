"""Four-path on the phones, the club line and Home Assistant: the Bestiary's board (its
scales, by side when the sides are teams, its sigil, a seat's creatures, the damage
chart and sensors), with Four-path's own names for its castles."""

from __future__ import annotations

from companion.games.bestiary import picture
from companion.games.four_path.catalogue import WORDS

SUMMARY = picture.scales(WORDS)
SECTIONS = picture.board(WORDS)
