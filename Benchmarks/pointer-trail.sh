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
mkdir -p "$work/.config/gesture-bridge"
cp Tests/E2E/strokes/strokes.toml "$work/.config/gesture-bridge/"
oncpu() { awk '{print $1}' "/proc/$1/schedstat"; }
# The binaries dropped from the page cache before each start, as
# Benchmarks/daemon.sh does (a binary just linked is mapped in large
# folios: its RSS would read a megabyte more).
daemon_bin=$(dirname "$BIN")/gesture-bridge-daemon
cold() {
  /usr/bin/python3 -c 'import os, sys
for p in sys.argv[1:]:
    fd = os.open(p, os.O_RDONLY); os.fsync(fd); os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED); os.close(fd)' "$BIN" $([ -x "$daemon_bin" ] && echo "$daemon_bin")
}

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
  printf 'version = 1\nkeymap = "none"\n[settings]\nstroke-trail = %s\nstroke-name = %s\n[[bind]]\nname = "L"\ngesture = '"'"'stroke("L", button: 3)'"'"'\non-ended = "key F3"\n' \
    "$1" "$1" >"$work/.config/gesture-bridge/config.toml"
  cold
  harness_run "$work/daemon-$1.log" "$BIN" run --display "$display"
  wait_log "$work/daemon-$1.log" "listening on display" 30
  sleep 0.5
  local d0 x0 d1 x1
  d0=$(oncpu "$daemon_pid"); x0=$(oncpu "$xvfb_pid")
  for _ in $(seq "$strokes"); do DISPLAY=$display xdotool $(cat "$path"); done
  sleep 0.3
  d1=$(oncpu "$daemon_pid"); x1=$(oncpu "$xvfb_pid")
  read -r _ _ rss _ < <(process_stats "$daemon_pid")
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

run true; read -r don xon <<<"$cpu"; rss_trail=$rss
run false; read -r doff xoff <<<"$cpu"
n=$((strokes * motions))
us() { awk -v ns="$1" -v n="$n" 'BEGIN { printf "%.2f", ns / n / 1000 }'; }
printf '{"bench": "pointer-trail", "strokes": %d, "motions_per_stroke": %d, "daemon_us_per_motion_trail": %s, "daemon_us_per_motion_no_trail": %s, "xserver_us_per_motion_trail": %s, "xserver_us_per_motion_no_trail": %s, "rss_after_strokes_kb": %d, "idle_seconds": %d, "idle_wakeups_bound": %d}\n' \
  "$strokes" "$motions" "$(us "$don")" "$(us "$doff")" "$(us "$xon")" "$(us "$xoff")" "$rss_trail" "$idle" $((c1 - c0))
