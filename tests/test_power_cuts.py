"""Power cuts (issue 11, Tests): a child playing scripted games is killed with SIGKILL at
200 random points and at every commit boundary of undo, redo, new game, resume and end; after
each kill every acknowledged command is in the journal, the state equals the clean run's
and the game resumes. The driver is ``tests/power_cuts.py``; figures in docs/reliability.md.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.conftest import ROOT
from tests.power_cuts import BOUNDARY_KINDS, script


def drive(folder: Path, *options: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "tests.power_cuts", str(folder), *options],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def test_no_acknowledged_action_is_lost_to_a_power_cut(tmp_path: Path) -> None:
    report = drive(tmp_path)
    assert report["failures"] == []
    boundaries = sum(isinstance(command, BOUNDARY_KINDS) for command in script())
    assert report["boundary_kills"] == 2 * boundaries == 38  # before and after each commit
    assert report["random_kills"] == 200
    assert report["acknowledged"] > 200 and report["passes"] > 1
    assert report["seconds"] < 40


def test_the_check_finds_a_command_split_over_two_commits(tmp_path: Path) -> None:
    """The comparison can fail: with undo and redo committing the head, then the status
    (issue 11 item 1), the cut between the two is found."""
    report = drive(tmp_path, "--random", "5", "--split-undo")
    failures = report["failures"]
    assert any("made 2 commits" in failure for failure in failures)
    assert any("(after its commit): the journal is not the clean run's" in f for f in failures)
