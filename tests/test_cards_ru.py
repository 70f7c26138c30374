"""`companion cards` and `companion games` in the table's language: the check's verdict and
every problem of a library file, the list of games and every message, said in Russian with
--lang ru, or when the config the command reads says ``language: ru``; English as it
always was otherwise."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from companion import games_cli
from companion.catalogue.refusals import fields, placed
from companion.cli import main
from companion.games.bestiary.cards import check
from tests.conftest import EXAMPLES

LATIN = re.compile(r"[A-Za-z]{3,}")
BAD = "cards:\n  - {name: Saxum, vitality: 30, class: strenght, abilities: [{name: Hit}, 5]}\n"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def _words(line: str) -> set[str]:
    """The Latin words of a problem's reason (after its file, line and key path), less the
    library's keys and values a table types."""
    said = re.sub(r"^companion: .*?:\d+: [\w\[\].]+: ", "", line)
    kept = {"name", "prep", "effects", "target", "strength", "agility", "intellect", "strenght"}
    return set(LATIN.findall(said)) - kept


PLAIN = {"the", "not", "and", "mapping", "list", "whole", "number", "exactly", "unknown"}
PLAIN |= {"key", "given", "ability", "card", "creature", "same", "effect"}


def test_cards_check_says_each_problem_in_russian(tmp_path: Path) -> None:
    library = tmp_path / "cards-bestiary.yaml"
    library.write_text(BAD, encoding="utf-8")
    journal = str(tmp_path / "journal.sqlite")
    code, out, err = run("cards", "check", "--journal", journal, "--lang", "ru")
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert lines == [
        f"companion: {library}:2: cards[0].class: strength, agility или intellect, а не "
        "'strenght' (может быть, «strength»?)",
        f"companion: {library}:2: cards[0].vitality: целое число от 1 до 20, а не 30",
        f"companion: {library}:2: cards[0].abilities[1]: умение — словарь с name, prep, "
        "effects, target",
    ]
    for line in lines:
        assert not _words(line), line


def test_cards_check_in_english_is_as_it_was(tmp_path: Path) -> None:
    library = tmp_path / "cards-bestiary.yaml"
    library.write_text(BAD, encoding="utf-8")
    journal = str(tmp_path / "journal.sqlite")
    code, _, err = run("cards", "check", "--journal", journal)
    assert code == 2
    assert err.splitlines()[1] == (
        f"companion: {library}:2: cards[0].vitality: a whole number from 1 to 20, not 30"
    )
    assert run("cards", "check", "--journal", journal, "--lang", "en")[2] == err


def test_cards_check_takes_the_configs_language(tmp_path: Path) -> None:
    config = tmp_path / "config.yaml"
    config.write_text(f"language: ru\njournal: {tmp_path / 'journal.sqlite'}\n", encoding="utf-8")
    code, out, _ = run("cards", "check", "--config", str(config))
    assert code == 0
    assert out == "начальная библиотека (файла ещё нет): в порядке, карт: 19\n"
    code, out, _ = run("cards", "check", "--config", str(config), "--lang", "en")
    assert out == "the starting library (no file yet): ok, 19 cards\n"


def test_cards_export_and_import_say_what_they_did_in_russian(tmp_path: Path) -> None:
    journal = str(tmp_path / "journal.sqlite")
    shared = tmp_path / "shared.yaml"
    code, out, _ = run("cards", "export", str(shared), "--journal", journal, "--lang", "ru")
    assert code == 0 and out == f"{shared}: карт: 19\n"
    code, out, _ = run("cards", "import", str(shared), "--journal", journal, "--lang", "ru")
    assert code == 0
    assert out == f"{tmp_path / 'cards-bestiary.yaml'}: из {shared} взято карт: 19\n"
    code, out, _ = run("cards", "export", "--journal", journal, "--lang", "ru")
    assert out.startswith("# The card library")  # the file's own text, as it is


@pytest.mark.parametrize(
    "card",
    [
        7,
        {"name": "", "colour": 1, "abilities": 2},
        {"name": "X", "attack": "lots", "abilities": [{"name": "A", "prep": 9}, {"x": 1}]},
        {"name": "Y", "abilities": [{"name": "A", "effects": "haste"}, {"name": "B"}]},
        {"name": "Z", "abilities": [{"name": "A", "effects": ["hast"], "target": "foe"}, {}]},
    ],
)
def test_every_problem_of_a_card_has_russian_words(card: object) -> None:
    problems = check([{"name": "Saxum", "abilities": [{"name": "A"}, {"name": "B"}]}, card])
    assert problems
    for _, why in problems:
        said = placed(why, "ru")
        assert (said != why and not LATIN.findall(said)) or said != why, why
    assert check("not a list") == [((), "a list of cards")]
    assert placed("a list of cards", "ru") == "список карт"


# --- companion games --------------------------------------------------------------------


def test_games_lists_in_russian_and_says_each_message_in_russian(tmp_path: Path) -> None:
    journal = str(tmp_path / "journal.sqlite")
    code, out, _ = run("games", "--journal", journal, "--lang", "ru")
    assert code == 0
    assert out == f"игр ещё нет ({journal} появится, когда стол начнёт первую игру)\n"
    assert run("play", str(EXAMPLES / "four_path_duel.yaml"), "--db", journal)[0] == 0
    code, out, _ = run("games", "list", "--journal", journal, "--lang", "ru")
    heading, row = out.splitlines()
    assert heading.split() == ["№", "игра", "игроки", "состояние", "ходов", "начата"]
    assert row.split()[:6] == ["1", "four_path", "Anna,", "Boris", "окончена", "44"]
    code, _, err = run("games", "resume", "1", "--journal", journal, "--lang", "ru")
    assert code == 2
    assert err == f"companion: {journal}: игра 1 окончена: продолжить её нельзя\n"
    code, out, _ = run("games", "archive", "--finished", "--journal", journal, "--lang", "ru")
    assert (code, out) == (0, "в архиве: игра 1\n")
    code, out, _ = run("games", "export", "--journal", journal, "--lang", "ru")
    assert code == 0 and out.startswith('{"actions": 44')  # the JSON Lines as they are
    for line in (heading, row, err, "в архиве: игра 1"):
        assert not set(LATIN.findall(line)) & PLAIN, line


def test_games_in_english_is_as_it_was_and_takes_the_configs_language(tmp_path: Path) -> None:
    journal = tmp_path / "journal.sqlite"
    assert run("play", str(EXAMPLES / "four_path_duel.yaml"), "--db", str(journal))[0] == 0
    code, out, _ = run("games", "--journal", str(journal))
    assert out.split()[:6] == ["id", "game", "players", "status", "actions", "created"]
    config = tmp_path / "config.yaml"
    config.write_text(f"language: ru\njournal: {journal}\n", encoding="utf-8")
    code, said, _ = run("games", "--config", str(config))
    assert code == 0 and said.split()[0] == "№"
    assert run("games", "--config", str(config), "--lang", "en")[1] == out


def test_every_games_message_has_its_russian() -> None:
    """Each sentence of the command's table of Russian sentences keeps its fields."""
    for english, russian in games_cli.RU.items():
        assert set(fields(english)) == set(fields(russian)), english
    for language in ("en", "ru"):
        assert set(games_cli.LIST_WORDS[language]) == set(games_cli.LIST_WORDS["en"])


# --- companion play --lang ru -----------------------------------------------------------


def test_play_says_a_refused_action_in_the_scripts_language(tmp_path: Path) -> None:
    script = tmp_path / "siege.yaml"
    script.write_text(
        "game: bestiary\nsetup: {players: [Anna, Boris]}\nactions:\n  - {do: siege, towers: []}\n",
        encoding="utf-8",
    )
    code, _, err = run("play", str(script), "--db", str(tmp_path / "ru.sqlite"), "--lang", "ru")
    assert code != 0
    assert err == f"companion: {script}:4: действие 1 (siege): не сейчас: сейчас выбор замка\n"
    code, _, err = run("play", str(script), "--db", str(tmp_path / "en.sqlite"))
    assert err == f"companion: {script}:4: action 1 (siege): not now: the stage is castle choice\n"
