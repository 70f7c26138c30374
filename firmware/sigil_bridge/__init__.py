"""The Sigillum bridge firmware's pure parts: protocol, quadrature, debounce, host link."""

FIRMWARE_VERSION = "1.0.0"
