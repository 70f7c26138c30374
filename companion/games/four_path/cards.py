"""The card library at a Four-path summon: the Bestiary's, less the banned creatures
(«запрещает по одному существу, которое становится недоступным для вызова», L73)."""

from __future__ import annotations

from dataclasses import replace

from companion.games.bestiary import cards as duel
from companion.games.bestiary import roster
from companion.games.four_path import arithmetic as ar
from companion.games.four_path.types import four_path_view
from companion.games.spec import CardKit, Cards
from companion.rules.base import Action, Prompt, View


def _ident(name: object) -> str:
    info = roster.find(str(name))
    return info.id if info else str(name).casefold().replace(" ", "_")


def offer(prompt: Prompt, view: View, cards: Cards) -> Prompt:
    # The expansion's effects stay on the cards (Barrier, Flight…); no class is asked, as
    # Four-path has no class penalty (L77).
    offered = duel.offer(prompt, view, cards, ar.EFFECTS, need_class=False)
    if prompt.kind != "summon":
        return offered
    draft = four_path_view(view).get("draft")
    banned = {item["creature"] for item in draft["banned"]} if draft else set()

    def free(action: Action) -> bool:
        return "creature" not in action or _ident(action["creature"]) not in banned

    return replace(
        offered,
        choices=tuple(c for c in offered.choices if free(c)),
        entries=tuple(e for e in offered.entries if free(e.base)),
    )


KIT: CardKit = replace(duel.KIT, offer=offer)
