"""The Pico firmware's pure parts under CPython: codec, line reader, quadrature, debounce."""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

FIRMWARE = Path(__file__).resolve().parent.parent / "firmware"
sys.path.insert(0, str(FIRMWARE))

from sigil_bridge import protocol  # noqa: E402
from sigil_bridge.debounce import Debouncer  # noqa: E402
from sigil_bridge.quadrature import QuadratureDecoder, StepCounter  # noqa: E402

from companion.hardware import bridge_codec as codec  # noqa: E402

GOLDEN = json.loads((FIRMWARE / "golden_frames.json").read_text(encoding="utf-8"))


def plain(value: Any) -> Any:
    """Tuples as lists, the way the golden file writes them."""
    if isinstance(value, tuple | list):
        return [plain(item) for item in value]
    return value


def message_of(fields: list[Any]) -> tuple[Any, ...]:
    if fields[0] == "LED":
        return ("LED", fields[1], tuple(tuple(pixel) for pixel in fields[2]))
    return tuple(fields)


def test_the_checksum_is_crc16_ccitt_false() -> None:
    check = GOLDEN["check"]["crc16_ccitt_false"]
    assert f"{protocol.crc16(check['input'].encode()):04X}" == check["value"]


@given(st.binary(max_size=1100))
def test_the_pico_and_the_pi_compute_the_same_checksum(data: bytes) -> None:
    # The Pi uses the standard library's crc_hqx; the Pico (no crc_hqx in CircuitPython)
    # its own table. Any difference would make every line of one side garbage to the other.
    assert protocol.crc16(data) == codec.crc16(data)


@pytest.mark.parametrize("case", GOLDEN["valid"], ids=lambda case: case["line"][:30])
def test_golden_lines_decode_and_encode_back(case: dict[str, Any]) -> None:
    line = case["line"].encode("latin-1")
    assert plain(protocol.decode(line)) == case["fields"]
    assert plain(protocol.decode(line + b"\r")) == case["fields"]
    assert protocol.encode(message_of(case["fields"])) == line + b"\n"


@pytest.mark.parametrize("case", GOLDEN["invalid"], ids=lambda case: case["reason"])
def test_golden_bad_lines_are_refused_for_their_reason(case: dict[str, Any]) -> None:
    assert protocol.decode(case["line"].encode("latin-1")) == ("BAD", case["reason"])
    assert case["reason"] in protocol.REASONS


@given(st.binary(max_size=1200))
def test_no_line_makes_the_firmware_codec_raise(data: bytes) -> None:
    message = protocol.decode(data)
    assert message[0] in (*protocol.KINDS, "BAD")
    if message[0] != "BAD":
        assert protocol.encode(message) == data.removesuffix(b"\r") + b"\n"


@given(st.lists(st.binary(max_size=300), max_size=12))
def test_the_line_reader_takes_any_chunks(chunks: list[bytes]) -> None:
    reader = protocol.LineReader(limit=64)
    lines = [line for chunk in chunks for line in reader.feed(chunk)]
    assert all(len(line) < 64 for line in lines)
    complete = b"".join(chunks).split(b"\n")[:-1]
    assert lines == [line for line in complete if len(line) + 1 <= 64]


def test_an_over_long_line_is_dropped_whole_and_the_next_line_survives() -> None:
    reader = protocol.LineReader(limit=16)
    assert reader.feed(b"A" * 10) == []
    assert reader.feed(b"B" * 10) == []  # past the limit: skipped to the newline
    assert reader.feed(b"C" * 5 + b"\nHB*F1EC\n") == [b"HB*F1EC"]
    assert reader.too_long == 1
    assert reader.feed(b"x" * 15 + b"\n") == [b"x" * 15]  # exactly the limit, newline included
    assert reader.feed(b"y" * 16 + b"\n") == []
    assert reader.too_long == 2


def test_one_magnet_passing_is_one_step_either_way() -> None:
    decoder = QuadratureDecoder()
    for a, b in ((1, 0), (1, 1), (0, 1), (0, 0)):
        decoder.feed(a, b)
    assert decoder.position == 1
    for a, b in ((0, 1), (1, 1), (1, 0), (0, 0)) * 3:
        decoder.feed(a, b)
    assert decoder.position == -2
    assert decoder.errors == 0


def test_a_magnet_that_stops_halfway_and_goes_back_is_no_step() -> None:
    decoder = QuadratureDecoder()
    for a, b in ((1, 0), (1, 1), (1, 0), (0, 0)):
        decoder.feed(a, b)
    assert decoder.position == 0


def test_a_skipped_state_is_an_error_not_a_step() -> None:
    decoder = QuadratureDecoder()
    assert decoder.feed(1, 1) == 0
    assert decoder.errors == 1
    assert decoder.position == 0


def test_the_step_counter_turns_positions_into_steps() -> None:
    counter = StepCounter(position=5)
    assert counter.update(7) == 2
    assert counter.update(6) == -1
    backwards = StepCounter(position=0, reverse=True)
    assert backwards.update(3) == -3


def test_a_bounce_shorter_than_the_window_makes_no_press() -> None:
    button = Debouncer(stable_ms=20)
    assert button.update(True, 0) is None
    assert button.update(False, 5) is None  # bounced back
    assert button.update(True, 8) is None
    assert button.update(True, 27) is None  # 19 ms stable
    assert button.update(True, 28) is True  # 20 ms stable: pressed
    assert button.update(True, 100) is None
    assert button.update(False, 110) is None
    assert button.update(False, 130) is False


# --- what CircuitPython lacks -------------------------------------------------------------

PICO_MODULES = {"board", "digitalio", "neopixel", "rotaryio", "usb_cdc", "os", "time"}
PICO_MODULES |= {"settings", "sigil_bridge"}


def circuitpython_problems(path: Path) -> list[str]:
    """Constructs the Pico's CircuitPython would choke on (or that pull in CPython-only code)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    problems = []
    for node in ast.walk(tree):
        where = f"{path.name}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Import | ast.ImportFrom):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            problems += [
                f"{where}: imports {name}"
                for name in names
                if name.split(".")[0] not in PICO_MODULES
            ]
        elif isinstance(node, ast.Match | ast.NamedExpr | ast.AsyncFunctionDef | ast.AnnAssign):
            problems.append(f"{where}: {type(node).__name__}")
        elif isinstance(node, ast.FormattedValue) and node.conversion != -1:
            problems.append(f"{where}: f-string conversion")
        elif isinstance(node, ast.FunctionDef) and (
            node.returns or any(arg.annotation for arg in node.args.args + node.args.kwonlyargs)
        ):
            problems.append(f"{where}: annotations")
        elif isinstance(node, ast.Tuple | ast.List) and any(
            isinstance(item, ast.Starred) for item in node.elts
        ):
            problems.append(f"{where}: unpacking in a display")
    return problems


def test_the_firmware_uses_only_what_circuitpython_has() -> None:
    sources = sorted(FIRMWARE.rglob("*.py"))
    assert {path.name for path in sources} >= {"code.py", "boot.py", "protocol.py", "link.py"}
    problems = [problem for path in sources for problem in circuitpython_problems(path)]
    assert problems == []
    # The check itself sees what the Pi's codec may use and the Pico's may not.
    pi_side = circuitpython_problems(FIRMWARE.parent / "companion/hardware/bridge_codec.py")
    assert any("Match" in problem for problem in pi_side)
    assert any("imports dataclasses" in problem for problem in pi_side)
