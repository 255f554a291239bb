#!/usr/bin/env bash
# Instructions per input event inside the engine (GestureEngine.process and
# advance), counted by callgrind: deterministic for a given binary, workload
# and trace. (Allocations: Benchmarks/allocations.sh; callgrind's call counts
# include arcs recorded outside --toggle-collect.)
#   Benchmarks/callgrind.sh [EVENTS] [gesture-bench workload options]
#   e.g. Benchmarks/callgrind.sh 10000 --bindings 100
#   --monitor: with the monitor stream made after every call, as for a
#   `watch` client (the MonitorFeed functions counted too; without it they
#   are never called).
# Prints one JSON line: {"bench": "callgrind", "workload", "events", "instructions",
# "instructions_per_event"} (Benchmarks/report.py reads it).
set -euo pipefail
cd "$(dirname "$0")/.."
events=${1:-10000}; shift || true
[ -n "${NO_BUILD:-}" ] || scripts/build-static.sh gesture-bench 2>/dev/null
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
# Valgrind 3.19 cannot read the DWARF 5 debug info of this build; the symbol
# table is all --toggle-collect needs.
bin=$out/gesture-bench
objcopy --strip-debug .build-static/release/gesture-bench "$bin"
# Only count inside the engine: its process() entry points (not trace generation).
valgrind --tool=callgrind --callgrind-out-file="$out/cg.out" \
  --toggle-collect='$s11GestureCore0A6EngineV7process_2at4intoyAA5InputO_SdSayAA6EffectOGztF' \
  --toggle-collect='$s11GestureCore0A6EngineV7advance2to4intoySd_SayAA6EffectOGztF' \
  --toggle-collect='*13gesture_bench7watched*' \
  "$bin" --events "$events" "$@" >"$out/stdout" 2>"$out/stderr"
total=$(grep -E '^summary:' "$out/cg.out" | awk '{print $2}')
workload=${*:-everyday}
awk -v t="$total" -v e="$events" -v w="$workload" 'BEGIN {
  printf "{\"bench\": \"callgrind\", \"workload\": \"%s\", \"events\": %d, \"instructions\": %d, \"instructions_per_event\": %d}\n", w, e, t, t / e }'
