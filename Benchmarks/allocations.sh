#!/usr/bin/env bash
# Heap allocations made by the engine: calls to malloc with a GestureEngine
# method on the stack, counted by gdb (Benchmarks/count-allocations.py).
#   Benchmarks/allocations.sh [EVENTS] [gesture-bench workload options]
# Prints one JSON line: {"bench": "allocations", "workload", "events", "mallocs", "mallocs_per_event"}.
set -euo pipefail
cd "$(dirname "$0")/.."
events=${1:-10000}; shift || true
[ -n "${NO_BUILD:-}" ] || scripts/build-static.sh gesture-bench 2>/dev/null
n=$(gdb -q -batch -ex "set pagination off" -ex "source Benchmarks/count-allocations.py" \
      --args .build-static/release/gesture-bench --events "$events" "$@" 2>/dev/null | sed -n 's/^engine mallocs: //p')
[ -n "$n" ] || { echo "gdb did not count" >&2; exit 1; }
workload=${*:-everyday}
awk -v m="$n" -v e="$events" -v w="$workload" 'BEGIN {
  printf "{\"bench\": \"allocations\", \"workload\": \"%s\", \"events\": %d, \"mallocs\": %d, \"mallocs_per_event\": %.4f}\n", w, e, m, m / e }'
