"""``time`` on the simulated bench: the clock moves only when the firmware sleeps."""

from world import world


def monotonic_ns():
    return world.now_ms * 1000000


def monotonic():
    return world.now_ms / 1000


def sleep(seconds):
    world.sleep(seconds)
