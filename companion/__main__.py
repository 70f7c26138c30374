"""``python -m companion``: the same as the ``companion`` command."""

from __future__ import annotations

import sys

from companion.cli import main

sys.exit(main())
