"""String catalogues, one module per game or screen, each with ``EN`` and ``RU`` dicts.

``companion.i18n`` merges them; keys are prefixed by their area (``narr.``, ``manus.``,
``ui.`` ...) so that modules never clash.
"""
