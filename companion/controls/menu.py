"""The one menu (MENU held): its lines, the settings it steps, and the forms it opens
(a new game's setup, the game to resume), entered as a prompt's entry is."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from companion import forms, games
from companion.controls.base import LANGUAGES, Closable, Input, Reaction, refuse, table_undo
from companion.controls.entry import ValueEntry
from companion.controls.pages import open_cards, open_log, open_phones
from companion.controls.questions import ask_end_game, ask_restart_period
from companion.controls.replay import open_replay, open_standings, page_of, page_react
from companion.i18n import text
from companion.rules.base import Action
from companion.snapshot import Form, Notice, Snapshot, UiState
from companion.table import NewGame

BRIGHTNESS_STEPS = (0.1, 0.2, 0.3, 0.45, 0.6, 0.8, 1.0)


@dataclass(frozen=True)
class MenuItem:
    """One line of the menu: its words (a catalogue key and fields) and what it does."""

    key: str
    act: Callable[[UiState, Snapshot, float], Reaction]
    game: str | None = None  # the game this line starts, said by its title

    def label(self, ui: UiState) -> str:
        if self.key == "ui.menu.sound":
            return text("ui.menu.sound_off" if ui.muted else "ui.menu.sound_on", ui.language)
        if self.key == "ui.menu.brightness":
            percent = round(min(ui.brightness, ui.max_brightness) * 100)
            return text(self.key, ui.language, percent=percent)
        if self.game is not None:
            title = games.find(self.game).words("title", ui.language)
            return text(self.key, ui.language, game=title)
        return text(self.key, ui.language)


class Menu(Closable):
    """Any seat's up and down move through the lines (round), select does the line's
    (the menu closes first; a line may open a page or a form over the game), back or
    MENU pressed close it. UNDO is the game's, as if the menu were not open. A page the
    menu opened over itself (the replay, the standings: ``companion.controls.replay``)
    takes every press while it shows."""

    name = "menu"

    def react(self, press: Input, snap: Snapshot, now: float) -> Reaction | None:
        page = page_of(snap.ui)
        if page is not None:
            return page_react(page, press, snap, now)
        return super().react(press, snap, now)

    def move(self, press: Input, snap: Snapshot, now: float) -> Reaction:
        ui = snap.ui
        items = menu_items(phones=snap.web is not None)
        if press.move in ("up", "down"):
            step = -1 if press.move == "up" else 1
            return Reaction(replace(ui, menu_cursor=(ui.menu_cursor + step) % len(items)))
        if press.move == "back":
            return Reaction(ui.pop())
        item = items[ui.menu_cursor % len(items)]
        return item.act(ui.pop(), snap, now)

    def undo(self, kind: str, snap: Snapshot, now: float) -> Reaction:
        return table_undo(kind, snap.ui.quiet(), snap, now)


MENU = Menu()


def menu_items(phones: bool = False) -> tuple[MenuItem, ...]:
    """The menu the box shows (and the gallery draws): one list, built from the registry;
    "Phones" only while the web server is on (``phones``: the snapshot has its ``web``)."""
    return (
        MenuItem("ui.menu.close", _close),
        *((MenuItem("ui.menu.phones", open_phones),) if phones else ()),
        MenuItem("ui.menu.rematch", _rematch),
        *(MenuItem("ui.menu.play", _play(name), game=name) for name in games.GAMES),
        MenuItem("ui.menu.resume", _resume),
        MenuItem("ui.menu.restart_period", ask_restart_period),
        MenuItem("ui.menu.language", _language),
        MenuItem("ui.menu.sound", _sound),
        MenuItem("ui.menu.brightness", _brightness),
        MenuItem("ui.menu.cards", open_cards),
        MenuItem("ui.menu.log", open_log),
        MenuItem("ui.menu.replay", open_replay),
        MenuItem("ui.menu.standings", open_standings),
        # Last: one red press up from the first line, and the farthest from it going down.
        MenuItem("ui.menu.end_game", ask_end_game),
    )


def _close(ui: UiState, snap: Snapshot, now: float) -> Reaction:
    return Reaction(ui)


def _rematch(ui: UiState, snap: Snapshot, now: float) -> Reaction:
    return Reaction(ui, (NewGame(),))


def _play(game: str) -> Callable[[UiState, Snapshot, float], Reaction]:
    """A new game of ``game``: its form (players, names, options) opens over the menu."""

    def act(ui: UiState, snap: Snapshot, now: float) -> Reaction:
        return open_form(ui, forms.new_game(games.find(game), ui.names, ui.language))

    return act


def _resume(ui: UiState, snap: Snapshot, now: float) -> Reaction:
    """The journal's unfinished games (newest first) to pick one up where it was left."""
    if not snap.resumable:
        return refuse(ui, "ui.menu.nothing_to_resume", now)
    titles = {
        name: {language: spec.words("title", language) for language in LANGUAGES}
        for name, spec in games.GAMES.items()
    }
    return open_form(ui, forms.resume(snap.resumable, titles))


def _language(ui: UiState, snap: Snapshot, now: float) -> Reaction:
    following = LANGUAGES[(LANGUAGES.index(ui.language) + 1) % len(LANGUAGES)]
    return Reaction(replace(ui, language=following))


def _sound(ui: UiState, snap: Snapshot, now: float) -> Reaction:
    return Reaction(replace(ui, muted=not ui.muted))


def _brightness(ui: UiState, snap: Snapshot, now: float) -> Reaction:
    """The next brightness step up (round to the dimmest after the brightest); the menu
    stays open so the table sees the ring change and can step on."""
    cap = ui.max_brightness
    steps = sorted({step for step in BRIGHTNESS_STEPS if step < cap} | {cap})
    current = min(ui.brightness, ui.max_brightness)
    brighter = [step for step in steps if step > current + 1e-9]
    chosen = brighter[0] if brighter else steps[0]
    return Reaction(replace(ui, brightness=chosen, modes=(*ui.modes, "menu")))


# --- the menu's forms ------------------------------------------------------------------------


class FormEntry(ValueEntry):
    """A form over the menu, entered by any seat: back from its first field returns to the
    menu; its values become a command (the form and the menu close), or a notice on the
    form, which stays open at its last field."""

    name = "form"

    def finish(self, values: Action, snap: Snapshot, now: float) -> Reaction:
        ui = snap.ui
        form = ui.form
        if form is None:
            return Reaction(ui.pop())
        done = form.finish(values)
        if isinstance(done, Notice):
            return refuse(ui, done.key, now, **done.fields)
        closed = tuple(m for m in ui.modes if m not in ("form", "menu"))
        return Reaction(replace(ui, modes=closed, form=None), (done,))


FORM = FormEntry()


def open_form(ui: UiState, form: Form) -> Reaction:
    """A form over the menu: back from its first field returns to the menu."""
    first = form.entry.fields[0].start
    modes = (*ui.modes, "menu", "form")
    return Reaction(replace(ui, modes=modes, form=form, entered=(), value=first).quiet())
