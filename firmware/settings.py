"""Wiring of this Pico (see README.md). Edit on the CIRCUITPY drive; names are board pins."""

LED_PIN = "GP0"  # WS2812 data, through the 74AHCT125 level shifter
LED_COUNT = 24  # 6 sectors x 4 LEDs; at most 160
BRIGHTNESS = 1.0  # the Pi scales colours itself; keep 1.0 unless the supply is weak
DISC_PINS = ("GP2", "GP3")  # hall sensor A, hall sensor B (consecutive pins for rotaryio)
DISC_REVERSED = False  # True if a clockwise turn counts backwards
DEBOUNCE_MS = 20
# Optional buttons wired to the Pico instead of the Pi: name -> pin (to ground).
# Names as the companion knows them: "next", "undo", "menu", "seat1.red" ... "seat4.yellow".
BUTTONS = {}
