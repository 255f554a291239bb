#!/usr/bin/env bash
# Every performance figure, one command: each benchmark writes a JSON line,
# Benchmarks/report.py reads them all, prints the table, checks the targets
# and guards, and writes the table to docs/performance.md (with date and machine).
#   Benchmarks/run.sh            the full suite (~15 min on 2 cores)
#   Benchmarks/run.sh --smoke    every step at toy sizes, nothing written: CI
#                                runs it to show the suite runs, and fails it
#                                above the engine's instruction guard (not timed)
#                                or a drawn stroke's lift above 1 ms of CPU
#                                (the full run also fails on the VM's touchscreen
#                                lift → key above 10 ms, p50 of 20 swipes)
# Needs valgrind, gdb, hyperfine, strace, Xvfb, xdotool, python3, and for the side-by-side what
# Tests/E2E/run.sh needs (.ci/run installs them all).
set -euo pipefail
cd "$(dirname "$0")/.."
smoke=0; [ "${1:-}" = "--smoke" ] && smoke=1
if [ $smoke -eq 1 ]; then
  events=400; curve_events=200; rounds=1; latency_rounds=20; idle=1; gestures=10; runs=3
  binding_counts=(1 10); finger_counts=(1 2)
else
  events=10000; curve_events=4000; rounds=20; latency_rounds=1000; idle=60; gestures=1000; runs=30
  binding_counts=(1 10 100 1000); finger_counts=(1 2 3 4 5 6 7 8 9 10)
fi
work=$(mktemp -d); chmod 700 "$work"; trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT
results=$work/results.jsonl
say() { echo "== $*" >&2; }

# Measured: the static release build, the one installed (scripts/install.sh
# makes it, and CI's later steps reuse it). The full run also measures the
# daemon with the Swift runtime shared (dynamic), a second release build of
# everything: the smoke run, CI's, leaves that one out.
labels=(static)
if [ $smoke -eq 1 ]; then
  say "building (release, static stdlib)"
else
  say "building (release, dynamic and static stdlib)"
  swift build -c release --product gesture-bridge >/dev/null && swift build -c release --product gesture-bridge-daemon >/dev/null
  labels=(dynamic static)
fi
scripts/build-static.sh gesture-bridge gesture-bridge-daemon gesture-bench rss-floor 2>/dev/null
dynamic=.build/release/gesture-bridge
static=.build-static/release/gesture-bridge
bench=.build-static/release/gesture-bench
export NO_BUILD=1

# The everyday trace is measured at full size even in the smoke run: the guard
# is on its figure (10,000 events take seconds under callgrind).
say "engine: instructions per event (callgrind), allocations (gdb)"
Benchmarks/callgrind.sh 10000 >>"$results"
Benchmarks/callgrind.sh "$events" --steady >>"$results"
# With a `watch` client: the monitor stream made after every engine call.
Benchmarks/callgrind.sh "$events" --monitor >>"$results"
Benchmarks/allocations.sh "$events" >>"$results"
# Steady state: the allocations the second half of a run adds, per event
# (the first frames of the pinch set up its attempt once).
Benchmarks/allocations.sh "$events" --steady >>"$results"
Benchmarks/allocations.sh $((events * 2)) --steady >>"$results"

say "engine: wall time"
$bench --events "$events" --rounds "$rounds" --json >>"$results"

# At full size in the smoke run too: the guard is on its worst lift (200 take a second).
say "a drawn stroke's lift (10 shapes x 3 templates, 200 lifts)"
$bench stroke-match --rounds 200 --json >>"$results"

say "cost curves (callgrind, $curve_events events each)"
for n in "${binding_counts[@]}"; do Benchmarks/callgrind.sh "$curve_events" --bindings "$n" >>"$results"; done
for n in "${finger_counts[@]}"; do Benchmarks/callgrind.sh "$curve_events" --fingers "$n" >>"$results"; done

say "a stroke drawn with a button held: CPU per motion event, trail on and off (Xvfb, XTest)"
if [ $smoke -eq 1 ]; then BIN=$static Benchmarks/pointer-trail.sh 2 400 2 >>"$results"
else BIN=$static Benchmarks/pointer-trail.sh 20 1000 "$idle" >>"$results"; fi

say "latency under Xvfb ($latency_rounds rounds)"
$bench latency --rounds "$latency_rounds" --json >>"$results"

say "daemon: idle, memory, size (dynamic and static stdlib)"
[ $smoke -eq 1 ] || LABEL=dynamic BIN=$dynamic Benchmarks/daemon.sh "$idle" "$gestures" >>"$results"
LABEL=static BIN=$static FLOOR=.build-static/release/rss-floor Benchmarks/daemon.sh "$idle" "$gestures" >>"$results"

say "start-up: instructions (callgrind), the loader's failed openat's, stripped sizes"
BIN=$static Benchmarks/startup.sh >>"$results"

say "start-up to ready (hyperfine, $runs runs)"
source scripts/daemon-harness.sh
harness_start "$work"
for label in "${labels[@]}"; do
  bin=${!label}
  env -i HOME="$work" XDG_RUNTIME_DIR="$work" PATH=/usr/bin:/bin \
    hyperfine --runs "$runs" --warmup 2 --style none --export-json "$work/hf.json" \
    "$bin run --exit-when-ready --display $display" >/dev/null 2>&1
  python3 -c 'import json, sys; print(json.dumps({"bench": "startup", "label": sys.argv[2],
    "mean_ms": round(json.load(open(sys.argv[1]))["results"][0]["mean"] * 1000, 1)}))' "$work/hf.json" "$label" >>"$results"
done

# Side by side with a peer, in the E2E VM (Tests/E2E/README.md): the same
# recorded touchscreen swipes to gesture-bridge and lisgd at once. Needs what
# Tests/E2E/run.sh needs (qemu, mmdebstrap, root); the smoke run plays one
# swipe a series and skips the instruction counts (one swipe's lift is one
# sample of an emulated machine's scheduling: the lift's guard is the full
# run's, on the median of 20). Its JSON lines come prefixed "JSON ".
say "side by side with lisgd in the E2E VM"
if [ $smoke -eq 1 ]; then vm_env=(E2E_GESTURES=1 E2E_CALLGRIND=0); else vm_env=(E2E_GESTURES=20 E2E_CALLGRIND=1); fi
env "${vm_env[@]}" NO_BUILD=0 Tests/E2E/run.sh --versus-lisgd >"$work/versus" 2>"$work/versus.err" \
  || { cat "$work/versus" "$work/versus.err" >&2; echo "the side-by-side run failed" >&2; exit 1; }
sed -n 's/^JSON //p' "$work/versus" >>"$results"

if [ $smoke -eq 1 ]; then
  Benchmarks/report.py "$results" --smoke
  echo "smoke run: every step ran; docs/performance.md not written" >&2
  exit 0
fi
machine="$(nproc) cores, $(uname -m), $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo), $(swift --version 2>&1 | head -1 | sed 's/ (.*//'), Xvfb $(dpkg-query -W -f='${Version}' xvfb 2>/dev/null)"
Benchmarks/report.py "$results" --write docs/performance.md --machine "$machine" --date "$(date -u +%Y-%m-%d)"
