"""The card library at a Four-path summon: the Bestiary's, less the banned creatures
(«запрещает по одному существу, которое становится недоступным для вызова», L73). A card
names the expansion's effects (Poison, Vampirism, Barrier…), asks no class (Four-path has
no class penalty, L77), and in the duel asks which of one's two castles the creature goes
into while both have room (at most two into each, L83)."""

from __future__ import annotations

from dataclasses import replace

from companion.games.bestiary import cards as duel
from companion.games.bestiary import roster
from companion.games.bestiary.card_fields import Place, Variant, castle_field
from companion.games.four_path import arithmetic as ar
from companion.games.four_path.setup import MAX_IN_CASTLE
from companion.games.four_path.types import four_path_view
from companion.games.spec import CardKit, Cards
from companion.rules.base import Action, Entry, Prompt, View
from companion.rules.reading import Data

VARIANT = Variant(kinds=ar.EFFECTS, positive=ar.POSITIVE, negative=ar.NEGATIVE, need_class=False)


def _ident(name: object) -> str:
    info = roster.find(str(name))
    return info.id if info else str(name).casefold().replace(" ", "_")


def _place(prompt: Prompt, view: View) -> Place:
    """Where the prompted seat's creature goes: nothing to say with one castle (the
    teams); in the duel the castle, asked while both of the seat's castles have room
    (the first with room first, as the rules take it), else the one left."""
    draft = four_path_view(view).get("draft")
    if draft is None or prompt.seat is None:
        return Place()
    own = [castle for castle, owner in draft["castles"].items() if owner == prompt.seat]
    if len(own) < 2:
        return Place()
    free = tuple(c for c in own if draft["occupancy"].get(c, 0) < MAX_IN_CASTLE)
    if len(free) == 1:
        return Place(given={"castle": free[0]})
    return Place(fields=(castle_field(free),)) if free else Place()


def offer(prompt: Prompt, view: View, cards: Cards) -> Prompt:
    if prompt.kind != "summon":
        return prompt
    offered = duel.offer(prompt, view, cards, VARIANT, _place(prompt, view))
    draft = four_path_view(view).get("draft")
    banned = {item["creature"] for item in draft["banned"]} if draft else set()

    def free(action: Action) -> bool:
        return "creature" not in action or _ident(action["creature"]) not in banned

    entries: tuple[Entry, ...] = tuple(e for e in offered.entries if free(e.base))
    return replace(offered, choices=tuple(c for c in offered.choices if free(c)), entries=entries)


def check(cards: object) -> list[duel.Problem]:
    """A library file's problems: the expansion's effects are a card's too."""
    return duel.check(cards, ar.EFFECTS)


def editor(card: Data, language: str) -> Entry:
    """A card edited on the box: the expansion's effects among the choices."""
    return duel.editor(card, language, ar.EFFECTS)


KIT: CardKit = replace(duel.KIT, offer=offer, check=check, editor=editor)
