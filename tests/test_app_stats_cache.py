"""``companion run`` fills the journal's statistics cache on a thread of its own at the
start, so that the first MENU Standings reads digests instead of replaying the finished
games on the loop's thread; the loop does not wait for it, and a failure is only logged."""

from __future__ import annotations

import json
import logging
import threading
from pathlib import Path

import pytest

from companion import app as app_module
from companion import loop as loop_module
from companion import stats
from companion.app import build_app
from companion.config import load
from companion.journal import Journal
from companion.loop import App
from companion.stats_cache import META_KEY
from companion.table import NewGame
from tests.conftest import EXAMPLES
from tests.test_stats import play

FINISHED = ("duel_respawn.yaml", "manus_two_players.yaml")  # example games that end with a winner


def _cached_ids(db: Path) -> set[int]:
    """The games the cache holds, read as companion/stats_cache.py reads its meta row."""
    journal = Journal(db)
    try:
        text = journal.meta(META_KEY)
    finally:
        journal.close()
    data = json.loads(text) if text else {}
    return {int(game_id) for game_id in data.get("games", {})}


@pytest.fixture
def journal(tmp_path: Path) -> Path:
    db = tmp_path / "journal.sqlite"
    for name in FINISHED:
        play(db, EXAMPLES / name)
    assert _cached_ids(db) == set()  # `play` leaves the cache to the first reading
    return db


@pytest.fixture
def quiet_start(monkeypatch: pytest.MonkeyPatch) -> None:
    """``companion run --fakes`` without a screen or systemd."""
    from companion.display import screen  # noqa: PLC0415

    monkeypatch.setattr(screen, "attach", lambda app: None)
    monkeypatch.setattr(app_module, "notify", lambda state: None)


@pytest.mark.usefixtures("quiet_start")
def test_the_cache_is_filled_at_start_while_the_loop_runs(
    journal: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    loop_ran = threading.Event()
    filled = threading.Event()
    real_fill = stats.fill_cache

    def fill_after_the_loop_started(path: Path) -> int:
        assert loop_ran.wait(10), "the fill ran before the loop: the loop waited for it"
        count = real_fill(path)
        filled.set()
        return count

    def loop(app: App) -> None:
        loop_ran.set()  # the loop is running while the fill has not even begun
        assert filled.wait(30), "the statistics cache was not filled"

    monkeypatch.setattr(stats, "fill_cache", fill_after_the_loop_started)
    monkeypatch.setattr(app_module, "run_with_network", loop)
    assert app_module.run_main(["--fakes", "--journal", str(journal)]) == 0
    assert len(_cached_ids(journal)) == len(FINISHED)


def test_a_failed_fill_is_logged_never_fatal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(path: Path) -> int:
        raise RuntimeError("no such luck")

    monkeypatch.setattr(stats, "fill_cache", broken)
    with caplog.at_level(logging.ERROR, logger="companion.app"):
        thread = app_module.start_stats_fill(tmp_path / "journal.sqlite")
        assert thread is not None and thread.daemon
        thread.join(10)
    assert "statistics cache was not filled" in caplog.text


def test_a_journal_in_memory_starts_no_thread() -> None:
    assert app_module.start_stats_fill(Path(":memory:")) is None


def test_the_standings_are_read_again_only_once_a_game_changed(
    journal: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """MENU Standings opened twice reads the journal once (every action row is checked on a
    reading); an action played, or a game ended, and it is read again."""
    readings: list[int] = []
    real = stats.standings

    def counted(journal: Journal, limit: int = 5) -> list[tuple[str, int, int]]:
        readings.append(1)
        return real(journal, limit)

    monkeypatch.setattr(loop_module, "standings", counted)
    app: App = build_app(load(None), fakes=True, journal_path=journal)
    try:
        app.execute(NewGame("manus", {"players": ["Anna", "Boris"]}))
        first = app._standings()
        assert first and app._standings() == first  # the example games' winners
        assert len(readings) == 1
        app.apply({"do": "place_site", "temperature": "warm", "humidity": "wet"})
        assert app._standings() == first and len(readings) == 2
    finally:
        app.close()
