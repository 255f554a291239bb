#!/usr/bin/env bash
# LeakSanitizer on a real daemon run: an AddressSanitizer build of
# gesture-bridge runs against its own Xvfb, plays GESTURES everyday gestures
# (keys, held keys, steps, exec), reloads its config three times (a good
# file, a broken one, SIGHUP) and stops on SIGTERM. LeakSanitizer checks the
# heap at exit; any leak fails the script (Fuzz/lsan.supp suppresses nothing).
# Usage: scripts/lsan-daemon.sh [GESTURES]   (default 300)
set -euo pipefail
cd "$(dirname "$0")/.."
gestures=${1:-300}
scratch=.build-address   # the ASan build the sanitizer suite (scripts/reliability.sh) makes
swift build --sanitize=address --scratch-path "$scratch" --product gesture-bridge >/dev/null
swift build --sanitize=address --scratch-path "$scratch" --product gesture-bench >/dev/null
swift build --sanitize=address --scratch-path "$scratch" --product gesture-bridge-daemon >/dev/null
bin=$scratch/debug/gesture-bridge
work=$(mktemp -d); chmod 700 "$work"
trap 'kill $(jobs -p) 2>/dev/null; [ -n "${KEEP:-}" ] && cp "$work/daemon.log" /tmp/lsan-daemon.log; rm -rf "$work"' EXIT

source scripts/daemon-harness.sh
harness_start "$work"

# The everyday config, plus a held key, so every kind of action runs.
mkdir -m 700 "$work/cfg"
{ sed 's/exec notify-send [^"]*/exec true/; s/exec rofi [^"]*/exec true/' Tests/Replay/everyday.toml; cat <<'EOF'

[[bind]]
name = "held"
gesture = "drag(fingers: 4)"
on-began = "keydown super"
on-ended = "keyup super"
EOF
} > "$work/cfg/config.toml"
ASAN_OPTIONS=detect_leaks=0 $scratch/debug/gesture-bench --write-trace "$work/play.jsonl" --gestures "$gestures" >/dev/null

HARNESS_ENV=(ASAN_OPTIONS="detect_leaks=1:exitcode=23" LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=1")
harness_run "$work/daemon.log" \
  "$bin" run --config "$work/cfg/config.toml" --display "$display" --play "$work/play.jsonl" --play-speed 10
pid=$daemon_pid
wait_log "$work/daemon.log" "listening on display" 60
echo '# edited' >> "$work/cfg/config.toml"                  # a good edit: reloaded
wait_log "$work/daemon.log" "reloaded" 30
cp "$work/cfg/config.toml" "$work/good.toml"
echo 'gesture = "swipe(' >> "$work/cfg/config.toml"          # a broken edit: kept
wait_log "$work/daemon.log" "keeping the running config" 30
cp "$work/good.toml" "$work/cfg/config.toml"
kill -HUP $pid
wait_log "$work/daemon.log" "played [0-9]* events" 600
status=0; harness_stop || status=$?
played=$(grep -o "played [0-9]* events" "$work/daemon.log")
if grep -q "ERROR: LeakSanitizer" "$work/daemon.log" || [ "$status" -ne 0 ]; then
  echo "the daemon leaked or failed (exit $status):"
  # The report's head only (a pipe cut short is no failure of its own).
  sed -n '/ERROR: LeakSanitizer/,$p' "$work/daemon.log" | head -60 || true
  exit 1
fi
suppressed=$(awk '/Suppressions used:/ {on=1; next} on && NF == 3 && $1 ~ /^[0-9]+$/ {n += $1; b += $2} END {printf "%d leaks (%d bytes)", n, b}' "$work/daemon.log")
echo "daemon under LeakSanitizer: $played, 2 reloads and a SIGHUP, exit 0, no leak; suppressed: $suppressed"
