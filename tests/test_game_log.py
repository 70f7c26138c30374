"""The game log behind the menu: every sentence the event line said this game, in order,
in the table's language, scrolled with the seat buttons, and the notices the notice
lines could not hold. The log is kept with the actions, never replayed: after many
actions, undos, redos, a language change and a restart it still says what a replay of the
game says (the oracle below, the narration as it was before the lines were kept); a
journal older than the kept lines has them said once; the phones get the new lines with
each update (the same bytes at 10 actions as at 2,000) and the rest from /api/log."""

from __future__ import annotations

import itertools
import json
import shutil
import sqlite3
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest

from bench.rules import SETUP, actions
from companion import game_log
from companion.controls import menu_items
from companion.display.layout import SIZES
from companion.display.renderer import Renderer
from companion.display.scene import Scene
from companion.games.bestiary import rules as bestiary
from companion.games.manus import rules as manus
from companion.games.spec import AnySpec
from companion.i18n import LANGUAGES
from companion.journal import Journal, row_check
from companion.narration import narrate
from companion.rules.base import JSON, PUBLIC, RulesError
from companion.snapshot import HardwareStatus, Snapshot
from companion.table import Redo, Table, Undo
from companion.web.guard import HEADERS
from companion.web.hub import LOG_PAGE, LOG_TAIL, Hub
from companion.web.server import serve_in_thread
from tests.test_controls import DUEL_SETUP, TO_SUPPORT, Driver, make_app

DATA = Path(__file__).parent / "data"


def replayed(spec: AnySpec, setup: JSON, history: Sequence[JSON], language: str) -> tuple[str, ...]:
    """The oracle: the log as it was said before the lines were kept, by replaying the
    game from its setup and saying each step's events with the public view after it."""
    state = spec.rules.start(spec.journaled(dict(setup)))
    said: list[str] = []
    for action in history:
        state = spec.rules.step(state, action)
        if state.events:
            said.extend(narrate(spec, state.events, spec.rules.view(state, PUBLIC), language))
    return tuple(said)


def oracle(table: Table, language: str) -> tuple[str, ...]:
    return replayed(table.spec, table.record.setup, table.history(), language)


def snapshot_of(table: Table, language: str = "en") -> Snapshot:
    """The table as the loop's snapshot has it (the parts the log and the hub read)."""
    snap = Snapshot(
        spec=table.spec,
        state=table.state,
        view=table.view(),
        prompt=table.prompt(),
        history=(),
        setup=table.record.setup,
        log=table.log(),
    )
    return snap.with_ui(replace(snap.ui, language=language), 0.0)


def counting_steps(monkeypatch: pytest.MonkeyPatch, rules: Any = bestiary) -> list[int]:
    """Every call of the rules' step (``rules``: a game's rules module)."""
    calls: list[int] = []
    original: Callable[..., Any] = rules.step

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(rules, "step", counted)
    return calls


def long_duel(path: Path, count: int) -> tuple[Table, Iterator[JSON]]:
    """A duel of ``count`` actions (bench/rules.py's), and the actions that follow."""
    table = Table.new_game(Journal(path), "bestiary", SETUP)
    stream = actions()
    for action in itertools.islice(stream, count):
        table.apply(action)
    return table, stream


LOG = next(i for i, item in enumerate(menu_items()) if item.key == "ui.menu.log")


def played(tmp_path: Path) -> tuple[Driver, list[str]]:
    """A duel to its support phase; what the event line said after each action."""
    driver = make_app(tmp_path)
    said: list[str] = []
    for action in DUEL_SETUP + TO_SUPPORT:
        snap = driver.app.apply(action)
        said.extend(narrate(snap.spec, snap.change.events, snap.view, "en"))
    return driver, said


def open_log(driver: Driver) -> None:
    driver.hold("menu", 3.0)
    for _ in range(LOG):
        driver.tap("seat1.blue")
    driver.tap("seat1.cyan")


def test_the_log_holds_every_sentence_of_the_game_in_order(tmp_path: Path) -> None:
    driver, said = played(tmp_path)
    assert len(said) > 10
    open_log(driver)
    snap = driver.app.snapshot
    assert snap.ui.mode == "log"
    scene = Scene.of(snap)
    assert scene.listing is not None
    assert scene.listing.lines[: len(said)] == tuple(said)
    # The newest sentence is under the cursor; red goes back in time, never past the start.
    assert scene.listing.cursor == len(said) - 1
    driver.tap("seat2.red")
    assert driver.app.snapshot.ui.log_line == len(said) - 2
    for _ in range(len(said) + 3):
        driver.tap("seat2.red")
    assert driver.app.snapshot.ui.log_line == 0
    # Yellow closes it: back to the game, which did not move.
    head = driver.app.table.head
    driver.tap("seat1.yellow")
    assert driver.app.snapshot.ui.mode is None
    assert driver.app.table.head == head


def test_the_log_is_said_in_the_tables_language_and_forgets_what_undo_took_back(
    tmp_path: Path,
) -> None:
    driver, said = played(tmp_path)
    snap = driver.app.snapshot
    russian = snap.with_ui(replace(snap.ui, language="ru"), snap.at)
    assert game_log.lines(russian) == replayed(snap.spec, snap.setup, snap.history, "ru")
    assert len(game_log.lines(russian)) == len(said) and game_log.lines(russian) != tuple(said)
    undone = driver.app.execute(Undo())
    assert len(game_log.lines(undone)) < len(said)


def test_notices_the_screen_could_not_hold_are_in_the_log(tmp_path: Path) -> None:
    driver, _ = played(tmp_path)
    hardware = HardwareStatus(replaced=("buttons", "disc", "leds", "buzzer"), sensor_present=False)
    snap = replace(driver.app.snapshot, hardware=hardware)
    lines = game_log.lines(snap)
    for note in snap.notices():
        assert game_log.WARNING + note in lines


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_log_reads_at_5_mm_and_shows_the_line_under_the_cursor(
    display: None, tmp_path: Path, size: tuple[int, int]
) -> None:
    driver, said = played(tmp_path)
    open_log(driver)
    driver.tap("seat1.red")
    renderer = Renderer(pygame.display.set_mode(size))
    assert renderer.render(Scene.of(driver.app.snapshot), 0.0)
    assert renderer.drawn[-1] == "menu"
    records = [r for r in renderer.painter.texts if r.text.strip()]
    assert min(r.px for r in records) >= renderer.layout.min_text
    shown = " ".join(" ".join(r.text for r in records).split())
    assert " ".join(said[-2].split()[:2]) in shown  # the line under the cursor is on screen


# --- kept, never replayed ------------------------------------------------------------------


def test_the_kept_log_says_what_a_replay_says_through_undo_redo_a_new_branch_and_a_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "j.sqlite"
    table, stream = long_duel(path, 400)
    assert len(table.log().lines("en")) > 200

    def agrees() -> None:
        for language in LANGUAGES:
            assert table.log().lines(language) == oracle(table, language), language

    agrees()
    table.execute(Undo())
    table.execute(Undo())
    agrees()
    table.execute(Redo())
    agrees()
    table.execute(Undo(to_head=table.head - 30))  # thirty back: the states are in memory
    agrees()
    before_branch = table.log()
    before_lines = before_branch.lines("en")
    for _ in range(3):
        table.execute(Redo())
    agrees()
    table.execute(Undo(to_head=table.head - 2))
    branch = {"do": "end_phase"}  # not the redo's action: a new branch, the redo stack dropped
    try:
        table.apply(branch)
    except RulesError:
        table.apply(dict(table.history()[-1]))  # the journal's rule: replaced all the same
    agrees()
    # A snapshot taken before the cut still reads its own lines (the phones' server may).
    assert before_branch.lines("en") == before_lines
    for action in itertools.islice(stream, 20):
        try:
            table.apply(action)
        except RulesError:
            break
    agrees()
    kept = {lang: table.log().lines(lang) for lang in LANGUAGES}
    table.journal.close()

    steps = counting_steps(monkeypatch)
    again = Table.open(path)  # a restart: the lines read from the journal
    assert again is not None
    reopening = len(steps)
    assert reopening <= again.head  # the states only: no second replay for the log
    for language in LANGUAGES:
        assert again.log().lines(language) == kept[language]
    steps.clear()
    follow = again.prompt().choices[0]
    again.apply(follow)
    assert len(steps) == 1  # a press steps the rules once: the log grows by its lines only
    assert again.log().lines("en")[: len(kept["en"])] == kept["en"]
    assert again.log().lines("en") == oracle(again, "en")
    again.journal.close()


def test_a_language_change_says_the_kept_lines_again_without_stepping_the_rules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    driver, said = played(tmp_path)
    snap = driver.app.snapshot
    expected = replayed(snap.spec, snap.setup, snap.history, "ru")
    steps, views = counting_steps(monkeypatch), []
    monkeypatch.setattr(bestiary, "view", lambda *a, **k: views.append(1))
    russian = snap.with_ui(replace(snap.ui, language="ru"), snap.at)
    logged = game_log.lines(russian)
    assert (len(steps), len(views)) == (0, 0)
    assert logged[: len(said)] == expected
    assert logged[: len(said)] != tuple(said)


def first_game(path: Path) -> Table:
    journal = Journal(path)
    return Table(journal, journal.game(journal.game_ids()[0]))


@pytest.mark.parametrize(
    ("name", "rules"), [("v0_1_duel_cooldowns", bestiary), ("v0_1_manus_three_players", manus)]
)
def test_an_old_journal_has_its_lines_said_once_and_kept(
    name: str, rules: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = tmp_path / f"{name}.db"
    shutil.copy(DATA / f"{name}.db", kept)
    with closing(sqlite3.connect(kept)) as raw:
        stored = raw.execute("SELECT count(*) FROM actions").fetchone()[0]
    assert stored > 5
    steps = counting_steps(monkeypatch, rules)
    first = first_game(kept)  # finished or not
    filled = len(steps)
    head = first.head
    assert filled == head + stored  # the states, and one replay for the lines
    assert first.log().lines("en") == oracle(first, "en")
    first.journal.close()
    with closing(sqlite3.connect(kept)) as raw:
        rows = raw.execute("SELECT game_id, seq, said, said_crc FROM actions").fetchall()
    assert len(rows) == stored  # kept, checksummed like the actions
    assert all(crc == row_check("said", (game, seq, lines)) for game, seq, lines, crc in rows)
    steps.clear()
    second = first_game(kept)
    assert len(steps) == head  # the states only: the lines are read
    assert second.log().lines("ru") == oracle(second, "ru")
    steps.clear()
    if second.prompt().choices and second.state.winner is None:
        second.apply(second.prompt().choices[0])
        assert len(steps) == 1
    second.journal.close()


def test_a_damaged_kept_line_is_said_again_not_shown(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite"
    table, _ = long_duel(path, 40)
    table.journal.close()
    with closing(sqlite3.connect(path)) as raw, raw:  # a flipped letter in a said line
        (seq,) = raw.execute("SELECT min(seq) FROM actions WHERE said GLOB '*Anna*'").fetchone()
        raw.execute("UPDATE actions SET said=replace(said, 'Anna', 'Anka') WHERE seq=?", (seq,))
    journal = Journal(path)
    kept = journal.said(1)
    assert seq not in kept and len(kept) == 39  # refused by its checksum, the others read
    journal.close()
    again = Table.open(path)
    assert again is not None
    assert not any("Anka" in line for line in again.log().lines("en"))
    assert again.log().lines("en") == oracle(again, "en")
    again.journal.close()


# --- the phones: new lines with each update, the rest on request ------------------------------


def public_bytes(path: Path, count: int) -> tuple[int, dict[str, Any]]:
    """The public payload's size after a press at ``count`` actions (one update)."""
    table, stream = long_duel(path, count)
    hub = Hub(lambda event: None, table.journal)
    hub(snapshot_of(table))
    table.apply(next(stream))
    hub(snapshot_of(table))
    text = hub.current().texts["public"]
    table.journal.close()
    return len(text.encode()), json.loads(text)


def game_bytes(payload: dict[str, Any]) -> int:
    """The bytes of the game's own view and picture in a payload."""
    return sum(len(json.dumps(payload[key], ensure_ascii=False)) for key in ("view", "picture"))


def test_an_update_carries_the_new_lines_only_so_its_size_does_not_grow(tmp_path: Path) -> None:
    early, first = public_bytes(tmp_path / "a.sqlite", 10)
    late, payload = public_bytes(tmp_path / "b.sqlite", 2000)
    assert payload["log_length"] > 1000
    assert payload["log_from"] + len(payload["log"]) == payload["log_length"]
    assert 0 < len(payload["log"]) < 10  # the press's own lines
    # All but the game's own view: the same size (a few digits more) at 2,000 actions.
    assert late - game_bytes(payload) < (early - game_bytes(first)) * 1.1, (early, late)
    # The whole update too: the duel's damage line per period (``growing``) stays on the box.
    assert "damage_log" not in payload["view"]
    assert late < early * 1.25, (early, late)


def test_the_first_update_carries_the_last_lines_and_an_undo_only_where_it_cut(
    tmp_path: Path,
) -> None:
    table, _ = long_duel(tmp_path / "j.sqlite", 300)
    hub = Hub(lambda event: None, table.journal)
    hub(snapshot_of(table))
    first = json.loads(hub.current().texts["public"])
    length = first["log_length"]
    assert first["log_from"] == length - LOG_TAIL and len(first["log"]) == LOG_TAIL
    assert first["log"] == list(oracle(table, "en")[-LOG_TAIL:])
    table.execute(Undo())
    table.execute(Undo())
    hub(snapshot_of(table))
    undone = json.loads(hub.current().texts["public"])
    assert undone["log_length"] < length
    # A new key; the lines the old one kept up to the cut still hold, and nothing is sent.
    assert undone["log_key"] != first["log_key"]
    assert undone["log_kept"][first["log_key"]] == undone["log_length"] == undone["log_from"]
    assert undone["log"] == []
    table.apply(dict(table.prompt().choices[0]))
    hub(snapshot_of(table))
    branch = json.loads(hub.current().texts["public"])
    assert branch["log_from"] == undone["log_length"]
    assert branch["log"] == list(oracle(table, "en")[undone["log_length"] :])
    hub(snapshot_of(table, "ru"))
    russian = json.loads(hub.current().texts["public"])
    assert russian["log_key"] != branch["log_key"]
    assert first["log_key"] not in russian["log_kept"]  # another language: read again
    assert russian["log"] == list(oracle(table, "ru")[-LOG_TAIL:])
    table.journal.close()


def get(url: str) -> tuple[int, dict[str, str], Any]:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status, dict(answer.headers), json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        return refused.code, dict(refused.headers), json.loads(refused.read())


def test_api_log_answers_the_lines_from_n_a_page_at_a_time(tmp_path: Path) -> None:
    table, _ = long_duel(tmp_path / "j.sqlite", 1500)
    hub = Hub(lambda event: None, table.journal)
    hub(snapshot_of(table))
    whole = oracle(table, "en")
    assert len(whole) > 2 * LOG_PAGE
    server = serve_in_thread(hub)
    try:
        got: list[str] = []
        at: int | None = 0
        answers = 0
        while at is not None:
            status, headers, page = get(f"{server.url}/api/log?from={at}")
            assert status == 200
            assert headers["Content-Security-Policy"] == HEADERS["Content-Security-Policy"]
            assert page["from"] == at and len(page["lines"]) <= LOG_PAGE
            assert page["length"] == len(whole)
            got += page["lines"]
            at = page["next"]
            answers += 1
        assert tuple(got) == whole
        assert answers == -(-len(whole) // LOG_PAGE)
        status, _, tail = get(f"{server.url}/api/log?from={len(whole) - 3}")
        assert tail["lines"] == list(whole[-3:]) and tail["next"] is None
        status, _, past = get(f"{server.url}/api/log?from={len(whole) + 50}")
        assert status == 200 and past["lines"] == [] and past["next"] is None
        for bad in ("-1", "x", "1e3", "9" * 12, "1&from=2", "1&seat=2"):
            status, headers, refused = get(f"{server.url}/api/log?from={bad}")
            assert status == 400, bad
            assert "from" in refused["error"]
            assert headers["X-Frame-Options"] == "DENY"
    finally:
        server.stop()
        table.journal.close()
