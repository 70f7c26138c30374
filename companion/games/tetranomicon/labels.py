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
from companion.games.tetranomicon.types import NEW_CREATURE, SeatView, TetraView, tetra_view
from companion.i18n import Field
from companion.rules.base import Action, View

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


def seat_entry(view: TetraView, seat: object) -> SeatView | None:
    for entry in view.get("seats") or []:
        if entry["seat"] == seat:
            return entry
    return None


def faction_colour(faction: object) -> Colour:
    return FACTION_COLOURS.get(str(faction), GREY)


def colour(view: TetraView, seat: int) -> Colour:
    """A seat's colour on the screen: its faction's."""
    entry = seat_entry(view, seat)
    return faction_colour(entry["faction"] if entry else None)


def seat_colour(view: View, seat: int) -> Colour:
    """The spec's ``seat_colour``: :func:`colour` of the view the shell holds."""
    return colour(tetra_view(view), seat)


def name(view: TetraView, seat: object) -> str:
    entry = seat_entry(view, seat)
    return str(entry["name"] if entry and entry["name"] else seat)


def epoch_type(view: TetraView, language: str) -> str:
    kind = view.get("epoch_type")
    return ui(f"type.{kind}", language) if kind else ""


def relations(view: TetraView, language: str) -> str:
    """Peace or war, as a symbol and a word ("⚔ War")."""
    return ui("war" if view.get("war") else "peace", language)


def phase(view: View, language: str) -> str:
    """The banner's phase (the spec's ``phase_words``): while the actions run, the
    epoch's type and its peace or war as a symbol ("Buildings ⚔"); before, what is being
    decided."""
    typed = tetra_view(view)
    current = str(typed.get("phase") or "")
    if current == "actions" and typed.get("epoch_type"):
        mark = WAR_MARK if typed.get("war") else PEACE_MARK
        return f"{epoch_type(typed, language)} {mark}"
    return ui(f"phase.{current}", language) if current else ""


def at_war(view: TetraView) -> list[tuple[int, int]]:
    """The pairs of seats at war (the diplomacy module's relations)."""
    return [
        (pair["seats"][0], pair["seats"][1])
        for pair in view.get("diplomacy_relations") or []
        if pair["war"]
    ]


def choice(view: View, action: Action, language: str) -> str:
    """A choice, or an entry by its action, as a short phrase (the spec's
    ``choice_words``): "War with Boris" (a flip says what the relation becomes), "Epoch
    of buildings", "⚔ War", "Pass", "Build". ``action`` is a prompt's choice or an
    entry's base (only its ``do``), so it is read as the Action it may be. The likely
    build says what it builds and where: "Build: sawmill, castle 2"."""
    return _choice(tetra_view(view), action, language)


def _choice(view: TetraView, action: Action, language: str) -> str:
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
    if kind == "build" and "castle" in action:  # the likely build, a choice
        building = WORDS(f"building.{action.get('type')}", language)
        return ui("choice.build", language, type=building, castle=str(action.get("castle")))
    if kind == "summon" and action.get("ability") == NEW_CREATURE:  # beside the library's
        return WORDS("entry.new_creature", language)
    if WORDS.has(f"entry.{kind}"):
        return WORDS(f"entry.{kind}", language)
    return kind.replace("_", " ")


def turn_seat(view: TetraView) -> int | None:
    """The seat whose turn it is (a flip is its relation with another)."""
    turn = view.get("turn")
    return turn["seat"] if turn else None


def cost_note(state: State, action: Action, language: str) -> EntryNote | None:
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


def victory_title(view: View, language: str) -> str:
    """The result's title (the victory screen's ``title``)."""
    winner = tetra_view(view).get("winner")
    seats = winner["seats"] if winner else []
    key = "victory.tie" if len(seats) > 1 else "victory.wins"
    return ui(key, language, player=winner["name"] if winner else "")
