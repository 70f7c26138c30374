"""The menu, driven through the real controls: hold MENU, then a seat's buttons (red up,
blue down, cyan select, yellow back) and NEXT, as a table would.

What is asserted is what a player notices: the game that starts is the one chosen, with
the players and options chosen; a rematch starts with the next seat; a resumed game has
its history; the period's undo lands at its start; the ring dims at once.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from companion import forms
from companion.app import build_app
from companion.config import load
from companion.controls import menu_items
from companion.hardware.factory import open_adapters
from companion.hardware.pixels import PixelRing, RecordingStrip
from companion.recent import path_for
from companion.table import NewGame
from tests.test_controls import (
    DUEL_SETUP,
    OPEN,
    TO_SUPPORT,
    Driver,
    close_apps,  # noqa: F401 (the fixture that closes the apps)
    in_support,
    key_said,
    make_app,
)


def open_menu_at(d: Driver, key: str, game: str | None = None) -> None:
    """Hold MENU and move the cursor (seat 1's blue) to the line ``key`` (of ``game``)."""
    d.hold("menu", 3.0)
    assert d.app.ui.menu_open
    index = next(
        i for i, item in enumerate(menu_items()) if item.key == key and item.game in (game, None)
    )
    for _ in range(index):
        d.tap("seat1.blue")
    d.tap("seat1.cyan")


def field_key(d: Driver) -> str:
    """The key of the form's field being entered."""
    form = d.app.ui.form
    assert form is not None and d.app.ui.mode == "form"
    entry = form.entry
    following = entry.following(d.app.ui.entered) if d.app.ui.entered else 0
    return entry.fields[following if following is not None else 0].key


def set_value(d: Driver, wanted: object) -> None:
    """Red (up) until the field shows ``wanted``, then cyan to confirm it."""
    for _ in range(12):
        if d.app.ui.value == wanted:
            break
        d.tap("seat1.red")
    assert d.app.ui.value == wanted
    d.tap("seat1.cyan")


def test_a_new_game_is_the_game_players_and_options_chosen(tmp_path: Path) -> None:
    d = in_support(tmp_path)
    bestiary = d.app.table.record.id
    open_menu_at(d, "ui.menu.play", "manus")
    assert field_key(d) == forms.COUNT and d.app.ui.value == 3  # the example's count
    d.tap("seat1.blue")  # down to two players
    d.tap("seat1.cyan")
    assert field_key(d) == "name.1"
    set_value(d, "Anna")
    set_value(d, "Boris")
    assert field_key(d) == "first"
    set_value(d, 2)  # Boris plays first
    assert field_key(d) == "hands_per_player"  # asked: two players
    set_value(d, 1)  # one hand each: where two hands sit is not asked
    assert field_key(d) == "reveal"
    set_value(d, "confirm")
    d.tap("next")  # the rest as shown
    table = d.app.table
    assert table.game == "manus" and table.record.id != bestiary
    options = d.app.view["options"]
    assert options["players"] == ["Anna", "Boris"]
    assert (options["first"], options["hands_per_player"], options["reveal"]) == (2, 1, "confirm")
    assert "seating" not in options and options["no_target"] is False
    assert not d.app.ui.modes  # the form and the menu closed
    # The names are remembered beside the journal, and offered first next time.
    kept = path_for(tmp_path / "j.sqlite")
    assert kept is not None and kept.read_text().splitlines()[:2] == ["Anna", "Boris"]
    assert d.app.ui.names[:2] == ("Anna", "Boris")


def test_two_hands_each_asks_where_they_sit(tmp_path: Path) -> None:
    d = make_app(tmp_path)
    open_menu_at(d, "ui.menu.play", "manus")
    d.tap("seat1.blue")  # two players
    for _ in range(4):  # the count, then names and first as shown
        d.tap("seat1.cyan")
    assert field_key(d) == "hands_per_player"
    set_value(d, 2)  # two hands each
    assert field_key(d) == "seating"
    set_value(d, "alternate")
    d.tap("next")
    options = d.app.view["options"]
    assert (options["hands_per_player"], options["seating"]) == (2, "alternate")


def test_three_players_name_three_seats(tmp_path: Path) -> None:
    d = make_app(tmp_path)
    open_menu_at(d, "ui.menu.play", "manus")
    d.tap("seat1.cyan")  # three players, as shown
    for _ in range(3):
        d.tap("seat1.cyan")  # three names as offered
    assert field_key(d) == "first"
    d.tap("next")
    offered = forms.names_offered(d.app.table.spec, d.app.ui.names)
    assert d.app.view["options"]["players"] == list(offered[:3])
    assert d.app.view["options"]["hands_per_player"] == 1


def test_two_seats_with_one_name_are_refused_on_the_form(tmp_path: Path) -> None:
    d = make_app(tmp_path)
    old = d.app.table.record.id
    open_menu_at(d, "ui.menu.play", "bestiary")
    first = d.app.ui.value
    d.tap("seat1.cyan")
    set_value(d, first)  # seat 2 takes seat 1's name
    d.tap("next")
    assert d.app.table.record.id == old
    assert key_said(d) == "ui.form.same_name" and d.app.ui.refused
    assert d.app.ui.mode == "form"  # still open, to be put right
    d.tap("seat1.yellow")  # back to seat 2's name
    d.tap("seat1.red")
    d.tap("next")
    assert d.app.table.record.id != old and d.app.table.game == "bestiary"


def test_bestiary_options_are_entered(tmp_path: Path) -> None:
    d = make_app(tmp_path)
    open_menu_at(d, "ui.menu.play", "bestiary")
    for _ in range(3):  # names and first as shown
        d.tap("seat1.cyan")
    assert field_key(d) == "scale_length" and d.app.ui.value == 16
    for _ in range(4):
        d.tap("seat1.red")
    d.tap("seat1.cyan")
    set_value(d, "fast")
    view = d.app.view
    assert (view["scale_length"], view["tempo"]) == (20, "fast")


def test_back_from_the_first_field_returns_to_the_menu(tmp_path: Path) -> None:
    d = make_app(tmp_path)
    old = d.app.table.record.id
    open_menu_at(d, "ui.menu.play", "bestiary")
    d.tap("seat1.yellow")
    assert d.app.ui.menu_open and d.app.table.record.id == old


def test_a_rematch_starts_with_the_next_seat(tmp_path: Path) -> None:
    d = make_app(tmp_path)
    d.app.execute(NewGame("manus", {"players": ["Anna", "Boris", "Vera"], "first": 3}))
    open_menu_at(d, "ui.menu.rematch")
    options = d.app.view["options"]
    assert options["players"] == ["Anna", "Boris", "Vera"] and options["first"] == 1
    open_menu_at(d, "ui.menu.rematch")
    assert d.app.view["options"]["first"] == 2
    # The Bestiary: the previous second seat first.
    d.app.execute(NewGame("bestiary", {"players": ["Anna", "Boris"]}))
    open_menu_at(d, "ui.menu.rematch")
    assert d.app.view["first_seat"] == 2


def test_a_resumed_game_has_its_history(tmp_path: Path) -> None:
    d = in_support(tmp_path)
    d.tap("seat1.cyan")  # a support ability
    duel = d.app.table.record.id
    history = d.app.snapshot.history
    open_menu_at(d, "ui.menu.resume")
    assert key_said(d) == "ui.menu.nothing_to_resume"  # only the game on the table
    open_menu_at(d, "ui.menu.play", "manus")
    d.tap("next")  # a new game of Manus as shown
    assert d.app.table.game == "manus"
    manus = d.app.table.record.id
    open_menu_at(d, "ui.menu.resume")
    assert d.app.ui.mode == "form"
    d.tap("seat1.cyan")  # the newest unfinished game: the duel
    assert d.app.table.record.id == duel
    assert d.app.snapshot.history == history
    assert d.app.view["period"] == 1 and d.app.view["tokens"]
    # The Manus game left behind can be picked up in turn.
    assert [r.id for r in d.app.snapshot.resumable] == [manus]


def test_a_resumed_game_survives_a_restart(tmp_path: Path) -> None:
    d = in_support(tmp_path)
    duel = d.app.table.record.id
    open_menu_at(d, "ui.menu.play", "manus")
    d.tap("next")
    open_menu_at(d, "ui.menu.resume")
    d.tap("seat1.cyan")
    OPEN.remove(d.app)
    d.app.close()
    again = make_app(tmp_path)
    assert again.app.table.record.id == duel  # the game last on the table, not the newest
    assert again.app.snapshot.history == tuple(DUEL_SETUP + TO_SUPPORT)


def test_undo_to_the_start_of_the_period_asks_then_lands_there(tmp_path: Path) -> None:
    d = in_support(tmp_path)
    d.tap("seat1.cyan")  # a support ability in period 1
    d.tap("next")  # end of seat 1's support phase
    assert len(d.app.snapshot.history) > len(DUEL_SETUP) + 1
    open_menu_at(d, "ui.menu.restart_period")
    assert d.app.ui.confirming and key_said(d) == "ui.menu.confirm_restart_period"
    d.tap("seat2.cyan")  # yes
    assert d.app.snapshot.history == (*DUEL_SETUP, {"do": "turn_disc"})
    assert d.app.view["period"] == 1 and d.app.view["phase"] == "siege"
    assert not d.app.view["tokens"]
    # At the start already: nothing to undo, said so.
    open_menu_at(d, "ui.menu.restart_period")
    assert key_said(d) == "ui.menu.period_untouched" and not d.app.ui.confirming


def test_undo_to_the_period_can_be_declined(tmp_path: Path) -> None:
    d = in_support(tmp_path)
    d.tap("seat1.cyan")
    history = d.app.snapshot.history
    open_menu_at(d, "ui.menu.restart_period")
    d.tap("seat1.yellow")  # no
    assert d.app.snapshot.history == history and not d.app.ui.modes


def test_undo_to_the_period_is_refused_in_a_game_without_periods(tmp_path: Path) -> None:
    d = make_app(tmp_path)
    d.app.execute(NewGame("manus", {"players": ["Anna", "Boris", "Vera"]}))
    open_menu_at(d, "ui.menu.restart_period")
    assert key_said(d) == "ui.menu.no_periods" and d.app.ui.refused
    assert "Hand of Manus" in (d.app.ui.notice.say("en") if d.app.ui.notice else "")


def brightness_app(tmp_path: Path) -> tuple[Driver, RecordingStrip]:
    config = load(None)
    strip = RecordingStrip(config.leds.count, brightness=config.brightness)
    adapters = replace(open_adapters(config, fakes=True, strict=False), ring=PixelRing(strip))
    d = Driver()
    d.app = build_app(config, journal_path=tmp_path / "j.sqlite", adapters=adapters, clock=d.clock)
    OPEN.append(d.app)
    d.app.start()
    return d, strip


def brightest(data: bytes) -> int:
    return max(data)


def test_brightness_changes_the_rings_bytes_at_once(tmp_path: Path) -> None:
    d, strip = brightness_app(tmp_path)
    before = strip.last_bytes
    assert d.app.ui.brightness == 0.3
    open_menu_at(d, "ui.menu.brightness")
    assert d.app.ui.brightness == 0.45 and d.app.ui.menu_open  # stays open to step on
    after = strip.last_bytes
    assert brightest(after) > brightest(before)
    assert abs(brightest(after) / brightest(before) - 0.45 / 0.3) < 0.15  # whole bytes
    labels = [item.label(d.app.ui) for item in menu_items()]
    assert "LED brightness: 45%" in labels
    d.tap("seat1.cyan")  # 60%: the config's cap
    d.tap("seat1.cyan")  # round to the dimmest
    assert d.app.ui.brightness == 0.1
    assert brightest(strip.last_bytes) < brightest(before)


def test_the_config_cap_bounds_the_steps(tmp_path: Path) -> None:
    d, _ = brightness_app(tmp_path)
    seen = []
    open_menu_at(d, "ui.menu.brightness")
    for _ in range(8):
        seen.append(d.app.ui.brightness)
        d.tap("seat1.cyan")
    assert max(seen) == d.app.config.leds.max_brightness


@pytest.mark.parametrize("count", [4, 2])
def test_four_path_starts_from_the_menu_with_two_or_four_players(
    tmp_path: Path, count: int
) -> None:
    """The count offers only what the rules take (2: the duel, 4: two teams); the game
    starts with the first player as the time keeper."""
    d = make_app(tmp_path)
    old = d.app.table.record.id
    open_menu_at(d, "ui.menu.play", "four_path")
    assert field_key(d) == "players" and d.app.ui.value == 4
    d.tap("seat1.red")
    assert d.app.ui.value == 2  # 3 is never offered
    if count == 4:
        d.tap("seat1.red")
    set_value(d, count)
    d.tap("next")
    assert d.app.table.record.id != old and d.app.table.game == "four_path"
    view = d.app.view
    assert view["mode"] == ("teams" if count == 4 else "duel")
    assert len(view["seats"]) == count and view["keeper"]["seat"] == 1
    assert d.app.snapshot.prompt.kind == "ban"
