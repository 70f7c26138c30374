"""A name stands in Russian where the nominative reads naturally (issue 24).

Creature, player, team and hero names come into a Russian line as they are written: in the
nominative («Иллесбра», «Фидея», «Anna»); nothing declines them. A line that puts one
where Russian wants another case reads broken: «Саксум наносит Иллесбра ран» (the dative,
«Иллесбре», was needed), «Поход Anna» (the genitive), «ждём Вера» (the accusative). So
every Russian catalogue entry is read, and each name placeholder in it must stand in one
of the places a nominative is right:

- at the start of the entry or of a line in it, of a sentence («. »), of a clause or of a
  list item («, », «; »): there the name is the subject, or an item said on its own;
- after «:», «—» or «→» (a label and its value, but not a preposition's colon: «следует
  за: Anna» still wants the instrumental; «Победа: Anna», «первый игрок — Anna»,
  «Саксум → Иллесбра»), in parentheses «(...)» or quotes ««...»»;
- after another name and «и» («Anna и Boris: теперь мир»);
- after a verb whose subject the name is (``SUBJECT_AFTER``: «Сейчас ходит Anna»,
  «в каком замке возродится Саксум?», «Где Саксум»): a short list of words, so that a new
  line with a verb taking an object («наносит {target}») fails until it is rephrased or,
  if the name really is the subject there, its verb is added here;
- a castle after the word «замок» («замок Пустошь», «в замке 3»): a castle's name or
  number in apposition stays as it is.

A second check keeps a line about a creature from guessing its gender: «Иллесбра уничтожен»
and «Иллесбра нанёс» read wrong for a feminine creature (the Russian past tense and short
participle agree with it), as «Anna проиграл» did for a player (tests/test_russian.py).

Last, no English word is left in the Russian narration of the example scripts: every Latin
word there is one the script itself wrote (the players' and heroes' names, an ability the
table named), not the box's.
"""

from __future__ import annotations

import io
import re
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from companion import games  # noqa: F401 (merges every game's catalogue into CATALOGUES)
from companion.catalogue import hardware, legend, ui
from companion.cli import main
from companion.i18n import CATALOGUES
from tests.conftest import EXAMPLES

# The placeholders that put a name (a creature's, a player's, a team's, a castle's, an
# object's or an ability's as the table wrote it) into a line.
NAMES = (
    "player|players|who|other|team|waiting|loser|winner|attacker|defender|hero|creature"
    "|target|targets|source|receiver|name|object|ability|castle|game|card"
)
PLACEHOLDER = re.compile(r"\{(" + NAMES + r")(?:[:!][^}]*)?\}")

# What may come just before a name: the line's start, or punctuation that opens a clause,
# a label's value or an aside.
OPENING = re.compile(r"(?:^|[.:,;—→(«\n]|\} и)\s*$")

# Words whose subject the name after them is (a verb before its subject, or «где»).
SUBJECT_AFTER = ("ходит", "начинает", "возродится", "играют", "делят", "только", "где")

# A castle's name or number after the word itself: apposition, left undeclined.
APPOSITION = {"castle": ("замок", "замке")}

# A preposition wants its own case even when a colon stands between («следует за: Anna»).
PREPOSITION = re.compile(
    r"\b(?:без|в|во|для|до|за|из|к|ко|на|над|о|об|от|перед|по|под|при|про|с|со|у|через)"
    r"\s*:\s*$",
    re.IGNORECASE,
)


def russian() -> dict[str, str]:
    return {**ui.RU, **hardware.RU, **legend.RU, **CATALOGUES["ru"]}


def misplaced(line: str) -> list[str]:
    """The name placeholders of ``line`` that stand where the nominative reads wrong."""
    found = []
    for match in PLACEHOLDER.finditer(line):
        before = line[: match.start()]
        last = before.split()[-1].casefold() if before.split() else ""
        if PREPOSITION.search(before):
            found.append(match.group(0))
            continue
        if OPENING.search(before) or last in SUBJECT_AFTER:
            continue
        if last in APPOSITION.get(match.group(1), ()):
            continue
        found.append(match.group(0))
    return found


def test_every_russian_name_stands_where_the_nominative_reads() -> None:
    wrong = {key: line for key, line in russian().items() if misplaced(line)}
    assert wrong == {}


@pytest.mark.parametrize(
    "line",
    [
        "{creature} наносит {target} ран: {wounds}.",  # the dative was needed
        "Поход {player}: победа.",  # the genitive
        "Тайное голосование: ждём {waiting}",  # the accusative
        "{name} следует за: {player}.",  # «за» wants the instrumental; the colon hides it
        "{creature}: {ability} на {target}",  # the accusative
    ],
)
def test_a_name_in_another_case_is_caught(line: str) -> None:
    """The check finds the lines issue 24 met (and ones like them)."""
    assert misplaced(line) != []


@pytest.mark.parametrize(
    "line",
    [
        "{creature} → {target}: {wounds} ран.",
        "Победа: {player}!",
        "Сейчас ходит {player}.",
        "{player} и {other}: теперь {state}.",
        "Дополнительный раунд {round} ({players}): первый игрок — {player}.",
        "{player} выбирает замок {castle}.",
    ],
)
def test_a_name_in_the_nominative_passes(line: str) -> None:
    assert misplaced(line) == []


# A past tense («нанёс», «проиграл») or a short participle («уничтожен», «возрождён»):
# both agree with a creature's gender, which no line knows.
GENDERED = re.compile(
    r"\b[а-яё]{2,}(?:ал|ял|ил|ел|ыл|ул|ол|ёл|ёс|ес)(?:ся)?\b"
    r"|\b[а-яё]{3,}(?:ен|ён|ан|ян)\b"
)
A_CREATURE = re.compile(r"\{(?:creature|target|targets|source|receiver)\}")


def test_no_russian_line_about_a_creature_guesses_its_gender() -> None:
    gendered = {
        key: line
        for key, line in russian().items()
        if A_CREATURE.search(line) and GENDERED.search(PLACEHOLDER.sub("", line))
    }
    assert gendered == {}


def test_the_creature_lines_read_as_a_table_hears_them() -> None:
    """The attack and the destruction, said in Russian with a feminine creature."""
    from companion.i18n import text  # noqa: PLC0415

    said = text(
        "bestiary.narr.attacked",
        "ru",
        creature="Саксум",
        target="Иллесбра",
        wounds=2,
        total=3,
        vitality=4,
    )
    assert said == "Саксум → Иллесбра: 2 раны (3/4)."
    assert text("bestiary.narr.creature_destroyed", "ru", creature="Иллесбра") == (
        "Иллесбра гибнет и возрождается в своём замке."
    )


LATIN = re.compile(r"[A-Za-z][A-Za-z']+")


@pytest.mark.parametrize("script", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.stem)
def test_the_russian_narration_of_an_example_has_no_english_of_the_box(script: Path) -> None:
    """Every Latin word `companion play SCRIPT --lang ru` prints is the script's own (a
    name the table wrote), never a word of the box's catalogue or a key left unsaid."""
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["play", str(script), "--lang", "ru"]) == 0
    written = script.read_text(encoding="utf-8")
    english = sorted({word for word in LATIN.findall(out.getvalue()) if word not in written})
    assert english == []


# Latin words a Russian line may keep: the names of things (the Pico board, the espeak-ng
# program, SDL's dummy driver), a config key the table edits as it is, the keyboard's keys
# as they are printed on them, and the language menu naming English in English.
LATIN_KEPT = {
    "Pico",
    "espeak",
    "ng",
    "web",
    "enabled",
    "SDL",
    "dummy",
    "Enter",
    "Esc",
    "Backspace",
    "English",
    "SQLite",
    "HTML",
}
# What a line quotes for the table to type, as it is typed: an option (--player) and a
# command in backquotes (`companion presses`).
TYPED = re.compile(r"--[a-z][a-z-]*|`[^`]*`")


def test_no_russian_catalogue_line_says_an_english_word() -> None:
    """A key left untranslated, or an English word in a Russian line, fails here (a
    placeholder's value is the table's, and is read by the example test above)."""
    english = {
        key: line
        for key, line in russian().items()
        if set(LATIN.findall(TYPED.sub("", re.sub(r"\{[^}]*\}", "", line)))) - LATIN_KEPT
    }
    assert english == {}
