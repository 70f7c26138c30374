"""Every example script in docs/examples plays to its end without an illegal action."""

from __future__ import annotations

import pytest

from companion.cli import main
from tests.conftest import EXAMPLES

SCRIPTS = sorted(EXAMPLES.glob("*.yaml"))


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.name for p in SCRIPTS])
def test_example_plays_to_the_end(path, capsys):
    assert main(["play", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.strip().splitlines()[-1].startswith("> ")


def test_there_are_examples():
    assert len(SCRIPTS) >= 1
