"""The firmware's codec under CircuitPython's own interpreter, against the golden frames:
prints, as JSON, what it decodes each line to and whether it encodes the fields back.

    MICROPYPATH=firmware circuitpython-9.2.9-unix-x86_64 \
        tests/circuitpython_fakes/golden.py firmware/golden_frames.json
"""

import json
import sys

from sigil_bridge import protocol
from sigil_bridge.debounce import Debouncer
from sigil_bridge.quadrature import QuadratureDecoder


def wire(text):
    """The golden file's line as bytes on the wire (each character one Latin-1 byte)."""
    return bytes([ord(char) for char in text])


def plain(value):
    if isinstance(value, (tuple, list)):
        return [plain(item) for item in value]
    return value


def message_of(fields):
    if fields[0] == "LED":
        return ("LED", fields[1], tuple([tuple(pixel) for pixel in fields[2]]))
    return tuple(fields)


with open(sys.argv[1]) as file:
    golden = json.load(file)
check = golden["check"]["crc16_ccitt_false"]
valid = []
stream = b""
for case in golden["valid"]:
    line = wire(case["line"])
    stream += line + b"\n"
    valid.append(
        {
            "decoded": plain(protocol.decode(line)),
            "with_cr": plain(protocol.decode(line + b"\r")),
            "encoded": protocol.encode(message_of(case["fields"])) == line + b"\n",
        }
    )
reader = protocol.LineReader()
lines = []
for start in range(0, len(stream), 7):  # the stream in 7-byte pieces, as USB may cut it
    lines += reader.feed(stream[start : start + 7])
decoder = QuadratureDecoder()
quarters = [decoder.feed(a, b) for a, b in ((1, 0), (1, 1), (0, 1), (0, 0))]
debouncer = Debouncer(20)
edges = [debouncer.update(raw, now) for raw, now in ((1, 0), (0, 5), (1, 10), (1, 40), (0, 90))]
print(
    json.dumps(
        {
            "crc": f"{protocol.crc16(check['input'].encode()):04X}",
            "valid": valid,
            "invalid": [plain(protocol.decode(wire(case["line"]))) for case in golden["invalid"]],
            "reader": [line.decode() for line in lines],
            "step": [quarters, decoder.position],
            "edges": edges,
        }
    )
)
