#!/usr/bin/env bash
# Install the Sigillum Table Companion on a Raspberry Pi (Raspberry Pi OS, Debian 12+).
#
#   sudo scripts/install-pi.sh             # on the Pi, from a checkout; again any time
#   scripts/install-pi.sh --dry-run        # say what it would do: writes and runs nothing
#   scripts/install-pi.sh --root DIR       # the files into DIR only (an SD card's root):
#                                          # no command runs on this machine
#
# It creates the user "companion", installs the code and a virtualenv in /opt/companion,
# a config in /etc/companion/config.yaml (kept if present), a udev rule naming the Pico
# /dev/companion-pico, enables SPI (the LED ring's default driver), installs the systemd
# unit with drop-ins giving exactly the groups and the network the config needs, and
# starts it. Every step says "ok" (already so) or "done" (changed). docs/install.md explains.
set -euo pipefail

ROOT=""
DRY_RUN=0
SOURCE="$(cd "$(dirname "$0")/.." && pwd)"
while [ $# -gt 0 ]; do
  case "$1" in
    --dry-run) DRY_RUN=1 ;;
    --root) ROOT="${2:?--root needs a folder}"; shift ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) echo "install-pi: unknown option '$1' (--dry-run, --root DIR)" >&2; exit 2 ;;
  esac
  shift
done

if [ -n "$ROOT" ]; then
  if [ ! -d "$ROOT" ]; then
    echo "install-pi: --root $ROOT: no such folder" >&2
    exit 2
  fi
  ROOT="$(cd "$ROOT" && pwd)"
  if [ "$ROOT" = / ]; then
    echo "install-pi: --root /: leave --root out to install on this machine" >&2
    exit 2
  fi
fi
# Commands (useradd, pip, systemctl, udevadm) run only when installing on this machine.
ON_HOST=0
[ -n "$ROOT" ] || [ "$DRY_RUN" = 1 ] || ON_HOST=1
if [ "$ON_HOST" = 1 ] && [ "$(id -u)" != 0 ]; then
  echo "install-pi: run as root (sudo $0), or --dry-run to see what it would do" >&2
  exit 2
fi

PI_APP=/opt/companion
PI_CONFIG=/etc/companion/config.yaml
APP="$ROOT$PI_APP"
ETC="$ROOT/etc/companion"
UNIT_DIR="$ROOT/etc/systemd/system"
DROP_INS="$UNIT_DIR/companion.service.d"
UDEV="$ROOT/etc/udev/rules.d/99-companion-pico.rules"
BOOT_CONFIG="$ROOT/boot/firmware/config.txt"
[ -e "$BOOT_CONFIG" ] || [ ! -e "$ROOT/boot/config.txt" ] || BOOT_CONFIG="$ROOT/boot/config.txt"
# Not the code: the venv, the checkout's caches, and what pip's build leaves in the copy.
EXCLUDES=(.venv .git out __pycache__ .pytest_cache .ruff_cache .mypy_cache .hypothesis
          build dist '*.egg-info')

say() { printf '%-44s %s\n' "$1" "$2"; }
CHANGED="done"  # a file
DEFERRED="done"  # a command's effect
[ "$DRY_RUN" = 0 ] || CHANGED="to do"
[ "$ON_HOST" = 1 ] || DEFERRED="to do"
[ -z "$ROOT" ] || [ "$DRY_RUN" = 1 ] || DEFERRED="left for the Pi"
LEFT_FOR_THE_PI=()
[ "$DRY_RUN" = 0 ] || export PYTHONDONTWRITEBYTECODE=1  # not even Python's caches

# A command with effects outside the files: run on this machine, else only said.
run() {
  if [ "$ON_HOST" = 1 ]; then
    "$@"
  elif [ "$DRY_RUN" = 1 ]; then
    echo "  would run: $*"
  else
    LEFT_FOR_THE_PI+=("$*")
  fi
}

# Write a file only when its content differs; mode and content are then exact.
put() {
  local path="$1" mode="$2" content
  content="$(cat)"
  if [ -f "$path" ] && [ "$(cat "$path")" = "$content" ]; then
    say "$path" ok
    return
  fi
  if [ "$DRY_RUN" = 0 ]; then
    mkdir -p "$(dirname "$path")"
    printf '%s\n' "$content" > "$path.new"
    chmod "$mode" "$path.new"
    mv -f "$path.new" "$path"
  fi
  say "$path" "$CHANGED"
  if [ "$DRY_RUN" = 1 ] && [ "$(dirname "$path")" = "$DROP_INS" ]; then
    printf '%s\n' "$content" | grep -v '^#' | sed 's/^/    /'  # what it would allow
  fi
}

# Remove a file this installer wrote before and the config no longer needs.
drop() {
  local path="$1"
  [ -e "$path" ] || return 0
  [ "$DRY_RUN" = 1 ] || rm -f "$path"
  say "$path" "$([ "$DRY_RUN" = 1 ] && echo "to remove" || echo removed)"
}

# The code as in the checkout: rsync, or (without it) everything but the venv replaced.
copy_code() {
  if command -v rsync >/dev/null 2>&1; then
    rsync -a --delete "${EXCLUDES[@]/#/--exclude=}" "$SOURCE/" "$APP/"
  else
    mkdir -p "$APP"
    find "$APP" -mindepth 1 -maxdepth 1 ! -name .venv -exec rm -rf {} +
    tar -C "$SOURCE" "${EXCLUDES[@]/#/--exclude=}" -cf - . | tar -C "$APP" -xf -
  fi
}

# 1. The user, in no group yet (the unit's drop-in grants the hardware groups).
if { [ -n "$ROOT" ] && grep -q '^companion:' "$ROOT/etc/passwd" 2>/dev/null; } ||
   { [ -z "$ROOT" ] && id companion >/dev/null 2>&1; }; then
  say "user companion" ok
else
  run useradd --system --home-dir /var/lib/companion --shell /usr/sbin/nologin companion
  say "user companion" "$DEFERRED"
fi

# 2. The code and its virtualenv (the code installed in it again when the code changed).
CODE_CHANGED=0
if [ "$(realpath -m "$SOURCE")" != "$(realpath -m "$APP")" ]; then
  if [ -d "$APP" ] && diff -rq "${EXCLUDES[@]/#/-x}" "$SOURCE" "$APP" >/dev/null 2>&1; then
    say "$APP" ok
  else
    [ "$DRY_RUN" = 1 ] || copy_code
    CODE_CHANGED=1
    say "$APP" "$CHANGED"
  fi
fi
if [ -x "$APP/.venv/bin/companion" ] && [ "$CODE_CHANGED" = 0 ]; then
  say "$APP/.venv" ok
elif [ -x "$APP/.venv/bin/companion" ]; then
  run "$PI_APP/.venv/bin/pip" install --quiet "$PI_APP[pi]"
  say "$APP/.venv" "$DEFERRED"
else
  run python3 -m venv "$PI_APP/.venv"
  run "$PI_APP/.venv/bin/pip" install --quiet "$PI_APP[pi]"
  say "$APP/.venv" "$DEFERRED"
fi

# 3. The config: the shipped defaults as a starting point, never overwritten. On the Pi the
# phones' pages are on, on the table's network (docs/phones.md).
CONFIG_TEXT="$(sed -e '/^web:/,/^[a-z]/ s/^  enabled: false /  enabled: true  /' \
                   -e '/^web:/,/^[a-z]/ s/^  bind: 127.0.0.1 /  bind: 0.0.0.0   /' \
                   "$SOURCE/companion/default_config.yaml")"
if [ -f "$ETC/config.yaml" ]; then
  say "$ETC/config.yaml" "ok (kept)"
else
  put "$ETC/config.yaml" 0644 <<< "$CONFIG_TEXT"
fi

# 4. The Pico's protocol port under a stable name (the rule is made from
# companion/hardware/pico_usb.py; tests/test_installer.py keeps them equal).
put "$UDEV" 0644 < "$SOURCE/udev/99-companion-pico.rules"

# 5. SPI for the LED ring's default driver (GPIO10, no root needed).
if [ -f "$BOOT_CONFIG" ] && grep -qx 'dtparam=spi=on' "$BOOT_CONFIG"; then
  say "SPI ($BOOT_CONFIG)" ok
elif [ "$DRY_RUN" = 1 ]; then
  say "SPI ($BOOT_CONFIG)" "to do"
else
  mkdir -p "$(dirname "$BOOT_CONFIG")"
  echo 'dtparam=spi=on' >> "$BOOT_CONFIG"
  say "SPI ($BOOT_CONFIG)" "done (takes effect after a reboot)"
fi

# 6. The unit, and drop-ins with the groups and the network this config needs, as the
# companion itself reads the config (the installed venv's, else the checkout's).
put "$UNIT_DIR/companion.service" 0644 < "$SOURCE/systemd/companion.service"
COMPANION=""
candidates=("$SOURCE/.venv/bin/companion")
# A dry run before an update must not ask the old code: it may not know the new questions.
if [ "$DRY_RUN" = 0 ] || [ "$CODE_CHANGED" = 0 ]; then
  candidates=("$APP/.venv/bin/companion" "${candidates[@]}")
fi
for candidate in "${candidates[@]}"; do
  if [ -x "$candidate" ]; then COMPANION="$candidate"; break; fi
done
companion_says() {
  if [ -f "$ETC/config.yaml" ]; then
    "$COMPANION" service "$1" --config "$ETC/config.yaml"
  else  # a dry run: the config it would write
    "$COMPANION" service "$1" --config /dev/stdin <<< "$CONFIG_TEXT"
  fi
}
if [ -z "$COMPANION" ]; then
  if [ "$DRY_RUN" = 0 ]; then
    echo "install-pi: no companion to read the config with: make the checkout's" \
         "virtualenv first (bash tools/setup.sh)" >&2
    exit 2
  fi
  say "$DROP_INS/groups.conf" "to do (from the config)"
  say "$DROP_INS/network.conf" "to do (from the config)"
else
  if ! groups="$(companion_says groups)" || ! network="$(companion_says network)"; then
    echo "install-pi: $ETC/config.yaml has the problems above: fix it and run again" >&2
    exit 2
  fi
  put "$DROP_INS/groups.conf" 0644 <<EOF
# Written by scripts/install-pi.sh from $PI_CONFIG; run it again after a change.
[Service]
SupplementaryGroups=
SupplementaryGroups=$groups
EOF
  if [ -n "$network" ]; then
    put "$DROP_INS/network.conf" 0644 <<< "$network"
  else
    drop "$DROP_INS/network.conf"  # the web server and the club feed are off: no network
  fi
fi

# 7. Start (or restart, to pick up a change) and enable at boot. Into a --root the unit is
# enabled as systemctl would (its link in multi-user.target.wants).
run systemctl daemon-reload
run udevadm control --reload-rules
run udevadm trigger --subsystem-match=tty --action=add
if [ -n "$ROOT" ]; then
  wants="$UNIT_DIR/multi-user.target.wants/companion.service"
  if [ "$(readlink "$wants" 2>/dev/null)" = /etc/systemd/system/companion.service ]; then
    say "$wants" ok
  else
    if [ "$DRY_RUN" = 0 ]; then
      mkdir -p "$(dirname "$wants")"
      ln -sfn /etc/systemd/system/companion.service "$wants"
    fi
    say "$wants" "$CHANGED"
  fi
else
  run systemctl enable companion.service
fi
run systemctl restart companion.service
if [ "$ON_HOST" = 1 ]; then
  say "companion.service" "started (journalctl -u companion -f)"
elif [ "$DRY_RUN" = 1 ]; then
  say "companion.service" "$CHANGED: enable and start"
else
  echo "Installed into $ROOT. Left for the Pi (scripts/install-pi.sh there does them):"
  printf '  %s\n' "${LEFT_FOR_THE_PI[@]}"
fi
