"""Sigillum bridge firmware: CircuitPython runs this file at power-up.

Everything happens in sigil_bridge.main.run; this file only gathers the board's modules.
"""

import os
import time

import board
import digitalio
import neopixel
import rotaryio
import settings
import usb_cdc
from sigil_bridge.main import run

run(
    settings,
    os.urandom(4),
    board=board,
    digitalio=digitalio,
    rotaryio=rotaryio,
    neopixel=neopixel,
    usb_cdc=usb_cdc,
    time=time,
)
