"""Runs the bridge firmware's boot.py and code.py, unchanged, under CircuitPython's own
interpreter on the simulated bench (world.py), then prints what happened as JSON.

    MICROPYPATH=firmware circuitpython-9.2.9-unix-x86_64 tests/circuitpython_fakes/run_firmware.py
"""

import json

import boot  # noqa: F401  turns on the data port, as at power-up
from world import ScenarioOver, world

try:  # noqa: SIM105  (CircuitPython has no contextlib)
    import code  # noqa: F401  the firmware's code.py: runs until the scenario is over
except ScenarioOver:
    pass
print(json.dumps(world.report()))
