#!/usr/bin/env bash
# The daemon's idle cost and memory under a real Xvfb:
#   - CPU ticks and wakeups (context switches) over IDLE seconds of idling (default 60)
#   - RSS after startup, and after GESTURES gestures played through it (--play, 20x speed),
#     and how much of the latter is anonymous memory
#   - binary size
#   - with FLOOR=path/to/rss-floor: that program's RSS too (Benchmarks/rss-floor,
#     the least X11 daemon in Swift), measured the same way
# Usage: [BIN=path/to/gesture-bridge] [FLOOR=…] Benchmarks/daemon.sh [IDLE_SECONDS] [GESTURES]
# (BIN defaults to the release build, built first). Prints key=value lines.
set -euo pipefail
cd "$(dirname "$0")/.."
idle=${1:-60}
gestures=${2:-1000}
if [ -z "${BIN:-}" ]; then
  swift build -c release --product gesture-bridge >/dev/null
  BIN=.build/release/gesture-bridge
fi
[ -x .build/release/gesture-bench ] || swift build -c release --product gesture-bench >/dev/null
work=$(mktemp -d); chmod 700 "$work"
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT
source scripts/xvfb-helpers.sh
start_xvfb "$work"
env_run() { exec env -i HOME="$work" XDG_RUNTIME_DIR="$work" XDG_CURRENT_DESKTOP=GNOME PATH=/usr/bin:/bin "$@"; }

stat_of() {  # utime+stime ticks, voluntary+involuntary context switches, VmRSS kB
  local pid=$1
  local ticks; ticks=$(awk '{print $14 + $15}' "/proc/$pid/stat")
  local ctx; ctx=$(awk '/ctxt_switches/ {s += $2} END {print s}' "/proc/$pid/status")
  local rss; rss=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
  echo "$ticks $ctx $rss"
}

(env_run "$BIN" run --display "$display") 2>"$work/idle.log" &
pid=$!
wait_log "$work/idle.log" "listening on display" 30
sleep 1
read -r t0 c0 rss0 < <(stat_of $pid)
sleep "$idle"
read -r t1 c1 _ < <(stat_of $pid)
kill -TERM $pid; wait $pid || true
echo "idle_seconds=$idle"
echo "idle_ticks=$((t1 - t0))"
echo "idle_wakeups=$((c1 - c0))"
echo "rss_startup_kb=$rss0"

# Everyday gestures (swipes, pinches, taps, presses) from the benchmark's trace builder.
.build/release/gesture-bench --write-trace "$work/gestures.jsonl" --gestures "$gestures" >/dev/null
(env_run "$BIN" run --display "$display" --play "$work/gestures.jsonl" --play-speed 20) 2>"$work/play.log" &
pid=$!
wait_log "$work/play.log" "played [0-9]* events" $((gestures + 60))
read -r _ _ rss2 < <(stat_of $pid)
# Of it, what is the process's own (heap, stacks, written data), the rest being
# mapped files (the binary, the libraries), shared with the page cache.
anon2=$(awk '/RssAnon/ {print $2}' "/proc/$pid/status")
kill -TERM $pid; wait $pid || true
echo "gestures=$gestures"
echo "played_events=$(grep -o "played [0-9]* events" "$work/play.log" | grep -o "[0-9]*")"
echo "rss_after_kb=$rss2"
echo "rss_anon_after_kb=$anon2"
echo "binary_kb=$(du -k "$BIN" | cut -f1)"

if [ -n "${FLOOR:-}" ]; then
  (env_run env DISPLAY="$display" "$FLOOR") 2>"$work/floor.log" &
  pid=$!
  wait_log "$work/floor.log" "listening on display" 30
  sleep 1
  read -r _ _ floor_rss < <(stat_of $pid)
  kill -TERM $pid; wait $pid || true
  echo "floor_rss_kb=$floor_rss"
fi
