#!/usr/bin/env bash
# Every reliability check, one command (docs/reliability.md says what each proves):
#   1. libFuzzer on the seven parsers (config through toml++, expressions,
#      actions, traces, fusuma's YAML through libyaml, touchegg's XML through
#      pugixml, easystroke's Boost text archives), SECONDS each (seeded: -seed=1)
#   2. replay of a 10^6-event trace: peak memory must stay under 64 MB
#   3. the test suite under AddressSanitizer (memory errors, daemons included)
#   4. the test suite under ThreadSanitizer (races; a race in a spawned daemon
#      stops it, and its test fails); --short leaves GestureBridgeTests out
#   5. LeakSanitizer on 1,000 loads of each config and import (100 in --short;
#      scripts/lsan-reloads.sh)
#   6. LeakSanitizer on a real daemon run (scripts/lsan-daemon.sh)
# Usage: scripts/reliability.sh [--short] [SECONDS]
#   --short: what CI runs: 30 s per fuzz target (unless SECONDS), 1,000
#            invariant runs in the sanitizer suites (10,000 in plain swift test),
#            300 gestures and 100 loads of each config under LeakSanitizer.
#            Without it: 60 s per target, 10,000 invariant runs, 1,000
#            gestures, 1,000 loads.
set -euo pipefail
cd "$(dirname "$0")/.."
short=0
if [ "${1:-}" = "--short" ]; then short=1; shift; fi
# A byte leaked by any one load fails the reloads, so CI's 100 find what
# 1,000 find: 13 s here, 1,000 took 72 of the 719 s (2026-12-07).
if [ $short -eq 1 ]; then seconds=${1:-30}; runs=1000; gestures=300; reloads=100
else seconds=${1:-60}; runs=10000; gestures=1000; reloads=1000; fi
started=$SECONDS
step() { echo; echo "== $* ($((SECONDS - started)) s so far)"; }

step "fuzzing, $seconds s per target"
Fuzz/run.sh "$seconds"

step "replay of a 10^6-event trace"
# The static release build (the one installed, and the benchmarks'): built once.
scripts/build-static.sh gesture-bridge gesture-bench 2>/dev/null
work=$(mktemp -d); chmod 700 "$work"; trap 'rm -rf "$work"' EXIT
.build-static/release/gesture-bench --write-trace "$work/big.jsonl" --gestures 25000
cp Tests/Replay/everyday.toml "$work/config.toml"
/usr/bin/time -f "%M %e" -o "$work/rss" env HOME="$work" .build-static/release/gesture-bridge replay --json \
  --config "$work/config.toml" "$work/big.jsonl" > "$work/out.jsonl"
read -r rss elapsed < <(tail -1 "$work/rss")
echo "replayed $(wc -l < "$work/big.jsonl") lines: $(wc -l < "$work/out.jsonl") actions, peak RSS $rss kB, $elapsed s"
[ "$rss" -lt 65536 ] || { echo "peak RSS over 64 MB"; exit 1; }

# The spawned daemons and CLI runs inherit these (Tests/XTestSupport/ChildProcess.swift).
# Leak detection off here: the suites start and stop X clients and daemons by
# the hundred; the leak checks are their own steps below (config loads, a
# long daemon run).
suite() {  # sanitizer [swift test's options]
  local sanitizer=$1 log="$work/$1.log"; shift
  if ! GESTURE_BRIDGE_SANITIZER=$sanitizer INVARIANT_RUNS=$runs swift test --sanitize="$sanitizer" --scratch-path ".build-$sanitizer" "$@" > "$log" 2>&1; then
    grep -E "✘|error:|Sanitizer" "$log" | head -40; tail -5 "$log"; exit 1
  fi
  if grep -q "WARNING: ThreadSanitizer\|ERROR: AddressSanitizer" "$log"; then
    grep -A30 "WARNING: ThreadSanitizer\|ERROR: AddressSanitizer" "$log" | head -60 || true; exit 1
  fi
  grep -E "^(✔|━) Test run with" "$log" || { echo "no closing line in $log"; tail -5 "$log"; exit 1; }
}
step "tests under AddressSanitizer"
ASAN_OPTIONS=detect_leaks=0 suite address
# --short (CI): ThreadSanitizer without GestureBridgeTests. Those drive the
# daemon and the command, programs of one thread (one poll loop, signals
# through a signalfd, no handler), spawned by the hundred: TSan has no
# second thread there to see, and they run under ASan above. The state
# shared between threads (the X connections' registry, the keymap cache,
# the settings model's saves, all behind `Locked`) is driven by the other
# targets, which TSan still runs, tests side by side. 349 s of the suite's
# wall time to 176 (2026-12-07).
tsan_skip=(); [ $short -eq 1 ] && tsan_skip=(--skip GestureBridgeTests)
step "tests under ThreadSanitizer${tsan_skip[*]:+ (${tsan_skip[*]})}"
TSAN_OPTIONS="halt_on_error=1:exitcode=66" suite thread "${tsan_skip[@]}"

step "LeakSanitizer on $reloads loads of every kind of config and import"
scripts/lsan-reloads.sh "$reloads"

step "LeakSanitizer on a daemon run, $gestures gestures"
scripts/lsan-daemon.sh "$gestures"

echo; echo "all reliability checks passed in $((SECONDS - started)) s"
