"""The bridge firmware under CircuitPython's own interpreter, not CPython.

CircuitPython 9.2.9's unix port (``../shared/tools/circuitpython/`` beside the repository)
runs the firmware's ``boot.py`` and ``code.py`` unchanged, with fake hardware modules of our
own on the path (``tests/circuitpython_fakes/``): a simulated bench where the disc turns
while the Pi is away, then the Pi opens the port and answers by the rules of the Pi's
bridge, while the USB port takes at most what fits in its 256-byte transmit buffer and
empties a packet a millisecond. The bytes that came out are then read with the Pi's real
codec. In CI (``CI=true``) a missing interpreter fails these tests; elsewhere they skip
only on a machine the interpreter cannot run on.
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.hardware import bridge_codec as codec

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "firmware"))

from sigil_bridge.link import QUEUE_LIMIT

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
FAKES = Path(__file__).resolve().parent / "circuitpython_fakes"
INTERPRETER = ROOT.parent / "shared" / "tools" / "circuitpython" / "circuitpython-9.2.9-unix-x86_64"
GOLDEN = json.loads((FIRMWARE / "golden_frames.json").read_text(encoding="utf-8"))


def circuitpython() -> Path:
    if INTERPRETER.is_file() and os.access(INTERPRETER, os.X_OK):
        return INTERPRETER
    runs_here = platform.system() == "Linux" and platform.machine() == "x86_64"
    if not os.environ.get("CI") and not runs_here:
        pytest.skip(
            f"CircuitPython's unix port is built for x86_64 Linux; this is "
            f"{platform.system()} {platform.machine()}"
        )
    pytest.fail(
        f"{INTERPRETER}: CircuitPython's interpreter is missing (a copy of shared/ belongs "
        f"beside the repository): the firmware cannot be checked on CircuitPython"
    )


def run_on_circuitpython(
    script: str, *args: str, steps: int = 40, stall_ms: int = 0
) -> dict[str, Any]:
    """Run a script of tests/circuitpython_fakes/ with the firmware on the path; its JSON."""
    env = {
        "MICROPYPATH": str(FIRMWARE),
        "SIGIL_STEPS": str(steps),
        "SIGIL_STALL_MS": str(stall_ms),
        "PATH": os.environ["PATH"],
    }
    done = subprocess.run(
        [str(circuitpython()), str(FAKES / script), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, f"the firmware failed under CircuitPython:\n{done.stderr}"
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return result


def test_the_interpreter_is_circuitpython() -> None:
    done = subprocess.run(
        [str(circuitpython()), "-c", "import sys; print(sys.implementation.name)"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip() == "circuitpython"


def test_the_firmware_codec_passes_the_golden_frames_on_circuitpython() -> None:
    result = run_on_circuitpython("golden.py", str(FIRMWARE / "golden_frames.json"))
    assert result["crc"] == GOLDEN["check"]["crc16_ccitt_false"]["value"]
    for case, seen in zip(GOLDEN["valid"], result["valid"], strict=True):
        assert seen == {"decoded": case["fields"], "with_cr": case["fields"], "encoded": True}
    reasons = [["BAD", case["reason"]] for case in GOLDEN["invalid"]]
    assert result["invalid"] == reasons
    assert result["reader"] == [case["line"] for case in GOLDEN["valid"]]
    assert result["step"] == [[1, 1, 1, 1], 1]  # one magnet passing: one step clockwise
    assert result["edges"] == [None, None, None, True, None]  # the bounce made no press


@pytest.mark.parametrize("steps", [40, 200, 300])
def test_steps_turned_while_the_pi_was_away_reach_it_whole_once_and_in_order(
    steps: int,
) -> None:
    """Up to the queue's 256 events all arrive; past it, the oldest are reported lost (a
    GAP line before the events) and the newest 256 arrive."""
    result = run_on_circuitpython("run_firmware.py", steps=steps)
    lost = max(0, steps + 2 - QUEUE_LIMIT)  # the steps and a press while the Pi was away
    assert result["enabled"] == {"console": True, "data": True}  # boot.py's second port

    # Every byte the Pico sent, read by the Pi's own codec: whole lines only.
    stream = bytes.fromhex(result["received"])
    assert stream.endswith(b"\n")
    splitter = codec.LineSplitter()
    messages = [codec.decode(line) for line in splitter.feed(stream)]
    assert splitter.too_long == 0
    assert [m for m in messages if isinstance(m, codec.Rejected)] == []
    assert result["garbage"] == []
    assert isinstance(messages[0], codec.Hello)

    # Every event delivered once, in the order it happened: the steps while unplugged, a
    # press among them, then live steps and a press after the link.
    expected = result["expected"]
    assert len(expected) == steps + 6
    assert result["delivered"] == [[seq, what] for seq, what in enumerate(expected, 1)][lost:]
    assert result["duplicates"] == 0
    assert result["lost"] == lost
    assert [m for m in messages if isinstance(m, codec.Gap)] == (
        [codec.Gap(1, lost)] if lost else []
    )
    events = [m.seq for m in messages if isinstance(m, codec.Event)]
    assert events == list(range(lost + 1, len(expected) + 1))  # nothing sent twice

    # Never more offered to write() than the buffer takes, so nothing was ever cut.
    assert result["most_offered"] <= 256
    assert result["short_writes"] == 0
    # The Pi's frame reached the ring and was confirmed.
    assert result["frames_shown"] == [1]
    assert result["ring"] == [[0x10, 0x20, 0x30]] * 24
    caught_up = result["delivered_at"][steps + 1 - lost] - result["plugged_at"]
    print(f"\nCircuitPython: {steps} steps and a press delivered {caught_up} ms after the plug")


def test_in_ci_a_missing_interpreter_fails_rather_than_skips(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(sys.modules[__name__], "INTERPRETER", tmp_path / "missing")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="interpreter is missing"):
        circuitpython()


def test_a_pi_that_stops_reading_fills_the_buffer_and_still_gets_whole_lines_in_order() -> None:
    # For 2 s the Pi reads nothing while 20 steps are turned: the transmit buffer fills and
    # the steps wait; the Pico sends the unacknowledged ones again after 1 s, so the Pi
    # drops some as duplicates, but each arrives once, in order, in whole lines.
    result = run_on_circuitpython("run_firmware.py", steps=40, stall_ms=2000)
    stream = bytes.fromhex(result["received"])
    splitter = codec.LineSplitter()
    messages = [codec.decode(line) for line in splitter.feed(stream)]
    assert stream.endswith(b"\n")
    assert [m for m in messages if isinstance(m, codec.Rejected)] == []
    assert result["garbage"] == []
    expected = result["expected"]
    assert len(expected) == 40 + 6 + 20
    assert result["delivered"] == [[seq, what] for seq, what in enumerate(expected, 1)]
    assert result["fullest"] > 256 - 20  # the buffer was full (of whole lines)
    assert result["most_offered"] <= 256
    assert result["short_writes"] == 0
