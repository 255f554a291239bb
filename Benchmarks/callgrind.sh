#!/usr/bin/env bash
# Instructions per input event inside the engine (GestureEngine.process and
# advance), counted by callgrind: deterministic for a given binary and trace.
#   Benchmarks/callgrind.sh [EVENTS]
set -euo pipefail
cd "$(dirname "$0")/.."
events=${1:-10000}
swift build -c release --product gesture-bench >/dev/null
out=$(mktemp -d)
# Valgrind 3.19 cannot read the DWARF 5 debug info of this build; the symbol
# table is all --toggle-collect needs.
bin=$out/gesture-bench
objcopy --strip-debug .build/release/gesture-bench "$bin"
# Only count inside the engine: its process() entry points (not trace generation).
valgrind --tool=callgrind --callgrind-out-file="$out/cg.out" \
  --toggle-collect='$s11GestureCore0A6EngineV7process_2at4intoyAA5InputO_SdSayAA6EffectOGztF' \
  --toggle-collect='$s11GestureCore0A6EngineV7advance2to4intoySd_SayAA6EffectOGztF' \
  "$bin" --events "$events" >"$out/stdout" 2>"$out/stderr"
total=$(grep -E '^summary:' "$out/cg.out" | awk '{print $2}')
cat "$out/stdout"
echo "engine instructions: $total for $events events = $((total / events)) per event"
rm -rf "$out"
