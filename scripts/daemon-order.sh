#!/usr/bin/env bash
# Writes scripts/daemon.order: the functions of the daemon's image that run,
# for the linker to place side by side (lld --symbol-ordering-file, in
# Package.swift's gesture-bridge-daemon target). Start-up touches about
# 520 kB of code spread over the whole 5.6 MB of .text; the kernel maps
# 64 KiB around each page fault (fault-around), so scattered, they kept
# 4.6 MB of the binary resident; side by side, 2.7 MB
# (docs/performance.md, "The daemon at its floor").
#
# The functions are the ones callgrind sees run in the static build's daemon
# under Xvfb: start-up to ready with no desktop named and under GNOME (the
# keymap detected), and a daemon playing GESTURES everyday gestures
# (the benchmark's trace builder, as Benchmarks/daemon.sh plays them) until
# SIGTERM. Names are mangled, sorted (so a module's functions stay together
# and the file diffs well). After them, in a group of their own, the
# functions that only a config file and pointer strokes run (issue 58): a
# daemon with an L bound to button 3 (its config and strokes.toml read)
# while STROKES strokes are drawn with it (xdotool, the trail and the name
# shown, as Benchmarks/daemon.sh draws them). Side by side after the rest:
# a daemon with no config never maps them, one with strokes maps them
# together, not the 64 KiB around each (the kernel's fault-around). A
# stale file is harmless: symbols it names that no longer exist are
# skipped, new functions go after the listed ones.
#   scripts/daemon-order.sh [GESTURES] [STROKES]    (default 1000, 5; needs valgrind, Xvfb, xdotool)
set -euo pipefail
cd "$(dirname "$0")/.."
gestures=${1:-1000}
strokes=${2:-5}
# The link reads the file: an empty list to start from.
[ -f scripts/daemon.order ] || echo "# (empty: scripts/daemon-order.sh)" > scripts/daemon.order
scripts/build-static.sh gesture-bridge-daemon
[ -x .build-static/release/gesture-bench ] || scripts/build-static.sh gesture-bench 2>/dev/null
work=$(mktemp -d); chmod 700 "$work"
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT
source scripts/daemon-harness.sh
harness_start "$work"
# Valgrind 3.19 cannot read this build's DWARF 5: debug info stripped.
bin=$work/gesture-bridge-daemon
objcopy --strip-debug .build-static/release/gesture-bridge-daemon "$bin"
cg=(valgrind --tool=callgrind --demangle=no)

env -i HOME="$work" XDG_RUNTIME_DIR="$work" PATH=/usr/bin:/bin "${cg[@]}" --callgrind-out-file="$work/cg.bare" \
  "$bin" --display "$display" --exit-when-ready >/dev/null 2>"$work/bare.log"
env -i HOME="$work" XDG_RUNTIME_DIR="$work" PATH=/usr/bin:/bin XDG_CURRENT_DESKTOP=GNOME "${cg[@]}" \
  --callgrind-out-file="$work/cg.gnome" "$bin" --display "$display" --exit-when-ready >/dev/null 2>"$work/gnome.log"
.build-static/release/gesture-bench --write-trace "$work/gestures.jsonl" --gestures "$gestures" >/dev/null
harness_run "$work/play.log" "${cg[@]}" --callgrind-out-file="$work/cg.play" \
  "$bin" --display "$display" --play "$work/gestures.jsonl" --play-speed 20
wait_log "$work/play.log" "played [0-9]* events" $((gestures + 600))
harness_stop || true

# Pointer strokes drawn (the config made now: the runs above have none). The
# daemon, slowed by callgrind, is done when its CPU time stops growing.
stroke_config "$work/.config/gesture-bridge"
stroke_script "$work/stroke.xdo" 1000
harness_run "$work/strokes.log" "${cg[@]}" --callgrind-out-file="$work/cg.strokes" "$bin" --display "$display"
wait_log "$work/strokes.log" "listening on display" 600
draw_strokes "$work/stroke.xdo" "$strokes"
ticks() { awk '{print $14 + $15}' "/proc/$daemon_pid/stat"; }
last=-1
until [ "$(ticks)" = "$last" ]; do last=$(ticks); sleep 2; done
harness_stop || true

scripts/functions-run.py "$bin" "$work"/cg.bare "$work"/cg.gnome "$work"/cg.play > "$work/everyday"
scripts/functions-run.py "$bin" "$work"/cg.strokes > "$work/strokes"
{ echo "# The daemon's functions that run (scripts/daemon-order.sh writes this file):"
  echo "# the linker places them first in .text, side by side."
  cat "$work/everyday"
  echo "# Run only with a config file read and pointer strokes drawn: after the rest, side by side."
  LC_ALL=C comm -13 "$work/everyday" "$work/strokes"; } > "$work/order"
mv "$work/order" scripts/daemon.order
echo "scripts/daemon.order: $(grep -vc '^#' scripts/daemon.order) functions" >&2
# SwiftPM does not know the link reads the file: the daemon linked again with it.
rm -f .build-static/release/gesture-bridge-daemon
scripts/build-static.sh gesture-bridge-daemon
