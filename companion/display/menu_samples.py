"""The menu's screens for the gallery: the menu scrolled, a new game's form (names from the
recent ones, a game's own option), the game to resume, the period's undo asked, the
replay of a game at a step (inside a Manus vote, at a victory), the table's standings, and
"End this game" asked over an unfinished game, and the game ended.

Built as the box builds them: the controls' own forms over a game started by its rules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from companion import controls, forms, games
from companion.controls import questions, replay
from companion.display.scene import Scene
from companion.i18n import LANGUAGES
from companion.journal import GameRecord
from companion.snapshot import Form, Snapshot, UiState, WebAccess, of_state

RECENT = ("Anna", "Boris", "Vera", "Gleb")
# A long LAN address and tokens as the web hub makes them (secrets.token_urlsafe(12)).
WEB = WebAccess(
    "http://192.168.100.200:8080",
    "Qx7-Lm2_Vb9Tz4Kp",
    ("aB3_x-Yz9Qw2LmNo", "Rt5uI8oP-1_sDf6G", "hJ4kL7zX_cV2bN9m"),
)


def _table(spec_index: int, ui: UiState) -> Snapshot:
    spec = list(games.GAMES.values())[spec_index]
    state = spec.rules.start(spec.example_setup)
    return of_state(spec, state, replace(ui, names=RECENT))


def _form(snap: Snapshot, form: Form, entered: tuple[str | int, ...]) -> Scene:
    entry = form.entry
    following = entry.following(entered)
    field = entry.fields[following if following is not None else len(entered)]
    ui = replace(snap.ui, modes=("menu", "form"), form=form, entered=entered, value=field.start)
    return Scene.of(snap.with_ui(ui, 0.0))


def _scrolled(language: str) -> Scene:
    items = controls.menu_items()
    last = next(i for i, item in enumerate(items) if item.key == "ui.menu.brightness")
    ui = UiState(language=language, modes=("menu",), menu_cursor=last, brightness=0.3)
    snap = _table(0, ui)
    return Scene.of(snap)


def _new_game_option(language: str) -> Scene:
    """The last registered game with options, two players, at its first option."""
    spec = [s for s in games.GAMES.values() if s.setup_fields][-1]
    snap = _table(list(games.GAMES.values()).index(spec), UiState(language=language))
    form = forms.new_game(spec, RECENT, language)
    fields = form.entry.fields
    at = next(i for i, f in enumerate(fields) if f.key == spec.setup_fields[0].key)
    defaults = form.entry.values(())
    counted = fields[0].key == forms.COUNT
    entered = (spec.players[0], *defaults[1:at]) if counted else defaults[:at]
    return _form(snap, form, entered)


def _new_game_name(language: str) -> Scene:
    """The first registered game's form at the second seat's name."""
    spec = next(iter(games.GAMES.values()))
    snap = _table(0, UiState(language=language))
    form = forms.new_game(spec, RECENT, language)
    fields = form.entry.fields
    at = next(i for i, f in enumerate(fields) if f.key == f"{forms.NAME}.2")
    return _form(snap, form, form.entry.values(())[:at])


def _resume(language: str) -> Scene:
    specs = list(games.GAMES.values())
    records = tuple(
        GameRecord(
            id=9 - number,
            game=spec.name,
            setup={"players": list(RECENT[: spec.players[1]])},  # the most each game seats
            created_at="",
            head=14 + 23 * number,
            status="active",
        )
        for number, spec in enumerate(specs)
    )
    titles = {s.name: {lang: s.words("title", lang) for lang in LANGUAGES} for s in specs}
    return _form(_table(0, UiState(language=language)), forms.resume(records, titles), ())


def _counts(players: tuple[int, int], counts: tuple[int, ...]) -> tuple[int, ...]:
    return counts or tuple(range(players[0], players[1] + 1))


def _phones(page: int) -> Callable[[str], Scene]:
    """MENU, Phones at ``page`` (0: the first seat's code; -2: the spectator page's; -1:
    the table's page) over a game of three with a long name ("Вероника" in Russian)."""

    def build(language: str) -> Scene:
        spec = next(s for s in games.GAMES.values() if 3 in _counts(s.players, s.player_counts))
        players = ["Вероника" if language == "ru" else "Veronika", "Boris", "Gleb"]
        state = spec.rules.start({**spec.example_setup, "players": players})
        pages = len(players) + controls.PHONE_PAGES_AFTER_SEATS
        ui = UiState(language=language, modes=("phones",), phone_page=page % pages)
        snap = replace(of_state(spec, state, ui), web=WEB, setup={"players": players})
        return Scene.of(snap)

    return build


def _menu_with_phones(language: str) -> Scene:
    """The menu while the web server is on: its "Phones" line under the cursor."""
    items = controls.menu_items(phones=True)
    line = next(i for i, item in enumerate(items) if item.key == "ui.menu.phones")
    ui = UiState(language=language, modes=("menu",), menu_cursor=line)
    return Scene.of(replace(_table(0, ui), web=WEB))


def _replay(sample: str, back: int) -> Callable[[str], Scene]:
    """MENU, "Replay this game" over a game's sample (its actions played as the table
    plays them, its setup stamped as the table keeps it), ``back`` steps before the last:
    opened and stepped by the controls, as red steps it on the box."""

    def build(language: str) -> Scene:
        spec = next(s for s in games.GAMES.values() if sample in {x.name for x in s.samples})
        chosen = next(x for x in spec.samples if x.name == sample)
        setup = spec.stamp(dict(chosen.setup))
        state = spec.rules.start(setup)
        played: list[dict[str, object]] = []
        for action in chosen.actions:
            if state.winner is not None:
                break
            state = spec.rules.step(state, action)
            played.append(dict(action))
        snap = replace(
            of_state(spec, state, UiState(language=language)), history=tuple(played), setup=setup
        )
        reaction = replay.open_replay(snap.ui, snap, 0.0)
        for _ in range(back):
            reaction = replay.replay_step(-1, snap.with_ui(reaction.ui, 0.0), 0.0)
        return Scene.of(snap.with_ui(reaction.ui, 0.0))

    return build


STANDINGS = (("Anna", 5, 8), ("Boris", 3, 8), ("Вероника", 2, 6), ("Gleb", 1, 4), ("Vera", 0, 2))


def _standings(line: int) -> Callable[[str], Scene]:
    """MENU, Standings: the table's top five, the cursor on ``line``."""

    def build(language: str) -> Scene:
        ui = replay.show_page(UiState(language=language), replay.Standings(STANDINGS, line))
        return Scene.of(_table(0, ui))

    return build


def _menu_at(key: str) -> Callable[[str], Scene]:
    """The menu with the cursor on the line ``key`` (the last lines: its neighbours)."""

    def build(language: str) -> Scene:
        line = next(i for i, item in enumerate(controls.menu_items()) if item.key == key)
        return Scene.of(_table(0, UiState(language=language, modes=("menu",), menu_cursor=line)))

    return build


def _unfinished(language: str) -> Snapshot:
    """A game a few actions in and unfinished, which the menu's "End this game" may end
    (the first such gallery sample of the games: the shell names none of them)."""
    for spec in games.GAMES.values():
        for sample in spec.samples:
            if not sample.actions:
                continue
            state = spec.rules.start(spec.stamp(dict(sample.setup)))
            for action in sample.actions:
                state = spec.rules.step(state, action)
            if state.winner is None:
                snap = of_state(spec, state, UiState(language=language))
                return replace(snap, history=tuple(dict(a) for a in sample.actions))
    raise LookupError("no game's sample is unfinished a few actions in")


def _end_game_asked(language: str) -> Scene:
    """MENU, "End this game" selected: the question over the game, as the controls ask
    it (the menu closed, its cursor left on the line)."""
    snap = _unfinished(language)
    line = next(i for i, item in enumerate(controls.menu_items()) if item.key == "ui.menu.end_game")
    ui = replace(snap.ui, menu_cursor=line)
    return Scene.of(snap.with_ui(questions.ask_end_game(ui, snap, 0.0).ui, 0.0))


def _game_ended(language: str) -> Scene:
    """The game just ended: the table's prompt is the ended game's (as the loop builds
    it), nobody's turn."""
    snap = _unfinished(language)
    return Scene.of(replace(snap, prompt=questions.GAME_ENDED))


def scenes() -> dict[str, Callable[[str], Scene]]:
    return {
        "menu_end_game_asked": _end_game_asked,
        "menu_game_ended": _game_ended,
        "menu_replay_line": _menu_at("ui.menu.replay"),
        "menu_replay": _replay("board_midgame", 3),
        "menu_replay_vote": _replay("manus_reveal", 2),
        "menu_replay_victory": _replay("victory", 0),
        "menu_replay_start": _replay("four_path_board", 28),
        "menu_standings": _standings(1),
        "menu_with_phones": _menu_with_phones,
        "menu_phones_seat": _phones(0),
        "menu_phones_spectator": _phones(-2),
        "menu_phones_table": _phones(-1),
        "menu_scrolled": _scrolled,
        "menu_new_game_name": _new_game_name,
        "menu_new_game_option": _new_game_option,
        "menu_resume": _resume,
    }
