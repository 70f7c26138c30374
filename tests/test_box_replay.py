"""MENU, "Replay this game" and MENU, "Standings", driven through the real controls by
presses (hold MENU, a seat's blue down to the line, cyan), as a table would.

What is asserted is what a player notices: the screen says "Replay: step n of N" and
shows the game as it stood then (the public view the rules give of that step, the lines
the table said of its action); red and blue (held: repeated) step; any way out leaves
the live game and the journal exactly as they were; a step inside a Manus vote shows no
vote; the standings page names the journal's winners.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

import pytest

from companion import game_log, games, stats
from companion.controls import menu_items
from companion.controls.replay import Replaying, Standing, page_of, replay_disc
from companion.display.scene import Scene
from companion.journal import Journal, JournalError
from companion.rules.base import PUBLIC
from companion.snapshot import Snapshot, UiState
from companion.table import NewGame, Table
from tests.screen_helpers import draw, texts
from tests.secrecy import values_of
from tests.test_controls import Driver, close_apps, in_support, key_said, make_app
from tests.test_controls_manus import two_players

__all__ = ["close_apps"]  # the autouse fixture closes this module's apps too


def open_line(d: Driver, key: str) -> None:
    """Hold MENU, seat 1's blue down to the line ``key``, cyan."""
    d.hold("menu", 3.0)
    assert d.app.ui.menu_open
    index = next(i for i, item in enumerate(menu_items()) if item.key == key)
    for _ in range(index):
        d.tap("seat1.blue")
    d.tap("seat1.cyan")


def shown(d: Driver) -> Scene:
    return Scene.of(d.app.snapshot)


def journal_of(d: Driver) -> tuple[object, ...]:
    """Everything the journal keeps of the game on the table."""
    journal, game = d.app.table.journal, d.app.table.record.id
    return (journal.game(game), journal.actions(game), journal.said(game), journal.game_ids())


def as_it_stood(d: Driver, step: int) -> tuple[Any, tuple[str, ...]]:
    """The rules' public view after the first ``step`` actions of the game on the table,
    and the lines the table said of action ``step`` when it was played (the journal's)."""
    table = d.app.table
    spec = table.spec
    state = spec.rules.start(spec.journaled(dict(table.record.setup)))
    for action in table.history()[:step]:
        state = spec.rules.step(state, action)
    kept = table.journal.said(table.record.id).get(step)
    said = game_log.decode(kept) if kept else None
    return spec.rules.view(state, PUBLIC), tuple(said.get(d.app.ui.language, ())) if said else ()


def test_the_replay_opens_on_the_last_step_and_red_and_blue_step(tmp_path: Path) -> None:
    d = in_support(tmp_path)
    last = d.app.table.head
    open_line(d, "ui.menu.replay")
    scene = shown(d)
    assert scene.replay is not None and (scene.replay.step, scene.replay.of) == (last, last)
    assert scene.replay.marker == f"Replay: step {last} of {last}"
    d.tap("seat1.red")
    d.tap("seat2.red")  # any seat's
    scene = shown(d)
    assert scene.replay is not None and scene.replay.step == last - 2
    view, said = as_it_stood(d, last - 2)
    assert scene.view == view and scene.happened == said and said
    renderer = draw(scene)
    assert texts(renderer, "replay.step") == [f"Replay: step {last - 2} of {last}"]
    assert renderer.drawn[-1] == "replay" and renderer.drawn[0] != "menu"
    d.tap("seat1.blue")
    scene = shown(d)
    assert scene.replay is not None and scene.replay.step == last - 1
    assert scene.view == as_it_stood(d, last - 1)[0]


def test_a_held_red_repeats_back_to_the_start_and_stops_there(tmp_path: Path) -> None:
    d = in_support(tmp_path)
    open_line(d, "ui.menu.replay")
    d.hold("seat1.red", 4.0)  # about 30 repeats: more than the game's actions
    scene = shown(d)
    assert scene.replay is not None and scene.replay.step == 0
    assert scene.view == as_it_stood(d, 0)[0] and scene.happened == ()
    d.tap("seat1.red")
    assert key_said(d) == "ui.replay.at_start" and d.app.snapshot.cue == "no"
    d.hold("seat1.blue", 4.0)
    scene = shown(d)
    assert scene.replay is not None and scene.replay.step == scene.replay.of
    d.tap("seat1.blue")
    assert key_said(d) == "ui.replay.at_end"


@pytest.mark.parametrize("leave", ["seat1.yellow", "seat2.cyan", "menu", "undo", "hold undo"])
def test_leaving_the_replay_finds_the_live_game_and_journal_untouched(
    tmp_path: Path, leave: str
) -> None:
    d = in_support(tmp_path)
    before = d.app.snapshot
    kept = journal_of(d)
    open_line(d, "ui.menu.replay")
    for press in ("seat1.red", "seat1.red", "next", "seat1.blue"):
        d.tap(press)
    assert isinstance(page_of(d.app.ui), Replaying)
    if leave.startswith("hold "):
        d.hold(leave.removeprefix("hold "), 1.5)
    else:
        d.tap(leave)
    ui = d.app.ui
    assert type(ui) is UiState and ui.modes == () and page_of(ui) is None
    assert d.app.table.head == before.history.__len__() and d.app.table.history() == before.history
    assert d.app.view == before.view and d.app.snapshot.prompt == before.prompt
    assert journal_of(d) == kept
    assert shown(d).replay is None


def test_next_in_the_replay_says_how_to_leave_and_plays_nothing(tmp_path: Path) -> None:
    d = in_support(tmp_path)
    head = d.app.table.head
    open_line(d, "ui.menu.replay")
    d.tap("next")
    assert key_said(d) == "ui.replay.leave_first" and d.app.table.head == head
    assert isinstance(page_of(d.app.ui), Replaying)


def test_a_held_menu_leaves_the_replay_for_the_menu(tmp_path: Path) -> None:
    d = in_support(tmp_path)
    open_line(d, "ui.menu.replay")
    d.hold("menu", 3.0)
    assert d.app.ui.menu_open and page_of(d.app.ui) is None
    assert shown(d).replay is None and shown(d).menu  # the menu's lines


def test_with_nothing_played_there_is_nothing_to_replay(tmp_path: Path) -> None:
    d = make_app(tmp_path)
    open_line(d, "ui.menu.replay")
    assert key_said(d) == "ui.replay.nothing" and page_of(d.app.ui) is None


def test_the_replay_in_russian(tmp_path: Path) -> None:
    d = in_support(tmp_path)
    d.app.snapshot = d.app.snapshot.with_ui(replace(d.app.ui, language="ru"), d.t)
    last = d.app.table.head
    open_line(d, "ui.menu.replay")
    d.tap("seat1.red")
    scene = shown(d)
    assert scene.replay is not None and scene.replay.marker == f"Повтор: шаг {last - 1} из {last}"
    assert scene.happened == as_it_stood(d, last - 1)[1]
    assert texts(draw(scene), "replay.step") == [scene.replay.marker]


def test_a_disc_step_in_the_replay_is_a_step_of_the_replay(tmp_path: Path) -> None:
    """The disc's reaction while the replay shows (companion.controls.replay.replay_disc):
    a step of the replay, nothing for the table; with no replay shown, the disc's own."""
    d = in_support(tmp_path)
    assert replay_disc(-1, d.app.snapshot, d.t) is None
    last = d.app.table.head
    open_line(d, "ui.menu.replay")
    back = replay_disc(-1, d.app.snapshot, d.t)
    assert back is not None and back.commands == ()
    page = page_of(back.ui)
    assert isinstance(page, Replaying) and page.shown.step == last - 1
    on = replay_disc(1, d.app.snapshot.with_ui(back.ui, d.t), d.t)
    assert on is not None and on.commands == ()
    page = page_of(on.ui)
    assert isinstance(page, Replaying) and page.shown.step == last


def test_the_replay_follows_a_table_that_moved_meanwhile(tmp_path: Path) -> None:
    """A phone plays while the box replays: the next step counts the new action too."""
    d = in_support(tmp_path)
    open_line(d, "ui.menu.replay")
    choice = d.app.snapshot.prompt.choices[0]
    d.app.apply(choice)
    assert isinstance(page_of(d.app.ui), Replaying)  # the page stays, the step shown too
    d.tap("seat1.blue")
    scene = shown(d)
    assert scene.replay is not None and scene.replay.of == d.app.table.head
    assert scene.replay.step == d.app.table.head


def test_another_game_started_meanwhile_ends_the_replay_at_the_next_press(
    tmp_path: Path,
) -> None:
    """A phone starts a new game while the box replays: the replay of the game it was
    showing stays drawable, and the next press is back on the live (new) game."""
    d = in_support(tmp_path)
    open_line(d, "ui.menu.replay")
    d.tap("seat1.red")
    d.app.execute(NewGame("manus", {"players": ["Anna", "Boris", "Vera"]}))
    scene = shown(d)
    assert scene.replay is not None and scene.game == "bestiary"
    draw(scene)
    d.tap("seat1.blue")
    assert page_of(d.app.ui) is None and d.app.ui.modes == () and shown(d).game == "manus"


def test_a_step_inside_a_manus_vote_shows_who_voted_never_what(tmp_path: Path) -> None:
    d = two_players(tmp_path)
    for _ in range(4):
        d.tap("next")  # construction: each hand skips
    for hand in (1, 2, 3, 4):
        d.tap(f"seat{1 if hand <= 2 else 2}.cyan")  # each hand's first target
    d.tap("seat1.red")  # hand 1 votes warm
    voted = d.app.table.head
    d.tap("seat1.blue")  # hand 2 votes cold
    d.tap("seat2.yellow")  # hand 3: dry
    d.tap("seat2.cyan")  # hand 4: wet: the reveal
    assert d.app.view["phase"] != "vote"
    open_line(d, "ui.menu.replay")
    for _ in range(d.app.table.head - voted):
        d.tap("seat1.red")
    scene = shown(d)
    assert scene.replay is not None and scene.replay.step == voted
    vote = dict(d.app.table.history()[voted - 1])
    assert vote["do"] == "vote"
    assert values_of(scene.view, vote) == []
    offered = sorted(values_of(scene.prompt, vote))  # the choices: every option or none
    assert offered in ([], ["cold", "dry", "warm", "wet"])
    drawn = " ".join(record.text.lower() for record in draw(scene).painter.texts).split()
    said = {word: drawn.count(word) for word in ("warm", "cold", "wet", "dry")}
    assert len(set(said.values())) == 1, drawn  # each as often: the colours' legend, or none
    assert scene.view == as_it_stood(d, voted)[0]


# --- MENU, Standings ---------------------------------------------------------------------------


@dataclass(frozen=True)
class WithStandings(Snapshot):
    """The snapshot as the loop hands it once it carries its reader of the standings (the
    call ``standings``, read when the page opens): here a test's own."""

    standings: Callable[[], Sequence[Standing]] | None = None


def finished_games(path: Path) -> None:
    """Two Bestiary duels Anna wins against Boris and a Manus game of three Boris wins,
    played to their ends into the journal at ``path``."""
    journal = Journal(path)
    for game, sample in (
        ("bestiary", "victory"),
        ("manus", "manus_victory"),
        ("bestiary", "victory"),
    ):
        spec = games.find(game)
        played = next(s for s in spec.samples if s.name == sample)
        table = Table.new_game(journal, game, dict(played.setup))
        for action in played.actions:
            if table.finished:
                break
            table.apply(action)
        assert table.finished
    journal.close()


def with_standings(d: Driver, source: Callable[[], Sequence[Standing]] | None = None) -> None:
    """The app's snapshot with a reader of its journal's standings (``source``: another)."""
    reading(d, source or (lambda: stats.standings(d.app.table.journal)))


def reading(d: Driver, source: Callable[[], Sequence[Standing]] | None) -> None:
    """The app's snapshot with ``source`` as its reader of the standings (None: none)."""
    snap = d.app.snapshot
    kept = {f.name: getattr(snap, f.name) for f in fields(Snapshot) if f.name != "standings"}
    d.app.snapshot = WithStandings(**kept, standings=source)


def test_the_standings_page_names_the_journals_winners(tmp_path: Path) -> None:
    finished_games(tmp_path / "j.sqlite")
    d = make_app(tmp_path)
    with_standings(d)
    open_line(d, "ui.menu.standings")
    scene = shown(d)
    assert scene.listing is not None
    assert scene.listing.title == "Standings"
    assert scene.listing.lines == (
        "Anna: 2 wins of 3",
        "Boris: 1 win of 3",
        "Vera: 0 wins of 1",
    )
    renderer = draw(scene, (800, 480))
    assert texts(renderer, "menu.item.0") == ["Anna: 2 wins of 3"]
    d.tap("seat1.blue")
    listing = shown(d).listing
    assert listing is not None and listing.cursor == 1
    d.tap("seat1.yellow")  # back to the menu's lines
    assert d.app.ui.menu_open and page_of(d.app.ui) is None and shown(d).listing is None


def test_the_standings_in_russian_and_with_no_game_finished(tmp_path: Path) -> None:
    d = make_app(tmp_path)
    with_standings(d)
    d.app.snapshot = d.app.snapshot.with_ui(replace(d.app.ui, language="ru"), d.t)
    open_line(d, "ui.menu.standings")
    listing = shown(d).listing
    assert listing is not None and listing.lines == ("Оконченных игр ещё нет",)
    d.tap("undo")  # UNDO closes it: the game, as it was
    assert d.app.ui.modes == ()


def test_without_a_reader_the_standings_say_why(tmp_path: Path) -> None:
    d = make_app(tmp_path)
    reading(d, None)
    open_line(d, "ui.menu.standings")
    assert key_said(d) == "ui.standings.unavailable" and page_of(d.app.ui) is None


def test_a_journal_that_cannot_be_read_leaves_the_standings_unsaid(tmp_path: Path) -> None:
    d = make_app(tmp_path)

    def unreadable() -> list[Standing]:
        raise JournalError("the card is gone")

    with_standings(d, unreadable)
    open_line(d, "ui.menu.standings")
    assert key_said(d) == "ui.standings.unavailable" and page_of(d.app.ui) is None


def test_the_disc_steps_the_replay_and_never_the_game(tmp_path: Path) -> None:
    d = in_support(tmp_path, sensor=True)
    head, kept = d.app.table.head, journal_of(d)
    open_line(d, "ui.menu.replay")
    for step in (-1, -1, 1):
        d.disc(step)
    page = page_of(d.app.ui)
    assert isinstance(page, Replaying) and page.shown.step == head - 1
    d.disc(1)
    d.disc(1)  # past the last step: a no, never the next period
    assert key_said(d) == "ui.replay.at_end"
    assert d.app.table.head == head and journal_of(d) == kept


def test_the_loop_reads_the_standings_when_the_page_opens(tmp_path: Path) -> None:
    finished_games(tmp_path / "j.sqlite")
    d = make_app(tmp_path)
    open_line(d, "ui.menu.standings")
    listing = shown(d).listing
    assert listing is not None and listing.lines[0] == "Anna: 2 wins of 3"
