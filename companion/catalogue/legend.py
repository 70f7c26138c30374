"""The button legend's words: what each coloured button does on a prompt (``legend.``)."""

from __future__ import annotations

EN: dict[str, str] = {
    "legend.up": "up",
    "legend.down": "down",
    "legend.select": "select",
    "legend.back": "back",
    "legend.close": "close",
    "legend.resume": "resume",
    "legend.confirm": "confirm",
    "legend.as_shown": "as shown",
    "legend.letter_up": "letter",
    "legend.take": "take",
    "legend.erase": "erase",
    "legend.edit": "edit",
    "legend.leave": "leave",
    "legend.previous": "previous",
    "legend.following": "next",
    # The replay's red and blue: a step back and on in the game's time (not NEXT's "next").
    "legend.earlier": "earlier",
    "legend.later": "later",
}

RU: dict[str, str] = {
    "legend.up": "вверх",
    "legend.down": "вниз",
    "legend.select": "выбрать",
    "legend.back": "назад",
    "legend.close": "закрыть",
    "legend.resume": "продолжить",
    "legend.confirm": "принять",
    "legend.as_shown": "как есть",
    "legend.letter_up": "буква",
    "legend.take": "взять",
    "legend.erase": "стереть",
    "legend.edit": "изменить",
    "legend.leave": "выйти",
    "legend.previous": "назад",
    "legend.following": "дальше",
    "legend.earlier": "раньше",
    "legend.later": "позже",
}
