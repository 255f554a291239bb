#!/usr/bin/env bash
# A stroke drawn with a button held (issue 58), what it costs per motion
# event, under a real Xvfb: the daemon (an L bound to button 3) while
# STROKES strokes of MOTIONS motion events each are drawn with XTest
# (xdotool, one process, button 3 held), with the trail on (`stroke-trail`,
# the default: a shaped window under Xvfb, one ShapeCombineRectangles per
# motion) and off. CPU from /proc/PID/schedstat (ns on a CPU: the daemon's,
# and the X server's, which draws the trail), divided by the motion events
# drawn; the difference is the trail's update. Also the daemon's wakeups
# while idle with the stroke bound (a grab and no selection: 0).
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
mkdir -p "$work/.config/gesture-bridge"
cp Tests/E2E/strokes/strokes.toml "$work/.config/gesture-bridge/"
oncpu() { awk '{print $1}' "/proc/$1/schedstat"; }

# One xdotool per stroke: press, MOTIONS motions along an L drawn back and
# forth (each a px or two, as a mouse reports at 125 Hz), release.
path=$work/stroke.xdo
{
  printf 'mousemove 400 300 mousedown 3 sleep 0.05'
  for i in $(seq 1 "$motions"); do
    k=$((i % 400))
    if [ $k -lt 200 ]; then printf ' mousemove 400 %d' $((300 + k * 2)); else printf ' mousemove %d 700' $((400 + (k - 200) * 2)); fi
  done
  printf ' mouseup 3 sleep 0.05\n'
} >"$path"

run() {   # run TRAIL: sets $cpu to "daemon-ns xvfb-ns"
  printf 'version = 1\nkeymap = "none"\n[settings]\nstroke-trail = %s\nstroke-name = false\n[[bind]]\nname = "L"\ngesture = '"'"'stroke("L", button: 3)'"'"'\non-ended = "key F3"\n' \
    "$1" >"$work/.config/gesture-bridge/config.toml"
  harness_run "$work/daemon-$1.log" "$BIN" run --display "$display"
  wait_log "$work/daemon-$1.log" "listening on display" 30
  sleep 0.5
  local d0 x0 d1 x1
  d0=$(oncpu "$daemon_pid"); x0=$(oncpu "$xvfb_pid")
  for _ in $(seq "$strokes"); do DISPLAY=$display xdotool $(cat "$path"); done
  sleep 0.3
  d1=$(oncpu "$daemon_pid"); x1=$(oncpu "$xvfb_pid")
  harness_stop || true
  cpu="$((d1 - d0)) $((x1 - x0))"
}

# Idle with a stroke bound: the passive grab selects nothing; no wakeup.
printf 'version = 1\nkeymap = "none"\n[[bind]]\nname = "L"\ngesture = '"'"'stroke("L", button: 3)'"'"'\non-ended = "key F3"\n' \
  >"$work/.config/gesture-bridge/config.toml"
harness_run "$work/idle.log" "$BIN" run --display "$display"
wait_log "$work/idle.log" "listening on display" 30
sleep 1
read -r _ c0 _ _ < <(process_stats "$daemon_pid")
sleep "$idle"
read -r _ c1 _ _ < <(process_stats "$daemon_pid")
harness_stop || true

run true; read -r don xon <<<"$cpu"
run false; read -r doff xoff <<<"$cpu"
n=$((strokes * motions))
us() { awk -v ns="$1" -v n="$n" 'BEGIN { printf "%.2f", ns / n / 1000 }'; }
printf '{"bench": "pointer-trail", "strokes": %d, "motions_per_stroke": %d, "daemon_us_per_motion_trail": %s, "daemon_us_per_motion_no_trail": %s, "xserver_us_per_motion_trail": %s, "xserver_us_per_motion_no_trail": %s, "idle_seconds": %d, "idle_wakeups_bound": %d}\n' \
  "$strokes" "$motions" "$(us "$don")" "$(us "$doff")" "$(us "$xon")" "$(us "$xoff")" "$idle" $((c1 - c0))
