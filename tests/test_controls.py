"""Controls on a real table and journal, driven through the app with fake adapters.

Edges carry explicit times, so hold and debounce are exact; the gpiozero path to the same
code is in test_app_end_to_end.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.app import App, SensorLink, build_app
from companion.config import Config, GameSettings, load
from companion.controls import menu_items, stack
from companion.hardware.fakes import FakeBuzzer
from companion.hardware.ports import ButtonEdge, DiscStep
from companion.journal import Journal

DUEL_SETUP: list[dict[str, Any]] = [
    {"do": "choose_castle", "castle": "forest_edge"},
    {
        "do": "summon",
        "creature": "Saxum",
        "class": "strength",
        "vitality": 6,
        "attack_strength": 2,
        "abilities": [
            {"name": "Stone skin", "prep": 2, "effects": ["defense_up"], "target": "self"},
            {"name": "Rally", "prep": 3},
        ],
    },
    {
        "do": "summon",
        "creature": "Vinctum",
        "class": "strength",
        "vitality": 6,
        "attack_strength": 2,
        "abilities": [
            {"name": "Chains", "prep": 1, "effects": ["inaction"], "target": "enemy"},
            {"name": "Grip", "prep": 4},
        ],
    },
    {"do": "summon", "creature": "Illesbra", "class": "agility", "vitality": 4},
    {"do": "summon", "creature": "Ferrarius", "class": "agility", "vitality": 4},
    {"do": "summon", "creature": "Manus", "class": "intellect", "vitality": 5},
    {"do": "summon", "creature": "Cerberus", "class": "intellect", "vitality": 5},
]
TO_SUPPORT: list[dict[str, Any]] = [
    {"do": "turn_disc"},
    {"do": "siege", "towers": []},
    {"do": "end_phase"},
]


class Driver:
    """Presses with exact times: the app's clock is this driver's clock."""

    def __init__(self) -> None:
        self.t = 1000.0
        self.app: App

    def clock(self) -> float:
        return self.t

    def edge(self, name: str, pressed: bool, after: float = 0.1) -> None:
        self.t += after
        self.app.handle(ButtonEdge(name, pressed, self.t), self.t)

    def tap(self, name: str) -> None:
        self.edge(name, True, 0.5)
        self.edge(name, False, 0.05)

    def hold(self, name: str, seconds: float) -> None:
        self.edge(name, True, 0.5)
        self.t += seconds
        self.app.tick(self.t)
        self.edge(name, False, 0.05)

    def disc(self, direction: int) -> None:
        self.t += 0.2
        self.app.handle(DiscStep(direction, self.t), self.t)


OPEN: list[App] = []


@pytest.fixture(autouse=True)
def close_apps() -> Iterator[None]:
    """Every app a test made is closed after it (journal files, fakes)."""
    yield
    while OPEN:
        OPEN.pop().close()


def make_app(tmp_path: Path, *, sensor: bool = False, config: Config | None = None) -> Driver:
    driver = Driver()
    app = build_app(
        config or load(None), fakes=True, journal_path=tmp_path / "j.sqlite", clock=driver.clock
    )
    OPEN.append(app)
    driver.app = app
    app.start()
    if sensor:  # a disc sensor reports in (as the Pico's link does when it comes up)
        app.handle(SensorLink(True), driver.t)
    return driver


def in_support(tmp_path: Path, sensor: bool = False) -> Driver:
    driver = make_app(tmp_path, sensor=sensor)
    for action in DUEL_SETUP + TO_SUPPORT:
        driver.app.apply(action)
    return driver


def said(driver: Driver) -> str:
    """What the screen says of the last press, in the table's language."""
    notice = driver.app.ui.notice
    assert notice is not None
    return notice.say(driver.app.ui.language)


def key_said(driver: Driver) -> str | None:
    notice = driver.app.ui.notice
    return notice.key if notice is not None else None


def menu(driver: Driver) -> list[str]:
    return [item.label(driver.app.ui) for item in menu_items()]


def cues(driver: Driver) -> list[str]:
    buzzer = driver.app.adapters.buzzer
    assert isinstance(buzzer, FakeBuzzer)
    return buzzer.cues


def test_seat_buttons_move_the_cursor_and_select_journals_the_choice(tmp_path: Path) -> None:
    d = in_support(tmp_path)
    prompt = d.app.table.prompt()
    choices = prompt.choices
    d.tap("seat1.blue")
    assert d.app.ui.cursor == 1
    d.tap("seat1.red")
    d.tap("seat1.red")
    options = len(choices) + len(prompt.entries)  # the choices, then the values to enter
    assert d.app.ui.cursor == options - 1  # wraps round to the last
    d.tap("seat1.blue")
    d.tap("seat1.cyan")
    game_id = d.app.table.record.id
    stored = Journal(tmp_path / "j.sqlite").actions(game_id)[-1]
    # The choice as applied: with the seat that took it, which the rules checked.
    assert stored.action == {**choices[0], "seat": 1} and stored.seat == 1
    assert d.app.ui.cursor == 0


def test_the_other_seat_gets_a_no_and_nothing_changes(tmp_path: Path) -> None:
    d = in_support(tmp_path)
    head = d.app.table.head
    d.tap("seat2.cyan")
    assert d.app.table.head == head
    assert cues(d)[-1] == "no"
    assert d.app.ui.refused and key_said(d) == "hardware.not_your_turn"
    first = d.app.view["seats"][0]["name"]
    assert said(d) == f"It is {first}'s turn."  # the player, not "seat 1"


def test_back_returns_the_cursor_to_the_top_and_says_no_at_the_top(tmp_path: Path) -> None:
    d = in_support(tmp_path)
    d.tap("seat1.blue")
    d.tap("seat1.yellow")
    assert d.app.ui.cursor == 0
    d.tap("seat1.yellow")
    assert cues(d)[-1] == "no"


def test_next_ends_the_phase_and_turns_the_period_without_a_sensor(tmp_path: Path) -> None:
    d = in_support(tmp_path)
    d.tap("next")
    assert d.app.view["turn"]["seat"] == 2
    assert cues(d)[-1] == "your_turn"
    for _ in range(3):  # Boris: siege needs a choice, so NEXT says no there
        d.tap("next")
    assert d.app.view["phase"] == "siege"
    assert cues(d)[-1] == "no"
    d.tap("seat2.cyan")  # siege with no towers (the first choice)
    d.tap("next")
    d.tap("next")
    assert d.app.view["phase"] == "turn_disc"
    d.tap("next")
    assert d.app.view["period"] == 2


def test_with_a_sensor_next_asks_for_the_disc_instead(tmp_path: Path) -> None:
    d = make_app(tmp_path, sensor=True)
    for action in DUEL_SETUP:
        d.app.apply(action)
    d.tap("next")
    assert d.app.view["period"] == 0
    assert key_said(d) == "hardware.turn_the_disc"
    d.disc(+1)
    assert d.app.view["period"] == 1
    assert key_said(d) is None  # the disc turned: "turn the disc" is no longer true
    assert d.app.snapshot.notices() == ()


def test_undo_press_undoes_and_undo_hold_redoes(tmp_path: Path) -> None:
    d = in_support(tmp_path)
    d.tap("seat1.cyan")
    assert d.app.view["tokens"]
    d.tap("undo")
    assert d.app.view["tokens"] == []
    d.hold("undo", 1.0)
    assert d.app.view["tokens"][0]["ability"] == "stone_skin"
    d.hold("undo", 1.0)
    assert cues(d)[-1] == "no"


def test_menu_opens_only_after_three_seconds(tmp_path: Path) -> None:
    d = in_support(tmp_path)
    d.hold("menu", 2.0)
    assert not d.app.ui.menu_open and cues(d)[-1] == "no"
    d.hold("menu", 3.0)
    assert d.app.ui.menu_open
    assert menu(d)[:10] == [
        "Back to the game",
        "Rematch: the next player starts",
        "New game: Bestiary: Two Castles",
        "New game: Bestiary: Four-path",
        "New game: Hand of Manus",
        "New game: Tetranomicon",
        "New game: Talisman: heroes",
        "Resume an unfinished game",
        "Undo to the start of this period",
        "Language: English",
    ]
    for _ in range(9):
        d.tap("seat2.blue")
    d.tap("seat2.cyan")  # language
    assert d.app.ui.language == "ru" and not d.app.ui.menu_open
    assert menu(d)[4] == "Новая игра: Длань Мануса"


def test_new_game_from_the_menu_is_a_rematch_with_the_other_seat_first(tmp_path: Path) -> None:
    d = in_support(tmp_path)
    old = d.app.table.record.id
    d.hold("menu", 3.0)
    d.tap("seat1.blue")
    d.tap("seat1.cyan")
    assert d.app.table.record.id != old
    assert d.app.view["first_seat"] == 2 and d.app.view["stage"] == "castle_choice"


def test_a_disc_step_the_rules_do_not_expect_is_reported_not_applied(tmp_path: Path) -> None:
    d = in_support(tmp_path, sensor=True)
    head = d.app.table.head
    d.disc(+1)
    assert d.app.table.head == head
    assert key_said(d) == "hardware.disc_early"
    d.disc(-1)  # turned back: in step again, no question
    assert not d.app.ui.confirming
    assert key_said(d) is None  # "turn it back" is no longer true: it is gone


def test_chatter_across_a_sector_boundary_counts_once(tmp_path: Path) -> None:
    d = make_app(tmp_path, sensor=True)
    for action in DUEL_SETUP:
        d.app.apply(action)
    for direction in (+1, -1, +1, -1, +1):
        d.disc(direction)
    assert d.app.view["period"] == 1
    assert not d.app.ui.confirming


def test_a_backward_step_asks_before_undoing_the_period(tmp_path: Path) -> None:
    d = in_support(tmp_path, sensor=True)
    d.tap("seat1.cyan")  # a support ability in period 1
    d.disc(-1)
    assert d.app.ui.confirming and key_said(d) == "hardware.confirm_undo_period"
    assert d.app.view["period"] == 1
    d.tap("seat1.yellow")  # no
    assert not d.app.ui.confirming and d.app.view["period"] == 1
    d.disc(+1)  # back in step: nothing happens
    d.disc(-1)
    d.tap("next")  # yes
    assert d.app.view["period"] == 0 and d.app.view["phase"] == "turn_disc"


PERIOD: list[dict[str, Any]] = [
    {"do": "turn_disc"},
    {"do": "siege", "towers": []},
    {"do": "end_phase"},
    {"do": "end_phase"},
    {"do": "siege", "towers": []},
    {"do": "end_phase"},
    {"do": "end_phase"},
]


def test_tokens_returning_sound_their_cue(tmp_path: Path) -> None:
    d = in_support(tmp_path)
    d.tap("seat1.blue")
    d.tap("seat1.cyan")  # Rally: prep 3, back in period 4
    for action in PERIOD[3:] + PERIOD + PERIOD + PERIOD[:2]:
        d.app.apply(action)
    assert "tokens_return" not in cues(d)
    assert d.app.view["period"] == 4
    d.app.apply({"do": "end_phase"})  # Anna's attack ends; her preparation follows
    assert cues(d)[-1] == "tokens_return"


@pytest.mark.parametrize("button", ["seat1.red", "next", "undo"])
def test_with_the_game_over_a_press_is_a_no(tmp_path: Path, button: str) -> None:
    config = load(None)
    # The shortest scale the rules allow: one more than the largest class penalty.
    short = {"players": ["Anna", "Boris"], "scale_length": 5}
    config = replace(config, game=replace(config.game, setup=short))
    d = make_app(tmp_path, config=config)
    for action in DUEL_SETUP[:-3]:
        d.app.apply(action)
    # Boris summons only strength: two classes missing, 4 damage of his 5.
    for creature in ("Ferrarius", "Manus", "Cerberus"):
        d.app.apply({"do": "summon", "creature": creature, "class": "strength", "vitality": 5})
    assert d.app.view["winner"] is None
    # Anna's siege of the plain tower deals the last division: his castle falls.
    d.app.apply({"do": "turn_disc"})
    d.app.apply({"do": "siege", "towers": ["plain"]})
    assert d.app.view["winner"] is not None and cues(d)[-1] == "victory"
    head = d.app.table.head
    if button == "undo":
        d.hold("undo", 1.0)
    else:
        d.tap(button)
    assert cues(d)[-1] == "no" and d.app.table.head == head


def test_after_an_early_turn_next_starts_the_period_the_disc_already_shows(
    tmp_path: Path,
) -> None:
    d = in_support(tmp_path, sensor=True)
    d.disc(+1)  # too early: reported, not applied
    d.tap("next")  # Anna ends her support phase
    for action in PERIOD[4:]:
        d.app.apply(action)
    assert d.app.view["phase"] == "turn_disc"
    d.tap("next")  # the disc is already a sector ahead: NEXT catches the rules up
    assert d.app.view["period"] == 2
    d.disc(+1)  # and the next sector is the next period's, not this one's again
    assert d.app.view["period"] == 2


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from([+1, -1]), max_size=12))
def test_no_wobble_of_the_disc_turns_more_than_the_rules_expect(
    tmp_path_factory: pytest.TempPathFactory, steps: list[int]
) -> None:
    """At the turn prompt, any rocking of the disc turns exactly one period if it ever got a
    sector ahead, and none otherwise; without a yes, nothing is ever undone."""
    d = make_app(tmp_path_factory.mktemp("disc"), sensor=True)
    for action in DUEL_SETUP:
        d.app.apply(action)
    for step in steps:
        d.disc(step)
    reached = max([0, *(sum(steps[: i + 1]) for i in range(len(steps)))])
    turns = [a for a in d.app.table.history() if a["do"] == "turn_disc"]
    assert len(turns) == (1 if reached >= 1 else 0)
    OPEN.remove(d.app)
    d.app.close()


@pytest.mark.parametrize("name", ["seat1.green", "seatX.red", "pause"])
def test_a_button_the_panel_does_not_have_is_a_no(tmp_path: Path, name: str) -> None:
    d = in_support(tmp_path)
    head = d.app.table.head
    d.tap(name)
    assert cues(d)[-1] == "no" and d.app.table.head == head
    assert said(d) == f"The button '{name}' has no meaning here."


def test_a_seat_without_buttons_is_played_by_any_seats_buttons(tmp_path: Path) -> None:
    """Four players at a box wired for two (the shipped config): the screen says seats 3
    and 4 have no buttons, and when the prompt is Clara's (seat 3) seat 1's cyan plays for
    her; a seat that has buttons still plays only its own turn."""
    config = replace(
        load(None),
        game=GameSettings("four_path", {"players": ["Anna", "Boris", "Clara", "Dmitri"]}),
    )
    d = make_app(tmp_path, config=config)
    assert "No buttons for seat 3, 4: any seat's buttons play for it." in d.app.snapshot.notices()
    d.app.apply({"do": "ban", "creature": "Carnifex"})  # Anna
    d.tap("seat1.cyan")  # Boris's ban: seat 1 has buttons, so it is not Anna's to press
    assert len(d.app.view["draft"]["banned"]) == 1 and cues(d)[-1] == "no"
    d.tap("seat2.cyan")  # Boris bans
    assert d.app.snapshot.prompt.seat == 3
    d.tap("seat1.cyan")  # Clara has no buttons: Anna's panel presses for her
    banned = d.app.view["draft"]["banned"]
    assert len(banned) == 3 and banned[-1]["seat"] == 3


def _open_from_menu(d: Driver, key: str, game: str | None = None) -> None:
    d.hold("menu", 3.0)
    lines = [(item.key, item.game) for item in menu_items()]
    for _ in range(lines.index((key, game))):
        d.tap("seat2.blue")
    d.tap("seat2.cyan")


def test_a_new_game_chosen_over_the_card_library_starts(tmp_path: Path) -> None:
    """The form is the top mode: its values start the game. (They were taken for a card
    while the library lay under the menu: "Card refused: unknown key", no new game.)"""
    d = in_support(tmp_path)
    first_game = d.app.table.record.id
    _open_from_menu(d, "ui.menu.cards")
    assert d.app.ui.modes == ("cards",)
    _open_from_menu(d, "ui.menu.play", "bestiary")
    assert d.app.ui.modes == ("cards", "menu", "form")
    d.tap("next")  # the form's defaults
    assert d.app.table.record.id != first_game and d.app.table.head == 0
    assert key_said(d) != "ui.cards.refused" and "no" not in cues(d)


def test_a_page_over_a_page_closes_alone(tmp_path: Path) -> None:
    """UNDO pressed and MENU pressed go to the top page only: the log opened over the card
    library closes back to the library, which the next UNDO closes."""
    d = in_support(tmp_path)
    _open_from_menu(d, "ui.menu.cards")
    _open_from_menu(d, "ui.menu.log")
    assert d.app.ui.modes == ("cards", "log")
    d.tap("menu")
    assert d.app.ui.modes == ("cards",)
    d.tap("menu")  # the library is not closed by MENU: a "no", as before
    assert d.app.ui.modes == ("cards",) and key_said(d) == "hardware.hold_menu"
    head = d.app.table.head
    d.tap("undo")
    assert d.app.ui.modes == () and d.app.table.head == head  # closed, nothing undone
    d.tap("undo")
    assert d.app.table.head == head - 1


def test_every_mode_the_ui_names_is_an_object_on_the_stack(tmp_path: Path) -> None:
    """The stack the controls walk: the game's mode at the bottom (the vote for a secret
    prompt), then one object per mode the UI state names; a value entry is the card's while
    the library is open."""
    d = in_support(tmp_path)
    snap = d.app.snapshot
    names = ("cards", "entry", "menu", "log", "confirm_undo_period")
    kinds = [type(mode).__name__ for mode in stack(snap.with_ui(replace(snap.ui, modes=names), 0))]
    assert kinds == ["GamePrompt", "CardLibrary", "CardEntry", "Menu", "GameLog", "UndoPeriod"]
    prompt_entry = stack(snap.with_ui(replace(snap.ui, modes=("entry",)), 0))
    assert [type(mode).__name__ for mode in prompt_entry] == ["GamePrompt", "PromptEntry"]


def test_a_support_line_names_the_ability_as_its_card_does(tmp_path: Path) -> None:
    """The card names "Stone skin" (an ability of no roster id): the line says so, in
    both languages, never its id."""
    snap = in_support(tmp_path).app.snapshot
    words = snap.spec.choice_words
    assert words is not None
    support = snap.prompt.choices[0]
    assert support["ability"] == "stone_skin"
    for language in ("en", "ru"):
        line = words(snap.view, support, language)
        assert "Stone skin" in line and "stone_skin" not in line, line
