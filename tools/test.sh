#!/usr/bin/env bash
# Run the test suite (the README's test command calls this after setup).
set -euo pipefail
cd "$(dirname "$0")/.."
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
exec .venv/bin/python -m pytest "$@"
