"""The Pi's codec against the golden frames, and against the Pico's codec on any input."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.hardware import bridge_codec as codec
from companion.hardware.ports import ButtonEdge, DiscStep

FIRMWARE = Path(__file__).resolve().parent.parent / "firmware"
sys.path.insert(0, str(FIRMWARE))

from sigil_bridge import protocol as pico_codec  # noqa: E402

GOLDEN = json.loads((FIRMWARE / "golden_frames.json").read_text(encoding="utf-8"))


def plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [plain(item) for item in value]
    return value


def test_the_checksum_is_crc16_ccitt_false() -> None:
    check = GOLDEN["check"]["crc16_ccitt_false"]
    assert f"{codec.crc16(check['input'].encode()):04X}" == check["value"]


@pytest.mark.parametrize("case", GOLDEN["valid"], ids=lambda case: case["line"][:30])
def test_golden_lines_decode_and_encode_back(case: dict[str, Any]) -> None:
    line = case["line"].encode("latin-1")
    message = codec.decode(line)
    assert not isinstance(message, codec.Rejected), message
    assert codec.fields(message) == case["fields"]
    assert codec.encode(message) == line + b"\n"


@pytest.mark.parametrize("case", GOLDEN["invalid"], ids=lambda case: case["reason"])
def test_golden_bad_lines_are_rejected_for_their_reason(case: dict[str, Any]) -> None:
    line = case["line"].encode("latin-1")
    assert codec.decode(line) == codec.Rejected(case["reason"], line)
    assert case["reason"] in codec.REASONS


# Bodies made of the protocol's own words, so that most of them pass the checksum and reach
# the parser: the codecs must agree on every one.
NUMBERS = ["0", "1", "7", "007", "+1", "-1", "2147483647", "2147483648"]
OTHER_WORDS = ["DISC", "BTN", "DOWN", "UP", "1.0.0", "0A1B2C3D", "FF00AA", "ff00aa", "next", ""]
WORDS = st.sampled_from([*sorted(codec.KINDS), *NUMBERS, *OTHER_WORDS, "x" * 30])
BODIES = st.lists(WORDS, min_size=1, max_size=6).map(" ".join)


def both(line: bytes) -> tuple[Any, Any]:
    pi = codec.decode(line)
    pico = pico_codec.decode(line)
    pi_form = ["BAD", pi.reason] if isinstance(pi, codec.Rejected) else codec.fields(pi)
    return pi_form, plain(pico)


@given(BODIES)
def test_both_codecs_agree_on_checksummed_lines(body: str) -> None:
    line = codec.frame(body)[:-1]
    pi_form, pico_form = both(line)
    assert pi_form == pico_form
    if pi_form[0] != "BAD":
        assert codec.encode(codec.decode(line)) == line + b"\n"  # type: ignore[arg-type]


@given(st.binary(max_size=1100))
def test_no_bytes_make_the_codecs_raise_or_disagree(line: bytes) -> None:
    pi_form, pico_form = both(line)
    assert pi_form == pico_form


@given(st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=80))
def test_no_printable_line_makes_the_codecs_raise_or_disagree(text: str) -> None:
    pi_form, pico_form = both(text.encode("ascii"))
    assert pi_form == pico_form


BOOT_IDS = st.from_regex(r"[0-9A-F]{8}", fullmatch=True)
MESSAGES = st.one_of(
    st.builds(codec.Hi, st.integers(0, codec.MAX_SEQ)),
    st.builds(codec.Ack, BOOT_IDS, st.integers(0, codec.MAX_SEQ)),
    st.builds(codec.Resend, BOOT_IDS, st.integers(0, codec.MAX_SEQ)),
    st.builds(
        codec.ShowFrame,
        st.integers(1, codec.MAX_SEQ),
        st.lists(st.tuples(*[st.integers(0, 255)] * 3), min_size=1, max_size=codec.MAX_LEDS).map(
            tuple
        ),
    ),
    st.just(codec.Heartbeat()),
    st.builds(
        codec.Hello,
        st.integers(0, 99),
        st.from_regex(r"[0-9.]{1,24}", fullmatch=True),
        st.integers(0, codec.MAX_LEDS),
        BOOT_IDS,
        st.none() | st.integers(0, codec.MAX_SEQ),
    ),
    st.builds(
        codec.Event,
        st.integers(1, codec.MAX_SEQ),
        st.builds(DiscStep, st.sampled_from([1, -1]), st.just(0.0)),
    ),
    st.builds(
        codec.Event,
        st.integers(1, codec.MAX_SEQ),
        st.builds(
            ButtonEdge,
            st.from_regex(r"[a-z0-9._]{1,24}", fullmatch=True),
            st.booleans(),
            st.just(0.0),
        ),
    ),
    st.tuples(st.integers(1, 1000), st.integers(0, 1000)).map(
        lambda pair: codec.Gap(pair[0], pair[0] + pair[1])
    ),
    st.builds(codec.Shown, st.integers(1, codec.MAX_SEQ)),
    st.builds(codec.Refused, st.from_regex(r"[a-z_]{1,24}", fullmatch=True)),
)


@given(MESSAGES)
def test_every_message_survives_the_wire(message: codec.Message) -> None:
    line = codec.encode(message)
    assert len(line) <= codec.MAX_LINE
    assert codec.decode(line[:-1]) == message
    assert plain(pico_codec.decode(line[:-1])) == codec.fields(message)


@given(st.lists(st.binary(max_size=300), max_size=12))
def test_the_line_splitter_takes_any_chunks(chunks: list[bytes]) -> None:
    splitter = codec.LineSplitter(limit=64)
    lines = [line for chunk in chunks for line in splitter.feed(chunk)]
    *complete, tail = b"".join(chunks).split(b"\n")
    assert lines == [line for line in complete if len(line) + 1 <= 64]
    assert splitter.too_long == len(complete) - len(lines) + (len(tail) >= 64)


def test_colours_are_clamped_and_scaled() -> None:
    assert codec.scaled([(300, -5, 100)], 0.5) == ((128, 0, 50),)
    assert codec.scaled([(10, 20, 30)], 1.0) == ((10, 20, 30),)


def test_every_line_quoted_in_the_firmware_docs_is_valid() -> None:
    kinds = "|".join(sorted(codec.KINDS, key=len, reverse=True))
    pattern = re.compile(rf"\b(?:{kinds})(?: [A-Za-z0-9.+\-_]+)*\*[0-9A-F]{{4}}\b")
    quoted = []
    for name in ("PROTOCOL.md", "README.md"):
        quoted += pattern.findall((FIRMWARE / name).read_text(encoding="utf-8"))
    assert len(quoted) >= 20
    rejected = [line for line in quoted if isinstance(codec.decode(line.encode()), codec.Rejected)]
    assert rejected == []
