"""What a new user meets first at the command line: each command's help names what it
takes (a press script for ``play`` too), and a bad option or a wrong kind of file is one
plain line with a known exit code, never a traceback or a raw Python message."""

from __future__ import annotations

import argparse
import getpass
import subprocess
from pathlib import Path

import pytest

from companion.cli import DELEGATED, build_parser, main
from tests.conftest import EXAMPLES

DUEL = EXAMPLES / "duel_siege.yaml"


def _help(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as done:
        main([*argv, "--help"])
    assert done.value.code == 0
    return capsys.readouterr().out


def test_play_help_names_both_kinds_of_script_and_where_they_are_described(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = " ".join(_help(capsys, "play").split())
    for words in ("SCRIPT", "actions", "presses", "docs/buttons.md", "companion presses SCRIPT"):
        assert words in text
    for words in ("--db FILE", "made if missing", "narration and the prompt", "Exit codes"):
        assert words in text


def test_the_command_list_names_each_commands_inputs(capsys: pytest.CaptureFixture[str]) -> None:
    text = " ".join(_help(capsys).split())
    for words in (
        "play SCRIPT:",
        "presses SCRIPT:",
        "check-config FILE:",
        "cards list|check|export|import [FILE]",
        "games [list|resume ID|",
    ):
        assert words in text
    for name in DELEGATED:
        assert f" {name} " in text


def _options(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    found: list[argparse.Action] = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found += _options(sub)
        elif not isinstance(action, argparse._HelpAction):
            found.append(action)
    return found


@pytest.mark.parametrize("command", ["play", "games", "service", "club"])
def test_every_argument_says_what_it_takes(command: str) -> None:
    from companion import club, games_cli, service  # noqa: PLC0415

    parser = {
        "play": _play_parser,
        "games": games_cli._parser,
        "service": service.service_parser,
        "club": club.club_parser,
    }[command]()
    assert all(action.help for action in _options(parser))


def _play_parser() -> argparse.ArgumentParser:
    (commands,) = [a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)]
    play: argparse.ArgumentParser = commands.choices["play"]
    return play


def test_a_folder_as_the_journal_is_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", str(DUEL), "--db", str(tmp_path)]) == 2
    assert capsys.readouterr().err == (
        f"companion: {tmp_path}: a folder, not a journal: name the journal file in it\n"
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--port", "0"], "a port is a number from 1 to 65535, not '0'"),
        (["--port", "http"], "a port is a number from 1 to 65535, not 'http'"),
        (["--once", "-1"], "a number of seconds above 0, not '-1'"),
        (["--once", "nan"], "a number of seconds above 0, not 'nan'"),
        (["--host", ""], "the broker's host name or address, not nothing"),
        (["--prefix", "#"], "without + or #, not '#'"),
    ],
)
def test_the_clubs_bad_options_are_named(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as done:
        main(["club", *argv])
    assert done.value.code == 2
    assert message in capsys.readouterr().err


def _free_port() -> int:
    import socket  # noqa: PLC0415

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_a_broker_not_there_is_said_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    port = _free_port()
    assert main(["club", "--host", "127.0.0.1", "--port", str(port), "--once", "1"]) == 5
    err = capsys.readouterr().err
    assert err == f"companion club: cannot reach the broker 127.0.0.1:{port}: Connection refused\n"


MOSQUITTO = Path("/usr/sbin/mosquitto")
PASSWD = Path("/usr/bin/mosquitto_passwd")


@pytest.mark.skipif(
    not (MOSQUITTO.exists() and PASSWD.exists()), reason="Debian's mosquitto is missing"
)
@pytest.mark.parametrize("login", [[], ["--username", "watch", "--password", "wrong"]])
def test_a_refused_login_ends_the_club_saying_so(
    tmp_path: Path, login: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Without --once too: paho would retry a refused login for ever, printing nothing."""
    from tests.test_mqtt_club import Broker  # noqa: PLC0415

    passwd = tmp_path / "passwd"
    subprocess.run([str(PASSWD), "-c", "-b", str(passwd), "watch", "secret"], check=True)
    broker = Broker(tmp_path)
    broker.conf.write_text(
        f"listener {broker.port} 127.0.0.1\nallow_anonymous false\npassword_file {passwd}\n"
        f"user {getpass.getuser()}\n"
    )
    broker.start()
    try:
        assert main(["club", "--host", "127.0.0.1", "--port", str(broker.port), *login]) == 5
    finally:
        broker.stop()
    who = "as watch" if login else "without a user name"
    assert capsys.readouterr().err == (
        f"companion club: the broker 127.0.0.1:{broker.port} refused the login {who}: "
        "Not authorized (check --username and --password)\n"
    )


def test_ctrl_c_ends_quietly_with_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from companion import cli  # noqa: PLC0415

    def interrupted(*args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "play", interrupted)
    assert main(["play", str(DUEL)]) == 130
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize("count", ["-1", "0", "many"])
def test_a_virtual_pico_of_no_leds_is_a_bad_option_not_a_traceback(
    count: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from companion.hardware import virtual_pico  # noqa: PLC0415

    with pytest.raises(SystemExit) as ended:
        virtual_pico.main(["--leds", count])
    assert ended.value.code == 2
    assert "argument --leds:" in capsys.readouterr().err


def test_cards_names_an_unknown_game_and_a_folder_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from companion.library import cards_main  # noqa: PLC0415

    with pytest.raises(SystemExit) as ended:
        cards_main(["list", "--game", "bogus", "--journal", str(tmp_path / "j.sqlite")])
    assert ended.value.code == 2
    assert "argument --game: invalid choice: 'bogus'" in capsys.readouterr().err
    folder = tmp_path / "cards"
    folder.mkdir()
    assert cards_main(["import", str(folder), "--journal", str(tmp_path / "j.sqlite")]) == 2
    assert capsys.readouterr().err == f"companion: {folder}: cannot read: Is a directory\n"
