#!/usr/bin/env bash
# The daemon's idle cost and memory under a real Xvfb:
#   - CPU ticks and wakeups (context switches) over IDLE seconds of idling (default 60)
#   - RSS after startup, and after GESTURES gestures played through it (--play, 20x speed),
#     and how much of the latter is anonymous memory; and with pointer strokes in
#     use (issue 58): an L bound to button 3, STROKES strokes drawn with it (XTest,
#     1,000 motion events each: past the drawn path's 512-point limit), the trail
#     and the name tag shown, RSS and its anonymous part after them. Each started
#     from a cold page cache (its binaries dropped from it first). What of the
#     image is resident, and why: Benchmarks/resident-pages.py PID
#   - binary size
#   - with FLOOR=path/to/rss-floor: that program's RSS too (Benchmarks/rss-floor,
#     the least X11 daemon in Swift), measured the same way
# Usage: [BIN=path/to/gesture-bridge] [FLOOR=…] [LABEL=…] Benchmarks/daemon.sh [IDLE_SECONDS] [GESTURES] [STROKES]
# (BIN defaults to the static release build, the one installed, built first). Prints one JSON line
# (Benchmarks/report.py reads it). Needs Xvfb, xdotool.
set -euo pipefail
cd "$(dirname "$0")/.."
idle=${1:-60}
gestures=${2:-1000}
strokes=${3:-20}
if [ -z "${BIN:-}" ]; then
  scripts/build-static.sh gesture-bridge gesture-bridge-daemon 2>/dev/null
  BIN=.build-static/release/gesture-bridge
fi
[ -x .build-static/release/gesture-bench ] || scripts/build-static.sh gesture-bench 2>/dev/null
work=$(mktemp -d); chmod 700 "$work"
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT
source scripts/daemon-harness.sh
harness_start "$work"

# The binaries dropped from the page cache first, as after a boot (cold).
daemon_bin=$(dirname "$BIN")/gesture-bridge-daemon
binaries=("$BIN"); [ -x "$daemon_bin" ] && binaries+=("$daemon_bin")
cold "${binaries[@]}"

# Idle as a fresh install idles: no config file and no config directory
# (HOME is the new work directory), so the daemon waits for it to appear.
harness_run "$work/idle.log" "$BIN" run --display "$display"
wait_log "$work/idle.log" "listening on display" 30
sleep 1
read -r t0 c0 rss0 anon0 < <(process_stats "$daemon_pid")
sleep "$idle"
read -r t1 c1 _ _ < <(process_stats "$daemon_pid")
harness_stop || true

# Everyday gestures (swipes, pinches, taps, presses) from the benchmark's trace builder.
.build-static/release/gesture-bench --write-trace "$work/gestures.jsonl" --gestures "$gestures" >/dev/null
cold "${binaries[@]}"
harness_run "$work/play.log" "$BIN" run --display "$display" --play "$work/gestures.jsonl" --play-speed 20
wait_log "$work/play.log" "played [0-9]* events" $((gestures + 60))
# Of the RSS, what is the process's own (heap, stacks, written data), the rest
# being mapped files (the binary, the libraries), shared with the page cache.
read -r _ _ rss2 anon2 < <(process_stats "$daemon_pid")
harness_stop || true
played=$(grep -o "played [0-9]* events" "$work/play.log" | grep -o "[0-9]*")

# Pointer strokes in use: the config (after the idle run, which has none),
# the strokes drawn as Benchmarks/pointer-trail.sh draws them.
stroke_config "$work/.config/gesture-bridge"
stroke_script "$work/stroke.xdo" 1000
cold "${binaries[@]}"
harness_run "$work/strokes.log" "$BIN" run --display "$display"
wait_log "$work/strokes.log" "listening on display" 30
sleep 0.5
draw_strokes "$work/stroke.xdo" "$strokes"
sleep 0.3
read -r _ _ rss3 anon3 < <(process_stats "$daemon_pid")
harness_stop || true

floor=null
if [ -n "${FLOOR:-}" ]; then
  HARNESS_ENV=(DISPLAY="$display")
  cold "$FLOOR"
  harness_run "$work/floor.log" "$FLOOR"
  wait_log "$work/floor.log" "listening on display" 30
  sleep 1
  read -r _ _ floor _ < <(process_stats "$daemon_pid")
  harness_stop || true
fi
printf '{"bench": "daemon", "label": "%s", "idle_seconds": %d, "idle_ticks": %d, "idle_wakeups": %d, "rss_startup_kb": %d, "rss_anon_startup_kb": %d, "gestures": %d, "played_events": %d, "rss_after_kb": %d, "rss_anon_after_kb": %d, "strokes": %d, "rss_strokes_kb": %d, "rss_anon_strokes_kb": %d, "binary_kb": %d, "floor_rss_kb": %s}\n' \
  "${LABEL:-$BIN}" "$idle" $((t1 - t0)) $((c1 - c0)) "$rss0" "$anon0" "$gestures" "$played" "$rss2" "$anon2" "$strokes" "$rss3" "$anon3" "$(du -k "$BIN" | cut -f1)" "$floor"
