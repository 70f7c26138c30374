"""Narration of the duel's events, in English and Russian (keys ``bestiary.narr.*``).

Each sayer takes the event and the view as the shell holds them and reads them as the
TypedDicts of :mod:`.types` (one cast at its top); Four-path says some of its events by
the same sayers and helpers.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.games.bestiary.catalogue import WORDS
from companion.games.bestiary.labels import ability_named, creature
from companion.games.bestiary.types import (
    AbilityUsedEvent,
    AttackedEvent,
    CastleChosenEvent,
    ClassPenaltyEvent,
    CreatureDestroyedEvent,
    CreatureSummonedEvent,
    DiscTurnedEvent,
    EffectSaid,
    GameWonEvent,
    ManeuveredEvent,
    PhaseEndedEvent,
    PreparationEvent,
    ScaleMovedEvent,
    SiegeEvent,
    TempoChosenEvent,
    TempoWantedEvent,
    board_view,
)
from companion.games.spec import Sayer, typed_sayers
from companion.i18n import Words
from companion.narration import player
from companion.rules.base import View


def _named(name: str, language: str) -> str:
    """A creature, named as a player entered it, in the language (from the roster)."""
    return creature(name, name, language)


def _castle_of(view: View, seat: object, language: str) -> str:
    for entry in board_view(view).get("seats", []):
        if entry.get("seat") == seat and entry.get("castle"):
            return WORDS.name("castle", str(entry["castle"]), language)
    return player(view, seat, language)


def _towers(count: int, language: str) -> str:
    if count == 0:
        return WORDS("narr.towers_none", language)
    if count == 1:
        return WORDS("narr.towers_one", language)
    return WORDS("narr.towers_many", language, count=count)


def effects_said(items: Iterable[EffectSaid], language: str, words: Words = WORDS) -> str:
    """Effects on creatures, by ``words``' names of the effects ("Defense up → Saxum")."""
    return ", ".join(
        f"{words.name('effect', str(item['kind']), language)} → "
        f"{_named(item['creature'], language)}"
        for item in items
    )


def _class_penalty(event: ClassPenaltyEvent, view: View, language: str) -> str:
    who = player(view, event["seat"], language)
    missing = event.get("missing") or []
    if not missing:
        return WORDS("narr.class_penalty_none", language, player=who)
    classes = ", ".join(WORDS.name("class", m, language) for m in missing)
    return WORDS(
        "narr.class_penalty", language, player=who, classes=classes, damage=2 * len(missing)
    )


def preparation_said(event: PreparationEvent, who: str, language: str, words: Words = WORDS) -> str:
    """A preparation: the tokens back on ``who``'s cards, the effects that end."""
    tokens = event.get("tokens_returned") or []
    if tokens:
        listed = ", ".join(
            f"{_named(t['creature'], language)}: "
            f"{ability_named(t['creature'], t['ability'], language)}"
            for t in tokens
        )
        line = words("narr.preparation", language, player=who, tokens=listed)
    else:
        line = words("narr.preparation_nothing", language, player=who)
    ended = event.get("effects_ended") or []
    if ended:
        said = effects_said(ended, language, words)
        line += " " + words("narr.effects_ended", language, effects=said)
    return line


def _preparation(event: PreparationEvent, view: View, language: str) -> str:
    return preparation_said(event, player(view, event.get("seat"), language), language)


def ability_said(event: AbilityUsedEvent, language: str, words: Words = WORDS) -> str:
    """An ability used: when its token comes back, and the effects it put on."""
    line = words(
        "narr.ability_used",
        language,
        creature=_named(event["creature"], language),
        ability=ability_named(event["creature"], event["ability"], language),
        period=event["returns_at_period"],
        sector=event["sector"],
    )
    if event.get("effects"):
        line += " " + words(
            "narr.ability_effects",
            language,
            effects=effects_said(event["effects"], language, words),
        )
    return line


def _ability_used(event: AbilityUsedEvent, view: View, language: str) -> str:
    return ability_said(event, language)


def _castle_chosen(e: CastleChosenEvent, v: View, lang: str) -> str:
    return WORDS(
        "narr.castle_chosen",
        lang,
        player=player(v, e["seat"], lang),
        castle=WORDS.name("castle", e["castle"], lang),
    )


def _creature_summoned(e: CreatureSummonedEvent, v: View, lang: str) -> str:
    return WORDS(
        "narr.creature_summoned",
        lang,
        player=player(v, e["seat"], lang),
        creature=_named(e["creature"], lang),
    )


def _tempo_wanted(e: TempoWantedEvent, v: View, lang: str) -> str:
    return WORDS(
        "narr.tempo_wanted",
        lang,
        player=player(v, e["seat"], lang),
        tempo=WORDS(f"setup.tempo.{e['tempo']}", lang),
    )


def _tempo_chosen(e: TempoChosenEvent, v: View, lang: str) -> str:
    return WORDS("narr.tempo_chosen", lang, tempo=WORDS(f"setup.tempo.{e['tempo']}", lang))


def _disc_turned(e: DiscTurnedEvent, v: View, lang: str) -> str:
    return WORDS("narr.disc_turned", lang, period=e["period"], cycle=e["cycle"])


def _siege(e: SiegeEvent, v: View, lang: str) -> str:
    return WORDS(
        "narr.siege",
        lang,
        player=player(v, e["seat"], lang),
        towers=_towers(len(e["towers"]), lang),
    )


def _castle_damaged(e: ScaleMovedEvent, v: View, lang: str) -> str:
    return WORDS(
        "narr.castle_damaged",
        lang,
        castle=_castle_of(v, e.get("seat"), lang),
        damage=e["castle_damage"],
        length=e["scale_length"],
    )


def _attacked(e: AttackedEvent, v: View, lang: str) -> str:
    return WORDS(
        "narr.attacked",
        lang,
        creature=_named(e["creature"], lang),
        target=_named(e["target"], lang),
        wounds=e["wounds"],
        total=e["total_wounds"],
        vitality=e["vitality"],
    )


def _creature_destroyed(e: CreatureDestroyedEvent, v: View, lang: str) -> str:
    return WORDS("narr.creature_destroyed", lang, creature=_named(e["creature"], lang))


def _maneuvered(e: ManeuveredEvent, v: View, lang: str) -> str:
    return WORDS("narr.maneuvered", lang, creature=_named(e["creature"], lang))


def _phase_ended(e: PhaseEndedEvent, v: View, lang: str) -> str:
    return WORDS(
        "narr.phase_ended",
        lang,
        player=player(v, e["seat"], lang),
        phase=WORDS.name("phase", e["phase"], lang),
    )


def _game_won(e: GameWonEvent, v: View, lang: str) -> str:
    return WORDS("narr.game_won", lang, player=player(v, e.get("seat"), lang))


def _as_given(view: View) -> View:
    return view  # the sayers read the board's keys the Bestiary and Four-path share


_sayer = typed_sayers(_as_given)


SAYERS: dict[str, Sayer] = {
    "castle_chosen": _sayer(_castle_chosen),
    "creature_summoned": _sayer(_creature_summoned),
    "class_penalty": _sayer(_class_penalty),
    "tempo_wanted": _sayer(_tempo_wanted),
    "tempo_chosen": _sayer(_tempo_chosen),
    "disc_turned": _sayer(_disc_turned),
    "siege": _sayer(_siege),
    "castle_damaged": _sayer(_castle_damaged),
    "preparation": _sayer(_preparation),
    "attacked": _sayer(_attacked),
    "creature_destroyed": _sayer(_creature_destroyed),
    "maneuvered": _sayer(_maneuvered),
    "ability_used": _sayer(_ability_used),
    "phase_ended": _sayer(_phase_ended),
    "game_won": _sayer(_game_won),
}
