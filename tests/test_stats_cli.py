"""``companion stats`` as a reader runs it (docs/stats.md): every refusal one line naming
what is wrong (an unknown or blank player, an empty file, a file that is not a journal, a
damaged one), in the language asked for; a read-only command that never makes, migrates
or changes a journal but its statistics' cache; the same answer with the cache or without
it, a damaged action included; averages null when nothing was played, said with their
plural forms in Russian; and one rounding, half away from zero."""

from __future__ import annotations

import contextlib
import io
import json
import random
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.journal import Journal
from companion.stats_cache import META_KEY
from companion.stats_cli import plain
from companion.stats_parts import mean, percent
from companion.stats_words import half_up, percent_shown, rounded, shown_number
from tests.conftest import EXAMPLES

DATA = Path(__file__).parent / "data"


def stats_command(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["stats", *argv])
    return code, out.getvalue(), err.getvalue()


def play(db: Path, script: str) -> None:
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["play", "--db", str(db), str(EXAMPLES / script)]) == 0, script


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two finished games (a duel of Anna and Boris, a Manus of two) and an unfinished
    Talisman evening (the tracker names no winner)."""
    db = tmp_path_factory.mktemp("stats_cli") / "journal.sqlite"
    for script in ("duel_siege.yaml", "manus_two_players.yaml", "talisman_battle.yaml"):
        play(db, script)
    return db


def copied(evening: Path, tmp_path: Path) -> Path:
    db = tmp_path / "journal.sqlite"
    with closing(sqlite3.connect(evening)) as source, closing(sqlite3.connect(db)) as target:
        source.backup(target)  # whole, the WAL's last pages included
    with closing(sqlite3.connect(db)) as raw:
        raw.execute("PRAGMA journal_mode=WAL")  # as the table keeps it
    return db


def one_line(err: str) -> str:
    assert err.count("\n") == 1 and err.startswith("companion: "), err
    return err


# --- --player and --game --------------------------------------------------------------------


@pytest.mark.parametrize("name", ["nobody", "", "   "])
def test_an_unknown_or_blank_player_is_one_line_naming_the_known_ones_exit_2(
    evening: Path, name: str
) -> None:
    code, out, err = stats_command("--journal", str(evening), "--player", name)
    assert (code, out) == (2, "")
    line = one_line(err)
    assert f"'{name}'" in line and "Anna" in line and "Boris" in line
    assert ("unknown player" if name.strip() else "--player needs a name") in line
    code, _, err = stats_command("--journal", str(evening), "--player", name, "--lang", "ru")
    assert code == 2 and f"«{name}»" in one_line(err) and "есть: " in err


def test_a_known_player_and_a_game_in_any_case_are_told(evening: Path) -> None:
    code, out, err = stats_command("--journal", str(evening), "--json", "--player", " aNNa ")
    assert (code, err) == (0, "")
    assert [p["name"] for p in json.loads(out)["players"]] == ["Anna"]
    for game in ("MANUS", " Manus ", "manus"):
        code, out, err = stats_command("--journal", str(evening), "--json", "--game", game)
        assert (code, err) == (0, ""), game
        assert list(json.loads(out)["games"]) == ["manus"]
    code, out, err = stats_command("--journal", str(evening), "--game", "chess")
    assert (code, out) == (2, "") and "unknown game 'chess'" in one_line(err)


def test_only_a_few_players_are_named(tmp_path: Path) -> None:
    from companion.stats_cli import _unknown_player  # noqa: PLC0415

    known = [f"P{n}" for n in range(8)]
    said = _unknown_player("zed", known, "en")
    assert said == "unknown player 'zed'; known: P0, P1, P2, P3, P4 and 3 more"
    assert _unknown_player("p7", known, "en") is None
    assert _unknown_player("x", [], "en") == "unknown player 'x'; known: nobody yet"


# --- the cache never hides a damaged row ----------------------------------------------------


GARBLED = {
    "a letter": "replace(action, '\"do\"', '\"Do\"')",
    "not UTF-8": "CAST(CAST(action AS BLOB) || X'ff' AS TEXT)",
    "a number": "42",
}


@pytest.mark.parametrize("garbled", list(GARBLED))
def test_a_damaged_action_is_named_with_the_cache_as_without_it(
    evening: Path, tmp_path: Path, garbled: str
) -> None:
    db = copied(evening, tmp_path)
    code, first, err = stats_command("--journal", str(db), "--json")
    assert (code, err) == (0, "")
    assert Journal(db).meta(META_KEY)  # the cache was written: the next reading uses it
    with closing(sqlite3.connect(db)) as raw, raw:  # action 10 of game 1 garbled
        raw.execute(
            f"UPDATE actions SET action = {GARBLED[garbled]} WHERE game_id = 1 AND seq = 10"
        )
    cached = stats_command("--journal", str(db), "--json")
    with closing(sqlite3.connect(db)) as raw, raw:
        raw.execute("DELETE FROM meta WHERE key = ?", (META_KEY,))
    uncached = stats_command("--journal", str(db), "--json")
    assert cached == uncached
    code, out, err = cached
    assert code == 4 and json.loads(out)["finished"] == json.loads(first)["finished"] - 1
    assert one_line(err).startswith(f"companion: {db}: game 1, action 10: ")
    if garbled != "a letter":
        return
    assert err == (
        f"companion: {db}: game 1, action 10: the row is damaged (it does not match its "
        "checksum: a changed bit); the journal was left untouched; left out of the "
        "statistics\n"
    )
    code, _, err = stats_command("--journal", str(db), "--json", "--lang", "ru")
    assert code == 4 and "игра 1, действие 10: строка повреждена" in one_line(err)
    assert "в статистику не вошла" in err


def test_a_row_rewritten_with_its_checksum_changes_the_key(evening: Path, tmp_path: Path) -> None:
    """A row changed and sealed again (a journal another tool rewrote): the game is
    replayed, not told from the cache."""
    from companion.journal import action_check  # noqa: PLC0415
    from companion.stats_cache import game_seals  # noqa: PLC0415

    db = copied(evening, tmp_path)
    before = game_seals(Journal(db))
    with closing(sqlite3.connect(db)) as raw, raw:
        seq, at, seat, text = raw.execute(
            "SELECT seq, at, seat, action FROM actions WHERE game_id = 2 ORDER BY seq LIMIT 1"
        ).fetchone()
        text = text.replace(" ", "")
        raw.execute(
            "UPDATE actions SET action = ?, crc = ? WHERE game_id = 2 AND seq = ?",
            (text, action_check(2, seq, at, seat, text), seq),
        )
    after = game_seals(Journal(db))
    assert after[2] != before[2] and {k: v for k, v in after.items() if k != 2} == {
        k: v for k, v in before.items() if k != 2
    }


# --- nothing played: null --------------------------------------------------------------------


def test_a_game_with_no_finished_plays_has_every_average_null(evening: Path) -> None:
    code, out, _ = stats_command("--journal", str(evening), "--json", "--game", "talisman")
    assert code == 0
    game = json.loads(out)["games"]["talisman"]
    assert (game["played"], game["unfinished"]) == (0, 1)
    assert (game["avg_actions"], game["avg_units"], game["avg_minutes"]) == (None, None, None)


# --- a read-only command ---------------------------------------------------------------------


def test_an_empty_file_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    empty = tmp_path / "empty.db"
    empty.touch()
    code, out, err = stats_command("--journal", str(empty))
    assert (code, out) == (2, "")
    assert one_line(err) == (
        f"companion: {empty}: an empty file, not a journal (the table makes its journal at "
        "its first game); it was left untouched\n"
    )
    assert empty.stat().st_size == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.db"]
    code, _, err = stats_command("--journal", str(empty), "--lang", "ru")
    assert code == 2 and "пустой файл, а не журнал" in one_line(err)


@pytest.mark.parametrize("kind", ["text", "sqlite"])
def test_a_file_that_is_not_a_journal_is_refused_and_left_as_it_was(
    tmp_path: Path, kind: str
) -> None:
    path = tmp_path / "other.db"
    if kind == "text":
        path.write_text("a shopping list\n" * 200)
        why = "not an SQLite file"
    else:
        with closing(sqlite3.connect(path)) as raw:
            raw.execute("CREATE TABLE notes (line TEXT)")
        why = "no meta table"
    before = path.read_bytes()
    code, out, err = stats_command("--journal", str(path))
    assert (code, out) == (2, "")
    assert one_line(err) == (
        f"companion: {path}: not a companion journal ({why}); it was left untouched\n"
    )
    assert path.read_bytes() == before


def test_an_sqlite_file_with_no_tables_is_not_made_a_journal(tmp_path: Path) -> None:
    path = tmp_path / "blank.db"
    with closing(sqlite3.connect(path)) as raw:
        raw.execute("PRAGMA user_version = 7")  # a database file with a header, no tables
    before = path.read_bytes()
    code, _, err = stats_command("--journal", str(path))
    assert code == 2 and "not a companion journal (no tables)" in one_line(err)
    assert path.read_bytes() == before


def test_an_old_journal_is_read_as_it_is_never_migrated(tmp_path: Path) -> None:
    old = tmp_path / "old.db"
    shutil.copy(DATA / "v0_1_duel_cooldowns.db", old)
    before = old.read_bytes()
    code, out, err = stats_command("--journal", str(old), "--json")
    assert (code, err) == (0, "")
    assert json.loads(out)["unfinished"] == 1
    assert old.read_bytes() == before
    with closing(sqlite3.connect(f"file:{old}?mode=ro", uri=True)) as raw:
        version = raw.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
    assert version == ("1",)


def test_the_cache_is_written_into_a_current_journal_only(evening: Path, tmp_path: Path) -> None:
    db = copied(evening, tmp_path)
    with closing(sqlite3.connect(db)) as raw:
        with raw:
            raw.execute("DELETE FROM meta WHERE key = ?", (META_KEY,))
        raw.execute("PRAGMA journal_mode=DELETE")  # opening it for a write would change it
    assert stats_command("--journal", str(db), "--json")[0] == 0
    assert Journal(db).meta(META_KEY) is None
    with closing(sqlite3.connect(db)) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone() == ("wal",)  # Journal(db) above
    assert stats_command("--journal", str(db), "--json")[0] == 0
    assert Journal(db).meta(META_KEY)


# --- a damaged file: one line ---------------------------------------------------------------


def test_a_damaged_journal_is_one_line_naming_the_page(evening: Path, tmp_path: Path) -> None:
    """Bytes flipped inside a page until SQLite's check reports several lines: the command
    says one, with the page."""
    source = copied(evening, tmp_path)
    whole = source.read_bytes()
    damaged = tmp_path / "damaged.sqlite"
    chance = random.Random(1)
    report = ""
    for _ in range(2000):
        data = bytearray(whole)
        data[chance.randrange(4096, len(data))] ^= 0xFF
        damaged.write_bytes(data)
        with closing(sqlite3.connect(damaged)) as raw:
            try:
                report = str(raw.execute("PRAGMA quick_check").fetchone()[0])
            except sqlite3.DatabaseError:
                continue
        if "\n" in report and "page" in report.lower():
            break
    else:
        pytest.skip("no flipped byte made SQLite's check report several lines")
    code, out, err = stats_command("--journal", str(damaged))
    assert (code, out) == (4, "")
    assert one_line(err).startswith(
        f"companion: {damaged}: the file is damaged (SQLite integrity check failed at page "
    )
    assert err.endswith("); it was left untouched\n")
    code, _, err = stats_command("--journal", str(damaged), "--lang", "ru")
    assert code == 4 and "файл повреждён (проверка целостности SQLite не прошла на странице" in (
        one_line(err)
    )


def test_a_journal_damaged_past_its_tables_is_one_line_exit_4(tmp_path: Path) -> None:
    path = tmp_path / "journal.db"
    path.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)
    code, _, err = stats_command("--journal", str(path))
    assert code in (2, 4)
    assert one_line(err).startswith(f"companion: {path}: ")


# --- words and numbers -----------------------------------------------------------------------


def manus(avg_actions: float, avg_units: float, avg_minutes: float) -> Any:
    game = {
        "title": "Длань Мануса", "played": 3, "unfinished": 0, "avg_actions": avg_actions,
        "unit": "раунды", "avg_units": avg_units, "avg_minutes": avg_minutes, "history": [],
        "own": {"charts": [], "tables": []},
    }  # fmt: skip
    return {"players": [], "games": {"manus": game}, "unfinished": 0, "finished": 3}


def test_russian_averages_take_their_plural_forms() -> None:
    said = plain(manus(65.67, 5, 2.33), "ru")
    assert "В среднем: 65,67 действия, 5 раундов, 2,33 минуты" in said
    said = plain(manus(21, 1, 2), "ru")
    assert "В среднем: 21 действие, 1 раунд, 2 минуты" in said
    said = plain(manus(65.67, 5, 1), "en")
    assert "On average: 65.67 actions, 5 rounds, 1 minute" in said


def test_russian_units_of_each_game() -> None:
    from companion.stats_cli import _unit_forms  # noqa: PLC0415

    assert _unit_forms("bestiary", {}, "ru") == "период|периода|периодов"
    assert _unit_forms("four_path", {}, "en") == "period|periods"
    assert _unit_forms("tetranomicon", {}, "ru") == "эпоха|эпохи|эпох"


def test_one_rounding_half_away_from_zero() -> None:
    assert half_up(2.675, 2) == half_up(2.68, 2)  # not the 2.67 of its binary double
    assert rounded(0.125, 2) == 0.13 and rounded(-0.125, 2) == -0.13
    assert rounded(1 / 8, 4) == 0.125
    assert shown_number(0.125, "en") == "0.13" and shown_number(2.5, "ru", places=0) == "3"
    assert shown_number(12.0, "en") == "12" and shown_number(None, "en") == "–"
    assert shown_number(1.25, "ru", places=1) == "1,3"
    assert percent_shown(1, 8) == "13%" and percent_shown(1, 200) == "1%"
    assert percent_shown(0, 0) == "–"
    assert percent(1, 16) == 6.3 and mean(5, 8) == 0.63  # round() says 6.2 and 0.62


def test_the_configs_language_is_the_default_and_its_problems_are_said_in_it(
    evening: Path, tmp_path: Path
) -> None:
    config = tmp_path / "table.yaml"
    config.write_text(f"language: ru\njournal: {evening}\n")
    code, out, _ = stats_command("--config", str(config))
    assert code == 0 and "Статистика стола" in out and "В среднем: " in out
    code, out, err = stats_command("--config", str(config), "--player", "zz")
    assert (code, out) == (2, "") and one_line(err) == (
        "companion: нет игрока «zz»; есть: Anna, Boris, Sorceress, Warrior\n"
    )
    config.write_text(f"language: ru\njournal: {evening}\nbogus: 1\n")
    code, _, err = stats_command("--config", str(config), "--lang", "ru")
    assert code == 2 and one_line(err) == f"companion: {config}:3: bogus: неизвестный ключ\n"
