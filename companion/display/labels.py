"""Words the screens show, from the view and the catalogues, in the scene's language.

The rules' prompt text is English for scripts and logs; the screen builds its own line
from the prompt's kind and the view, so that every word a player reads is catalogued.
"""

from __future__ import annotations

from typing import Any

from companion.i18n import name_of, text
from companion.rules import roster
from companion.rules.base import JSON


def first_upper(words: str) -> str:
    return words[:1].upper() + words[1:]


def player(view: JSON | None, seat: Any, language: str) -> str:
    for entry in (view or {}).get("seats") or []:
        if entry.get("seat") == seat:
            return str(entry.get("name"))
    return text("ui.seat", language, seat=seat)


def creature(creature_id: str, fallback: str | None, language: str) -> str:
    info = roster.find(creature_id)
    if info is None:
        return fallback or creature_id
    return info.name_ru if language == "ru" else info.name_en


def creature_in_view(view: JSON | None, creature_id: str, language: str) -> str:
    for seat in (view or {}).get("seats") or []:
        for entry in seat.get("creatures") or []:
            if entry.get("id") == creature_id:
                return creature(creature_id, str(entry.get("name")), language)
    return creature(creature_id, None, language)


def ability(creature_id: str, ability_id: str, fallback: str, language: str) -> str:
    info = roster.find(creature_id)
    if info is not None:
        for known in info.abilities:
            if known.id == ability_id:
                return known.name_ru if language == "ru" else known.name_en
    if ability_id.startswith("ability_") and ability_id[8:].isdigit():
        return f"#{ability_id[8:]}"
    return fallback


def short(name: str, letters: int = 3) -> str:
    """A token chip's label: the first letters of a name."""
    return name[:letters]


def phase(view: JSON, language: str) -> str:
    """The phase, or the stage when there is no phase yet."""
    current = view.get("phase")
    if current:
        key = f"ui.manus.phase.{current}" if view.get("game") == "manus" else ""
        if key and text(key, language) != key:
            return first_upper(text(key, language))
        return first_upper(name_of("phase", str(current), language))
    stage = view.get("stage")
    if stage:
        key = f"ui.stage.{stage}"
        if text(key, language) != key:
            return text(key, language)
    return ""


def prompt_line(view: JSON | None, prompt: JSON | None, language: str) -> str:
    if not prompt:
        return text("ui.prompt.nobody", language)
    kind = str(prompt.get("kind"))
    seat = prompt.get("seat")
    if kind == "game_over":
        winner = (view or {}).get("winner") or {}
        return text(
            "ui.prompt.game_over", language, player=player(view, winner.get("seat"), language)
        )
    if seat is None:
        return text("ui.prompt.nobody", language)
    who = player(view, seat, language)
    fields: dict[str, Any] = {"player": who}
    if kind == "turn_disc":
        fields["period"] = int((view or {}).get("period") or 0) + 1
    if kind == "summon":
        army = [s for s in (view or {}).get("seats") or [] if s.get("seat") == seat]
        fields["count"] = len(army[0].get("creatures") or []) + 1 if army else 1
    if kind == "vote":
        fields["waiting"] = ", ".join(
            _hand_names(view, ((view or {}).get("vote") or {}).get("waiting"))
        )
    key = f"ui.prompt.{kind}"
    if text(key, language) == key:
        key = "ui.prompt.generic"
    return text(key, language, **fields)


def _hand_names(view: JSON | None, hands: Any) -> list[str]:
    """Names of hands; a player with two hands is named with the hand's number."""
    entries = {h.get("hand"): h for h in (view or {}).get("hands") or []}
    names = []
    for hand in hands or []:
        entry = entries.get(hand) or {}
        name = str(entry.get("name") or hand)
        twice = sum(1 for other in entries.values() if other.get("seat") == entry.get("seat")) > 1
        names.append(f"{name} {hand}" if twice else name)
    return names


def hand_name(view: JSON | None, hand: Any) -> str:
    return _hand_names(view, [hand])[0]


def discovery(entry: JSON | None, language: str) -> str:
    """A discovery's short name: its element type, or its combination."""
    if not entry:
        return "—"
    ident = str(entry.get("id"))
    if entry.get("kind") == "combination":
        return text(f"ui.manus.combo.{ident}", language)
    return text(f"manus.type.{ident}", language)


def condition(value: Any, language: str) -> str:
    return text(f"manus.condition.{value}", language)


def target(value: Any, language: str) -> str:
    return text(f"ui.manus.target.{value or 'none'}", language)


def towers(names: list[str], language: str) -> str:
    return ", ".join(name_of("tower", t, language) for t in names)


def choice(view: JSON | None, action: JSON, language: str) -> str:
    """A choice of the prompt as a short sentence."""
    kind = str(action.get("do"))

    def named(key: str) -> str:
        return creature_in_view(view, str(action.get(key)), language)

    if kind == "choose_castle":
        return text(
            "ui.choice.choose_castle",
            language,
            castle=name_of("castle", action["castle"], language),
        )
    if kind == "summon":
        return text("ui.choice.summon", language, creature=named("creature"))
    if kind == "turn_disc":
        return text("ui.choice.turn_disc", language)
    if kind == "siege":
        held = list(action.get("towers") or [])
        if not held:
            return text("ui.choice.siege_none", language)
        return text("ui.choice.siege", language, towers=towers(held, language))
    if kind == "attack":
        return text(
            "ui.choice.attack", language, creature=named("creature"), target=named("target")
        )
    if kind == "maneuver":
        return text("ui.choice.maneuver", language, creature=named("creature"))
    if kind == "support":
        creature_id = str(action.get("creature"))
        shown = ability(
            creature_id, str(action.get("ability")), str(action.get("ability")), language
        )
        if action.get("target"):
            return text(
                "ui.choice.support_target",
                language,
                creature=named("creature"),
                ability=shown,
                target=named("target"),
            )
        return text("ui.choice.support", language, creature=named("creature"), ability=shown)
    if kind == "end_phase":
        return text("ui.choice.end_phase", language)
    if kind == "place_site":
        return text(
            "ui.choice.place_site",
            language,
            temperature=condition(action.get("temperature"), language),
            humidity=condition(action.get("humidity"), language),
        )
    if kind == "choose_discovery":
        ident = str(action.get("discovery"))
        found = text(f"manus.type.{ident}", language)
        shown = (
            found if found != f"manus.type.{ident}" else text(f"ui.manus.combo.{ident}", language)
        )
        return text("ui.choice.choose_discovery", language, discovery=shown)
    if kind == "choose_target":
        return text(
            "ui.choice.choose_target", language, target=target(action.get("target"), language)
        )
    if kind == "set_strength":
        return text("ui.choice.set_strength", language, strength=action.get("strength"))
    if kind in ("skip", "reveal"):
        return text(f"ui.choice.{kind}", language)
    key = f"ui.choice.{kind}"
    if text(key, language) != key:
        return text(key, language, **{k: v for k, v in action.items() if k != "do"})
    return text("ui.choice.other", language, action=kind.replace("_", " "))
