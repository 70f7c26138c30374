#!/usr/bin/env bash
# Write the screen gallery (every screen, 480x320 and 800x480, English and Russian) and
# the simulator's window to out/gallery/ (or $1) for people to review. Draws in a real X
# window: starts Xvfb when there is no display (apt package xvfb); without Xvfb it says
# so and draws with SDL's dummy driver instead.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-out/gallery}"
mkdir -p "$out"
py=.venv/bin/python
[ -x "$py" ] || py=python3
export PYGAME_HIDE_SUPPORT_PROMPT=1 SDL_AUDIODRIVER=dummy
unset SDL_VIDEODRIVER
xvfb_pid=""
cleanup() { if [ -n "$xvfb_pid" ]; then kill "$xvfb_pid" 2>/dev/null || true; wait "$xvfb_pid" 2>/dev/null || true; fi; }
trap cleanup EXIT
if [ -z "${DISPLAY:-}" ]; then
  if command -v Xvfb >/dev/null; then
    for n in 99 98 97 96 95; do
      if [ ! -e "/tmp/.X11-unix/X$n" ] && [ ! -e "/tmp/.X$n-lock" ]; then
        Xvfb ":$n" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
        xvfb_pid=$!
        export DISPLAY=":$n"
        for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X$n" ] && break; sleep 0.1; done
        break
      fi
    done
  else
    echo "screenshots: no display and no Xvfb (apt install xvfb): using SDL's dummy driver"
    export SDL_VIDEODRIVER=dummy
  fi
fi
status=0
"$py" -m companion.display.gallery "$out" || status=$?
for lang in en ru; do
  for size in 480x320 800x480; do
    "$py" -m companion.display.sim --seconds 0.5 --mute --lang "$lang" --size "$size" \
      --screenshot "$out/simulator_${lang}_${size}.png" || status=$?
    echo "$out/simulator_${lang}_${size}.png"
  done
done
"$py" -m companion.display.sim --seconds 0.5 --mute --game manus --size 800x480 \
  --screenshot "$out/simulator_manus_en_800x480.png" || status=$?
echo "$out/simulator_manus_en_800x480.png"
exit "$status"
