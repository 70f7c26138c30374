"""A journal that cannot be written (a full disk, a read-only file) turns the table
read-only with a message on the screen; nothing is acknowledged that was not kept, and
the table writes again as soon as it can. Real SQLite refusals: ``max_page_count`` makes
the file full, ``query_only`` makes it read-only."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion import game_log, safe_mode
from companion.app import STORAGE_FAULT, STORAGE_RETRY, Refresh, build_app
from companion.cli import main
from companion.config import load
from companion.display.scene import Scene
from companion.hardware.fakes import FakeBuzzer, FakeLedRing
from companion.i18n import text
from companion.table import Table
from tests.conftest import EXAMPLES
from tests.read_only import read_only_folder
from tests.test_controls import OPEN, Driver, in_support


def rows(d: Driver) -> int:
    db = d.app.table.journal._db
    return int(db.execute("SELECT COUNT(*) FROM actions WHERE game_id<9999").fetchone()[0])


def fill_up(d: Driver) -> None:
    """No room left: the file may not grow, and the actions' pages are full to the brim
    (with the rows of a stand-in game, which the tests then leave out of the count)."""
    db = d.app.table.journal._db
    db.execute("INSERT INTO games (id, game, setup, created_at) VALUES (9999, 'x', '{}', '')")
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count={pages}")
    seq = 0
    for size in (4000, 400, 40, 4, 0):  # big rows, then smaller ones into the gaps
        for _ in range(10_000):
            seq += 1
            try:
                db.execute(
                    "INSERT INTO actions VALUES (9999, ?, '', NULL, zeroblob(?), NULL)", (seq, size)
                )
            except sqlite3.OperationalError:  # SQLITE_FULL: no room for this size
                break


@pytest.mark.parametrize("fault", ["full", "read_only"])
def test_a_journal_that_cannot_be_written_makes_the_table_read_only_then_recovers(
    tmp_path: Path, fault: str
) -> None:
    d = in_support(tmp_path)
    head, kept = d.app.table.head, rows(d)
    db = d.app.table.journal._db
    if fault == "full":
        fill_up(d)
    else:
        db.execute("PRAGMA query_only=ON")
    d.tap("seat1.cyan")  # a support ability: it would be journaled
    snap = d.app.snapshot
    assert snap.hardware.storage == fault
    said = text(f"hardware.storage.{fault}", "en", head=head)
    assert said in snap.notices()  # on the screen, and stays there
    assert d.app.table.head == head and rows(d) == kept  # nothing acknowledged, nothing kept
    buzzer = d.app.adapters.buzzer
    assert isinstance(buzzer, FakeBuzzer) and buzzer.cues[-1] == "no"
    ring = d.app.adapters.ring
    assert isinstance(ring, FakeLedRing)
    assert ring.last[::4] == (STORAGE_FAULT,) * 6  # the ring says it too: a red dot a sector
    if fault == "read_only":  # an undo writes the head: refused too, nothing changed
        d.tap("undo")  # (a full file still takes it: the head is rewritten in place)
        assert d.app.table.head == head and d.app.snapshot.hardware.storage == fault
    # Space is freed (or the card is writable again): the next retry finds it.
    if fault == "full":
        db.execute("PRAGMA max_page_count=1073741823")
    else:
        db.execute("PRAGMA query_only=OFF")
    wait = d.app.next_wake(d.t)
    assert wait is not None and wait <= STORAGE_RETRY
    d.t += STORAGE_RETRY
    d.app.tick(d.t)
    assert d.app.snapshot.hardware.storage == ""
    assert STORAGE_FAULT not in ring.last
    assert d.app.ui.notice is not None and d.app.ui.notice.key == "hardware.storage_back"
    d.tap("seat1.cyan")
    notice = d.app.ui.notice
    assert d.app.table.head == head + 1, notice and notice.say("en")
    assert rows(d) == kept + 1


def test_the_table_never_acknowledges_a_write_that_failed_at_commit(tmp_path: Path) -> None:
    d = in_support(tmp_path)
    before = d.app.table.state
    fill_up(d)
    d.tap("seat1.cyan")
    assert d.app.table.state is before
    d.app.table.journal.close()
    again = Table.open(tmp_path / "j.sqlite")
    assert again is not None and again.state == before


@pytest.mark.parametrize("fault", ["full", "read_only"])
def test_the_storage_notice_is_listed_once(tmp_path: Path, fault: str) -> None:
    """The refused press says what the storage note says: the screen, the log and the
    notes list it once (it was listed twice)."""
    d = in_support(tmp_path)
    head = d.app.table.head
    db = d.app.table.journal._db
    if fault == "full":
        fill_up(d)
    else:
        db.execute("PRAGMA query_only=ON")
    d.tap("seat1.cyan")
    snap = d.app.snapshot
    said = text(f"hardware.storage.{fault}", "en", head=head)
    assert snap.ui.notice is not None and snap.ui.notice.say("en") == said  # the press's
    assert snap.notices().count(said) == 1
    assert Scene.of(snap).notes.count(said) == 1
    assert game_log.lines(snap).count(game_log.WARNING + said) == 1


def test_a_journal_in_a_read_only_folder_is_shown_read_only(tmp_path: Path) -> None:
    """A valid journal on a read-only card or folder: the table shows its game and says it
    is read-only (it was called "not a companion journal" and the table exited)."""
    d = in_support(tmp_path)
    head, view = d.app.table.head, d.app.snapshot.view
    d.app.close()
    OPEN.remove(d.app)
    journal = tmp_path / "j.sqlite"
    before = journal.read_bytes()
    with read_only_folder(tmp_path):
        again = Driver()
        again.app = build_app(load(None), fakes=True, journal_path=journal, clock=again.clock)
        OPEN.append(again.app)
        again.app.start()
        snap = again.app.snapshot
        assert again.app.table.journal.read_only
        assert snap.view == view and again.app.table.head == head  # the game, as it was
        said = text("hardware.storage.read_only", "en", head=head)
        assert snap.hardware.storage == "read_only" and snap.notices().count(said) == 1
        ring = again.app.adapters.ring
        assert isinstance(ring, FakeLedRing) and ring.last[::4] == (STORAGE_FAULT,) * 6
        again.tap("seat1.cyan")  # it would be journaled: refused, nothing changes
        assert again.app.table.head == head and again.app.snapshot.hardware.storage
        buzzer = again.app.adapters.buzzer
        assert isinstance(buzzer, FakeBuzzer) and buzzer.cues[-1] == "no"
        again.t += STORAGE_RETRY  # the retries find it read-only still, and say nothing new
        again.app.tick(again.t)
        assert again.app.snapshot.notices().count(said) == 1
        # The phones' tokens cannot be kept in its meta: made for this run all the same.
        again.app.web_address = "http://127.0.0.1:8080"
        again.app.handle(Refresh(), again.t)  # as start_web does once the server runs
        web = again.app.snapshot.web
        assert web is not None and web.table and len(web.seats) == 2
        again.app.close()
        OPEN.remove(again.app)
    assert journal.read_bytes() == before


def test_a_read_only_card_made_writable_again_takes_the_next_press(tmp_path: Path) -> None:
    """The card's lock switch moved back (here: the read-only mount taken away while the
    table runs): the next retry opens the journal for writing, says so, and the next press
    is kept."""
    d = in_support(tmp_path)
    head = d.app.table.head
    d.app.close()
    OPEN.remove(d.app)
    journal = tmp_path / "j.sqlite"
    again = Driver()
    with read_only_folder(tmp_path):
        again.app = build_app(load(None), fakes=True, journal_path=journal, clock=again.clock)
        OPEN.append(again.app)
        again.app.start()
        again.t += STORAGE_RETRY
        again.app.tick(again.t)  # still read-only: nothing changes
        assert again.app.snapshot.hardware.storage == "read_only"
    again.t += STORAGE_RETRY
    again.app.tick(again.t)
    assert again.app.snapshot.hardware.storage == ""
    notice = again.app.ui.notice
    assert notice is not None and notice.key == "hardware.storage_back"
    again.tap("seat1.cyan")
    assert again.app.table.head == head + 1
    again.app.close()
    OPEN.remove(again.app)
    table = Table.open(journal)  # kept, with its checksum
    assert table is not None and table.head == head + 1
    table.journal.close()


def test_a_read_only_card_with_only_finished_games_shows_the_last_one(tmp_path: Path) -> None:
    """Nothing to resume and no new game can be written there: the last game is shown
    read-only (the table used to fail to write a new game and go to safe mode)."""
    journal = tmp_path / "j.sqlite"
    for _ in range(2):
        assert main(["play", str(EXAMPLES / "duel_siege.yaml"), "--db", str(journal)]) == 0
    before = journal.read_bytes()
    with read_only_folder(tmp_path):
        d = Driver()
        d.app = build_app(load(None), fakes=True, journal_path=journal, clock=d.clock)
        OPEN.append(d.app)
        d.app.start()
        snap = d.app.snapshot
        assert d.app.table.record.id == 2 and d.app.table.finished
        assert snap.view["winner"]["name"] == "Anna"
        said = text("hardware.storage.read_only", "en", head=d.app.table.head)
        assert snap.notices().count(said) == 1
        d.app.close()
        OPEN.remove(d.app)
    assert journal.read_bytes() == before


def test_safe_mode_on_a_read_only_card_stays_when_the_journal_cannot_be_moved(
    tmp_path: Path,
) -> None:
    """NEXT (a fresh journal) cannot move the old one aside on a read-only card: safe mode
    stays on the screen instead of ending in a traceback and a restart loop."""
    path = tmp_path / "journal.db"
    path.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)
    pressed = iter([[], ["next"], []])
    with read_only_folder(tmp_path):
        code = safe_mode.run(
            "journal.db: the journal is damaged", load(None), path,
            presses=lambda: next(pressed, []), screen=safe_mode.SafeScreen((480, 320)),
            seconds=1,
        )  # fmt: skip
    assert code == 1  # still showing the reason when the test's time ran out
    assert path.exists() and not list(tmp_path.glob("journal.db.kept-*"))
