"""Strings of the hardware area (keys prefixed 'hardware.'): the controls' answers, the menu."""

from __future__ import annotations

EN: dict[str, str] = {
    "hardware.no_button": "The button '{button}' has no meaning here.",
    "hardware.no_disc_in_game": "This game does not use the time disc.",
    "hardware.disc_early": "The disc moved, but the period does not turn yet: turn it back.",
    "hardware.confirm_undo_period": (
        "The disc went back. Undo period {period}? Select or NEXT: yes; back: no."
    ),
    "hardware.refused": "Not allowed: {reason}",
    "hardware.not_now": "That button does nothing now.",
    "hardware.answer_first": "Answer the question first: select or NEXT for yes, back for no.",
    "hardware.not_your_turn": "It is seat {seat}'s turn.",
    "hardware.vote_not_yours": "Your hands have voted, or are not in this vote.",
    "hardware.menu_is_open": "The menu is open: choose with your seat buttons.",
    "hardware.turn_the_disc": "Turn the time disc one sector to start the next period.",
    "hardware.nothing_to_undo": "Nothing to undo.",
    "hardware.nothing_to_redo": "Nothing to redo.",
    "hardware.hold_menu": "Hold MENU for 3 seconds to open the menu.",
    "hardware.menu.close": "Back to the game",
    "hardware.menu.new_game": "New game",
    "hardware.menu.language": "Language: English / Русский",
    "hardware.replaced.buttons": "Buttons not found: using the screen.",
    "hardware.replaced.disc": "Disc sensor not found: NEXT turns the period.",
    "hardware.replaced.leds": "LED ring not found: the screen shows the sigil.",
    "hardware.replaced.bridge": "Pico bridge not found: NEXT turns the period.",
    "hardware.replaced.buzzer": "Buzzer not found: no sound.",
    "hardware.bridge_unplugged": "Disc sensor unplugged: NEXT turns the period.",
    "hardware.no_sensor": "No disc sensor: NEXT turns the period.",
    "hardware.output_failed": "A display part failed and was switched off: {reason}",
    "hardware.library_problem": "Card library not read (kept as it is): {problem}",
}

RU: dict[str, str] = {
    "hardware.no_button": "Кнопка «{button}» здесь ничего не делает.",
    "hardware.no_disc_in_game": "В этой игре диск времени не используется.",
    "hardware.disc_early": "Диск повернули, но период ещё не сменился: верните диск назад.",
    "hardware.confirm_undo_period": (
        "Диск повернули назад. Отменить период {period}? Выбор или ДАЛЕЕ: да; назад: нет."
    ),
    "hardware.refused": "Нельзя: {reason}",
    "hardware.not_now": "Сейчас эта кнопка ничего не делает.",
    "hardware.answer_first": "Сначала ответьте на вопрос: выбор или ДАЛЕЕ — да, назад — нет.",
    "hardware.not_your_turn": "Сейчас ход места {seat}.",
    "hardware.vote_not_yours": "Ваши руки уже проголосовали или не участвуют в голосовании.",
    "hardware.menu_is_open": "Открыто меню: выбирайте кнопками своего места.",
    "hardware.turn_the_disc": "Поверните диск времени на один сектор, чтобы начать период.",
    "hardware.nothing_to_undo": "Отменять нечего.",
    "hardware.nothing_to_redo": "Возвращать нечего.",
    "hardware.hold_menu": "Чтобы открыть меню, удерживайте МЕНЮ 3 секунды.",
    "hardware.menu.close": "Вернуться к игре",
    "hardware.menu.new_game": "Новая игра",
    "hardware.menu.language": "Язык: English / Русский",
    "hardware.replaced.buttons": "Кнопки не найдены: управление с экрана.",
    "hardware.replaced.disc": "Датчик диска не найден: период меняет ДАЛЕЕ.",
    "hardware.replaced.leds": "Кольцо не найдено: сигил показан на экране.",
    "hardware.replaced.bridge": "Мост Pico не найден: период меняет ДАЛЕЕ.",
    "hardware.replaced.buzzer": "Пищалка не найдена: без звука.",
    "hardware.bridge_unplugged": "Датчик диска отключён: период меняет ДАЛЕЕ.",
    "hardware.no_sensor": "Нет датчика диска: период меняет ДАЛЕЕ.",
    "hardware.output_failed": "Часть вывода сломалась и отключена: {reason}",
    "hardware.library_problem": "Библиотека карт не прочитана (файл не тронут): {problem}",
}
