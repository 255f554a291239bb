#!/usr/bin/env bash
# Heap allocations made by the engine: calls to malloc with a GestureEngine
# method on the stack, counted by gdb (Benchmarks/count-allocations.py).
#   Benchmarks/allocations.sh [EVENTS] [gesture-bench workload options]
# Prints: mallocs/event N  (M mallocs, E events)
set -euo pipefail
cd "$(dirname "$0")/.."
events=${1:-10000}; shift || true
[ -n "${NO_BUILD:-}" ] || swift build -c release --product gesture-bench >/dev/null
n=$(gdb -q -batch -ex "set pagination off" -ex "source Benchmarks/count-allocations.py" \
      --args .build/release/gesture-bench --events "$events" "$@" 2>/dev/null | sed -n 's/^engine mallocs: //p')
[ -n "$n" ] || { echo "gdb did not count" >&2; exit 1; }
awk -v m="$n" -v e="$events" 'BEGIN { printf "mallocs/event %.4f  (%d mallocs, %d events)\n", m / e, m, e }'
