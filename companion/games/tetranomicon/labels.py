"""Words and colours for Tetranomicon's screens: the factions' colours (how the table
knows a faction), the banner's phase (the epoch's type with peace or war), the prompt's
choices and entries as short phrases, and the cost of the action being entered.

No pygame here: the spec's hooks read these, and only the screens module draws.
"""

from __future__ import annotations

from companion.games.spec import EntryNote
from companion.games.tetranomicon import present
from companion.games.tetranomicon.catalogue import WORDS
from companion.games.tetranomicon.state import State
from companion.i18n import Field
from companion.rules.base import JSON

Colour = tuple[int, int, int]

# The factions' colours (seeds/004: the Legion's red, the Alliance's green, the Order's
# yellow, the Brotherhood's turquoise), light enough for dark text on top like the seat
# colours. On Tetranomicon's screens a seat's colour *is* its faction's: the banner, the
# prompt's stripe, the ledger and the result all use it, so the colour the table sees on
# the screen is the colour of the faction's pieces on the board.
FACTION_COLOURS: dict[str, Colour] = {
    "legion": (236, 86, 70),
    "alliance": (96, 204, 96),
    "order": (240, 204, 56),
    "brotherhood": (56, 204, 196),
}
GREY: Colour = (150, 154, 166)
PEACE_MARK = "☮"
WAR_MARK = "⚔"


def ui(key: str, language: str, **fields: Field) -> str:
    return WORDS(f"ui.{key}", language, **fields)


def seat_entry(view: JSON, seat: object) -> JSON:
    for entry in view.get("seats") or []:
        if entry.get("seat") == seat:
            return dict(entry)
    return {}


def faction_colour(faction: object) -> Colour:
    return FACTION_COLOURS.get(str(faction), GREY)


def seat_colour(view: JSON, seat: int) -> Colour:
    """A seat's colour on the screen: its faction's."""
    return faction_colour(seat_entry(view, seat).get("faction"))


def name(view: JSON, seat: object) -> str:
    return str(seat_entry(view, seat).get("name") or seat)


def epoch_type(view: JSON, language: str) -> str:
    kind = view.get("epoch_type")
    return ui(f"type.{kind}", language) if kind else ""


def relations(view: JSON, language: str) -> str:
    """Peace or war, as a symbol and a word ("⚔ War")."""
    return ui("war" if view.get("war") else "peace", language)


def phase(view: JSON, language: str) -> str:
    """The banner's phase: while the actions run, the epoch's type and its peace or war
    as a symbol ("Buildings ⚔"); before, what is being decided."""
    current = str(view.get("phase") or "")
    if current == "actions" and view.get("epoch_type"):
        mark = WAR_MARK if view.get("war") else PEACE_MARK
        return f"{epoch_type(view, language)} {mark}"
    return ui(f"phase.{current}", language) if current else ""


def at_war(view: JSON) -> list[tuple[int, int]]:
    """The pairs of seats at war (the diplomacy module's relations)."""
    return [
        (int(pair["seats"][0]), int(pair["seats"][1]))
        for pair in view.get("diplomacy_relations") or []
        if pair.get("war")
    ]


def choice(view: JSON, action: JSON, language: str) -> str:
    """A choice, or an entry by its action, as a short phrase: "War with Boris" (a flip
    says what the relation becomes), "Epoch of buildings", "⚔ War", "Pass", "Build"."""
    kind = str(action.get("do"))
    if kind == "flip":
        other = action.get("with")
        pair = {seat for seat in (turn_seat(view), other) if isinstance(seat, int)}
        now_war = any(set(p) == pair for p in at_war(view))
        key = "choice.flip_peace" if now_war else "choice.flip_war"
        return ui(key, language, other=name(view, other))
    if kind == "keep":
        return ui("choice.keep", language)
    if kind == "epoch_card":
        kind_words = WORDS(f"epoch.{action.get('type')}", language)
        return ui("choice.epoch_card", language, type=kind_words)
    if kind == "relation":
        return ui(f"choice.{'war' if action.get('state') == 'war' else 'peace'}", language)
    if kind == "pass":
        return ui("choice.pass", language)
    if WORDS.has(f"entry.{kind}"):
        return WORDS(f"entry.{kind}", language)
    return kind.replace("_", " ")


def turn_seat(view: JSON) -> int | None:
    """The seat whose turn it is (a flip is its relation with another)."""
    turn = view.get("turn") or {}
    seat = turn.get("seat") if isinstance(turn, dict) else None
    return seat if isinstance(seat, int) else None


def cost_note(state: State, action: JSON, language: str) -> EntryNote | None:
    """What the action being entered costs now, before it is confirmed: from
    :func:`present.cost`, with the acting faction's coins before and after."""
    if state.turn < 1:
        return None
    spent = present.cost(state, action)
    coins = state.faction(state.turn).coins
    if spent is None:
        return EntryNote(ui("cost_refused", language), refused=True)
    if spent == 0:
        return EntryNote(ui("cost_free", language, coins=coins))
    return EntryNote(ui("cost", language, cost=spent, coins=coins, left=coins - spent))


def victory_title(view: JSON, language: str) -> str:
    winner = view.get("winner") or {}
    seats = winner.get("seats") or []
    key = "victory.tie" if len(seats) > 1 else "victory.wins"
    return ui(key, language, player=str(winner.get("name") or ""))
