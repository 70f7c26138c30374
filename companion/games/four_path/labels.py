"""Words for Four-path's screens and choices: the duel's (creatures and abilities by their
names in the table's language, from the roster) with the expansion's choices (bans, who
opens, pass, the siege, a tower's area, the castle a creature comes back in) and teams."""

from __future__ import annotations

from companion.display import labels as shared
from companion.games.bestiary import labels as duel
from companion.games.four_path.types import FourPathSupportAction, four_path_action, four_path_view
from companion.i18n import text
from companion.rules.base import Action, View


def ui(key: str, language: str, **fields: object) -> str:
    return text(f"four_path.ui.{key}", language, **fields)


def number_of(name: object) -> str:
    """A castle or a tower by its number ("castle_3": "3"): the board prints numbers."""
    return str(name).rsplit("_", 1)[-1]


def team(view: View, side: object, language: str) -> str:
    """A team by its players ("Anna & Clara"; the duel: the player)."""
    for entry in four_path_view(view).get("sides") or []:
        if entry.get("side") == side:
            return str(entry.get("name"))
    return ui("team", language, side=side)


def seat_name(view: View, seat: object, language: str) -> str:
    return shared.player(view, seat, language)


def choice(view: View, action: Action, language: str) -> str:
    """A choice of the prompt as a short phrase ("Ban Saxum", "Anna opens", "Pass"): the
    spec's ``choice_words``, the action read as a :data:`~.types.FourPathAction`."""
    typed = four_path_action(action)
    if typed["do"] == "ban":
        creature = duel.creature(str(typed.get("creature")), None, language)
        return ui("choice.ban", language, creature=creature)
    if typed["do"] == "open":
        return ui("choice.open", language, player=seat_name(view, typed.get("seat"), language))
    if typed["do"] == "pass":
        return ui("choice.pass", language)
    if typed["do"] == "siege":
        # The entry saying where the creatures stand first carries ``areas``.
        return ui("choice.siege_areas" if "areas" in typed else "choice.siege", language)
    if typed["do"] == "area":
        return ui("choice.area", language, tower=number_of(typed.get("tower")))
    if typed["do"] == "respawn":
        return ui("choice.respawn", language, castle=number_of(typed.get("castle")))
    if typed["do"] == "support":
        return support(view, typed, language)
    if typed["do"] == "attack" and typed.get("volley"):
        creature = duel.creature_in_view(view, str(typed.get("creature")), language)
        if not typed.get("target"):  # the entry asking whom
            return ui("choice.volley", language, creature=creature)
        target = duel.creature_in_view(view, str(typed.get("target")), language)
        return ui("choice.volley_at", language, creature=creature, target=target)
    if typed["do"] == "maneuver" and typed.get("to"):
        creature = duel.creature_in_view(view, str(typed.get("creature")), language)
        castle = number_of(typed.get("to"))
        return ui("choice.maneuver_to", language, creature=creature, castle=castle)
    return duel.choice(view, action, language)


def ability_in_view(view: View, creature_id: str, ability_id: str, language: str) -> str:
    """An ability by the roster's name in the language, else as its card says it."""
    said = ability_id.replace("_", " ")
    for seat in four_path_view(view).get("seats") or []:
        for creature in seat.get("creatures") or []:
            for ability in (
                creature.get("abilities") or [] if creature.get("id") == creature_id else []
            ):
                if ability.get("id") == ability_id:
                    said = str(ability.get("name") or said)
    return duel.ability(creature_id, ability_id, said, language)


def support(view: View, action: FourPathSupportAction, language: str) -> str:
    """ "Messum: Feebleness on Saxum"; Threads of life names both ends of the wound."""
    creature_id = str(action.get("creature"))
    fields = {
        "creature": duel.creature_in_view(view, creature_id, language),
        "ability": ability_in_view(view, creature_id, str(action.get("ability")), language),
    }
    if action.get("effects") == [{}]:  # the entry asking the effect and its target
        return text("bestiary.ui.choice.support_effect", language, **fields)
    if isinstance(action.get("hex"), dict):  # the entry asking the Barrier's hex
        return ui("choice.barrier_hex", language, **fields)
    if action.get("from") and action.get("to"):
        source = duel.creature_in_view(view, str(action["from"]), language)
        receiver = duel.creature_in_view(view, str(action["to"]), language)
        return ui("choice.support_between", language, source=source, receiver=receiver, **fields)
    if action.get("target"):
        target = duel.creature_in_view(view, str(action["target"]), language)
        return text("bestiary.ui.choice.support_target", language, target=target, **fields)
    return text("bestiary.ui.choice.support", language, **fields)
