"""Words for Hand of Manus's screens and choices: hands, discoveries, conditions, targets."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from companion.display import labels
from companion.games.manus.types import HandView, ManusView, manus_view
from companion.i18n import text
from companion.rules.base import Action, View


def _hand_names(view: ManusView | None, hands: Iterable[object] | None) -> list[str]:
    """Names of hands; a player with two hands is named with the hand's number."""
    listed = (view.get("hands") if view else None) or []
    entries: dict[object, HandView] = {h.get("hand"): h for h in listed}
    names = []
    for hand in hands or []:
        entry: HandView | dict[str, object] = entries.get(hand) or {}
        name = str(entry.get("name") or hand)
        twice = sum(1 for other in entries.values() if other.get("seat") == entry.get("seat")) > 1
        names.append(f"{name} {hand}" if twice else name)
    return names


def hand_name(view: View | None, hand: object) -> str:
    return _hand_names(manus_view(view) if view is not None else None, [hand])[0]


def discovery(entry: Mapping[str, object] | None, language: str) -> str:
    """A discovery's short name: its element type, or its combination."""
    if not entry:
        return "—"
    ident = str(entry.get("id"))
    if entry.get("kind") == "combination":
        return text(f"manus.ui.combo.{ident}", language)
    return text(f"manus.type.{ident}", language)


def condition(value: object, language: str) -> str:
    return text(f"manus.condition.{value}", language)


def target(value: object, language: str) -> str:
    return text(f"manus.ui.target.{value or 'none'}", language)


def choice(view: View, action: Action, language: str) -> str:
    """A choice of the prompt as a short phrase."""
    kind = str(action.get("do"))
    if kind == "place_site":
        return text(
            "manus.ui.choice.place_site",
            language,
            temperature=condition(action.get("temperature"), language),
            humidity=condition(action.get("humidity"), language),
        )
    if kind == "choose_discovery":
        ident = str(action.get("discovery"))
        found = text(f"manus.type.{ident}", language)
        shown = (
            found if found != f"manus.type.{ident}" else text(f"manus.ui.combo.{ident}", language)
        )
        return text("manus.ui.choice.choose_discovery", language, discovery=shown)
    if kind == "choose_target":
        return text(
            "manus.ui.choice.choose_target", language, target=target(action.get("target"), language)
        )
    if kind == "set_strength":
        if "strength" not in action:
            who = hand_name(view, action.get("hand"))
            return text("manus.entry.strength", language, player=who)
        return text("manus.ui.choice.set_strength", language, strength=action.get("strength"))
    if kind == "build" and not action.get("elements"):
        return text("manus.entry.build", language, player=hand_name(view, action.get("hand")))
    if kind in ("skip", "reveal"):
        return text(f"manus.ui.choice.{kind}", language)
    return labels.choice(view, action, language, "manus")
