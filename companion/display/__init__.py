"""The screens: pygame drawings of the public view, the prompt and the UI state.

``Renderer(surface).render(scene, now)`` draws the screen a :class:`Scene` needs (menu,
setup and draft, the Bestiary board, the Hand of Manus room, victory), only when the
scene changed or an animation runs. Drawing never changes state. ``sim.sim_main`` is the
simulator window (``companion sim``).
"""
