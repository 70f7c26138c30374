#!/usr/bin/env bash
# Install the Sigillum Table Companion on a Raspberry Pi (Raspberry Pi OS, Debian 12+).
#
#   sudo scripts/install-pi.sh            # from a checkout; run again any time: idempotent
#   scripts/install-pi.sh --dry-run --root /tmp/pi   # show what it would do, write there
#
# It creates the user "companion", installs the code and a virtualenv in /opt/companion,
# a config in /etc/companion/config.yaml (kept if present), a udev rule naming the Pico
# /dev/companion-pico, enables SPI (the LED ring's default driver), installs the systemd
# unit with a drop-in giving exactly the groups the configured hardware needs, and starts
# it. Every step says "ok" (already so) or "done" (changed). docs/install.md explains.
set -euo pipefail

ROOT=""
DRY_RUN=0
SOURCE="$(cd "$(dirname "$0")/.." && pwd)"
while [ $# -gt 0 ]; do
  case "$1" in
    --dry-run) DRY_RUN=1 ;;
    --root) ROOT="${2:?--root needs a folder}"; shift ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "install-pi: unknown option '$1' (--dry-run, --root DIR)" >&2; exit 2 ;;
  esac
  shift
done

if [ "$DRY_RUN" = 0 ] && [ -z "$ROOT" ] && [ "$(id -u)" != 0 ]; then
  echo "install-pi: run as root (sudo $0), or --dry-run to see what it would do" >&2
  exit 2
fi

APP="$ROOT/opt/companion"
ETC="$ROOT/etc/companion"
UNIT_DIR="$ROOT/etc/systemd/system"
UDEV="$ROOT/etc/udev/rules.d/99-companion-pico.rules"
BOOT_CONFIG="$ROOT/boot/firmware/config.txt"
[ -e "$BOOT_CONFIG" ] || [ ! -e "$ROOT/boot/config.txt" ] || BOOT_CONFIG="$ROOT/boot/config.txt"

say() { printf '%-44s %s\n' "$1" "$2"; }
CHANGED="done"
[ "$DRY_RUN" = 0 ] || CHANGED="to do"

# A command with side effects outside the files: printed in a dry run, run otherwise.
run() {
  if [ "$DRY_RUN" = 1 ]; then
    echo "  would run: $*"
  else
    "$@"
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
  mkdir -p "$(dirname "$path")"
  printf '%s\n' "$content" > "$path.new"
  chmod "$mode" "$path.new"
  mv -f "$path.new" "$path"
  say "$path" done
}

# 1. The user, in no group yet (the unit's drop-in grants the hardware groups).
if id companion >/dev/null 2>&1; then
  say "user companion" ok
else
  run useradd --system --home-dir /var/lib/companion --shell /usr/sbin/nologin companion
  say "user companion" "$CHANGED"
fi

# 2. The code and its virtualenv.
mkdir -p "$APP"
if [ "$SOURCE" != "$(cd "$APP" && pwd)" ]; then
  run rsync -a --delete --exclude .venv --exclude .git --exclude out "$SOURCE/" "$APP/"
fi
if [ -x "$APP/.venv/bin/companion" ]; then
  say "$APP/.venv" ok
else
  run python3 -m venv "$APP/.venv"
  run "$APP/.venv/bin/pip" install --quiet "$APP[pi]"
  say "$APP/.venv" "$CHANGED"
fi

# 3. The config: the shipped defaults as a starting point, never overwritten.
if [ -f "$ETC/config.yaml" ]; then
  say "$ETC/config.yaml" "ok (kept)"
else
  mkdir -p "$ETC"
  # On the Pi the phones' pages are on, on the table's network (docs/phones.md).
  sed -e '/^web:/,/^[a-z]/ s/^  enabled: false /  enabled: true  /' \
      -e '/^web:/,/^[a-z]/ s/^  bind: 127.0.0.1 /  bind: 0.0.0.0   /' \
    "$SOURCE/companion/default_config.yaml" > "$ETC/config.yaml"
  chmod 0644 "$ETC/config.yaml"
  say "$ETC/config.yaml" done
fi

# 4. The Pico under a stable name, readable by the companion's group only.
put "$UDEV" 0644 <<'EOF'
# Sigillum Table Companion: the Raspberry Pi Pico (CircuitPython) as /dev/companion-pico.
SUBSYSTEM=="tty", ATTRS{idVendor}=="2e8a", ENV{ID_USB_INTERFACE_NUM}=="00", SYMLINK+="companion-pico", GROUP="dialout", MODE="0660"
EOF

# 5. SPI for the LED ring's default driver (GPIO10, no root needed).
if [ -f "$BOOT_CONFIG" ] && grep -qx 'dtparam=spi=on' "$BOOT_CONFIG"; then
  say "SPI ($BOOT_CONFIG)" ok
else
  mkdir -p "$(dirname "$BOOT_CONFIG")"
  echo 'dtparam=spi=on' >> "$BOOT_CONFIG"
  say "SPI ($BOOT_CONFIG)" "done (takes effect after a reboot)"
fi

# 6. The unit, and the groups this config's hardware needs.
put "$UNIT_DIR/companion.service" 0644 < "$SOURCE/systemd/companion.service"
if [ -x "$APP/.venv/bin/companion" ]; then
  groups="$("$APP/.venv/bin/companion" service groups --config "$ETC/config.yaml")"
else
  groups="gpio spi dialout video render"  # a dry run before the venv exists
fi
put "$UNIT_DIR/companion.service.d/groups.conf" 0644 <<EOF
# Written by scripts/install-pi.sh from $ETC/config.yaml; run it again after a change.
[Service]
SupplementaryGroups=
SupplementaryGroups=$groups
EOF

# 7. Start (or restart, to pick up a change) and enable at boot.
run systemctl daemon-reload
run udevadm control --reload-rules
run systemctl enable companion.service
run systemctl restart companion.service
if [ "$DRY_RUN" = 0 ]; then
  say "companion.service" "started (journalctl -u companion -f)"
else
  say "companion.service" "$CHANGED: enable and start"
fi
