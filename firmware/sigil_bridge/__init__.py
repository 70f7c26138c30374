"""The Sigillum bridge firmware's pure parts: protocol, quadrature, debounce, host link."""

FIRMWARE_VERSION = "2.0.1"  # speaks protocol 2 (PROTOCOL.md; compatibility in README.md)
