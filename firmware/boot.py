"""Runs before USB starts: give the protocol its own serial port (the second CDC)."""

import usb_cdc

usb_cdc.enable(console=True, data=True)
