#!/usr/bin/env bash
# A stroke drawn with a button held (issue 58), what it costs per motion
# event, under a real Xvfb: the daemon (an L bound to button 3) while
# STROKES strokes of MOTIONS motion events each are drawn with XTest
# (xdotool, one process, button 3 held), with the trail on (`stroke-trail`,
# the default: a shaped window under Xvfb, one ShapeCombineRectangles per
# motion) and off. CPU from /proc/PID/schedstat (ns on a CPU: the daemon's,
# and the X server's, which draws the trail), divided by the motion events
# drawn; the difference is the trail's update (and, once a stroke, the
# name shown at its release: `stroke-name` goes with the trail here). Also
# the daemon's RSS after the strokes with both on, and its wakeups while
# idle with the stroke bound (a grab and no selection: 0).
# Usage: [BIN=path/to/gesture-bridge] Benchmarks/pointer-trail.sh [STROKES] [MOTIONS] [IDLE_SECONDS]
# Prints one JSON line (Benchmarks/report.py reads it). Needs Xvfb, xdotool.
set -euo pipefail
cd "$(dirname "$0")/.."
strokes=${1:-20}
motions=${2:-1000}
idle=${3:-10}
if [ -z "${BIN:-}" ]; then
  scripts/build-static.sh gesture-bridge gesture-bridge-daemon 2>/dev/null
  BIN=.build-static/release/gesture-bridge
fi
work=$(mktemp -d); chmod 700 "$work"
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT
source scripts/daemon-harness.sh
harness_start "$work"
xvfb_pid=$(jobs -p | head -1)
oncpu() { awk '{print $1}' "/proc/$1/schedstat"; }
# The binaries dropped from the page cache before each start, as
# Benchmarks/daemon.sh does.
daemon_bin=$(dirname "$BIN")/gesture-bridge-daemon
binaries=("$BIN"); [ -x "$daemon_bin" ] && binaries+=("$daemon_bin")
config=$work/.config/gesture-bridge
path=$work/stroke.xdo
stroke_script "$path" "$motions"

run() {   # run TRAIL: sets $cpu to "daemon-ns xvfb-ns"
  stroke_config "$config" "stroke-trail = $1" "stroke-name = $1"
  cold "${binaries[@]}"
  harness_run "$work/daemon-$1.log" "$BIN" run --display "$display"
  wait_log "$work/daemon-$1.log" "listening on display" 30
  sleep 0.5
  local d0 x0 d1 x1
  d0=$(oncpu "$daemon_pid"); x0=$(oncpu "$xvfb_pid")
  draw_strokes "$path" "$strokes"
  sleep 0.3
  d1=$(oncpu "$daemon_pid"); x1=$(oncpu "$xvfb_pid")
  read -r _ _ rss _ < <(process_stats "$daemon_pid")
  harness_stop || true
  cpu="$((d1 - d0)) $((x1 - x0))"
}

# Idle with a stroke bound: the passive grab selects nothing; no wakeup.
stroke_config "$config"
harness_run "$work/idle.log" "$BIN" run --display "$display"
wait_log "$work/idle.log" "listening on display" 30
sleep 1
read -r _ c0 _ _ < <(process_stats "$daemon_pid")
sleep "$idle"
read -r _ c1 _ _ < <(process_stats "$daemon_pid")
harness_stop || true

run true; read -r don xon <<<"$cpu"; rss_trail=$rss
run false; read -r doff xoff <<<"$cpu"
n=$((strokes * motions))
us() { awk -v ns="$1" -v n="$n" 'BEGIN { printf "%.2f", ns / n / 1000 }'; }
printf '{"bench": "pointer-trail", "strokes": %d, "motions_per_stroke": %d, "daemon_us_per_motion_trail": %s, "daemon_us_per_motion_no_trail": %s, "xserver_us_per_motion_trail": %s, "xserver_us_per_motion_no_trail": %s, "rss_after_strokes_kb": %d, "idle_seconds": %d, "idle_wakeups_bound": %d}\n' \
  "$strokes" "$motions" "$(us "$don")" "$(us "$doff")" "$(us "$xon")" "$(us "$xoff")" "$rss_trail" "$idle" $((c1 - c0))
