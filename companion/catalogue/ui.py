"""Strings of the screens and the simulator (keys prefixed 'ui.').

Short on purpose: they are read from across the table on a 480x320 screen. The layout
tests render every one of them at both sizes and fail when one overflows its box.
"""

from __future__ import annotations

EN: dict[str, str] = {
    "ui.period": "Period",
    "ui.period_short": "P{period}",
    "ui.cycle": "cycle {cycle}",
    "ui.round": "Round",
    "ui.stage.over": "Game over",
    "ui.stage.setup": "Setup",
    "ui.seat": "Seat {seat}",
    "ui.prompt.game_over": "{player} won",
    "ui.prompt.nobody": "waiting",
    "ui.prompt.generic": "{player}: your move",
    "ui.choice_count": "{index} of {count}",
    "ui.no_choices": "no choice to make here",
    "ui.keys_hint": "◀ ▶ choose   OK confirm",
    "ui.choice.other": "{action}",
    "ui.menu.title": "Sigillum Table Companion",
    "ui.menu.close": "Back to the game",
    "ui.menu.rematch": "Rematch (second player first)",
    "ui.menu.play": "New game: {game}",
    "ui.menu.language": "Language: English",
    "ui.menu.sound_on": "Sound: on",
    "ui.menu.sound_off": "Sound: off",
    "ui.menu.hint": "▲ ▼ choose   OK start",
    "ui.entry.field": "{label} ({index} of {count})",
    "ui.entry.hint": "▲ ▼ change   OK confirm   ◀ back   NEXT: as shown",
    "ui.victory.wins": "{player} wins",
    "ui.victory.new_game": "MENU: new game",
    "ui.sim.disc": "time disc",
    "ui.sim.ring": "LED ring",
    "ui.sim.title": "Sigillum companion simulator",
    "ui.sim.keys": (
        "Seats 1-4: Q W E R, A S D F, Z X C V, 1 2 3 4 · ↑ ↓ Enter Esc: the seat to act ·"
        " Space NEXT · Backspace UNDO · M MENU (hold) · ← → turn the disc"
    ),
    "ui.sim.headless": "no display here: running headless with the SDL dummy driver",
    "ui.sim.next": "NEXT",
    "ui.sim.undo": "UNDO",
    "ui.sim.menu": "MENU",
}

RU: dict[str, str] = {
    "ui.period": "Период",
    "ui.period_short": "П{period}",
    "ui.cycle": "цикл {cycle}",
    "ui.round": "Раунд",
    "ui.stage.over": "Игра окончена",
    "ui.stage.setup": "Подготовка",
    "ui.seat": "Место {seat}",
    "ui.prompt.game_over": "Победа: {player}",
    "ui.prompt.nobody": "ожидание",
    "ui.prompt.generic": "{player}: ваш ход",
    "ui.choice_count": "{index} из {count}",
    "ui.no_choices": "здесь нечего выбирать",
    "ui.keys_hint": "◀ ▶ выбор   OK подтвердить",
    "ui.choice.other": "{action}",
    "ui.menu.title": "Компаньон Сигиллума",
    "ui.menu.close": "Вернуться к игре",
    "ui.menu.rematch": "Реванш (первым ходит второй)",
    "ui.menu.play": "Новая игра: {game}",
    "ui.menu.language": "Язык: русский",
    "ui.menu.sound_on": "Звук: вкл.",
    "ui.menu.sound_off": "Звук: выкл.",
    "ui.menu.hint": "▲ ▼ выбор   OK начать",
    "ui.entry.field": "{label} ({index} из {count})",
    "ui.entry.hint": "▲ ▼ изменить   OK принять   ◀ назад   ДАЛЕЕ: как есть",
    "ui.victory.wins": "Победа: {player}",
    "ui.victory.new_game": "МЕНЮ: новая игра",
    "ui.sim.disc": "диск времени",
    "ui.sim.ring": "светодиодное кольцо",
    "ui.sim.title": "Симулятор компаньона Сигиллума",
    "ui.sim.keys": (
        "Места 1-4: Q W E R, A S D F, Z X C V, 1 2 3 4 · ↑ ↓ Enter Esc: кто ходит · Пробел"
        " ДАЛЕЕ · Backspace ОТМЕНА · M МЕНЮ (держать) · ← → повернуть диск"
    ),
    "ui.sim.headless": "дисплея нет: запуск без окна, драйвер SDL dummy",
    "ui.sim.next": "ДАЛЕЕ",
    "ui.sim.undo": "ОТМЕНА",
    "ui.sim.menu": "МЕНЮ",
}
