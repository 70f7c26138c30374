"""Four-path strings: the Bestiary's catalogue with the expansion's words (keys
``four_path.*``). The duel's words stay under ``bestiary.*`` for its own screens."""

from __future__ import annotations

from companion.games.bestiary import catalogue as duel
from companion.i18n import Words

EN: dict[str, str] = {
    **duel.EN,
    "title": "Bestiary: Four-path",
    "ui.prompt.game_over": "{player} won",
    "ui.prompt.ban": "{player}: ban a creature ({count} of 4)",
    "ui.prompt.summon": "{player}: summon creature {count} of {of}",
    "ui.prompt.respawn": "{player}: in which castle does {creature} come back?",
    "ui.prompt.turn_disc": "{player}, time keeper: turn the disc to period {period}",
    "ui.prompt.siege": "{player}: siege, your team holds {held} towers",
    "ui.prompt.open": "{player}: who opens this period?",
    "ui.prompt.attack_and_support": "{player}: attack, maneuver, ability or pass",
    "field.in_area": "{creature}",
    "entry.area": "Tower {tower}: who stands in its area",
    "field.on_mountains": "Allies on mountains, itself included",
    "entry.reconstruction": "Reconstruction: allies on mountains",
    "ui.stage.draft": "Ban and summon",
    "ui.stage.respawn_choice": "Respawn",
    "narr.creature_banned": "{player} bans {creature}.",
    "narr.towers_held": "{count} towers ({numbers})",
    "narr.siege": "{team}: siege, {towers}.",
    "narr.scale_moved": "{team}: castle scale {damage}/{length}.",
    "narr.castle_repaired": "{team} repair: castle scale {damage}/{length}.",
    "narr.opened": "{player} opens.",
    "narr.passed": "{player} passes.",
    "narr.team_done": "{team} have both passed.",
    "narr.team_won": "{team} win!",
    "narr.area_set": "Tower {tower}: control {one} against {two}.",
    "narr.vampirism_healed": "Vampirism: {creature} dealt {wounds} wounds and heals 1.",
    "narr.vampirism_not": "Vampirism: {creature} dealt {wounds} wounds, no healing.",
    "narr.respawned_in": "{creature} comes back in castle {castle}.",
    "narr.wound_moved": "A wound goes from {source} to {receiver}.",
    "narr.barrier": "Barrier on {hex}.",
}

RU: dict[str, str] = {
    **duel.RU,
    "title": "Бестиарий: Четырехпутье",
    "ui.prompt.game_over": "Победа: {player}",
    "ui.prompt.ban": "{player}: запретите существо ({count} из 4)",
    "ui.prompt.summon": "{player}: призовите существо {count} из {of}",
    "ui.prompt.respawn": "{player}: в каком замке возродится {creature}?",
    "ui.prompt.turn_disc": "{player}, хранитель времени: поверните диск на период {period}",
    "ui.prompt.siege": "{player}: осада, у команды башен: {held}",
    "ui.prompt.open": "{player}: кто начинает в этом периоде?",
    "ui.prompt.attack_and_support": "{player}: атака, маневр, умение или пас",
    "field.in_area": "{creature}",
    "entry.area": "Башня {tower}: кто в её зоне",
    "field.on_mountains": "Союзники на горах, включая зодчего",
    "entry.reconstruction": "Реконструкция: союзники на горах",
    "ui.stage.draft": "Запрет и вызов",
    "ui.stage.respawn_choice": "Возрождение",
    "narr.creature_banned": "{player} запрещает: {creature}.",
    "narr.towers_held": "башен: {count} ({numbers})",
    "narr.siege": "{team}: осада, {towers}.",
    "narr.scale_moved": "{team}: шкала замка {damage}/{length}.",
    "narr.castle_repaired": "{team}: ремонт, шкала замка {damage}/{length}.",
    "narr.opened": "{player} начинает.",
    "narr.passed": "{player}: пас.",
    "narr.team_done": "{team}: оба спасовали.",
    "narr.team_won": "Победа: {team}!",
    "narr.area_set": "Башня {tower}: контроль {one} против {two}.",
    "narr.vampirism_healed": "Вампиризм: {creature} нанёс ран: {wounds}, лечит 1.",
    "narr.vampirism_not": "Вампиризм: {creature} нанёс ран: {wounds}, лечения нет.",
    "narr.respawned_in": "{creature} возрождается в замке {castle}.",
    "narr.wound_moved": "Рана переходит: {source} → {receiver}.",
    "narr.barrier": "Преграда на {hex}.",
}

WORDS = Words("four_path", EN, RU)
