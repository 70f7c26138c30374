"""A Russian table reads Russian everywhere: default player names, the UNDO button's
name, notices that name the player, creatures and abilities on the board."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from companion import games
from companion.app import build_app
from companion.catalogue import hardware, ui
from companion.config import load
from companion.display import samples
from companion.forms import names_offered
from companion.games.bestiary import labels as words
from companion.i18n import CATALOGUES, text

UNDO_RU = "ОТМЕНИТЬ"  # Undo as every Russian program says it; ОТМЕНА is Cancel


def test_default_player_names_are_in_the_tables_language():
    spec = games.GAMES["manus"]
    offered = names_offered(spec, [], "ru")
    assert any(name.startswith("Игрок ") for name in offered)
    assert not any(name.startswith("Player") for name in offered)
    assert any(name.startswith("Player ") for name in names_offered(spec, [], "en"))


def test_the_undo_button_has_one_russian_name_everywhere():
    russian = {**ui.RU, **hardware.RU, **CATALOGUES["ru"]}
    assert not [v for v in russian.values() if "ОТМЕНА" in v], "ОТМЕНА reads Cancel"
    assert russian["ui.sim.undo"] == UNDO_RU
    assert UNDO_RU in russian["safe.retry"] and UNDO_RU in russian["ui.sim.keys"]


def test_a_refusal_names_the_player_whose_turn_it_is():
    for language in ("en", "ru"):
        said = text("hardware.not_your_turn", language, player="Анна")
        assert "Анна" in said and "seat" not in said.lower() and "мест" not in said


def test_the_board_shows_creatures_in_russian():
    scene = samples.gallery()["board_midgame"]("ru")
    for seat in scene.view["seats"]:
        for creature in seat["creatures"]:
            shown = words.creature(creature["id"], creature.get("name"), "ru")
            assert re.search("[А-Яа-я]", shown), (creature["id"], shown)


def test_a_russian_table_names_its_default_players_in_russian(tmp_path: Path) -> None:
    config = replace(load(None), language="ru")
    app = build_app(config, fakes=True, journal_path=tmp_path / "j.sqlite")
    try:
        assert [seat["name"] for seat in app.view["seats"]] == ["Игрок 1", "Игрок 2"]
    finally:
        app.close()


def test_a_default_name_after_the_examples_counts_on_from_them() -> None:
    """Manus's fourth seat, after Anna, Boris and Vera, is "Player 4": a "Player 1" there
    read as the first seat's (and was cut to "Playe 1" on the Manus panel)."""
    spec = games.GAMES["manus"]
    assert names_offered(spec, [], "en")[3:] == ("Player 4",)
    assert names_offered(spec, [], "ru")[3:] == ("Игрок 4",)


def test_an_ability_nobody_named_is_said_in_the_tables_language() -> None:
    """A card's ability without a name is "Ability 2" in the journal; a Russian table hears
    "Умение 2", not the English default (issue 24)."""
    from companion.games.bestiary.labels import ability_named  # noqa: PLC0415

    assert ability_named("Ballistarius", "Ability 2", "ru") == "Умение 2"
    assert ability_named("Ballistarius", "Ability 2", "en") == "Ability 2"
    assert ability_named("Saxum", "Stone skin", "ru") == "Stone skin"  # as the table named it


def test_a_talisman_reward_is_said_in_russian() -> None:
    """'Warrior берёт: золото.', not the action's key ('gold')."""
    import io  # noqa: PLC0415
    from contextlib import redirect_stdout  # noqa: PLC0415

    from companion.cli import main  # noqa: PLC0415
    from tests.conftest import EXAMPLES  # noqa: PLC0415

    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["play", str(EXAMPLES / "talisman_battle.yaml"), "--lang", "ru"]) == 0
    assert "Warrior берёт: золото." in out.getvalue()
    assert ": gold" not in out.getvalue()


PAST_TENSE = re.compile(r"\b[а-яё]{2,}(?:ал|ял|ил|ел|ыл|ул|ол|ёл)(?:ся)?\b")
A_PERSON = re.compile(r"\{(?:player|name|who|winner|loser|attacker|defender|hero)\}")


def test_no_russian_line_about_a_player_guesses_the_players_gender() -> None:
    """A Russian past tense has a gender ("Anna проиграл" reads wrong for Anna): a line
    naming a player says it in the present or without a verb ("Anna проигрывает",
    "Anna — победа") until a player's form is chosen (issue 24)."""
    russian = {**ui.RU, **hardware.RU, **CATALOGUES["ru"]}
    gendered = {
        key: line
        for key, line in russian.items()
        if A_PERSON.search(line) and PAST_TENSE.search(A_PERSON.sub("", line))
    }
    assert gendered == {}


def test_an_unnamed_tetranomicon_creature_is_said_in_russian() -> None:
    from companion.games.tetranomicon.narration import _creature  # noqa: PLC0415

    unnamed = {"creature": "creature 2", "ability": "none"}
    assert _creature(unnamed, "ru") == "существо 2"  # type: ignore[arg-type]
    assert _creature(unnamed, "en") == "creature 2"  # type: ignore[arg-type]
