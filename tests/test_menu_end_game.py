"""MENU, "End this game", by presses: the question, then the game kept as finished without
a winner, no longer resumed, counted by ``companion stats``; UNDO reopens it.

A Talisman evening ends only so (the tracker names no winner, docs/talisman.md): before
this line, such a game stayed unfinished for ever and the statistics never counted it.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from companion.config import load
from companion.controls import menu_items
from companion.controls.questions import GAME_ENDED
from companion.journal import Journal
from companion.snapshot import UiState
from companion.stats import table_stats
from companion.table import FINISHED, NewGame
from tests.test_controls import (
    DUEL_SETUP,
    Driver,
    close_apps,  # noqa: F401 (the fixture that closes the apps)
    cues,
    in_support,
    key_said,
    make_app,
)
from tests.test_menu import open_menu_at

TALISMAN = {
    "players": ["Warrior", "Sorceress"],
    "heroes": [{"strength": 4, "craft": 2, "fate": 2}, {"strength": 3, "craft": 5, "fate": 1}],
    "seed": 5,
    "dice": "table",
}
# docs/examples/talisman_battle.yaml's first battles: one won (its two enemies kept as
# trophies), one a standoff.
BATTLES = [
    {"do": "battle", "enemies": [3, 4], "roll": 5, "enemy_roll": 2},
    {"do": "reroll", "roll": 6},
    {"do": "accept"},
    {"do": "trophy", "value": 3},
    {"do": "trophy", "value": 4},
    {"do": "battle", "enemies": [5], "weapons": [1], "roll": 2, "enemy_roll": 2},
    {"do": "accept"},
]


def talisman(tmp_path: Path) -> Driver:
    """A Talisman evening two battles in, on the table."""
    d = make_app(tmp_path)
    d.app.execute(NewGame("talisman", TALISMAN))
    for action in BATTLES:
        d.app.apply(action)
    return d


def read_stats(path: Path) -> dict[str, object]:
    """``companion stats --game talisman`` of the journal, as its JSON."""
    journal = Journal(path)
    try:
        return table_stats(journal, game="talisman")
    finally:
        journal.close()


def end_it(d: Driver) -> None:
    """MENU, End this game, yes (cyan)."""
    open_menu_at(d, "ui.menu.end_game")
    assert d.app.ui.confirming and key_said(d) == "ui.menu.confirm_end_game"
    d.tap("seat1.cyan")


def test_the_menu_has_the_line_in_both_languages() -> None:
    item = next(item for item in menu_items() if item.key == "ui.menu.end_game")
    keys = [line.key for line in menu_items()]
    assert keys[-1] == "ui.menu.end_game"  # one red press up from the first line
    assert item.label(UiState(language="en")) == "End this game"
    assert item.label(UiState(language="ru")) == "Завершить игру"


def test_one_red_press_up_from_the_first_line_asks_it(tmp_path: Path) -> None:
    d = talisman(tmp_path)
    d.hold("menu", 3.0)
    d.tap("seat2.red")  # round to the last line
    d.tap("seat2.cyan")
    assert d.app.ui.confirming and key_said(d) == "ui.menu.confirm_end_game"
    d.tap("next")  # yes
    assert d.app.table.finished


def test_a_talisman_evening_ended_from_the_menu_is_finished_and_counted(tmp_path: Path) -> None:
    d = talisman(tmp_path)
    game = d.app.table.record.id
    journal_path = tmp_path / "j.sqlite"
    assert read_stats(journal_path)["unfinished"] == 1
    end_it(d)
    assert d.app.table.record.status == FINISHED and d.app.table.record.id == game
    # The screen: nobody's turn, the game said ended, the menu's new game next.
    snap = d.app.snapshot
    assert snap.prompt == GAME_ENDED and not snap.ui.modes
    assert snap.prompt.say("en") == "Game ended. MENU: new game"
    assert snap.prompt.say("ru") == "Игра завершена. МЕНЮ: новая игра"
    # The prompt's buttons no longer play: the table refuses nothing, nothing is offered.
    head = d.app.table.head
    d.tap("seat1.cyan")
    d.tap("next")
    assert cues(d)[-1] == "no" and d.app.table.head == head
    journal = Journal(journal_path)  # the journal's own, read apart from the box's
    try:
        assert journal.game(game).status == FINISHED
        assert all(record.id != game for record in journal.unfinished())
    finally:
        journal.close()
    stats = read_stats(journal_path)
    assert stats["finished"] == 1 and stats["unfinished"] == 0
    games = stats["games"]
    assert isinstance(games, dict)
    played = games["talisman"]
    assert played["played"] == 1 and played["history"][0]["winners"] == []
    # Talisman's own: the Warrior's battles, one won and one drawn (a standoff).
    battles = next(table for table in played["own"]["tables"] if table["title"] == "Battles")
    assert battles["rows"] == [["Warrior", 2, 1, 0, 1]]


def test_an_ended_game_is_no_longer_resumed_after_a_restart(tmp_path: Path) -> None:
    d = make_app(tmp_path)
    duel = d.app.table.record.id
    for action in DUEL_SETUP[:2]:
        d.app.apply(action)
    d.app.execute(NewGame("talisman", TALISMAN))
    d.app.apply(BATTLES[0])
    end_it(d)
    assert [record.id for record in d.app.snapshot.resumable] == [duel]
    open_menu_at(d, "ui.menu.rematch")  # the finished game's next: a rematch
    assert d.app.table.game == "talisman" and d.app.table.head == 0
    assert d.app.snapshot.prompt != GAME_ENDED


def test_no_keeps_the_game_and_yes_twice_is_refused(tmp_path: Path) -> None:
    d = talisman(tmp_path)
    open_menu_at(d, "ui.menu.end_game")
    d.tap("seat1.yellow")  # no
    assert not d.app.ui.modes and not d.app.table.finished
    end_it(d)
    open_menu_at(d, "ui.menu.end_game")  # over already: said, not asked
    assert key_said(d) == "ui.menu.already_over" and not d.app.ui.confirming


def test_undo_reopens_an_ended_game_and_a_held_undo_plays_its_move_again(
    tmp_path: Path,
) -> None:
    d = talisman(tmp_path)
    history = d.app.snapshot.history
    end_it(d)
    d.tap("undo")  # the last move taken back: the game is open again
    assert not d.app.table.finished and d.app.snapshot.prompt != GAME_ENDED
    assert d.app.snapshot.history == history[:-1]
    d.hold("undo", 1.0)  # redo: as it was before it was ended, unfinished
    assert d.app.snapshot.history == history and not d.app.table.finished


def test_a_game_without_a_move_is_asked_so(tmp_path: Path) -> None:
    """UNDO cannot reopen a game nothing was played in: the question says so."""
    d = make_app(tmp_path)
    d.app.execute(NewGame("talisman", TALISMAN))
    open_menu_at(d, "ui.menu.end_game")
    assert key_said(d) == "ui.menu.confirm_end_unplayed"
    d.tap("next")  # NEXT says yes too
    assert d.app.table.finished and d.app.snapshot.prompt == GAME_ENDED


def test_a_won_game_is_over_already(tmp_path: Path) -> None:
    """A game with a winner is finished: the line says so and asks nothing."""
    short = {"players": ["Anna", "Boris"], "scale_length": 5}
    config = load(None)
    d = make_app(tmp_path, config=replace(config, game=replace(config.game, setup=short)))
    for action in DUEL_SETUP[:-3]:
        d.app.apply(action)
    for creature in ("Ferrarius", "Manus", "Cerberus"):
        d.app.apply({"do": "summon", "creature": creature, "class": "strength", "vitality": 5})
    d.app.apply({"do": "turn_disc"})
    d.app.apply({"do": "siege", "towers": ["plain"]})  # his castle falls
    assert d.app.view["winner"] is not None
    open_menu_at(d, "ui.menu.end_game")
    assert key_said(d) == "ui.menu.already_over" and not d.app.ui.confirming


def test_the_period_question_still_undoes_the_period(tmp_path: Path) -> None:
    """The menu's two questions are two modes: each yes does its own line's."""
    d = in_support(tmp_path)
    d.tap("seat1.cyan")
    open_menu_at(d, "ui.menu.restart_period")
    d.tap("seat1.cyan")
    assert d.app.snapshot.history == (*DUEL_SETUP, {"do": "turn_disc"})
    assert not d.app.table.finished


def test_menu_held_over_the_question_keeps_it_asked(tmp_path: Path) -> None:
    """As over the period's question: the menu opens over it, and closing the menu finds
    the question still asked; back answers no and nothing was ended."""
    d = talisman(tmp_path)
    open_menu_at(d, "ui.menu.end_game")
    d.hold("menu", 3.0)
    assert d.app.ui.modes == ("confirm_end_game", "menu") and d.app.ui.menu_cursor == 0
    d.tap("seat1.cyan")  # Back to the game: the question is still there
    assert d.app.ui.modes == ("confirm_end_game",)
    d.tap("seat1.yellow")  # no
    assert not d.app.table.finished and not d.app.ui.modes
